#pragma once

#include "core/loop/questionoutcome.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <optional>

namespace sqlmend::core {

class CorrectionLoop;

// One question of a conversation and what has happened to it so far.
struct ConversationQuestion
{
    QString question;
    QList<LoopAttempt> attempts;        // finished attempts, oldest first
    std::optional<LoopAttempt> current; // the attempt under way
    QString streamingText;              // the model's reply to the current attempt, as it arrives
    std::optional<QuestionOutcome> outcome; // set once the question ended

    bool isFinished() const { return outcome.has_value(); }
};

// What changed in a conversation; views update the part it names.
struct ConversationEvent
{
    enum class Kind {
        QuestionAdded,
        AttemptStarted,
        TextStreamed, // text: the delta
        SqlReady,     // text: the SQL
        AttemptFinished,
        QuestionFinished,
        Cleared,
    };
    Kind kind = Kind::QuestionAdded;
    int question = -1;
    int attempt = -1;
    QString text;
};

// The document behind the chat, the timeline and the chart (STYLE.md rule 21): it owns the
// questions and their attempts, and announces every change with one typed signal.
class Conversation : public QObject
{
    Q_OBJECT

public:
    explicit Conversation(QObject *parent = nullptr);

    const QList<ConversationQuestion> &questions() const { return m_questions; }
    int count() const { return int(m_questions.size()); }
    const ConversationQuestion &question(int index) const { return m_questions.at(index); }

    // Edits; each announces itself through changed().
    int addQuestion(const QString &question);
    void startAttempt(int question, int attempt, AttemptOrigin origin);
    void appendText(int question, const QString &delta);
    void setSql(int question, const QString &sql);
    void finishAttempt(int question, const LoopAttempt &attempt);
    void finishQuestion(int question, const QuestionOutcome &outcome);
    void clear();

    // Records what the loop does: each question the loop starts becomes a new question here.
    // The connections live as long as both objects.
    void follow(CorrectionLoop *loop);

Q_SIGNALS:
    void changed(const sqlmend::core::ConversationEvent &event);

private:
    bool valid(int question) const { return question >= 0 && question < m_questions.size(); }

    QList<ConversationQuestion> m_questions;
    int m_followed = -1; // the question the followed loop is answering
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ConversationEvent)
