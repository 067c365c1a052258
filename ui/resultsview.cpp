#include "ui/resultsview.h"

#include "core/exec/resultmodel.h"
#include "core/export/exportwriter.h"
#include "core/sql/sqltokenizer.h"
#include "ui/resultexporter.h"
#include "ui/resultgrid.h"
#include "ui/savefiledialog.h"
#include "ui/session.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

ResultsView::ResultsView(Session *session, core::ResultModel *model, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(model)
{
    m_exporter = new ResultExporter(session, this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(4, 4, 4, 0);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(u"resultFilter"_s);
    m_filter->setPlaceholderText(tr("Filter the loaded rows"));
    m_filter->setAccessibleName(tr("Filter the result rows"));
    m_filter->setClearButtonEnabled(true);
    m_note = new QLabel(this);
    m_note->setObjectName(u"resultNote"_s);
    m_note->setWordWrap(true);
    m_note->setAccessibleName(tr("What sorting and filtering see"));
    m_loadAll = new QPushButton(tr("&Load All Rows"), this);
    m_loadAll->setObjectName(u"loadAllRows"_s);
    m_loadAll->setToolTip(tr("Run the query again without the row cap, so that sorting, the "
                             "filter and export see every row"));
    m_loadAll->setVisible(false);
    top->addWidget(m_filter, 1);
    top->addWidget(m_note, 2);
    top->addWidget(m_loadAll);
    layout->addLayout(top);

    m_table = new ResultGrid(this);
    m_table->setSourceModel(m_model);
    m_table->setAccessibleName(tr("Result rows"));
    layout->addWidget(m_table, 1);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 4);
    m_status = new QLabel(this);
    m_status->setAccessibleName(tr("Row count"));
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0); // the row total is not known in advance
    m_progress->setTextVisible(true);
    m_progress->setAccessibleName(tr("Export progress"));
    m_progress->setVisible(false);
    m_cancel = new QPushButton(tr("Cancel Export"), this);
    m_cancel->setVisible(false);
    m_exportButton = new QPushButton(tr("E&xport…"), this);
    m_exportButton->setObjectName(u"exportResult"_s);
    m_exportButton->setEnabled(false);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    bar->addWidget(m_exportButton);
    layout->addLayout(bar);

    // Esc in the filter clears it, as in a search field.
    auto *clear = new QShortcut(QKeySequence(Qt::Key_Escape), m_filter);
    clear->setContext(Qt::WidgetShortcut);
    connect(clear, &QShortcut::activated, m_filter, &QLineEdit::clear);
    connect(m_filter, &QLineEdit::textChanged, m_table, &ResultGrid::setFilterText);
    connect(m_table, &ResultGrid::filterChanged, this, &ResultsView::updateStatus);
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            &ResultsView::updateStatus);
    connect(m_loadAll, &QPushButton::clicked, this, &ResultsView::loadAllRequested);
    connect(m_cancel, &QPushButton::clicked, this, &ResultsView::cancelExport);
    connect(m_exportButton, &QPushButton::clicked, this, &ResultsView::exportInteractively);
    connect(m_table, &ResultGrid::exportRequested, this, &ResultsView::exportInteractively);

    connect(m_model, &core::ResultModel::rowsReceived, this, &ResultsView::updateStatus);
    connect(m_model, &core::ResultModel::rowCountStatusChanged, this, &ResultsView::updateStatus);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ResultsView::updateStatus);

    connect(m_exporter, &ResultExporter::progress, this, [this](qint64 rows) {
        m_progress->setFormat(tr("%n row(s) written", nullptr, int(qMin<qint64>(rows, INT_MAX))));
    });
    connect(m_exporter, &ResultExporter::finished, this, [this](bool ok, const QString &message) {
        setExporting(false);
        m_status->setText(message);
        Q_EMIT exportDone(ok, message);
    });
    updateStatus();
}

void ResultsView::setSource(int connection, const QString &sql)
{
    m_connection = connection;
    m_sql = sql;
    updateStatus();
}

void ResultsView::clearSource()
{
    m_connection = 0;
    m_sql.clear();
    updateStatus();
}

bool ResultsView::holdsWholeResult() const
{
    return m_model->rowCountStatus() == core::RowCountStatus::Complete
            && m_model->droppedRowCount() == 0 && m_model->columnCount() > 0;
}

QString ResultsView::statusText() const
{
    return m_status->text();
}

QString ResultsView::noteText() const
{
    return m_note->text();
}

void ResultsView::updateStatus()
{
    const qint64 rows = m_model->receivedRowCount();
    const int count = int(qMin<qint64>(rows, INT_MAX));
    const bool partial = m_model->rowCountStatus() == core::RowCountStatus::Partial;
    const bool canRerun = !m_sql.isEmpty() && m_session->isOpen(m_connection);
    m_loadAll->setVisible(partial && canRerun && !m_exporter->isExporting());

    QString note;
    if (partial) {
        note = tr("Sorting and the filter see only the %n loaded row(s).", nullptr, count);
    } else if (m_table->isFiltered()) {
        note = tr("%1 of %n row(s) match the filter.", nullptr, count)
                       .arg(QLocale().toString(m_table->shownRowCount()));
    }
    m_note->setText(note);

    const bool wholeResult = holdsWholeResult();
    m_exportButton->setEnabled(!m_exporter->isExporting()
                               && (wholeResult ? true : canRerun && m_model->columnCount() > 0));
    m_exportButton->setToolTip(wholeResult ? tr("Export the rows the grid shows (CSV, Excel, JSON, "
                                                "JSON Lines, Markdown)")
                                           : tr("Export the full result: the query runs again, "
                                                "because the grid holds only its first rows"));
    if (m_exporter->isExporting())
        return;
    switch (m_model->rowCountStatus()) {
    case core::RowCountStatus::Complete:
        m_status->setText(tr("%n row(s)", nullptr, count));
        break;
    case core::RowCountStatus::Partial:
        m_status->setText(tr("First %n row(s) shown; the result has more (an export runs the "
                             "query again for all of them)",
                             nullptr, count));
        break;
    case core::RowCountStatus::Unknown:
        m_status->setText(m_model->columnCount() > 0 ? tr("%n row(s) so far…", nullptr, count)
                                                     : QString());
        break;
    }
}

QString ResultsView::selectionAsCsv() const
{
    return m_table->selectionAs(core::ExportFormat::Csv);
}

QString ResultsView::selectionAsMarkdown() const
{
    return m_table->selectionAs(core::ExportFormat::Markdown);
}

bool ResultsView::exportTo(const QString &path, const QString &formatName)
{
    const std::optional<core::ExportFormat> format = core::exportFormatFromName(formatName);
    if (!format || m_exporter->isExporting())
        return false;
    bool started = false;
    if (holdsWholeResult())
        started = m_exporter->exportRows(m_table->rows(), path, *format);
    else if (!m_sql.isEmpty() && m_session->isOpen(m_connection))
        started = m_exporter->exportQuery(m_connection, m_sql, path, *format);
    if (started)
        setExporting(true);
    return started;
}

QString ResultsView::suggestedFileName() const
{
    // The first table the query reads from, else "result".
    const core::SqlTokenizer tokenizer(core::Engine::Unknown);
    const QList<core::SqlToken> tokens = tokenizer.tokenize(m_sql);
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        if (!tokens.at(i).isWord(u"from"))
            continue;
        qsizetype name = i + 1;
        // schema.table: the table's part.
        while (name + 2 < tokens.size() && tokens.at(name + 1).kind == core::SqlTokenKind::Dot)
            name += 2;
        if (tokens.at(name).isIdentifier())
            return SaveFileDialog::fileNameFrom(tokens.at(name).name, u"result"_s);
    }
    return u"result"_s;
}

void ResultsView::exportInteractively()
{
    if (m_exporter->isExporting() || !m_exportButton->isEnabled())
        return;
    ResultExporter::chooseFile(this, suggestedFileName(), holdsWholeResult(), this,
                               [this](const QString &path, core::ExportFormat format) {
                                   exportTo(path, core::exportFormatName(format));
                               });
}

void ResultsView::cancelExport()
{
    m_exporter->cancel();
}

bool ResultsView::isExporting() const
{
    return m_exporter->isExporting();
}

void ResultsView::setExporting(bool on)
{
    m_progress->setVisible(on);
    m_progress->setFormat(tr("Exporting…"));
    m_cancel->setVisible(on);
    if (on)
        m_status->setText(holdsWholeResult() ? tr("Exporting the rows…")
                                             : tr("Running the query again for the full "
                                                  "result…"));
    updateStatus();
}

} // namespace sqlmend::ui
