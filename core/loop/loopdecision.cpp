#include "core/loop/loopdecision.h"

namespace sqlmend::core {

namespace {

LoopDecision finish(QuestionStatus status, QString reason = {})
{
    LoopDecision decision;
    decision.action = LoopDecision::Action::Finish;
    decision.status = status;
    decision.reason = std::move(reason);
    return decision;
}

LoopDecision act(LoopDecision::Action action, LoopDecision::Note note = LoopDecision::Note::None)
{
    LoopDecision decision;
    decision.action = action;
    decision.note = note;
    return decision;
}

} // namespace

int LoopDecisions::attemptCap(const LoopPolicy &policy)
{
    return 3 * (2 + qMax(0, policy.maxCorrections));
}

bool LoopDecisions::mayAskModel(const LoopPolicy &policy, const LoopState &state)
{
    const int allowed = 1 + qMax(0, policy.maxCorrections) + (state.emptyRoundGranted ? 1 : 0);
    return state.modelRounds < allowed;
}

LoopDecision LoopDecisions::decide(const LoopPolicy &policy, const LoopState &state,
                                   const LoopEvent &event)
{
    using Action = LoopDecision::Action;
    using Note = LoopDecision::Note;
    const bool capped = state.attempts >= attemptCap(policy);

    if (event.stage == LoopEvent::Stage::AttemptEnded) {
        if (event.outcome == AttemptOutcome::Cancelled)
            return finish(QuestionStatus::Cancelled, tr("The question was cancelled."));
        if (event.modelFailed)
            return finish(QuestionStatus::Failed, event.rootCause);
        if (event.outcome == AttemptOutcome::Ok)
            return finish(QuestionStatus::Ok);
        if (event.outcome == AttemptOutcome::Empty) {
            // An empty result is suspicious: one extra round with advice about filters.
            if (!policy.emptyResultRetry || state.emptyRoundGranted)
                return finish(QuestionStatus::Ok);
            LoopState granted = state;
            granted.emptyRoundGranted = true;
            LoopDecision decision = mayAskModel(policy, granted) ? act(Action::AskModel)
                                                                 : finish(QuestionStatus::Ok);
            decision.grantEmptyRound = true;
            return decision;
        }
        if (event.outcome == AttemptOutcome::Doubtful) {
            // A repair's result in doubt is no answer: the model gets the next word.
            if (mayAskModel(policy, state))
                return act(Action::AskModel);
            return finish(QuestionStatus::Failed,
                          tr("A repair ran, but its result does not stand as the answer: %1")
                                  .arg(event.rootCause));
        }
        if (event.truncated) {
            // A reply cut off by the token limit is never run: ask once more, for a short answer.
            if (state.truncationRetried || !mayAskModel(policy, state)) {
                return finish(QuestionStatus::Failed,
                              tr("No complete statement came: %1").arg(event.rootCause));
            }
            LoopDecision decision = act(Action::AskModel, Note::AnswerShortly);
            decision.markTruncationRetried = true;
            return decision;
        }
        const ErrorClass errorClass = event.errorClass.value_or(ErrorClass::Other);
        if (event.terminal) {
            return finish(QuestionStatus::Terminal,
                          tr("The database refused it for a reason a new query cannot fix (%1).")
                                  .arg(errorClassName(errorClass)));
        }
        switch (event.errorClass ? retryPolicy(errorClass) : RetryPolicy::Correct) {
        case RetryPolicy::Stop:
            return finish(QuestionStatus::Terminal, event.advice);
        case RetryPolicy::Transport:
            return finish(QuestionStatus::Failed,
                          tr("The connection was closed or lost; a new query cannot fix that (%1).")
                                  .arg(event.rootCause));
        case RetryPolicy::NarrowOnce: {
            if (state.narrowed) {
                return finish(QuestionStatus::Failed,
                              tr("The narrowed query hit the same limit (%1); stopping.")
                                      .arg(errorClassName(errorClass)));
            }
            LoopDecision decision = mayAskModel(policy, state)
                    ? act(Action::AskModel, Note::Narrow)
                    : finish(QuestionStatus::Failed, tr("No correction rounds are left."));
            decision.markNarrowed = true;
            return decision;
        }
        case RetryPolicy::Correct:
            break;
        }
        // Cheap, deterministic repairs first; the database judges them like any other attempt.
        if (event.errorClass && policy.useFixCache && state.hasStore && !capped)
            return act(Action::LookUpFix);
    }
    if (event.stage != LoopEvent::Stage::NoRepair && event.errorClass && policy.autofix && !capped)
        return act(Action::Repair);
    if (mayAskModel(policy, state))
        return act(Action::AskModel);
    if (event.outcome == AttemptOutcome::Empty)
        return finish(QuestionStatus::Ok);
    const QString rounds = tr("No correction rounds are left (at most %1 after the first try).")
                                   .arg(policy.maxCorrections);
    return finish(QuestionStatus::Failed,
                  event.rootCause.isEmpty()
                          ? rounds
                          : tr("%1 The last attempt: %2").arg(rounds, event.rootCause));
}

} // namespace sqlmend::core
