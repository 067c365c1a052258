#pragma once

#include "core/schema/businessnotes.h"

#include <QDialog>

class QLineEdit;
class QPlainTextEdit;

namespace sqlmend::ui {

// Edits the business note on one table or column. The catalog's comment is the description it
// starts from when there is no note yet, and stays visible below as the database's own words;
// what is saved is the user's note, which takes precedence over the comment. Lists are typed
// comma-separated.
class NoteDialog : public QDialog
{
    Q_OBJECT

public:
    NoteDialog(const QString &table, const QString &column, const QString &catalogComment,
               const core::BusinessNote *note, QWidget *parent = nullptr);

    // What the fields say; empty fields make an empty note (saving it removes the note).
    core::BusinessNote note() const;

    QPlainTextEdit *descriptionEdit() const { return m_description; }
    QLineEdit *synonymsEdit() const { return m_synonyms; }
    QLineEdit *valuesEdit() const { return m_values; }
    QLineEdit *formulaEdit() const { return m_formula; }

    static QStringList splitList(const QString &text);

private:
    QString m_table;
    QString m_column;
    QPlainTextEdit *m_description = nullptr;
    QLineEdit *m_synonyms = nullptr;
    QLineEdit *m_values = nullptr;
    QLineEdit *m_formula = nullptr;
};

} // namespace sqlmend::ui
