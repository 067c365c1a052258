#pragma once

#include "core/errors/diagnosis.h"
#include "core/exec/runoptions.h"
#include "core/exec/runresult.h"
#include "core/result.h"
#include "core/sql/connectionprofile.h"

#include <QObject>
#include <QSqlDatabase>

#include <memory>
#include <optional>

struct pg_conn;
struct st_mysql;

namespace sqlmend::core {

class ClickHouseDriver;
class SqlEngine;
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
    bool guardAllows(const QString &sql, const RunOptions &options, RunResult &result,
                     QString *kind);
    // Pins the lexing the guard assumes and checks that it holds; a reason when it does not.
    std::optional<QString> pinSession();
    // Wall 1's server half: the server itself parses the text through a path that takes
    // exactly one statement (PostgreSQL: PQprepare of the unnamed statement). QMYSQL with
    // multi-statements off and QSQLITE refuse several statements by themselves; ODBC drivers
    // have no such path, and rely on the pinned lexing and the guard's parser.
    enum class ServerParse { One, Several, Failed };
    ServerParse parseOnServer(const QString &text, QSqlError *error);
    bool serverAllows(const QString &text, RunStage stage, const RunOptions &options,
                      RunResult &result);
    void fetch(class QSqlQuery &query, RunResult &result, const RunOptions &options);
    const SqlEngine &dialect() const;
    void attachInterrupt();

    ConnectionProfile m_profile;
    QString m_password;
    std::shared_ptr<RunInterrupt> m_interrupt;
    QString m_connectionName;
    QSqlDatabase m_database;
    ServerInfo m_info;
    Engine m_odbcBackend = Engine::Unknown; // what QODBC found behind the driver
    bool m_open = false;
    // The driver's own handles, owned by the QSqlDatabase; null when it is another driver.
    pg_conn *m_pgConnection = nullptr;
    st_mysql *m_mysql = nullptr;
    ClickHouseDriver *m_clickHouse = nullptr;
    QStringList m_repin; // the lexing pin, again before each run where a run cannot undo it
};

} // namespace sqlmend::core
