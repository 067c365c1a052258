#include "ui/runsqlpanel.h"

#include "core/exec/resultmodel.h"
#include "ui/chartpanel.h"
#include "ui/diagnosiscard.h"
#include "ui/resultsview.h"
#include "ui/session.h"
#include "ui/sqlhighlighter.h"

#include <QAction>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTextCursor>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

RunSqlPanel::RunSqlPanel(Session *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    m_model = new core::ResultModel(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_editor = new QPlainTextEdit(top);
    m_editor->setAccessibleName(tr("SQL editor"));
    m_editor->setPlaceholderText(tr("Write a read-only query and press Ctrl+Enter to run it."));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setTabChangesFocus(true);
    m_highlighter = new SqlHighlighter(m_editor->document());
    topLayout->addWidget(m_editor, 1);

    auto *buttons = new QHBoxLayout;
    m_runButton = new QPushButton(tr("&Run"), top);
    m_runButton->setToolTip(tr("Run the query (Ctrl+Enter)"));
    m_runButton->setAccessibleName(tr("Run SQL"));
    m_stopButton = new QPushButton(tr("&Stop"), top);
    m_stopButton->setToolTip(tr("Stop the running query (Esc or Ctrl+.)"));
    m_stopButton->setAccessibleName(tr("Stop"));
    m_stopButton->setEnabled(false);
    m_status = new QLabel(top);
    m_status->setAccessibleName(tr("Run status"));
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_stopButton);
    buttons->addWidget(m_status, 1);
    topLayout->addLayout(buttons);

    m_tabs = new QTabWidget(this);
    m_results = new ResultsView(m_session, m_model, m_tabs);
    m_chart = new ChartPanel(m_tabs);
    m_chart->setModel(m_model);
    m_chart->setValueRole(core::ResultModel::ValueRole);
    m_card = new DiagnosisCard(m_tabs);
    auto *cardScroll = new QScrollArea(m_tabs);
    cardScroll->setWidget(m_card);
    cardScroll->setWidgetResizable(true);
    m_tabs->addTab(m_results, tr("Results"));
    m_tabs->addTab(m_chart, tr("Chart"));
    m_tabs->addTab(cardScroll, tr("Diagnosis"));

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(u"runSqlSplitter"_s);
    m_splitter->addWidget(top);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    layout->addWidget(m_splitter);

    auto *runAction = new QAction(tr("Run SQL"), this);
    runAction->setShortcuts(
            {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    runAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(runAction, &QAction::triggered, this, &RunSqlPanel::run);
    addAction(runAction);
    auto *stopAction = new QAction(tr("Stop"), this);
    stopAction->setShortcuts(
            {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    stopAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(stopAction, &QAction::triggered, this, &RunSqlPanel::stop);
    addAction(stopAction);

    connect(m_runButton, &QPushButton::clicked, this, &RunSqlPanel::run);
    connect(m_stopButton, &QPushButton::clicked, this, &RunSqlPanel::stop);
    connect(m_session, &Session::runStarted, this, &RunSqlPanel::onRunStarted);
    connect(m_session, &Session::batchReady, this, &RunSqlPanel::onBatch);
    connect(m_session, &Session::runFinished, this, &RunSqlPanel::onFinished);
    connect(m_session, &Session::connectionClosed, this, [this](int connection) {
        if (connection != m_connection)
            return;
        m_connection = 0;
        if (m_generation != 0) {
            // Its answer will not come: the run ends here, and the panel is idle again. Rows that
            // had arrived stay, as a part.
            if (m_model->receivedRowCount() > 0)
                m_model->finish(m_generation, core::RowCountStatus::Partial);
            else
                m_model->clear();
            m_status->setText(tr("The connection was closed; the query was stopped."));
            Q_EMIT statusMessage(m_status->text());
        }
        setRunning(0);
        m_results->clearSource();
        m_runButton->setEnabled(false);
    });
    m_runButton->setEnabled(false);
}

RunSqlPanel::~RunSqlPanel() = default;

void RunSqlPanel::setConnection(int connection)
{
    if (m_connection == connection)
        return;
    if (m_generation != 0)
        stop();
    m_connection = connection;
    m_runButton->setEnabled(m_session->isOpen(connection));
}

void RunSqlPanel::setSql(const QString &sql)
{
    if (m_editor->toPlainText() == sql)
        return;
    // One edit on the editor's undo stack, like typing: Ctrl+Z brings the text back that was
    // there before (setPlainText() would clear the undo history).
    QTextCursor cursor(m_editor->document());
    cursor.beginEditBlock();
    cursor.select(QTextCursor::Document);
    cursor.insertText(sql);
    cursor.endEditBlock();
    cursor.movePosition(QTextCursor::Start);
    m_editor->setTextCursor(cursor);
}

void RunSqlPanel::insertText(const QString &text)
{
    m_editor->insertPlainText(text);
    m_editor->setFocus();
}

void RunSqlPanel::run()
{
    const QString sql = m_editor->toPlainText().trimmed();
    if (sql.isEmpty()) {
        m_status->setText(tr("Nothing to run: the editor is empty."));
        return;
    }
    if (!m_session->isOpen(m_connection)) {
        m_status->setText(tr("Open a connection first."));
        return;
    }
    if (m_generation != 0)
        m_session->stop(m_connection);
    m_runningSql = sql;
    core::RunOptions options;
    options.timeoutMs = m_session->defaultTimeout();
    // runStarted arrives synchronously from Session::run; only this panel's own runs are shown
    // here (other views may run statements on the same connection).
    m_starting = true;
    m_session->run(m_connection, sql, options);
    m_starting = false;
}

void RunSqlPanel::stop()
{
    if (m_generation == 0)
        return;
    m_session->stop(m_connection);
    m_status->setText(tr("Stopping…"));
}

void RunSqlPanel::onRunStarted(int connection, quint64 generation)
{
    if (connection != m_connection || !m_starting)
        return;
    m_model->start(generation);
    m_card->clear();
    m_results->clearSource();
    setRunning(generation);
    m_status->setText(tr("Running…"));
}

void RunSqlPanel::onBatch(int connection, const core::ResultBatch &batch)
{
    if (connection != m_connection || batch.generation != m_generation)
        return;
    m_model->appendBatch(batch);
}

void RunSqlPanel::onFinished(int connection, const core::RunResult &result)
{
    if (connection != m_connection || result.generation != m_generation)
        return;
    setRunning(0);
    m_lastResult = result;
    const int elapsed = int(qMin<qint64>(result.elapsedMs, INT_MAX));
    switch (result.outcome) {
    case core::RunOutcome::Ok:
        m_model->finish(result.generation, result.rowStatus);
        m_results->setSource(connection, m_runningSql);
        m_status->setText(tr("Done in %1 ms.").arg(elapsed));
        if (m_tabs->currentIndex() == 2)
            m_tabs->setCurrentIndex(0);
        break;
    case core::RunOutcome::Cancelled:
        m_model->finish(result.generation, core::RowCountStatus::Partial);
        m_status->setText(tr("Stopped after %1 ms.").arg(elapsed));
        break;
    case core::RunOutcome::Error:
    case core::RunOutcome::Blocked:
    case core::RunOutcome::Timeout:
        m_model->clear();
        if (result.diagnosis)
            m_card->setDiagnosis(*result.diagnosis, result.outcome);
        m_status->setText(result.outcome == core::RunOutcome::Blocked
                                  ? tr("Refused: the statement is not read-only.")
                                  : result.outcome == core::RunOutcome::Timeout
                                  ? tr("Stopped by the time limit after %1 ms.").arg(elapsed)
                                  : tr("The database rejected the query."));
        m_tabs->setCurrentIndex(2);
        break;
    }
    Q_EMIT statusMessage(m_status->text());
    Q_EMIT finished(result);
}

void RunSqlPanel::setRunning(quint64 generation)
{
    const bool wasRunning = m_generation != 0;
    m_generation = generation;
    const bool running = generation != 0;
    m_stopButton->setEnabled(running);
    m_runButton->setEnabled(m_session->isOpen(m_connection));
    if (wasRunning != running)
        Q_EMIT runningChanged(running);
}

} // namespace sqlmend::ui
