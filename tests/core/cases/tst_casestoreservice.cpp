// The case store on its own thread: answers arrive as futures, the caller's thread never runs the
// store's SQL, writes keep their order, a bad location fails clearly, and shutting down with
// writes still queued loses none of them.

#include "core/cases/casestoreservice.h"

#include <QDir>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

namespace {

// Waits for a future the store's thread fulfils; the test thread may block, the GUI never does.
template<typename T>
T awaited(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

CaseRecord goodCase(const QString &question)
{
    CaseRecord record;
    record.kind = CaseKind::Good;
    record.question = question;
    record.sql = u"SELECT 1"_s;
    record.datasource = u"sqlite:///shop.db"_s;
    record.dialect = u"sqlite"_s;
    return record;
}

QuestionTrace trace(const QString &question)
{
    QuestionTrace trace;
    trace.question = question;
    trace.datasource = u"sqlite:///shop.db"_s;
    trace.dialect = u"sqlite"_s;
    trace.status = QuestionStatus::Ok;
    trace.started = QDateTime::currentDateTimeUtc();
    trace.finished = trace.started;
    AttemptRecord attempt;
    attempt.sql = u"SELECT 1"_s;
    attempt.outcome = AttemptOutcome::Ok;
    trace.attempts = {attempt};
    return trace;
}

} // namespace

class tst_CaseStoreService : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    void answersArrive();
    void storeRunsOnItsOwnThread();
    void callsNeverWait();
    void writesKeepTheirOrder();
    void changedAfterWritesOnly();
    void badLocations_data();
    void badLocations();
    void reopenSwitchesStores();
    void shutdownLosesNoQueuedWrite_data();
    void shutdownLosesNoQueuedWrite();

private:
    QString freshPath();

    QTemporaryDir m_dir;
    int m_files = 0;
};

void tst_CaseStoreService::init()
{
    QVERIFY(m_dir.isValid());
    // A store touched from a thread that does not own its connection would say so.
    QTest::failOnWarning(QRegularExpression(u"does not belong to the calling thread"_s));
}

QString tst_CaseStoreService::freshPath()
{
    return m_dir.filePath(u"cases-%1.sqlite"_s.arg(++m_files));
}

void tst_CaseStoreService::answersArrive()
{
    CaseStoreService service;
    QVERIFY(awaited(service.open(freshPath())));

    QFuture<Result<qint64>> added = service.addCase(goodCase(u"How many users per city?"_s));
    // The answer arrives through the event loop, like a view would take it.
    QTRY_VERIFY_WITH_TIMEOUT(added.isFinished(), 10000);
    QVERIFY(added.result());
    QVERIFY(added.result().value() > 0);

    const Result<qint64> saved = awaited(service.saveHistory(trace(u"How many users?"_s)));
    QVERIFY(saved);
    const Result<QuestionTrace> loaded = awaited(service.loadHistory(saved.value()));
    QVERIFY(loaded);
    QCOMPARE(loaded->question, u"How many users?"_s);
    QCOMPARE(loaded->attempts.size(), 1);
    const Result<QList<QuestionTrace>> listed = awaited(service.listHistory());
    QVERIFY(listed);
    QCOMPARE(listed->size(), 1);
    QCOMPARE(listed->at(0).id, saved.value());

    const FixKey key{u"SELECT user_name FROM users"_s, u"column_missing"_s,
                     u"no such column: user_name"_s, u"sqlite:///shop.db"_s};
    QVERIFY(awaited(service.recordFix(key, u"SELECT username FROM users"_s)));
    const Result<std::optional<CachedFix>> hit = awaited(service.lookupFix(key));
    QVERIFY(hit && hit.value());
    QCOMPARE(hit.value()->fixedSql, u"SELECT username FROM users"_s);
    QVERIFY(awaited(service.forgetFix(key)));
    QVERIFY(!awaited(service.lookupFix(key)).value());

    GoodCaseCandidate candidate{u"List the cities"_s,
                                u"SELECT city FROM users"_s,
                                u"sqlite:///shop.db"_s,
                                u"sqlite"_s,
                                true,
                                {u"city"_s},
                                3};
    QVERIFY(awaited(service.saveAutoGoodCase(candidate)));
    const Result<QList<CaseRecord>> similar =
            awaited(service.similarGoodCases(u"cities"_s, u"sqlite:///shop.db"_s, 3));
    QVERIFY(similar);
    QVERIFY(!similar->isEmpty());
    QCOMPARE(similar->at(0).question, u"List the cities"_s);
}

void tst_CaseStoreService::storeRunsOnItsOwnThread()
{
    CaseStoreService service;
    QVERIFY(service.storeThread());
    QVERIFY(service.storeThread() != QThread::currentThread());
    QVERIFY(awaited(service.open(freshPath())));
    // Every job, the named ones included, runs where the store's connection lives.
    QThread *caller = QThread::currentThread();
    QThread *ranOn = nullptr;
    const Result<bool> answer = awaited(service.submit<bool>([&ranOn](CaseStore &store) {
        ranOn = QThread::currentThread();
        return Result<bool>(store.isOpen());
    }));
    QVERIFY(answer && answer.value());
    QCOMPARE(ranOn, service.storeThread());
    QVERIFY(ranOn != caller);
    QVERIFY(awaited(service.addCase(goodCase(u"q"_s))));
}

void tst_CaseStoreService::callsNeverWait()
{
    CaseStoreService service;
    QVERIFY(awaited(service.open(freshPath())));
    // The store is busy for a while; calls made meanwhile return at once and queue behind it.
    QFuture<Result<bool>> slow = service.submit<bool>([](CaseStore &) {
        QThread::msleep(500);
        return Result<bool>(true);
    });
    QList<QFuture<Result<qint64>>> writes;
    for (int i = 0; i < 50; ++i)
        writes.append(service.addCase(goodCase(u"question %1"_s.arg(i))));
    QFuture<Result<QList<QuestionTrace>>> read = service.listHistory();
    // Every call returned before the store got to it: none waited for the slow job ahead.
    QVERIFY(!slow.isFinished());
    QVERIFY(!read.isFinished());
    for (const QFuture<Result<qint64>> &write : std::as_const(writes))
        QVERIFY(!write.isFinished());
    QVERIFY(awaited(read));
    QVERIFY(slow.isFinished());
    for (const QFuture<Result<qint64>> &write : std::as_const(writes))
        QVERIFY(write.isFinished() && write.result());
}

void tst_CaseStoreService::writesKeepTheirOrder()
{
    CaseStoreService service;
    QVERIFY(awaited(service.open(freshPath())));
    constexpr int count = 200;
    QList<QFuture<Result<qint64>>> writes;
    for (int i = 0; i < count; ++i)
        writes.append(service.addCase(goodCase(u"question %1"_s.arg(i))));
    // A history write replaces the trace it names: the second save must land after the first.
    QFuture<Result<qint64>> first = service.saveHistory(trace(u"first"_s));
    const qint64 firstId = awaited(first).value();
    QuestionTrace replaced = trace(u"replaced"_s);
    replaced.id = firstId;
    service.saveHistory(replaced);
    QuestionTrace again = trace(u"replaced again"_s);
    again.id = firstId;
    service.saveHistory(again);

    qint64 previous = 0;
    for (const QFuture<Result<qint64>> &write : std::as_const(writes)) {
        const Result<qint64> id = awaited(write);
        QVERIFY(id);
        QVERIFY(id.value() > previous);
        previous = id.value();
    }
    const Result<QList<CaseRecord>> cases = awaited(
            service.submit<QList<CaseRecord>>([](CaseStore &store) { return store.listCases(); }));
    QVERIFY(cases);
    QCOMPARE(cases->size(), count);
    for (int i = 0; i < count; ++i)
        QCOMPARE(cases->at(i).question, u"question %1"_s.arg(i));
    const Result<QuestionTrace> last = awaited(service.loadHistory(firstId));
    QVERIFY(last);
    QCOMPARE(last->question, u"replaced again"_s);
}

void tst_CaseStoreService::changedAfterWritesOnly()
{
    CaseStoreService service;
    QVERIFY(awaited(service.open(freshPath())));
    QSignalSpy changed(&service, &CaseStoreService::changed);
    QCoreApplication::processEvents(); // the open's own announcement
    changed.clear();

    QThread *emittedOn = nullptr;
    connect(&service, &CaseStoreService::changed, this,
            [&emittedOn] { emittedOn = QThread::currentThread(); });
    awaited(service.listHistory());
    awaited(service.loadHistory(1)); // fails: no such trace, and it is a read anyway
    QTest::qWait(50);
    QCOMPARE(changed.size(), 0);

    awaited(service.addCase(goodCase(u"q"_s)));
    QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, 5000);
    QCOMPARE(emittedOn, QThread::currentThread());
    // A failed write changes nothing.
    CaseRecord invalid = goodCase(QString());
    QVERIFY(!awaited(service.addCase(invalid)));
    QTest::qWait(50);
    QCOMPARE(changed.size(), 1);
}

void tst_CaseStoreService::badLocations_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("code");
    QTest::newRow("other scheme") << u"mysql://me@host/db"_s << u"invalid"_s;
    QTest::newRow("sqlite url without file") << u"sqlite://"_s << u"invalid"_s;
    QTest::newRow("folder") << u"@dir@"_s << u"open"_s;
    QTest::newRow("unreachable server")
            << u"postgresql://me@127.0.0.1:1/db?connect_timeout=2"_s << u"open"_s;
}

void tst_CaseStoreService::badLocations()
{
    QFETCH(QString, location);
    QFETCH(QString, code);
    if (location == u"@dir@") {
        location = m_dir.filePath(u"a-folder"_s);
        QVERIFY(QDir().mkpath(location));
    }
    CaseStoreService service;
    const Result<Done> opened = awaited(service.open(location));
    QVERIFY(!opened);
    QCOMPARE(opened.error().code, code);
    QVERIFY(!opened.error().message.isEmpty());
    // Every later call fails the same clear way, without touching a store.
    const Result<qint64> added = awaited(service.addCase(goodCase(u"q"_s)));
    QVERIFY(!added);
    QCOMPARE(added.error().code, u"not_open"_s);
    const Result<QList<QuestionTrace>> listed = awaited(service.listHistory());
    QVERIFY(!listed);
    QCOMPARE(listed.error().code, u"not_open"_s);
}

void tst_CaseStoreService::reopenSwitchesStores()
{
    const QString a = freshPath();
    const QString b = freshPath();
    CaseStoreService service;
    service.open(a);
    service.addCase(goodCase(u"in a"_s));
    service.open(b); // queued after the write: it lands in a
    const Result<qint64> inB = awaited(service.addCase(goodCase(u"in b"_s)));
    QVERIFY(inB);
    const auto listed = awaited(
            service.submit<QList<CaseRecord>>([](CaseStore &store) { return store.listCases(); }));
    QVERIFY(listed);
    QCOMPARE(listed->size(), 1);
    QCOMPARE(listed->at(0).question, u"in b"_s);
    service.open(a);
    const auto back = awaited(
            service.submit<QList<CaseRecord>>([](CaseStore &store) { return store.listCases(); }));
    QVERIFY(back);
    QCOMPARE(back->size(), 1);
    QCOMPARE(back->at(0).question, u"in a"_s);
}

void tst_CaseStoreService::shutdownLosesNoQueuedWrite_data()
{
    QTest::addColumn<int>("cases");
    QTest::addColumn<int>("traces");
    QTest::addColumn<bool>("surelyPending"); // enough writes that some are queued at shutdown
    QTest::newRow("a few") << 3 << 1 << false;
    QTest::newRow("many") << 400 << 100 << true;
}

void tst_CaseStoreService::shutdownLosesNoQueuedWrite()
{
    QFETCH(int, cases);
    QFETCH(int, traces);
    QFETCH(bool, surelyPending);
    const QString path = freshPath();
    QList<QFuture<Result<qint64>>> writes;
    {
        auto service = std::make_unique<CaseStoreService>();
        service->open(path);
        for (int i = 0; i < cases; ++i)
            writes.append(service->addCase(goodCase(u"question %1"_s.arg(i))));
        for (int i = 0; i < traces; ++i)
            writes.append(service->saveHistory(trace(u"trace %1"_s.arg(i))));
        qsizetype pending = 0;
        for (const QFuture<Result<qint64>> &write : std::as_const(writes))
            pending += write.isFinished() ? 0 : 1;
        if (surelyPending)
            QVERIFY2(pending > 0, "every write ended before the shutdown; the test proves nothing");
        // Gone with writes still queued.
    }
    for (const QFuture<Result<qint64>> &write : std::as_const(writes)) {
        QVERIFY(write.isFinished());
        QVERIFY(!write.isCanceled());
        QVERIFY(write.result());
    }
    // Reopened on this thread, with a store of its own.
    CaseStore store;
    QVERIFY(store.open(path));
    const Result<QList<CaseRecord>> stored = store.listCases();
    QVERIFY(stored);
    QCOMPARE(stored->size(), cases);
    QCOMPARE(stored->constLast().question, u"question %1"_s.arg(cases - 1));
    const Result<QList<QuestionTrace>> history = store.listHistory({}, traces + 10);
    QVERIFY(history);
    QCOMPARE(history->size(), traces);
}

QTEST_GUILESS_MAIN(tst_CaseStoreService)
#include "tst_casestoreservice.moc"
