#include "core/sql/dialect.h"

#include <QTest>

using namespace Qt::StringLiterals;
using sqlmend::core::CancelMethod;
using sqlmend::core::Dialect;
using sqlmend::core::Engine;
using sqlmend::core::LexingPin;
using sqlmend::core::MysqlDialect;

class TestDialect : public QObject
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
};

void TestDialect::perEngine_data()
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
void TestDialect::clickHouse()
{
    const Dialect &dialect = Dialect::forEngine(Engine::ClickHouse);
    QCOMPARE(dialect.quoteIdentifier(u"a`b\\c"), u"`a\\`b\\\\c`"_s);
    QVERIFY(dialect.caseSensitiveNames());
    QVERIFY(!Dialect::forEngine(Engine::PostgreSQL).caseSensitiveNames());
    QVERIFY(dialect.sessionSetup().isEmpty());
    QVERIFY(dialect.beginRun(1000, 10).isEmpty());
    QVERIFY(dialect.endRun().isEmpty());
}

void TestDialect::perEngine()
{
    QFETCH(int, engine);
    QFETCH(QString, name);
    QFETCH(QString, quoted);
    QFETCH(QString, limit);
    QFETCH(QString, dryRun);
    QFETCH(int, cancel);

    const Dialect &dialect = Dialect::forEngine(Engine(engine));
    QCOMPARE(int(dialect.engine()), engine);
    QCOMPARE(dialect.name(), name);
    QCOMPARE(dialect.quoteIdentifier(u"a\"b"), quoted);
    QCOMPARE(dialect.rowLimitClause(5), limit);
    QCOMPARE(dialect.dryRunSql(u"SELECT 1;  "), dryRun);
    QCOMPARE(int(dialect.cancelMethod()), cancel);
}

void TestDialect::readOnlySession_data()
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

void TestDialect::readOnlySession()
{
    QFETCH(int, engine);
    QFETCH(QString, session);
    QFETCH(QString, begin);
    QFETCH(QString, timeout);
    QFETCH(QString, end);

    const Dialect &dialect = Dialect::forEngine(Engine(engine));
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

void TestDialect::wrapsWithoutRewriting()
{
    const Dialect &dialect = Dialect::forEngine(Engine::PostgreSQL);
    // A trailing line comment must not swallow the closing parenthesis.
    QCOMPARE(dialect.limitWrapped(u"SELECT a FROM t -- note;", 1),
             u"SELECT * FROM (\nSELECT a FROM t -- note\n) AS q LIMIT 1"_s);
    QCOMPARE(dialect.limitWrapped(u"SELECT ';' AS s;", 10),
             u"SELECT * FROM (\nSELECT ';' AS s\n) AS q LIMIT 10"_s);
}

void TestDialect::pinsTheGuardsLexing()
{
    const LexingPin pg = Dialect::forEngine(Engine::PostgreSQL).lexingPin({});
    QCOMPARE(pg.statements, QStringList{u"SET standard_conforming_strings = on"_s});
    QCOMPARE(pg.expected, u"2"_s);
    QVERIFY(!pg.beforeEachRun); // every run ends in ROLLBACK, which undoes set_config()

    const Dialect &maria = Dialect::forEngine(Engine::MariaDB);
    QVERIFY(!maria.lexingStateQuery().isEmpty());
    const LexingPin mode = maria.lexingPin(
            u"NO_BACKSLASH_ESCAPES,STRICT_TRANS_TABLES,ANSI_QUOTES,ERROR_FOR_DIVISION_BY_ZERO"_s);
    QCOMPARE(mode.statements,
             QStringList{
                     u"SET SESSION sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO'"_s});
    QVERIFY(mode.beforeEachRun);
    QCOMPARE(MysqlDialect::guardSqlMode(u"ANSI,ONLY_FULL_GROUP_BY"_s), u"ONLY_FULL_GROUP_BY"_s);
    QCOMPARE(MysqlDialect::guardSqlMode(u"ORACLE"_s), QString());
    QVERIFY(!MysqlDialect::guardSqlMode(u"X'; DROP TABLE t; --"_s).has_value());

    QVERIFY(Dialect::forEngine(Engine::SQLite).lexingPin({}).isEmpty());
    QVERIFY(Dialect::forOdbc(Engine::PostgreSQL).lexingPin({}).beforeEachRun);
}

void TestDialect::capsResultsOnTheServer()
{
    const Dialect &maria = Dialect::forEngine(Engine::MariaDB);
    QVERIFY(maria.beginRun(1000, 10).contains(u"SET SESSION sql_select_limit = 11"_s));
    QVERIFY(maria.beginRun(1000, 0).contains(u"SET SESSION sql_select_limit = DEFAULT"_s));
    const QStringList end = maria.endRun();
    QVERIFY(end.contains(u"SET SESSION sql_select_limit = DEFAULT"_s));
    QVERIFY(end.contains(u"UNLOCK TABLES"_s));
    QVERIFY(Dialect::forEngine(Engine::PostgreSQL)
                    .endRun()
                    .contains(u"SELECT pg_advisory_unlock_all()"_s));
    QVERIFY(Dialect::dryRunApplies(u"select"));
    QVERIFY(!Dialect::dryRunApplies(u"explain"));
    QVERIFY(!Dialect::dryRunApplies(u"show"));
    QVERIFY(Dialect::dryRunApplies(u"create")); // EXPLAIN CREATE fails before CREATE runs
    QVERIFY(!Dialect::forEngine(Engine::PostgreSQL).unrunnableReason(u"copy").isEmpty());
}

QTEST_GUILESS_MAIN(TestDialect)
#include "tst_dialect.moc"
