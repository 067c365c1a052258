#pragma once

#include "core/cases/casestore.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QFuture>
#include <QObject>
#include <QPromise>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace sqlmend::core {

// A CaseStore on its own thread, for callers that must never wait on SQL (the GUI thread, the
// correction loop). The store is opened on that thread and only ever used there; every call
// queues a job and returns at once with a future that the job fulfils. Jobs run one after
// another in the order they were queued, so writes keep their order and a read sees every write
// queued before it.
//
// The destructor lets the queued jobs finish (writes are one short transaction each), then stops
// the thread. It waits at most shutdownTimeoutMs; a store that hangs longer (a PostgreSQL server
// gone silent) is left to finish on its own: its thread ends and deletes itself afterwards, and
// futures of jobs that never ran are cancelled.
class CaseStoreService : public QObject
{
    Q_OBJECT

public:
    static constexpr int shutdownTimeoutMs = 10000;

    explicit CaseStoreService(QObject *parent = nullptr);
    ~CaseStoreService() override;

    // The thread the store lives on (for tests and assertions).
    QThread *storeThread() const { return m_thread; }

    // Closes the store that was open, if any, and opens location (see CaseStore::open()). Jobs
    // queued before it run on the old store; jobs queued after it on the new one.
    QFuture<Result<Done>> open(const QString &location, const QString &password = {});

    QFuture<Result<QList<CaseRecord>>> similarGoodCases(const QString &question,
                                                        const QString &datasource, int k);
    QFuture<Result<std::optional<CachedFix>>> lookupFix(const FixKey &key);
    QFuture<Result<Done>> forgetFix(const FixKey &key);
    QFuture<Result<qint64>> saveAutoGoodCase(const GoodCaseCandidate &candidate);
    QFuture<Result<Done>> recordFix(const FixKey &key, const QString &fixedSql);
    QFuture<Result<qint64>> addCase(const CaseRecord &record);
    QFuture<Result<qint64>> saveHistory(const QuestionTrace &trace);
    QFuture<Result<QuestionTrace>> loadHistory(qint64 id);
    QFuture<Result<QList<QuestionTrace>>> listHistory(const HistoryFilter &filter = {},
                                                      int limit = 100);

    // Any other work on the store, on its thread; write: emit changed() when it succeeds. The
    // job gets the store only when it is open.
    template<typename T>
    QFuture<Result<T>> submit(std::function<Result<T>(CaseStore &)> job, bool write = false);

Q_SIGNALS:
    // After a write succeeded; emitted on this object's thread, so views may refresh.
    void changed();

private:
    class Worker;

    // Queues fn onto the store's thread, in order with every other job.
    void post(std::function<void(Worker &)> fn);
    static CaseStore *store(Worker &worker);
    static void notifyChanged(Worker &worker);
    static Failure notOpen();

    QThread *m_thread = nullptr; // not a child: it may outlive this object (see above)
    Worker *m_worker = nullptr;  // lives on m_thread; touched only by queued jobs
};

template<typename T>
QFuture<Result<T>> CaseStoreService::submit(std::function<Result<T>(CaseStore &)> job, bool write)
{
    auto promise = std::make_shared<QPromise<Result<T>>>();
    QFuture<Result<T>> future = promise->future();
    promise->start();
    post([promise, job = std::move(job), write](Worker &worker) {
        CaseStore *open = store(worker);
        Result<T> result = open ? job(*open) : Result<T>(makeUnexpected(notOpen()));
        const bool succeeded = result.hasValue();
        promise->addResult(std::move(result));
        // Announced before the future finishes: whoever saw the answer will see the signal.
        if (write && succeeded)
            notifyChanged(worker);
        promise->finish();
    });
    return future;
}

} // namespace sqlmend::core
