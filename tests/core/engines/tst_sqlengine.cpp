#include "core/engines/engineregistry.h"
#include "core/engines/mysqlengine.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using sqlmend::core::CancelMethod;
using sqlmend::core::ConnectionProfile;
using sqlmend::core::Engine;
using sqlmend::core::EngineRegistry;
using sqlmend::core::ErrorClass;
using sqlmend::core::LexingPin;
using sqlmend::core::MysqlEngine;
using sqlmend::core::SqlEngine;

class TestSqlEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void perEngine_data();
    void perEngine();
    void readOnlySession_data();
    void readOnlySession();
    void wrapsWithoutRewriting();
    void pinsTheGuardsLexing();
    void capsResultsOnTheServer();
    void clickHouse();
    void everyEngineHasAnObject();
    void schemes_data();
    void schemes();
    void odbcWrapsItsBackend();
    void errorsPerEngine();
    void lexingPerEngine();
};

void TestSqlEngine::perEngine_data()
{
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("quoted");
    QTest::addColumn<QString>("limit");
    QTest::addColumn<QString>("dryRun");
    QTest::addColumn<int>("cancel");

    QTest::newRow("sqlite") << int(Engine::SQLite) << u"SQLite"_s << u"\"a\"\"b\""_s << u"LIMIT 5"_s
                            << u"EXPLAIN QUERY PLAN SELECT 1"_s
                            << int(CancelMethod::SqliteInterrupt);
    QTest::newRow("postgresql") << int(Engine::PostgreSQL) << u"PostgreSQL"_s << u"\"a\"\"b\""_s
                                << u"LIMIT 5"_s << u"EXPLAIN SELECT 1"_s
                                << int(CancelMethod::PgCancel);
    QTest::newRow("mysql") << int(Engine::MySQL) << u"MySQL"_s << u"`a\"b`"_s << u"LIMIT 5"_s
                           << u"EXPLAIN SELECT 1"_s << int(CancelMethod::KillQuery);
    QTest::newRow("mariadb") << int(Engine::MariaDB) << u"MariaDB"_s << u"`a\"b`"_s << u"LIMIT 5"_s
                             << u"EXPLAIN SELECT 1"_s << int(CancelMethod::KillQuery);
    QTest::newRow("odbc") << int(Engine::Odbc) << u"ODBC"_s << u"\"a\"\"b\""_s
                          << u"FETCH FIRST 5 ROWS ONLY"_s
                          << u"SELECT * FROM (\nSELECT 1\n) AS q FETCH FIRST 1 ROWS ONLY"_s
                          << int(CancelMethod::Cooperative);
    // 18.16 has no EXPLAIN; KILL QUERY by query id.
    QTest::newRow("clickhouse") << int(Engine::ClickHouse) << u"ClickHouse"_s << u"`a\"b`"_s
                                << u"LIMIT 5"_s << u"SELECT * FROM (\nSELECT 1\n) LIMIT 0"_s
                                << int(CancelMethod::KillQuery);
}

// ClickHouse reads backslash escapes in quoted names; HTTP has no session to set up.
void TestSqlEngine::clickHouse()
{
    const SqlEngine &dialect = EngineRegistry::forEngine(Engine::ClickHouse);
    QCOMPARE(dialect.quoteIdentifier(u"a`b\\c"), u"`a\\`b\\\\c`"_s);
    QVERIFY(dialect.caseSensitiveNames());
    QVERIFY(!EngineRegistry::forEngine(Engine::PostgreSQL).caseSensitiveNames());
    QVERIFY(dialect.sessionSetup().isEmpty());
    QVERIFY(dialect.beginRun(1000, 10).isEmpty());
    QVERIFY(dialect.endRun().isEmpty());
}

void TestSqlEngine::perEngine()
{
    QFETCH(int, engine);
    QFETCH(QString, name);
    QFETCH(QString, quoted);
    QFETCH(QString, limit);
    QFETCH(QString, dryRun);
    QFETCH(int, cancel);

    const SqlEngine &dialect = EngineRegistry::forEngine(Engine(engine));
    QCOMPARE(int(dialect.engine()), engine);
    QCOMPARE(dialect.name(), name);
    QCOMPARE(dialect.quoteIdentifier(u"a\"b"), quoted);
    QCOMPARE(dialect.rowLimitClause(5), limit);
    QCOMPARE(dialect.dryRunSql(u"SELECT 1;  "), dryRun);
    QCOMPARE(int(dialect.cancelMethod()), cancel);
}

void TestSqlEngine::readOnlySession_data()
{
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("begin");
    QTest::addColumn<QString>("timeout");
    QTest::addColumn<QString>("end");

    QTest::newRow("sqlite") << int(Engine::SQLite) << u"PRAGMA query_only = ON"_s << QString()
                            << QString() << QString();
    QTest::newRow("postgresql") << int(Engine::PostgreSQL)
                                << u"SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"_s
                                << u"BEGIN TRANSACTION READ ONLY"_s
                                << u"SET LOCAL statement_timeout = 1500"_s << u"ROLLBACK"_s;
    QTest::newRow("mariadb") << int(Engine::MariaDB) << u"SET SESSION TRANSACTION READ ONLY"_s
                             << u"START TRANSACTION READ ONLY"_s
                             << u"SET SESSION max_statement_time = 1.500"_s << u"ROLLBACK"_s;
    QTest::newRow("mysql") << int(Engine::MySQL) << u"SET SESSION TRANSACTION READ ONLY"_s
                           << u"START TRANSACTION READ ONLY"_s
                           << u"SET SESSION max_execution_time = 1500"_s << u"ROLLBACK"_s;
}

void TestSqlEngine::readOnlySession()
{
    QFETCH(int, engine);
    QFETCH(QString, session);
    QFETCH(QString, begin);
    QFETCH(QString, timeout);
    QFETCH(QString, end);

    const SqlEngine &dialect = EngineRegistry::forEngine(Engine(engine));
    QVERIFY(dialect.sessionSetup().contains(session));
    const QStringList statements = dialect.beginRun(1500);
    if (begin.isEmpty()) {
        QVERIFY(statements.isEmpty());
    } else {
        QVERIFY(statements.contains(begin));
        QVERIFY(statements.contains(timeout));
    }
    QCOMPARE(dialect.endRun().value(0), end);
}

void TestSqlEngine::wrapsWithoutRewriting()
{
    const SqlEngine &dialect = EngineRegistry::forEngine(Engine::PostgreSQL);
    // A trailing line comment must not swallow the closing parenthesis.
    QCOMPARE(dialect.limitWrapped(u"SELECT a FROM t -- note;", 1),
             u"SELECT * FROM (\nSELECT a FROM t -- note\n) AS q LIMIT 1"_s);
    QCOMPARE(dialect.limitWrapped(u"SELECT ';' AS s;", 10),
             u"SELECT * FROM (\nSELECT ';' AS s\n) AS q LIMIT 10"_s);
}

void TestSqlEngine::pinsTheGuardsLexing()
{
    const LexingPin pg = EngineRegistry::forEngine(Engine::PostgreSQL).lexingPin({});
    QCOMPARE(pg.statements, QStringList{u"SET standard_conforming_strings = on"_s});
    QCOMPARE(pg.expected, u"2"_s);
    QVERIFY(!pg.beforeEachRun); // every run ends in ROLLBACK, which undoes set_config()

    const SqlEngine &maria = EngineRegistry::forEngine(Engine::MariaDB);
    QVERIFY(!maria.lexingStateQuery().isEmpty());
    const LexingPin mode = maria.lexingPin(
            u"NO_BACKSLASH_ESCAPES,STRICT_TRANS_TABLES,ANSI_QUOTES,ERROR_FOR_DIVISION_BY_ZERO"_s);
    QCOMPARE(mode.statements,
             QStringList{
                     u"SET SESSION sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO'"_s});
    QVERIFY(mode.beforeEachRun);
    QCOMPARE(MysqlEngine::guardSqlMode(u"ANSI,ONLY_FULL_GROUP_BY"_s), u"ONLY_FULL_GROUP_BY"_s);
    QCOMPARE(MysqlEngine::guardSqlMode(u"ORACLE"_s), QString());
    QVERIFY(!MysqlEngine::guardSqlMode(u"X'; DROP TABLE t; --"_s).has_value());

    QVERIFY(EngineRegistry::forEngine(Engine::SQLite).lexingPin({}).isEmpty());
    QVERIFY(EngineRegistry::forOdbc(Engine::PostgreSQL).lexingPin({}).beforeEachRun);
}

void TestSqlEngine::capsResultsOnTheServer()
{
    const SqlEngine &maria = EngineRegistry::forEngine(Engine::MariaDB);
    QVERIFY(maria.beginRun(1000, 10).contains(u"SET SESSION sql_select_limit = 11"_s));
    QVERIFY(maria.beginRun(1000, 0).contains(u"SET SESSION sql_select_limit = DEFAULT"_s));
    const QStringList end = maria.endRun();
    QVERIFY(end.contains(u"SET SESSION sql_select_limit = DEFAULT"_s));
    QVERIFY(end.contains(u"UNLOCK TABLES"_s));
    QVERIFY(EngineRegistry::forEngine(Engine::PostgreSQL)
                    .endRun()
                    .contains(u"SELECT pg_advisory_unlock_all()"_s));
    QVERIFY(SqlEngine::dryRunApplies(u"select"));
    QVERIFY(!SqlEngine::dryRunApplies(u"explain"));
    QVERIFY(!SqlEngine::dryRunApplies(u"show"));
    QVERIFY(SqlEngine::dryRunApplies(u"create")); // EXPLAIN CREATE fails before CREATE runs
    QVERIFY(!EngineRegistry::forEngine(Engine::PostgreSQL).unrunnableReason(u"copy").isEmpty());
}

// Every engine value gets an object that answers for it; an engine without a class of its own
// (Unknown) gets ODBC's generic one, never null.
void TestSqlEngine::everyEngineHasAnObject()
{
    for (int value = int(Engine::Unknown); value <= int(Engine::Odbc); ++value) {
        const Engine engine = Engine(value);
        const SqlEngine &object = EngineRegistry::forEngine(engine);
        QCOMPARE(object.engine(), engine == Engine::Unknown ? Engine::Odbc : engine);
    }
    QCOMPARE(EngineRegistry::forEngine(Engine::Hologres).name(), u"Hologres"_s);
    QVERIFY(EngineRegistry::forEngine(Engine::Redshift).parsesAsPostgres());
    QCOMPARE(EngineRegistry::forEngine(Engine::Unknown).name(), u"ODBC"_s);
    // A scheme names one engine only.
    const QStringList schemes = EngineRegistry::urlSchemes();
    QCOMPARE(QSet<QString>(schemes.cbegin(), schemes.cend()).size(), schemes.size());
}

void TestSqlEngine::schemes_data()
{
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<int>("engine"); // -1: no engine
    QTest::addColumn<int>("driver");

    using Driver = ConnectionProfile::Driver;
    QTest::newRow("sqlite") << u"sqlite"_s << int(Engine::SQLite) << int(Driver::SQLite);
    QTest::newRow("sqlite3") << u"sqlite3"_s << int(Engine::SQLite) << int(Driver::SQLite);
    QTest::newRow("postgres") << u"postgres"_s << int(Engine::PostgreSQL)
                              << int(Driver::PostgreSQL);
    QTest::newRow("pgsql") << u"pgsql"_s << int(Engine::PostgreSQL) << int(Driver::PostgreSQL);
    QTest::newRow("mysql") << u"mysql"_s << int(Engine::MySQL) << int(Driver::MySQL);
    QTest::newRow("mariadb") << u"mariadb"_s << int(Engine::MariaDB) << int(Driver::MySQL);
    QTest::newRow("clickhouses") << u"clickhouses"_s << int(Engine::ClickHouse)
                                 << int(Driver::ClickHouse);
    QTest::newRow("odbc") << u"odbc"_s << int(Engine::Odbc) << int(Driver::Odbc);
    // Engines reached only through ODBC have no scheme of their own.
    QTest::newRow("duckdb") << u"duckdb"_s << -1 << -1;
    QTest::newRow("hologres") << u"hologres"_s << -1 << -1;
}

void TestSqlEngine::schemes()
{
    QFETCH(QString, scheme);
    QFETCH(int, engine);
    QFETCH(int, driver);
    const SqlEngine *named = EngineRegistry::forScheme(scheme);
    if (engine < 0) {
        QVERIFY(!named);
        return;
    }
    QVERIFY(named);
    QCOMPARE(int(named->engine()), engine);
    QVERIFY(named->driver().has_value());
    QCOMPARE(int(*named->driver()), driver);
}

// ODBC asks its backend for the session in the form that passes through the ODBC driver.
void TestSqlEngine::odbcWrapsItsBackend()
{
    QCOMPARE(EngineRegistry::odbcBackend(QSqlDriver::PostgreSQL), Engine::PostgreSQL);
    QCOMPARE(EngineRegistry::odbcBackend(QSqlDriver::MySqlServer), Engine::MySQL);
    QCOMPARE(EngineRegistry::odbcBackend(QSqlDriver::Oracle), Engine::Unknown);
    QCOMPARE(EngineRegistry::odbcBackend(QSqlDriver::UnknownDbms), Engine::Unknown);

    const SqlEngine &pg = EngineRegistry::forOdbc(Engine::PostgreSQL);
    QCOMPARE(pg.engine(), Engine::Odbc);
    QCOMPARE(pg.name(), u"PostgreSQL"_s);
    QCOMPARE(pg.sessionSetup(),
             QStringList{u"SELECT set_config('default_transaction_read_only', 'on', false)"_s});
    QCOMPARE(pg.beginRun(1500),
             QStringList{u"SELECT set_config('statement_timeout', '1500', false)"_s});
    QCOMPARE(pg.rowLimitClause(3), u"LIMIT 3"_s);
    QCOMPARE(int(pg.cancelMethod()), int(CancelMethod::Cooperative));

    const SqlEngine &mysql = EngineRegistry::forOdbc(Engine::MySQL);
    QCOMPARE(mysql.beginRun(1000, 10), QStringList{u"SET SESSION sql_select_limit = 11"_s});
    QCOMPARE(mysql.endRun(), QStringList{u"SET SESSION sql_select_limit = DEFAULT"_s});
    QCOMPARE(mysql.lexingStateQuery(), u"SELECT @@SESSION.sql_mode"_s);

    const SqlEngine &unknown = EngineRegistry::forOdbc(Engine::Unknown);
    QCOMPARE(unknown.name(), u"ODBC"_s);
    QVERIFY(unknown.sessionSetup().isEmpty());
    QVERIFY(unknown.beginRun(1000, 10).isEmpty());
    QCOMPARE(unknown.rowLimitClause(3), u"FETCH FIRST 3 ROWS ONLY"_s);
}

void TestSqlEngine::errorsPerEngine()
{
    const auto rule = [](Engine engine) {
        return EngineRegistry::forEngine(engine).errorCodeRule().toString();
    };
    QCOMPARE(rule(Engine::MariaDB), u"errno"_s);
    QCOMPARE(rule(Engine::SQLite), u"sqlite"_s);
    QCOMPARE(rule(Engine::ClickHouse), u"clickhouse"_s);
    QVERIFY(rule(Engine::Greenplum).isEmpty());
    QVERIFY(rule(Engine::Odbc).isEmpty());
    // Each engine reads its own table; a 5-digit code is a SQLSTATE to MySQL, and a
    // SQLSTATE-only engine owns no number at all.
    const SqlEngine &mysql = EngineRegistry::forEngine(Engine::MySQL);
    QVERIFY(mysql.ownsErrorCode(u"1146"));
    QVERIFY(!mysql.ownsErrorCode(u"42601"));
    QCOMPARE(mysql.errorCodeClass(1146, {}), std::optional(ErrorClass::TableMissing));
    QCOMPARE(EngineRegistry::forEngine(Engine::ClickHouse).errorCodeClass(62, u"Syntax error"),
             std::optional(ErrorClass::Syntax));
    QCOMPARE(EngineRegistry::forEngine(Engine::SQLite).errorCodeClass(8, {}),
             std::optional(ErrorClass::ReadOnlyViolation));
    QVERIFY(!EngineRegistry::forEngine(Engine::Greenplum).ownsErrorCode(u"1146"));
    // A client wrapper gives one engine away, never two.
    QSet<QString> layers;
    for (const SqlEngine *engine : EngineRegistry::engines()) {
        for (const QString &layer : engine->errorLayers()) {
            QVERIFY2(!layers.contains(layer), qPrintable(layer));
            layers.insert(layer);
        }
    }
    QVERIFY(layers.contains(u"mysql-client"_s));
    QCOMPARE(EngineRegistry::forEngine(Engine::ClickHouse)
                     .castSpellings(sqlmend::core::CastTarget::Date)
                     .value(0),
             u"toDate(col)"_s);
    QCOMPARE(EngineRegistry::forEngine(Engine::SqlServer).adviceQuoted(u"order"_s), u"[order]"_s);
    QCOMPARE(EngineRegistry::forEngine(Engine::MySQL).functionEquivalent(u"nvl"),
             u"IFNULL(a, b)"_s);
    QVERIFY(EngineRegistry::forEngine(Engine::Trino).functionEquivalent(u"nvl").isEmpty());
}

void TestSqlEngine::lexingPerEngine()
{
    const auto rules = [](Engine engine) {
        return EngineRegistry::forEngine(engine).lexicalRules();
    };
    QVERIFY(rules(Engine::ClickHouse).backslashInIdentifiers);
    QVERIFY(rules(Engine::MariaDB).doubleQuotedStrings);
    QVERIFY(rules(Engine::SQLite).bracketIdentifiers);
    QVERIFY(rules(Engine::Hologres).dollarQuotes);
    QVERIFY(rules(Engine::BigQuery).backtickIdentifiers);
    QVERIFY(!rules(Engine::Odbc).backtickIdentifiers);
    // Where the reading is not sure, the guard reads the text a second way too.
    QCOMPARE(EngineRegistry::forEngine(Engine::MySQL).otherReadings(u"SELECT \"a\"").size(), 1);
    QVERIFY(EngineRegistry::forEngine(Engine::MySQL).otherReadings(u"SELECT 'a'").isEmpty());
    QCOMPARE(EngineRegistry::forEngine(Engine::Odbc).otherReadings(u"SELECT 1").size(), 1);
    QCOMPARE(EngineRegistry::forEngine(Engine::ClickHouse).otherReadings(u"SELECT $$x$$").size(),
             1);
    QVERIFY(EngineRegistry::forEngine(Engine::ClickHouse).otherReadings(u"SELECT 1").isEmpty());
    QCOMPARE(EngineRegistry::forEngine(Engine::ClickHouse).denylistKeys().value(0),
             u"clickhouse"_s);
}

QTEST_GUILESS_MAIN(TestSqlEngine)

#include "tst_sqlengine.moc"
