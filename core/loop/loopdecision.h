#pragma once

#include "core/cases/questiontrace.h"
#include "core/errors/errorclass.h"
#include "core/loop/looppolicy.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace sqlmend::core {

// What the loop has done so far for a question: the counters its decisions depend on.
struct LoopState
{
    int attempts = 0;    // attempts on the timeline
    int modelRounds = 0; // model requests started
    bool emptyRoundGranted = false;
    bool narrowed = false;
    bool truncationRetried = false;
    bool hasStore = false;   // a case store to look up cached fixes in
    bool hasCatalog = false; // the schema's names, which the repairs need
};

// What just happened, and where in the recovery from it the loop stands.
struct LoopEvent
{
    enum class Stage {
        AttemptEnded, // an attempt ended (its outcome below)
        CacheMissed,  // no cached fix for the failed attempt
        NoRepair,     // no repair step applies (or none is left untried)
    };
    Stage stage = Stage::AttemptEnded;
    AttemptOutcome outcome = AttemptOutcome::Error;
    std::optional<ErrorClass> errorClass; // the diagnosis's class, when there is one
    bool terminal = false;                // the diagnosis says retrying cannot help
    bool modelFailed = false;             // the model could not answer (not a reply without SQL)
    bool truncated = false;               // the reply was cut off by the token limit
    QString rootCause;                    // for the reasons that quote them
    QString advice;
};

// What to do next. Applying it is the loop's business; this type only decides.
struct LoopDecision
{
    enum class Action {
        Finish,
        LookUpFix, // the fix cache first
        Repair,    // the next deterministic repair step
        AskModel,  // another model round
    };
    // What the next prompt says beyond the history.
    enum class Note { None, Narrow, AnswerShortly };

    Action action = Action::Finish;
    QuestionStatus status = QuestionStatus::Failed; // for Finish
    QString reason;                                 // for Finish: why, for people
    Note note = Note::None;
    bool grantEmptyRound = false;
    bool markNarrowed = false;
    bool markTruncationRetried = false;

    friend bool operator==(const LoopDecision &, const LoopDecision &) = default;
};

// The correction loop's decisions as one pure function of its state and the last event, so that
// a data-driven test covers them without threads, servers or models (DESIGN.md, "Stop").
class LoopDecisions
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::LoopDecisions)

public:
    static LoopDecision decide(const LoopPolicy &policy, const LoopState &state,
                               const LoopEvent &event);
    // A chain of cached fixes and repairs stays finite: at most this many attempts.
    static int attemptCap(const LoopPolicy &policy);
    static bool mayAskModel(const LoopPolicy &policy, const LoopState &state);
};

} // namespace sqlmend::core
