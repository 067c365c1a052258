#pragma once

#include "core/bench/sqlbreaker.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

namespace sqlmend::core {

// What `sqlmend bench correction` runs without a model.
struct BreakBenchOptions
{
    QString spiderDir;
    QString postgresUrl; // empty: each Spider database's own SQLite file
    QString postgresPassword;
    int limit = 0;         // first N questions (0: all)
    QStringList databases; // only these db_ids (empty: all)
    int timeoutMs = 30000; // per statement
};

// A broken statement the benchmark got wrong, kept so that a person can see why.
struct BreakBenchMiss
{
    QString what; // "class", "advice", "wrong_repair"
    int question = 0;
    QString sql;
    QString detail;
};

// The figures of one kind of break.
struct BreakKindFigures
{
    int broken = 0;   // statements broken this way
    int errors = 0;   // the engine rejected them with an error to diagnose
    int accepted = 0; // the engine ran them without an error
    int other = 0;    // blocked by the guard or timed out
    int classCorrect = 0;
    int adviceHits = 0;
    int autofixed = 0;
    int autofixCorrect = 0;
    QMap<QString, int> classes;   // the classes diagnosed, for a look at the wrong ones
    QList<BreakBenchMiss> misses; // the first few

    double classAccuracy() const;    // over errors
    double adviceHitRate() const;    // over errors
    double autofixRate() const;      // over errors
    double autofixPrecision() const; // over repairs; 1 when there were none
    QJsonObject toJson() const;
};

struct BreakBenchReport
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::BreakBenchReport)

public:
    QString engine; // "sqlite", "postgresql"
    QString spiderDir;
    int questions = 0;  // selected
    int goldFailed = 0; // gold SQL that did not run on this engine: not used as a base
    QMap<BreakKind, BreakKindFigures> kinds;
    qint64 ms = 0;

    BreakKindFigures totals() const;
    // {"mode": "deterministic", "engine", "spider_dir", "questions", "gold_failed", "kinds":
    //  {kind: {"broken", "errors", "accepted", "other", "class_correct", "class_accuracy",
    //  "advice_hits", "advice_hit_rate", "autofixed", "autofix_rate", "autofix_correct",
    //  "autofix_precision", "classes", "misses"}}, "totals": {...}, "ms"}
    QJsonObject toJson() const;
    QString toText() const;
};

// Breaks the gold SQL of every selected question in each way that applies, runs it through the
// executor (guard, read-only session, diagnosis with the live schema's names), scores the class
// and the advice, tries autofix and compares a repair's result with the gold result. Blocking;
// call it from a thread without a GUI. progress is called after each question (may be empty).
Result<BreakBenchReport>
runBreakBench(const BreakBenchOptions &options,
              const std::function<void(int done, int total)> &progress = {});

} // namespace sqlmend::core
