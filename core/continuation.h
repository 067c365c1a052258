#pragma once

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QThread>

#include <optional>
#include <utility>

namespace sqlmend::core {

// The one way a future is continued (STYLE.md 16a): continuation(future) runs on receiver's
// thread, from its event loop, once the future has finished or was cancelled, and never when
// receiver was destroyed first. The watch is receiver's child, so it dies with receiver and
// nothing that runs later can reach a dead object. Call it on receiver's thread.
//
// The event loop is part of the contract: a future that has already finished still continues
// later, never inside the caller (Qt 6.4's QFuture::then() would call back at once, for example
// in the middle of a model's row insertion).
template<typename T, typename F>
void onFinished(const QFuture<T> &future, QObject *receiver, F &&continuation)
{
    Q_ASSERT(receiver && receiver->thread() == QThread::currentThread());
    auto *watcher = new QFutureWatcher<T>(receiver);
    QObject::connect(watcher, &QFutureWatcherBase::finished, receiver,
                     [watcher, continuation = std::forward<F>(continuation)]() mutable {
                         watcher->deleteLater();
                         continuation(watcher->future());
                     });
    watcher->setFuture(future);
}

// The value of a finished future; empty when it was cancelled or ended without one (the
// thread that was to answer went away).
template<typename T>
std::optional<T> resultOf(const QFuture<T> &future)
{
    if (future.isCanceled() || future.resultCount() == 0)
        return std::nullopt;
    return future.result();
}

} // namespace sqlmend::core
