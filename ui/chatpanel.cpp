#include "ui/chatpanel.h"

#include "ui/resultexporter.h"
#include "ui/resultgrid.h"
#include "ui/richtext.h"
#include "ui/savefiledialog.h"
#include "ui/session.h"

#include "ui/attemptcard.h"
#include "ui/chartpanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QStandardItemModel>
#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

constexpr int maxTableRowsShown = 8;
constexpr int chartHeight = 380; // room for a titled chart, its controls and its note

QLabel *makeLabel(QWidget *parent, const QString &accessibleName)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setAccessibleName(accessibleName);
    return label;
}

QString cappedReply(const QString &text)
{
    if (text.size() <= ChatPanel::maxShownReply)
        return text;
    return text.left(ChatPanel::maxShownReply) + QChar(0x2026);
}

} // namespace

ChatPanel::ChatPanel(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("Chat"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_recordedNote =
            new QLabel(tr("Answers are recorded \u2014 connect a real model in Settings"), this);
    m_recordedNote->setWordWrap(true);
    m_recordedNote->setAccessibleName(tr("Recorded answers"));
    m_recordedNote->setContentsMargins(6, 4, 6, 4);
    m_recordedNote->setAutoFillBackground(true);
    m_recordedNote->setBackgroundRole(QPalette::ToolTipBase);
    m_recordedNote->setForegroundRole(QPalette::ToolTipText);
    m_recordedNote->hide();
    layout->addWidget(m_recordedNote);

    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setAccessibleName(tr("Conversation"));
    m_transcript = new QWidget(m_scroll);
    m_blockLayout = new QVBoxLayout(m_transcript);
    m_blockLayout->setContentsMargins(6, 6, 6, 6);
    m_blockLayout->setSpacing(10);
    m_blockLayout->addStretch(1);
    m_scroll->setWidget(m_transcript);
    // The bar stays: one that comes and goes changes the width the replies wrap at, and so
    // the height the transcript needs, after the scroll area has measured it.
    m_scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    m_transcript->installEventFilter(this);
    layout->addWidget(m_scroll, 1);
    QScrollBar *bar = m_scroll->verticalScrollBar();
    connect(bar, &QScrollBar::rangeChanged, this, [this](int, int maximum) {
        if (m_following)
            m_scroll->verticalScrollBar()->setValue(maximum);
    });
    connect(bar, &QScrollBar::valueChanged, this, [this](int value) {
        // A few pixels short of the end is the end (a wheel step may stop there).
        const QScrollBar *bar = m_scroll->verticalScrollBar();
        m_following = value >= bar->maximum() - bar->singleStep();
    });

    m_inputError = new QLabel(this);
    m_inputError->setWordWrap(true);
    m_inputError->setAccessibleName(tr("Question problem"));
    // In the palette's own text colour (readable on any theme), marked by weight.
    QFont errorFont = m_inputError->font();
    errorFont.setBold(true);
    m_inputError->setFont(errorFont);
    m_inputError->hide();
    layout->addWidget(m_inputError);

    auto *inputRow = new QHBoxLayout;
    m_input = new QPlainTextEdit(this);
    m_input->setAccessibleName(tr("Question"));
    m_input->setPlaceholderText(tr("Ask the database a question (Enter sends, Shift+Enter adds "
                                   "a line)"));
    m_input->setTabChangesFocus(true);
    m_input->setMaximumHeight(m_input->fontMetrics().lineSpacing() * 5);
    m_input->installEventFilter(this);
    inputRow->addWidget(m_input, 1);

    auto *buttons = new QVBoxLayout;
    m_send = new QPushButton(tr("&Send"), this);
    m_send->setObjectName(u"sendQuestion"_s);
    m_send->setAccessibleName(tr("Send the question"));
    m_send->setToolTip(tr("Send the question (Enter)"));
    m_stop = new QPushButton(tr("S&top"), this);
    m_stop->setObjectName(u"stopQuestion"_s);
    m_stop->setAccessibleName(tr("Stop the question"));
    m_stop->setToolTip(tr("Stop the running question (Esc)"));
    m_newConversation = new QPushButton(tr("&New Conversation"), this);
    m_newConversation->setObjectName(u"newConversation"_s);
    m_newConversation->setAccessibleName(tr("Start a new conversation"));
    m_newConversation->setToolTip(
            tr("Start a new conversation: the next question does not build on the ones above "
               "(Ctrl+N)"));
    buttons->addWidget(m_send);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_newConversation);
    buttons->addStretch(1);
    inputRow->addLayout(buttons);
    layout->addLayout(inputRow);

    connect(m_send, &QPushButton::clicked, this, &ChatPanel::submit);
    connect(m_newConversation, &QPushButton::clicked, this, &ChatPanel::newConversationRequested);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (isRunning())
            Q_EMIT stopRequested();
    });
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, [this] {
        if (isRunning())
            Q_EMIT stopRequested();
    });
    connect(m_input, &QPlainTextEdit::textChanged, this, [this] { m_inputError->hide(); });
    updateRunning();
}

ChatPanel::~ChatPanel() = default;

void ChatPanel::setConversation(core::Conversation *conversation)
{
    if (m_conversation == conversation)
        return;
    if (m_conversation)
        disconnect(m_conversation, nullptr, this, nullptr);
    m_conversation = conversation;
    m_models.clear();
    if (m_conversation)
        connect(m_conversation, &core::Conversation::changed, this, &ChatPanel::onChanged);
    rebuild();
}

void ChatPanel::setResultModel(int question, QAbstractItemModel *model)
{
    if (question < 0)
        return;
    if (m_models.size() <= question)
        m_models.resize(question + 1);
    m_models[question] = model;
    if (question < m_blocks.size()) {
        m_blocks[question].model = model;
        if (m_conversation && question < m_conversation->count()
            && m_conversation->question(question).isFinished())
            showResult(question);
    }
}

QAbstractItemModel *ChatPanel::resultModel(int question) const
{
    if (question < 0 || question >= m_blocks.size())
        return nullptr;
    const Block &block = m_blocks.at(question);
    return block.model ? block.model.data() : block.rows;
}

void ChatPanel::setRecordedProvider(bool recorded)
{
    m_recorded = recorded;
    m_recordedNote->setVisible(recorded);
}

bool ChatPanel::isRunning() const
{
    return m_conversation && m_conversation->count() > 0
            && !m_conversation->question(m_conversation->count() - 1).isFinished();
}

QString ChatPanel::replyText(int question) const
{
    if (question < 0 || question >= m_blocks.size())
        return {};
    const QLabel *reply = m_blocks.at(question).reply;
    if (reply->textFormat() != Qt::RichText)
        return reply->text();
    return RichText::toPlainText(reply->text());
}

bool ChatPanel::isReplyRendered(int question) const
{
    return question >= 0 && question < m_blocks.size()
            && m_blocks.at(question).reply->textFormat() == Qt::RichText;
}

QString ChatPanel::statusText(int question) const
{
    return question >= 0 && question < m_blocks.size() ? m_blocks.at(question).status->text()
                                                       : QString();
}

ResultGrid *ChatPanel::resultTable(int question) const
{
    return question >= 0 && question < m_blocks.size() ? m_blocks.at(question).table : nullptr;
}

ChartPanel *ChatPanel::chartPanel(int question) const
{
    return question >= 0 && question < m_blocks.size() ? m_blocks.at(question).chart : nullptr;
}

void ChatPanel::submit()
{
    const QString text = m_input->toPlainText().trimmed();
    if (text.isEmpty() || isRunning())
        return;
    if (text.size() > maxQuestionLength) {
        m_inputError->setText(tr("The question is too long (%n character(s)); at most %1 are sent.",
                                 nullptr, int(text.size()))
                                      .arg(maxQuestionLength));
        m_inputError->show();
        return;
    }
    if (m_history.isEmpty() || m_history.last() != text)
        m_history.append(text);
    m_historyPos = int(m_history.size());
    m_draft.clear();
    m_input->clear();
    Q_EMIT questionSubmitted(text);
}

bool ChatPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_transcript) {
        if (event->type() == QEvent::LayoutRequest) {
            // After the transcript's layout has settled (the filter runs before it does).
            QTimer::singleShot(0, this, &ChatPanel::fitTranscript);
        }
        return QWidget::eventFilter(watched, event);
    }
    if (watched != m_input || event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    const QTextCursor cursor = m_input->textCursor();
    switch (key->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (key->modifiers() & Qt::ShiftModifier) {
            m_input->insertPlainText(u"\n"_s); // a real newline, not a soft line break
            return true;
        }
        submit();
        return true;
    case Qt::Key_Up:
        if (cursor.blockNumber() == 0 && m_historyPos > 0) {
            recall(-1);
            return true;
        }
        break;
    case Qt::Key_Down:
        if (cursor.blockNumber() == m_input->document()->blockCount() - 1
            && m_historyPos < m_history.size()) {
            recall(+1);
            return true;
        }
        break;
    case Qt::Key_Escape:
        if (isRunning()) {
            Q_EMIT stopRequested();
            return true;
        }
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

void ChatPanel::onChanged(const core::ConversationEvent &event)
{
    using Kind = core::ConversationEvent::Kind;
    switch (event.kind) {
    case Kind::Cleared:
        m_models.clear();
        rebuild();
        return;
    case Kind::QuestionAdded:
        addBlock(event.question);
        m_following = true; // a new question is what the reader looks at next
        scrollToEnd();
        break;
    case Kind::AttemptStarted:
    case Kind::TextStreamed:
    case Kind::SqlReady:
        updateBlock(event.question);
        break;
    case Kind::AttemptFinished:
        updateBlock(event.question);
        updateProgress(event.question);
        break;
    case Kind::QuestionFinished:
        updateBlock(event.question);
        updateProgress(event.question);
        showResult(event.question);
        scrollToEnd();
        break;
    }
    updateRunning();
}

void ChatPanel::rebuild()
{
    for (const Block &block : std::as_const(m_blocks))
        delete block.frame;
    m_blocks.clear();
    if (m_conversation) {
        for (int i = 0; i < m_conversation->count(); ++i) {
            addBlock(i);
            updateBlock(i);
            updateProgress(i);
            if (m_conversation->question(i).isFinished())
                showResult(i);
        }
    }
    updateRunning();
}

void ChatPanel::addBlock(int question)
{
    if (!m_conversation || question != m_blocks.size() || question >= m_conversation->count())
        return;
    Block block;
    block.frame = new QFrame(m_transcript);
    block.frame->setFrameShape(QFrame::StyledPanel);
    block.frame->setAccessibleName(tr("Question %1").arg(question + 1));
    auto *layout = new QVBoxLayout(block.frame);
    block.question = makeLabel(block.frame, tr("Your question"));
    QFont bold = block.question->font();
    bold.setBold(true);
    block.question->setFont(bold);
    block.question->setText(cappedReply(m_conversation->question(question).question));
    block.reply = makeLabel(block.frame, tr("The model's answer"));
    block.progress = makeLabel(block.frame, tr("Attempts"));
    block.progress->setForegroundRole(QPalette::PlaceholderText);
    block.status = makeLabel(block.frame, tr("Outcome"));
    QFont statusFont = block.status->font();
    statusFont.setBold(true);
    block.status->setFont(statusFont);
    layout->addWidget(block.question);
    layout->addWidget(block.reply);
    layout->addWidget(block.progress);
    layout->addWidget(block.status);
    block.attempts = new QToolButton(block.frame);
    block.attempts->setText(tr("Show the attempts"));
    block.attempts->setAccessibleName(tr("Show the attempts of question %1").arg(question + 1));
    block.attempts->setAutoRaise(true);
    connect(block.attempts, &QToolButton::clicked, this,
            [this, question] { Q_EMIT questionActivated(question); });
    layout->addWidget(block.attempts, 0, Qt::AlignLeft);
    block.reply->hide();
    block.progress->hide();
    block.status->hide();
    if (question < m_models.size())
        block.model = m_models.at(question);
    m_blockLayout->insertWidget(m_blockLayout->count() - 1, block.frame);
    m_blocks.append(block);
}

void ChatPanel::updateBlock(int question)
{
    if (!m_conversation || question < 0 || question >= m_blocks.size())
        return;
    const core::ConversationQuestion &entry = m_conversation->question(question);
    Block &block = m_blocks[question];
    QString reply = entry.streamingText;
    if (reply.isEmpty() && entry.current && !entry.current->sql.isEmpty())
        reply = entry.current->sql; // a cached fix or an autofix streams no text
    const bool placeholder = reply.isEmpty() && entry.current;
    if (placeholder)
        reply = tr("Attempt %1 (%2)\u2026")
                        .arg(entry.current->index + 1)
                        .arg(AttemptCard::originName(entry.current->origin));
    if (reply.isEmpty() && block.replyIsPlaceholder && entry.isFinished()) {
        // It ended before any text came (stopped, or its connection closed): no "…" stays.
        block.reply->hide();
        block.replyIsPlaceholder = false;
    }
    if (!reply.isEmpty()) {
        block.replyIsPlaceholder = placeholder;
        // Half a reply is half a markdown document (an open fence swallows the rest), so the
        // text streams in plain and is rendered once its attempt has ended.
        const bool complete = !entry.current && !entry.streamingText.isEmpty();
        block.reply->setTextFormat(complete ? Qt::RichText : Qt::PlainText);
        block.reply->setText(complete ? RichText::fromMarkdown(cappedReply(reply))
                                      : cappedReply(reply));
        block.reply->show();
    }
}

void ChatPanel::updateProgress(int question)
{
    if (!m_conversation || question < 0 || question >= m_blocks.size())
        return;
    const core::ConversationQuestion &entry = m_conversation->question(question);
    QStringList lines;
    for (const core::LoopAttempt &attempt : entry.attempts) {
        if (attempt.outcome == core::AttemptOutcome::Ok)
            continue;
        const QString className = attempt.errorClassName();
        lines.append(tr("Attempt %1 (%2): %3 \u2014 %4")
                             .arg(attempt.index + 1)
                             .arg(AttemptCard::originName(attempt.origin),
                                  className.isEmpty() ? AttemptCard::outcomeName(attempt.outcome)
                                                      : className,
                                  attempt.rootCause().left(500)));
    }
    Block &block = m_blocks[question];
    block.progress->setText(lines.join(u'\n'));
    block.progress->setVisible(!lines.isEmpty());
}

void ChatPanel::showResult(int question)
{
    if (!m_conversation || question < 0 || question >= m_blocks.size())
        return;
    const core::ConversationQuestion &entry = m_conversation->question(question);
    if (!entry.outcome)
        return;
    const core::QuestionOutcome &outcome = *entry.outcome;
    Block &block = m_blocks[question];
    auto *layout = static_cast<QVBoxLayout *>(block.frame->layout());

    QString status;
    switch (outcome.status) {
    case core::QuestionStatus::Ok:
        if (outcome.rowCount < 0) {
            // A question of an earlier session: the store keeps no rows.
            status = tr("Answered after %n attempt(s); run its SQL again for the rows.", nullptr,
                        int(outcome.attempts.size()));
            break;
        }
        // Two counts, each with its own plural form; a fetch the row cap stopped says so.
        {
            const int rows =
                    int(std::min<qint64>(outcome.rowCount, std::numeric_limits<int>::max()));
            status = tr("Answered with %1 after %2.")
                             .arg(outcome.rowStatus == core::RowCountStatus::Partial
                                          ? tr("the first %n row(s) of more", nullptr, rows)
                                          : tr("%n row(s)", nullptr, rows),
                                  tr("%n attempt(s)", nullptr, int(outcome.attempts.size())));
        }
        break;
    case core::QuestionStatus::Cancelled:
        // Why it stopped: the person, or the connection going away under it.
        status = outcome.reason.isEmpty() ? tr("Stopped.") : tr("Stopped: %1").arg(outcome.reason);
        break;
    default:
        status = outcome.reason.isEmpty() ? tr("No answer.")
                                          : tr("No answer: %1").arg(outcome.reason);
        break;
    }
    block.status->setText(status);
    block.status->show();

    QAbstractItemModel *model = block.model.data();
    if (!model && outcome.isOk() && !outcome.columns.isEmpty()) {
        if (!block.rows) {
            block.rows = new QStandardItemModel(block.frame);
            block.rows->setHorizontalHeaderLabels(outcome.columns);
            for (const QVariantList &row : outcome.rows) {
                QList<QStandardItem *> items;
                for (const QVariant &value : row) {
                    auto *item = new QStandardItem;
                    item->setData(value, Qt::EditRole);
                    item->setEditable(false);
                    items.append(item);
                }
                block.rows->appendRow(items);
            }
        }
        model = block.rows;
    }
    if (!model)
        return;

    if (!block.table) {
        // The grid of Run SQL: its context menu, copy of what is selected, NULL told apart from
        // text, numbers on the right, sorting, the value viewer and export.
        block.table = new ResultGrid(block.frame);
        block.table->setAccessibleName(tr("Answer of question %1").arg(question + 1));
        block.table->setAlternatingRowColors(true);
        block.table->verticalHeader()->hide();
        block.table->horizontalHeader()->setStretchLastSection(true);
        connect(block.table, &ResultGrid::exportRequested, this,
                [this, question] { exportAnswer(question); });
        layout->addWidget(block.table);
    }
    block.table->setSourceModel(model);
    block.table->fitColumns();
    const int rows = std::clamp(model->rowCount(), 1, maxTableRowsShown);
    block.table->setFixedHeight(block.table->horizontalHeader()->sizeHint().height()
                                + rows * block.table->verticalHeader()->defaultSectionSize()
                                + 2 * block.table->frameWidth() + 2);

    if (!block.chart) {
        // The chart's choosers need more width than a narrow dock or window gives: the chart
        // scrolls sideways inside its answer instead of widening the transcript past the view.
        auto *chartScroll = new QScrollArea(block.frame);
        chartScroll->setFrameShape(QFrame::NoFrame);
        chartScroll->setWidgetResizable(true);
        chartScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        block.chart = new ChartPanel(chartScroll);
        block.chart->setAccessibleName(tr("Chart of question %1").arg(question + 1));
        block.chart->setFixedHeight(chartHeight);
        chartScroll->setWidget(block.chart);
        chartScroll->setFixedHeight(chartHeight
                                    + chartScroll->horizontalScrollBar()->sizeHint().height());
        layout->addWidget(chartScroll);
    }
    // The question titles the chart; its SQL tells shares from rankings and averages.
    block.chart->setSource({entry.question, outcome.finalSql});
    block.chart->setModel(model);
}

void ChatPanel::exportAnswer(int question)
{
    if (question < 0 || question >= m_blocks.size() || !m_blocks.at(question).table)
        return;
    if (!m_exporter) {
        // Rows the answer holds; no query runs again, so no session is needed.
        m_exporter = new ResultExporter(nullptr, this);
        connect(m_exporter, &ResultExporter::finished, this, [this](bool, const QString &message) {
            if (m_exportQuestion >= 0 && m_exportQuestion < m_blocks.size()
                && m_blocks.at(m_exportQuestion).status)
                m_blocks.at(m_exportQuestion).status->setText(message);
            m_exportQuestion = -1;
        });
    }
    if (m_exporter->isExporting())
        return;
    const QString name = m_conversation && question < m_conversation->count()
            ? SaveFileDialog::fileNameFrom(m_conversation->question(question).question,
                                           tr("answer"))
            : tr("answer");
    ResultExporter::chooseFile(this, name, true, this,
                               [this, question](const QString &path, core::ExportFormat format) {
                                   if (question >= m_blocks.size() || !m_blocks.at(question).table)
                                       return;
                                   m_exportQuestion = question;
                                   m_exporter->exportRows(m_blocks.at(question).table->rows(), path,
                                                          format);
                               });
}

void ChatPanel::updateRunning()
{
    const bool running = isRunning();
    m_stop->setEnabled(running);
    m_send->setEnabled(!running);
    // A question asked after an answer follows up on the conversation.
    const bool followUp = m_conversation && m_conversation->count() > 0;
    m_newConversation->setEnabled(followUp);
    m_input->setPlaceholderText(followUp ? tr("Ask a follow-up: it builds on the questions above "
                                              "(Enter sends, Shift+Enter adds a line)")
                                         : tr("Ask the database a question (Enter sends, "
                                              "Shift+Enter adds a line)"));
}

void ChatPanel::recall(int step)
{
    if (m_historyPos == m_history.size())
        m_draft = m_input->toPlainText();
    m_historyPos = std::clamp(m_historyPos + step, 0, int(m_history.size()));
    const QSignalBlocker blocker(m_input);
    m_input->setPlainText(m_historyPos < m_history.size() ? m_history.at(m_historyPos) : m_draft);
    m_input->moveCursor(step < 0 ? QTextCursor::Start : QTextCursor::End);
    m_inputError->hide();
}

void ChatPanel::scrollToEnd()
{
    QTimer::singleShot(0, this, [this] {
        fitTranscript();
        if (m_following)
            m_scroll->verticalScrollBar()->setValue(m_scroll->verticalScrollBar()->maximum());
    });
}

void ChatPanel::fitTranscript()
{
    // The scroll area sizes the transcript when the transcript is resized, not when a reply's
    // wrapped height grows inside it: a block that got taller (a rendered reply, a table, a
    // chart) would end below the scrollable range until the window was resized. The transcript
    // is as tall as its layout wants at the viewport's width, and never shorter than the
    // viewport.
    const QSize viewport = m_scroll->viewport()->size();
    QLayout *layout = m_transcript->layout();
    const int wanted = layout->hasHeightForWidth() ? layout->totalHeightForWidth(viewport.width())
                                                   : layout->totalSizeHint().height();
    const QSize size(viewport.width(), std::max(wanted, viewport.height()));
    if (m_transcript->size() != size)
        m_transcript->resize(size);
}

} // namespace sqlmend::ui
