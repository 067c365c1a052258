#include "core/exec/executor.h"

#include "core/exec/executorworker.h"
#include "core/exec/runinterrupt.h"

#include <QThread>

namespace sqlmend::core {

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
    connect(m_worker, &ExecutorWorker::batchReady, this, [this](const ResultBatch &batch) {
        if (batch.generation == m_generation.load())
            Q_EMIT batchReady(batch);
    });
    m_thread->start();
}

Executor::~Executor()
{
    cancel();
    if (!m_waitsOnDestruction) {
        // The thread outlives this object: it stops being our child, and deletes itself once
        // the worker (deleted through finished(), as always) has closed the connection.
        m_thread->setParent(nullptr);
        connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    }
    ExecutorWorker *worker = m_worker;
    QMetaObject::invokeMethod(
            worker,
            [worker] {
                worker->close();
                QThread::currentThread()->quit();
            },
            Qt::QueuedConnection);
    if (m_waitsOnDestruction)
        m_thread->wait();
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
            [this, worker, promise, generation, sql, options] {
                const RunResult result = worker->run(generation, sql, options);
                promise->addResult(result);
                promise->finish();
                // Queued to the owner's thread; dropped there if the owner is gone by then.
                QMetaObject::invokeMethod(
                        this, [this, result] { Q_EMIT runFinished(result); }, Qt::QueuedConnection);
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

void Executor::postDatabaseJob(std::function<void(QSqlDatabase &)> job)
{
    ExecutorWorker *worker = m_worker;
    QMetaObject::invokeMethod(
            worker,
            [worker, job = std::move(job)] {
                if (!worker->isOpen())
                    worker->open();
                job(worker->database());
            },
            Qt::QueuedConnection);
}

} // namespace sqlmend::core
