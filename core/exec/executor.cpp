#include "core/exec/executor.h"

#include "core/exec/executorworker.h"
#include "core/exec/runinterrupt.h"

#include <QThread>

namespace sqlmend::core {

namespace {

// Worker threads of every executor that have not ended yet.
std::atomic<int> workerThreads{0};

} // namespace

Executor::Executor(ConnectionProfile profile, QString password, QObject *parent)
    : QObject(parent),
      m_profile(std::move(profile)),
      m_interrupt(std::make_shared<RunInterrupt>()),
      m_thread(new QThread(this))
{
    qRegisterMetaType<ResultBatch>();
    qRegisterMetaType<RunResult>();
    m_thread->setObjectName(QStringLiteral("sqlmend-executor"));
    m_worker = new ExecutorWorker(m_profile, std::move(password), m_interrupt);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    // Counted down on the worker's own thread, as its last act.
    ++workerThreads;
    connect(
            m_thread, &QThread::finished, m_thread, [] { --workerThreads; }, Qt::DirectConnection);
    // Queued (the worker lives on another thread); each connection ends with this object, so a
    // worker that finishes after it reaches nothing.
    connect(m_worker, &ExecutorWorker::batchReady, this, [this](const ResultBatch &batch) {
        if (batch.generation == m_generation.load())
            Q_EMIT batchReady(batch);
    });
    connect(m_worker, &ExecutorWorker::runFinished, this, &Executor::runFinished);
    connect(m_worker, &ExecutorWorker::jobProgress, this, &Executor::jobProgress);
    m_thread->start();
}

Executor::~Executor()
{
    cancel();
    ExecutorWorker *worker = m_worker;
    QMetaObject::invokeMethod(
            worker,
            [worker] {
                worker->close();
                QThread::currentThread()->quit();
            },
            Qt::QueuedConnection);
    const QDeadlineTimer deadline = m_shutdownDeadline.value_or(QDeadlineTimer(shutdownWaitMs));
    if (m_waitsOnDestruction && m_thread->wait(deadline))
        return; // the thread is our child and goes with us
    detachThread();
}

void Executor::detachThread()
{
    // The thread outlives this object: it stops being our child, and deletes itself once the
    // worker (deleted through finished(), as always) has closed the connection. It may have
    // ended already, before this connection existed (an idle worker quits at once).
    m_thread->setParent(nullptr);
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    if (m_thread->isFinished())
        m_thread->deleteLater();
}

int Executor::runningWorkers()
{
    return workerThreads.load();
}

QFuture<Result<ServerInfo, Diagnosis>> Executor::open()
{
    auto promise = std::make_shared<QPromise<Result<ServerInfo, Diagnosis>>>();
    QFuture<Result<ServerInfo, Diagnosis>> future = promise->future();
    promise->start();
    ExecutorWorker *worker = m_worker;
    QMetaObject::invokeMethod(
            worker,
            [worker, promise] {
                promise->addResult(worker->open());
                promise->finish();
            },
            Qt::QueuedConnection);
    return future;
}

RunTicket Executor::run(const QString &sql, const RunOptions &options)
{
    const quint64 generation = ++m_generation;
    auto promise = std::make_shared<QPromise<RunResult>>();
    RunTicket ticket{generation, promise->future()};
    promise->start();
    ExecutorWorker *worker = m_worker;
    QMetaObject::invokeMethod(
            worker,
            [worker, promise, generation, sql, options] {
                const RunResult result = worker->run(generation, sql, options);
                promise->addResult(result);
                promise->finish();
                // Through the worker's signal: it reaches the owner only while the owner lives.
                Q_EMIT worker->runFinished(result);
            },
            Qt::QueuedConnection);
    return ticket;
}

void Executor::cancel()
{
    m_interrupt->cancelUpTo(m_generation.load());
}

void Executor::cancel(quint64 generation)
{
    m_interrupt->cancelUpTo(generation);
}

void Executor::postDatabaseJob(std::function<void(QSqlDatabase &, const Progress &)> job,
                               quint64 id)
{
    ExecutorWorker *worker = m_worker;
    QMetaObject::invokeMethod(
            worker,
            [worker, id, job = std::move(job)] {
                if (!worker->isOpen())
                    worker->open();
                const Progress progress = [worker, id](qint64 value) {
                    Q_EMIT worker->jobProgress(id, value);
                };
                job(worker->database(), progress);
            },
            Qt::QueuedConnection);
}

} // namespace sqlmend::core
