#include "ui/runsqlpanel.h"

#include "core/exec/resultmodel.h"
#include "core/sql/sqltokenizer.h"
#include "ui/chartpanel.h"
#include "ui/diagnosiscard.h"
#include "ui/findbar.h"
#include "ui/resultsview.h"
#include "ui/session.h"
#include "ui/sqleditor.h"
#include "ui/sqlhistory.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTextCursor>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

constexpr int historyMenuLength = 90;

} // namespace

RunSqlPanel::RunSqlPanel(Session *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    m_model = new core::ResultModel(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_editor = new SqlEditor(top);
    m_editor->setObjectName(u"sqlEditor"_s);
    m_editor->setAccessibleName(tr("SQL editor"));
    m_editor->setPlaceholderText(tr("Write a read-only query and press Ctrl+Enter to run it (the "
                                    "selection, or the statement under the cursor)."));
    m_editor->setTabChangesFocus(true);
    m_editor->setNamesProvider([this] { return m_session->schemaNames(m_connection); });
    topLayout->addWidget(m_editor, 1);
    m_findBar = new FindBar(m_editor, top);
    topLayout->addWidget(m_findBar);

    auto *buttons = new QHBoxLayout;
    m_runButton = new QPushButton(tr("&Run"), top);
    m_runButton->setToolTip(tr("Run the selection, or the statement under the cursor "
                               "(Ctrl+Enter)"));
    m_runButton->setAccessibleName(tr("Run SQL"));
    m_stopButton = new QPushButton(tr("&Stop"), top);
    m_stopButton->setToolTip(tr("Stop the running query (Esc or Ctrl+.)"));
    m_stopButton->setAccessibleName(tr("Stop"));
    m_stopButton->setEnabled(false);
    m_historyButton = new QToolButton(top);
    m_historyButton->setObjectName(u"sqlHistory"_s);
    m_historyButton->setText(tr("Hist&ory"));
    m_historyButton->setToolTip(tr("The statements run on this connection"));
    m_historyButton->setPopupMode(QToolButton::InstantPopup);
    auto *historyMenu = new QMenu(m_historyButton);
    connect(historyMenu, &QMenu::aboutToShow, this, &RunSqlPanel::fillHistoryMenu);
    m_historyButton->setMenu(historyMenu);
    m_status = new QLabel(top);
    m_status->setAccessibleName(tr("Run status"));
    m_status->setWordWrap(true);
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_stopButton);
    buttons->addWidget(m_historyButton);
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
    // In a scroll area, as the diagnosis: the chart's choosers need more width than a narrow
    // window has, and the tabs' minimum is their widest page's.
    auto *chartScroll = new QScrollArea(m_tabs);
    chartScroll->setWidget(m_chart);
    chartScroll->setWidgetResizable(true);
    chartScroll->setFrameShape(QFrame::NoFrame);
    m_tabs->addTab(chartScroll, tr("Chart"));
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
    // Only while a query runs: Esc otherwise belongs to the find bar and the filter.
    stopAction->setEnabled(false);
    connect(this, &RunSqlPanel::runningChanged, stopAction, &QAction::setEnabled);
    connect(stopAction, &QAction::triggered, this, &RunSqlPanel::stop);
    addAction(stopAction);

    connect(m_runButton, &QPushButton::clicked, this, &RunSqlPanel::run);
    connect(m_stopButton, &QPushButton::clicked, this, &RunSqlPanel::stop);
    connect(m_results, &ResultsView::loadAllRequested, this, &RunSqlPanel::loadAllRows);
    connect(m_card, &DiagnosisCard::quickFixChosen, this,
            [this](const QString &wrong, const QString &real) {
                if (applyQuickFix(wrong, real)) {
                    m_status->setText(tr("%1 now reads %2; Ctrl+Z undoes it.").arg(wrong, real));
                    m_editor->setFocus();
                } else {
                    m_status->setText(tr("The editor no longer holds %1.").arg(wrong));
                }
            });
    // Completion wants the catalog: it loads on the connection's worker, once per connection.
    connect(m_editor, &SqlEditor::namesWanted, this, [this] {
        if (m_namesRequested || !m_session->isOpen(m_connection))
            return;
        m_namesRequested = true;
        m_session->loadSchemas(m_connection);
    });
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

QPlainTextEdit *RunSqlPanel::editor() const
{
    return m_editor;
}

void RunSqlPanel::setConnection(int connection)
{
    if (m_connection == connection)
        return;
    if (m_generation != 0)
        stop();
    m_connection = connection;
    m_namesRequested = false;
    m_editor->setEngine(m_session->profile(connection).engine());
    m_runButton->setEnabled(m_session->isOpen(connection));
}

void RunSqlPanel::setRowCap(int rows)
{
    m_rowCap = rows > 0 ? rows : defaultRowCap;
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

QPair<int, int> RunSqlPanel::runRange() const
{
    const QTextCursor cursor = m_editor->textCursor();
    const QString text = m_editor->toPlainText();
    if (cursor.hasSelection())
        return {cursor.selectionStart(), cursor.selectionEnd()};
    // The statement under the cursor, split by the tokenizer (quotes, comments and dollar
    // quotes understood), never by a regex.
    const core::SqlTokenizer tokenizer(m_session->profile(m_connection).engine());
    const QList<core::SqlToken> tokens = tokenizer.tokenize(text);
    const QList<core::SqlStatementRange> statements = core::SqlTokenizer::statements(tokens);
    if (statements.isEmpty())
        return {0, int(text.size())};
    const int position = cursor.position();
    const core::SqlStatementRange *chosen = &statements.first();
    for (const core::SqlStatementRange &statement : statements) {
        if (tokens.at(statement.first).offset <= position)
            chosen = &statement;
    }
    return {int(tokens.at(chosen->first).offset), int(tokens.at(chosen->last - 1).end())};
}

QString RunSqlPanel::sqlToRun() const
{
    const QPair<int, int> range = runRange();
    QString sql = m_editor->toPlainText().mid(range.first, range.second - range.first);
    // A selection from the editor holds paragraph separators for its line breaks.
    sql.replace(QChar::ParagraphSeparator, u'\n');
    return sql.trimmed();
}

QStringList RunSqlPanel::history() const
{
    return SqlHistory::load(m_session->profile(m_connection).toUrl());
}

void RunSqlPanel::fillHistoryMenu()
{
    QMenu *menu = m_historyButton->menu();
    menu->clear();
    const QStringList entries = m_session->isOpen(m_connection) ? history() : QStringList();
    if (entries.isEmpty()) {
        menu->addAction(tr("No statements run on this connection yet"))->setEnabled(false);
        return;
    }
    for (const QString &entry : entries) {
        QString shown = entry.simplified();
        if (shown.size() > historyMenuLength)
            shown = shown.left(historyMenuLength) + QChar(0x2026);
        shown.replace(u'&', u"&&"_s);
        QAction *action = menu->addAction(shown);
        action->setToolTip(entry.left(2000));
        connect(action, &QAction::triggered, this, [this, entry] {
            setSql(entry);
            m_editor->setFocus();
        });
    }
    menu->addSeparator();
    menu->addAction(tr("Clear This Connection's History"), this,
                    [this] { SqlHistory::clear(m_session->profile(m_connection).toUrl()); });
}

bool RunSqlPanel::applyQuickFix(const QString &wrongName, const QString &realName)
{
    if (wrongName.isEmpty() || realName.isEmpty())
        return false;
    const QString text = m_editor->toPlainText();
    // Within the statement last run, when the editor still holds it; else the whole text.
    qsizetype from = 0;
    qsizetype to = text.size();
    if (!m_runningSql.isEmpty()) {
        const qsizetype at = text.indexOf(m_runningSql);
        if (at >= 0 && text.indexOf(m_runningSql, at + 1) < 0) {
            from = at;
            to = at + m_runningSql.size();
        }
    }
    const QString wrong = wrongName.section(u'.', -1);
    const core::SqlTokenizer tokenizer(m_session->profile(m_connection).engine());
    const QList<core::SqlToken> tokens = tokenizer.tokenize(text);
    QList<const core::SqlToken *> hits;
    for (const core::SqlToken &token : tokens) {
        if (token.offset < from || token.end() > to || !token.isIdentifier())
            continue;
        const bool quoted = token.kind == core::SqlTokenKind::QuotedIdentifier;
        if (quoted ? token.name == wrong : token.name.compare(wrong, Qt::CaseInsensitive) == 0)
            hits.append(&token);
    }
    if (hits.isEmpty())
        return false;
    QTextCursor cursor(m_editor->document());
    cursor.beginEditBlock(); // one step on the undo stack for every use of the name
    for (qsizetype i = hits.size() - 1; i >= 0; --i) {
        const core::SqlToken &token = *hits.at(i);
        QString replacement = realName;
        if (token.kind == core::SqlTokenKind::QuotedIdentifier) {
            const QChar open = text.at(token.offset);
            const QChar close = text.at(token.end() - 1);
            replacement = open + realName + close;
        }
        cursor.setPosition(int(token.offset));
        cursor.setPosition(int(token.end()), QTextCursor::KeepAnchor);
        cursor.insertText(replacement);
    }
    cursor.endEditBlock();
    return true;
}

void RunSqlPanel::showFind(bool replace)
{
    m_findBar->start(replace);
}

void RunSqlPanel::run()
{
    runStatement(sqlToRun(), m_rowCap);
}

void RunSqlPanel::loadAllRows()
{
    if (m_runningSql.isEmpty())
        return;
    runStatement(m_runningSql, int(std::min<qint64>(m_model->previewCap(), INT_MAX)));
}

void RunSqlPanel::runStatement(const QString &sql, int maxRows)
{
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
    m_chart->setSource({QString(), sql});
    SqlHistory::add(m_session->profile(m_connection).toUrl(), sql);
    core::RunOptions options;
    options.timeoutMs = m_session->defaultTimeout();
    options.maxRows = maxRows;
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
        m_model->setColumnTypes(result.columnTypes);
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
