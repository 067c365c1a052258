#pragma once

#include "core/errors/diagnosis.h"
#include "core/llm/providersettings.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace sqlmend::core {

// One real failing prediction: a JSON Lines row as in ../shared/bench/real-errors.
struct ReplayCase
{
    QString id;
    QString dbId;
    QString question;
    QString predictedSql;
    QString goldSql;
    QString sourceModel;
    QString recordedError; // what the prediction's own run said (sqlite_error), if given
};

// What `sqlmend bench replay` runs.
struct ReplayBenchOptions
{
    QString inputPath; // JSON Lines
    QString spiderDir; // database/<db_id>/<db_id>.sqlite
    QStringList databases;
    QStringList excludeDatabases;
    int limit = 0;
    bool repairs = true;
    int timeoutMs = 30000;
    // With a model: correction rounds after the prediction, which is the model's first attempt.
    std::optional<ProviderSettings> provider;
    int maxCorrections = 2;
    QString language;
};

// A repair whose result differs from the gold result, kept whole so a person can see why.
struct ReplayWrongRepair
{
    QString id;
    QString sourceModel;
    QString steps; // the repair steps, in order
    QString before;
    QString after;
    QString gold;
};

struct ReplayFigures
{
    int errors = 0;          // predictions that failed here (all rows should)
    int classCorrect = 0;    // the diagnosis's class is the class the recorded error names
    int adviceCases = 0;     // errors about a name (column, table, ambiguous column, function)
    int adviceHits = 0;      // the advice names what the gold uses instead, or the table holding it
    int repairsTried = 0;    // at least one repair ran
    int repairsDoubted = 0;  // a repair ran, but its result was in doubt and did not stand
    int repairsAnswered = 0; // a repair's result stands as the answer
    int repairsRight = 0;    // ... and equals the gold result
    int repairsRightAnyColumnOrder = 0; // ... equal when the columns may come in any order
    int repairsWrong = 0; // ... and differs from it (even with the columns in any order)
    // With a model.
    int healed = 0;               // the final answer equals the gold result
    QMap<int, int> healedByRound; // round 0: by repairs alone; n: after the n-th model call
    int regressions = 0;          // a final answer that differs from the gold result
    int calls = 0;
    qint64 tokens = 0;
    QMap<QString, int> classes; // the classes diagnosed

    double classAccuracy() const;
    double adviceHitRate() const;
    double repairPrecision() const; // right / answered
    double repairRate() const;      // right / errors
    QJsonObject toJson() const;
};

struct ReplayBenchReport
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ReplayBenchReport)

public:
    QString input;
    QString spiderDir;
    QString model; // empty without one
    int cases = 0;
    int skipped = 0; // gold SQL that did not run, or a database file that is missing
    ReplayFigures totals;
    QMap<QString, ReplayFigures> byCategory; // the recorded error's class
    QMap<QString, ReplayFigures> bySourceModel;
    QMap<QString, int> repairSteps; // how often each step's result was the answer
    QMap<QString, int> doubts;      // repairs whose result did not stand, by the doubt
    QList<ReplayWrongRepair> wrongRepairs;
    QStringList classMisses;  // "id: expected -> got", the first few
    QStringList adviceMisses; // "id: root cause -> next step", the first few
    qint64 ms = 0;

    QJsonObject toJson() const;
    QString toText() const;
};

// Reads a JSON Lines file of predictions; a clear Failure for a file that cannot be read or a
// line without db_id, predicted_sql or gold_sql.
Result<QList<ReplayCase>> readReplayCases(const QString &path);

// Whether advice for a name error names what the gold query uses instead: an identifier of the
// gold query that the prediction lacks, or a table that holds the missing column (or, for an
// ambiguous column, the qualified spelling that reads the table the gold query reads).
bool replayAdviceHit(const Diagnosis &diagnosis, const QString &predicted, const QString &gold,
                     const SchemaNames &schema, Engine engine);

// Runs each prediction as the model's first attempt through the real pipeline (guard, executor,
// diagnosis with the live catalog, the repairs; with a model, correction rounds) and scores it
// against the gold result. Blocking; call it from a thread without a GUI.
Result<ReplayBenchReport>
runReplayBench(const ReplayBenchOptions &options,
               const std::function<void(int done, int total)> &progress = {});

} // namespace sqlmend::core
