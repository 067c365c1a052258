#pragma once

#include <QFileDialog>
#include <QStringList>

namespace sqlmend::ui {

// A save dialog for exports: it offers the file types given, suggests a name that carries the
// selected type's extension (and follows a change of type), starts in the folder used last, and
// gives the chosen path the extension when the person typed none. Open it with open(); it
// answers with chosen() and deletes itself when closed.
class SaveFileDialog : public QFileDialog
{
    Q_OBJECT

public:
    SaveFileDialog(QWidget *parent, const QString &title);

    // title: "CSV", suffix: "csv". The first type added is selected until selectType().
    void addType(const QString &title, const QString &suffix);
    void selectType(int index);
    int typeCount() const { return int(m_suffixes.size()); }
    // The name without its extension; the selected type's extension is added.
    void setSuggestedName(const QString &baseName);
    QString suggestedName() const { return m_baseName; }
    // The text of the button that saves, when it should say more than "Save".
    void setAcceptText(const QString &text);

    // A file name from a question or a title: letters, digits and CJK kept, other characters
    // joined by '-', at most 60 characters; fallback when nothing is left.
    static QString fileNameFrom(const QString &text, const QString &fallback);
    // The folder the last export went to (the documents folder at first).
    static QString lastFolder();
    static void setLastFolder(const QString &folder);

Q_SIGNALS:
    // path carries the type's extension.
    void chosen(const QString &path, int typeIndex);

private:
    void applyName();
    int currentType() const;
    void onAccepted(const QString &path);

    QStringList m_filters;
    QStringList m_suffixes;
    QString m_baseName;
};

} // namespace sqlmend::ui
