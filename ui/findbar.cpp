#include "ui/findbar.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QTextBlock>
#include <QTextDocument>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// Counting stops here; a match count this high says "many" anyway.
constexpr int maxCounted = 10000;

} // namespace

FindBar::FindBar(QPlainTextEdit *editor, QWidget *parent) : QWidget(parent), m_editor(editor)
{
    setObjectName(u"findBar"_s);
    setAccessibleName(tr("Find and replace"));
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    auto *findLabel = new QLabel(tr("Fi&nd:"), this);
    m_find = new QLineEdit(this);
    m_find->setObjectName(u"findText"_s);
    m_find->setAccessibleName(tr("Text to find"));
    m_find->setClearButtonEnabled(true);
    findLabel->setBuddy(m_find);
    auto *previous = new QPushButton(tr("&Previous"), this);
    auto *next = new QPushButton(tr("N&ext"), this);
    m_case = new QCheckBox(tr("Match &case"), this);
    m_words = new QCheckBox(tr("&Whole words"), this);
    m_status = new QLabel(this);
    m_status->setAccessibleName(tr("Matches"));
    auto *closeButton = new QToolButton(this);
    closeButton->setText(tr("Close"));
    closeButton->setAutoRaise(true);
    closeButton->setToolTip(tr("Close the find bar (Esc)"));
    layout->addWidget(findLabel, 0, 0);
    layout->addWidget(m_find, 0, 1);
    layout->addWidget(previous, 0, 2);
    layout->addWidget(next, 0, 3);
    layout->addWidget(m_case, 0, 4);
    layout->addWidget(m_words, 0, 5);
    layout->addWidget(m_status, 0, 6);
    layout->addWidget(closeButton, 0, 7);

    m_replaceRow = new QWidget(this);
    auto *replaceLayout = new QHBoxLayout(m_replaceRow);
    replaceLayout->setContentsMargins(0, 0, 0, 0);
    auto *replaceLabel = new QLabel(tr("Re&place with:"), this);
    m_replace = new QLineEdit(m_replaceRow);
    m_replace->setObjectName(u"replaceText"_s);
    m_replace->setAccessibleName(tr("Replacement text"));
    replaceLabel->setBuddy(m_replace);
    auto *replaceOne = new QPushButton(tr("&Replace"), m_replaceRow);
    auto *replaceEvery = new QPushButton(tr("Replace &All"), m_replaceRow);
    replaceLayout->addWidget(m_replace, 1);
    replaceLayout->addWidget(replaceOne);
    replaceLayout->addWidget(replaceEvery);
    layout->addWidget(replaceLabel, 1, 0);
    layout->addWidget(m_replaceRow, 1, 1, 1, 7);
    layout->setColumnStretch(1, 1);
    m_replaceRow->setVisible(false);
    replaceLabel->setVisible(false);
    m_replaceLabel = replaceLabel;

    connect(m_find, &QLineEdit::textChanged, this, [this] {
        // Typing searches from where the search started, as in an editor's incremental find.
        QTextCursor cursor = m_editor->textCursor();
        cursor.setPosition(cursor.selectionStart());
        m_editor->setTextCursor(cursor);
        if (!m_find->text().isEmpty())
            find(false);
        updateStatus();
    });
    connect(m_find, &QLineEdit::returnPressed, this, &FindBar::findNext);
    connect(m_replace, &QLineEdit::returnPressed, this, &FindBar::replaceCurrent);
    connect(next, &QPushButton::clicked, this, &FindBar::findNext);
    connect(previous, &QPushButton::clicked, this, &FindBar::findPrevious);
    connect(replaceOne, &QPushButton::clicked, this, &FindBar::replaceCurrent);
    connect(replaceEvery, &QPushButton::clicked, this, &FindBar::replaceAll);
    connect(closeButton, &QToolButton::clicked, this, &FindBar::close);
    connect(m_case, &QCheckBox::toggled, this, &FindBar::updateStatus);
    connect(m_words, &QCheckBox::toggled, this, &FindBar::updateStatus);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, this, &FindBar::close);
    auto *backward = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Return), m_find);
    backward->setContext(Qt::WidgetShortcut);
    connect(backward, &QShortcut::activated, this, &FindBar::findPrevious);
    hide();
}

void FindBar::start(bool replace)
{
    QTextCursor cursor = m_editor->textCursor();
    QString seed = cursor.selectedText();
    if (seed.isEmpty()) {
        cursor.select(QTextCursor::WordUnderCursor);
        seed = cursor.selectedText();
    }
    // A selection across lines is not a search text.
    if (!seed.isEmpty() && !seed.contains(QChar::ParagraphSeparator)) {
        const QSignalBlocker blocker(m_find);
        m_find->setText(seed);
    }
    m_replaceRow->setVisible(replace);
    m_replaceLabel->setVisible(replace);
    show();
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
    updateStatus();
}

void FindBar::close()
{
    hide();
    m_editor->setFocus(Qt::OtherFocusReason);
}

QString FindBar::statusText() const
{
    return m_status->text();
}

void FindBar::setCaseSensitive(bool on)
{
    m_case->setChecked(on);
}

void FindBar::setWholeWords(bool on)
{
    m_words->setChecked(on);
}

bool FindBar::find(bool backward)
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return false;
    QTextDocument::FindFlags flags;
    if (backward)
        flags |= QTextDocument::FindBackward;
    if (m_case->isChecked())
        flags |= QTextDocument::FindCaseSensitively;
    if (m_words->isChecked())
        flags |= QTextDocument::FindWholeWords;
    QTextCursor found = m_editor->document()->find(text, m_editor->textCursor(), flags);
    if (found.isNull()) {
        // Wrap around once.
        QTextCursor start(m_editor->document());
        if (backward)
            start.movePosition(QTextCursor::End);
        found = m_editor->document()->find(text, start, flags);
    }
    if (found.isNull())
        return false;
    m_editor->setTextCursor(found);
    return true;
}

bool FindBar::findNext()
{
    const bool found = find(false);
    updateStatus();
    return found;
}

bool FindBar::findPrevious()
{
    const bool found = find(true);
    updateStatus();
    return found;
}

bool FindBar::selectionMatches() const
{
    const QString selected = m_editor->textCursor().selectedText();
    return !selected.isEmpty()
            && selected.compare(m_find->text(),
                                m_case->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive)
            == 0;
}

bool FindBar::replaceCurrent()
{
    if (m_find->text().isEmpty())
        return false;
    if (!selectionMatches() && !find(false)) {
        updateStatus();
        return false;
    }
    QTextCursor cursor = m_editor->textCursor();
    cursor.insertText(m_replace->text()); // one step on the editor's undo stack
    m_editor->setTextCursor(cursor);
    find(false);
    updateStatus();
    return true;
}

int FindBar::replaceAll()
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return 0;
    QTextDocument::FindFlags flags;
    if (m_case->isChecked())
        flags |= QTextDocument::FindCaseSensitively;
    if (m_words->isChecked())
        flags |= QTextDocument::FindWholeWords;
    QTextCursor edit(m_editor->document());
    edit.beginEditBlock(); // Ctrl+Z undoes them all at once
    int count = 0;
    QTextCursor found = m_editor->document()->find(text, 0, flags);
    while (!found.isNull()) {
        found.insertText(m_replace->text());
        ++count;
        found = m_editor->document()->find(text, found, flags);
    }
    edit.endEditBlock();
    m_status->setText(tr("%n replaced", nullptr, count));
    return count;
}

int FindBar::countMatches() const
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return 0;
    QTextDocument::FindFlags flags;
    if (m_case->isChecked())
        flags |= QTextDocument::FindCaseSensitively;
    if (m_words->isChecked())
        flags |= QTextDocument::FindWholeWords;
    int count = 0;
    QTextCursor found = m_editor->document()->find(text, 0, flags);
    while (!found.isNull() && count < maxCounted) {
        ++count;
        found = m_editor->document()->find(text, found, flags);
    }
    return count;
}

void FindBar::updateStatus()
{
    if (m_find->text().isEmpty()) {
        m_status->clear();
        return;
    }
    const int count = countMatches();
    m_status->setText(count == 0 ? tr("No match") : tr("%n match(es)", nullptr, count));
}

} // namespace sqlmend::ui
