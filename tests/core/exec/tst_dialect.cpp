#include "core/sql/dialect.h"

#include <QTest>

using namespace Qt::StringLiterals;
using sqlmend::core::CancelMethod;
using sqlmend::core::Dialect;
using sqlmend::core::Engine;

class TestDialect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void perEngine_data();
    void perEngine();
    void readOnlySession_data();
    void readOnlySession();
    void wrapsWithoutRewriting();
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

QTEST_GUILESS_MAIN(TestDialect)
#include "tst_dialect.moc"
