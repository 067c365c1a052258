#pragma once

#include "core/errors/diagnosis.h"
#include "core/exec/runoptions.h"
#include "core/exec/runresult.h"
#include "core/result.h"
#include "core/sql/connectionprofile.h"

#include <QFuture>
#include <QObject>
#include <QPromise>
#include <QSqlDatabase>

#include <atomic>
#include <functional>
#include <memory>
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
// here returns at once with a future, and batches arrive as queued signals on the owner's
// thread. Requests run one after another in the order given; each carries a generation number,
// and batches of a superseded request are dropped. The destructor cancels, then waits for the
// worker thread, unless setWaitsOnDestruction(false) lets the worker finish on its own.
class Executor : public QObject
{
    Q_OBJECT

public:
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
    // GUI thread, which must not wait on a server that stopped answering. Keep the default for
    // the last executor of a process, which must not outlive the application.
    void setWaitsOnDestruction(bool wait) { m_waitsOnDestruction = wait; }

    // Runs job on the worker thread with the open connection (e.g. loading the schema catalog).
    // The database is not open when connecting failed; the job should check isOpen().
    template<typename T>
    QFuture<T> submit(std::function<T(QSqlDatabase &)> job);

Q_SIGNALS:
    // Only for the latest generation; stale batches never reach a model.
    void batchReady(const sqlmend::core::ResultBatch &batch);
    void runFinished(const sqlmend::core::RunResult &result);

private:
    void postDatabaseJob(std::function<void(QSqlDatabase &)> job);

    ConnectionProfile m_profile;
    std::shared_ptr<RunInterrupt> m_interrupt;
    QThread *m_thread = nullptr;
    ExecutorWorker *m_worker = nullptr; // lives on m_thread; deleted there through finished()
    std::atomic<quint64> m_generation{0};
    bool m_waitsOnDestruction = true;
};

template<typename T>
QFuture<T> Executor::submit(std::function<T(QSqlDatabase &)> job)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    postDatabaseJob([promise, job = std::move(job)](QSqlDatabase &db) {
        if constexpr (std::is_void_v<T>)
            job(db);
        else
            promise->addResult(job(db));
        promise->finish();
    });
    return future;
}

} // namespace sqlmend::core
