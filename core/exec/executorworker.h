#pragma once

#include "core/errors/diagnosis.h"
#include "core/exec/runoptions.h"
#include "core/exec/runresult.h"
#include "core/result.h"
#include "core/sql/connectionprofile.h"

#include <QObject>
#include <QSqlDatabase>

#include <memory>

namespace sqlmend::core {

class Dialect;
class RunInterrupt;

// Lives on the executor's worker thread and owns the QSqlDatabase, which is created, used and
// removed on that thread only (Qt 6.4 cannot move connections between threads). Not for use
// outside core/exec: Executor is the interface.
class ExecutorWorker : public QObject
{
    Q_OBJECT

public:
    ExecutorWorker(ConnectionProfile profile, QString password,
                   std::shared_ptr<RunInterrupt> interrupt);
    ~ExecutorWorker() override;

    Result<ServerInfo, Diagnosis> open();
    void close();
    bool isOpen() const { return m_open; }
    QSqlDatabase &database() { return m_database; }
    Engine engine() const { return m_info.engine; }

    RunResult run(quint64 generation, const QString &sql, const RunOptions &options);

Q_SIGNALS:
    // The worker's only way back to its owner (queued connections, values only).
    void batchReady(const sqlmend::core::ResultBatch &batch);
    void runFinished(const sqlmend::core::RunResult &result);
    void jobProgress(quint64 job, qint64 value);

private:
    Diagnosis diagnoseError(const class QSqlError &error, const RunOptions &options) const;
    void finishWithError(RunResult &result, const QSqlError &error, const RunOptions &options);
    bool execPlain(const QString &statement, QSqlError *error);
    bool guardAllows(const QString &sql, const RunOptions &options, RunResult &result);
    void fetch(class QSqlQuery &query, RunResult &result, const RunOptions &options);
    const Dialect &dialect() const;
    void attachInterrupt();

    ConnectionProfile m_profile;
    QString m_password;
    std::shared_ptr<RunInterrupt> m_interrupt;
    QString m_connectionName;
    QSqlDatabase m_database;
    ServerInfo m_info;
    Engine m_odbcBackend = Engine::Unknown; // what QODBC found behind the driver
    bool m_open = false;
};

} // namespace sqlmend::core
