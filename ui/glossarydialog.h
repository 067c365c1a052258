#pragma once

#include "core/schema/businessnotes.h"

#include <QDialog>
#include <QList>

class QTableWidget;

namespace sqlmend::ui {

// The glossary of one database: business terms, what each means, and the tables that answer
// it (comma-separated). A question that uses a term gets its definition and its tables.
class GlossaryDialog : public QDialog
{
    Q_OBJECT

public:
    explicit GlossaryDialog(const QString &database, const QList<core::GlossaryTerm> &terms,
                            QWidget *parent = nullptr);

    // The rows with a term and a definition; a row with only one of them is left out (and said
    // so before saving).
    QList<core::GlossaryTerm> terms() const;
    QTableWidget *table() const { return m_table; }
    void addTerm();
    // Refuses (and says why) while a row has a term without a definition or the other way.
    void accept() override;

private:
    void removeSelected();

    QTableWidget *m_table = nullptr;
};

} // namespace sqlmend::ui
