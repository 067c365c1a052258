#pragma once

#include "core/errors/diagnosis.h"
#include "core/exec/answercheck.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QStringList>
#include <QVariantList>

#include <optional>

namespace sqlmend::core {

enum class RunOutcome {
    Ok,
    Error,   // the database (or the connection) rejected it; see the diagnosis
    Blocked, // the guard refused it before it reached the database
    Timeout,
    Cancelled,
};

// How much of a result's row count is known.
enum class RowCountStatus {
    Unknown, // rows are still arriving
    Partial, // the preview cap stopped the fetch; more rows exist
    Complete,
};

// Where a run ended.
enum class RunStage { Connect, Guard, DryRun, Execute, Fetch, Done };

QString runOutcomeName(RunOutcome outcome); // "ok", "error", "blocked", "timeout", "cancelled"
QString rowCountStatusName(RowCountStatus status);
QString runStageName(RunStage stage);

// What a connection found out about its server once open.
struct ServerInfo
{
    Engine engine = Engine::Unknown; // refined: a mysql:// URL may reach MariaDB
    // The engine whose SQL the server reads, where it is not `engine` (ODBC: the backend).
    Engine dialect = Engine::Unknown;
    QString version;
};

// A slice of rows as it arrives, so that a view can show them while the fetch goes on.
struct ResultBatch
{
    quint64 generation = 0;
    QStringList columns; // repeated in every batch so that any batch stands alone
    qint64 firstRow = 0; // 0-based index of rows.first() in the whole result
    QList<QVariantList> rows;
    bool last = false;
};

// The whole answer to one run.
struct RunResult
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::RunResult)

public:
    quint64 generation = 0;
    RunOutcome outcome = RunOutcome::Error;
    RunStage stage = RunStage::Connect;
    QStringList columns;
    QStringList columnTypes;  // the driver's type names (QMetaType names)
    QList<QVariantList> rows; // up to the preview cap, when RunOptions::keepRows
    qint64 rowCount = 0;      // rows fetched
    RowCountStatus rowStatus = RowCountStatus::Unknown;
    qint64 rowsAffected = -1; // for statements without a result set, where the driver says
    std::optional<Diagnosis> diagnosis; // for Error, Blocked and Timeout
    QString plan;                       // the dry run's EXPLAIN output, one line per row
    // With RunOptions::checkAnswer, for Ok: what keeps the result from standing as an answer.
    AnswerDoubt doubt = AnswerDoubt::None;
    qint64 elapsedMs = 0;

    bool isOk() const { return outcome == RunOutcome::Ok; }
    // Ok, and nothing keeps the result from standing as an answer.
    bool isAnswer() const { return isOk() && doubt == AnswerDoubt::None; }
    // {"status", "columns", "rows", "row_count", "row_status", "stage", "elapsed_ms", "error"}
    QJsonObject toJson() const;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ServerInfo)
Q_DECLARE_METATYPE(sqlmend::core::ResultBatch)
Q_DECLARE_METATYPE(sqlmend::core::RunResult)
