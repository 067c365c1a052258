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

namespace sqlmend::core {

class EngineSession;
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
    // exactly one statement where it has one (EngineSession::parse).
    bool serverAllows(const QString &text, RunStage stage, const RunOptions &options,
                      RunResult &result);
    void fetch(class QSqlQuery &query, RunResult &result, const RunOptions &options);
    // Whether an Ok result may stand as an answer (RunOptions::checkAnswer All): its rows, then
    // the probes AnswerCheck builds, run on this session; with the schema's names (may be null),
    // also the probes of its values (AnswerCheck::valueProbes). reading: the statement's text
    // as AnswerCheck::read gives it.
    AnswerDoubt doubtAbout(const QString &text, const StatementReading &reading,
                           const RunResult &result, const RunOptions &options,
                           const SchemaNames *names);
    // The first probe whose statements disagree (an empty first statement stands for the
    // result's own rows), Unverified when one could not run, else None.
    AnswerDoubt probeDoubt(const QList<AnswerProbe> &probes, const RunResult &result,
                           const RunOptions &options);
    // The schema's names for the checks: the run's own, else the live catalog's (read once per
    // connection), or null.
    std::shared_ptr<const SchemaNames> schemaNames(const RunOptions &options);
    // The doubts read from the statement and the schema's names (may be null; read by
    // schemaNames before the run): AnswerCheck::repeatsFilter, AnswerCheck::extremeOfKey,
    // AnswerCheck::showsFilter, AnswerCheck::outerColumn, ..., for either checkAnswer.
    AnswerDoubt statementDoubt(const StatementReading &statement, const SchemaNames *names);
    // A probe's rows (up to the row cap), or nothing when it could not run to its end.
    std::optional<QList<QVariantList>> probeRows(const QString &sql, quint64 generation,
                                                 const RunOptions &options);
    const SqlEngine &dialect() const;

    ConnectionProfile m_profile;
    QString m_password;
    std::shared_ptr<RunInterrupt> m_interrupt;
    QString m_connectionName;
    QSqlDatabase m_database;
    ServerInfo m_info;
    // The engine object that answers the open session (ODBC: the backend's ODBC form).
    const SqlEngine *m_dialect = nullptr;
    bool m_open = false;
    // The engine's native side of the open connection (its handles, per-run settings).
    std::unique_ptr<EngineSession> m_session;
    QStringList m_repin; // the lexing pin, again before each run where a run cannot undo it
};

} // namespace sqlmend::core
