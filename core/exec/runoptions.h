#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"

#include <QMetaType>

#include <memory>

namespace sqlmend::core {

class LiveCatalog;
class RowSink;

// Whether a run passes the statement guard (wall 1) first.
enum class GuardMode {
    Enforce,
    // Only for tests that prove walls 2 and 3 hold by themselves; never offered to a user.
    BypassForWallTests,
};

// Which checks decide whether an Ok result may stand as an answer (AnswerCheck).
enum class AnswerChecks {
    None,
    // Only what the statement (and the schema's names) shows: an answer that repeats its own
    // filter, the maximum or minimum of a key; and whether the data holds the text values it
    // compares columns with (AnswerCheck::valueProbes, AbsentValue), the one probe that runs.
    // The catalog may be read once. A statement free of the first and that compares no column
    // with a text value runs as if unchecked (its rows go to the sink as they come, without the
    // checks' bound); one that compares keeps its rows until its values are read.
    Statement,
    // Also the rows and the probes: no rows, duplicates, ties on the ORDER BY, LIKE patterns.
    All,
};

// The bounds and choices of one run.
struct RunOptions
{
    int timeoutMs = 30000; // server-side statement timeout; 0: none
    int maxRows = 1000;    // the preview cap: rows fetched beyond it are never read
    int batchSize = 200;   // rows per ResultBatch
    bool dryRun = true;    // EXPLAIN (or a LIMIT 1 wrapper) before the real run
    bool keepRows = true;  // also collect the fetched rows in the RunResult
    // Check whether the result may stand as an answer (AnswerCheck), for a repair's result; the
    // finding is RunResult::doubt. All keeps the rows (keepRows, at most
    // AnswerCheck::MaxCheckedRows) and runs a few more statements on the same session; Statement
    // keeps them, away from the sink, only when the statement is in doubt.
    AnswerChecks checkAnswer = AnswerChecks::None;
    // Announce the rows as ResultBatch signals. A caller that only waits on the run's future
    // (a command line) turns them off: queued to a thread that runs no event loop meanwhile,
    // every batch would stay in memory, unread, until the process ends.
    bool batches = true;
    // Rows handed on, on the worker, as they are fetched (RowSink). Independent of keepRows and
    // batches; a command line that streams turns both off.
    std::shared_ptr<RowSink> rowSink;
    GuardMode guard = GuardMode::Enforce;
    // The live schema's names, for advice that names the closest real table or column.
    std::shared_ptr<const SchemaNames> schema;
    // Without schema: the connection's catalog, read on the worker the first time an error needs
    // its names (LiveCatalog::diagnose).
    std::shared_ptr<LiveCatalog> catalog;
    // How the run's errors are diagnosed (decapsulation off only for ablation benchmarks).
    DiagnoseOptions diagnose;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::RunOptions)
