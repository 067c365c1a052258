#include "core/exec/executor.h"
#include "core/sql/connectionprofile.h"
#include "core/sql/databasefile.h"
#include "tests/support/runwait.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// SQLite through the whole executor: legal reads that the dry run and the guard used to break,
// several reads refused as one-at-a-time, the resource bounds that keep a timeout within reach
// of heavy single-row functions, and special files refused before they are opened.
class TestSqliteWalls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void legalReadsRun_data();
    void legalReadsRun();
    void severalReadsAreOneAtATime();
    void heavyValuesAreRefused();
    void heavyRowsHoldTheTimeout();
    void specialFilesAreRefused_data();
    void specialFilesAreRefused();

private:
    std::unique_ptr<Executor> makeExecutor(const QString &path) const;

    QTemporaryDir m_dir;
    QString m_path;
};

void TestSqliteWalls::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(u"shop.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(m_path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        for (const QString &statement :
             {u"CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL)"_s,
              u"INSERT INTO users VALUES (1, 'ana'), (2, 'bo'), (3, 'cy')"_s,
              u"CREATE TABLE numbers (n INTEGER)"_s,
              u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) "
              u"INSERT INTO numbers SELECT x FROM c"_s}) {
            QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
}

std::unique_ptr<Executor> TestSqliteWalls::makeExecutor(const QString &path) const
{
    const auto profile = ConnectionProfile::fromUrl(u"sqlite://"_s + path);
    Q_ASSERT(profile.hasValue());
    return std::make_unique<Executor>(*profile);
}

void TestSqliteWalls::legalReadsRun_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("explain") << u"EXPLAIN SELECT * FROM users"_s;
    QTest::newRow("explain query plan") << u"EXPLAIN QUERY PLAN SELECT * FROM users"_s;
    QTest::newRow("pragma table_info") << u"PRAGMA table_info(users)"_s;
    QTest::newRow("pragma quoted") << u"PRAGMA table_info('users')"_s;
    QTest::newRow("pragma xinfo") << u"PRAGMA table_xinfo(users)"_s;
    QTest::newRow(";;") << u"SELECT 1;;"_s;
    QTest::newRow("; comment") << u"SELECT 1; -- done"_s;
    QTest::newRow("lock") << u"SELECT id AS lock FROM users"_s;
    QTest::newRow("procedure") << u"SELECT id AS procedure FROM users"_s;
    QTest::newRow("grant") << u"SELECT id AS grant FROM users"_s;
    QTest::newRow("merge") << u"SELECT id AS merge FROM users"_s;
    QTest::newRow("replace") << u"SELECT id AS replace FROM users"_s;
    QTest::newRow("cte edit") << u"WITH edit(n) AS (SELECT 1) SELECT n FROM edit"_s;
    QTest::newRow("cte edit, no columns") << u"WITH edit AS (SELECT id FROM users) SELECT * "
                                             u"FROM edit"_s;
    QTest::newRow("backslash") << u"SELECT 'a\\' AS s"_s;
}

void TestSqliteWalls::legalReadsRun()
{
    QFETCH(QString, sql);
    auto executor = makeExecutor(m_path);
    const WaitedRun waited = waitForRun(executor->run(sql).result);
    QVERIFY(waited.finished);
    QVERIFY2(waited.result.isOk(), qPrintable(describeRun(waited.result)));
    QCOMPARE_GT(waited.result.rowCount, 0);
}

void TestSqliteWalls::severalReadsAreOneAtATime()
{
    auto executor = makeExecutor(m_path);
    const WaitedRun reads = waitForRun(executor->run(u"SELECT 1; SELECT 2"_s).result);
    QCOMPARE(reads.result.outcome, RunOutcome::Blocked);
    QVERIFY(reads.result.diagnosis.has_value());
    QCOMPARE(reads.result.diagnosis->errorClass(), ErrorClass::Syntax);
    QVERIFY(!reads.result.diagnosis->isTerminal());
    const WaitedRun write = waitForRun(executor->run(u"SELECT 1; DELETE FROM users"_s).result);
    QCOMPARE(write.result.outcome, RunOutcome::Blocked);
    QCOMPARE(write.result.diagnosis->errorClass(), ErrorClass::ReadOnlyViolation);
    // Around the guard, the driver itself refuses the second statement.
    RunOptions bypass;
    bypass.guard = GuardMode::BypassForWallTests;
    const WaitedRun driver =
            waitForRun(executor->run(u"SELECT 1; DELETE FROM users"_s, bypass).result);
    QVERIFY2(driver.result.outcome == RunOutcome::Error, qPrintable(describeRun(driver.result)));
    const WaitedRun count = waitForRun(executor->run(u"SELECT count(*) FROM users"_s).result);
    QCOMPARE(count.result.rows.value(0).value(0).toInt(), 3);
}

// One value may not grow past the length limit: randomblob(900000000) fails at once instead of
// allocating 900 MB inside one virtual machine step that no timeout can interrupt.
void TestSqliteWalls::heavyValuesAreRefused()
{
    auto executor = makeExecutor(m_path);
    RunOptions options;
    options.timeoutMs = 1000;
    QElapsedTimer clock;
    clock.start();
    const WaitedRun waited = waitForRun(
            executor->run(u"SELECT length(randomblob(900000000)), length(randomblob(900000000)), "
                          u"length(randomblob(900000000)), length(randomblob(900000000))"_s,
                          options)
                    .result,
            60000);
    QVERIFY(waited.finished);
    QVERIFY2(waited.result.outcome == RunOutcome::Error, qPrintable(describeRun(waited.result)));
    QVERIFY2(waited.result.diagnosis->error.raw.contains(u"too big"_s),
             qPrintable(waited.result.diagnosis->error.raw));
    qInfo("four randomblob(900000000) under a 1000 ms timeout: refused after %lld ms",
          clock.elapsed());
}

// Many rows of large values: each step stays short, so the progress handler ends the statement
// soon after the deadline.
void TestSqliteWalls::heavyRowsHoldTheTimeout()
{
    auto executor = makeExecutor(m_path);
    RunOptions options;
    options.timeoutMs = 1000;
    options.maxRows = 1;
    options.dryRun = false;
    QElapsedTimer clock;
    clock.start();
    const WaitedRun waited = waitForRun(
            executor->run(u"SELECT sum(length(randomblob(40000000))) FROM numbers"_s, options)
                    .result,
            120000);
    QVERIFY(waited.finished);
    QVERIFY2(waited.result.outcome == RunOutcome::Timeout, qPrintable(describeRun(waited.result)));
    qInfo("2000 rows of randomblob(40000000) under a 1000 ms timeout: stopped after %lld ms",
          clock.elapsed());
}

void TestSqliteWalls::specialFilesAreRefused_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("fifo") << u"fifo"_s;
    QTest::newRow("folder") << u"folder"_s;
    QTest::newRow("device") << u"device"_s;
}

// A FIFO as the database used to hang run and schema forever; now the open is refused at once.
void TestSqliteWalls::specialFilesAreRefused()
{
    QFETCH(QString, kind);
    QString path;
    if (kind == u"fifo") {
        path = m_dir.filePath(u"pipe.db"_s);
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    } else if (kind == u"folder") {
        path = m_dir.filePath(u"folder.db"_s);
        QVERIFY(QDir().mkpath(path));
    } else {
        path = u"/dev/null"_s;
    }
    QVERIFY(DatabaseFile::refusal(path).has_value());
    auto executor = makeExecutor(path);
    const WaitedRun waited = waitForRun(executor->run(u"SELECT 1"_s).result, 20000);
    QVERIFY2(waited.finished, "the open waited on the special file");
    QCOMPARE(waited.result.outcome, RunOutcome::Error);
    QCOMPARE(waited.result.stage, RunStage::Connect);
    QVERIFY2(waited.result.diagnosis->error.raw.contains(QDir::toNativeSeparators(path)),
             qPrintable(waited.result.diagnosis->error.raw));
}

QTEST_GUILESS_MAIN(TestSqliteWalls)
#include "tst_sqlitewalls.moc"
