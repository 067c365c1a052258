#include "core/errors/decapsulator.h"

#include "core/errors/classifier.h"

#include <QElapsedTimer>
#include <QLibraryInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTranslator>
#include <QRandomGenerator>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_Decapsulator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wrappers_data();
    void wrappers();
    void peerProject_data();
    void peerProject();
    void sections_data();
    void sections();
    void passthrough_data();
    void passthrough();
    void sqlErrorParts();
    void hugeMessage();
    void binaryJunk_data();
    void binaryJunk();
    void emptyInput();
    void translatedDriverText();
};

void tst_Decapsulator::wrappers_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("rootCause");
    QTest::addColumn<QString>("expectedCode");

    QTest::newRow("qpsql suffix")
            << "postgresql"
            << ""
            << "ERROR:  relation \"customers\" does not exist\nLINE 1: SELECT id FROM customers\n  "
               "                     ^\n(42P01) QPSQL: Unable to create query"
            << "relation \"customers\" does not exist"
            << "42P01";
    QTest::newRow("qpsql suffix keeps given code") << "postgresql"
                                                   << "42P01"
                                                   << "ERROR:  relation \"customers\" does not "
                                                      "exist\n(XX000) QPSQL: Unable to create query"
                                                   << "relation \"customers\" does not exist"
                                                   << "42P01";
    QTest::newRow("qpsql connect")
            << "postgresql"
            << ""
            << "connection to server at \"127.0.0.1\", port 55432 failed: FATAL:  password "
               "authentication failed for user \"pwuser\"\nQPSQL: Unable to connect"
            << "password authentication failed for user \"pwuser\""
            << "";
    QTest::newRow("qmysql execute")
            << "mariadb"
            << "1146"
            << "Table 'shop.customers' doesn't exist QMYSQL: Unable to execute query"
            << "Table 'shop.customers' doesn't exist"
            << "1146";
    QTest::newRow("qmysql store") << "mariadb"
                                  << ""
                                  << "Query execution was interrupted (max_statement_time "
                                     "exceeded) QMYSQL: Unable to store result"
                                  << "Query execution was interrupted (max_statement_time exceeded)"
                                  << "";
    QTest::newRow("qsqlite execute") << "sqlite"
                                     << "1"
                                     << "no such table: customers Unable to execute statement"
                                     << "no such table: customers"
                                     << "1";
    QTest::newRow("qsqlite fetch") << "sqlite"
                                   << ""
                                   << "attempt to write a readonly database Unable to fetch row"
                                   << "attempt to write a readonly database"
                                   << "";
    QTest::newRow("qodbc psqlodbc") << "postgresql"
                                    << ""
                                    << "ERROR: column \"user_name\" does not exist;\nError while "
                                       "executing the query  QODBC: Unable to execute statement"
                                    << "column \"user_name\" does not exist"
                                    << "";
    QTest::newRow("isql psqlodbc")
            << "postgresql"
            << ""
            << "[42703]ERROR: column \"user_name\" does not exist;\nError while preparing "
               "parameters\n[ISQL]ERROR: Could not SQLExecute"
            << "column \"user_name\" does not exist"
            << "42703";
    QTest::newRow("unixodbc driver manager")
            << "odbc"
            << ""
            << "[unixODBC][Driver Manager]Data source name not found and no default driver "
               "specified QODBC: Unable to connect"
            << "Data source name not found and no default driver specified"
            << "";
    QTest::newRow("mariadb connector")
            << "mariadb"
            << ""
            << "[S0002][ma-3.1.15][10.11.19-MariaDB-0+deb12u1]Table 'shop.customers' doesn't "
               "exist\n[ISQL]ERROR: Could not SQLPrepare"
            << "Table 'shop.customers' doesn't exist"
            << "S0002";
    QTest::newRow("mysql connector")
            << "mysql"
            << ""
            << "[MySQL][ODBC 8.0(w) Driver][mysqld-8.0.36]Unknown column 'x' in 'field list'"
            << "Unknown column 'x' in 'field list'"
            << "";
    QTest::newRow("sql server odbc") << "sqlserver"
                                     << ""
                                     << "[Microsoft][ODBC Driver 17 for SQL Server][SQL "
                                        "Server]Divide by zero error encountered."
                                     << "Divide by zero error encountered."
                                     << "";
    QTest::newRow("bracket sqlstate") << "postgresql"
                                      << ""
                                      << "[22012] ERROR: division by zero"
                                      << "division by zero"
                                      << "22012";
    QTest::newRow("psql client") << "postgresql"
                                 << ""
                                 << "psql: error: connection to server at \"127.0.0.1\", port "
                                    "55432 failed: FATAL:  role \"bob\" does not exist"
                                 << "role \"bob\" does not exist"
                                 << "";
    QTest::newRow("psql verbose code") << "postgresql"
                                       << ""
                                       << "ERROR:  42P01: relation \"t\" does not exist"
                                       << "relation \"t\" does not exist"
                                       << "42P01";
    QTest::newRow("fatal label") << "postgresql"
                                 << ""
                                 << "FATAL:  terminating connection due to administrator command"
                                 << "terminating connection due to administrator command"
                                 << "";
    QTest::newRow("mariadb client") << "mariadb"
                                    << ""
                                    << "ERROR 1146 (42S02): Table 'shop.customers' doesn't exist"
                                    << "Table 'shop.customers' doesn't exist"
                                    << "1146";
    QTest::newRow("mariadb batch echo")
            << "mariadb"
            << ""
            << "--------------\nSELECT * FROM orderz\n--------------\n\nERROR 1146 (42S02) at line "
               "1: Table 'shop.orderz' doesn't exist"
            << "Table 'shop.orderz' doesn't exist"
            << "1146";
    QTest::newRow("mysql prompt echo")
            << "mysql"
            << ""
            << "mysql> select sleep(2) from t1 limit 1;\nERROR 3024 (HY000): Query execution was "
               "interrupted, maximum statement execution time exceeded"
            << "Query execution was interrupted, maximum statement execution time exceeded"
            << "3024";
    QTest::newRow("sqlite shell prepare") << "sqlite"
                                          << ""
                                          << "Error: in prepare, no such table: customers"
                                          << "no such table: customers"
                                          << "";
    QTest::newRow("sqlite shell code")
            << "sqlite"
            << ""
            << "Error: stepping, attempt to write a readonly database (8)"
            << "attempt to write a readonly database"
            << "8";
    QTest::newRow("sqlite parse error") << "sqlite"
                                        << ""
                                        << "Parse error near line 1: no such table: customers"
                                        << "no such table: customers"
                                        << "";
    QTest::newRow("duckdb binder") << "duckdb"
                                   << ""
                                   << "Binder Error: Failed to find column: pay_time"
                                   << "Failed to find column: pay_time"
                                   << "";
    QTest::newRow("duckdb catalog") << "duckdb"
                                    << ""
                                    << "Catalog Error: Table with name sales does not exist!"
                                    << "Table with name sales does not exist!"
                                    << "";
    QTest::newRow("duckdb parser") << "duckdb"
                                   << ""
                                   << "Parser Error: syntax error at or near \"FORM\""
                                   << "syntax error at or near \"FORM\""
                                   << "";
    QTest::newRow("clickhouse chain")
            << "clickhouse"
            << ""
            << "Code: 60. DB::Exception: Received from localhost:9000. DB::Exception: Table "
               "test.keys doesn't exist. (UNKNOWN_TABLE)"
            << "Table test.keys doesn't exist"
            << "60";
    QTest::newRow("clickhouse version")
            << "clickhouse"
            << ""
            << "Code: 164. DB::Exception: Cannot modify 'readonly' setting in readonly mode. "
               "(READONLY) (version 22.4.5.9 (official build))"
            << "Cannot modify 'readonly' setting in readonly mode"
            << "164";
    QTest::newRow("clickhouse stack") << "clickhouse"
                                      << ""
                                      << "<Error> executeQuery: Code: 153. DB::Exception: Division "
                                         "by zero. Stack trace:\n0. DB::Exception::Exception()"
                                      << "Division by zero"
                                      << "153";
    QTest::newRow("clickhouse 18 what")
            << "clickhouse"
            << "47"
            << "Code: 47, e.displayText() = DB::Exception: Unknown identifier: user_name, "
               "e.what() = DB::Exception"
            << "Unknown identifier: user_name"
            << "47";
    QTest::newRow("clickhouse 18 what, no code handed over")
            << "clickhouse"
            << ""
            << "Code: 60, e.displayText() = DB::Exception: Table shop.orderz doesn't exist., "
               "e.what() = DB::Exception"
            << "Table shop.orderz doesn't exist."
            << "60";
    QTest::newRow("clickhouse poco")
            << "clickhouse"
            << ""
            << "Poco::Exception. Code: 1000, e.code() = 111, e.displayText() = Connection "
               "refused, e.what() = Connection refused"
            << "Connection refused"
            << "1000";
    QTest::newRow("trino query failed")
            << "trino"
            << ""
            << "Query 20241104_085940_00034_7es2f failed: line 2:5: Column 't.x' cannot be resolved"
            << "Column 't.x' cannot be resolved"
            << "";
    QTest::newRow("oracle") << "oracle"
                            << ""
                            << "ORA-00942: table or view does not exist"
                            << "table or view does not exist"
                            << "ORA-00942";
    QTest::newRow("oracle inline code") << "oracle"
                                        << ""
                                        << "OCI ERROR: [ORA-00942: table or view does not exist]"
                                        << "table or view does not exist"
                                        << "ORA-00942";
    QTest::newRow("tool label chain") << "oracle"
                                      << ""
                                      << "SQL Error [1722] [42000]: ORA-01722: invalid number"
                                      << "invalid number"
                                      << "ORA-01722";
    QTest::newRow("pdo") << "mysql"
                         << ""
                         << "SQLSTATE[42000]: Syntax error or access violation: 1055 Expression #4 "
                            "of SELECT list is not in GROUP BY clause"
                         << "Expression #4 of SELECT list is not in GROUP BY clause"
                         << "42000";
    QTest::newRow("trino python client")
            << "trino"
            << ""
            << "trino.exceptions.TrinoUserError: TrinoUserError(type=USER_ERROR, "
               "name=STACK_OVERFLOW, message=\"statement is too large (stack overflow during "
               "analysis)\", query_id=20230214_200658_00707_uiini)"
            << "statement is too large (stack overflow during analysis)"
            << "STACK_OVERFLOW";
    QTest::newRow("error name prefix") << "trino"
                                       << ""
                                       << "TYPE_MISMATCH: Cannot apply operator: varchar = integer"
                                       << "Cannot apply operator: varchar = integer"
                                       << "TYPE_MISMATCH";
    QTest::newRow("bigquery http")
            << "bigquery"
            << ""
            << "BadRequest: 400 POST "
               "https://bigquery.googleapis.com/bigquery/v2/projects/p/queries?prettyPrint=false: "
               "Unrecognized name: revenue at [1:8]"
            << "Unrecognized name: revenue"
            << "";
    QTest::newRow("sql server msg")
            << "sqlserver"
            << ""
            << "Msg 208, Level 16, State 1, Line 128\nInvalid object name 'SALES'."
            << "Invalid object name 'SALES'."
            << "208";
    QTest::newRow("snowflake") << "snowflake"
                               << ""
                               << "002003 (42S02): SQL compilation error:\nObject 'DB.PUBLIC.FOO' "
                                  "does not exist or not authorized."
                               << "Object 'DB.PUBLIC.FOO' does not exist or not authorized."
                               << "002003";
    QTest::newRow("maxcompute") << "maxcompute"
                                << ""
                                << "FAILED: ODPS-0130071:[1,8] Semantic analysis exception - "
                                   "column reference t.value should appear in GROUP BY key"
                                << "Semantic analysis exception - column reference t.value should "
                                   "appear in GROUP BY key"
                                << "ODPS-0130071";
    QTest::newRow("java exception")
            << "trino"
            << ""
            << "io.trino.spi.TrinoException: line 1:64: Column 'vchar1' cannot be resolved"
            << "Column 'vchar1' cannot be resolved"
            << "";
}

void tst_Decapsulator::wrappers()
{
    QFETCH(QString, engine);
    QFETCH(QString, code);
    QFETCH(QString, raw);
    QFETCH(QString, rootCause);
    QFETCH(QString, expectedCode);
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(engineFromName(engine), raw, code));
    QCOMPARE(error.raw, raw);
    QCOMPARE(error.rootCause, rootCause);
    QCOMPARE(error.code, expectedCode);
    QCOMPARE(error.layers.isEmpty(), error.rootCause == raw);
}

void tst_Decapsulator::peerProject_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("rootCause");
    QTest::addColumn<bool>("exactRoot"); // otherwise rootCause is a prefix
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("context");

    QTest::newRow("copy relation")
            << "Invalid Error: Failed to prepare COPY \"COPY (SELECT \"msg_type\", \"cost_sum\" "
               "FROM (SELECT msg_type, SUM(total_cost) AS cost_sum FROM "
               "\"default\".\"dws_account_total_cost_tag\" GROUP BY msg_type) AS "
               "__unnamed_subquery  LIMIT 50) TO STDOUT (FORMAT \"binary\");\": ERROR:  relation "
               "\"default.dws_account_total_cost_tag\" does not exist"
            << "relation \"default.dws_account_total_cost_tag\" does not exist" << true
            << "table_missing"
            << "";
    QTest::newRow("copy maxcompute permission")
            << "Invalid Error: Failed to prepare COPY \"COPY (SELECT \"cnt\" FROM (SELECT COUNT(*) "
               "AS cnt FROM \"default\".\"dim_hotel_camping_cost_item\") AS __unnamed_subquery  "
               "LIMIT 50) TO STDOUT (FORMAT \"binary\");\": ERROR:  check permission for foreign "
               "table scan failed: failed to check permission:MaxCompute"
            << "check permission for foreign table scan failed: failed to check "
               "permission:MaxCompute"
            << true << "permission"
            << "";
    QTest::newRow("fetch header")
            << "IO Error: Failed to fetch header for COPY: ERROR:  invalid input syntax for "
               "integer: \"2000.0\" CONTEXT:  [query_id:1002017781610729626]"
            << "invalid input syntax for integer" << false << "cast_error"
            << "[query_id:1002017781610729626]";
    QTest::newRow("fetch header quoted sql")
            << "IO Error: Failed to fetch header for COPY \"COPY (SELECT a FROM t) TO STDOUT "
               "(FORMAT \"binary\");\": ERROR:  invalid input syntax for integer: \"x\""
            << "invalid input syntax for integer: \"x\"" << true << "cast_error"
            << "";
    QTest::newRow("looks like terminator")
            << "some error \";\": looks like terminator"
            << "some error \";\": looks like terminator" << true << "other"
            << "";
    QTest::newRow("duckdb binder") << "Binder Error: Failed to find column: pay_time"
                                   << "Failed to find column: pay_time" << true << "column_missing"
                                   << "";
}

void tst_Decapsulator::peerProject()
{
    QFETCH(QString, raw);
    QFETCH(QString, rootCause);
    QFETCH(bool, exactRoot);
    QFETCH(QString, errorClass);
    QFETCH(QString, context);
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(Engine::Hologres, raw));
    QCOMPARE(error.raw, raw);
    if (exactRoot)
        QCOMPARE(error.rootCause, rootCause);
    else
        QVERIFY2(error.rootCause.startsWith(rootCause), qPrintable(error.rootCause));
    // No part of the wrapped SQL may survive in the root cause.
    QVERIFY(!error.rootCause.contains(u"__unnamed_subquery"));
    QVERIFY(!error.rootCause.contains(u"STDOUT"));
    QVERIFY(!error.rootCause.contains(u"query_id"));
    QCOMPARE(error.context, context);
    QCOMPARE(errorClassName(Classifier::classify(Engine::Hologres, error).errorClass), errorClass);
}

void tst_Decapsulator::sections_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("rootCause");
    QTest::addColumn<QString>("location");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("context");

    QTest::newRow("line caret hint")
            << "ERROR:  function hex(text) does not exist\nLINE 1: SELECT hex(email) FROM users\n  "
               "             ^\nHINT:  No function matches the given name and argument types. You "
               "might need to add explicit type casts."
            << "function hex(text) does not exist"
            << "LINE 1: SELECT hex(email) FROM users\n               ^" << 8
            << "No function matches the given name and argument types. You might need to add "
               "explicit type casts."
            << ""
            << "";
    QTest::newRow("truncated line")
            << "ERROR:  column \"x\" does not exist\nLINE 1: ...d FROM orders o ORDER BY x\n       "
               "                             ^"
            << "column \"x\" does not exist"
            << "LINE 1: ...d FROM orders o ORDER BY x\n                                    ^" << -1
            << ""
            << ""
            << "";
    QTest::newRow("detail multi-line then hint")
            << "ERROR:  cannot drop table users because other objects depend on it\nDETAIL:  "
               "constraint a on table orders depends on table users\nconstraint b on table "
               "salaries depends on table users\nHINT:  Use DROP ... CASCADE to drop the dependent "
               "objects too."
            << "cannot drop table users because other objects depend on it"
            << "" << -1 << "Use DROP ... CASCADE to drop the dependent objects too."
            << "constraint a on table orders depends on table users\nconstraint b on table "
               "salaries depends on table users"
            << "";
    QTest::newRow("context with qpsql")
            << "ERROR:  relation \"public.orders_archive\" does not exist\nCONTEXT:  remote SQL "
               "command: SELECT id FROM public.orders_archive\n(42P01) QPSQL: Unable to create "
               "query"
            << "relation \"public.orders_archive\" does not exist"
            << "" << -1 << ""
            << ""
            << "remote SQL command: SELECT id FROM public.orders_archive";
    QTest::newRow("position line") << "ERROR:  syntax error at or near \"FROM\"\nPOSITION: 12"
                                   << "syntax error at or near \"FROM\""
                                   << "" << 12 << ""
                                   << ""
                                   << "";
    QTest::newRow("sqlite caret") << "Error: in prepare, no such column: user_name\n  SELECT "
                                     "user_name FROM users\n         ^--- error here"
                                  << "no such column: user_name"
                                  << "  SELECT user_name FROM users\n         ^--- error here" << -1
                                  << ""
                                  << ""
                                  << "";
    QTest::newRow("inline context")
            << "ERROR:  invalid input syntax for integer: \"2000.0\" CONTEXT:  [query_id:42]"
            << "invalid input syntax for integer: \"2000.0\""
            << "" << -1 << ""
            << ""
            << "[query_id:42]";
    QTest::newRow("oracle stack") << "ORA-03222: average row size and row count must be greater "
                                     "than zero\nORA-06512: at \"SYS.DBMS_SPACE\", line 382"
                                  << "average row size and row count must be greater than zero"
                                  << "" << -1 << ""
                                  << ""
                                  << "ORA-06512: at \"SYS.DBMS_SPACE\", line 382";
}

void tst_Decapsulator::sections()
{
    QFETCH(QString, raw);
    QFETCH(QString, rootCause);
    QFETCH(QString, location);
    QFETCH(int, position);
    QFETCH(QString, hint);
    QFETCH(QString, detail);
    QFETCH(QString, context);
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(Engine::Unknown, raw));
    QCOMPARE(error.rootCause, rootCause);
    QCOMPARE(error.location, location);
    QCOMPARE(error.position, position);
    QCOMPARE(error.hint, hint);
    QCOMPARE(error.detail, detail);
    QCOMPARE(error.context, context);
}

void tst_Decapsulator::passthrough_data()
{
    QTest::addColumn<QString>("raw");
    QTest::newRow("plain") << "something went wrong";
    QTest::newRow("looks like copy") << "some error \";\": looks like terminator";
    QTest::newRow("bracket text") << "[SUM(GW.B)] is not a valid group by expression";
    QTest::newRow("driver text only") << "Unable to fetch row";
    QTest::newRow("qpsql only") << "QPSQL: Unable to connect";
    QTest::newRow("multi-line") << "first line\nsecond line";
}

void tst_Decapsulator::passthrough()
{
    QFETCH(QString, raw);
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(Engine::Unknown, raw));
    QCOMPARE(error.raw, raw);
    QCOMPARE(error.rootCause, raw.trimmed());
    QVERIFY(error.layers.isEmpty());
    QVERIFY(error.location.isEmpty());
}

void tst_Decapsulator::sqlErrorParts()
{
    // QSqlError parts joined the way QSqlError::text() joins them.
    EngineError error;
    error.engine = Engine::MariaDB;
    error.databaseText = u"Unknown column 'x' in 'SELECT'"_s;
    error.driverText = u"QMYSQL: Unable to execute query"_s;
    error.nativeCode = u"1054"_s;
    const DecapsulatedError result = Decapsulator::decapsulate(error);
    QCOMPARE(result.raw, u"Unknown column 'x' in 'SELECT' QMYSQL: Unable to execute query"_s);
    QCOMPARE(result.rootCause, u"Unknown column 'x' in 'SELECT'"_s);
    QCOMPARE(result.code, u"1054"_s);
}

void tst_Decapsulator::hugeMessage()
{
    QString body;
    body.reserve(10 * 1024 * 1024 + 256);
    const QString chunk = u"relation \"t\" does not exist; ([;\": ERROR: DB::Exception: x\n"_s;
    while (body.size() < 10 * 1024 * 1024)
        body += chunk;
    const QString raw =
            u"Invalid Error: ERROR:  "_s + body + u"\n(42P01) QPSQL: Unable to create query"_s;
    QElapsedTimer timer;
    timer.start();
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(Engine::PostgreSQL, raw));
    const Classification result = Classifier::classify(Engine::PostgreSQL, error);
    qInfo("10 MB message decapsulated and classified in %lld ms", timer.elapsed());
    QCOMPARE(error.raw.size(), raw.size());
    QVERIFY(error.rootCause.startsWith(u"relation \"t\" does not exist"));
    QCOMPARE(error.code, u"42P01"_s);
    QCOMPARE(result.errorClass, ErrorClass::TableMissing);
}

void tst_Decapsulator::binaryJunk_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QRandomGenerator generator(20261129);
    for (int round = 0; round < 8; ++round) {
        QByteArray bytes(4096 << round, Qt::Uninitialized);
        for (char &b : bytes)
            b = char(generator.bounded(256));
        QTest::addRow("random %d", round) << bytes;
    }
    QTest::newRow("nul bytes") << QByteArray(1024, '\0');
    QTest::newRow("ten megabytes of newlines") << QByteArray(10 * 1024 * 1024, '\n');
    QTest::newRow("ten megabytes of carets") << QByteArray("LINE 1: x\n ^\n").repeated(700000);
    QTest::newRow("unbalanced brackets") << QByteArray(100000, '[');
    QTest::newRow("repeated labels") << QByteArray("ERROR: ").repeated(20000);
    QTest::newRow("repeated copy") << QByteArray("Failed to prepare COPY \"").repeated(20000);
}

void tst_Decapsulator::binaryJunk()
{
    QFETCH(QByteArray, bytes);
    const QString raw = QString::fromLatin1(bytes);
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(Engine::Unknown, raw));
    QCOMPARE(error.raw, raw);
    const Classification result = Classifier::classify(Engine::Unknown, error);
    QVERIFY(!result.rule.isEmpty());
}

void tst_Decapsulator::emptyInput()
{
    const DecapsulatedError error =
            Decapsulator::decapsulate(EngineError::fromText(Engine::Unknown, {}));
    QVERIFY(error.raw.isEmpty());
    QVERIFY(error.rootCause.isEmpty());
    QVERIFY(error.code.isEmpty());
    const Classification result = Classifier::classify(Engine::Unknown, error);
    QCOMPARE(result.errorClass, ErrorClass::Other);

    const DecapsulatedError blank =
            Decapsulator::decapsulate(EngineError::fromText(Engine::Unknown, u"  \n\t "_s));
    QCOMPARE(blank.rootCause, QString());
}

void tst_Decapsulator::translatedDriverText()
{
    // Qt's drivers add their own words in the language of Qt's installed translation; they are a
    // wrapper in Chinese as much as in English.
    QTranslator qt;
    if (!qt.load(u"qtbase_zh_CN"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        if (qEnvironmentVariableIsSet("CI"))
            QFAIL("Qt's Chinese translation (qt6-translations-l10n) is not installed");
        QSKIP("Qt's Chinese translation (qt6-translations-l10n) is not installed");
    }
    QVERIFY(QCoreApplication::installTranslator(&qt));
    Decapsulator::reloadDriverTexts();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"translated"_s);
        db.setDatabaseName(u":memory:"_s);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(!query.exec(u"SELECT * FROM no_such_table_here"_s));
        const QSqlError sqlError = query.lastError();
        QVERIFY2(sqlError.text().contains(u"无法执行语句"), qPrintable(sqlError.text()));
        const DecapsulatedError error =
                Decapsulator::decapsulate(EngineError::fromSqlError(Engine::SQLite, sqlError));
        QCOMPARE(error.rootCause, u"no such table: no_such_table_here"_s);
        QVERIFY(!error.rootCause.contains(u"无法"));
    }
    QSqlDatabase::removeDatabase(u"translated"_s);

    const DecapsulatedError mysql = Decapsulator::decapsulate(EngineError::fromText(
            Engine::MariaDB,
            u"Access denied for user 'a'@'localhost' (using password: YES) QMYSQL: 无法连接"_s,
            u"1045"_s));
    QCOMPARE(mysql.rootCause, u"Access denied for user 'a'@'localhost' (using password: YES)"_s);
    QCOMPARE(mysql.layers, QStringList{u"qmysql"_s});
    // Text that only ends like the driver's words is the server's and stays.
    const DecapsulatedError kept =
            Decapsulator::decapsulate(EngineError::fromText(Engine::SQLite, u"列名无法执行语句"_s));
    QCOMPARE(kept.rootCause, u"列名无法执行语句"_s);

    QCoreApplication::removeTranslator(&qt);
    Decapsulator::reloadDriverTexts();
    // Without the translation the Chinese words are nobody's wrapper.
    const DecapsulatedError english = Decapsulator::decapsulate(
            EngineError::fromText(Engine::SQLite, u"no such table: t 无法执行语句"_s));
    QCOMPARE(english.rootCause, u"no such table: t 无法执行语句"_s);
}

QTEST_GUILESS_MAIN(tst_Decapsulator)
#include "tst_decapsulator.moc"
