#pragma once

#include "core/llm/providersettings.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

namespace sqlmend::core {

// What `sqlmend bench correction` runs in model mode, ablations included.
struct ModelBenchOptions
{
    QString spiderDir;
    ProviderSettings provider;
    int maxCorrections = 2;
    bool advice = true;      // --no-advice: prompts carry no advice
    bool decapsulate = true; // --no-decapsulate: errors reach classify/advice/prompt raw
    int limit = 0;           // first N questions (0: all)
    QStringList databases;   // only these db_ids (empty: all)
    int questionTimeoutMs = 120000;
    QString language; // prompt language ("" English, "zh_CN")
};

// How one question of the set went.
struct ModelBenchQuestion
{
    int index = 0;
    QString dbId;
    QString question;
    QString status;       // the loop's status name, or "gold_error" when the gold SQL did not run
    QString reason;       // why it stopped, when it did not answer
    bool correct = false; // the final SQL's result equals the gold result
    bool firstTryCorrect = false; // the first attempt's result equals the gold result
    int rounds = 0;               // answered model calls
    qint64 tokens = 0;            // prompt + completion
    qint64 ms = 0;                // the loop's wall clock for the question
    qint64 modelMs = 0;           // time in model calls
    qint64 databaseMs = 0;        // time in runs
    QString finalSql;
    QStringList origins;      // one per attempt: "llm", "cache", "autofix"
    QStringList errorClasses; // one per diagnosed attempt

    bool isScored() const { return status != QLatin1String("gold_error"); }
    bool isCorrected() const { return correct && !firstTryCorrect; }
};

// The per-question rows of a model run; totals are derived from them.
struct ModelBenchReport
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ModelBenchReport)

public:
    QString model;
    QString provider;
    QString language;
    bool advice = true;
    bool decapsulate = true;
    int maxCorrections = 2;
    QList<ModelBenchQuestion> questions;

    // {"mode": "model", "model", "provider", "language", "ablation": {"advice", "decapsulate",
    //  "max_corrections"}, "questions", "gold_failed", "correct", "execution_accuracy",
    //  "first_try_accuracy", "corrected", "llm_calls", "rounds_per_question", "tokens",
    //  "tokens_per_question", "latency_ms": {"mean", "p50", "p90"}, "loop_overhead_ms": {"mean",
    //  "p50", "p90"}, "attempts": {origin: n}, "statuses": {status: n}, "classes": {class: n},
    //  "per_database": {db_id: {...}}, "per_question": [{"index", "db_id", "question", "status",
    //  "correct", "first_try_correct", "rounds", "tokens", "ms", "final_sql"}]}
    QJsonObject toJson() const;
    QString toText() const;
};

// Runs every selected question of a Spider-format set through the correction loop with the given
// model and scores the final SQL by execution accuracy against the gold SQL. Blocking: it spins
// its own event loop, so call it from a thread without a GUI (the CLI's main thread). A model
// that cannot be reached (or refuses the key) stops the run with a clear Failure instead of
// timing out question after question. progress is called after each question (may be empty).
Result<ModelBenchReport>
runModelBench(const ModelBenchOptions &options,
              const std::function<void(int done, int total)> &progress = {});

} // namespace sqlmend::core
