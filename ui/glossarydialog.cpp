#include "ui/glossarydialog.h"

#include "ui/notedialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

enum Column { TermColumn, DefinitionColumn, TablesColumn };

QString cellText(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text().trimmed() : QString();
}

} // namespace

GlossaryDialog::GlossaryDialog(const QString &database, const QList<core::GlossaryTerm> &terms,
                               QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"glossaryDialog"_s);
    setWindowTitle(tr("Glossary of %1").arg(database));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Business terms and what they mean here. When a question uses a "
                                "term, the model gets its definition, and its tables are "
                                "linked."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_table = new QTableWidget(0, 3, this);
    m_table->setAccessibleName(tr("Glossary terms"));
    m_table->setHorizontalHeaderLabels({tr("Term"), tr("Definition"), tr("Tables")});
    m_table->horizontalHeader()->setSectionResizeMode(DefinitionColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (const core::GlossaryTerm &term : terms) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, TermColumn, new QTableWidgetItem(term.term));
        m_table->setItem(row, DefinitionColumn, new QTableWidgetItem(term.definition));
        m_table->setItem(row, TablesColumn, new QTableWidgetItem(term.tables.join(u", "_s)));
    }
    layout->addWidget(m_table, 1);

    auto *rowButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("&Add Term"), this);
    auto *remove = new QPushButton(tr("&Remove"), this);
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addStretch(1);
    layout->addLayout(rowButtons);
    connect(add, &QPushButton::clicked, this, &GlossaryDialog::addTerm);
    connect(remove, &QPushButton::clicked, this, &GlossaryDialog::removeSelected);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &GlossaryDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(fontMetrics().horizontalAdvance(u'x') * 90, fontMetrics().height() * 22);
}

void GlossaryDialog::addTerm()
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    for (int column : {TermColumn, DefinitionColumn, TablesColumn})
        m_table->setItem(row, column, new QTableWidgetItem);
    m_table->setCurrentCell(row, TermColumn);
    m_table->editItem(m_table->item(row, TermColumn));
}

void GlossaryDialog::removeSelected()
{
    QList<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows.append(index.row());
    if (rows.isEmpty() && m_table->currentRow() >= 0)
        rows.append(m_table->currentRow());
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    for (int row : std::as_const(rows))
        m_table->removeRow(row);
}

QList<core::GlossaryTerm> GlossaryDialog::terms() const
{
    QList<core::GlossaryTerm> result;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        core::GlossaryTerm term;
        term.term = cellText(m_table, row, TermColumn).simplified();
        term.definition = cellText(m_table, row, DefinitionColumn);
        term.tables = NoteDialog::splitList(cellText(m_table, row, TablesColumn));
        if (!term.term.isEmpty() && !term.definition.isEmpty())
            result.append(term);
    }
    return result;
}

void GlossaryDialog::accept()
{
    // A half-filled row would be lost without a word; say so first.
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const bool hasTerm = !cellText(m_table, row, TermColumn).isEmpty();
        const bool hasDefinition = !cellText(m_table, row, DefinitionColumn).isEmpty();
        if (hasTerm != hasDefinition) {
            m_table->setCurrentCell(row, hasTerm ? DefinitionColumn : TermColumn);
            QMessageBox::warning(this, windowTitle(),
                                 tr("Row %1 needs both a term and its definition.").arg(row + 1));
            return;
        }
    }
    QDialog::accept();
}

} // namespace sqlmend::ui
