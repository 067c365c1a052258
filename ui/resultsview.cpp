#include "ui/resultsview.h"

#include "core/exec/resultmodel.h"
#include "core/export/exportwriter.h"
#include "ui/session.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

ResultsView::ResultsView(Session *session, core::ResultModel *model, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(model)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Result rows"));
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    layout->addWidget(m_table, 1);

    auto *copyCsv = new QAction(tr("Copy as CSV"), this);
    copyCsv->setShortcut(QKeySequence::Copy);
    copyCsv->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copyCsv, &QAction::triggered, this, &ResultsView::copySelectionAsCsv);
    auto *copyMarkdown = new QAction(tr("Copy as Markdown"), this);
    copyMarkdown->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copyMarkdown->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copyMarkdown, &QAction::triggered, this, &ResultsView::copySelectionAsMarkdown);
    auto *exportAction = new QAction(tr("Export Full Result…"), this);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(exportAction, &QAction::triggered, this, &ResultsView::exportInteractively);
    m_table->addAction(copyCsv);
    m_table->addAction(copyMarkdown);
    m_table->addAction(exportAction);

    auto *bar = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setAccessibleName(tr("Row count"));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0); // the row total is not known in advance
    m_progress->setTextVisible(true);
    m_progress->setAccessibleName(tr("Export progress"));
    m_progress->setVisible(false);
    m_cancel = new QPushButton(tr("Cancel Export"), this);
    m_cancel->setVisible(false);
    connect(m_cancel, &QPushButton::clicked, this, &ResultsView::cancelExport);
    m_exportButton = new QPushButton(tr("Export…"), this);
    m_exportButton->setToolTip(tr("Export the full result to CSV or JSON Lines"));
    m_exportButton->setEnabled(false);
    connect(m_exportButton, &QPushButton::clicked, this, &ResultsView::exportInteractively);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    bar->addWidget(m_exportButton);
    layout->addLayout(bar);

    connect(m_model, &core::ResultModel::rowsReceived, this, &ResultsView::updateStatus);
    connect(m_model, &core::ResultModel::rowCountStatusChanged, this, &ResultsView::updateStatus);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ResultsView::updateStatus);

    connect(m_session, &Session::exportProgress, this, [this](qint64 rows) {
        if (m_exporting)
            m_progress->setFormat(
                    tr("%n row(s) written", nullptr, int(qMin<qint64>(rows, INT_MAX))));
    });
    connect(m_session, &Session::exportFinished, this,
            [this](qint64 rows, const QString &path, const QString &error, bool cancelled) {
                if (!m_exporting)
                    return;
                setExporting(false);
                QString message;
                if (cancelled)
                    message = tr("Export cancelled.");
                else if (!error.isEmpty())
                    message = tr("Export failed: %1").arg(error);
                else
                    message = tr("Exported %n row(s) to %1.", nullptr,
                                 int(qMin<qint64>(rows, INT_MAX)))
                                      .arg(path);
                m_status->setText(message);
                Q_EMIT exportDone(error.isEmpty() && !cancelled, message);
            });
    updateStatus();
}

void ResultsView::setSource(int connection, const QString &sql)
{
    m_connection = connection;
    m_sql = sql;
    m_exportButton->setEnabled(!m_exporting);
}

void ResultsView::clearSource()
{
    m_connection = 0;
    m_sql.clear();
    m_exportButton->setEnabled(false);
}

void ResultsView::updateStatus()
{
    if (m_exporting)
        return;
    const qint64 rows = m_model->receivedRowCount();
    const int count = int(qMin<qint64>(rows, INT_MAX));
    switch (m_model->rowCountStatus()) {
    case core::RowCountStatus::Complete:
        m_status->setText(tr("%n row(s)", nullptr, count));
        break;
    case core::RowCountStatus::Partial:
        m_status->setText(tr("First %n row(s) shown; the result has more (export gets them all)",
                             nullptr, count));
        break;
    case core::RowCountStatus::Unknown:
        m_status->setText(m_model->columnCount() > 0 ? tr("%n row(s) so far…", nullptr, count)
                                                     : QString());
        break;
    }
}

QString ResultsView::selectionAs(const QString &formatName) const
{
    const std::optional<core::ExportFormat> format = core::exportFormatFromName(formatName);
    if (!format)
        return {};
    QModelIndexList indexes = m_table->selectionModel()
            ? m_table->selectionModel()->selectedIndexes()
            : QModelIndexList();
    if (indexes.isEmpty() && m_table->currentIndex().isValid())
        indexes << m_table->currentIndex();
    if (indexes.isEmpty())
        return {};
    // The bounding rectangle of the selection; cells outside it stay empty.
    int top = INT_MAX, bottom = -1, left = INT_MAX, right = -1;
    for (const QModelIndex &index : indexes) {
        top = std::min(top, index.row());
        bottom = std::max(bottom, index.row());
        left = std::min(left, index.column());
        right = std::max(right, index.column());
    }
    QStringList columns;
    for (int c = left; c <= right; ++c)
        columns << m_model->headerData(c, Qt::Horizontal).toString();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const std::unique_ptr<core::ExportWriter> writer = core::ExportWriter::create(*format, &buffer);
    if (!writer->begin(columns))
        return {};
    QSet<QPair<int, int>> selected;
    for (const QModelIndex &index : indexes)
        selected.insert({index.row(), index.column()});
    for (int r = top; r <= bottom; ++r) {
        QVariantList row;
        for (int c = left; c <= right; ++c)
            row << (selected.contains({r, c}) ? m_model->value(r, c) : QVariant());
        if (!writer->writeRow(row))
            return {};
    }
    if (!writer->finish())
        return {};
    return QString::fromUtf8(buffer.data());
}

QString ResultsView::selectionAsCsv() const
{
    return selectionAs(u"csv"_s);
}

QString ResultsView::selectionAsMarkdown() const
{
    return selectionAs(u"markdown"_s);
}

void ResultsView::copySelectionAsCsv()
{
    const QString text = selectionAsCsv();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void ResultsView::copySelectionAsMarkdown()
{
    const QString text = selectionAsMarkdown();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

bool ResultsView::exportTo(const QString &path, const QString &formatName)
{
    if (m_exporting || m_sql.isEmpty() || !m_session->isOpen(m_connection))
        return false;
    if (!m_session->exportResult(m_connection, m_sql, path, formatName))
        return false;
    setExporting(true);
    return true;
}

void ResultsView::exportInteractively()
{
    if (m_exporting || m_sql.isEmpty())
        return;
    const QString csvFilter = tr("CSV (*.csv)");
    const QString jsonlFilter = tr("JSON Lines (*.jsonl)");
    QString filter = csvFilter;
    const QString path =
            QFileDialog::getSaveFileName(this, tr("Export Full Result"), QString(),
                                         u"%1;;%2"_s.arg(csvFilter, jsonlFilter), &filter);
    if (path.isEmpty())
        return;
    exportTo(path, filter == jsonlFilter ? u"jsonl"_s : u"csv"_s);
}

void ResultsView::cancelExport()
{
    if (m_exporting)
        m_session->cancelExport();
}

bool ResultsView::isExporting() const
{
    return m_exporting;
}

void ResultsView::setExporting(bool on)
{
    m_exporting = on;
    m_progress->setVisible(on);
    m_progress->setFormat(tr("Exporting…"));
    m_cancel->setVisible(on);
    m_exportButton->setEnabled(!on && !m_sql.isEmpty());
    if (on)
        m_status->setText(tr("Exporting the full result…"));
}

} // namespace sqlmend::ui
