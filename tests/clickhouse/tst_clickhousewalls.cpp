#include "core/exec/answercheck.h"
#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "tests/clickhouse/testclickhouse.h"
#include "tests/support/runwait.h"

#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// Walls 2 and 3 on the real ClickHouse server with the guard stepped around
// (GuardMode::BypassForWallTests): what reaches the server is refused there, and the server's
// state stays as it was. At readonly=1 the server also refuses table functions; at readonly=2
// it lets them reach out, so there the guard is the wall (tst_clickhousecli checks it).
class TestClickHouseWalls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void serverRefusesAroundTheGuard_data();
    void serverRefusesAroundTheGuard();
    void guardStopsWhatReadonlyTwoAllows();
    void answerChecksReadStoredValues_data();
    void answerChecksReadStoredValues();

private:
    std::unique_ptr<Executor> executor(const QString &key) const;

    TestClickHouse m_server;
    QSqlDatabase m_admin;
};

void TestClickHouseWalls::initTestCase()
{
    SQLMEND_REQUIRE_CLICKHOUSE(m_server);
    m_admin = m_server.open(u"SQLMEND_CH_ADMIN_URL"_s, u"walls-admin"_s, {}, false);
    QVERIFY2(m_admin.isOpen(), qPrintable(m_admin.lastError().text()));
}

void TestClickHouseWalls::cleanupTestCase()
{
    m_admin = QSqlDatabase();
    TestClickHouse::remove(u"walls-admin"_s);
}

std::unique_ptr<Executor> TestClickHouseWalls::executor(const QString &key) const
{
    const QString url =
            m_server.value(key) + (key == u"SQLMEND_CH_RO2_URL" ? u"?readonly=2"_s : QString());
    const auto profile = ConnectionProfile::fromUrl(url);
    Q_ASSERT(profile.hasValue());
    return std::make_unique<Executor>(*profile, m_server.password());
}

void TestClickHouseWalls::serverRefusesAroundTheGuard_data()
{
    QTest::addColumn<QString>("account");
    QTest::addColumn<QString>("sql");
    const QStringList writes = {
            u"INSERT INTO users VALUES (99, 'mallory', 'm@x', 'XX', today())"_s,
            u"ALTER TABLE users DELETE WHERE 1"_s,
            u"DROP TABLE users"_s,
            u"CREATE TABLE sqlmend_test.t (x Int8) ENGINE = Memory"_s,
            u"TRUNCATE TABLE users"_s,
            u"OPTIMIZE TABLE users FINAL"_s,
            u"RENAME TABLE users TO users2"_s,
            u"SET readonly = 0"_s,
    };
    for (const QString &account : {u"SQLMEND_CH_RO_URL"_s, u"SQLMEND_CH_RO2_URL"_s}) {
        const char *tag = account == u"SQLMEND_CH_RO_URL" ? "ro" : "ro2";
        for (const QString &sql : writes)
            QTest::addRow("%s: %s", tag, qPrintable(sql.left(40))) << account << sql;
    }
    for (const QString &sql : {u"SELECT * FROM url('http://127.0.0.1:9/', CSV, 'a String')"_s,
                               u"SELECT * FROM file('users.csv', CSV, 'a String')"_s,
                               u"SELECT * FROM remote('127.0.0.1', system.one)"_s,
                               u"SELECT 1 SETTINGS readonly = 0"_s}) {
        QTest::addRow("ro: %s", qPrintable(sql.left(40))) << u"SQLMEND_CH_RO_URL"_s << sql;
    }
}

void TestClickHouseWalls::serverRefusesAroundTheGuard()
{
    QFETCH(QString, account);
    QFETCH(QString, sql);
    const QByteArray before = TestClickHouse::stateDigest(m_admin);
    auto run = executor(account);
    RunOptions bypass;
    bypass.guard = GuardMode::BypassForWallTests;
    bypass.dryRun = false;
    const WaitedRun waited = waitForRun(run->run(sql, bypass).result);
    QVERIFY(waited.finished);
    QVERIFY2(waited.result.outcome == RunOutcome::Error, qPrintable(describeRun(waited.result)));
    QVERIFY(waited.result.diagnosis.has_value());
    QCOMPARE(waited.result.diagnosis->error.code, u"164"_s);
    QCOMPARE(waited.result.diagnosis->errorClass(), ErrorClass::ReadOnlyViolation);
    QCOMPARE(TestClickHouse::stateDigest(m_admin), before);
}

// readonly=2 lets url() through on the server: the guard refuses it before it is sent.
void TestClickHouseWalls::guardStopsWhatReadonlyTwoAllows()
{
    auto run = executor(u"SQLMEND_CH_RO2_URL"_s);
    const WaitedRun waited = waitForRun(
            run->run(u"SELECT * FROM url('http://127.0.0.1:9/', CSV, 'a String')"_s).result);
    QCOMPARE(waited.result.outcome, RunOutcome::Blocked);
    QCOMPARE(waited.result.diagnosis->errorClass(), ErrorClass::ReadOnlyViolation);
}

void TestClickHouseWalls::answerChecksReadStoredValues_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("doubt");
    // 18.16 has no TRIM: the probes read the stored values trimmed its own way
    // (SqlEngine::trimmed).
    QTest::newRow("a count of a value no row holds")
            << u"SELECT count() FROM orders WHERE status = 'refunded'"_s << u"absent_value"_s;
    QTest::newRow("a value the data writes in another case")
            << u"SELECT count() FROM orders WHERE ' PAID' = status"_s << QString();
    // No status is 'pai', trimmed or not: the pattern looks for a part of one.
    QTest::newRow("a pattern for a part of a value")
            << u"SELECT id FROM orders WHERE status LIKE '%pai%' ORDER BY id"_s << QString();
}

// The answer checks' probes run on this server as on the others (RunOptions::checkAnswer All,
// as for a repair): none of them fails for a function 18.16 lacks.
void TestClickHouseWalls::answerChecksReadStoredValues()
{
    QFETCH(QString, sql);
    QFETCH(QString, doubt);
    auto run = executor(u"SQLMEND_CH_RO_URL"_s);
    RunOptions options;
    options.checkAnswer = AnswerChecks::All;
    options.catalog = std::make_shared<LiveCatalog>();
    const WaitedRun waited = waitForRun(run->run(sql, options).result);
    QVERIFY(waited.finished);
    QVERIFY2(waited.result.isOk(), qPrintable(describeRun(waited.result)));
    QCOMPARE(answerDoubtName(waited.result.doubt), doubt);
}

QTEST_GUILESS_MAIN(TestClickHouseWalls)
#include "tst_clickhousewalls.moc"
