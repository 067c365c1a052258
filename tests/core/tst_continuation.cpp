#include "core/continuation.h"

#include <QPromise>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>

using namespace sqlmend::core;

// The one way a future is continued: on the receiver's thread, from its event loop, never after
// the receiver is gone.
class tst_Continuation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runsOnTheReceiversThreadFromTheEventLoop();
    void alreadyFinishedStillWaitsForTheEventLoop();
    void droppedWhenTheReceiverGoesFirst();
    void cancelledAndAbandonedFuturesHaveNoResult();
    void manyPendingDoNotLeak();
};

void tst_Continuation::runsOnTheReceiversThreadFromTheEventLoop()
{
    QObject receiver;
    auto promise = std::make_shared<QPromise<int>>();
    promise->start();
    QThread *ranOn = nullptr;
    std::optional<int> value;
    onFinished(promise->future(), &receiver, [&](const QFuture<int> &done) {
        ranOn = QThread::currentThread();
        value = resultOf(done);
    });
    std::unique_ptr<QThread> worker(QThread::create([promise] {
        promise->addResult(42);
        promise->finish();
    }));
    worker->start();
    QVERIFY(worker->wait(20000));
    QVERIFY(!value); // finished on the worker, continued only from this thread's event loop
    QTRY_VERIFY(value.has_value());
    QCOMPARE(*value, 42);
    QCOMPARE(ranOn, QThread::currentThread());
}

void tst_Continuation::alreadyFinishedStillWaitsForTheEventLoop()
{
    QObject receiver;
    QPromise<QString> promise;
    promise.start();
    promise.addResult(QStringLiteral("ready"));
    promise.finish();
    bool ran = false;
    onFinished(promise.future(), &receiver, [&](const QFuture<QString> &) { ran = true; });
    QVERIFY(!ran); // never inside the caller
    QTRY_VERIFY(ran);
}

void tst_Continuation::droppedWhenTheReceiverGoesFirst()
{
    auto receiver = std::make_unique<QObject>();
    auto promise = std::make_shared<QPromise<int>>();
    promise->start();
    int calls = 0;
    onFinished(promise->future(), receiver.get(), [&](const QFuture<int> &) { ++calls; });
    receiver.reset();
    promise->addResult(1);
    promise->finish();
    QTest::qWait(100);
    QCOMPARE(calls, 0);

    // Also when the future finished first and only the event loop had yet to deliver it.
    receiver = std::make_unique<QObject>();
    QPromise<int> ready;
    ready.start();
    ready.addResult(2);
    ready.finish();
    onFinished(ready.future(), receiver.get(), [&](const QFuture<int> &) { ++calls; });
    receiver.reset();
    QTest::qWait(100);
    QCOMPARE(calls, 0);
}

void tst_Continuation::cancelledAndAbandonedFuturesHaveNoResult()
{
    QObject receiver;
    std::optional<std::optional<int>> cancelled;
    {
        QPromise<int> promise;
        promise.start();
        onFinished(promise.future(), &receiver,
                   [&](const QFuture<int> &done) { cancelled = resultOf(done); });
        promise.future().cancel();
        promise.finish();
    }
    std::optional<std::optional<int>> abandoned;
    {
        // The thread that was to answer went away: its promise dies unfinished.
        auto promise = std::make_unique<QPromise<int>>();
        promise->start();
        onFinished(promise->future(), &receiver,
                   [&](const QFuture<int> &done) { abandoned = resultOf(done); });
        promise.reset();
    }
    QTRY_VERIFY(cancelled.has_value() && abandoned.has_value());
    QVERIFY(!cancelled->has_value());
    QVERIFY(!abandoned->has_value());
}

void tst_Continuation::manyPendingDoNotLeak()
{
    QObject receiver;
    int calls = 0;
    for (int i = 0; i < 1000; ++i) {
        QPromise<int> promise;
        promise.start();
        promise.addResult(i);
        promise.finish();
        onFinished(promise.future(), &receiver, [&](const QFuture<int> &) { ++calls; });
    }
    QTRY_COMPARE(calls, 1000);
    // Each watch deletes itself once it has continued.
    QTRY_COMPARE(int(receiver.children().size()), 0);
}

QTEST_GUILESS_MAIN(tst_Continuation)
#include "tst_continuation.moc"
