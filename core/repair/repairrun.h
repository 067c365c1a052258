#pragma once

#include "core/exec/runoptions.h"
#include "core/exec/runresult.h"
#include "core/repair/repairstep.h"

#include <QList>
#include <QString>

namespace sqlmend::core {

class Executor;

// One run of a statement and of the repairs tried after it, as `sqlmend run --autofix` and the
// benchmarks make it.
struct RepairedRun
{
    struct Attempt
    {
        QString repair; // empty for the statement as given, else the step's name
        QString change;
        QString sql;
        RunResult result;
    };
    QList<Attempt> attempts;
    // The attempt whose result stands: the last repair when its result is there and free of doubt
    // (RunResult::doubt), or when it was cancelled; else the statement as given (0), with its own
    // error, whatever the repairs after it did.
    int answer = 0;

    const Attempt & final() const { return attempts.at(answer); }
    // The answer's rows come from a repaired statement.
    bool repaired() const { return answer > 0 && final().result.isOk(); }
};

class RepairRun
{
public:
    // Blocking: for command lines and benchmarks, never for a GUI thread. With repairs, while the
    // database rejects the latest statement, the next repair step (Repairs::next) runs, at most
    // maxRepairs of them, each judged by the database. A repair's result stands only when it is
    // free of doubt (RunOptions::checkAnswer): until then its rows are kept, not handed to
    // options.rowSink, which gets them afterwards. A repair checked on its statement alone
    // (AnswerChecks::Statement, a spelling fix) is judged before it runs, and its rows go to the
    // sink as they come when it stands; one that compares a column with a text value keeps them
    // until the value is read. The schema's names come from options.catalog (read on the
    // executor's worker when first needed).
    static RepairedRun run(Executor &executor, const QString &sql, const RunOptions &options,
                           bool repairs, int maxRepairs = 4);
};

} // namespace sqlmend::core
