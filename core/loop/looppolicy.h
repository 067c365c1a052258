#pragma once

#include "core/cases/contextsettings.h"
#include "core/loop/turnbudget.h"

#include <QMetaType>
#include <QString>

namespace sqlmend::core {

// The bounds and choices of the correction loop (DESIGN.md, "The loop").
struct LoopPolicy
{
    int maxCorrections = 2;         // model rounds after the first try
    bool emptyResultRetry = true;   // an empty result gets one extra round with advice on filters
    int wallClockMs = 120000;       // the whole question; 0: no bound
    int statementTimeoutMs = 30000; // server-side timeout of each run
    int maxRows = 1000;             // rows fetched per run
    int keepRows = 200;             // rows kept in the outcome
    bool useFixCache = true;
    bool autofix = true;
    // Off only for ablation benchmarks: errors are diagnosed from the raw driver text, so class,
    // advice and the prompt's root cause all see the wrapping.
    bool decapsulate = true;
    // Off by default: no row value ever reaches a prompt unless the user turns this on.
    bool sampleValues = false;
    int sampleRowsPerTable = 3;
    int schemaTokenBudget = 3000;
    // A follow-up's earlier turns (TurnBudget): the oldest are summarised, then dropped, past it.
    int conversationTokenBudget = TurnBudget::defaultTokens;
    int similarCases = 3;
    bool stream = true;
    QString datasource; // the name cases and fixes are filed under (a URL without password)
    // Pins and excludes laid over the datasource's stored ones, for this loop only (the command
    // line's --pin-table and --exclude-table).
    ContextSettings tableMarks;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::LoopPolicy)
