#pragma once

#include "core/exec/runresult.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFuture>
#include <QFutureWatcher>
#include <QString>
#include <QTimer>

// Waiting for an executor's run in a test: the test thread keeps an event loop and a 10 ms timer
// going, and the longest gap between ticks shows whether the asking thread ever stalled.

struct WaitedRun
{
    sqlmend::core::RunResult result;
    bool finished = false;
    qint64 elapsedMs = 0;
    qint64 longestTickGapMs = 0; // the longest the asking thread went without a 10 ms tick
};

inline WaitedRun waitForRun(const QFuture<sqlmend::core::RunResult> &future, int limitMs = 20000)
{
    WaitedRun waited;
    QEventLoop loop;
    QFutureWatcher<sqlmend::core::RunResult> watcher;
    QObject::connect(&watcher, &QFutureWatcher<sqlmend::core::RunResult>::finished, &loop,
                     &QEventLoop::quit);
    QTimer tick;
    tick.setInterval(10);
    QElapsedTimer sinceTick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        waited.longestTickGapMs = qMax(waited.longestTickGapMs, sinceTick.restart());
    });
    QTimer::singleShot(limitMs, &loop, &QEventLoop::quit);
    QElapsedTimer clock;
    clock.start();
    sinceTick.start();
    tick.start();
    watcher.setFuture(future);
    if (!future.isFinished())
        loop.exec();
    waited.elapsedMs = clock.elapsed();
    waited.finished = future.isFinished() && future.resultCount() > 0;
    if (waited.finished)
        waited.result = future.result();
    return waited;
}

inline QString describeRun(const sqlmend::core::RunResult &result)
{
    using namespace sqlmend::core;
    return QStringLiteral("%1 at %2 [%3]: %4")
            .arg(runOutcomeName(result.outcome), runStageName(result.stage),
                 result.diagnosis ? errorClassName(result.diagnosis->errorClass()) : QString(),
                 result.diagnosis ? result.diagnosis->error.raw.left(300) : QString());
}
