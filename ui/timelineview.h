#pragma once

#include "core/cases/questiontrace.h"
#include "core/loop/conversation.h"

#include <QList>
#include <QPointer>
#include <QWidget>

class QLabel;
class QScrollArea;
class QVBoxLayout;

namespace sqlmend::ui {

class AttemptCard;

// The retry timeline: one card per attempt of one question, a view of a core::Conversation that
// follows it live (cards appear as attempts start and finish), or of a stored QuestionTrace
// reopened from history.
class TimelineView : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget *parent = nullptr);

    // Not owned. The view follows the newest question until showQuestion() picks an older one.
    void setConversation(core::Conversation *conversation);
    core::Conversation *conversation() const { return m_conversation; }

    // Shows one question of the conversation; -1 shows nothing.
    void showQuestion(int question);
    int shownQuestion() const { return m_question; }
    // Shows a question from history; activating its cards emits traceAttemptActivated().
    void showTrace(const core::QuestionTrace &trace);
    bool isShowingTrace() const { return m_showingTrace; }
    // The trace showTrace() shows.
    const core::QuestionTrace &trace() const { return m_trace; }

    // Marks one card as the one whose SQL and result are shown elsewhere.
    void setCurrentAttempt(int attempt);
    int currentAttempt() const { return m_currentAttempt; }

    int cardCount() const { return int(m_cards.size()); }
    AttemptCard *card(int index) const; // in timeline order
    QString headerText() const;

Q_SIGNALS:
    void attemptActivated(int question, int attempt);
    void traceAttemptActivated(qint64 traceId, int attempt);

private:
    void onChanged(const core::ConversationEvent &event);
    void rebuild();
    void showRecords(const QList<core::AttemptRecord> &records);
    AttemptCard *cardAt(int position);
    void trimCards(int count);
    void showRunning(const core::ConversationQuestion &question);
    void updateHeader();
    void activate(AttemptCard *card);
    void scrollToEnd();

    QPointer<core::Conversation> m_conversation;
    int m_question = -1;
    bool m_following = true;
    bool m_showingTrace = false;
    core::QuestionTrace m_trace;
    int m_currentAttempt = -1;

    QLabel *m_header = nullptr;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_content = nullptr;
    QVBoxLayout *m_cardLayout = nullptr;
    QLabel *m_empty = nullptr;
    QList<AttemptCard *> m_cards;
};

} // namespace sqlmend::ui
