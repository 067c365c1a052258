#include "ui/mainwindow.h"

#include "core/cases/casestore.h"
#include "core/cases/casestoreservice.h"
#include "core/errors/errorclass.h"
#include "core/exec/resultmodel.h"
#include "core/loop/conversation.h"
#include "core/loop/correctionloop.h"
#include "core/sql/connectionprofile.h"
#include "core/llm/modelprobe.h"
#include "tests/support/scriptedllmserver.h"
#include "ui/appsettings.h"
#include "ui/attemptcard.h"
#include "ui/caselibrarymodel.h"
#include "ui/caselibrarywidget.h"
#include "ui/chatpanel.h"
#include "ui/chartpanel.h"
#include "ui/connectiondialog.h"
#include "ui/diagnosiscard.h"
#include "ui/historymodel.h"
#include "ui/historypanel.h"
#include "ui/keychainsecretstore.h"
#include "ui/resultgrid.h"
#include "ui/resultsview.h"
#include "ui/runsqlpanel.h"
#include "ui/schemadock.h"
#include "ui/schematreemodel.h"
#include "ui/session.h"
#include "ui/settingsdialog.h"
#include "ui/timelineview.h"

#include <QAbstractItemModelTester>
#include <QAbstractSeries>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QMenuBar>
#include <QMenu>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;

namespace {

// Generous: the machine that runs the tests may be busy building.
constexpr int slowMs = 60000;

} // namespace

// Drives the real window on the demo database, offscreen.
class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void schemaTreeShowsDemo();
    void runSql_data();
    void runSql();
    void writeIsRefusedAndChangesNothing();
    void badInputGetsAClearError_data();
    void badInputGetsAClearError();
    void exportFullResult_data();
    void exportFullResult();
    void cancelExport();
    void copySelection();
    void slowQueryKeepsWindowResponsive();
    void keychainUnavailableIsSaid();
    void connectionFailureIsDiagnosed();
    void settingsPresets_data();
    void settingsPresets();
    void settingsDemoAndRowCap();
    void settingsTestModel();
    void runsTheStatementAtTheCursor();
    void quickFixIsUndoable();
    void menusListShortcutsAndHelp();
    void askDemoCorrection();
    void answerIsSavedAndReopensFromHistory();
    void replacingTheSqlIsUndoable();
    void keyKeptForTheSessionIsSaid();
    void workspaceIsRestored();
    void newStoreLocationIsUsed();
    void connectionNameIsUsedEverywhere();
    void layoutIsSaved();
    void cleanupTestCase();

private:
    // Runs sql in the Run SQL panel (Ctrl+Enter) and waits for its result; selected runs the
    // whole text as a selection (else the statement at the cursor, at the end, runs).
    core::RunResult runSql(const QString &sql, bool selected = false);
    qint64 orderCount();
    // Runs the event loop (not QTest::qWait, which sleeps) until done() or the timeout; the
    // longest gap between two 10 ms ticks goes to *stall.
    bool spinUntil(const std::function<bool()> &done, int timeoutMs, qint64 *stall);

    std::unique_ptr<ui::MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    // A store of this run's own, so that the history starts empty.
    ui::AppSettings settings = ui::AppSettings::load();
    settings.caseStoreLocation = m_dir.filePath(u"cases.sqlite"_s);
    settings.save();
    m_window = std::make_unique<ui::MainWindow>();
    QCOMPARE(m_window->caseStoreLocation(), settings.caseStoreLocation);
    // Every change the tree model goes through is checked as it happens.
    new QAbstractItemModelTester(m_window->schemaDock()->model(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 m_window.get());
    new QAbstractItemModelTester(m_window->runSqlPanel()->resultModel(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 m_window.get());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->openDemo();
    // The demo opens on the Ask tab, with the recorded questions offered and said to be recorded.
    QVERIFY(m_window->chatPanel()->isVisible());
    QVERIFY(!m_window->runSqlPanel()->isVisible());
    QVERIFY(m_window->chatPanel()->isRecordedProvider());
    QVERIFY(m_window->sampleQuestions().contains(
            u"Who are the top 10 customers by total spending?"_s));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->currentConnection() != 0, slowMs);
    QVERIFY(m_window->correctionLoop(m_window->currentConnection()) != nullptr);
    m_window->showRunSql();
}

core::RunResult TestMainWindow::runSql(const QString &sql, bool selected)
{
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    m_window->showRunSql();
    QSignalSpy finished(panel, &ui::RunSqlPanel::finished);
    panel->setSql(sql);
    // Ctrl+Enter is the window's shortcut: the window must be the active one (a dialog may
    // have been).
    m_window->activateWindow();
    if (!QTest::qWaitForWindowActive(m_window.get()))
        return {};
    if (selected)
        panel->editor()->selectAll();
    panel->editor()->setFocus();
    QTest::keyClick(panel->editor(), Qt::Key_Return, Qt::ControlModifier);
    if (!finished.wait(slowMs) && finished.isEmpty())
        return {};
    return finished.first().first().value<core::RunResult>();
}

qint64 TestMainWindow::orderCount()
{
    const core::RunResult result = runSql(u"SELECT count(*) FROM orders"_s);
    if (!result.isOk() || result.rows.isEmpty())
        return -1;
    return result.rows.first().first().toLongLong();
}

void TestMainWindow::schemaTreeShowsDemo()
{
    ui::SchemaTreeModel *model = m_window->schemaDock()->model();
    const int connection = m_window->currentConnection();
    QTRY_VERIFY_WITH_TIMEOUT(model->tableIndex(connection, u"main"_s, u"orders"_s).isValid(),
                             slowMs);
    const QModelIndex orders = model->tableIndex(connection, u"main"_s, u"orders"_s);
    QStringList columns;
    for (int row = 0; row < model->rowCount(orders); ++row)
        columns << model->index(row, 0, orders).data().toString();
    QVERIFY2(columns.contains(u"status"_s), qPrintable(columns.join(u',')));
    QVERIFY(columns.contains(u"user_id"_s));
    // The primary key has its icon; columns show their type.
    const QModelIndex id = model->index(int(columns.indexOf(u"id"_s)), 0, orders);
    QVERIFY(!id.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(!id.siblingAtColumn(ui::SchemaTreeModel::TypeColumn).data().toString().isEmpty());
    // The tree is shown: the filter narrows it.
    QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(m_window->schemaDock()->filterEdit()->hasFocus());
    QTest::keyClicks(m_window->schemaDock()->filterEdit(), u"payme"_s);
    QAbstractItemModel *shown = m_window->schemaDock()->tree()->model();
    const QModelIndex main = shown->index(0, 0, shown->index(0, 0));
    QCOMPARE(shown->rowCount(main), 1);
    QCOMPARE(shown->index(0, 0, main).data().toString(), u"payments"_s);
    m_window->schemaDock()->filterEdit()->clear();
}

void TestMainWindow::runSql_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("outcome");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("adviceNames");

    QTest::newRow("group by status") << u"SELECT status, count(*) FROM orders GROUP BY status"_s
                                     << int(core::RunOutcome::Ok) << 4 << QString() << QString();
    QTest::newRow("wrong column") << u"SELECT user_name FROM users"_s
                                  << int(core::RunOutcome::Error) << 0 << u"column_missing"_s
                                  << u"username"_s;
    QTest::newRow("wrong table") << u"SELECT * FROM customers"_s << int(core::RunOutcome::Error)
                                 << 0 << u"table_missing"_s << QString();
    QTest::newRow("write") << u"DELETE FROM orders"_s << int(core::RunOutcome::Blocked) << 0
                           << u"read_only_violation"_s << QString();
}

void TestMainWindow::runSql()
{
    QFETCH(QString, sql);
    QFETCH(int, outcome);
    QFETCH(int, rows);
    QFETCH(QString, errorClass);
    QFETCH(QString, adviceNames);

    // Advice names real columns only once the schema is known.
    QTRY_VERIFY_WITH_TIMEOUT(
            !m_window->session()->schemaNames(m_window->currentConnection())->isEmpty(), slowMs);
    const core::RunResult result = runSql(sql);
    QCOMPARE(int(result.outcome), outcome);
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    if (outcome == int(core::RunOutcome::Ok)) {
        QTRY_COMPARE(panel->resultModel()->rowCount(), rows);
        QCOMPARE(panel->resultModel()->rowCountStatus(), core::RowCountStatus::Complete);
        QVERIFY(!panel->diagnosisCard()->hasDiagnosis());
        // The chart panel follows the result after its debounce.
        QTRY_VERIFY_WITH_TIMEOUT(panel->chartPanel()->shownChart().kind != core::ChartKind::None,
                                 10000);
        QVERIFY(!panel->chartPanel()->chart()->series().isEmpty());
        return;
    }
    QCOMPARE(panel->diagnosisCard()->errorClassName(), errorClass);
    QVERIFY(!panel->diagnosisCard()->rawText().isEmpty());
    if (!adviceNames.isEmpty()) {
        QVERIFY2(panel->diagnosisCard()->adviceText().contains(adviceNames),
                 qPrintable(panel->diagnosisCard()->adviceText()));
    }
    QCOMPARE(panel->tabs()->currentIndex(), 2);
}

void TestMainWindow::writeIsRefusedAndChangesNothing()
{
    const qint64 before = orderCount();
    QVERIFY(before > 0);
    const core::RunResult result = runSql(u"DELETE FROM orders"_s);
    QCOMPARE(result.outcome, core::RunOutcome::Blocked);
    QCOMPARE(m_window->runSqlPanel()->diagnosisCard()->errorClassName(), u"read_only_violation"_s);
    QCOMPARE(orderCount(), before);
}

void TestMainWindow::badInputGetsAClearError_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("throughEditor");

    QTest::newRow("binary junk") << QString::fromLatin1("\x01\x02\xff\xfe SELECT \x7f;;\x00x", 16)
                                 << true;
    QTest::newRow("two statements") << u"SELECT 1; SELECT 2"_s << true;
    // QPlainTextEdit takes minutes to lay out a 10 MB line, so this one goes straight to the
    // session, as generated SQL would.
    QTest::newRow("10 MB") << u"SELECT '%1' x y z"_s.arg(QString(10 * 1024 * 1024, u'x')) << false;
}

void TestMainWindow::badInputGetsAClearError()
{
    QFETCH(QString, sql);
    QFETCH(bool, throughEditor);

    if (!throughEditor) {
        ui::Session *session = m_window->session();
        QSignalSpy finished(session, &ui::Session::runFinished);
        const quint64 generation = session->run(m_window->currentConnection(), sql);
        QVERIFY(generation != 0);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), slowMs);
        const auto result = finished.first().at(1).value<core::RunResult>();
        QCOMPARE(result.generation, generation);
        QVERIFY(!result.isOk());
        QVERIFY(result.diagnosis.has_value());
        QVERIFY(!result.diagnosis->advice.nextStep.isEmpty());
        return;
    }
    // Selected, so that both statements are run (the one at the cursor alone would pass).
    const core::RunResult result = runSql(sql, true);
    QVERIFY(result.generation != 0);
    QVERIFY(!result.isOk());
    ui::DiagnosisCard *card = m_window->runSqlPanel()->diagnosisCard();
    QVERIFY(card->hasDiagnosis());
    QVERIFY(!card->errorClassName().isEmpty());
    QVERIFY(!card->adviceText().isEmpty());
}

void TestMainWindow::exportFullResult_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("fileName");

    QTest::newRow("csv") << u"csv"_s << u"orders.csv"_s;
    QTest::newRow("json lines") << u"jsonl"_s << u"orders.jsonl"_s;
}

void TestMainWindow::exportFullResult()
{
    QFETCH(QString, format);
    QFETCH(QString, fileName);

    const qint64 count = orderCount();
    QVERIFY(count > 0);
    const core::RunResult result = runSql(u"SELECT id, status, user_id FROM orders ORDER BY id"_s);
    QVERIFY(result.isOk());
    ui::ResultsView *view = m_window->runSqlPanel()->resultsView();
    QSignalSpy done(view, &ui::ResultsView::exportDone);
    const QString path = m_dir.filePath(fileName);
    QVERIFY(view->exportTo(path, format));
    QVERIFY(view->isExporting());
    QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, slowMs);
    QVERIFY2(done.first().first().toBool(), qPrintable(done.first().at(1).toString()));

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    if (format == u"csv"_s) {
        QCOMPARE(lines.first().trimmed(), QByteArray("id,status,user_id"));
        QCOMPARE(lines.size(), count + 1);
        QCOMPARE(lines.at(1).split(',').size(), 3);
    } else {
        QCOMPARE(lines.size(), count);
        QVERIFY(lines.first().startsWith("{\"id\":1"));
    }
}

void TestMainWindow::cancelExport()
{
    // The preview stops at its cap; the export would stream fifty million rows.
    const core::RunResult result =
            runSql(u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
                   "WHERE x < 50000000) SELECT x FROM c"_s);
    QVERIFY(result.isOk());
    QCOMPARE(result.rowStatus, core::RowCountStatus::Partial);
    ui::ResultsView *view = m_window->runSqlPanel()->resultsView();
    QSignalSpy done(view, &ui::ResultsView::exportDone);
    const QString path = m_dir.filePath(u"huge.csv"_s);
    QVERIFY(view->exportTo(path, u"csv"_s));
    QTest::qWait(300);
    QVERIFY(view->isExporting());
    view->cancelExport();
    QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, slowMs);
    QVERIFY(!done.first().first().toBool());
    QVERIFY(!view->isExporting());
    // A cancelled export leaves no half-written file behind.
    QVERIFY(!QFile::exists(path));
}

void TestMainWindow::copySelection()
{
    const core::RunResult result =
            runSql(u"SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status"_s);
    QVERIFY(result.isOk());
    ui::ResultsView *view = m_window->runSqlPanel()->resultsView();
    QTRY_COMPARE(view->table()->model()->rowCount(), 4);
    view->table()->selectAll();
    const QString csv = view->selectionAsCsv();
    QCOMPARE(csv.trimmed().split(u'\n').size(), 5);
    QVERIFY(csv.startsWith(u"status,n"_s));
    const QString markdown = view->selectionAsMarkdown();
    QVERIFY2(markdown.startsWith(u"| status | n |"_s), qPrintable(markdown));
}

void TestMainWindow::slowQueryKeepsWindowResponsive()
{
    ui::Session *session = m_window->session();
    const int previousTimeout = session->defaultTimeout();
    // Far longer than the test: only Escape can end the statement.
    session->setDefaultTimeout(int(slowMs) * 2);
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    QSignalSpy finished(panel, &ui::RunSqlPanel::finished);
    panel->setSql(u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
                  "WHERE x < 3000000000) SELECT count(*) FROM c"_s);
    panel->run();
    QVERIFY(panel->isRunning());

    // The window takes its events while the statement runs: a timer fires, and the run is still
    // going after it (a run on the GUI thread would have ended before any event was taken).
    // How long the GUI thread went without events is a figure for bench_gui, not a test.
    int ticks = 0;
    QTimer ticker;
    ticker.setInterval(10);
    connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
    ticker.start();
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= 20, slowMs);
    QVERIFY(panel->isRunning());
    QVERIFY(finished.isEmpty());
    QTest::keyClick(panel->editor(), Qt::Key_Escape);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, slowMs);
    ticker.stop();
    session->setDefaultTimeout(previousTimeout);

    const auto result = finished.first().first().value<core::RunResult>();
    QCOMPARE(result.outcome, core::RunOutcome::Cancelled);
    QVERIFY(!panel->isRunning());
}

void TestMainWindow::keychainUnavailableIsSaid()
{
    // This test runs without a session bus: the keychain cannot answer.
    ui::KeychainSecretStore *secrets = m_window->secretStore();
    ui::ConnectionDialog dialog(secrets, m_window.get());
    dialog.show();
    QTRY_VERIFY_WITH_TIMEOUT(!secrets->isKeychainAvailable(), slowMs);
    QVERIFY(!secrets->unavailableReason().isEmpty());
    QTRY_VERIFY(dialog.keychainMessage().contains(secrets->unavailableReason()));
    QVERIFY(dialog.keychainMessage().contains(u"session only"_s));

    QTest::keyClicks(dialog.urlEdit(), u"postgresql://analyst@localhost:5432/shop"_s);
    QTest::keyClicks(dialog.passwordEdit(), u"s3cret-pw"_s);
    dialog.nameEdit()->setText(u"shop"_s);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.profile().user(), u"analyst"_s);
    QCOMPARE(dialog.password(), u"s3cret-pw"_s);

    // The password is kept for the session, never written to the settings.
    QSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    if (file.open(QIODevice::ReadOnly))
        QVERIFY(!file.readAll().contains("s3cret-pw"));
    for (const QString &key : settings.allKeys())
        QVERIFY(!settings.value(key).toString().contains(u"s3cret-pw"_s));
    // Saved under its name, without the password; the password answers for this session.
    QVERIFY(settings.allKeys().join(u' ').contains(u"connections"_s));
    QFuture<core::Result<QString>> secret = secrets->lookup(dialog.profile().secretKey());
    QTRY_VERIFY_WITH_TIMEOUT(secret.isFinished(), slowMs);
    QVERIFY(secret.result().hasValue());
    QCOMPARE(secret.result().value(), u"s3cret-pw"_s);
}

void TestMainWindow::connectionFailureIsDiagnosed()
{
    const int before = m_window->currentConnection();
    const QString missing = m_dir.filePath(u"no/such/folder/shop.db"_s);
    const auto profile = core::ConnectionProfile::fromUrl(u"sqlite://"_s + missing);
    QVERIFY(profile.hasValue());
    QSignalSpy failed(m_window->session(), &ui::Session::connectionFailed);
    m_window->openConnection(*profile);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, slowMs);
    ui::DiagnosisCard *card = m_window->runSqlPanel()->diagnosisCard();
    QVERIFY(card->hasDiagnosis());
    QVERIFY(!card->rawText().isEmpty());
    // The failed connection is closed again; the demo stays current.
    QTRY_COMPARE(m_window->session()->connections().size(), 1);
    QCOMPARE(m_window->currentConnection(), before);
}

void TestMainWindow::settingsPresets_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("baseUrl");
    QTest::addColumn<int>("kind");

    QTest::newRow("ollama") << u"ollama"_s << u"http://localhost:11434/v1"_s
                            << int(core::ProviderKind::OpenAiCompatible);
    QTest::newRow("llama.cpp") << u"llamacpp"_s << u"http://localhost:8080/v1"_s
                               << int(core::ProviderKind::OpenAiCompatible);
    QTest::newRow("vllm") << u"vllm"_s << u"http://localhost:8000/v1"_s
                          << int(core::ProviderKind::OpenAiCompatible);
    QTest::newRow("openai") << u"openai"_s << u"https://api.openai.com/v1"_s
                            << int(core::ProviderKind::OpenAiCompatible);
    QTest::newRow("deepseek") << u"deepseek"_s << u"https://api.deepseek.com/v1"_s
                              << int(core::ProviderKind::OpenAiCompatible);
    QTest::newRow("qwen") << u"qwen"_s << u"https://dashscope.aliyuncs.com/compatible-mode/v1"_s
                          << int(core::ProviderKind::OpenAiCompatible);
    QTest::newRow("anthropic") << u"anthropic"_s << u"https://api.anthropic.com"_s
                               << int(core::ProviderKind::Anthropic);
}

void TestMainWindow::settingsPresets()
{
    QFETCH(QString, preset);
    QFETCH(QString, baseUrl);
    QFETCH(int, kind);

    ui::SettingsDialog dialog(m_window->secretStore(), m_window.get());
    QComboBox *box = dialog.presetBox();
    box->setCurrentIndex(box->findData(preset));
    QCOMPARE(dialog.baseUrlEdit()->text(), baseUrl);
    ui::AppSettings edited = dialog.settings();
    QCOMPARE(int(edited.providerKind), kind);
    edited.language = u"zh_CN"_s;
    edited.maxCorrections = 3;
    dialog.setSettings(edited);
    dialog.accept();
    const ui::AppSettings saved = ui::AppSettings::load();
    QCOMPARE(saved, edited);
    QCOMPARE(QSettings().value(u"ui/language"_s).toString(), u"zh_CN"_s);
    QVERIFY(saved.providerSettings().validate().hasValue() || saved.model.isEmpty());
}

void TestMainWindow::settingsDemoAndRowCap()
{
    const ui::AppSettings before = ui::AppSettings::load();
    ui::SettingsDialog dialog(m_window->secretStore(), m_window.get());
    ui::AppSettings demo;
    demo.providerKind = core::ProviderKind::Demo;
    demo.providerPreset = u"demo"_s;
    dialog.setSettings(demo);
    // The demo is a choice of its own and says that it answers.
    QCOMPARE(dialog.presetBox()->currentData().toString(), u"demo"_s);
    QVERIFY2(dialog.providerNote().contains(u"recorded demo"_s), qPrintable(dialog.providerNote()));
    QVERIFY(!dialog.testButton()->isEnabled());
    QVERIFY(!dialog.modelEdit()->isEnabled());
    QCOMPARE(int(dialog.settings().providerKind), int(core::ProviderKind::Demo));
    // A real provider without a model: the demo still answers, and the note says so.
    dialog.presetBox()->setCurrentIndex(dialog.presetBox()->findData(u"ollama"_s));
    dialog.modelEdit()->clear();
    QVERIFY2(dialog.providerNote().contains(u"No model"_s), qPrintable(dialog.providerNote()));
    dialog.modelEdit()->setText(u"qwen2.5-coder:7b"_s);
    QVERIFY(dialog.providerNote().isEmpty());
    QVERIFY(dialog.testButton()->isEnabled());
    // No label shows a literal '&'.
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        QString text = label->text();
        text.remove(u"&&"_s);
        if (label->buddy() == nullptr)
            QVERIFY2(!text.contains(u'&'), qPrintable(text));
    }
    // The row cap is saved and reaches Run SQL.
    dialog.rowCapBox()->setValue(1234);
    ui::AppSettings edited = dialog.settings();
    edited.caseStoreLocation = m_window->caseStoreLocation();
    edited.providerKind = core::ProviderKind::Demo;
    edited.providerPreset = u"demo"_s;
    dialog.setSettings(edited);
    dialog.accept();
    QCOMPARE(ui::AppSettings::load().rowCap, 1234);
    m_window->applySettings();
    QCOMPARE(m_window->runSqlPanel()->rowCap(), 1234);
    before.save(); // the later tests start from what they had
    m_window->applySettings();
}

void TestMainWindow::settingsTestModel()
{
    test::ScriptedLlmServer server;
    QVERIFY(server.listen());
    server.enqueue(u"/v1/chat/completions"_s,
                   test::ScriptedResponse::sse(
                           test::ScriptedLlmServer::openAiStream({u"one"_s, u" two"_s}, true)));
    ui::SettingsDialog dialog(m_window->secretStore(), m_window.get());
    dialog.presetBox()->setCurrentIndex(dialog.presetBox()->findData(u"custom"_s));
    dialog.baseUrlEdit()->setText(server.url(u"/v1"_s).toString());
    dialog.modelEdit()->setText(u"asked-model"_s);
    QSignalSpy tested(&dialog, &ui::SettingsDialog::modelTested);
    QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
    // The click returns at once; the answer comes later.
    QVERIFY(!dialog.testButton()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(tested.size(), 1, slowMs);
    const auto result = tested.first().first().value<core::ModelProbeResult>();
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(dialog.testButton()->isEnabled());
    QVERIFY2(dialog.testResultText().contains(u"scripted-model"_s),
             qPrintable(dialog.testResultText()));
    QVERIFY2(dialog.testResultText().contains(u"Streaming works"_s),
             qPrintable(dialog.testResultText()));
    QCOMPARE(server.requests().size(), 1);
    // A server that refuses: the reason, readable.
    server.enqueue(u"/v1/chat/completions"_s,
                   test::ScriptedResponse::json(401, R"({"error":{"message":"bad key"}})"));
    dialog.testModel();
    QTRY_COMPARE_WITH_TIMEOUT(tested.size(), 2, slowMs);
    QVERIFY(!tested.at(1).first().value<core::ModelProbeResult>().ok);
    QVERIFY2(dialog.testResultText().startsWith(u"The model did not answer"_s),
             qPrintable(dialog.testResultText()));
}

void TestMainWindow::runsTheStatementAtTheCursor()
{
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    m_window->showRunSql();
    QCOMPARE(panel->connection(), m_window->currentConnection());
    QVERIFY(m_window->session()->isOpen(panel->connection()));
    const QString text = u"SELECT 1 AS first;\nSELECT 'a;b' AS second; -- x;\nSELECT 3 AS third"_s;
    panel->setSql(text);
    QTextCursor cursor = panel->editor()->textCursor();
    cursor.setPosition(int(text.indexOf(u"second"_s)));
    panel->editor()->setTextCursor(cursor);
    QCOMPARE(panel->sqlToRun().remove(u';'), u"SELECT 'ab' AS second"_s);
    cursor.setPosition(0);
    panel->editor()->setTextCursor(cursor);
    QVERIFY(panel->sqlToRun().startsWith(u"SELECT 1 AS first"_s));
    QVERIFY(!panel->sqlToRun().contains(u"second"_s));
    // A selection runs as it is.
    cursor.setPosition(int(text.indexOf(u"SELECT 3"_s)));
    cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    panel->editor()->setTextCursor(cursor);
    QCOMPARE(panel->sqlToRun(), u"SELECT 3 AS third"_s);
    QSignalSpy finished(panel, &ui::RunSqlPanel::finished);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    panel->editor()->setFocus();
    QTest::keyClick(panel->editor(), Qt::Key_Return, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, slowMs);
    const auto result = finished.first().first().value<core::RunResult>();
    QVERIFY(result.isOk());
    QCOMPARE(panel->resultModel()->columns(), QStringList{u"third"_s});
    // It went into this connection's history, at the top.
    QCOMPARE(panel->history().value(0), u"SELECT 3 AS third"_s);
}

void TestMainWindow::quickFixIsUndoable()
{
    const core::RunResult result = runSql(u"SELECT user_name, city FROM users LIMIT 2"_s);
    QVERIFY(!result.isOk());
    ui::DiagnosisCard *card = m_window->runSqlPanel()->diagnosisCard();
    QVERIFY2(card->errorClassName() == u"column_missing"_s, qPrintable(card->rawText()));
    QCOMPARE(card->wrongName(), u"user_name"_s);
    QVERIFY(!card->quickFixButtons().isEmpty());
    QPushButton *fix = card->quickFixButtons().first();
    QVERIFY2(fix->text().contains(u"username"_s), qPrintable(fix->text()));
    fix->click();
    QPlainTextEdit *editor = m_window->runSqlPanel()->editor();
    QCOMPARE(editor->toPlainText(), u"SELECT username, city FROM users LIMIT 2"_s);
    editor->undo();
    QCOMPARE(editor->toPlainText(), u"SELECT user_name, city FROM users LIMIT 2"_s);
}

void TestMainWindow::menusListShortcutsAndHelp()
{
    // Every main action has a shortcut that its menu shows, and no two share one.
    QHash<QString, QString> byShortcut;
    QStringList titles;
    for (QAction *menuAction : m_window->menuBar()->actions()) {
        titles << menuAction->text();
        QMenu *menu = menuAction->menu();
        QVERIFY(menu);
        for (QAction *action : menu->actions()) {
            if (action->isSeparator() || action->menu() || action->shortcut().isEmpty())
                continue;
            const QString key = action->shortcut().toString();
            QVERIFY2(!byShortcut.contains(key),
                     qPrintable(key + u": "_s + byShortcut.value(key) + u" and "_s
                                + action->text()));
            byShortcut.insert(key, action->text());
        }
    }
    QVERIFY2(titles.contains(u"&Help"_s), qPrintable(titles.join(u", "_s)));
    for (const char *key : {"Ctrl+1", "Ctrl+2", "Ctrl+L", "Alt+1", "Alt+2", "Alt+3", "Alt+4",
                            "Ctrl+Return", "Ctrl+.", "Ctrl+Shift+E", "Ctrl+O", "Ctrl+,"}) {
        QVERIFY2(byShortcut.contains(QString::fromLatin1(key)), key);
    }
    // Ctrl+2 and Ctrl+1 switch the tabs; Ctrl+L puts the cursor into the question box.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_2, Qt::ControlModifier);
    QTRY_VERIFY(m_window->runSqlPanel()->isVisible());
    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QTRY_VERIFY(m_window->chatPanel()->questionEdit()->hasFocus());
    // A dock shown from the View menu comes to the front.
    auto *cases = m_window->findChild<QDockWidget *>(u"casesDock"_s);
    QVERIFY(cases);
    cases->toggleViewAction()->trigger();
    if (!cases->isVisible())
        cases->toggleViewAction()->trigger();
    QTRY_VERIFY(cases->isVisible());
    // About names the version and the licences.
    const QString about = ui::MainWindow::aboutText();
    QVERIFY2(about.contains(QStringLiteral(SQLMEND_VERSION)), qPrintable(about));
    for (const char *name : {"MIT", "LGPL", "libxlsxwriter", "QtKeychain", "libpg_query"})
        QVERIFY2(about.contains(QLatin1String(name)), name);
    // The user guide is the README, at a section.
    const QUrl guide = ui::MainWindow::readmeUrl(u"the-desktop-app"_s);
    QVERIFY(guide.isLocalFile());
    QCOMPARE(guide.fragment(), u"the-desktop-app"_s);
    QFile readme(guide.toLocalFile());
    QVERIFY(readme.open(QIODevice::ReadOnly));
    QVERIFY(readme.readAll().contains("## The desktop app"));
}

void TestMainWindow::askDemoCorrection()
{
    m_window->showAsk();
    ui::ChatPanel *chat = m_window->chatPanel();
    core::Conversation *conversation = m_window->conversation();
    const int question = conversation->count();
    chat->questionEdit()->setPlainText(u"Who are the top 10 customers by total spending?"_s);
    chat->submit();
    QTRY_VERIFY_WITH_TIMEOUT(conversation->count() == question + 1
                                     && conversation->question(question).isFinished(),
                             slowMs);
    const core::QuestionOutcome outcome = *conversation->question(question).outcome;
    QVERIFY2(outcome.isOk(), qPrintable(outcome.reason));

    // The timeline: the recorded user_name mistake, diagnosed, then the model's correction.
    ui::TimelineView *timeline = m_window->timelineView();
    QTRY_COMPARE_WITH_TIMEOUT(timeline->cardCount(), 2, slowMs);
    const QList<core::LoopAttempt> attempts = conversation->question(question).attempts;
    QCOMPARE(attempts.size(), 2);
    QVERIFY(attempts.at(0).diagnosis.has_value());
    QCOMPARE(core::errorClassName(attempts.at(0).diagnosis->errorClass()), u"column_missing"_s);
    QVERIFY2(timeline->card(0)->adviceText().contains(u"username"_s),
             qPrintable(timeline->card(0)->adviceText()));
    QCOMPARE(attempts.at(1).outcome, core::AttemptOutcome::Ok);
    QVERIFY(attempts.at(1).sql.contains(u"u.username"_s));

    // Activating the first card loads its SQL into Run SQL and shows its result again: the
    // same diagnosis.
    QSignalSpy rerun(m_window->runSqlPanel(), &ui::RunSqlPanel::finished);
    Q_EMIT timeline->attemptActivated(question, 0);
    QCOMPARE(m_window->runSqlPanel()->editor()->toPlainText(), attempts.at(0).sql);
    QVERIFY(m_window->runSqlPanel()->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(rerun.size(), 1, slowMs);
    QCOMPARE(m_window->runSqlPanel()->diagnosisCard()->errorClassName(), u"column_missing"_s);
    m_window->showAsk();

    // The answer's chart, exported in every format, and the result as CSV.
    ui::ChartPanel *chart = chat->chartPanel(question);
    QVERIFY(chart);
    QTRY_VERIFY_WITH_TIMEOUT(chart->shownChart().kind != core::ChartKind::None, slowMs);
    const QString png = m_dir.filePath(u"chart.png"_s);
    const QString svg = m_dir.filePath(u"chart.svg"_s);
    const QString pdf = m_dir.filePath(u"chart.pdf"_s);
    QVERIFY(chart->exportPng(png));
    QVERIFY(chart->exportSvg(svg));
    QVERIFY(chart->exportPdf(pdf));
    const QList<std::pair<QString, QByteArray>> magics = {{png, QByteArray("\x89PNG\r\n")},
                                                          {svg, QByteArray("<svg")},
                                                          {pdf, QByteArray("%PDF-")}};
    for (const auto &[path, magic] : magics) {
        QFile out(path);
        QVERIFY2(out.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray bytes = out.readAll();
        QVERIFY2(bytes.size() > 200, qPrintable(path));
        QVERIFY2(bytes.left(4096).contains(magic), qPrintable(path));
    }
    QVERIFY(QImage(png).width() > 100);

    const QString csv = m_dir.filePath(u"answer.csv"_s);
    QSignalSpy exported(m_window->session(), &ui::Session::exportFinished);
    QVERIFY(m_window->session()->exportResult(m_window->currentConnection(), outcome.finalSql, csv,
                                              u"csv"_s));
    QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, slowMs);
    QCOMPARE(exported.first().at(2).toString(), QString());
    QVERIFY(!outcome.rows.isEmpty());
    QCOMPARE(exported.first().at(0).toLongLong(), qint64(outcome.rows.size()));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), outcome.rows.size() + 1);
    QVERIFY2(lines.first().startsWith("username,total_spent"), lines.first().constData());
    m_window->showRunSql();
}

bool TestMainWindow::spinUntil(const std::function<bool()> &done, int timeoutMs, qint64 *stall)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0;
    QTimer ticker;
    ticker.setInterval(10);
    QEventLoop loop;
    connect(&ticker, &QTimer::timeout, &loop, [&] {
        const qint64 now = clock.elapsed();
        *stall = qMax(*stall, now - last);
        last = now;
        if (done() || now > timeoutMs)
            loop.quit();
    });
    ticker.start();
    if (!done())
        loop.exec();
    return done();
}

void TestMainWindow::answerIsSavedAndReopensFromHistory()
{
    ui::HistoryPanel *history = m_window->historyPanel();
    QVERIFY(history);
    QVERIFY(!history->view()->accessibleName().isEmpty());

    const QString asked = u"Who are the top 10 customers by total spending?"_s;
    m_window->showAsk();
    core::Conversation *conversation = m_window->conversation();
    const int question = conversation->count();
    core::CorrectionLoop *loop = m_window->correctionLoop(m_window->currentConnection());
    QVERIFY(loop);
    QVERIFY(loop->caseStore() == m_window->caseStore());
    QSignalSpy saved(loop, &core::CorrectionLoop::historySaved);
    m_window->chatPanel()->questionEdit()->setPlainText(asked);
    m_window->chatPanel()->submit();
    QTRY_VERIFY_WITH_TIMEOUT(conversation->count() == question + 1
                                     && conversation->question(question).isFinished(),
                             slowMs);
    QVERIFY(conversation->question(question).outcome->isOk());
    ui::TimelineView *timeline = m_window->timelineView();
    QTRY_COMPARE_WITH_TIMEOUT(timeline->cardCount(), 2, slowMs);
    QStringList liveBadges;
    QStringList liveAdvice;
    for (int i = 0; i < timeline->cardCount(); ++i) {
        liveBadges << timeline->card(i)->badgeText();
        liveAdvice << timeline->card(i)->adviceText();
    }
    QCOMPARE(liveBadges.first(), u"column_missing"_s);

    // Saved off the GUI thread: the history lists it, newest first, and the GUI never stalls.
    qint64 stall = 0;
    QVERIFY(spinUntil([&] { return !saved.isEmpty(); }, slowMs, &stall));
    const qint64 savedId = saved.first().first().toLongLong();
    QVERIFY(spinUntil(
            [&] {
                return history->model()->index(0).data(ui::HistoryModel::TraceIdRole).toLongLong()
                        == savedId;
            },
            slowMs, &stall));
    const QModelIndex newest = history->model()->index(0);
    QVERIFY(newest.data().toString().startsWith(asked));
    QCOMPARE(newest.data(ui::HistoryModel::StatusRole).toString(), u"ok"_s);

    // A second store on this thread sees the history row and the good case.
    {
        core::CaseStore store;
        QVERIFY(store.open(m_window->caseStoreLocation()));
        const auto traces = store.listHistory();
        QVERIFY(traces);
        QVERIFY(!traces->isEmpty());
        QCOMPARE(traces->first().question, asked);
        QCOMPARE(traces->first().attemptCount, 2);
        QCOMPARE(traces->first().id, newest.data(ui::HistoryModel::TraceIdRole).toLongLong());
        core::CaseFilter good;
        good.kind = core::CaseKind::Good;
        const auto cases = store.listCases(good);
        QVERIFY(cases);
        bool found = false;
        for (const core::CaseRecord &record : *cases)
            found = found || (record.question == asked && record.sql.contains(u"u.username"_s));
        QVERIFY(found);
    }
    // The case library shows the new good case.
    QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const core::CaseRecord &record : m_window->caseLibrary()->model()->cases()) {
                    if (record.question == asked)
                        return true;
                }
                return false;
            }(),
            slowMs);

    // Reopened from the keyboard: the same cards, class and advice, from the store.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    // Ctrl+Shift+H (View > Find in History), from whatever has the focus.
    QTest::keyClick(m_window.get(), Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(history->filterEdit()->hasFocus());
    QTest::keyClick(history->filterEdit(), Qt::Key_Return);
    QVERIFY(history->view()->hasFocus());
    QCOMPARE(history->view()->currentIndex().row(), 0);
    timeline->showQuestion(-1); // nothing shown: what appears next came from history
    QCOMPARE(timeline->cardCount(), 0);
    QTest::keyClick(history->view(), Qt::Key_Return);
    QVERIFY(spinUntil([&] { return timeline->isShowingTrace(); }, slowMs, &stall));
    // A figure, not a bound (a loaded machine decides it): bench_gui measures it.
    qInfo("longest GUI stall while saving and reopening %lld ms", stall);
    QCOMPARE(timeline->trace().question, asked);
    QCOMPARE(timeline->cardCount(), liveBadges.size());
    for (int i = 0; i < timeline->cardCount(); ++i) {
        QCOMPARE(timeline->card(i)->badgeText(), liveBadges.at(i));
        QCOMPARE(timeline->card(i)->adviceText(), liveAdvice.at(i));
    }
    QVERIFY(timeline->card(0)->adviceText().contains(u"username"_s));

    // Clicking a card of the reopened trace loads its SQL and result, as a live card does.
    QSignalSpy rerun(m_window->runSqlPanel(), &ui::RunSqlPanel::finished);
    QTest::mouseClick(timeline->card(0), Qt::LeftButton, {}, QPoint(10, 10));
    QCOMPARE(m_window->runSqlPanel()->editor()->toPlainText(),
             timeline->trace().attempts.at(0).sql);
    QVERIFY(m_window->runSqlPanel()->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(rerun.size(), 1, slowMs);
    QCOMPARE(m_window->runSqlPanel()->diagnosisCard()->errorClassName(), u"column_missing"_s);
    QCOMPARE(timeline->currentAttempt(), 0);

    // The next question takes the timeline back.
    m_window->showAsk();
    const int next = conversation->count();
    m_window->chatPanel()->questionEdit()->setPlainText(
            u"How many users are there in each city?"_s);
    m_window->chatPanel()->submit();
    QTRY_VERIFY_WITH_TIMEOUT(
            conversation->count() == next + 1 && conversation->question(next).isFinished(), slowMs);
    QVERIFY(!timeline->isShowingTrace());
    QCOMPARE(timeline->shownQuestion(), next);
    QTRY_COMPARE_WITH_TIMEOUT(timeline->cardCount(), 1, slowMs);
}

void TestMainWindow::replacingTheSqlIsUndoable()
{
    ui::RunSqlPanel *panel = m_window->runSqlPanel();
    m_window->showRunSql();
    QPlainTextEdit *editor = panel->editor();
    editor->clear();
    editor->setFocus();
    QTest::keyClicks(editor, u"SELECT 'typed by hand'"_s);
    const QString typed = editor->toPlainText();
    QCOMPARE(typed, u"SELECT 'typed by hand'"_s);
    // Preview Rows, a timeline card and a case's Re-run all put their SQL in the editor.
    QSignalSpy finished(panel, &ui::RunSqlPanel::finished);
    Q_EMIT m_window->schemaDock()->previewRequested(m_window->currentConnection(),
                                                    u"SELECT * FROM users LIMIT 100"_s);
    QCOMPARE(editor->toPlainText(), u"SELECT * FROM users LIMIT 100"_s);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, slowMs);
    Q_EMIT m_window->caseLibrary()->rerunRequested(u"SELECT 2"_s, QString());
    QCOMPARE(editor->toPlainText(), u"SELECT 2"_s);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, slowMs);
    // Ctrl+Z steps back through them to what was typed; Ctrl+Shift+Z forward again.
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(editor->toPlainText(), u"SELECT * FROM users LIMIT 100"_s);
    QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(editor->toPlainText(), typed);
    QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(editor->toPlainText(), u"SELECT * FROM users LIMIT 100"_s);
}

void TestMainWindow::keyKeptForTheSessionIsSaid()
{
    // No keychain answers here: an API key saved in Settings is kept for this session only, and
    // the window says so (a status message now, and the settings page every time it opens).
    ui::KeychainSecretStore *secrets = m_window->secretStore();
    QTRY_VERIFY_WITH_TIMEOUT(!secrets->isKeychainAvailable(), slowMs);
    QSignalSpy kept(secrets, &ui::KeychainSecretStore::keptForSession);
    m_window->showSettingsDialog();
    auto *dialog = m_window->findChild<ui::SettingsDialog *>();
    QVERIFY(dialog);
    auto *key = dialog->findChild<QLineEdit *>();
    for (QLineEdit *edit : dialog->findChildren<QLineEdit *>()) {
        if (edit->echoMode() == QLineEdit::Password)
            key = edit;
    }
    QVERIFY(key && key->echoMode() == QLineEdit::Password);
    key->setFocus();
    QTest::keyClicks(key, u"sk-session-only"_s);
    // Keep the recorded demo: no model name.
    dialog->accept();
    QTRY_VERIFY(!m_window->findChild<ui::SettingsDialog *>());
    QTRY_COMPARE_WITH_TIMEOUT(kept.size(), 1, slowMs);
    QCOMPARE(kept.at(0).at(0).toString(), ui::AppSettings::apiKeySecretKey());
    QVERIFY2(m_window->statusBar()->currentMessage().contains(u"session only"_s),
             qPrintable(m_window->statusBar()->currentMessage()));
    // A probe that finds the keychain again would not change it: the key is not there.
    m_window->showSettingsDialog();
    QTRY_VERIFY((dialog = m_window->findChild<ui::SettingsDialog *>()) != nullptr);
    QVERIFY2(dialog->keychainMessage().contains(u"session only"_s),
             qPrintable(dialog->keychainMessage()));
    dialog->reject();
    QTRY_VERIFY(!m_window->findChild<ui::SettingsDialog *>());
    // Never on disk.
    QSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    if (file.open(QIODevice::ReadOnly))
        QVERIFY(!file.readAll().contains("sk-session-only"));
}

void TestMainWindow::workspaceIsRestored()
{
    // Closing saves the editor's text, the open connections and the conversation; the next
    // window brings them back.
    m_window->showRunSql();
    m_window->runSqlPanel()->setSql(u"SELECT 'left for tomorrow'"_s);
    const QString url = m_window->session()->profile(m_window->currentConnection()).toUrl();
    QStringList asked;
    for (const core::ConversationQuestion &question : m_window->conversation()->questions()) {
        if (question.isFinished())
            asked.append(question.question);
    }
    QVERIFY(!asked.isEmpty());
    const QSize size = m_window->size();
    m_window->close();
    const ui::WorkspaceState saved = ui::WorkspaceState::load();
    QCOMPARE(saved.sql, u"SELECT 'left for tomorrow'"_s);
    QCOMPARE(saved.connections, QStringList{url});
    for (const QString &key : QSettings().allKeys())
        QVERIFY(!QSettings().value(key).toString().contains(u"s3cret-pw"_s));
    m_window.reset();

    m_window = std::make_unique<ui::MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_window->size(), size);
    QCOMPARE(m_window->runSqlPanel()->editor()->toPlainText(), u"SELECT 'left for tomorrow'"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->currentConnection() != 0, slowMs);
    QCOMPARE(m_window->session()->profile(m_window->currentConnection()).toUrl(), url);
    QCOMPARE(m_window->session()->connections().size(), 1);
    // The questions that reached the history come back, in order, with their attempts.
    QTRY_COMPARE_WITH_TIMEOUT(m_window->conversation()->count(), int(saved.conversation.size()),
                              slowMs);
    QVERIFY(saved.conversation.size() >= 2);
    QStringList restored;
    for (const core::ConversationQuestion &question : m_window->conversation()->questions()) {
        QVERIFY(question.isFinished());
        QVERIFY(!question.attempts.isEmpty());
        restored.append(question.question);
    }
    QCOMPARE(restored, asked.mid(asked.size() - restored.size()));
    const int last = m_window->conversation()->count() - 1;
    QVERIFY(m_window->chatPanel()->statusText(last).contains(u"Answered"_s));
    // The window works on as before.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->correctionLoop(m_window->currentConnection()), slowMs);
}

void TestMainWindow::newStoreLocationIsUsed()
{
    // Settings name another store: the window reopens it, and the history and library follow.
    ui::HistoryPanel *history = m_window->historyPanel();
    QVERIFY(history->model()->rowCount() > 0);
    ui::CaseLibraryWidget *oldLibrary = m_window->caseLibrary();
    ui::AppSettings settings = ui::AppSettings::load();
    settings.caseStoreLocation = m_dir.filePath(u"other-cases.sqlite"_s);
    m_window->showSettingsDialog();
    auto *dialog = m_window->findChild<ui::SettingsDialog *>();
    QVERIFY(dialog);
    dialog->setSettings(settings);
    dialog->accept();
    QCOMPARE(m_window->caseStoreLocation(), settings.caseStoreLocation);
    // The same library, on the same store thread, lists the new store.
    QCOMPARE(m_window->caseLibrary(), oldLibrary);
    QTRY_COMPARE_WITH_TIMEOUT(history->model()->rowCount(), 0, slowMs);
    QTRY_VERIFY_WITH_TIMEOUT(
            m_window->caseLibrary()->isStoreOpen()
                    && m_window->caseLibrary()->statusText().contains(u"other-cases"_s),
            slowMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->caseLibrary()->model()->rowCount(), 0, slowMs);

    // The loops write to the new store.
    core::QuestionTrace trace;
    trace.question = u"Written to the other store"_s;
    trace.started = QDateTime::currentDateTimeUtc();
    trace.finished = trace.started;
    m_window->caseStore()->saveHistory(trace);
    QTRY_COMPARE_WITH_TIMEOUT(history->model()->rowCount(), 1, slowMs);
    QVERIFY(QFile::exists(settings.caseStoreLocation));
}

void TestMainWindow::connectionNameIsUsedEverywhere()
{
    // A second database, named as a person would in the connect dialog.
    const QString path = m_dir.filePath(u"named.sqlite"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"named"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(u"CREATE TABLE t (id INTEGER)"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"named"_s);
    const auto profile = core::ConnectionProfile::fromUrl(u"sqlite://"_s + path);
    QVERIFY(profile);
    const int before = m_window->currentConnection();
    QSignalSpy opened(m_window->session(), &ui::Session::connectionOpened);
    m_window->openConnection(*profile, {}, u"Sales archive"_s);
    QVERIFY(opened.wait(slowMs));
    const int connection = opened.first().first().toInt();
    QTRY_COMPARE(m_window->currentConnection(), connection);

    // The toolbar, the window title, the schema tree's root and History's names.
    QComboBox *box = nullptr;
    for (QComboBox *candidate : m_window->findChildren<QComboBox *>()) {
        if (candidate->accessibleName() == u"Current connection"_s)
            box = candidate;
    }
    QVERIFY(box);
    QCOMPARE(box->currentText(), u"Sales archive"_s);
    QVERIFY2(m_window->windowTitle().contains(u"Sales archive"_s),
             qPrintable(m_window->windowTitle()));
    QCOMPARE(m_window->schemaDock()->model()->connectionIndex(connection).data().toString(),
             u"Sales archive"_s);
    QCOMPARE(m_window->connectionName(profile->toUrl()), u"Sales archive"_s);
    QCOMPARE(m_window->historyPanel()->model()->datasourceName(profile->toUrl()),
             u"Sales archive"_s);
    // A database that is not open goes by its file's name.
    QCOMPARE(m_window->connectionName(u"sqlite:///elsewhere/other.db"_s), u"other.db"_s);

    m_window->session()->close(connection);
    QTRY_COMPARE(m_window->currentConnection(), before);
    QVERIFY(!m_window->windowTitle().contains(u"Sales archive"_s));
}

void TestMainWindow::layoutIsSaved()
{
    m_window->close();
    QSettings settings;
    QVERIFY(!settings.value(u"ui/mainWindow/geometry"_s).toByteArray().isEmpty());
    QVERIFY(!settings.value(u"ui/mainWindow/state"_s).toByteArray().isEmpty());
    QVERIFY(!settings.value(u"ui/runSql/splitter"_s).toByteArray().isEmpty());
}

void TestMainWindow::cleanupTestCase()
{
    m_window.reset();
    QSettings().clear();
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
