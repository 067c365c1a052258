#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "tests/support/runwait.h"

#include <QDir>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QPointer>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

namespace {

const QString EndlessCte = u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                           u"SELECT count(*) FROM c"_s;

QString describe(const RunResult &result)
{
    return u"%1 at %2: %3"_s.arg(runOutcomeName(result.outcome), runStageName(result.stage),
                                 result.diagnosis ? result.diagnosis->error.raw : QString());
}

} // namespace

class TestExecutor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void fetchesInBatches();
    void capsRows();
    void dropsStaleBatches();
    void refusesWrites_data();
    void refusesWrites();
    void classifiesErrors_data();
    void classifiesErrors();
    void dryRunCatchesErrorsFirst();
    void timesOut();
    void cancelsFromAnotherThread();
    void destructorCancelsAndWaits();
    void destructorNeedNotWait();
    void destructorWaitsOnlySoLong();
    void badInput_data();
    void badInput();
    void missingFileFailsToConnect();
    void submitRunsOnTheWorker();
    void checksAnswers_data();
    void checksAnswers();
    void doubtsMaximaOfKeys();

private:
    std::unique_ptr<Executor> makeExecutor() const;
    QString tableDigest() const;

    QTemporaryDir m_dir;
    QString m_path;
};

void TestExecutor::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(u"shop.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(m_path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        const QStringList statements = {
                u"CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, email TEXT)"_s,
                u"INSERT INTO users VALUES (1,'ana','ana@example.com'),(2,'bo','bo@example.com'),"
                u"(3,'cy',NULL),(4,'di','di@example.com'),(5,'ed','ed@example.com')"_s,
                u"CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER, amount REAL)"_s,
                u"INSERT INTO orders VALUES (1,1,10.5),(2,1,20),(3,2,7.25)"_s,
                u"CREATE TABLE cities (name TEXT, city TEXT, visits INTEGER)"_s,
                u"INSERT INTO cities VALUES ('a','Aberdeen ',3),('b','Aberdeen',5),"
                u"('c','Kyle',5),('d','kyle',2),('e','Perth',1)"_s,
                u"CREATE TABLE numbers (n INTEGER)"_s,
                u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) "
                u"INSERT INTO numbers SELECT x FROM c"_s,
        };
        for (const QString &statement : statements)
            QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
}

void TestExecutor::cleanupTestCase()
{
    QSqlDatabase::removeDatabase(u"digest"_s);
}

std::unique_ptr<Executor> TestExecutor::makeExecutor() const
{
    const auto profile = ConnectionProfile::fromUrl(u"sqlite://"_s + m_path);
    Q_ASSERT(profile.hasValue());
    return std::make_unique<Executor>(*profile);
}

// Every row of every table, read through a separate read-write connection.
QString TestExecutor::tableDigest() const
{
    QString digest;
    {
        QSqlDatabase db = QSqlDatabase::contains(u"digest"_s)
                ? QSqlDatabase::database(u"digest"_s)
                : QSqlDatabase::addDatabase(u"QSQLITE"_s, u"digest"_s);
        db.setDatabaseName(m_path);
        if (!db.isOpen() && !db.open())
            return u"cannot open"_s;
        QSqlQuery tables(u"SELECT name, sql FROM sqlite_master ORDER BY name"_s, db);
        while (tables.next()) {
            digest += tables.value(1).toString() + u'\n';
            QSqlQuery rows(u"SELECT * FROM \"%1\""_s.arg(tables.value(0).toString()), db);
            while (rows.next()) {
                for (int i = 0; i < 3; ++i)
                    digest += rows.value(i).toString() + u'|';
            }
        }
    }
    return digest;
}

void TestExecutor::fetchesInBatches()
{
    auto executor = makeExecutor();
    QSignalSpy batches(executor.get(), &Executor::batchReady);
    RunOptions options;
    options.batchSize = 2;
    const RunTicket ticket =
            executor->run(u"SELECT id, username FROM users ORDER BY id"_s, options);
    QCOMPARE(ticket.generation, quint64(1));
    const WaitedRun waited = waitForRun(ticket.result);
    QVERIFY(waited.finished);
    const RunResult &result = waited.result;
    QVERIFY2(result.isOk(), qPrintable(describe(result)));
    QCOMPARE(result.columns, (QStringList{u"id"_s, u"username"_s}));
    QCOMPARE(result.rowCount, 5);
    QCOMPARE(result.rows.size(), 5);
    QCOMPARE(result.rows.at(2).at(1).toString(), u"cy"_s);
    QCOMPARE(result.rowStatus, RowCountStatus::Complete);
    QVERIFY(result.plan.contains(u"SCAN", Qt::CaseInsensitive));
    QTRY_VERIFY(!batches.isEmpty() && batches.last().at(0).value<ResultBatch>().last);
    qint64 rows = 0;
    for (const QList<QVariant> &signal : batches) {
        const auto batch = signal.at(0).value<ResultBatch>();
        QCOMPARE(batch.firstRow, rows);
        QCOMPARE(batch.columns, result.columns);
        QVERIFY(batch.rows.size() <= 2);
        rows += batch.rows.size();
    }
    QCOMPARE(rows, 5);
    QVERIFY(batches.size() >= 3);
}

void TestExecutor::capsRows()
{
    auto executor = makeExecutor();
    RunOptions options;
    options.maxRows = 100;
    const WaitedRun waited = waitForRun(executor->run(u"SELECT n FROM numbers"_s, options).result);
    QVERIFY2(waited.result.isOk(), qPrintable(describe(waited.result)));
    QCOMPARE(waited.result.rowCount, 100);
    QCOMPARE(waited.result.rowStatus, RowCountStatus::Partial);

    options.maxRows = 5000;
    const WaitedRun exact = waitForRun(executor->run(u"SELECT n FROM numbers"_s, options).result);
    QCOMPARE(exact.result.rowCount, 5000);
    QCOMPARE(exact.result.rowStatus, RowCountStatus::Complete);
}

void TestExecutor::dropsStaleBatches()
{
    auto executor = makeExecutor();
    QSignalSpy batches(executor.get(), &Executor::batchReady);
    RunOptions options;
    options.batchSize = 10;
    const RunTicket first = executor->run(u"SELECT n FROM numbers"_s, options);
    const RunTicket second = executor->run(u"SELECT id FROM users"_s, options);
    QCOMPARE(second.generation, first.generation + 1);
    QVERIFY(waitForRun(first.result).result.isOk());
    QVERIFY(waitForRun(second.result).result.isOk());
    QTRY_VERIFY(!batches.isEmpty() && batches.last().at(0).value<ResultBatch>().last);
    for (const QList<QVariant> &signal : batches)
        QCOMPARE(signal.at(0).value<ResultBatch>().generation, second.generation);
}

void TestExecutor::refusesWrites_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("insert") << u"INSERT INTO users VALUES (9, 'x', 'x')"_s;
    QTest::newRow("update") << u"UPDATE users SET username = 'x'"_s;
    QTest::newRow("delete") << u"DELETE FROM orders"_s;
    QTest::newRow("drop") << u"DROP TABLE orders"_s;
    QTest::newRow("create") << u"CREATE TABLE t (a)"_s;
    QTest::newRow("replace") << u"REPLACE INTO users VALUES (1, 'x', 'x')"_s;
    QTest::newRow("pragma off") << u"PRAGMA query_only = OFF"_s;
    QTest::newRow("vacuum") << u"VACUUM"_s;
    QTest::newRow("attach") << u"ATTACH '%DIR%/evil.db' AS evil"_s;
    QTest::newRow("vacuum into") << u"VACUUM INTO '%DIR%/copy.db'"_s;
    QTest::newRow("user_version") << u"PRAGMA user_version = 7"_s;
    QTest::newRow("cte delete")
            << u"WITH x AS (SELECT 1) DELETE FROM users WHERE id IN (SELECT * FROM x)"_s;
}

void TestExecutor::refusesWrites()
{
    QFETCH(QString, sql);
    sql.replace(u"%DIR%"_s, m_dir.path());
    const QString before = tableDigest();
    auto executor = makeExecutor();

    RunOptions guarded;
    const RunResult blocked = waitForRun(executor->run(sql, guarded).result).result;
    QCOMPARE(blocked.outcome, RunOutcome::Blocked);
    QVERIFY(blocked.diagnosis.has_value());

    // Walls 2 and 3 alone: the statement reaches SQLite, which refuses to write.
    RunOptions bypass;
    bypass.guard = GuardMode::BypassForWallTests;
    bypass.dryRun = false;
    const RunResult refused = waitForRun(executor->run(sql, bypass).result).result;
    QCOMPARE(refused.outcome, RunOutcome::Error);
    QVERIFY(refused.diagnosis.has_value());
    const ErrorClass errorClass = refused.diagnosis->errorClass();
    QVERIFY2(errorClass == ErrorClass::ReadOnlyViolation || errorClass == ErrorClass::Permission,
             qPrintable(errorClassName(errorClass) + u": "_s + refused.diagnosis->error.raw));
    // Nothing was lowered either: a plain write after it is still refused.
    const RunResult write = waitForRun(executor->run(u"DELETE FROM users"_s, bypass).result).result;
    QCOMPARE(write.outcome, RunOutcome::Error);
    QCOMPARE(tableDigest(), before);
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), QStringList{u"shop.db"_s});
}

void TestExecutor::classifiesErrors_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("errorClass");
    QTest::newRow("missing table") << u"SELECT * FROM order_items"_s << u"table_missing"_s;
    QTest::newRow("missing column") << u"SELECT user_name FROM users"_s << u"column_missing"_s;
    QTest::newRow("missing function")
            << u"SELECT nosuchfn(id) FROM users"_s << u"function_missing"_s;
    QTest::newRow("ambiguous") << u"SELECT id FROM users JOIN orders ON users.id = orders.user_id"_s
                               << u"ambiguous_column"_s;
    QTest::newRow("syntax") << u"SELECT FROM WHERE"_s << u"syntax"_s;
}

void TestExecutor::classifiesErrors()
{
    QFETCH(QString, sql);
    QFETCH(QString, errorClass);
    auto executor = makeExecutor();
    RunOptions options;
    options.dryRun = false;
    const RunResult result = waitForRun(executor->run(sql, options).result).result;
    QVERIFY2(result.outcome == RunOutcome::Error || result.outcome == RunOutcome::Blocked,
             qPrintable(describe(result)));
    QVERIFY(result.diagnosis.has_value());
    QCOMPARE(errorClassName(result.diagnosis->errorClass()), errorClass);
}

void TestExecutor::dryRunCatchesErrorsFirst()
{
    auto executor = makeExecutor();
    const RunResult result =
            waitForRun(executor->run(u"SELECT user_name FROM users"_s).result).result;
    QCOMPARE(result.outcome, RunOutcome::Error);
    QCOMPARE(result.stage, RunStage::DryRun);
    QCOMPARE(result.diagnosis->errorClass(), ErrorClass::ColumnMissing);
    const QJsonObject json = result.toJson();
    QCOMPARE(json.value(u"status").toString(), u"error"_s);
    QCOMPARE(json.value(u"error").toObject().value(u"class").toString(), u"column_missing"_s);
}

void TestExecutor::timesOut()
{
    auto executor = makeExecutor();
    QVERIFY(waitForRun(executor->run(u"SELECT 1"_s).result).result.isOk()); // connected
    RunOptions options;
    options.timeoutMs = 1000;
    const WaitedRun waited = waitForRun(executor->run(EndlessCte, options).result);
    QVERIFY(waited.finished);
    QCOMPARE(waited.result.outcome, RunOutcome::Timeout);
    QVERIFY(waited.result.diagnosis.has_value());
    QCOMPARE(waited.result.diagnosis->errorClass(), ErrorClass::Timeout);
    QCOMPARE(waited.result.toJson().value(u"error").toObject().value(u"class").toString(),
             u"timeout"_s);
    // How long it took is not asserted (a loaded machine decides that): the outcome says the
    // deadline fired, and bench figures measure the time.
    qInfo("timed out after %lld ms; the asking thread's longest gap between ticks: %lld ms",
          waited.elapsedMs, waited.longestTickGapMs);

    // The connection is usable afterwards.
    QVERIFY(waitForRun(executor->run(u"SELECT count(*) FROM users"_s).result).result.isOk());
}

void TestExecutor::cancelsFromAnotherThread()
{
    auto executor = makeExecutor();
    RunOptions options;
    options.timeoutMs = 0;
    const RunTicket ticket = executor->run(EndlessCte, options);
    // run() returned at once: an endless statement can only end by the cancel below.
    QVERIFY(!ticket.result.isFinished());
    std::unique_ptr<QThread> canceller(QThread::create([&executor] {
        QThread::msleep(400);
        executor->cancel();
    }));
    canceller->start();
    const WaitedRun waited = waitForRun(ticket.result);
    canceller->wait();
    QVERIFY(waited.finished);
    QCOMPARE(waited.result.outcome, RunOutcome::Cancelled);
    // A later request is not affected by the earlier cancel.
    QVERIFY(waitForRun(executor->run(u"SELECT 1"_s).result).result.isOk());
}

void TestExecutor::destructorCancelsAndWaits()
{
    auto executor = makeExecutor();
    RunOptions options;
    options.timeoutMs = 0;
    const RunTicket ticket = executor->run(EndlessCte, options);
    QTest::qWait(300);
    QVERIFY(!ticket.result.isFinished());
    executor.reset();
    // Only the cancel ends an endless statement, and the destructor waited for it.
    QVERIFY(ticket.result.isFinished());
    QCOMPARE(ticket.result.result().outcome, RunOutcome::Cancelled);
}

void TestExecutor::destructorNeedNotWait()
{
    // A server that accepts the connection and then never answers: the worker is stuck in the
    // driver's connect, where no cancel reaches. A destructor that waited would hang for the
    // whole connect timeout.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    QList<QTcpSocket *> held;
    connect(&silent, &QTcpServer::newConnection, &silent, [&silent, &held] {
        while (QTcpSocket *socket = silent.nextPendingConnection())
            held.append(socket);
    });
    QString password;
    const auto profile = ConnectionProfile::fromUrl(
            u"postgresql://nobody@127.0.0.1:%1/nothing?connect_timeout=5"_s.arg(
                    silent.serverPort()),
            &password);
    QVERIFY2(profile, qPrintable(profile ? QString() : profile.error().message));
    auto executor = std::make_unique<Executor>(*profile);
    QFuture<Result<ServerInfo, Diagnosis>> opening = executor->open();
    QTRY_VERIFY_WITH_TIMEOUT(!held.isEmpty(), 5000); // the worker is inside the connect now
    QPointer<QThread> thread = executor->findChild<QThread *>();
    QVERIFY(thread);
    executor->setWaitsOnDestruction(false);
    executor.reset();
    // The destructor did not wait for the connect (which ends only at its timeout).
    QVERIFY(!opening.isFinished());
    // The worker gives up when the connect times out; then its thread ends and deletes itself.
    QTRY_VERIFY_WITH_TIMEOUT(thread.isNull(), 15000);
    QVERIFY(opening.isFinished());
    QVERIFY(!opening.result());
}

void TestExecutor::destructorWaitsOnlySoLong()
{
    // The same silent server, and an executor that waits on destruction (the default, as at a
    // process's exit): it waits shutdownWaitMs, not the driver's 10 s connect timeout.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    QList<QTcpSocket *> held;
    connect(&silent, &QTcpServer::newConnection, &silent, [&silent, &held] {
        while (QTcpSocket *socket = silent.nextPendingConnection())
            held.append(socket);
    });
    QString password;
    const auto profile = ConnectionProfile::fromUrl(
            u"postgresql://nobody@127.0.0.1:%1/nothing?connect_timeout=10"_s.arg(
                    silent.serverPort()),
            &password);
    QVERIFY(profile);
    const int before = Executor::runningWorkers();
    auto executor = std::make_unique<Executor>(*profile);
    QCOMPARE(Executor::runningWorkers(), before + 1);
    QFuture<Result<ServerInfo, Diagnosis>> opening = executor->open();
    QTRY_VERIFY_WITH_TIMEOUT(!held.isEmpty(), 5000);
    QPointer<QThread> thread = executor->findChild<QThread *>();
    QVERIFY(thread);
    executor.reset();
    // It gave up waiting before the connect ended; the worker runs on, counted, and ends.
    QVERIFY(!opening.isFinished());
    QCOMPARE(Executor::runningWorkers(), before + 1);
    QTRY_VERIFY_WITH_TIMEOUT(thread.isNull(), 30000);
    QCOMPARE(Executor::runningWorkers(), before);
    QVERIFY(opening.isFinished());
}

void TestExecutor::badInput_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("validWithoutGuard"); // what SQLite itself makes of it
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("blank") << u"   \n\t"_s << false;
    QTest::newRow("binary junk") << QString::fromLatin1(QByteArray("\x00\x01\xff\xfeSELECT", 10))
                                 << false;
    QTest::newRow("10 MB") << u"SELECT '"_s + QString(10 * 1024 * 1024, u'x') + u"'"_s << true;
    QTest::newRow("comment only") << u"-- nothing here"_s << false;
}

void TestExecutor::badInput()
{
    QFETCH(QString, sql);
    QFETCH(bool, validWithoutGuard);
    auto executor = makeExecutor();
    const RunResult guarded = waitForRun(executor->run(sql).result).result;
    QVERIFY2(guarded.outcome == RunOutcome::Blocked, qPrintable(describe(guarded)));
    QVERIFY(guarded.diagnosis.has_value());
    QVERIFY(!guarded.diagnosis->advice.text().isEmpty());

    RunOptions bypass;
    bypass.guard = GuardMode::BypassForWallTests;
    const RunResult unguarded = waitForRun(executor->run(sql, bypass).result).result;
    if (validWithoutGuard) {
        QVERIFY2(unguarded.isOk(), qPrintable(describe(unguarded)));
        QCOMPARE(unguarded.rows.value(0).value(0).toString().size(), 10 * 1024 * 1024);
    } else {
        QVERIFY2(unguarded.outcome == RunOutcome::Error, qPrintable(describe(unguarded)));
        QVERIFY(unguarded.diagnosis.has_value());
    }
}

void TestExecutor::missingFileFailsToConnect()
{
    const auto profile = ConnectionProfile::fromUrl(u"sqlite://"_s + m_dir.filePath(u"none.db"_s));
    Executor executor(*profile);
    const auto opened = executor.open().result();
    QVERIFY(!opened.hasValue());
    const RunResult result = waitForRun(executor.run(u"SELECT 1"_s).result).result;
    QCOMPARE(result.outcome, RunOutcome::Error);
    QCOMPARE(result.stage, RunStage::Connect);
    QVERIFY(!QFile::exists(m_dir.filePath(u"none.db"_s))); // read-only: never created
}

void TestExecutor::submitRunsOnTheWorker()
{
    auto executor = makeExecutor();
    QThread *testThread = QThread::currentThread();
    QFuture<int> count = executor->submit<int>([testThread](QSqlDatabase &db) {
        if (QThread::currentThread() == testThread || !db.isOpen())
            return -1;
        QSqlQuery query(db);
        if (!query.exec(u"SELECT count(*) FROM users"_s) || !query.next())
            return -2;
        return query.value(0).toInt();
    });
    count.waitForFinished();
    QCOMPARE(count.result(), 5);
    const auto opened = executor->open().result();
    QVERIFY(opened.hasValue());
    QCOMPARE(opened->engine, Engine::SQLite);
    QVERIFY(!opened->version.isEmpty());
}

void TestExecutor::checksAnswers_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("doubt"); // answerDoubtName

    QTest::newRow("clean") << u"SELECT name FROM cities WHERE visits > 2 ORDER BY visits, name"_s
                           << QString();
    QTest::newRow("no rows") << u"SELECT name FROM cities WHERE visits > 100"_s << u"no_rows"_s;
    QTest::newRow("an aggregate over no rows")
            << u"SELECT MAX(visits), MIN(name) FROM cities WHERE visits > 100"_s << u"nulls_only"_s;
    QTest::newRow("one NULL next to a value")
            << u"SELECT MAX(visits), count(*) FROM cities WHERE visits > 100"_s << QString();
    QTest::newRow("a join that repeats rows")
            << u"SELECT u.username FROM users u JOIN orders o ON o.user_id = u.id"_s
            << u"duplicate_rows"_s;
    QTest::newRow("LIMIT cuts through a tie")
            << u"SELECT name FROM cities ORDER BY visits DESC LIMIT 1"_s << u"order_tie"_s;
    QTest::newRow("a tie the LIMIT keeps whole")
            << u"SELECT name FROM cities ORDER BY visits DESC LIMIT 3"_s << u"order_tie"_s;
    QTest::newRow("no tie at the LIMIT")
            << u"SELECT name FROM cities ORDER BY visits DESC, name LIMIT 2"_s << QString();
    QTest::newRow("LIMIT without ORDER BY")
            << u"SELECT name FROM cities LIMIT 1"_s << u"order_tie"_s;
    QTest::newRow("LIMIT without ORDER BY that keeps everything")
            << u"SELECT count(*) FROM cities LIMIT 1"_s << QString();
    QTest::newRow("rows tied at the maximum")
            << u"SELECT name FROM cities WHERE visits = (SELECT MAX(visits) FROM cities)"_s
            << u"extreme_tie"_s;
    QTest::newRow("one row at the minimum")
            << u"SELECT name FROM cities WHERE visits = (SELECT MIN(visits) FROM cities)"_s
            << QString();
    QTest::newRow("a pattern that keeps other values")
            << u"SELECT name FROM cities WHERE city LIKE '%Aberdeen%'"_s << u"pattern_reading"_s;
    QTest::newRow("a pattern that only folds case")
            << u"SELECT name FROM cities WHERE city LIKE '%kyle%'"_s << QString();
    QTest::newRow("a pattern for a part of a text: the value alone keeps nothing")
            << u"SELECT name FROM cities WHERE city LIKE '%ert%'"_s << QString();
    QTest::newRow("the value alone keeps nothing but with spaces around it")
            << u"SELECT name FROM cities WHERE city LIKE '%Aberdeen%' AND visits < 4"_s
            << u"pattern_reading"_s;
}

void TestExecutor::checksAnswers()
{
    QFETCH(QString, sql);
    QFETCH(QString, doubt);
    auto executor = makeExecutor();
    RunOptions options;
    options.checkAnswer = AnswerChecks::All;
    options.keepRows = false; // the check keeps what it reads
    const QString before = tableDigest();
    const WaitedRun waited = waitForRun(executor->run(sql, options).result);
    QVERIFY(waited.finished);
    QVERIFY2(waited.result.isOk(), qPrintable(describe(waited.result)));
    QCOMPARE(answerDoubtName(waited.result.doubt), doubt);
    QCOMPARE(waited.result.isAnswer(), doubt.isEmpty());
    QCOMPARE(waited.result.toJson().value(u"doubt").toString(), doubt);
    // Without the option nothing is checked.
    const WaitedRun plain = waitForRun(executor->run(sql, RunOptions()).result);
    QCOMPARE(plain.result.doubt, AnswerDoubt::None);
    QCOMPARE(tableDigest(), before);
}

void TestExecutor::doubtsMaximaOfKeys()
{
    auto executor = makeExecutor();
    RunOptions options;
    options.checkAnswer = AnswerChecks::All;
    options.catalog = std::make_shared<LiveCatalog>(); // read on the worker when a check needs it
    const QString sql =
            u"SELECT username FROM users WHERE id = (SELECT MAX(user_id) FROM orders)"_s;
    // orders.user_id is no declared key: a measure as far as the schema says.
    WaitedRun waited = waitForRun(executor->run(sql, options).result);
    QVERIFY2(waited.result.isOk(), qPrintable(describe(waited.result)));
    QCOMPARE(waited.result.doubt, AnswerDoubt::None);
    // users.id is the primary key.
    waited = waitForRun(
            executor->run(u"SELECT username FROM users WHERE id = (SELECT MAX(id) FROM users)"_s,
                          options)
                    .result);
    QVERIFY2(waited.result.isOk(), qPrintable(describe(waited.result)));
    QCOMPARE(waited.result.doubt, AnswerDoubt::ExtremeOfKey);
    QCOMPARE(waited.result.toJson().value(u"doubt").toString(), u"extreme_of_key"_s);
    QVERIFY(!waited.result.isAnswer());
    // Names given with the run decide as the catalog would.
    RunOptions given = options;
    given.catalog.reset();
    SchemaNames names;
    SchemaNames::Table orders;
    orders.name = u"orders"_s;
    orders.columns = {u"id"_s, u"user_id"_s, u"amount"_s};
    orders.foreignKeys = {{{u"user_id"_s}, u"users"_s, {u"id"_s}}};
    names.tables = {orders};
    given.schema = std::make_shared<const SchemaNames>(names);
    waited = waitForRun(executor->run(sql, given).result);
    QCOMPARE(waited.result.doubt, AnswerDoubt::ExtremeOfKey);
    // Without names, and without the check, nothing is doubted.
    RunOptions blind;
    blind.checkAnswer = AnswerChecks::All;
    waited = waitForRun(executor->run(sql, blind).result);
    QCOMPARE(waited.result.doubt, AnswerDoubt::None);
}

QTEST_GUILESS_MAIN(TestExecutor)
#include "tst_executor.moc"
