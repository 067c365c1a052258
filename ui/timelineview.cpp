#include "ui/timelineview.h"

#include "ui/attemptcard.h"

#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

QString statusText(core::QuestionStatus status, int attempts, const QString &reason)
{
    switch (status) {
    case core::QuestionStatus::Ok:
        return TimelineView::tr("Answered after %n attempt(s)", nullptr, attempts);
    case core::QuestionStatus::Failed:
        return reason.isEmpty()
                ? TimelineView::tr("Gave up after %n attempt(s)", nullptr, attempts)
                : TimelineView::tr("Gave up after %n attempt(s): %1", nullptr, attempts)
                          .arg(reason);
    case core::QuestionStatus::Terminal:
        return reason.isEmpty() ? TimelineView::tr("Stopped at a terminal error")
                                : TimelineView::tr("Stopped at a terminal error: %1").arg(reason);
    case core::QuestionStatus::Cancelled:
        return reason.isEmpty() ? TimelineView::tr("Stopped by the user")
                                : TimelineView::tr("Stopped: %1").arg(reason);
    case core::QuestionStatus::Timeout:
        return TimelineView::tr("Stopped by the time limit");
    }
    return {};
}

// The SQL a card is compared with: the last non-empty SQL before it.
QString previousSql(const QList<core::AttemptRecord> &records, qsizetype before)
{
    for (qsizetype i = std::min(before, records.size()) - 1; i >= 0; --i) {
        if (!records.at(i).sql.isEmpty())
            return records.at(i).sql;
    }
    return {};
}

QList<core::AttemptRecord> recordsOf(const core::ConversationQuestion &question)
{
    QList<core::AttemptRecord> records;
    records.reserve(question.attempts.size());
    for (const core::LoopAttempt &attempt : question.attempts)
        records.append(attempt.toRecord());
    return records;
}

} // namespace

TimelineView::TimelineView(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("Retry timeline"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::PlainText);
    m_header->setAccessibleName(tr("Question of the timeline"));
    m_header->setContentsMargins(6, 4, 6, 0);
    layout->addWidget(m_header);

    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_content = new QWidget(m_scroll);
    m_cardLayout = new QVBoxLayout(m_content);
    m_cardLayout->setContentsMargins(6, 6, 6, 6);
    m_cardLayout->setSpacing(8);
    m_empty = new QLabel(tr("Ask a question: each attempt at it appears here, with its error, "
                            "class and advice."),
                         m_content);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_cardLayout->addWidget(m_empty);
    m_cardLayout->addStretch(1);
    m_scroll->setWidget(m_content);
    layout->addWidget(m_scroll, 1);
    updateHeader();
}

void TimelineView::setConversation(core::Conversation *conversation)
{
    if (m_conversation == conversation)
        return;
    if (m_conversation)
        disconnect(m_conversation, nullptr, this, nullptr);
    m_conversation = conversation;
    m_following = true;
    if (m_conversation)
        connect(m_conversation, &core::Conversation::changed, this, &TimelineView::onChanged);
    m_showingTrace = false;
    m_question = m_conversation ? m_conversation->count() - 1 : -1;
    rebuild();
}

void TimelineView::showQuestion(int question)
{
    m_showingTrace = false;
    m_question = question;
    // Picking an older question stops following new ones; picking the newest resumes it.
    m_following = !m_conversation || question >= m_conversation->count() - 1;
    m_currentAttempt = -1;
    rebuild();
}

void TimelineView::showTrace(const core::QuestionTrace &trace)
{
    m_showingTrace = true;
    m_following = false;
    m_trace = trace;
    m_question = -1;
    m_currentAttempt = -1;
    rebuild();
}

void TimelineView::setCurrentAttempt(int attempt)
{
    m_currentAttempt = attempt;
    for (AttemptCard *card : std::as_const(m_cards))
        card->setCurrent(card->index() == attempt);
}

AttemptCard *TimelineView::card(int index) const
{
    return index >= 0 && index < m_cards.size() ? m_cards.at(index) : nullptr;
}

QString TimelineView::headerText() const
{
    return m_header->text();
}

void TimelineView::onChanged(const core::ConversationEvent &event)
{
    using Kind = core::ConversationEvent::Kind;
    if (m_showingTrace && event.kind != Kind::Cleared)
        return;
    switch (event.kind) {
    case Kind::Cleared:
        m_showingTrace = false;
        m_following = true;
        m_question = -1;
        rebuild();
        return;
    case Kind::QuestionAdded:
        if (m_following) {
            m_question = event.question;
            m_currentAttempt = -1;
            rebuild();
        }
        return;
    default:
        break;
    }
    if (event.question != m_question || !m_conversation)
        return;
    const core::ConversationQuestion &question = m_conversation->question(m_question);
    switch (event.kind) {
    case Kind::AttemptStarted:
    case Kind::SqlReady:
        showRunning(question);
        scrollToEnd();
        break;
    case Kind::AttemptFinished:
    case Kind::QuestionFinished:
        rebuild();
        scrollToEnd();
        break;
    case Kind::TextStreamed: // the chat shows the text; the card waits for the SQL
    default:
        break;
    }
}

void TimelineView::rebuild()
{
    if (m_showingTrace) {
        showRecords(m_trace.attempts);
    } else if (m_conversation && m_question >= 0 && m_question < m_conversation->count()) {
        const core::ConversationQuestion &question = m_conversation->question(m_question);
        showRecords(recordsOf(question));
        showRunning(question);
    } else {
        showRecords({});
    }
    updateHeader();
    setCurrentAttempt(m_currentAttempt);
}

void TimelineView::showRecords(const QList<core::AttemptRecord> &records)
{
    // Cards are reused, and the layout settles once for the whole list.
    m_content->setUpdatesEnabled(false);
    for (qsizetype i = 0; i < records.size(); ++i)
        cardAt(int(i))->setAttempt(records.at(i), previousSql(records, i));
    trimCards(int(records.size()));
    m_empty->setVisible(m_cards.isEmpty());
    m_content->setUpdatesEnabled(true);
}

AttemptCard *TimelineView::cardAt(int position)
{
    if (position < m_cards.size())
        return m_cards.at(position);
    auto *card = new AttemptCard(m_content);
    connect(card, &AttemptCard::activated, this, [this, card] { activate(card); });
    m_cardLayout->insertWidget(m_cardLayout->count() - 1, card);
    m_cards.append(card);
    return card;
}

void TimelineView::trimCards(int count)
{
    while (m_cards.size() > count)
        delete m_cards.takeLast();
}

void TimelineView::showRunning(const core::ConversationQuestion &question)
{
    const int finished = int(question.attempts.size());
    if (!question.current) {
        trimCards(finished);
        m_empty->setVisible(m_cards.isEmpty());
        return;
    }
    const QList<core::AttemptRecord> records = recordsOf(question);
    cardAt(finished)->setRunning(question.current->index, question.current->origin,
                                 question.current->sql, previousSql(records, records.size()));
    trimCards(finished + 1);
    m_empty->hide();
}

void TimelineView::updateHeader()
{
    if (m_showingTrace) {
        m_header->setText(
                tr("%1 \u2014 %2 (from history)")
                        .arg(m_trace.question,
                             statusText(m_trace.status, int(m_trace.attempts.size()), QString())));
        m_header->show();
        return;
    }
    if (!m_conversation || m_question < 0 || m_question >= m_conversation->count()) {
        m_header->clear();
        m_header->hide();
        return;
    }
    const core::ConversationQuestion &question = m_conversation->question(m_question);
    const QString state = question.outcome
            ? statusText(question.outcome->status, int(question.attempts.size()),
                         question.outcome->reason)
            : tr("Working\u2026");
    m_header->setText(tr("%1 \u2014 %2").arg(question.question.left(500), state));
    m_header->show();
}

void TimelineView::activate(AttemptCard *card)
{
    setCurrentAttempt(card->index());
    if (m_showingTrace)
        Q_EMIT traceAttemptActivated(m_trace.id, card->index());
    else
        Q_EMIT attemptActivated(m_question, card->index());
}

void TimelineView::scrollToEnd()
{
    // After the layout has placed the new card.
    QTimer::singleShot(0, this, [this] {
        m_scroll->verticalScrollBar()->setValue(m_scroll->verticalScrollBar()->maximum());
    });
}

} // namespace sqlmend::ui
