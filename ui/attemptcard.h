#pragma once

#include <optional>

#include "core/cases/questiontrace.h"

#include <QFrame>

class QLabel;
class QPlainTextEdit;
class QToolButton;

namespace sqlmend::ui {

class SqlHighlighter;

// One attempt on the retry timeline: its origin, the SQL (highlighted, with the tokens it
// changed against the previous attempt marked), the class badge, the root cause, the advice, a
// terminal marker, duration and tokens, and the raw error behind a toggle. Clicking it, or Enter
// or Space while it has focus, emits activated().
class AttemptCard : public QFrame
{
    Q_OBJECT

public:
    explicit AttemptCard(QWidget *parent = nullptr);

    // A finished attempt. previousSql: the SQL of the attempt before it (empty for the first).
    void setAttempt(const core::AttemptRecord &attempt, const QString &previousSql);
    // An attempt under way: what is known so far.
    void setRunning(int index, core::AttemptOrigin origin, const QString &sql,
                    const QString &previousSql);

    int index() const { return m_index; }
    bool isRunning() const { return m_running; }
    QString sql() const;
    // The text of the parts, for tests and screen readers.
    QString originText() const;
    QString badgeText() const;
    QString rootCauseText() const;
    QString adviceText() const;
    QString metricsText() const;
    QString diffText() const;
    QString rawErrorText() const;
    // The tables the prompt showed: names when collapsed, each with its reasons when expanded.
    QString linkedTablesText() const;
    bool isLinkedTablesShown() const;
    void setLinkedTablesExpanded(bool expanded);
    bool isLinkedTablesExpanded() const;
    bool isTerminalShown() const;
    // The tokens marked as added in the SQL, and those the previous attempt had and this one not.
    QStringList addedTokens() const { return m_addedTokens; }
    QStringList removedTokens() const { return m_removedTokens; }
    void setRawErrorExpanded(bool expanded);
    // The card whose SQL and result are shown elsewhere gets a highlighted border.
    void setCurrent(bool current);
    bool isCurrent() const { return m_current; }

    static QString originName(core::AttemptOrigin origin);
    static QString outcomeName(core::AttemptOutcome outcome);

Q_SIGNALS:
    void activated();

protected:
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    void setSql(const QString &sql, const QString &previousSql);
    // viewportWidth: the width the editor's text wraps at; -1 for its viewport's width now.
    int sqlLineCount(int viewportWidth = -1) const;
    void fitSqlHeight(int viewportWidth = -1);
    void applyBadge();
    void showLinkedTables();
    void updateAccessibleDescription();

    int m_index = -1;
    bool m_running = false;
    // Set while fitSqlHeight() resizes the editor: the layout it sets off can resize the editor
    // again (a scroll bar that comes and goes changes its width), which must not recurse; the
    // width of such a resize waits in m_pendingWidth for the next round of the fit.
    bool m_fitting = false;
    std::optional<int> m_pendingWidth;
    bool m_current = false;
    core::AttemptRecord m_attempt;
    QString m_previousSql;
    QStringList m_addedTokens;
    QStringList m_removedTokens;
    QLabel *m_title = nullptr;
    QLabel *m_badge = nullptr;
    QLabel *m_terminal = nullptr;
    QLabel *m_metrics = nullptr;
    QPlainTextEdit *m_sql = nullptr;
    SqlHighlighter *m_highlighter = nullptr;
    QLabel *m_diff = nullptr;
    QLabel *m_rootCause = nullptr;
    QLabel *m_advice = nullptr;
    QToolButton *m_linkedToggle = nullptr;
    QLabel *m_linked = nullptr;
    QToolButton *m_rawToggle = nullptr;
    QPlainTextEdit *m_raw = nullptr; // made on first expansion
};

} // namespace sqlmend::ui
