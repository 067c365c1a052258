#pragma once

#include "core/errors/diagnosis.h"
#include "core/exec/runoptions.h"
#include "core/exec/runresult.h"
#include "core/result.h"
#include "core/sql/connectionprofile.h"

#include <QDeadlineTimer>
#include <QFuture>
#include <QObject>
#include <QPromise>
#include <QSqlDatabase>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>

class QThread;

namespace sqlmend::core {

class ExecutorWorker;
class RunInterrupt;

// One run handed to the executor: its generation and its future result.
struct RunTicket
{
    quint64 generation = 0;
    QFuture<RunResult> result;
};

// The execution layer for one connection. A worker thread owns the QSqlDatabase; every call
// here returns at once with a future, and batches, finished runs and job progress arrive as
// queued signals on the owner's thread. The worker never holds or calls this object: it reports
// only through its own signals, whose connections end with this object (STYLE.md 16a).
// Requests run one after another in the order given; each carries a generation number, and
// batches of a superseded request are dropped. The destructor cancels, then waits for the worker
// thread at most shutdownWaitMs, unless setWaitsOnDestruction(false) lets the worker finish on
// its own.
class Executor : public QObject
{
    Q_OBJECT

public:
    // How long the destructor waits for a worker that does not end (a driver call that does not
    // return, such as a connect to a server that stopped answering) before leaving it behind.
    static constexpr int shutdownWaitMs = 3000;
    // Reports a running job's progress from the worker; see submitReporting().
    using Progress = std::function<void(qint64 value)>;

    explicit Executor(ConnectionProfile profile, QString password = {}, QObject *parent = nullptr);
    ~Executor() override;

    const ConnectionProfile &profile() const { return m_profile; }

    // Connects (runs also connect on demand); gives the server's engine and version.
    QFuture<Result<ServerInfo, Diagnosis>> open();
    // Guard, read-only transaction, statement timeout, dry run, execute, fetch up to the cap.
    RunTicket run(const QString &sql, const RunOptions &options = {});
    // Any thread: cancels every request submitted so far, reaching the server for the running
    // one. Its future ends with RunOutcome::Cancelled.
    void cancel();
    void cancel(quint64 generation);
    quint64 latestGeneration() const { return m_generation.load(); }

    // false: the destructor cancels and returns at once; the worker closes the connection and
    // its thread ends and deletes itself later, from this object's thread's event loop. For a
    // GUI thread, which must not wait on a server that stopped answering.
    void setWaitsOnDestruction(bool wait) { m_waitsOnDestruction = wait; }
    // When the destructor stops waiting (a process closing many connections at once shares one);
    // unset: shutdownWaitMs after the destructor starts.
    void setShutdownDeadline(QDeadlineTimer deadline) { m_shutdownDeadline = deadline; }

    // Worker threads of all executors that have not ended yet, including those an executor left
    // behind (see setWaitsOnDestruction() and shutdownWaitMs). Once every executor is gone, a
    // process must not run its static destructors under one that still runs: the app ends with
    // std::quick_exit() then.
    static int runningWorkers();

    // Runs job on the worker thread with the open connection (e.g. loading the schema catalog).
    // The database is not open when connecting failed; the job should check isOpen().
    template<typename T>
    QFuture<T> submit(std::function<T(QSqlDatabase &)> job);
    // Like submit(); the job may report progress, which arrives as jobProgress(id, value) on this
    // object's thread. id is the value *id is set to, before the job can report.
    template<typename T>
    QFuture<T> submitReporting(std::function<T(QSqlDatabase &, const Progress &)> job, quint64 *id);

Q_SIGNALS:
    // Only for the latest generation; stale batches never reach a model.
    void batchReady(const sqlmend::core::ResultBatch &batch);
    void runFinished(const sqlmend::core::RunResult &result);
    void jobProgress(quint64 job, qint64 value);

private:
    void postDatabaseJob(std::function<void(QSqlDatabase &, const Progress &)> job, quint64 id);
    void detachThread();

    ConnectionProfile m_profile;
    std::shared_ptr<RunInterrupt> m_interrupt;
    QThread *m_thread = nullptr;
    ExecutorWorker *m_worker = nullptr; // lives on m_thread; deleted there through finished()
    std::atomic<quint64> m_generation{0};
    quint64 m_lastJob = 0;
    bool m_waitsOnDestruction = true;
    std::optional<QDeadlineTimer> m_shutdownDeadline;
};

template<typename T>
QFuture<T> Executor::submit(std::function<T(QSqlDatabase &)> job)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    postDatabaseJob(
            [promise, job = std::move(job)](QSqlDatabase &db, const Progress &) {
                if constexpr (std::is_void_v<T>)
                    job(db);
                else
                    promise->addResult(job(db));
                promise->finish();
            },
            ++m_lastJob);
    return future;
}

template<typename T>
QFuture<T> Executor::submitReporting(std::function<T(QSqlDatabase &, const Progress &)> job,
                                     quint64 *id)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    *id = ++m_lastJob;
    postDatabaseJob(
            [promise, job = std::move(job)](QSqlDatabase &db, const Progress &progress) {
                if constexpr (std::is_void_v<T>)
                    job(db, progress);
                else
                    promise->addResult(job(db, progress));
                promise->finish();
            },
            *id);
    return future;
}

} // namespace sqlmend::core
