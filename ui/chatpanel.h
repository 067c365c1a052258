#pragma once

#include "core/loop/conversation.h"

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QWidget>

class QAbstractItemModel;
class QFrame;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QStandardItemModel;
class QToolButton;
class QVBoxLayout;

namespace sqlmend::ui {

class ResultExporter;
class ResultGrid;

class ChartPanel;

// The chat: a question box and a transcript that is a view of a core::Conversation (each
// question, the model's text as it streams in, what became of each attempt, then the answer as a
// table and a chart). Enter or Ctrl+Enter sends, Shift+Enter adds a line, Up and Down on the
// first and last line walk the questions sent before, Esc stops.
class ChatPanel : public QWidget
{
    Q_OBJECT

public:
    // Longer questions are refused with a message instead of being sent.
    static constexpr int maxQuestionLength = 20000;
    // The transcript shows at most this much of one streamed reply.
    static constexpr int maxShownReply = 20000;

    explicit ChatPanel(QWidget *parent = nullptr);
    ~ChatPanel() override;

    // Not owned.
    void setConversation(core::Conversation *conversation);
    core::Conversation *conversation() const { return m_conversation; }

    // The result of a question, for its table and chart; not owned. Without one, the panel
    // shows the rows the outcome kept.
    void setResultModel(int question, QAbstractItemModel *model);
    QAbstractItemModel *resultModel(int question) const;

    // Shows that answers are recorded (the demo provider), not from a live model.
    void setRecordedProvider(bool recorded);
    bool isRecordedProvider() const { return m_recorded; }

    // True while the newest question has not finished.
    bool isRunning() const;
    // Whether the transcript keeps its end in view as text comes in: while the reader is at the
    // end; scrolling up stops it, scrolling back to the end or a new question resumes it.
    bool isFollowing() const { return m_following; }

    QPlainTextEdit *questionEdit() const { return m_input; }
    QPushButton *newConversationButton() const { return m_newConversation; }
    QStringList history() const { return m_history; }
    // The transcript's texts for one question, for tests and screen readers.
    // The model's text as the reader sees it: plain while it streams, rendered from markdown once
    // its attempt has ended.
    QString replyText(int question) const;
    bool isReplyRendered(int question) const;
    QString statusText(int question) const;
    ResultGrid *resultTable(int question) const;
    ChartPanel *chartPanel(int question) const;

public Q_SLOTS:
    // Sends the question box's text; refuses an empty or too long text, or while running.
    void submit();

Q_SIGNALS:
    void questionSubmitted(const QString &question);
    void stopRequested();
    // The "New Conversation" button: the next question should not build on these.
    void newConversationRequested();
    // A person asked to see a question's attempts (the shell shows them on the timeline).
    void questionActivated(int question);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Block
    {
        QFrame *frame = nullptr;
        QLabel *question = nullptr;
        QLabel *reply = nullptr;
        QLabel *progress = nullptr;
        QLabel *status = nullptr;
        QToolButton *attempts = nullptr;
        ResultGrid *table = nullptr;
        ChartPanel *chart = nullptr;
        QPointer<QAbstractItemModel> model; // the shell's, not owned
        QStandardItemModel *rows = nullptr; // the outcome's rows, owned by the frame
        bool replyIsPlaceholder = false;    // "Attempt n (origin)…", while nothing else came
    };

    void onChanged(const core::ConversationEvent &event);
    void rebuild();
    void addBlock(int question);
    void updateBlock(int question);
    void updateProgress(int question);
    void showResult(int question);
    void exportAnswer(int question);
    void updateRunning();
    void recall(int step);
    void scrollToEnd();
    void fitTranscript();

    QPointer<core::Conversation> m_conversation;
    QList<Block> m_blocks;
    QList<QPointer<QAbstractItemModel>> m_models; // by question, set before the block exists
    bool m_recorded = false;
    bool m_following = true;

    QStringList m_history;
    int m_historyPos = 0; // == m_history.size(): editing a new question
    QString m_draft;

    QLabel *m_recordedNote = nullptr;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_transcript = nullptr;
    QVBoxLayout *m_blockLayout = nullptr;
    QLabel *m_inputError = nullptr;
    QPlainTextEdit *m_input = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_stop = nullptr;
    QPushButton *m_newConversation = nullptr;
    // Writes an answer's rows to a file, off the GUI thread; one export at a time.
    ResultExporter *m_exporter = nullptr;
    int m_exportQuestion = -1;
};

} // namespace sqlmend::ui
