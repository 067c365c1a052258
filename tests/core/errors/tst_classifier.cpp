#include "core/errors/classifier.h"
#include "tests/support/shareddata.h"
#include "tests/support/tsvfile.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

struct CorpusRow
{
    QString id;
    QString engineName;
    QString via;
    QString label;
    QString codeField;
    QString message;
};

const QList<CorpusRow> &corpus()
{
    static const QList<CorpusRow> rows = [] {
        QList<CorpusRow> list;
        // The engine errors of ../shared/errors (not copied here): without them the corpus
        // tests are skipped, and fail on CI.
        const QString dir =
                sqlmend::test::sharedDataDir("SQLMEND_ERRORS_DIR", u"errors"_s, u"corpus.tsv"_s);
        if (dir.isEmpty())
            return list;
        for (const QStringList &fields : sqlmend::test::readTsv(dir + u"/corpus.tsv"_s)) {
            if (fields.size() < 6)
                continue;
            list.append({fields.at(0), fields.at(1), fields.at(2), fields.at(3), fields.at(4),
                         sqlmend::test::unescapeTsvField(fields.at(5))});
        }
        return list;
    }();
    return rows;
}

// id + mode ("code" or "text") -> reason
const QHash<QString, QString> &knownMisses()
{
    static const QHash<QString, QString> misses = [] {
        QHash<QString, QString> hash;
        for (const QStringList &fields :
             sqlmend::test::readTsv(QStringLiteral(SQLMEND_TEST_DATA_DIR "/known_misses.tsv"))) {
            if (fields.size() >= 3)
                hash.insert(fields.at(0) + u'/' + fields.at(1), fields.at(2));
        }
        return hash;
    }();
    return misses;
}

// What a driver would hand over beside the text (ABOUT.md): QPSQL the SQLSTATE, QMYSQL the errno,
// QSQLITE the primary result code; public rows whatever code the source shows first.
QString driverCode(const CorpusRow &row)
{
    const QString field = row.codeField.trimmed();
    if (field.isEmpty())
        return {};
    if (row.engineName == u"sqlite") {
        static const QRegularExpression number(uR"(\((\d+)\))"_s);
        const QRegularExpressionMatch m = number.match(field);
        return m.hasMatch() ? QString::number(m.captured(1).toInt() & 0xff) : QString();
    }
    return field.section(u' ', 0, 0);
}

Classification classifyRow(const CorpusRow &row, bool withCode)
{
    const Engine engine = engineFromName(row.engineName);
    const EngineError error =
            EngineError::fromText(engine, row.message, withCode ? driverCode(row) : QString());
    return Classifier::classify(engine, Decapsulator::decapsulate(error));
}

} // namespace

class tst_Classifier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void corpusRow_data();
    void corpusRow();
    void accuracy();
    void clickHouseServerErrors_data();
    void clickHouseServerErrors();
    void unseenMessages_data();
    void unseenMessages();
    void ruleAndFlags_data();
    void ruleAndFlags();
    void refusedRoutine_data();
    void refusedRoutine();
    void guardRefusal_data();
    void guardRefusal();
    void identifiersAreNotCasts_data();
    void identifiersAreNotCasts();
};

void tst_Classifier::initTestCase()
{
    if (corpus().isEmpty())
        return; // the corpus tests skip themselves with the reason
    QCOMPARE(corpus().size(), 989);
    for (const CorpusRow &row : corpus())
        QVERIFY2(errorClassFromName(row.label).has_value(), qPrintable(row.id));
}

// An invalid rule pattern only shows as a warning at match time; make it fail.
void tst_Classifier::init()
{
    QTest::failOnWarning(QRegularExpression(u".*"_s));
}

void tst_Classifier::corpusRow_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("withCode");
    if (corpus().isEmpty())
        QTest::newRow("no corpus") << -1 << true;
    for (qsizetype i = 0; i < corpus().size(); ++i) {
        const CorpusRow &row = corpus().at(i);
        QTest::addRow("%s/code", qPrintable(row.id)) << int(i) << true;
        QTest::addRow("%s/text", qPrintable(row.id)) << int(i) << false;
    }
}

// Every miss must be a documented ambiguity; a documented miss that starts passing fails too
// (XPASS), so that the list stays true.
void tst_Classifier::corpusRow()
{
    QFETCH(int, index);
    QFETCH(bool, withCode);
    QString corpusDir;
    SQLMEND_REQUIRE_SHARED_DATA(corpusDir, "SQLMEND_ERRORS_DIR", u"errors"_s, u"corpus.tsv"_s);
    const CorpusRow &row = corpus().at(index);
    const Classification result = classifyRow(row, withCode);
    const QString key = row.id + (withCode ? u"/code"_s : u"/text"_s);
    if (const auto it = knownMisses().constFind(key); it != knownMisses().constEnd())
        QEXPECT_FAIL("", qPrintable(*it), Continue);
    QCOMPARE(errorClassName(result.errorClass), row.label);
}

void tst_Classifier::accuracy()
{
    QString corpusDir;
    SQLMEND_REQUIRE_SHARED_DATA(corpusDir, "SQLMEND_ERRORS_DIR", u"errors"_s, u"corpus.tsv"_s);
    struct Tally
    {
        int right = 0;
        int total = 0;
    };
    Tally withCode;
    Tally textOnly;
    QMap<QString, QStringList> missesByEngine;
    for (const CorpusRow &row : corpus()) {
        for (const bool useCode : {true, false}) {
            Tally &tally = useCode ? withCode : textOnly;
            ++tally.total;
            const Classification result = classifyRow(row, useCode);
            if (errorClassName(result.errorClass) == row.label)
                ++tally.right;
            else
                missesByEngine[row.engineName].append(row.id + (useCode ? u"/code"_s : u"/text"_s));
        }
    }
    const double codeAccuracy = double(withCode.right) / withCode.total;
    const double textAccuracy = double(textOnly.right) / textOnly.total;
    qInfo("corpus accuracy with codes: %d/%d = %.2f%%", withCode.right, withCode.total,
          100.0 * codeAccuracy);
    qInfo("corpus accuracy text only:  %d/%d = %.2f%%", textOnly.right, textOnly.total,
          100.0 * textAccuracy);
    for (auto it = missesByEngine.constBegin(); it != missesByEngine.constEnd(); ++it)
        qInfo("misses for %s: %s", qPrintable(it.key()), qPrintable(it.value().join(u", ")));
    QVERIFY2(codeAccuracy >= 0.98, "accuracy with codes fell below 98%");
    QVERIFY2(textAccuracy >= 0.97, "text-only accuracy fell below 97%");
}

// Real ClickHouse 18.16 errors as the QCLICKHOUSE driver hands them over (the code as
// nativeErrorCode()); tests/clickhouse/tst_clickhouseerrors checks that the server still says so.
void tst_Classifier::clickHouseServerErrors_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("label");
    const QList<QStringList> rows =
            sqlmend::test::readTsv(QStringLiteral(SQLMEND_TEST_DATA_DIR "/clickhouse_errors.tsv"));
    QCOMPARE_GE(rows.size(), 91);
    for (const QStringList &fields : rows) {
        QVERIFY(fields.size() >= 6);
        QTest::newRow(qPrintable(fields.at(0)))
                << fields.at(4).section(u' ', 0, 0) << sqlmend::test::unescapeTsvField(fields.at(5))
                << fields.at(3);
    }
}

void tst_Classifier::clickHouseServerErrors()
{
    QFETCH(QString, code);
    QFETCH(QString, message);
    QFETCH(QString, label);
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(Engine::ClickHouse, message, code));
    QVERIFY2(!error.rootCause.contains(u"e.what()"), qPrintable(error.rootCause));
    QVERIFY2(!error.rootCause.contains(u"DB::Exception"), qPrintable(error.rootCause));
    const Classification result = Classifier::classify(Engine::ClickHouse, error);
    QVERIFY2(errorClassName(result.errorClass) == label,
             qPrintable(errorClassName(result.errorClass) + u" ("_s + result.rule + u"): "_s
                        + error.rootCause));
}

void tst_Classifier::unseenMessages_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("expected");

    // Real message templates of each engine that the corpus does not contain.
    QTest::newRow("pg schema") << "postgresql"
                               << ""
                               << "ERROR:  schema \"staging\" does not exist"
                               << "table_missing";
    QTest::newRow("pg type") << "postgresql"
                             << ""
                             << "ERROR:  type \"nvarchar\" does not exist\nLINE 1: SELECT CAST(x "
                                "AS nvarchar)\n                          ^"
                             << "type_unsupported";
    QTest::newRow("pg operator") << "postgresql"
                                 << ""
                                 << "ERROR:  operator does not exist: date > integer"
                                 << "operator_mismatch";
    QTest::newRow("pg param type") << "postgresql"
                                   << ""
                                   << "ERROR:  could not determine data type of parameter $1"
                                   << "operator_mismatch";
    QTest::newRow("pg varchar") << "postgresql"
                                << ""
                                << "ERROR:  value too long for type character varying(10)"
                                << "cast_error";
    QTest::newRow("pg overflow")
            << "postgresql"
            << ""
            << "ERROR:  numeric field overflow\nDETAIL:  A field with precision 5, scale 2 must "
               "round to an absolute value less than 10^3."
            << "cast_error";
    QTest::newRow("pg shared mem") << "postgresql"
                                   << ""
                                   << "ERROR:  out of shared memory\nHINT:  You might need to "
                                      "increase max_locks_per_transaction."
                                   << "resource_exceeded";
    QTest::newRow("pg user cancel") << "postgresql"
                                    << ""
                                    << "ERROR:  canceling statement due to user request"
                                    << "timeout";
    QTest::newRow("pg idle timeout")
            << "postgresql"
            << ""
            << "FATAL:  terminating connection due to idle-in-transaction timeout"
            << "timeout";
    QTest::newRow("pg slots") << "postgresql"
                              << ""
                              << "FATAL:  remaining connection slots are reserved for roles with "
                                 "the SUPERUSER attribute"
                              << "resource_exceeded";
    QTest::newRow("pg column quoted")
            << "postgresql"
            << ""
            << "ERROR:  column \"Ann\" does not exist\nLINE 1: SELECT * FROM users WHERE name = "
               "\"Ann\"\n                                         ^"
            << "column_missing";
    QTest::newRow("pg date input")
            << "postgresql"
            << ""
            << "ERROR:  invalid input syntax for type date: \"yesterday-ish\""
            << "cast_error";
    QTest::newRow("pg standby") << "postgresql"
                                << ""
                                << "ERROR:  cannot execute CREATE TABLE in a read-only transaction"
                                << "read_only_violation";
    QTest::newRow("pg union types") << "postgresql"
                                    << ""
                                    << "ERROR:  UNION types text and integer cannot be matched"
                                    << "operator_mismatch";
    QTest::newRow("pg qualified col")
            << "postgresql"
            << "42703"
            << "ERROR:  column o.amount does not exist\n(42703) QPSQL: Unable to create query"
            << "column_missing";
    QTest::newRow("maria interrupted")
            << "mariadb"
            << ""
            << "ERROR 1969 (70100): Query execution was interrupted (max_statement_time exceeded)"
            << "timeout";
    QTest::newRow("maria lock wait") << "mariadb"
                                     << ""
                                     << "Lock wait timeout exceeded; try restarting transaction "
                                        "QMYSQL: Unable to execute query"
                                     << "timeout";
    QTest::newRow("maria table full")
            << "mariadb"
            << ""
            << "The table '#sql-temptable-1' is full QMYSQL: Unable to store result"
            << "resource_exceeded";
    QTest::newRow("mysql access") << "mysql"
                                  << "1045"
                                  << "Access denied for user 'app'@'10.0.0.5' (using password: "
                                     "YES) QMYSQL: Unable to connect"
                                  << "permission";
    QTest::newRow("mysql unknown col") << "mysql"
                                       << ""
                                       << "Unknown column 't.revenue' in 'field list'"
                                       << "column_missing";
    QTest::newRow("mysql deadlock") << "mysql"
                                    << ""
                                    << "ERROR 1213 (40001): Deadlock found when trying to get "
                                       "lock; try restarting transaction"
                                    << "timeout";
    QTest::newRow("mysql cant connect")
            << "mysql"
            << ""
            << "Can't connect to MySQL server on 'db.local:3306' (111) QMYSQL: Unable to connect"
            << "connection";
    QTest::newRow("sqlite malformed")
            << "sqlite"
            << ""
            << "database disk image is malformed Unable to execute statement"
            << "storage_format";
    QTest::newRow("sqlite readonly") << "sqlite"
                                     << ""
                                     << "attempt to write a readonly database Unable to fetch row"
                                     << "read_only_violation";
    QTest::newRow("sqlite interrupted") << "sqlite"
                                        << "9"
                                        << "interrupted Unable to fetch row"
                                        << "timeout";
    QTest::newRow("sqlite locked") << "sqlite"
                                   << ""
                                   << "database is locked Unable to execute statement"
                                   << "timeout";
    QTest::newRow("sqlite incomplete") << "sqlite"
                                       << ""
                                       << "incomplete input Unable to execute statement"
                                       << "syntax";
    // A clause out of place in a compound statement, as the parser says it (SQLite 3.40).
    QTest::newRow("sqlite limit before union")
            << "sqlite"
            << "1"
            << "LIMIT clause should come after UNION ALL not before Unable to execute statement"
            << "syntax";
    // A position past the last output column: a column reference that names nothing, as
    // MySQL's "Unknown column '5' in 'order clause'" is.
    QTest::newRow("sqlite order by position")
            << "sqlite"
            << "1"
            << "1st ORDER BY term out of range - should be between 1 and 1 Unable to execute "
               "statement"
            << "column_missing";
    QTest::newRow("pg group by position") << "postgresql"
                                          << "42P10"
                                          << "ERROR:  GROUP BY position 3 is not in select list"
                                          << "column_missing";
    QTest::newRow("duckdb column") << "duckdb"
                                   << ""
                                   << "Binder Error: Referenced column \"amount\" not found in "
                                      "FROM clause!\nCandidate bindings: \"orders.total\""
                                   << "column_missing";
    QTest::newRow("duckdb table")
            << "duckdb"
            << ""
            << "Catalog Error: Table with name sales does not exist!\nDid you mean \"sale\"?"
            << "table_missing";
    QTest::newRow("duckdb conversion")
            << "duckdb"
            << ""
            << "Conversion Error: Could not convert string 'abc' to INT32"
            << "cast_error";
    QTest::newRow("clickhouse unknown id")
            << "clickhouse"
            << ""
            << "Code: 47. DB::Exception: Unknown expression identifier 'revenue' in scope SELECT "
               "revenue FROM sales. (UNKNOWN_IDENTIFIER) (version 24.3.1.1)"
            << "column_missing";
    QTest::newRow("clickhouse db") << "clickhouse"
                                   << ""
                                   << "Code: 81. DB::Exception: Database analytics doesn't exist. "
                                      "(UNKNOWN_DATABASE) (version 23.8.2.7)"
                                   << "table_missing";
    QTest::newRow("trino function") << "trino"
                                    << ""
                                    << "Query 20240101_000000_00001_abcde failed: line 1:8: "
                                       "Function 'date_format_x' not registered"
                                    << "function_missing";
    QTest::newRow("trino group by")
            << "trino"
            << ""
            << "line 1:8: 'region' must be an aggregate expression or appear in GROUP BY clause"
            << "group_by";
    QTest::newRow("trino schema") << "trino"
                                  << ""
                                  << "line 1:15: Schema 'salez' does not exist"
                                  << "table_missing";
    QTest::newRow("sqlserver column")
            << "sqlserver"
            << ""
            << "Msg 207, Level 16, State 1, Line 1\nInvalid column name 'revenue'."
            << "column_missing";
    QTest::newRow("sqlserver conversion")
            << "sqlserver"
            << ""
            << "Msg 245, Level 16, State 1, Line 3\nConversion failed when converting the varchar "
               "value 'abc' to data type int."
            << "cast_error";
    QTest::newRow("sqlserver syntax")
            << "sqlserver"
            << ""
            << "Msg 102, Level 15, State 1, Line 1\nIncorrect syntax near 'LIMIT'."
            << "syntax";
    QTest::newRow("sqlserver permission")
            << "sqlserver"
            << ""
            << "Msg 229, Level 14, State 5, Line 1\nThe SELECT permission was denied on the object "
               "'salaries', database 'hr', schema 'dbo'."
            << "permission";
    QTest::newRow("oracle column") << "oracle"
                                   << ""
                                   << "ORA-00904: \"REVENUE\": invalid identifier"
                                   << "column_missing";
    QTest::newRow("oracle group") << "oracle"
                                  << ""
                                  << "ORA-00979: not a GROUP BY expression"
                                  << "group_by";
    QTest::newRow("oracle privileges") << "oracle"
                                       << ""
                                       << "ORA-01031: insufficient privileges"
                                       << "permission";
    QTest::newRow("oracle divisor") << "oracle"
                                    << ""
                                    << "ORA-01476: divisor is equal to zero"
                                    << "division_by_zero";
    QTest::newRow("snowflake identifier")
            << "snowflake"
            << ""
            << "SQL compilation error: error line 1 at position 7\ninvalid identifier 'REVENUE'"
            << "column_missing";
    QTest::newRow("snowflake function") << "snowflake"
                                        << ""
                                        << "SQL compilation error:\nUnknown function DATE_FORMAT"
                                        << "function_missing";
    QTest::newRow("bigquery name") << "bigquery"
                                   << ""
                                   << "Unrecognized name: revenue at [1:8]"
                                   << "column_missing";
    QTest::newRow("bigquery function") << "bigquery"
                                       << ""
                                       << "Function not found: date_format at [1:8]"
                                       << "function_missing";
    QTest::newRow("bigquery cast") << "bigquery"
                                   << ""
                                   << "Bad int64 value: abc"
                                   << "cast_error";
    QTest::newRow("bigquery resources") << "bigquery"
                                        << ""
                                        << "Resources exceeded during query execution: The query "
                                           "could not be executed in the allotted memory."
                                        << "resource_exceeded";
    QTest::newRow("maxcompute parse")
            << "maxcompute"
            << ""
            << "FAILED: ODPS-0130161:[1,8] Parse exception - invalid token 'FORM'"
            << "syntax";
    QTest::newRow("odbc mssql table")
            << "odbc"
            << "42S02"
            << "[Microsoft][ODBC Driver 18 for SQL Server][SQL Server]Invalid object name "
               "'dbo.sales'. QODBC: Unable to execute statement"
            << "table_missing";
    QTest::newRow("odbc timeout") << "odbc"
                                  << "HYT00"
                                  << "[Microsoft][ODBC Driver 18 for SQL Server]Query timeout "
                                     "expired QODBC: Unable to execute statement"
                                  << "timeout";

    // Further templates per engine, checked by text alone.
    QTest::newRow("postgresql u001") << "postgresql"
                                     << ""
                                     << "ERROR:  invalid input syntax for type boolean: \"maybe\""
                                     << "cast_error";
    QTest::newRow("postgresql u002") << "postgresql"
                                     << ""
                                     << "ERROR:  invalid input value for enum mood: \"happyish\""
                                     << "cast_error";
    QTest::newRow("postgresql u003") << "postgresql"
                                     << ""
                                     << "ERROR:  smallint out of range"
                                     << "cast_error";
    QTest::newRow("postgresql u004")
            << "postgresql"
            << ""
            << "ERROR:  value \"3000000000\" is out of range for type integer"
            << "cast_error";
    QTest::newRow("postgresql u005")
            << "postgresql"
            << ""
            << "ERROR:  invalid value \"ab\" for \"YYYY\"\nDETAIL:  Value must be an integer."
            << "cast_error";
    QTest::newRow("postgresql u006")
            << "postgresql"
            << ""
            << "ERROR:  aggregate function calls cannot contain window function calls"
            << "group_by";
    QTest::newRow("postgresql u007")
            << "postgresql"
            << ""
            << "ERROR:  window functions are not allowed in WHERE\nLINE 1: SELECT * FROM t WHERE "
               "row_number() OVER () > 1\n                              ^"
            << "group_by";
    QTest::newRow("postgresql u008")
            << "postgresql"
            << ""
            << "ERROR:  column \"created_at\" is of type timestamp without time zone but "
               "expression is of type integer\nHINT:  You will need to rewrite or cast the "
               "expression."
            << "operator_mismatch";
    QTest::newRow("postgresql u009")
            << "postgresql"
            << ""
            << "ERROR:  argument of WHERE must be type boolean, not type integer"
            << "operator_mismatch";
    QTest::newRow("postgresql u010") << "postgresql"
                                     << ""
                                     << "ERROR:  COALESCE types integer and text cannot be matched"
                                     << "operator_mismatch";
    QTest::newRow("postgresql u011") << "postgresql"
                                     << ""
                                     << "ERROR:  subquery in FROM must have an alias"
                                     << "syntax";
    QTest::newRow("postgresql u012")
            << "postgresql"
            << ""
            << "ERROR:  invalid reference to FROM-clause entry for table \"orders\""
            << "table_missing";
    QTest::newRow("postgresql u013") << "postgresql"
                                     << ""
                                     << "ERROR:  permission denied for schema analytics"
                                     << "permission";
    QTest::newRow("postgresql u014")
            << "postgresql"
            << ""
            << "ERROR:  cannot execute CREATE INDEX in a read-only transaction"
            << "read_only_violation";
    QTest::newRow("postgresql u015")
            << "postgresql"
            << ""
            << "FATAL:  terminating connection due to conflict with recovery"
            << "connection";
    QTest::newRow("postgresql u016") << "postgresql"
                                     << ""
                                     << "FATAL:  sorry, too many clients already"
                                     << "resource_exceeded";
    QTest::newRow("postgresql u017") << "postgresql"
                                     << ""
                                     << "ERROR:  could not write to file "
                                        "\"base/pgsql_tmp/pgsql_tmp123.0\": No space left on device"
                                     << "resource_exceeded";
    QTest::newRow("postgresql u018")
            << "postgresql"
            << ""
            << "ERROR:  invalid page in block 5 of relation base/16384/16385"
            << "storage_format";
    QTest::newRow("postgresql u019")
            << "postgresql"
            << ""
            << "ERROR:  missing chunk number 0 for toast value 123 in pg_toast_2619"
            << "storage_format";
    QTest::newRow("postgresql u020") << "postgresql"
                                     << ""
                                     << "ERROR:  invalid memory alloc request size 1073741824"
                                     << "resource_exceeded";
    QTest::newRow("postgresql u021")
            << "postgresql"
            << ""
            << "ERROR:  zero-length delimited identifier at or near \"\"\"\""
            << "syntax";
    QTest::newRow("postgresql u022") << "postgresql"
                                     << ""
                                     << "ERROR:  malformed array literal: \"abc\""
                                     << "cast_error";
    QTest::newRow("postgresql u023")
            << "postgresql"
            << ""
            << "ERROR:  relation \"public.sales\" does not exist\nLINE 1: SELECT * FROM "
               "public.sales\n                      ^\n(42P01) QPSQL: Unable to create query"
            << "table_missing";
    QTest::newRow("postgresql u024")
            << "postgresql"
            << ""
            << "ERROR:  function pg_catalog.date_part(unknown, integer) does not exist"
            << "function_missing";
    QTest::newRow("postgresql u025") << "postgresql"
                                     << ""
                                     << "ERROR:  canceling statement due to conflict with recovery"
                                     << "timeout";
    QTest::newRow("postgresql u026")
            << "postgresql"
            << ""
            << "ERROR:  operator does not exist: character varying = integer"
            << "operator_mismatch";
    QTest::newRow("postgresql u027") << "postgresql"
                                     << ""
                                     << "ERROR:  function round(unknown, integer) is not unique"
                                     << "function_missing";
    QTest::newRow("postgresql u028") << "postgresql"
                                     << ""
                                     << "FATAL:  the database system is in recovery mode"
                                     << "connection";
    QTest::newRow("postgresql u029")
            << "postgresql"
            << ""
            << "could not connect to server: Connection refused\n\tIs the server running on host "
               "\"db\" (10.0.0.1) and accepting\n\tTCP/IP connections on port 5432?\nQPSQL: Unable "
               "to connect"
            << "connection";
    QTest::newRow("postgresql u030") << "postgresql"
                                     << ""
                                     << "FATAL:  password authentication failed for user "
                                        "\"analyst\"\nQPSQL: Unable to connect"
                                     << "permission";
    QTest::newRow("mysql u031") << "mysql"
                                << ""
                                << "Data truncated for column 'status' at row 1"
                                << "cast_error";
    QTest::newRow("mysql u032")
            << "mysql"
            << ""
            << "Incorrect string value: '\\xF0\\x9F\\x98\\x80' for column 'name' at row 1"
            << "cast_error";
    QTest::newRow("mysql u033") << "mysql"
                                << ""
                                << "Invalid JSON text in argument 1 to function json_extract: "
                                   "\"Invalid value.\" at position 0."
                                << "cast_error";
    QTest::newRow("mysql u034") << "mysql"
                                << ""
                                << "Operand should contain 1 column(s)"
                                << "operator_mismatch";
    QTest::newRow("mysql u035")
            << "mysql"
            << ""
            << "Deadlock found when trying to get lock; try restarting transaction"
            << "timeout";
    QTest::newRow("mysql u036") << "mysql"
                                << ""
                                << "Statement aborted because lock(s) could not be acquired "
                                   "immediately and NOWAIT is set."
                                << "timeout";
    QTest::newRow("mysql u037") << "mysql"
                                << ""
                                << "The MySQL server is running with the --super-read-only option "
                                   "so it cannot execute this statement"
                                << "read_only_violation";
    QTest::newRow("mysql u038")
            << "mysql"
            << ""
            << "Access denied; you need (at least one of) the SUPER privilege(s) for this operation"
            << "permission";
    QTest::newRow("mysql u039") << "mysql"
                                << ""
                                << "Can't connect to local MySQL server through socket "
                                   "'/var/run/mysqld/mysqld.sock' (2)"
                                << "connection";
    QTest::newRow("mysql u040") << "mysql"
                                << ""
                                << "Lost connection to MySQL server during query"
                                << "connection";
    QTest::newRow("mysql u041") << "mysql"
                                << ""
                                << "Too many connections"
                                << "resource_exceeded";
    QTest::newRow("mysql u042") << "mysql"
                                << ""
                                << "Out of sort memory, consider increasing server sort buffer size"
                                << "resource_exceeded";
    QTest::newRow("mysql u043") << "mysql"
                                << ""
                                << "The total number of locks exceeds the lock table size"
                                << "resource_exceeded";
    QTest::newRow("mysql u044") << "mysql"
                                << ""
                                << "Mixing of GROUP columns (MIN(),MAX(),COUNT(),...) with no "
                                   "GROUP columns is illegal if there is no GROUP BY clause"
                                << "group_by";
    QTest::newRow("mysql u045") << "mysql"
                                << ""
                                << "Every derived table must have its own alias"
                                << "syntax";
    QTest::newRow("mysql u046") << "mysql"
                                << ""
                                << "Column 'id' in field list is ambiguous"
                                << "ambiguous_column";
    QTest::newRow("mysql u047") << "mysql"
                                << ""
                                << "Column 'created_at' in where clause is ambiguous"
                                << "ambiguous_column";
    QTest::newRow("mysql u048") << "mysql"
                                << ""
                                << "Unknown column 'o.total' in 'on clause'"
                                << "column_missing";
    QTest::newRow("mysql u049") << "mysql"
                                << ""
                                << "Table 'analytics.sales' doesn't exist"
                                << "table_missing";
    QTest::newRow("mysql u050") << "mysql"
                                << ""
                                << "Table 'orders' is read only"
                                << "read_only_violation";
    QTest::newRow("sqlite u051") << "sqlite"
                                 << ""
                                 << "misuse of aggregate: count()"
                                 << "group_by";
    QTest::newRow("sqlite u052") << "sqlite"
                                 << ""
                                 << "misuse of aggregate function max()"
                                 << "group_by";
    QTest::newRow("sqlite u053") << "sqlite"
                                 << ""
                                 << "wrong number of arguments to function substr()"
                                 << "function_missing";
    QTest::newRow("sqlite u054") << "sqlite"
                                 << ""
                                 << "disk I/O error"
                                 << "storage_format";
    QTest::newRow("sqlite u055") << "sqlite"
                                 << ""
                                 << "sub-select returns 2 columns - expected 1"
                                 << "operator_mismatch";
    QTest::newRow("sqlite u056") << "sqlite"
                                 << ""
                                 << "integer overflow"
                                 << "cast_error";
    QTest::newRow("sqlite u057") << "sqlite"
                                 << ""
                                 << "database table is locked"
                                 << "timeout";
    QTest::newRow("sqlite u058") << "sqlite"
                                 << ""
                                 << "out of memory"
                                 << "resource_exceeded";
    QTest::newRow("sqlite u059") << "sqlite"
                                 << ""
                                 << "too many SQL variables"
                                 << "resource_exceeded";
    QTest::newRow("sqlite u060") << "sqlite"
                                 << ""
                                 << "no such table: main.sales"
                                 << "table_missing";
    QTest::newRow("duckdb u061") << "duckdb"
                                 << ""
                                 << "Catalog Error: Scalar Function with name date_format does not "
                                    "exist!\nDid you mean \"strftime\"?"
                                 << "function_missing";
    QTest::newRow("duckdb u062")
            << "duckdb"
            << ""
            << "Binder Error: No function matches the given name and argument types "
               "'round(VARCHAR, INTEGER_LITERAL)'. You might need to add explicit type casts."
            << "function_missing";
    QTest::newRow("duckdb u063")
            << "duckdb"
            << ""
            << "Binder Error: No function matches the given name and argument types '+(VARCHAR, "
               "INTEGER_LITERAL)'. You might need to add explicit type casts."
            << "operator_mismatch";
    QTest::newRow("duckdb u064")
            << "duckdb"
            << ""
            << "Conversion Error: Unimplemented type for cast (VARCHAR -> STRUCT(a INTEGER))"
            << "cast_error";
    QTest::newRow("duckdb u065") << "duckdb"
                                 << ""
                                 << "Binder Error: column \"region\" must appear in the GROUP BY "
                                    "clause or must be part of an aggregate function."
                                 << "group_by";
    QTest::newRow("duckdb u066")
            << "duckdb"
            << ""
            << "Binder Error: Ambiguous reference to column name \"id\" (use: \"a.id\" or \"b.id\")"
            << "ambiguous_column";
    QTest::newRow("duckdb u067") << "duckdb"
                                 << ""
                                 << "Out of Memory Error: could not allocate block of size 256.0 "
                                    "KiB (1.5 GiB/1.5 GiB used)"
                                 << "resource_exceeded";
    QTest::newRow("duckdb u068") << "duckdb"
                                 << ""
                                 << "Binder Error: Cannot compare values of type VARCHAR and type "
                                    "INTEGER - an explicit cast is required"
                                 << "operator_mismatch";
    QTest::newRow("duckdb u069") << "duckdb"
                                 << ""
                                 << "Catalog Error: Type with name NVARCHAR2 does not exist!"
                                 << "type_unsupported";
    QTest::newRow("duckdb u070")
            << "duckdb"
            << ""
            << "Binder Error: Table \"t\" does not have a column named \"revenue\""
            << "column_missing";
    QTest::newRow("duckdb u071") << "duckdb"
                                 << ""
                                 << "Catalog Error: Schema with name staging does not exist!"
                                 << "table_missing";
    QTest::newRow("duckdb u072")
            << "duckdb"
            << ""
            << "IO Error: No files found that match the pattern \"data/*.parquet\""
            << "storage_format";
    QTest::newRow("duckdb u073") << "duckdb"
                                 << ""
                                 << "Interrupt Error: Interrupted!"
                                 << "timeout";
    QTest::newRow("duckdb u074")
            << "duckdb"
            << ""
            << "Binder Error: Referenced table \"s\" not found!\nCandidate tables: \"sales\""
            << "table_missing";
    QTest::newRow("duckdb u075") << "duckdb"
                                 << ""
                                 << "Binder Error: WHERE clause cannot contain aggregates!"
                                 << "group_by";
    QTest::newRow("clickhouse u076")
            << "clickhouse"
            << ""
            << "Code: 60. DB::Exception: Table default.sales does not exist. (UNKNOWN_TABLE) "
               "(version 24.8.4.13 (official build))"
            << "table_missing";
    QTest::newRow("clickhouse u077") << "clickhouse"
                                     << ""
                                     << "Code: 70. DB::Exception: Value in column String cannot be "
                                        "safely converted into type UInt8. (CANNOT_CONVERT_TYPE)"
                                     << "cast_error";
    QTest::newRow("clickhouse u078") << "clickhouse"
                                     << ""
                                     << "Code: 158. DB::Exception: Limit for rows (controlled by "
                                        "'max_rows_to_read' setting) exceeded, max rows: 1.00 "
                                        "million, current rows: 8.19 million. (TOO_MANY_ROWS)"
                                     << "resource_exceeded";
    QTest::newRow("clickhouse u079")
            << "clickhouse"
            << ""
            << "Code: 516. DB::Exception: default: Authentication failed: password is incorrect, "
               "or there is no user with such name. (AUTHENTICATION_FAILED)"
            << "permission";
    QTest::newRow("clickhouse u080")
            << "clickhouse"
            << ""
            << "Code: 210. DB::NetException: Connection refused (localhost:9000). (NETWORK_ERROR)"
            << "connection";
    QTest::newRow("clickhouse u081")
            << "clickhouse"
            << ""
            << "Code: 394. DB::Exception: Query was cancelled. (QUERY_WAS_CANCELLED)"
            << "timeout";
    QTest::newRow("clickhouse u082") << "clickhouse"
                                     << ""
                                     << "Code: 53. DB::Exception: Type mismatch in IN or VALUES "
                                        "section. Expected: UInt32. Got: String. (TYPE_MISMATCH)"
                                     << "operator_mismatch";
    QTest::newRow("clickhouse u083")
            << "clickhouse"
            << ""
            << "Code: 184. DB::Exception: Aggregate function sum(x) is found inside another "
               "aggregate function in query. (ILLEGAL_AGGREGATION)"
            << "group_by";
    QTest::newRow("trino u084") << "trino"
                                << ""
                                << "line 1:8: Unexpected parameters (varchar) for function sum. "
                                   "Expected: sum(double), sum(real), sum(bigint)"
                                << "function_missing";
    QTest::newRow("trino u085") << "trino"
                                << ""
                                << "line 1:1: mismatched input 'SELEC'. Expecting: 'ALTER', "
                                   "'ANALYZE', 'CALL', 'COMMENT', 'COMMIT'"
                                << "syntax";
    QTest::newRow("trino u086") << "trino"
                                << ""
                                << "line 1:8: Column 'id' is ambiguous"
                                << "ambiguous_column";
    QTest::newRow("trino u087") << "trino"
                                << ""
                                << "Cannot cast 'abc' to INT"
                                << "cast_error";
    QTest::newRow("trino u088") << "trino"
                                << ""
                                << "Query exceeded maximum time limit of 10.00m"
                                << "timeout";
    QTest::newRow("trino u089") << "trino"
                                << ""
                                << "Access Denied: Cannot select from table hive.default.salaries"
                                << "permission";
    QTest::newRow("trino u090") << "trino"
                                << ""
                                << "line 1:15: Catalog 'hivee' not found"
                                << "table_missing";
    QTest::newRow("trino u091") << "trino"
                                << ""
                                << "Value cannot be cast to date: abc"
                                << "cast_error";
    QTest::newRow("trino u092") << "trino"
                                << ""
                                << "Out of range for integer: 3000000000"
                                << "cast_error";
    QTest::newRow("sqlserver u093")
            << "sqlserver"
            << ""
            << "Cannot find either column \"dbo\" or the user-defined function or aggregate "
               "\"dbo.fn_total\", or the name is ambiguous."
            << "function_missing";
    QTest::newRow("sqlserver u094") << "sqlserver"
                                    << ""
                                    << "Incorrect syntax near the keyword 'FROM'."
                                    << "syntax";
    QTest::newRow("sqlserver u095") << "sqlserver"
                                    << ""
                                    << "Ambiguous column name 'id'."
                                    << "ambiguous_column";
    QTest::newRow("sqlserver u096")
            << "sqlserver"
            << ""
            << "Arithmetic overflow error converting expression to data type int."
            << "cast_error";
    QTest::newRow("sqlserver u097") << "sqlserver"
                                    << ""
                                    << "Operand type clash: date is incompatible with int"
                                    << "operator_mismatch";
    QTest::newRow("sqlserver u098")
            << "sqlserver"
            << ""
            << "The data types text and varchar are incompatible in the equal to operator."
            << "operator_mismatch";
    QTest::newRow("sqlserver u099") << "sqlserver"
                                    << ""
                                    << "Login failed for user 'analyst'."
                                    << "permission";
    QTest::newRow("sqlserver u100") << "sqlserver"
                                    << ""
                                    << "Lock request time out period exceeded."
                                    << "timeout";
    QTest::newRow("sqlserver u101")
            << "sqlserver"
            << ""
            << "Transaction (Process ID 52) was deadlocked on lock resources with another process "
               "and has been chosen as the deadlock victim. Rerun the transaction."
            << "timeout";
    QTest::newRow("sqlserver u102")
            << "sqlserver"
            << ""
            << "There is insufficient system memory in resource pool 'default' to run this query."
            << "resource_exceeded";
    QTest::newRow("sqlserver u103") << "sqlserver"
                                    << ""
                                    << "String or binary data would be truncated."
                                    << "cast_error";
    QTest::newRow("sqlserver u104")
            << "sqlserver"
            << ""
            << "Failed to update database \"reporting\" because the database is read-only."
            << "read_only_violation";
    QTest::newRow("sqlserver u105")
            << "sqlserver"
            << ""
            << "Execution Timeout Expired.  The timeout period elapsed prior to completion of the "
               "operation or the server is not responding."
            << "timeout";
    QTest::newRow("sqlserver u106") << "sqlserver"
                                    << ""
                                    << "A network-related or instance-specific error occurred "
                                       "while establishing a connection to SQL Server."
                                    << "connection";
    QTest::newRow("sqlserver u107")
            << "sqlserver"
            << ""
            << "TCP Provider: An existing connection was forcibly closed by the remote host."
            << "connection";
    QTest::newRow("sqlserver u108") << "sqlserver"
                                    << ""
                                    << "The multi-part identifier \"t.revenue\" could not be bound."
                                    << "column_missing";
    QTest::newRow("sqlserver u109")
            << "sqlserver"
            << ""
            << "An aggregate may not appear in the WHERE clause unless it is in a subquery "
               "contained in a HAVING clause or a select list, and the column being aggregated is "
               "an outer reference."
            << "group_by";
    QTest::newRow("sqlserver u110") << "sqlserver"
                                    << ""
                                    << "Operand data type varchar is invalid for sum operator."
                                    << "operator_mismatch";
    QTest::newRow("oracle u111") << "oracle"
                                 << ""
                                 << "ORA-00933: SQL command not properly ended"
                                 << "syntax";
    QTest::newRow("oracle u112") << "oracle"
                                 << ""
                                 << "ORA-00907: missing right parenthesis"
                                 << "syntax";
    QTest::newRow("oracle u113") << "oracle"
                                 << ""
                                 << "ORA-00923: FROM keyword not found where expected"
                                 << "syntax";
    QTest::newRow("oracle u114") << "oracle"
                                 << ""
                                 << "ORA-01861: literal does not match format string"
                                 << "cast_error";
    QTest::newRow("oracle u115") << "oracle"
                                 << ""
                                 << "ORA-00937: not a single-group group function"
                                 << "group_by";
    QTest::newRow("oracle u116") << "oracle"
                                 << ""
                                 << "ORA-01013: user requested cancel of current operation"
                                 << "timeout";
    QTest::newRow("oracle u117") << "oracle"
                                 << ""
                                 << "ORA-00932: inconsistent datatypes: expected NUMBER got DATE"
                                 << "operator_mismatch";
    QTest::newRow("oracle u118")
            << "oracle"
            << ""
            << "ORA-12899: value too large for column \"S\".\"T\".\"C\" (actual: 20, maximum: 10)"
            << "cast_error";
    QTest::newRow("oracle u119")
            << "oracle"
            << ""
            << "ORA-01652: unable to extend temp segment by 128 in tablespace TEMP"
            << "resource_exceeded";
    QTest::newRow("oracle u120")
            << "oracle"
            << ""
            << "ORA-12154: TNS:could not resolve the connect identifier specified"
            << "connection";
    QTest::newRow("oracle u121")
            << "oracle"
            << ""
            << "ORA-00054: resource busy and acquire with NOWAIT specified or timeout expired"
            << "timeout";
    QTest::newRow("oracle u122") << "oracle"
                                 << ""
                                 << "ORA-01017: invalid username/password; logon denied"
                                 << "permission";
    QTest::newRow("oracle u123") << "oracle"
                                 << ""
                                 << "ORA-16000: database open for read-only access"
                                 << "read_only_violation";
    QTest::newRow("oracle u124") << "oracle"
                                 << ""
                                 << "ORA-00928: missing SELECT keyword"
                                 << "syntax";
    QTest::newRow("oracle u125")
            << "oracle"
            << ""
            << "ORA-06550: line 1, column 7:\nPLS-00201: identifier 'CALC_TOTAL' must be declared"
            << "function_missing";
    QTest::newRow("snowflake u126")
            << "snowflake"
            << ""
            << "SQL compilation error:\nSchema 'DB.STAGING' does not exist or not authorized."
            << "table_missing";
    QTest::newRow("snowflake u127")
            << "snowflake"
            << ""
            << "SQL compilation error:\nsyntax error line 1 at position 7 unexpected 'FROM'."
            << "syntax";
    QTest::newRow("snowflake u128") << "snowflake"
                                    << ""
                                    << "Timestamp 'abc' is not recognized"
                                    << "cast_error";
    QTest::newRow("snowflake u129")
            << "snowflake"
            << ""
            << "SQL compilation error: error line 1 at position 7\nInvalid argument types for "
               "function 'DATEADD': (VARCHAR(16777216), NUMBER(1,0))"
            << "function_missing";
    QTest::newRow("snowflake u130")
            << "snowflake"
            << ""
            << "SQL access control error:\nInsufficient privileges to operate on table 'SALARIES'"
            << "permission";
    QTest::newRow("snowflake u131") << "snowflake"
                                    << ""
                                    << "SQL compilation error:\nambiguous column name 'ID'"
                                    << "ambiguous_column";
    QTest::newRow("snowflake u132") << "snowflake"
                                    << ""
                                    << "String 'abcdef' is too long and would be truncated"
                                    << "cast_error";
    QTest::newRow("snowflake u133") << "snowflake"
                                    << ""
                                    << "Incorrect username or password was specified."
                                    << "permission";
    QTest::newRow("snowflake u134") << "snowflake"
                                    << ""
                                    << "Division by zero"
                                    << "division_by_zero";
    QTest::newRow("bigquery u135")
            << "bigquery"
            << ""
            << "Not found: Dataset myproject:analytics was not found in location US"
            << "table_missing";
    QTest::newRow("bigquery u136")
            << "bigquery"
            << ""
            << "No matching signature for function DATE_ADD for argument types: STRING, INTERVAL "
               "INT64. Supported signature: DATE_ADD(DATE, INTERVAL INT64 DATE_TIME_PART) at [1:8]"
            << "function_missing";
    QTest::newRow("bigquery u137") << "bigquery"
                                   << ""
                                   << "No matching signature for operator = for argument types: "
                                      "INT64, STRING. Supported signature: ANY = ANY at [1:30]"
                                   << "operator_mismatch";
    QTest::newRow("bigquery u138")
            << "bigquery"
            << ""
            << "Syntax error: Expected end of input but got keyword FROM at [1:10]"
            << "syntax";
    QTest::newRow("bigquery u139") << "bigquery"
                                   << ""
                                   << "Column name id is ambiguous at [1:8]"
                                   << "ambiguous_column";
    QTest::newRow("bigquery u140") << "bigquery"
                                   << ""
                                   << "Could not cast literal \"abc\" to type DATE at [1:13]"
                                   << "cast_error";
    QTest::newRow("bigquery u141") << "bigquery"
                                   << ""
                                   << "Invalid date: '2020-13-01'"
                                   << "cast_error";
    QTest::newRow("bigquery u142")
            << "bigquery"
            << ""
            << "Access Denied: Table p:d.t: User does not have permission to query table p:d.t."
            << "permission";
    QTest::newRow("bigquery u143") << "bigquery"
                                   << ""
                                   << "Response too large to return. Consider specifying a "
                                      "destination table in your job configuration."
                                   << "resource_exceeded";
    QTest::newRow("bigquery u144")
            << "bigquery"
            << ""
            << "Quota exceeded: Your project exceeded quota for free query bytes scanned."
            << "resource_exceeded";
    QTest::newRow("bigquery u145")
            << "bigquery"
            << ""
            << "Exceeded rate limits: too many table update operations for this table."
            << "resource_exceeded";
    QTest::newRow("bigquery u146")
            << "bigquery"
            << ""
            << "Operation timed out after 6.0 hours. Consider reducing the amount of work "
               "performed by your operation so that it can complete within this limit."
            << "timeout";
    QTest::newRow("bigquery u147")
            << "bigquery"
            << ""
            << "Grouping by expressions of type ARRAY is not allowed at [1:30]"
            << "type_unsupported";
    QTest::newRow("bigquery u148") << "bigquery"
                                   << ""
                                   << "Name revenue not found inside t at [1:10]"
                                   << "column_missing";
    QTest::newRow("maxcompute u149") << "maxcompute"
                                     << ""
                                     << "FAILED: ODPS-0130071:[1,8] Semantic analysis exception - "
                                        "column revenue cannot be resolved"
                                     << "column_missing";
    QTest::newRow("maxcompute u150") << "maxcompute"
                                     << ""
                                     << "FAILED: ODPS-0130071:[1,8] Semantic analysis exception - "
                                        "function date_fmt cannot be resolved"
                                     << "function_missing";
    QTest::newRow("maxcompute u151")
            << "maxcompute"
            << ""
            << "FAILED: ODPS-0130241:[1,8] Illegal union operation - type mismatch for column 1 of "
               "UNION, left is BIGINT while right is STRING"
            << "operator_mismatch";
    QTest::newRow("redshift u152") << "redshift"
                                   << ""
                                   << "ERROR: Invalid digit, Value 'a', Pos 0, Type: Integer"
                                   << "cast_error";
    QTest::newRow("redshift u153") << "redshift"
                                   << ""
                                   << "ERROR: Query (1234) cancelled on user's request"
                                   << "timeout";
    QTest::newRow("odbc u154") << "odbc"
                               << ""
                               << "[Microsoft][ODBC Driver 18 for SQL Server]Login timeout expired"
                               << "connection";
    QTest::newRow("odbc u155")
            << "odbc"
            << ""
            << "[unixODBC][Driver Manager]Driver's SQLAllocHandle on SQL_HANDLE_HENV failed"
            << "connection";
    QTest::newRow("odbc u156")
            << "odbc"
            << ""
            << "[MySQL][ODBC 8.0(w) Driver]Can't connect to MySQL server on 'db:3306' (10061)"
            << "connection";
    QTest::newRow("hologres u157") << "hologres"
                                   << ""
                                   << "ERROR:  relation \"public.dwd_orders\" does not exist"
                                   << "table_missing";
    QTest::newRow("postgresql u158")
            << "postgresql"
            << ""
            << "ERROR:  column \"Ann\" does not exist\nLINE 1: SELECT * FROM users WHERE name = "
               "\"Ann\"\n                                         ^"
            << "column_missing";
    QTest::newRow("postgresql u159")
            << "postgresql"
            << ""
            << "ERROR:  duplicate key value violates unique constraint \"users_pkey\""
            << "other";
    QTest::newRow("postgresql u160") << "postgresql"
                                     << ""
                                     << "ERROR:  relation \"orders\" already exists"
                                     << "other";
    QTest::newRow("mysql u161") << "mysql"
                                << ""
                                << "Duplicate entry '1' for key 'PRIMARY'"
                                << "other";
    QTest::newRow("sqlite u162") << "sqlite"
                                 << ""
                                 << "UNIQUE constraint failed: users.email"
                                 << "other";
    QTest::newRow("clickhouse u163")
            << "clickhouse"
            << ""
            << "Code: 62. DB::Exception: Syntax error: failed at position 8 ('FORM'): FORM t. "
               "Expected one of: token, DoubleColon. (SYNTAX_ERROR)"
            << "syntax";
    QTest::newRow("postgresql u164")
            << "postgresql"
            << ""
            << "ERROR:  invalid input syntax for type timestamp: \"forecast\""
            << "cast_error";
    QTest::newRow("postgresql u165") << "postgresql"
                                     << ""
                                     << "ERROR:  column \"broadcast_date\" does not exist"
                                     << "column_missing";
    QTest::newRow("duckdb v001")
            << "duckdb"
            << ""
            << "Catalog Error: Table Function with name read_parquetx does not exist!"
            << "function_missing";
    QTest::newRow("sqlite v002") << "sqlite"
                                 << ""
                                 << "no such function: read_parquet"
                                 << "function_missing";
    QTest::newRow("snowflake v003") << "snowflake"
                                    << ""
                                    << "Boolean value 'maybe' is not recognized"
                                    << "cast_error";
    QTest::newRow("snowflake v004") << "snowflake"
                                    << ""
                                    << "Can't parse 'abc' as timestamp with format 'AUTO'"
                                    << "cast_error";
    QTest::newRow("snowflake v005") << "snowflake"
                                    << ""
                                    << "Invalid option 'FOO' is not recognized"
                                    << "other";
    QTest::newRow("clickhouse v006") << "clickhouse"
                                     << ""
                                     << "Code: 1001. DB::Exception: parquet::ParquetException: "
                                        "Invalid parquet file. Corrupt footer. (STD_EXCEPTION)"
                                     << "storage_format";
    // Captured from PostgreSQL 15, SQLite 3.40 and MariaDB 10.11 clients (batch mode echoes the
    // statement).
    QTest::newRow("real pg009") << "postgresql"
                                << ""
                                << "ERROR:  column \"ann\" does not exist\nLINE 1: SELECT Ann FROM "
                                   "users\n               ^"
                                << "column_missing";
    QTest::newRow("real pg017") << "postgresql"
                                << ""
                                << "ERROR:  operator does not exist: text[] = text\nLINE 1: SELECT "
                                   "* FROM orders WHERE tags = 'a'::text\n                         "
                                   "               ^\nHINT:  No operator matches the given name "
                                   "and argument types. You might need to add explicit type casts."
                                << "operator_mismatch";
    QTest::newRow("real pg022")
            << "postgresql"
            << ""
            << "ERROR:  column \"created_at\" is of type timestamp without time zone but "
               "expression is of type integer\nLINE 1: INSERT INTO orders(id, created_at) VALUES "
               "(5, 5)\n                                                      ^\nHINT:  You will "
               "need to rewrite or cast the expression."
            << "operator_mismatch";
    QTest::newRow("real pg030") << "postgresql"
                                << ""
                                << "ERROR:  \"1e400\" is out of range for type double "
                                   "precision\nLINE 1: SELECT '1e400'::float8\n               ^"
                                << "cast_error";
    QTest::newRow("real pg033")
            << "postgresql"
            << ""
            << "ERROR:  invalid input syntax for type json\nLINE 1: SELECT '{a:'::json\n           "
               "    ^\nDETAIL:  Token \"a\" is invalid.\nCONTEXT:  JSON data, line 1: {a..."
            << "cast_error";
    QTest::newRow("real pg037")
            << "postgresql"
            << ""
            << "ERROR:  invalid value \"abc\" for \"YYYY\"\nDETAIL:  Value must be an integer."
            << "cast_error";
    QTest::newRow("real pg041") << "postgresql"
                                << ""
                                << "ERROR:  LIMIT #,# syntax is not supported\nLINE 1: SELECT * "
                                   "FROM orders LIMIT 10,20\n                             ^\nHINT: "
                                   " Use separate LIMIT and OFFSET clauses."
                                << "syntax";
    QTest::newRow("real pg043")
            << "postgresql"
            << ""
            << "ERROR:  subquery in FROM must have an alias\nLINE 1: SELECT * FROM (SELECT 1)\n    "
               "                  ^\nHINT:  For example, FROM (SELECT ...) [AS] foo."
            << "syntax";
    QTest::newRow("real pg052") << "postgresql"
                                << ""
                                << "ERROR:  aggregate function calls cannot be nested\nLINE 1: "
                                   "SELECT sum(count(*)) FROM orders\n                   ^"
                                << "group_by";
    QTest::newRow("real pg054") << "postgresql"
                                << ""
                                << "ERROR:  window functions are not allowed in WHERE\nLINE 1: "
                                   "SELECT row_number() OVER () FROM orders WHERE row_number() "
                                   "O...\n                                                      ^"
                                << "group_by";
    QTest::newRow("real pg064") << "postgresql"
                                << ""
                                << "ERROR:  must be owner of table secret"
                                << "permission";
    QTest::newRow("real pg066") << "postgresql"
                                << ""
                                << "ERROR:  permission denied for database postgres"
                                << "permission";
    QTest::newRow("real pg068") << "postgresql"
                                << ""
                                << "ERROR:  temporary file size exceeds temp_file_limit (64kB)"
                                << "resource_exceeded";
    QTest::newRow("real pg069") << "postgresql"
                                << ""
                                << "ERROR:  requested length too large"
                                << "resource_exceeded";
    QTest::newRow("real pg075") << "postgresql"
                                << ""
                                << "ERROR:  LIMIT must not be negative"
                                << "other";
    QTest::newRow("real sq007")
            << "sqlite"
            << ""
            << "Error: in prepare, wrong number of arguments to function substr()\n  SELECT "
               "substr() FROM orders\n         ^--- error here"
            << "function_missing";
    QTest::newRow("real sq015")
            << "sqlite"
            << ""
            << "Error: in prepare, misuse of aggregate: count()\n  SELECT count(*) FROM orders "
               "WHERE count(*) > 1\n                      error here ---^"
            << "group_by";
    QTest::newRow("real sq016") << "sqlite"
                                << ""
                                << "Error: in prepare, misuse of aggregate function count()\n  "
                                   "SELECT sum(count(*)) FROM orders\n             ^--- error here"
                                << "group_by";
    QTest::newRow("real sq021") << "sqlite"
                                << ""
                                << "Error: in prepare, sub-select returns 2 columns - expected 1"
                                << "operator_mismatch";
    QTest::newRow("real sq024")
            << "sqlite"
            << ""
            << "Error: in prepare, table orders has 5 columns but 2 values were supplied"
            << "other";
    QTest::newRow("real my001") << "mariadb"
                                << ""
                                << "--------------\nSELECT * FROM orderz\n--------------\n\nERROR "
                                   "1146 (42S02) at line 1: Table 'shop.orderz' doesn't exist"
                                << "table_missing";
    QTest::newRow("real my005") << "mariadb"
                                << ""
                                << "--------------\nSELECT * FROM orders o JOIN users u ON o.uid = "
                                   "u.id\n--------------\n\nERROR 1054 (42S22) at line 1: Unknown "
                                   "column 'o.uid' in 'ON'"
                                << "column_missing";
    QTest::newRow("real my016") << "mariadb"
                                << ""
                                << "--------------\nSELECT user_id, status, count(*) FROM orders "
                                   "GROUP BY user_id\n--------------\n\nERROR 1055 (42000) at line "
                                   "1: 'shop.orders.status' isn't in GROUP BY"
                                << "group_by";
    QTest::newRow("real my026") << "mariadb"
                                << ""
                                << "--------------\nSELECT * FROM orders WHERE (id, status) = "
                                   "1\n--------------\n\nERROR 4078 (HY000) at line 1: Illegal "
                                   "parameter data types row and int for operation '='"
                                << "operator_mismatch";
    QTest::newRow("real my027") << "mariadb"
                                << ""
                                << "--------------\nSELECT * FROM orders WHERE id IN (SELECT id, "
                                   "status FROM orders)\n--------------\n\nERROR 1241 (21000) at "
                                   "line 1: Operand should contain 1 column(s)"
                                << "operator_mismatch";
    QTest::newRow("real my028")
            << "mariadb"
            << ""
            << "--------------\nSELECT CAST(id AS text) FROM orders\n--------------\n\nERROR 1064 "
               "(42000) at line 1: You have an error in your SQL syntax; check the manual that "
               "corresponds to your MariaDB server version for the right syntax to use near 'text) "
               "FROM orders' at line 1"
            << "syntax";
}

void tst_Classifier::unseenMessages()
{
    QFETCH(QString, engine);
    QFETCH(QString, code);
    QFETCH(QString, message);
    QFETCH(QString, expected);
    const Engine e = engineFromName(engine);
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(e, message, code));
    const Classification result = Classifier::classify(e, error);
    QVERIFY2(errorClassName(result.errorClass) == expected,
             qPrintable(u"got %1 by %2 for root cause: %3"_s.arg(errorClassName(result.errorClass),
                                                                 result.rule, error.rootCause)));
}

void tst_Classifier::ruleAndFlags_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("byCode");
    QTest::addColumn<bool>("terminal");

    QTest::newRow("sqlstate") << "postgresql"
                              << "42P01"
                              << "ERROR:  relation \"x\" does not exist"
                              << "sqlstate:42P01" << true << false;
    QTest::newRow("errno") << "mariadb"
                           << "1146"
                           << "Table 'shop.x' doesn't exist"
                           << "errno:1146" << true << false;
    QTest::newRow("qpsql suffix code")
            << "postgresql"
            << ""
            << "ERROR:  permission denied for table t\n(42501) QPSQL: Unable to create query"
            << "sqlstate:42501" << true << true;
    QTest::newRow("text column") << "postgresql"
                                 << ""
                                 << "ERROR:  column \"x\" does not exist"
                                 << "text:column/quoted-does-not-exist" << false << false;
    QTest::newRow("sqlite generic code") << "sqlite"
                                         << "1"
                                         << "no such table: t Unable to execute statement"
                                         << "text:relation/no-such-table" << false << false;
    QTest::newRow("1290 memory")
            << "mariadb"
            << "1290"
            << "The MariaDB server is running with the --max-session-mem-used=8192 option so it "
               "cannot execute this statement"
            << "errno:1290" << true << false;
    QTest::newRow("1290 read-only") << "mariadb"
                                    << "1290"
                                    << "The MariaDB server is running with the --read-only option "
                                       "so it cannot execute this statement"
                                    << "errno:1290" << true << true;
    QTest::newRow("errno without engine") << "unknown"
                                          << ""
                                          << "ERROR 1146 (42S02): Table 'shop.x' doesn't exist"
                                          << "errno:1146" << true << false;
    QTest::newRow("clickhouse code without engine")
            << "unknown"
            << ""
            << "Code: 164. DB::Exception: Cannot execute query in readonly mode. (READONLY)"
            << "clickhouse:164" << true << true;
    QTest::newRow("default") << "postgresql"
                             << ""
                             << "something unheard of happened"
                             << "default" << false << false;
}

void tst_Classifier::ruleAndFlags()
{
    QFETCH(QString, engine);
    QFETCH(QString, code);
    QFETCH(QString, message);
    QFETCH(QString, rule);
    QFETCH(bool, byCode);
    QFETCH(bool, terminal);
    const Engine e = engineFromName(engine);
    const Classification result = Classifier::classify(
            e, Decapsulator::decapsulate(EngineError::fromText(e, message, code)));
    QCOMPARE(result.rule, rule);
    QCOMPARE(result.byCode, byCode);
    QCOMPARE(result.terminal, terminal);
    QCOMPARE(result.terminal, isTerminal(result.errorClass));
}

// MariaDB checks the EXECUTE privilege before it looks a routine up: a user without it gets
// "execute command denied" for a function MariaDB does not have. A query that calls that name
// calls a function it cannot have; a CALL, another statement, or no statement stays a refusal.
void tst_Classifier::refusedRoutine_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("rule");
    QTest::newRow("a query calls it") << u"SELECT strftime('%Y', created_at) FROM orders"_s
                                      << u"function_missing"_s << u"errno:1370+call"_s;
    QTest::newRow("in a WITH, another letter case")
            << u"WITH t AS (SELECT id FROM orders) SELECT STRFTIME('%Y', id) FROM t"_s
            << u"function_missing"_s << u"errno:1370+call"_s;
    QTest::newRow("no statement") << QString() << u"permission"_s << u"errno:1370"_s;
    QTest::newRow("a CALL") << u"CALL strftime('%Y')"_s << u"permission"_s << u"errno:1370"_s;
    QTest::newRow("the name is not called")
            << u"SELECT strftime FROM orders"_s << u"permission"_s << u"errno:1370"_s;
    QTest::newRow("only in a comment")
            << u"SELECT id FROM orders -- strftime(x)"_s << u"permission"_s << u"errno:1370"_s;
    // Without the code, the server's words decide the same way.
    QTest::newRow("by text") << u"SELECT strftime('%Y', created_at) FROM orders"_s
                             << u"function_missing"_s
                             << u"text:privilege/routine-not-executable+call"_s;
}

void tst_Classifier::refusedRoutine()
{
    QFETCH(QString, statement);
    QFETCH(QString, errorClass);
    QFETCH(QString, rule);
    const EngineError error = EngineError::fromText(
            Engine::MariaDB,
            u"execute command denied to user 'sqlmend_ro'@'%' for routine 'shop.strftime'"_s,
            qstrcmp(QTest::currentDataTag(), "by text") == 0 ? QString() : u"1370"_s);
    const Classification result =
            Classifier::classify(Engine::MariaDB, Decapsulator::decapsulate(error), statement);
    QCOMPARE(errorClassName(result.errorClass), errorClass);
    QCOMPARE(result.rule, rule);
    QCOMPARE(result.terminal, isTerminal(result.errorClass));
    QCOMPARE(result.match.capture(Capture::Function),
             errorClass == u"function_missing" ? u"strftime"_s : QString());
}

void tst_Classifier::guardRefusal_data()
{
    QTest::addColumn<QString>("engine");
    for (const char *name : {"postgresql", "mysql", "mariadb", "sqlite", "duckdb", "clickhouse",
                             "sqlserver", "oracle", "odbc", "unknown"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void tst_Classifier::guardRefusal()
{
    QFETCH(QString, engine);
    const Engine e = engineFromName(engine);
    const EngineError error = EngineError::fromOrigin(
            ErrorOrigin::Guard, e,
            u"SQLMend guard: only one read-only statement is allowed; got DELETE"_s, u"25006"_s);
    const Classification result = Classifier::classify(e, Decapsulator::decapsulate(error));
    QCOMPARE(result.errorClass, ErrorClass::ReadOnlyViolation);
    QVERIFY(result.terminal);
}

void tst_Classifier::identifiersAreNotCasts_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("expected");
    QTest::newRow("forecast column") << "ERROR:  column \"forecast\" does not exist"
                                     << "column_missing";
    QTest::newRow("broadcast table") << "ERROR:  relation \"broadcast\" does not exist"
                                     << "table_missing";
    QTest::newRow("forecast syntax") << "ERROR:  syntax error at or near \"forecast\""
                                     << "syntax";
    QTest::newRow("podcasts function") << "ERROR:  function podcasts(integer) does not exist"
                                       << "function_missing";
}

void tst_Classifier::identifiersAreNotCasts()
{
    QFETCH(QString, message);
    QFETCH(QString, expected);
    const Classification result = Classifier::classify(
            Engine::PostgreSQL,
            Decapsulator::decapsulate(EngineError::fromText(Engine::PostgreSQL, message)));
    QCOMPARE(errorClassName(result.errorClass), expected);
}

QTEST_GUILESS_MAIN(tst_Classifier)
#include "tst_classifier.moc"
