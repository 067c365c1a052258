#include "ui/attemptcard.h"

#include "core/errors/errorclass.h"
#include "ui/errorclasspalette.h"
#include "ui/richtext.h"
#include "ui/sqldiff.h"
#include "ui/sqlhighlighter.h"

#include <QEvent>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QtMath>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextLayout>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// Labels show at most this much of a root cause or advice; the raw error keeps everything.
constexpr qsizetype labelTextCap = 2000;
constexpr int maxSqlLines = 14;
// Characters of one line that are laid out to count its wrapped lines.
constexpr qsizetype maxLineChars = 4000;
constexpr int maxRawLines = 8;
constexpr int maxDiffFragments = 8;
// A changed fragment longer than this is shown cut (the SQL above marks all of it).
constexpr qsizetype maxFragmentShown = 80;

QString capped(const QString &text)
{
    if (text.size() <= labelTextCap)
        return text;
    return text.left(labelTextCap) + QChar(0x2026);
}

QLabel *makeLabel(QWidget *parent, const QString &accessibleName)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setAccessibleName(accessibleName);
    return label;
}

// The changed fragments (a qualified name or a clause stays one piece), a few at most.
QString fragmentList(const QStringList &fragments)
{
    QStringList shown;
    for (const QString &fragment :
         fragments.first(std::min<qsizetype>(fragments.size(), maxDiffFragments))) {
        const QString cut = fragment.size() > maxFragmentShown
                ? fragment.left(maxFragmentShown) + QChar(0x2026)
                : fragment;
        shown.append(cut.toHtmlEscaped());
    }
    if (fragments.size() > maxDiffFragments)
        shown.append(QString(QChar(0x2026)));
    // Breakable between fragments, so that a narrow dock wraps the list instead of widening.
    return shown.join(u" \u00b7 "_s);
}

} // namespace

AttemptCard::AttemptCard(QWidget *parent) : QFrame(parent)
{
    setObjectName(u"attemptCard"_s);
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::PointingHandCursor);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(4);

    // Every part wraps: a card is as wide as the dock gives it, never wider.
    auto *header = new QHBoxLayout;
    m_title = makeLabel(this, tr("Attempt"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_badge = makeLabel(this, tr("Error class"));
    m_badge->setWordWrap(false);
    m_metrics = makeLabel(this, tr("Duration and tokens"));
    m_metrics->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    header->addWidget(m_title, 1);
    header->addWidget(m_badge);
    header->addWidget(m_metrics, 1);
    layout->addLayout(header);
    // A badge in words, in the terminal classes' colour: no symbol that a font may lack.
    m_terminal = makeLabel(this, tr("Terminal"));
    m_terminal->setText(tr("Terminal: not retried"));
    layout->addWidget(m_terminal, 0, Qt::AlignLeft);

    m_sql = new QPlainTextEdit(this);
    m_sql->setReadOnly(true);
    m_sql->setAccessibleName(tr("SQL of the attempt"));
    m_sql->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Wrapped at the card's width (anywhere in a long name), as tall as the wrapped lines.
    m_sql->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_sql->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_sql->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_sql->setFocusPolicy(Qt::NoFocus);
    m_sql->installEventFilter(this);
    // A click on the SQL is a click on the card; the scroll bars still work.
    m_sql->viewport()->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_sql->viewport()->setCursor(Qt::PointingHandCursor);
    m_highlighter = new SqlHighlighter(m_sql->document());
    layout->addWidget(m_sql);

    m_diff = new QLabel(this);
    m_diff->setTextFormat(Qt::RichText);
    m_diff->setWordWrap(true);
    m_diff->setAccessibleName(tr("Changes against the previous attempt"));
    layout->addWidget(m_diff);

    m_rootCause = makeLabel(this, tr("Root cause"));
    m_advice = makeLabel(this, tr("Advice"));
    m_advice->setTextFormat(Qt::RichText); // names in `code` as code
    layout->addWidget(m_rootCause);
    layout->addWidget(m_advice);

    m_rawToggle = new QToolButton(this);
    m_rawToggle->setText(tr("Raw error"));
    m_rawToggle->setCheckable(true);
    m_rawToggle->setArrowType(Qt::RightArrow);
    m_rawToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_rawToggle->setAutoRaise(true);
    m_rawToggle->setAccessibleName(tr("Show the raw error"));
    connect(m_rawToggle, &QToolButton::toggled, this, &AttemptCard::setRawErrorExpanded);
    layout->addWidget(m_rawToggle, 0, Qt::AlignLeft);

    // The schema the model saw: the names at a glance, why each is there on demand.
    m_linkedToggle = new QToolButton(this);
    m_linkedToggle->setCheckable(true);
    m_linkedToggle->setArrowType(Qt::RightArrow);
    m_linkedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_linkedToggle->setAutoRaise(true);
    m_linkedToggle->setAccessibleName(tr("Show why each table was given"));
    connect(m_linkedToggle, &QToolButton::toggled, this, &AttemptCard::setLinkedTablesExpanded);
    m_linked = new QLabel(this);
    m_linked->setTextFormat(Qt::RichText);
    m_linked->setWordWrap(true);
    m_linked->setAccessibleName(tr("Tables given to the model"));
    // Made after the raw error's toggle (the first tool button of a card), shown before it.
    const int at = layout->indexOf(m_rawToggle);
    layout->insertWidget(at, m_linkedToggle, 0, Qt::AlignLeft);
    layout->insertWidget(at + 1, m_linked);

    setFrameShape(QFrame::StyledPanel);
    m_badge->hide();
    m_terminal->hide();
    m_diff->hide();
    m_rootCause->hide();
    m_advice->hide();
    m_linkedToggle->hide();
    m_linked->hide();
    m_rawToggle->hide();
}

void AttemptCard::setAttempt(const core::AttemptRecord &attempt, const QString &previousSql)
{
    if (!m_running && m_index >= 0 && attempt == m_attempt && previousSql == m_previousSql)
        return; // a rebuild of the timeline: nothing changed here
    m_attempt = attempt;
    m_previousSql = previousSql;
    m_index = attempt.index;
    m_running = false;
    m_title->setText(
            tr("Attempt %1 \u00b7 %2").arg(attempt.index + 1).arg(originName(attempt.origin)));
    setSql(attempt.sql, previousSql);
    applyBadge();
    m_terminal->setVisible(attempt.terminal);
    m_metrics->setText(tr("%1 ms \u00b7 %n token(s)", nullptr,
                          int(std::min<qint64>(attempt.promptTokens + attempt.completionTokens,
                                               std::numeric_limits<int>::max())))
                               .arg(attempt.elapsedMs));
    m_rootCause->setText(tr("Root cause: %1").arg(capped(attempt.rootCause)));
    m_rootCause->setVisible(!attempt.rootCause.isEmpty());
    m_advice->setText(tr("Advice sent to the model: %1")
                              .toHtmlEscaped()
                              .arg(RichText::withCodeSpans(capped(attempt.advice))));
    m_advice->setVisible(!attempt.advice.isEmpty());
    showLinkedTables();
    m_rawToggle->setVisible(!attempt.rawError.isEmpty());
    setRawErrorExpanded(m_rawToggle->isChecked() && !attempt.rawError.isEmpty());
    updateAccessibleDescription();
}

void AttemptCard::setRunning(int index, core::AttemptOrigin origin, const QString &sql,
                             const QString &previousSql)
{
    m_attempt = {};
    m_attempt.index = index;
    m_attempt.origin = origin;
    m_attempt.sql = sql;
    m_previousSql = previousSql;
    m_index = index;
    m_running = true;
    m_title->setText(tr("Attempt %1 \u00b7 %2").arg(index + 1).arg(originName(origin)));
    setSql(sql, previousSql);
    applyBadge();
    m_terminal->hide();
    m_metrics->setText(tr("running\u2026"));
    m_rootCause->hide();
    m_advice->hide();
    showLinkedTables();
    m_rawToggle->hide();
    setRawErrorExpanded(false);
    updateAccessibleDescription();
}

QString AttemptCard::sql() const
{
    return m_sql->toPlainText();
}

QString AttemptCard::originText() const
{
    return originName(m_attempt.origin);
}

QString AttemptCard::badgeText() const
{
    return m_badge->text();
}

QString AttemptCard::rootCauseText() const
{
    return m_rootCause->isVisibleTo(this) ? m_rootCause->text() : QString();
}

QString AttemptCard::adviceText() const
{
    return m_advice->isVisibleTo(this) ? RichText::toPlainText(m_advice->text()) : QString();
}

QString AttemptCard::metricsText() const
{
    return m_metrics->text();
}

QString AttemptCard::diffText() const
{
    return m_diff->isVisibleTo(this) ? m_diff->text() : QString();
}

QString AttemptCard::rawErrorText() const
{
    return m_attempt.rawError;
}

QString AttemptCard::linkedTablesText() const
{
    return m_linked->isVisibleTo(this) ? RichText::toPlainText(m_linked->text()) : QString();
}

bool AttemptCard::isLinkedTablesShown() const
{
    return m_linkedToggle->isVisibleTo(this);
}

bool AttemptCard::isLinkedTablesExpanded() const
{
    return m_linkedToggle->isChecked();
}

void AttemptCard::setLinkedTablesExpanded(bool expanded)
{
    {
        const QSignalBlocker blocker(m_linkedToggle);
        m_linkedToggle->setChecked(expanded);
    }
    showLinkedTables();
}

void AttemptCard::showLinkedTables()
{
    const QList<core::LinkedTable> &tables = m_attempt.linkedTables;
    m_linkedToggle->setVisible(!tables.isEmpty());
    m_linked->setVisible(!tables.isEmpty());
    if (tables.isEmpty())
        return;
    const bool expanded = m_linkedToggle->isChecked();
    m_linkedToggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_linkedToggle->setText(
            tr("Schema given to the model: %n table(s)", nullptr, int(tables.size())));
    QStringList parts;
    for (const core::LinkedTable &table : tables) {
        if (!expanded) {
            parts.append(table.table.toHtmlEscaped());
            continue;
        }
        QStringList reasons;
        for (const core::LinkReason &reason : table.reasons)
            reasons.append(reason.text().toHtmlEscaped());
        parts.append(tr("<b>%1</b> (%n column(s)): %2", nullptr, int(table.columns.size()))
                             .arg(table.table.toHtmlEscaped(), reasons.join(u"; "_s)));
    }
    // Collapsed: the names, breakable between them; expanded: one table a line.
    m_linked->setText(expanded ? parts.join(u"<br>"_s) : parts.join(u" \u00b7 "_s));
}

bool AttemptCard::isTerminalShown() const
{
    return m_terminal->isVisibleTo(this);
}

void AttemptCard::setRawErrorExpanded(bool expanded)
{
    if (expanded && !m_raw) {
        m_raw = new QPlainTextEdit(this);
        m_raw->setReadOnly(true);
        m_raw->setAccessibleName(tr("Raw error"));
        m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
        layout()->addWidget(m_raw);
    }
    if (expanded && m_raw->toPlainText() != m_attempt.rawError) {
        m_raw->setPlainText(m_attempt.rawError);
        const int lines = std::clamp(m_raw->document()->blockCount(), 1, maxRawLines);
        m_raw->setFixedHeight(lines * m_raw->fontMetrics().lineSpacing() + 2 * m_raw->frameWidth()
                              + int(2 * m_raw->document()->documentMargin())
                              + m_raw->horizontalScrollBar()->sizeHint().height());
    }
    if (m_raw)
        m_raw->setVisible(expanded);
    const QSignalBlocker blocker(m_rawToggle);
    m_rawToggle->setChecked(expanded);
    m_rawToggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
}

void AttemptCard::setCurrent(bool current)
{
    if (m_current == current)
        return;
    m_current = current;
    update();
}

QString AttemptCard::originName(core::AttemptOrigin origin)
{
    switch (origin) {
    case core::AttemptOrigin::Llm:
        return tr("model");
    case core::AttemptOrigin::Cache:
        return tr("fix cache");
    case core::AttemptOrigin::Autofix:
        return tr("autofix");
    case core::AttemptOrigin::User:
        return tr("user");
    }
    return {};
}

QString AttemptCard::outcomeName(core::AttemptOutcome outcome)
{
    switch (outcome) {
    case core::AttemptOutcome::Ok:
        return tr("ok");
    case core::AttemptOutcome::Empty:
        return tr("empty result");
    case core::AttemptOutcome::Error:
        return tr("error");
    case core::AttemptOutcome::Blocked:
        return tr("blocked");
    case core::AttemptOutcome::Timeout:
        return tr("timed out");
    case core::AttemptOutcome::Cancelled:
        return tr("cancelled");
    case core::AttemptOutcome::Doubtful:
        return tr("in doubt");
    }
    return {};
}

void AttemptCard::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint())) {
        Q_EMIT activated();
        event->accept();
        return;
    }
    QFrame::mouseReleaseEvent(event);
}

void AttemptCard::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        Q_EMIT activated();
        event->accept();
        return;
    default:
        QFrame::keyPressEvent(event);
    }
}

void AttemptCard::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        m_highlighter->updateFormats();
        applyBadge();
        setSql(m_attempt.sql, m_previousSql); // the diff marks' colours follow the theme
    }
    QFrame::changeEvent(event);
}

void AttemptCard::paintEvent(QPaintEvent *event)
{
    QFrame::paintEvent(event);
    if (!m_current && !hasFocus())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QPen pen(palette().color(QPalette::Highlight), m_current ? 3 : 1);
    if (!m_current)
        pen.setStyle(Qt::DotLine); // keyboard focus only
    painter.setPen(pen);
    painter.drawRoundedRect(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5), 4, 4);
}

void AttemptCard::focusInEvent(QFocusEvent *event)
{
    QFrame::focusInEvent(event);
    update();
}

void AttemptCard::focusOutEvent(QFocusEvent *event)
{
    QFrame::focusOutEvent(event);
    update();
}

void AttemptCard::setSql(const QString &sql, const QString &previousSql)
{
    if (m_sql->toPlainText() != sql)
        m_sql->setPlainText(sql);
    m_sql->setVisible(!sql.isEmpty());
    fitSqlHeight();

    m_addedTokens.clear();
    m_removedTokens.clear();
    QList<QTextEdit::ExtraSelection> marks;
    if (previousSql.isEmpty() || sql.isEmpty()) {
        m_diff->hide();
        m_sql->setExtraSelections(marks);
        return;
    }
    const SqlDiff diff = SqlDiff::compare(previousSql, sql);
    m_addedTokens = diff.addedTokens;
    m_removedTokens = diff.removedTokens;

    const QPalette pal = palette();
    const bool dark = ErrorClassPalette::isDark(pal);
    QTextCharFormat added;
    added.setBackground(dark ? QColor(0x1e, 0x5a, 0x2a) : QColor(0xc8, 0xf0, 0xc8));
    added.setFontUnderline(true); // not by colour alone
    for (const SqlDiff::Range &range : diff.added) {
        QTextEdit::ExtraSelection mark;
        // The document may count some characters differently from the string (line breaks).
        const int last = m_sql->document()->characterCount() - 1;
        mark.cursor = QTextCursor(m_sql->document());
        mark.cursor.setPosition(int(std::min<qsizetype>(range.offset, last)));
        mark.cursor.setPosition(int(std::min<qsizetype>(range.offset + range.length, last)),
                                QTextCursor::KeepAnchor);
        mark.format = added;
        marks.append(mark);
    }
    m_sql->setExtraSelections(marks);

    if (diff.isEmpty()) {
        m_diff->setText(tr("Same SQL as the previous attempt").toHtmlEscaped());
    } else {
        const QString removedColour = dark ? u"#ff8a80"_s : u"#b71c1c"_s;
        const QString addedColour = dark ? u"#8be28b"_s : u"#1b5e20"_s;
        QStringList parts;
        if (!diff.removedTokens.isEmpty())
            parts.append(tr("Removed: %1")
                                 .arg(u"<s style=\"color:%1\">%2</s>"_s.arg(
                                         removedColour, fragmentList(diff.removedFragments))));
        if (!diff.addedTokens.isEmpty())
            parts.append(tr("Added: %1")
                                 .arg(u"<u style=\"color:%1\">%2</u>"_s.arg(
                                         addedColour, fragmentList(diff.addedFragments))));
        m_diff->setText(parts.join(u"<br>"_s));
    }
    m_diff->show();
}

bool AttemptCard::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_sql && event->type() == QEvent::Resize) {
        // A new width wraps the statement into another number of lines. The editor lays its
        // viewport out after this filter, so the width comes from the event, not the viewport.
        const int width = static_cast<QResizeEvent *>(event)->size().width();
        fitSqlHeight(width - 2 * m_sql->frameWidth());
    }
    return QFrame::eventFilter(watched, event);
}

int AttemptCard::sqlLineCount(int viewportWidth) const
{
    // The lines the statement wraps into at the editor's text width, counted as the editor
    // lays them out (the same font and wrap mode).
    const int viewport = viewportWidth >= 0 ? viewportWidth : m_sql->viewport()->width();
    const qreal width = viewport - 2 * m_sql->document()->documentMargin() - m_sql->cursorWidth();
    if (width <= 0)
        return m_sql->document()->blockCount();
    QTextOption option;
    option.setWrapMode(m_sql->wordWrapMode());
    int lines = 0;
    for (QTextBlock block = m_sql->document()->begin(); block.isValid(); block = block.next()) {
        // A line of megabytes: its start fills the lines shown as well as all of it would.
        QTextLayout layout(block.text().left(maxLineChars), m_sql->font());
        layout.setTextOption(option);
        layout.beginLayout();
        int blockLines = 0;
        for (QTextLine line = layout.createLine();
             line.isValid() && lines + blockLines <= maxSqlLines; line = layout.createLine()) {
            line.setLineWidth(width);
            ++blockLines;
        }
        layout.endLayout();
        lines += std::max(blockLines, 1);
        if (lines > maxSqlLines)
            break; // the rest scrolls
    }
    return lines;
}

void AttemptCard::fitSqlHeight(int viewportWidth)
{
    if (m_fitting) {
        m_pendingWidth = viewportWidth;
        return;
    }
    m_fitting = true;
    // A new height lays the card out again and may resize the editor to another width (a scroll
    // bar of the timeline that comes and goes): fit again to that width, a few rounds at most,
    // where two widths would otherwise take turns for ever.
    for (int round = 0; round < 3; ++round) {
        m_pendingWidth.reset();
        // Tall enough for the whole wrapped statement up to maxSqlLines; longer ones scroll.
        const int lines = std::clamp(sqlLineCount(viewportWidth), 1, maxSqlLines);
        // Lines are laid out at the font's real height, a fraction above its rounded
        // lineSpacing().
        const int frame = 2 * m_sql->frameWidth() + qCeil(2 * m_sql->document()->documentMargin());
        const int height = qCeil(lines * QFontMetricsF(m_sql->font()).lineSpacing()) + frame + 2;
        if (m_sql->height() == height && m_sql->minimumHeight() == height)
            break;
        m_sql->setFixedHeight(height);
        if (!m_pendingWidth)
            break;
        viewportWidth = *m_pendingWidth;
    }
    m_pendingWidth.reset();
    m_fitting = false;
}

void AttemptCard::applyBadge()
{
    const QPalette pal = palette();
    QColor fill;
    QString text;
    if (m_running) {
        text = tr("running");
        fill = pal.color(QPalette::Mid);
    } else if (const auto errorClass = core::errorClassFromName(m_attempt.errorClass)) {
        text = m_attempt.errorClass; // the stable name, as in logs and the case store
        fill = ErrorClassPalette::background(*errorClass, pal);
    } else if (m_attempt.outcome == core::AttemptOutcome::Ok) {
        text = outcomeName(m_attempt.outcome);
        fill = ErrorClassPalette::okBackground(pal);
    } else if (m_attempt.outcome == core::AttemptOutcome::Empty
               || m_attempt.outcome == core::AttemptOutcome::Doubtful) {
        text = outcomeName(m_attempt.outcome);
        fill = ErrorClassPalette::emptyBackground(pal);
    } else {
        text = outcomeName(m_attempt.outcome);
        fill = ErrorClassPalette::background(core::ErrorClass::Other, pal);
    }
    m_badge->setText(text);
    ErrorClassPalette::paintBadge(m_badge, fill);
    m_badge->show();
    ErrorClassPalette::paintBadge(m_terminal,
                                  ErrorClassPalette::background(core::ErrorClass::Permission, pal));
}

void AttemptCard::updateAccessibleDescription()
{
    setAccessibleName(m_title->text());
    setAccessibleDescription(m_running ? m_metrics->text()
                                       : tr("%1. %2").arg(m_badge->text(), m_rootCause->text()));
}

} // namespace sqlmend::ui
