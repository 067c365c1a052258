#include "core/loop/conversation.h"

#include "core/loop/correctionloop.h"

namespace sqlmend::core {

Conversation::Conversation(QObject *parent) : QObject(parent) { }

int Conversation::addQuestion(const QString &question)
{
    ConversationQuestion entry;
    entry.question = question;
    m_questions.append(entry);
    const int index = int(m_questions.size()) - 1;
    Q_EMIT changed({ConversationEvent::Kind::QuestionAdded, index, -1, question});
    return index;
}

void Conversation::startAttempt(int question, int attempt, AttemptOrigin origin)
{
    if (!valid(question))
        return;
    ConversationQuestion &entry = m_questions[question];
    LoopAttempt current;
    current.index = attempt;
    current.origin = origin;
    entry.current = current;
    entry.streamingText.clear();
    Q_EMIT changed({ConversationEvent::Kind::AttemptStarted, question, attempt, {}});
}

void Conversation::appendText(int question, const QString &delta)
{
    if (!valid(question) || !m_questions.at(question).current)
        return;
    ConversationQuestion &entry = m_questions[question];
    entry.streamingText += delta;
    Q_EMIT changed({ConversationEvent::Kind::TextStreamed, question, entry.current->index, delta});
}

void Conversation::setSql(int question, const QString &sql)
{
    if (!valid(question) || !m_questions.at(question).current)
        return;
    ConversationQuestion &entry = m_questions[question];
    entry.current->sql = sql;
    Q_EMIT changed({ConversationEvent::Kind::SqlReady, question, entry.current->index, sql});
}

void Conversation::finishAttempt(int question, const LoopAttempt &attempt)
{
    if (!valid(question))
        return;
    ConversationQuestion &entry = m_questions[question];
    entry.current.reset();
    entry.attempts.append(attempt);
    Q_EMIT changed({ConversationEvent::Kind::AttemptFinished, question, attempt.index, {}});
}

void Conversation::finishQuestion(int question, const QuestionOutcome &outcome)
{
    if (!valid(question))
        return;
    ConversationQuestion &entry = m_questions[question];
    entry.current.reset();
    entry.attempts = outcome.attempts; // the loop's record is the reference
    entry.outcome = outcome;
    Q_EMIT changed({ConversationEvent::Kind::QuestionFinished, question, -1,
                    questionStatusName(outcome.status)});
}

void Conversation::clear()
{
    m_questions.clear();
    m_followed = -1;
    Q_EMIT changed({ConversationEvent::Kind::Cleared, -1, -1, {}});
}

void Conversation::follow(CorrectionLoop *loop)
{
    connect(loop, &CorrectionLoop::questionStarted, this,
            [this](const QString &question) { m_followed = addQuestion(question); });
    connect(loop, &CorrectionLoop::attemptStarted, this, [this](int attempt, AttemptOrigin origin) {
        startAttempt(m_followed, attempt, origin);
    });
    connect(loop, &CorrectionLoop::textStreamed, this,
            [this](int, const QString &delta) { appendText(m_followed, delta); });
    connect(loop, &CorrectionLoop::sqlReady, this,
            [this](int, const QString &sql) { setSql(m_followed, sql); });
    connect(loop, &CorrectionLoop::attemptFinished, this,
            [this](const LoopAttempt &attempt) { finishAttempt(m_followed, attempt); });
    connect(loop, &CorrectionLoop::finished, this, [this](const QuestionOutcome &outcome) {
        finishQuestion(m_followed, outcome);
        m_followed = -1;
    });
}

} // namespace sqlmend::core
