#include "core/sql/functiondenylist.h"
#include "core/sql/statementguard.h"

#include <QFile>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

struct Row
{
    QString id;
    QList<Engine> engines;
    QString sql;
    QString last; // what the row attempts, or the expected kind
};

// The escapes documented at the top of the data files.
QString unescape(QStringView text)
{
    QString result;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) != u'\\' || i + 1 == text.size()) {
            result += text.at(i);
            continue;
        }
        const QChar next = text.at(++i);
        if (next == u'n') {
            result += u'\n';
        } else if (next == u'r') {
            result += u'\r';
        } else if (next == u't') {
            result += u'\t';
        } else if (next == u'\\') {
            result += u'\\';
        } else if (next == u'u' && i + 4 < text.size()) {
            result += QChar(text.sliced(i + 1, 4).toUShort(nullptr, 16));
            i += 4;
        } else {
            result += u'\\';
            result += next;
        }
    }
    return result;
}

QList<Engine> parseEngines(const QString &column)
{
    if (column == u"all")
        return {Engine::PostgreSQL, Engine::MySQL, Engine::MariaDB, Engine::SQLite};
    QList<Engine> engines;
    for (const QString &name : column.split(u',')) {
        const Engine engine = engineFromName(name);
        if (engine == Engine::Unknown)
            qFatal("unknown engine %s", qPrintable(name));
        engines.append(engine);
    }
    return engines;
}

QList<Row> readRows(const QString &fileName)
{
    QFile file(QStringLiteral(SQLMEND_TEST_DATA_DIR) + u'/' + fileName);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        qFatal("cannot open %s", qPrintable(file.fileName()));
    QList<Row> rows;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    for (const QString &line : lines) {
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList columns = line.split(u'\t');
        if (columns.size() != 4)
            qFatal("%s: not four columns: %s", qPrintable(fileName), qPrintable(line));
        rows.append({columns.at(0), parseEngines(columns.at(1)), unescape(columns.at(2)),
                     columns.at(3)});
    }
    return rows;
}

} // namespace

class tst_StatementGuard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dataFilesAreLargeEnough();
    void refusesWriteAttempts_data();
    void refusesWriteAttempts();
    void allowsReadOnlyQueries_data();
    void allowsReadOnlyQueries();
    void refusesEmptyInput_data();
    void refusesEmptyInput();
    void pointsAtTheOffendingToken_data();
    void pointsAtTheOffendingToken();
    void reasonsNameTheCause_data();
    void reasonsNameTheCause();
    void refusalBecomesReadOnlyViolation();
    void parserErrorIsTheEnginesSyntaxError();
    void severalReadsAreNoWrite_data();
    void severalReadsAreNoWrite();
    void functionRefusalsNameTheFunction_data();
    void functionRefusalsNameTheFunction();
    void denylistIsData();
    void runnableTextDropsTrailingNoise_data();
    void runnableTextDropsTrailingNoise();
    void unknownEnginesReadBothWays_data();
    void unknownEnginesReadBothWays();
    void otherDialects_data();
    void otherDialects();
    void clickHouse_data();
    void clickHouse();
    void survivesHostileInput_data();
    void survivesHostileInput();
};

void tst_StatementGuard::dataFilesAreLargeEnough()
{
    const QList<Row> writes = readRows(u"write_attempts.tsv"_s);
    const QList<Row> reads = readRows(u"read_only_queries.tsv"_s);
    QCOMPARE_GE(writes.size(), 170);
    QCOMPARE_GE(reads.size(), 60);
    QSet<QString> ids;
    for (const Row &row : writes + reads) {
        QVERIFY2(!ids.contains(row.id), qPrintable(row.id));
        ids.insert(row.id);
    }
}

void tst_StatementGuard::refusesWriteAttempts_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    for (const Row &row : readRows(u"write_attempts.tsv"_s)) {
        for (Engine engine : row.engines) {
            QTest::addRow("%s/%s", qPrintable(row.id), qPrintable(engineName(engine)))
                    << row.sql << int(engine);
        }
        // Where the dialect is unknown the guard must be at least as strict.
        QTest::addRow("%s/unknown", qPrintable(row.id)) << row.sql << int(Engine::Unknown);
    }
}

void tst_StatementGuard::refusesWriteAttempts()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY2(!verdict.allowed, qPrintable(u"allowed as "_s + verdict.kind));
    QVERIFY(!verdict.reason.isEmpty());
    QCOMPARE_GE(verdict.offset, 0);
    QCOMPARE_LE(verdict.offset, sql.size());
}

void tst_StatementGuard::allowsReadOnlyQueries_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("kind");
    for (const Row &row : readRows(u"read_only_queries.tsv"_s)) {
        for (Engine engine : row.engines) {
            QTest::addRow("%s/%s", qPrintable(row.id), qPrintable(engineName(engine)))
                    << row.sql << int(engine) << row.last;
        }
    }
}

void tst_StatementGuard::allowsReadOnlyQueries()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(QString, kind);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY2(verdict.allowed, qPrintable(verdict.reason));
    QCOMPARE(verdict.kind, kind);
    QVERIFY(verdict.reason.isEmpty());
}

void tst_StatementGuard::refusesEmptyInput_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    const QList<std::pair<const char *, QString>> inputs{
            {"empty", QString()},
            {"spaces", u"   \t\n "_s},
            {"line comment", u"-- nothing here"_s},
            {"block comment", u"/* nothing */"_s},
            {"semicolons", u"; ;"_s},
    };
    for (const auto &[name, sql] : inputs) {
        for (Engine engine : {Engine::PostgreSQL, Engine::MySQL, Engine::SQLite, Engine::Unknown})
            QTest::addRow("%s/%s", name, qPrintable(engineName(engine))) << sql << int(engine);
    }
}

void tst_StatementGuard::refusesEmptyInput()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY(!verdict.allowed);
    QVERIFY2(verdict.reason.contains(u"empty"_s), qPrintable(verdict.reason));
}

void tst_StatementGuard::pointsAtTheOffendingToken_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<qsizetype>("offset");
    const QString second = u"SELECT 1; DELETE FROM orders"_s;
    QTest::newRow("second/pg") << second << int(Engine::PostgreSQL) << qsizetype(10);
    QTest::newRow("second/mysql") << second << int(Engine::MySQL) << qsizetype(10);
    QTest::newRow("second/sqlite") << second << int(Engine::SQLite) << qsizetype(10);
    const QString cte = u"WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d"_s;
    QTest::newRow("cte/pg") << cte << int(Engine::PostgreSQL) << qsizetype(5);
    QTest::newRow("cte/sqlite") << cte << int(Engine::SQLite) << qsizetype(11);
    const QString into = u"SELECT * FROM users INTO OUTFILE '/tmp/x'"_s;
    QTest::newRow("into/mysql") << into << int(Engine::MySQL) << qsizetype(20);
    QTest::newRow("function/pg") << u"SELECT 'é', setval('s', 1)"_s << int(Engine::PostgreSQL)
                                 << qsizetype(12);
    QTest::newRow("parse error/pg")
            << u"SELECT 'éé', x FRM y"_s << int(Engine::PostgreSQL) << qsizetype(19);
    QTest::newRow("unterminated/sqlite")
            << u"SELECT 1, 'abc"_s << int(Engine::SQLite) << qsizetype(10);
    QTest::newRow("drop/mysql") << u"  -- c\n DROP TABLE t"_s << int(Engine::MySQL) << qsizetype(8);
    QTest::newRow("pragma/sqlite")
            << u"PRAGMA query_only = 0"_s << int(Engine::SQLite) << qsizetype(18);
}

void tst_StatementGuard::pointsAtTheOffendingToken()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(qsizetype, offset);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY(!verdict.allowed);
    QCOMPARE(verdict.offset, offset);
}

void tst_StatementGuard::reasonsNameTheCause_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("kind") << u"drop table users"_s << int(Engine::SQLite) << u"DROP"_s;
    QTest::newRow("kind/pg") << u"truncate orders"_s << int(Engine::PostgreSQL) << u"TRUNCATE"_s;
    QTest::newRow("two statements") << u"SELECT 1; SELECT 2"_s << int(Engine::MySQL) << u"2"_s;
    QTest::newRow("into") << u"SELECT 1 INTO @x"_s << int(Engine::MariaDB) << u"INTO"_s;
    QTest::newRow("lock/pg") << u"SELECT * FROM t FOR NO KEY UPDATE"_s << int(Engine::PostgreSQL)
                             << u"FOR NO KEY UPDATE"_s;
    QTest::newRow("lock/mysql") << u"SELECT * FROM t FOR UPDATE"_s << int(Engine::MySQL)
                                << u"FOR UPDATE"_s;
    QTest::newRow("cte/pg") << u"WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d"_s
                            << int(Engine::PostgreSQL) << u"DELETE"_s;
    QTest::newRow("function") << u"SELECT load_file('/etc/passwd')"_s << int(Engine::MySQL)
                              << u"load_file"_s;
    QTest::newRow("pragma") << u"PRAGMA writable_schema = 1"_s << int(Engine::SQLite)
                            << u"writable_schema"_s;
    QTest::newRow("parser") << u"SELEC 1"_s << int(Engine::PostgreSQL) << u"syntax error"_s;
    QTest::newRow("executable comment")
            << u"SELECT 1 /*!50000 , 2 */"_s << int(Engine::MySQL) << u"/*!"_s;
    QTest::newRow("explain") << u"EXPLAIN ANALYZE DELETE FROM t"_s << int(Engine::PostgreSQL)
                             << u"DELETE"_s;
    QTest::newRow("unterminated") << u"SELECT 'abc"_s << int(Engine::SQLite) << u"string"_s;
}

void tst_StatementGuard::reasonsNameTheCause()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(QString, fragment);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY(!verdict.allowed);
    QVERIFY2(verdict.reason.contains(fragment), qPrintable(verdict.reason));
}

void tst_StatementGuard::refusalBecomesReadOnlyViolation()
{
    const GuardVerdict verdict = StatementGuard::check(u"DELETE FROM orders", Engine::MariaDB);
    QVERIFY(!verdict.allowed);
    QCOMPARE(verdict.kind, u"delete"_s);
    const EngineError error = verdict.toEngineError(Engine::MariaDB);
    QCOMPARE(error.engine, Engine::MariaDB);
    QCOMPARE(error.nativeCode, u"25006"_s);
    QCOMPARE(error.rawText(), u"SQLMend guard: "_s + verdict.reason);
}

// A query PostgreSQL's grammar cannot read is that engine's syntax error, in the grammar's words;
// other text it cannot read stays the guard's refusal of text that is not SQL.
void tst_StatementGuard::parserErrorIsTheEnginesSyntaxError()
{
    const GuardVerdict verdict = StatementGuard::check(
            u"SELECT user_id FROM orders GROUP BY user_id WHERE total > 20", Engine::PostgreSQL);
    QVERIFY(!verdict.allowed);
    QVERIFY(verdict.malformed);
    QCOMPARE(verdict.parserMessage, u"syntax error at or near \"WHERE\""_s);
    const EngineError error = verdict.toEngineError(Engine::PostgreSQL);
    QCOMPARE(error.origin, ErrorOrigin::Engine);
    QCOMPARE(error.nativeCode, u"42601"_s);
    QCOMPARE(error.rawText(), verdict.parserMessage);

    const GuardVerdict prose = StatementGuard::check(u"SELEC 1", Engine::PostgreSQL);
    QVERIFY(!prose.allowed);
    QVERIFY(prose.parserMessage.isEmpty());
    QCOMPARE(prose.toEngineError(Engine::PostgreSQL).origin, ErrorOrigin::Guard);
}

void tst_StatementGuard::severalReadsAreNoWrite_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<bool>("multiple");
    for (Engine engine : {Engine::PostgreSQL, Engine::MariaDB, Engine::SQLite, Engine::Unknown}) {
        const QByteArray name = engineName(engine).toLatin1();
        QTest::addRow("reads/%s", name.constData())
                << u"SELECT 1; SELECT 2"_s << int(engine) << true;
        QTest::addRow("three reads/%s", name.constData())
                << u"SELECT 1; SELECT 2; SELECT 3"_s << int(engine) << true;
        QTest::addRow("read, write/%s", name.constData())
                << u"SELECT 1; DELETE FROM orders"_s << int(engine) << false;
        QTest::addRow("write, read/%s", name.constData())
                << u"DROP TABLE users; SELECT 1"_s << int(engine) << false;
    }
}

// Several read-only statements are refused as "one at a time": a syntax error for the model to
// fix, not a write attempt; one write among them keeps the refusal a write.
void tst_StatementGuard::severalReadsAreNoWrite()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(bool, multiple);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY(!verdict.allowed);
    QCOMPARE(verdict.multiple, multiple);
    const EngineError error = verdict.toEngineError(Engine(engine));
    if (multiple) {
        QVERIFY2(verdict.reason.contains(u"one statement"_s)
                         || verdict.reason.contains(u"one by one"_s),
                 qPrintable(verdict.reason));
        QVERIFY(error.rawText().startsWith(u"syntax error: "_s));
        QVERIFY(error.nativeCode != u"25006"_s);
    } else {
        QCOMPARE(error.nativeCode, u"25006"_s);
        QCOMPARE_GE(verdict.offset, 0);
    }
}

void tst_StatementGuard::functionRefusalsNameTheFunction_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("function");
    const int pg = int(Engine::PostgreSQL);
    QTest::newRow("slot copy") << u"SELECT pg_copy_physical_replication_slot('a', 'b')"_s << pg
                               << u"pg_copy_physical_replication_slot"_s;
    QTest::newRow("slot advance") << u"SELECT pg_replication_slot_advance('a', '0/0')"_s << pg
                                  << u"pg_replication_slot_advance"_s;
    QTest::newRow("brin") << u"SELECT brin_summarize_new_values('i'::regclass)"_s << pg
                          << u"brin_summarize_new_values"_s;
    QTest::newRow("brin range") << u"SELECT brin_desummarize_range('i'::regclass, 0)"_s << pg
                                << u"brin_desummarize_range"_s;
    QTest::newRow("lowrite") << u"SELECT lowrite(lo_open(1, 131072), 'x')"_s << pg << u"lowrite"_s;
    QTest::newRow("lo_truncate64") << u"SELECT lo_truncate64(0, 1)"_s << pg << u"lo_truncate64"_s;
    QTest::newRow("txid") << u"SELECT txid_current()"_s << pg << u"txid_current"_s;
    QTest::newRow("xact id") << u"SELECT pg_catalog.pg_current_xact_id()"_s << pg
                             << u"pg_current_xact_id"_s;
    QTest::newRow("set_config") << u"SELECT set_config('standard_conforming_strings', 'off', "
                                   "false)"_s
                                << pg << u"set_config"_s;
    QTest::newRow("in a subquery")
            << u"SELECT * FROM (SELECT ts_stat('SELECT 1')) s"_s << pg << u"ts_stat"_s;
    QTest::newRow("mariadb lock") << u"SELECT GET_LOCK('x', 1)"_s << int(Engine::MariaDB)
                                  << u"GET_LOCK"_s;
    QTest::newRow("sqlite file") << u"SELECT writefile('/tmp/x', 'y')"_s << int(Engine::SQLite)
                                 << u"writefile"_s;
    QTest::newRow("unknown engine")
            << u"SELECT lowrite(0, 'x')"_s << int(Engine::Unknown) << u"lowrite"_s;
}

void tst_StatementGuard::functionRefusalsNameTheFunction()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(QString, function);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY2(!verdict.allowed, qPrintable(sql));
    QVERIFY2(verdict.reason.contains(function), qPrintable(verdict.reason));
    QCOMPARE(verdict.toEngineError(Engine(engine)).nativeCode, u"25006"_s);
}

// The list is data in the binary; every row reads, and harmless functions stay allowed.
void tst_StatementGuard::denylistIsData()
{
    const FunctionDenylist &list = FunctionDenylist::instance();
    QVERIFY2(list.problems().isEmpty(), qPrintable(list.problems().join(u'\n')));
    QCOMPARE_GE(list.functions(u"postgresql"_s).size(), 240);
    QCOMPARE(list.effect(u"LOWRITE", Engine::PostgreSQL), FunctionEffect::Writes);
    QCOMPARE(list.effect(u"random", Engine::PostgreSQL), FunctionEffect::Harmless);
    QVERIFY(!list.refuses(u"random", Engine::PostgreSQL));
    QVERIFY(!list.refuses(u"coalesce", Engine::PostgreSQL));
    QVERIFY(list.refuses(u"nextval", Engine::Hologres));
    QVERIFY(!list.refuses(u"lowrite", Engine::SQLite));
    QVERIFY(StatementGuard::check(u"SELECT random(), clock_timestamp(), pg_sleep(0)",
                                  Engine::PostgreSQL)
                    .allowed);
    // A list that cannot be read refuses every call rather than none.
    const FunctionDenylist unreadable{QString()};
    QVERIFY(unreadable.refuses(u"random", Engine::PostgreSQL));
    const FunctionDenylist broken{u"postgresql\tf\tno_such_effect\tnote\n"_s};
    QCOMPARE(broken.problems().size(), 1);
}

void tst_StatementGuard::runnableTextDropsTrailingNoise_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("text");
    QTest::newRow(";;") << u"SELECT 1;;"_s << int(Engine::SQLite) << u"SELECT 1"_s;
    QTest::newRow("; comment") << u"SELECT 1; -- done\n"_s << int(Engine::SQLite) << u"SELECT 1"_s;
    QTest::newRow("comment first stays")
            << u"/* why */ SELECT 1 ;"_s << int(Engine::PostgreSQL) << u"/* why */ SELECT 1"_s;
    QTest::newRow("hash comment") << u"SELECT 1 # note"_s << int(Engine::MariaDB) << u"SELECT 1"_s;
    QTest::newRow("several stay several") << u"SELECT 1; DROP TABLE t;"_s << int(Engine::PostgreSQL)
                                          << u"SELECT 1; DROP TABLE t"_s;
    QTest::newRow("string with ;") << u"SELECT ';' ;"_s << int(Engine::MySQL) << u"SELECT ';'"_s;
    QTest::newRow("executable comment stays")
            << u"SELECT 1 /*! , 2 */;"_s << int(Engine::MySQL) << u"SELECT 1 /*! , 2 */"_s;
}

void tst_StatementGuard::runnableTextDropsTrailingNoise()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(QString, text);
    QCOMPARE(StatementGuard::runnableText(sql, Engine(engine)), text);
}

void tst_StatementGuard::unknownEnginesReadBothWays_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<bool>("allowed");
    // Under ANSI_QUOTES "a\" is an identifier and the DELETE would run.
    const QString ansi = u"SELECT \"a\\\"; DELETE FROM orders; -- \""_s;
    QTest::newRow("ansi quotes/mysql") << ansi << int(Engine::MySQL) << false;
    // With backslash escapes '\'' holds a quote and the DELETE would run.
    const QString backslash = u"SELECT '\\''; DELETE FROM orders; --'"_s;
    // SQLite has no backslash escapes: there it is two adjacent strings, a harmless error.
    QTest::newRow("backslash/sqlite") << backslash << int(Engine::SQLite) << true;
    QTest::newRow("backslash/unknown") << backslash << int(Engine::Unknown) << false;
    QTest::newRow("backslash/odbc") << backslash << int(Engine::Odbc) << false;
    QTest::newRow("plain/unknown") << u"SELECT id FROM users"_s << int(Engine::Unknown) << true;
    QTest::newRow("plain/odbc") << u"SELECT 'x' AS y"_s << int(Engine::Odbc) << true;
    QTest::newRow("double quotes/mysql") << u"SELECT \"it's\" AS s"_s << int(Engine::MySQL) << true;
}

void tst_StatementGuard::unknownEnginesReadBothWays()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(bool, allowed);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY2(verdict.allowed == allowed, qPrintable(verdict.reason));
}

void tst_StatementGuard::otherDialects_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("engine");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("kind");
    QTest::newRow("clickhouse with expression") << u"WITH 10 AS n SELECT id FROM users LIMIT n"_s
                                                << int(Engine::ClickHouse) << true << u"with"_s;
    QTest::newRow("clickhouse with expression into insert")
            << u"WITH 10 AS n INSERT INTO users SELECT n"_s << int(Engine::ClickHouse) << false
            << u"with"_s;
    QTest::newRow("clickhouse describe")
            << u"DESCRIBE TABLE users"_s << int(Engine::ClickHouse) << true << u"describe"_s;
    QTest::newRow("clickhouse explain syntax")
            << u"EXPLAIN SYNTAX SELECT 1"_s << int(Engine::ClickHouse) << true << u"explain"_s;
    QTest::newRow("sql server top and brackets")
            << u"SELECT TOP 5 [id] FROM [dbo].[users] WITH (NOLOCK)"_s << int(Engine::SqlServer)
            << true << u"select"_s;
    QTest::newRow("sql server updlock") << u"SELECT * FROM users WITH (UPDLOCK)"_s
                                        << int(Engine::SqlServer) << false << u"select"_s;
    QTest::newRow("sql server into temp table")
            << u"SELECT * INTO #t FROM users"_s << int(Engine::SqlServer) << false << u"select"_s;
    QTest::newRow("sql server exec")
            << u"EXEC sp_who"_s << int(Engine::SqlServer) << false << u"exec"_s;
    QTest::newRow("sql server xp_cmdshell")
            << u"SELECT * FROM OPENROWSET('SQLNCLI', 'x', 'DELETE FROM t')"_s
            << int(Engine::SqlServer) << false << u"select"_s;
    QTest::newRow("snowflake dollar string")
            << u"SELECT $$a;b$$ AS s"_s << int(Engine::Snowflake) << true << u"select"_s;
    QTest::newRow("duckdb pragma")
            << u"PRAGMA table_info('users')"_s << int(Engine::DuckDB) << true << u"pragma"_s;
    QTest::newRow("duckdb attach")
            << u"ATTACH 'x.db' AS x"_s << int(Engine::DuckDB) << false << u"attach"_s;
    QTest::newRow("trino show") << u"SHOW TABLES FROM hive.web"_s << int(Engine::Trino) << true
                                << u"show"_s;
    QTest::newRow("bigquery backticks") << u"SELECT * FROM `proj.ds.users` # note"_s
                                        << int(Engine::BigQuery) << true << u"select"_s;
    QTest::newRow("redshift is parsed as postgresql")
            << u"WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d"_s << int(Engine::Redshift)
            << false << u"with"_s;
    QTest::newRow("hologres select")
            << u"SELECT id FROM users"_s << int(Engine::Hologres) << true << u"select"_s;
    QTest::newRow("pragma is sqlite only")
            << u"PRAGMA table_info(users)"_s << int(Engine::MySQL) << false << u"pragma"_s;
}

void tst_StatementGuard::otherDialects()
{
    QFETCH(QString, sql);
    QFETCH(int, engine);
    QFETCH(bool, allowed);
    QFETCH(QString, kind);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine(engine));
    QVERIFY2(verdict.allowed == allowed, qPrintable(verdict.reason));
    QCOMPARE(verdict.kind, kind);
}

// ClickHouse's lexing (backslashes in strings and names, '#' comments), the clauses that change
// the request, and the table functions that reach outside the server.
void tst_StatementGuard::clickHouse_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reasonHas");
    QTest::newRow("plain") << u"SELECT count() FROM shop.orders_all"_s << true << QString();
    QTest::newRow("numbers is local")
            << u"SELECT sum(number) FROM numbers(10)"_s << true << QString();
    QTest::newRow("backquoted name")
            << u"SELECT `order id` FROM `shop`.`orders`"_s << true << QString();
    QTest::newRow("hash comment hides nothing")
            << u"SELECT 1 # ; DROP TABLE t"_s << true << QString();
    QTest::newRow("backslash quote in a string")
            << u"SELECT 'it\\'s; DROP TABLE t' AS s"_s << true << QString();
    QTest::newRow("backslash quote in a name")
            << u"SELECT \"a\\\" ; DROP TABLE t -- \" FROM t"_s << true << QString();
    QTest::newRow("backslash in a backquoted name hides a call")
            << u"SELECT `a\\` , url('http://x', CSV, 'a String') , ` FROM t"_s << true << QString();
    QTest::newRow("url") << u"SELECT * FROM url('http://127.0.0.1:1/', CSV, 'a String')"_s << false
                         << u"url"_s;
    QTest::newRow("URL upper case")
            << u"SELECT * FROM URL('http://127.0.0.1:1/', CSV, 'a String')"_s << false << u"URL"_s;
    QTest::newRow("file") << u"SELECT * FROM file('x.csv', CSV, 'a String')"_s << false
                          << u"file"_s;
    QTest::newRow("s3") << u"SELECT * FROM s3('http://h/b/k', 'CSV', 'a String')"_s << false
                        << u"s3"_s;
    QTest::newRow("remote") << u"SELECT * FROM remote('10.0.0.1:9000', system.one)"_s << false
                            << u"remote"_s;
    QTest::newRow("remoteSecure in a join")
            << u"SELECT * FROM t JOIN remoteSecure('h', db.t2) AS r ON t.id = r.id"_s << false
            << u"remoteSecure"_s;
    QTest::newRow("cluster") << u"SELECT * FROM cluster('c', system.one)"_s << false
                             << u"cluster"_s;
    QTest::newRow("mysql") << u"SELECT * FROM mysql('h:3306', 'db', 't', 'u', 'p')"_s << false
                           << u"mysql"_s;
    QTest::newRow("postgresql") << u"SELECT * FROM postgresql('h:5432', 'db', 't', 'u', 'p')"_s
                                << false << u"postgresql"_s;
    QTest::newRow("jdbc") << u"SELECT * FROM jdbc('ds', 'db', 't')"_s << false << u"jdbc"_s;
    QTest::newRow("odbc") << u"SELECT * FROM odbc('DSN=x', 't')"_s << false << u"odbc"_s;
    QTest::newRow("hdfs") << u"SELECT * FROM hdfs('hdfs://h/p', 'TSV', 'a String')"_s << false
                          << u"hdfs"_s;
    QTest::newRow("input") << u"SELECT * FROM input('a String')"_s << false << u"input"_s;
    QTest::newRow("executable") << u"SELECT * FROM executable('x.sh', TSV, 'a String')"_s << false
                                << u"executable"_s;
    QTest::newRow("urlCluster") << u"SELECT * FROM urlCluster('c', 'http://h/')"_s << false
                                << u"urlCluster"_s;
    QTest::newRow("s3Cluster in a subquery")
            << u"SELECT * FROM (SELECT * FROM s3Cluster('c', 'http://h/b/k'))"_s << false
            << u"s3Cluster"_s;
    QTest::newRow("dictionary is local")
            << u"SELECT * FROM dictionary('regions')"_s << true << QString();
    QTest::newRow("format clause") << u"SELECT 1 FORMAT JSON"_s << false << u"FORMAT"_s;
    QTest::newRow("format clause after a call")
            << u"SELECT count() FROM t FORMAT TabSeparatedRaw;"_s << false << u"FORMAT"_s;
    QTest::newRow("format the function")
            << u"SELECT format('{} {}', 'a', 'b')"_s << true << QString();
    QTest::newRow("format as a column")
            << u"SELECT format, id FROM t WHERE format = 'x'"_s << true << QString();
    QTest::newRow("format as an alias") << u"SELECT id AS format FROM t"_s << true << QString();
    QTest::newRow("settings clause")
            << u"SELECT * FROM t SETTINGS max_execution_time = 0"_s << false << u"SETTINGS"_s;
    QTest::newRow("settings readonly")
            << u"SELECT 1 SETTINGS readonly=0"_s << false << u"SETTINGS"_s;
    QTest::newRow("settings as a column") << u"SELECT settings FROM t"_s << true << QString();
    QTest::newRow("into outfile") << u"SELECT * FROM t INTO OUTFILE '/tmp/x.tsv'"_s << false
                                  << u"INTO"_s;
    QTest::newRow("insert") << u"INSERT INTO t VALUES (1)"_s << false << u"INSERT"_s;
    QTest::newRow("optimize") << u"OPTIMIZE TABLE t FINAL"_s << false << u"OPTIMIZE"_s;
    QTest::newRow("alter delete") << u"ALTER TABLE t DELETE WHERE 1"_s << false << u"ALTER"_s;
    QTest::newRow("system") << u"SYSTEM DROP DNS CACHE"_s << false << u"SYSTEM"_s;
    QTest::newRow("kill") << u"KILL QUERY WHERE 1"_s << false << u"KILL"_s;
    QTest::newRow("set") << u"SET readonly = 0"_s << false << u"SET"_s;
    // A newer server nests block comments: what the guard would read as a comment's end
    // there is still inside one, and the string after it is code.
    QTest::newRow("nested comment hides a call")
            << u"SELECT 1 /* /* */ ' */ , url('http://x', CSV, 'a String') -- '"_s << false
            << u"url"_s;
    // A newer server reads $tag$...$tag$ as a string (heredoc).
    QTest::newRow("heredoc hides a call")
            << u"SELECT $x$ ' $x$, url('http://x', CSV, 'a String') -- '"_s << false << u"url"_s;
}

void tst_StatementGuard::clickHouse()
{
    QFETCH(QString, sql);
    QFETCH(bool, allowed);
    QFETCH(QString, reasonHas);
    const GuardVerdict verdict = StatementGuard::check(sql, Engine::ClickHouse);
    QVERIFY2(verdict.allowed == allowed, qPrintable(sql + u" -> "_s + verdict.reason));
    if (!allowed)
        QVERIFY2(verdict.reason.contains(reasonHas), qPrintable(verdict.reason));
}

namespace {
// What survivesHostileInput() expects of every engine.
enum class Outcome { Refused, Allowed, AnyVerdict };
} // namespace

void tst_StatementGuard::survivesHostileInput_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("outcome");
    QTest::newRow("nul") << u"SELECT 1\0; DROP TABLE users"_s << int(Outcome::Refused);
    QString junk;
    for (int i = 0; i < 4096; ++i)
        junk += QChar(char16_t((i * 7919 + 13) % 0xFFFF + 1));
    QTest::newRow("binary junk") << junk << int(Outcome::Refused);
    QTest::newRow("10 MB") << u"SELECT '"_s + QString(10 * 1024 * 1024, u'x') + u"'"_s
                           << int(Outcome::Refused);
    QTest::newRow("just under the limit")
            << u"SELECT '"_s + QString(StatementGuard::maximumLength - 9, u'x') + u"'"_s
            << int(Outcome::Allowed);
    QTest::newRow("deep parentheses")
            << u"SELECT "_s + QString(20000, u'(') + u'1' + QString(20000, u')')
            << int(Outcome::AnyVerdict);
    QTest::newRow("unbalanced parentheses")
            << u"SELECT "_s + QString(20000, u'(') << int(Outcome::Refused);
    QString deepWith = u"SELECT 1"_s;
    for (int i = 0; i < 200; ++i)
        deepWith = u"WITH a AS ("_s + deepWith + u") SELECT * FROM a"_s;
    QTest::newRow("deep with") << deepWith << int(Outcome::AnyVerdict);
    QString deepExplain = u"SELECT 1"_s;
    for (int i = 0; i < 200; ++i)
        deepExplain.prepend(u"EXPLAIN "_s);
    QTest::newRow("deep explain") << deepExplain << int(Outcome::Refused);
    QTest::newRow("lone surrogate")
            << u"SELECT '"_s + QChar(0xD800) + u"' AS s"_s << int(Outcome::Allowed);
    QTest::newRow("emoji") << u"SELECT '😀' AS \"😀\""_s << int(Outcome::Allowed);
}

void tst_StatementGuard::survivesHostileInput()
{
    QFETCH(QString, sql);
    QFETCH(int, outcome);
    const QList<Engine> engines{Engine::PostgreSQL, Engine::MySQL,   Engine::SQLite,
                                Engine::SqlServer,  Engine::Unknown, Engine::ClickHouse};
    for (Engine engine : engines) {
        const GuardVerdict verdict = StatementGuard::check(sql, engine);
        QVERIFY(verdict.allowed || !verdict.reason.isEmpty());
        if (Outcome(outcome) != Outcome::AnyVerdict) {
            QVERIFY2(verdict.allowed == (Outcome(outcome) == Outcome::Allowed),
                     qPrintable(engineName(engine) + u": "_s + verdict.reason));
        }
    }
}

QTEST_GUILESS_MAIN(tst_StatementGuard)
#include "tst_statementguard.moc"
