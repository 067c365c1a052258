#include "ui/mainwindow.h"

#include "core/exec/runresult.h"
#include "core/loop/conversation.h"
#include "core/loop/correctionloop.h"
#include "tests/support/scriptedllmserver.h"
#include "ui/appsettings.h"
#include "ui/chatpanel.h"
#include "ui/resultsview.h"
#include "ui/runsqlpanel.h"
#include "ui/schemadock.h"
#include "ui/schematreemodel.h"
#include "ui/session.h"
#include "ui/timelineview.h"

#include <QAction>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using test::ScriptedLlmServer;
using test::ScriptedResponse;

namespace {

// Generous: the machine that runs the tests may be busy building.
constexpr int slowMs = 60000;
const QString Endpoint = u"/v1/chat/completions"_s;
// Never ends by itself: only a cancel (or the connection going away) stops it.
const QString EndlessCte = u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                           u"SELECT count(*) FROM c"_s;

} // namespace

// File > Close Connection in the middle of each kind of work, in the real window on the demo
// database (offscreen): a query, a question (while the model answers and while its SQL runs), a
// catalog load and an export. The process lives, and every view returns to idle.
class TestCloseDuringWork : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();
    void duringAQuery();
    void duringAQuestion_data();
    void duringAQuestion();
    void duringACatalogLoad();
    void duringAnExport();

private:
    void closeConnection();
    // The window still works: the demo opens again and a query answers.
    void windowStillWorks();

    QTemporaryDir m_dir;
    std::unique_ptr<ScriptedLlmServer> m_server;
    std::unique_ptr<ui::MainWindow> m_window;
};

void TestCloseDuringWork::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestCloseDuringWork::init()
{
    QSettings().clear();
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
    // A live model (scripted on loopback) instead of the recorded demo.
    ui::AppSettings settings;
    settings.caseStoreLocation = m_dir.filePath(u"cases.sqlite"_s);
    settings.providerPreset = u"custom"_s;
    settings.baseUrl = m_server->url(u"/v1"_s).toString();
    settings.model = u"scripted"_s;
    settings.save();
    m_window = std::make_unique<ui::MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->currentConnection() != 0, slowMs);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->correctionLoop(m_window->currentConnection()), slowMs);
}

void TestCloseDuringWork::cleanup()
{
    m_window.reset();
    m_server.reset();
}

void TestCloseDuringWork::cleanupTestCase()
{
    QSettings().clear();
}

void TestCloseDuringWork::closeConnection()
{
    // As a person does it: the File menu's action.
    QAction *close = nullptr;
    for (QAction *action : m_window->menuBar()->actions().constFirst()->menu()->actions()) {
        if (action->text().remove(u'&') == u"Close Connection"_s)
            close = action;
    }
    QVERIFY(close);
    QVERIFY(close->isEnabled());
    close->trigger();
    QCOMPARE(m_window->currentConnection(), 0);
    QVERIFY(m_window->session()->connections().isEmpty());
}

void TestCloseDuringWork::windowStillWorks()
{
    m_window->openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->currentConnection() != 0, slowMs);
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    QSignalSpy finished(panel, &ui::RunSqlPanel::finished);
    panel->setSql(u"SELECT count(*) FROM users"_s);
    m_window->showRunSql();
    panel->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, slowMs);
    QCOMPARE(finished.at(0).at(0).value<core::RunResult>().outcome, core::RunOutcome::Ok);
}

void TestCloseDuringWork::duringAQuery()
{
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    m_window->showRunSql();
    panel->setSql(EndlessCte);
    QSignalSpy running(panel, &ui::RunSqlPanel::runningChanged);
    panel->run();
    QVERIFY(panel->isRunning());
    QTest::qWait(300); // the statement is on the worker now
    closeConnection();
    // Idle at once, and it says why.
    QVERIFY(!panel->isRunning());
    QCOMPARE(running.size(), 2);
    QVERIFY(!running.at(1).at(0).toBool());
    QVERIFY(m_window->statusBar()->currentMessage().contains(u"connection was closed"_s));
    // The late answer of the worker (it is cancelled and closes on its own) reaches nothing.
    QTest::qWait(500);
    QVERIFY(!panel->isRunning());
    windowStillWorks();
}

void TestCloseDuringWork::duringAQuestion_data()
{
    QTest::addColumn<bool>("whileItsSqlRuns"); // else while the model is answering
    QTest::newRow("while the model answers") << false;
    QTest::newRow("while its SQL runs") << true;
}

void TestCloseDuringWork::duringAQuestion()
{
    QFETCH(bool, whileItsSqlRuns);
    if (whileItsSqlRuns) {
        m_server->enqueue(Endpoint,
                          ScriptedResponse::sse(ScriptedLlmServer::openAiStream(
                                  {u"```sql\n%1\n```"_s.arg(EndlessCte)})));
    } else {
        ScriptedResponse never;
        never.silent = true;
        m_server->enqueue(Endpoint, never);
    }
    m_window->showAsk();
    ui::ChatPanel *chat = m_window->chatPanel();
    core::Conversation *conversation = m_window->conversation();
    core::CorrectionLoop *loop = m_window->correctionLoop(m_window->currentConnection());
    QVERIFY(loop);
    QSignalSpy sqlReady(loop, &core::CorrectionLoop::sqlReady);
    chat->questionEdit()->setPlainText(u"How many rows are there, counting forever?"_s);
    chat->submit();
    QTRY_VERIFY_WITH_TIMEOUT(chat->isRunning(), slowMs);
    if (whileItsSqlRuns)
        QTRY_VERIFY_WITH_TIMEOUT(!sqlReady.isEmpty(), slowMs);
    else
        QTRY_VERIFY_WITH_TIMEOUT(!m_server->requests().isEmpty(), slowMs);
    QTest::qWait(300);
    const int question = conversation->count() - 1;
    QVERIFY(!conversation->question(question).isFinished());

    closeConnection();
    // The question ended with the reason, in the chat and on the timeline; Send works again.
    QVERIFY(conversation->question(question).isFinished());
    const core::QuestionOutcome &outcome = *conversation->question(question).outcome;
    QCOMPARE(outcome.status, core::QuestionStatus::Cancelled);
    QCOMPARE(outcome.reason, u"The connection was closed."_s);
    QVERIFY(!chat->isRunning());
    QVERIFY2(chat->statusText(question).contains(u"The connection was closed."_s),
             qPrintable(chat->statusText(question)));
    QVERIFY2(m_window->timelineView()->headerText().contains(u"The connection was closed."_s),
             qPrintable(m_window->timelineView()->headerText()));
    auto *send = chat->findChild<QPushButton *>(u"sendQuestion"_s);
    auto *stop = chat->findChild<QPushButton *>(u"stopQuestion"_s);
    QVERIFY(send && stop);
    QVERIFY(send->isEnabled());
    QVERIFY(!stop->isEnabled());
    // Its history is written all the same, and the conversation kept for the next start has it.
    QTRY_COMPARE_WITH_TIMEOUT(ui::WorkspaceState::load().conversation.size(), 1, slowMs);

    // A new connection answers the next question.
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::openAiStream(
                              {u"```sql\nSELECT count(*) FROM users\n```"_s})));
    m_window->openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->correctionLoop(m_window->currentConnection()), slowMs);
    chat->questionEdit()->setPlainText(u"How many users are there?"_s);
    chat->submit();
    QTRY_VERIFY_WITH_TIMEOUT(conversation->count() == question + 2
                                     && conversation->question(question + 1).isFinished(),
                             slowMs);
    QVERIFY(conversation->question(question + 1).outcome->isOk());
}

void TestCloseDuringWork::duringACatalogLoad()
{
    // The worker is busy with a statement, so the catalog load asked for now waits behind it: the
    // schema tree shows it loading when the connection closes.
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    const int connection = m_window->currentConnection();
    panel->setSql(EndlessCte);
    panel->run();
    QVERIFY(panel->isRunning());
    ui::SchemaTreeModel *model = m_window->schemaDock()->model();
    QSignalSpy loaded(m_window->session(), &ui::Session::schemasLoaded);
    m_window->session()->refreshSchema(connection);
    model->resetConnection(connection);
    model->fetchMore(model->connectionIndex(connection));
    QVERIFY(!model->canFetchMore(model->connectionIndex(connection))); // asked for, not there
    QTest::qWait(300);
    QVERIFY(loaded.isEmpty());
    closeConnection();
    QVERIFY(!model->connectionIndex(connection).isValid());
    QCOMPARE(model->rowCount(), 0);
    QVERIFY(!panel->isRunning());
    QTest::qWait(500);
    QVERIFY(loaded.isEmpty()); // its late answer reaches nothing
    windowStillWorks();
    // The new connection's tree loads.
    QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() == 1 && model->rowCount(model->index(0, 0)) > 0,
                             slowMs);
}

void TestCloseDuringWork::duringAnExport()
{
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    m_window->showRunSql();
    // Many rows, so that the export is still writing when the connection closes.
    const QString many = u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
                         "WHERE x < 50000000) SELECT x, x * 2 AS y FROM c"_s;
    QSignalSpy finished(panel, &ui::RunSqlPanel::finished);
    panel->setSql(many);
    panel->run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, slowMs);
    ui::ResultsView *results = panel->resultsView();
    QSignalSpy done(results, &ui::ResultsView::exportDone);
    QSignalSpy progress(m_window->session(), &ui::Session::exportProgress);
    const QString path = m_dir.filePath(u"export.csv"_s);
    QVERIFY(results->exportTo(path, u"csv"_s));
    QVERIFY(results->isExporting());
    QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), slowMs); // rows are being written
    closeConnection();
    // The export ended for the view at once: not exporting, not done, and it says why.
    QVERIFY(!results->isExporting());
    QCOMPARE(done.size(), 1);
    QVERIFY(!done.at(0).at(0).toBool());
    QVERIFY2(done.at(0).at(1).toString().contains(u"cancelled"_s, Qt::CaseInsensitive)
                     || done.at(0).at(1).toString().contains(u"closed"_s),
             qPrintable(done.at(0).at(1).toString()));
    // Nothing half-written is left in its place: the save file is never committed.
    QTest::qWait(1000);
    QCOMPARE(done.size(), 1);
    QVERIFY(!QFile::exists(path));
    windowStillWorks();
}

QTEST_MAIN(TestCloseDuringWork)
#include "tst_closeduringwork.moc"
