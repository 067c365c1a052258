#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QToolButton;

namespace sqlmend::ui {

// Find and replace in a text editor, as a bar under it: the text to find (Enter: next,
// Shift+Enter: previous), whole word and letter case options, replace one and replace all (one
// undoable edit), and how many matches there are. Esc closes it and gives the editor the focus.
class FindBar : public QWidget
{
    Q_OBJECT

public:
    explicit FindBar(QPlainTextEdit *editor, QWidget *parent = nullptr);

    // Shows the bar with the editor's selection (or the word under the cursor) to find; with
    // replace, the replace field too.
    void start(bool replace);
    void close();

    QLineEdit *findEdit() const { return m_find; }
    QLineEdit *replaceEdit() const { return m_replace; }
    QString statusText() const;
    void setCaseSensitive(bool on);
    void setWholeWords(bool on);

public Q_SLOTS:
    bool findNext();
    bool findPrevious();
    bool replaceCurrent();
    int replaceAll();

private:
    bool find(bool backward);
    int countMatches() const;
    void updateStatus();
    bool selectionMatches() const;

    QPlainTextEdit *m_editor;
    QLineEdit *m_find = nullptr;
    QLineEdit *m_replace = nullptr;
    QCheckBox *m_case = nullptr;
    QCheckBox *m_words = nullptr;
    QLabel *m_status = nullptr;
    QWidget *m_replaceRow = nullptr;
    QLabel *m_replaceLabel = nullptr;
};

} // namespace sqlmend::ui
