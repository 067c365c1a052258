#include "ui/mainwindow.h"

#include "core/cases/casestoreservice.h"
#include "core/cases/conversationstore.h"
#include "core/continuation.h"
#include "core/demo/demodatabase.h"
#include "core/errors/errorclass.h"
#include "core/llm/demoprovider.h"
#include "core/llm/llmprovider.h"
#include "core/loop/conversation.h"
#include "core/loop/correctionloop.h"
#include "core/loop/promptbuilder.h"
#include "ui/appsettings.h"
#include "ui/caselibrarywidget.h"
#include "ui/chatpanel.h"
#include "ui/connectiondialog.h"
#include "ui/connectionstore.h"
#include "ui/diagnosiscard.h"
#include "ui/historypanel.h"
#include "ui/keychainsecretstore.h"
#include "ui/resultsview.h"
#include "ui/runsqlpanel.h"
#include "ui/schemadock.h"
#include "ui/session.h"
#include "ui/settingsdialog.h"
#include "ui/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDesktopServices>
#include <QDockWidget>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// An attempt of a stored trace as the conversation's views read attempts. The store keeps no
// rows and no model text; the diagnosis holds what the timeline and the chat show of it.
core::LoopAttempt attemptFromRecord(const core::AttemptRecord &record)
{
    core::LoopAttempt attempt;
    attempt.index = record.index;
    attempt.origin = record.origin;
    attempt.sql = record.sql;
    attempt.outcome = record.outcome;
    attempt.advice = record.advice;
    attempt.reason = record.rootCause;
    attempt.elapsedMs = record.elapsedMs;
    attempt.promptTokens = record.promptTokens;
    attempt.completionTokens = record.completionTokens;
    attempt.linkedTables = record.linkedTables;
    if (const auto errorClass = core::errorClassFromName(record.errorClass)) {
        core::Diagnosis diagnosis;
        diagnosis.classification.errorClass = *errorClass;
        diagnosis.classification.terminal = record.terminal;
        diagnosis.error.rootCause = record.rootCause;
        diagnosis.error.raw = record.rawError;
        attempt.diagnosis = diagnosis;
    }
    return attempt;
}

// Replays a stored question into the conversation through its ordinary edits, so that every view
// shows it as it showed a question asked in this session; its final SQL stands for the reply.
// columns: what its answer returned, when its conversation turn kept them.
void restoreQuestion(core::Conversation *conversation, const core::QuestionTrace &trace,
                     const QStringList &columns = {})
{
    const int question = conversation->addQuestion(trace.question);
    core::QuestionOutcome outcome;
    outcome.question = trace.question;
    outcome.status = trace.status;
    outcome.finalSql = trace.finalSql;
    outcome.columns = columns;
    outcome.started = trace.started;
    outcome.totalMs = trace.totalMs;
    outcome.promptTokens = trace.promptTokens;
    outcome.completionTokens = trace.completionTokens;
    for (const core::AttemptRecord &record : trace.attempts) {
        const core::LoopAttempt attempt = attemptFromRecord(record);
        conversation->startAttempt(question, attempt.index, attempt.origin);
        if (!attempt.sql.isEmpty() && &record == &trace.attempts.constLast())
            conversation->appendText(question, u"```sql\n%1\n```"_s.arg(attempt.sql));
        conversation->finishAttempt(question, attempt);
        outcome.attempts.append(attempt);
    }
    outcome.rowCount = -1; // not kept: the rows come back when its SQL runs again
    conversation->finishQuestion(question, outcome);
}

// A stored conversation with the traces of its questions, read in one job on the store's thread.
struct StoredConversation
{
    std::optional<core::ConversationRecord> record;
    QList<core::QuestionTrace> traces;
};

core::Result<StoredConversation>
withTraces(core::CaseStore &store,
           const core::Result<std::optional<core::ConversationRecord>> &record)
{
    if (!record)
        return core::makeUnexpected(record.error());
    StoredConversation found{record.value(), {}};
    if (found.record) {
        for (const core::ConversationTurn &turn : found.record->turns) {
            core::Result<core::QuestionTrace> trace = store.loadHistory(turn.historyId);
            if (trace)
                found.traces.append(std::move(trace).value());
        }
    }
    return found;
}

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("SQLMend"));
    setObjectName(u"mainWindow"_s);
    m_session = new Session(this);
    m_secrets = new KeychainSecretStore(this);

    m_conversation = new core::Conversation(this);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"centralTabs"_s);
    m_tabs->setDocumentMode(true);
    createAskTab();
    m_runSql = new RunSqlPanel(m_session, m_tabs);
    m_tabs->addTab(m_runSql, tr("Run SQL"));
    setCentralWidget(m_tabs);
    m_schemaDock = new SchemaDock(m_session, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_schemaDock);
    // One store for the window, on its own thread: the loops write to it, the history reads it.
    m_store = std::make_shared<core::CaseStoreService>();
    openCaseStore(AppSettings::load().caseStoreLocation);
    m_schemaDock->setCaseStore(m_store);
    connect(m_schemaDock, &SchemaDock::problem, this,
            [this](const QString &message) { statusBar()->showMessage(message, 15000); });
    createDocks();

    m_connectionLabel = new QLabel(tr("Open a database to begin."), this);
    statusBar()->addPermanentWidget(m_connectionLabel);

    createActions();
    applySettings();

    connect(m_session, &Session::connectionOpened, this,
            [this](int connection) { onConnectionOpened(connection); });
    connect(m_session, &Session::connectionFailed, this,
            [this](int connection, const core::Diagnosis &diagnosis) {
                // The same card as a failed query: class, root cause, advice, raw error.
                m_runSql->diagnosisCard()->setDiagnosis(diagnosis, core::RunOutcome::Error);
                m_runSql->tabs()->setCurrentIndex(2);
                onConnectionFailed(connection, diagnosis.advice.rootCause);
            });
    connect(m_session, &Session::connectionClosed, this, &MainWindow::onConnectionClosed);
    connect(m_runSql, &RunSqlPanel::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 10000); });
    connect(m_secrets, &KeychainSecretStore::keptForSession, this,
            [this](const QString &key, const QString &reason) {
                const QString what = key == AppSettings::apiKeySecretKey()
                        ? tr("The API key")
                        : tr("The password for %1").arg(key);
                statusBar()->showMessage(tr("%1 is kept for this session only because %2; it "
                                            "will be asked for again after a restart.")
                                                 .arg(what, reason),
                                         30000);
            });
    connect(m_schemaDock, &SchemaDock::previewRequested, this,
            [this](int connection, const QString &sql) {
                const int index = m_connectionBox->findData(connection);
                if (index >= 0)
                    m_connectionBox->setCurrentIndex(index);
                m_runSql->setSql(sql);
                showRunSql();
                m_runSql->run();
            });
    connect(m_schemaDock, &SchemaDock::insertRequested, m_runSql, &RunSqlPanel::insertText);
    connect(m_schemaDock, &SchemaDock::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 10000); });
    resize(1200, 780);
    restoreLayout();
    restoreWorkspace();
}

MainWindow::~MainWindow()
{
    // The loops call into the session's executors; they go first.
    for (const QPointer<core::CorrectionLoop> &loop : std::as_const(m_loops))
        delete loop.data();
    m_loops.clear();
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *connectAction =
            file->addAction(tr("&Connect…"), this, &MainWindow::showConnectionDialog);
    connectAction->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Demo Database"), this, &MainWindow::openDemo);
    m_closeConnection =
            file->addAction(tr("C&lose Connection"), this, &MainWindow::closeCurrentConnection);
    m_closeConnection->setEnabled(false);
    file->addSeparator();
    QAction *settingsAction =
            file->addAction(tr("&Settings…"), this, &MainWindow::showSettingsDialog);
    settingsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settingsAction->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *query = menuBar()->addMenu(tr("&Query"));
    QAction *newConversation =
            query->addAction(tr("&New Conversation"), this, &MainWindow::newConversation);
    newConversation->setObjectName(u"newConversationAction"_s);
    newConversation->setShortcut(QKeySequence::New);
    newConversation->setToolTip(tr("Start a new conversation: the next question does not build "
                                   "on the earlier ones"));
    query->addSeparator();
    QAction *run = query->addAction(tr("&Run SQL"), m_runSql, &RunSqlPanel::run);
    run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    // The panel owns the shortcut itself; the menu entry shows it.
    run->setShortcutContext(Qt::WidgetShortcut);
    QAction *stop = query->addAction(tr("&Stop"), m_runSql, &RunSqlPanel::stop);
    stop->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    stop->setShortcutContext(Qt::WidgetShortcut);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *findSchema =
            view->addAction(tr("&Filter Schema"), m_schemaDock, &SchemaDock::focusFilter);
    findSchema->setShortcut(QKeySequence::Find);
    view->addAction(m_schemaDock->toggleViewAction());
    view->addAction(m_timelineDock->toggleViewAction());
    view->addAction(m_casesDock->toggleViewAction());
    view->addAction(m_historyDock->toggleViewAction());
    QAction *findHistory = view->addAction(tr("Find in &History"), this, [this] {
        m_historyDock->show();
        m_historyDock->raise();
        m_history->focusFilter();
    });
    findHistory->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    view->addSeparator();
    QAction *ask = view->addAction(tr("&Ask"), this, &MainWindow::showAsk);
    ask->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction *runSql = view->addAction(tr("Run &SQL"), this, &MainWindow::showRunSql);
    runSql->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    QAction *question = view->addAction(tr("&Question Box"), this, [this] {
        showAsk();
        m_chat->questionEdit()->setFocus(Qt::ShortcutFocusReason);
    });
    question->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    // Docks: Alt+1..4 show or hide them; showing one also brings it to the front of its tabs.
    const QList<QDockWidget *> docks = {m_schemaDock, m_timelineDock, m_casesDock, m_historyDock};
    for (int i = 0; i < docks.size(); ++i) {
        QDockWidget *dock = docks.at(i);
        QAction *toggle = dock->toggleViewAction();
        toggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(toggle, &QAction::triggered, dock, [dock](bool shown) {
            if (shown)
                dock->raise();
        });
    }

    QAction *exportResult = query->addAction(tr("E&xport Result…"), this, [this] {
        showRunSql();
        m_runSql->resultsView()->exportInteractively();
    });
    exportResult->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportResult->setShortcutContext(Qt::WidgetShortcut); // the grid owns the key

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QMenu *guide = help->addMenu(tr("&User Guide"));
    // The README's sections, by their anchors.
    const QList<std::pair<QString, QString>> sections = {
            {tr("The Desktop App"), u"the-desktop-app"_s},
            {tr("Pointing SQLMend at a Model"), u"pointing-sqlmend-at-a-model"_s},
            {tr("Command Line"), u"command-line"_s},
            {tr("Error Classes"), u"error-classes"_s},
            {tr("Installing"), u"installing"_s},
    };
    for (const auto &section : sections) {
        const QString anchor = section.second; // clang 14 captures no structured binding
        guide->addAction(section.first, this,
                         [anchor] { QDesktopServices::openUrl(readmeUrl(anchor)); });
    }
    guide->setEnabled(!readmeUrl({}).isEmpty());
    QAction *about = help->addAction(tr("&About SQLMend"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    about->setShortcut(QKeySequence::HelpContents);

    QToolBar *toolbar = addToolBar(tr("Connection"));
    toolbar->setObjectName(u"connectionToolbar"_s);
    toolbar->addAction(connectAction);
    toolbar->addAction(newConversation);
    m_connectionBox = new QComboBox(toolbar);
    m_connectionBox->setAccessibleName(tr("Current connection"));
    m_connectionBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_connectionBox->setPlaceholderText(tr("No connection"));
    toolbar->addWidget(m_connectionBox);
    connect(m_connectionBox, &QComboBox::currentIndexChanged, this, [this] {
        const int connection = currentConnection();
        m_runSql->setConnection(connection);
        m_closeConnection->setEnabled(connection != 0);
        const QString name = m_session->displayName(connection);
        m_connectionLabel->setText(connection ? name : tr("Open a database to begin."));
        setWindowTitle(connection ? tr("%1 \u2014 SQLMend").arg(name) : tr("SQLMend"));
    });
}

QUrl MainWindow::readmeUrl(const QString &anchor)
{
    // Installed with the package, else the source tree's (a build run in place).
    const QStringList candidates = {
            QStringLiteral(SQLMEND_DOC_DIR "/README.md"),
            QStringLiteral(SQLMEND_SOURCE_README),
    };
    for (const QString &path : candidates) {
        if (QFileInfo(path).isFile()) {
            QUrl url = QUrl::fromLocalFile(QFileInfo(path).canonicalFilePath());
            if (!anchor.isEmpty())
                url.setFragment(anchor);
            return url;
        }
    }
    return {};
}

QString MainWindow::aboutText()
{
    const QString dependencies =
            tr("<p>Built on Qt %1 (LGPLv3: Core, Widgets, Charts, Sql, Network, Concurrent, Svg), "
               "QtKeychain (BSD-3-Clause), libpg_query (BSD-3-Clause, with PostgreSQL's parser "
               "under the PostgreSQL Licence), libxlsxwriter (BSD-2-Clause) and SQLite (public "
               "domain), with the database drivers Debian ships for Qt.</p>")
                    .arg(QString::fromLatin1(qVersion()));
    return tr("<h3>SQLMend %1</h3><p>Ask a database a question in plain language; the model "
              "writes the SQL, SQLMend guards and runs it, and diagnoses and repairs what "
              "fails.</p><p>SQLMend's own code: MIT licence.</p>")
                   .arg(QStringLiteral(SQLMEND_VERSION))
            + dependencies;
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About SQLMend"), aboutText());
}

int MainWindow::currentConnection() const
{
    return m_connectionBox->currentData().toInt();
}

void MainWindow::openDemo()
{
    if (m_preparingDemo)
        return;
    m_preparingDemo = true;
    m_connectionLabel->setText(tr("Preparing the demo database…"));
    showAsk();
    // The job touches only its own file; a window that is gone by its end drops the answer.
    core::onFinished(
            QtConcurrent::run(
                    [] { return core::DemoDatabase::ensure(core::DemoDatabase::defaultPath()); }),
            this, [this](const QFuture<core::Result<QString>> &done) {
                m_preparingDemo = false;
                const core::Result<QString> path = core::resultOf(done).value_or(
                        core::Result<QString>(core::makeFailure(tr("the job was cancelled"))));
                if (!path) {
                    m_connectionLabel->setText(tr("The demo database could not be created: %1")
                                                       .arg(path.error().message));
                    return;
                }
                const auto profile = core::ConnectionProfile::fromUrl(u"sqlite://"_s + *path);
                if (!profile) {
                    m_connectionLabel->setText(profile.error().message);
                    return;
                }
                openConnection(*profile);
                if (m_runSql->editor()->toPlainText().isEmpty())
                    m_runSql->setSql(
                            u"SELECT status, count(*) AS orders\nFROM orders\nGROUP BY status"_s);
            });
}

void MainWindow::openConnection(const core::ConnectionProfile &profile, const QString &password,
                                const QString &name)
{
    // The same database twice (a restored connection and --demo) is one connection.
    const QString url = profile.toUrl();
    if (m_opening.contains(url) || selectConnection(url))
        return;
    m_opening.insert(url);
    QString shownName = name.trimmed();
    if (shownName.isEmpty())
        shownName = ConnectionStore::nameFor(url);
    const QString label = shownName.isEmpty() ? profile.displayName() : shownName;
    if (password.isEmpty() && profile.needsPassword()) {
        // A remembered password arrives from the keychain later; the window keeps going.
        m_connectionLabel->setText(tr("Looking up the password for %1…").arg(label));
        core::onFinished(
                m_secrets->lookup(profile.secretKey()), this,
                [this, profile, shownName, label](const QFuture<core::Result<QString>> &done) {
                    const std::optional<core::Result<QString>> secret = core::resultOf(done);
                    m_connectionLabel->setText(tr("Connecting to %1…").arg(label));
                    m_session->open(profile, secret && *secret ? **secret : QString(), shownName);
                });
        return;
    }
    m_connectionLabel->setText(tr("Connecting to %1…").arg(label));
    m_session->open(profile, password, shownName);
}

QString MainWindow::connectionName(const QString &datasource) const
{
    if (datasource.isEmpty())
        return {};
    const auto profile = core::ConnectionProfile::fromUrl(datasource);
    const QString url = profile ? profile->toUrl() : datasource;
    for (const int connection : m_session->connections()) {
        if (m_session->profile(connection).toUrl() == url)
            return m_session->displayName(connection);
    }
    const QString saved = ConnectionStore::nameFor(url);
    if (!saved.isEmpty())
        return saved;
    return profile ? profile->displayName() : core::ConnectionProfile::withoutPassword(datasource);
}

void MainWindow::onConnectionOpened(int connection)
{
    const QString url = m_session->profile(connection).toUrl();
    m_opening.remove(url);
    m_connectionBox->addItem(m_session->displayName(connection), connection);
    // A restored connection that was not the current one opens in the background.
    if (m_restoredCurrent.isEmpty() || m_restoredCurrent == url) {
        m_connectionBox->setCurrentIndex(m_connectionBox->count() - 1);
        m_restoredCurrent.clear();
    }
    if (ensureLoop(connection) && !m_pendingQuestion.isEmpty()) {
        showAsk();
        m_chat->questionEdit()->setPlainText(std::exchange(m_pendingQuestion, QString()));
        m_chat->submit();
    }
    statusBar()->showMessage(tr("Connected to %1.").arg(m_session->displayName(connection)), 10000);
    // Past questions of this database now go by its connection's name.
    m_history->setDatasourceNamer(
            [this](const QString &datasource) { return connectionName(datasource); });
}

void MainWindow::onConnectionFailed(int connection, const QString &message)
{
    const QString name = m_session->displayName(connection);
    m_opening.remove(m_session->profile(connection).toUrl());
    m_session->close(connection);
    m_connectionLabel->setText(tr("Could not connect to %1: %2").arg(name, message));
}

void MainWindow::onConnectionClosed(int connection)
{
    // Its question, if one was running, has ended already ("the connection was closed"): the
    // loop stops when the connection's executor goes.
    retireLoop(m_loops.take(connection));
    const int index = m_connectionBox->findData(connection);
    if (index >= 0)
        m_connectionBox->removeItem(index);
}

void MainWindow::closeCurrentConnection()
{
    if (const int connection = currentConnection())
        m_session->close(connection);
}

void MainWindow::showConnectionDialog()
{
    auto *dialog = new ConnectionDialog(m_secrets, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        openConnection(dialog->profile(), dialog->password(), dialog->nameEdit()->text());
    });
    dialog->open();
}

void MainWindow::showSettingsDialog()
{
    auto *dialog = new SettingsDialog(m_secrets, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, &MainWindow::applySettings);
    dialog->open();
}

void MainWindow::applySettings()
{
    const AppSettings settings = AppSettings::load();
    m_session->setDefaultTimeout(settings.statementTimeoutSeconds * 1000);
    m_runSql->setRowCap(settings.rowCap);
    if (settings.caseStoreLocation != m_storeLocation) {
        // Jobs queued before run on the old store; the loops and views keep the same service,
        // and list the new store when it announces itself (changed()).
        openCaseStore(settings.caseStoreLocation);
        // The conversation kept for the next start names questions by their ids in the old
        // store; in the new one those ids are other questions.
        m_conversationIds.clear();
        m_conversationName.clear();
        WorkspaceState::saveConversation(m_conversationIds, m_conversationName);
    }

    const quint64 generation = ++m_providerGeneration;
    const core::ProviderSettings provider = settings.providerSettings();
    if (provider.kind == core::ProviderKind::Demo || settings.model.trimmed().isEmpty()) {
        // No model configured: the recorded demo answers, and the chat says so.
        core::ProviderSettings demo;
        demo.kind = core::ProviderKind::Demo;
        useProvider(demo, true);
        return;
    }
    // The API key comes from the keychain later; until then questions wait for the provider.
    m_provider.reset();
    dropIdleLoops();
    m_chat->setRecordedProvider(false);
    core::onFinished(m_secrets->lookup(AppSettings::apiKeySecretKey()), this,
                     [this, generation, provider](const QFuture<core::Result<QString>> &done) {
                         if (generation != m_providerGeneration)
                             return;
                         core::ProviderSettings withKey = provider;
                         const std::optional<core::Result<QString>> secret = core::resultOf(done);
                         if (secret && *secret)
                             withKey.apiKey = **secret;
                         useProvider(withKey, false);
                     });
}

void MainWindow::useProvider(const core::ProviderSettings &settings, bool recorded)
{
    const auto provider = core::LlmProvider::create(settings);
    m_provider.reset();
    m_sampleQuestions.clear();
    if (!provider) {
        statusBar()->showMessage(
                tr("The language model is not usable: %1").arg(provider.error().message), 15000);
    } else {
        m_provider = *provider;
        // The samples in the language the window speaks (the translator's, as for prompts).
        const QString language = AppSettings::load().language;
        if (const auto demo = std::dynamic_pointer_cast<const core::DemoProvider>(m_provider))
            m_sampleQuestions = demo->questions(language.isEmpty() ? QLocale().name() : language);
    }
    m_chat->setRecordedProvider(recorded && m_provider && m_provider->isRecorded());
    m_samples->clear();
    m_samples->addItems(m_sampleQuestions);
    m_samples->setCurrentIndex(-1);
    m_samples->setVisible(!m_sampleQuestions.isEmpty());
    // Loops hold their provider: the next question builds a loop with this one.
    dropIdleLoops();
    for (const int connection : m_session->connections())
        ensureLoop(connection);
}

void MainWindow::createAskTab()
{
    auto *ask = new QWidget(m_tabs);
    auto *layout = new QVBoxLayout(ask);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *samplesRow = new QHBoxLayout;
    samplesRow->setContentsMargins(6, 6, 6, 0);
    m_samples = new QComboBox(ask);
    m_samples->setObjectName(u"sampleQuestions"_s);
    m_samples->setAccessibleName(tr("Sample questions"));
    m_samples->setPlaceholderText(tr("Try a sample question…"));
    m_samples->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // As wide as its longest question when there is room; narrower (elided) when there is not.
    m_samples->setMinimumWidth(m_samples->fontMetrics().averageCharWidth() * 16);
    m_samples->setVisible(false);
    samplesRow->addWidget(m_samples);
    samplesRow->addStretch();
    layout->addLayout(samplesRow);
    m_chat = new ChatPanel(ask);
    m_chat->setConversation(m_conversation);
    layout->addWidget(m_chat, 1);
    m_tabs->addTab(ask, tr("Ask"));

    // A sample fills the question box; the analyst still sends it, and may edit it first.
    connect(m_samples, &QComboBox::textActivated, this, [this](const QString &question) {
        m_chat->questionEdit()->setPlainText(question);
        m_chat->questionEdit()->setFocus();
    });
    connect(m_chat, &ChatPanel::questionSubmitted, this, &MainWindow::ask);
    connect(m_chat, &ChatPanel::newConversationRequested, this, &MainWindow::newConversation);
    connect(m_chat, &ChatPanel::stopRequested, this, [this] {
        if (core::CorrectionLoop *loop = correctionLoop(currentConnection()))
            loop->cancel();
    });
}

void MainWindow::createDocks()
{
    m_timeline = new TimelineView(this);
    m_timeline->setConversation(m_conversation);
    m_timelineDock = new QDockWidget(tr("Timeline"), this);
    m_timelineDock->setObjectName(u"timelineDock"_s);
    m_timelineDock->setWidget(m_timeline);
    addDockWidget(Qt::RightDockWidgetArea, m_timelineDock);
    connect(m_timeline, &TimelineView::attemptActivated, this, &MainWindow::showAttemptSql);
    connect(m_chat, &ChatPanel::questionActivated, this, [this](int question) {
        m_timeline->showQuestion(question);
        m_timelineDock->show();
        m_timelineDock->raise();
    });

    m_casesDock = new QDockWidget(tr("Cases"), this);
    m_casesDock->setObjectName(u"casesDock"_s);
    // The library works on the window's store, on the store's one thread.
    m_cases = new CaseLibraryWidget(m_store, m_casesDock);
    m_casesDock->setWidget(m_cases);
    connect(m_cases, &CaseLibraryWidget::rerunRequested, this, &MainWindow::rerunCase);
    addDockWidget(Qt::RightDockWidgetArea, m_casesDock);
    tabifyDockWidget(m_timelineDock, m_casesDock);
    m_timelineDock->raise();

    // Past questions, below the schema: activating one shows its timeline again.
    m_history = new HistoryPanel(this);
    m_history->setCaseStore(m_store);
    m_historyDock = new QDockWidget(tr("History"), this);
    m_historyDock->setObjectName(u"historyDock"_s);
    m_historyDock->setWidget(m_history);
    addDockWidget(Qt::LeftDockWidgetArea, m_historyDock);
    splitDockWidget(m_schemaDock, m_historyDock, Qt::Vertical);
    connect(m_history, &HistoryPanel::traceLoaded, this, [this](const core::QuestionTrace &trace) {
        m_timeline->showTrace(trace);
        m_timelineDock->show();
        m_timelineDock->raise();
    });
    m_history->setDatasourceNamer(
            [this](const QString &datasource) { return connectionName(datasource); });
    connect(m_history, &HistoryPanel::askAgainRequested, this,
            [this](const QString &question, const QString &datasource) {
                // On the database it was asked of when that is open, else on the current one.
                selectConnection(datasource);
                showAsk();
                m_chat->questionEdit()->setPlainText(question);
                m_chat->submit();
            });
    connect(m_history, &HistoryPanel::sqlRequested, this,
            [this](const QString &sql, const QString &datasource, bool run) {
                if (run) {
                    loadAttempt(sql, datasource);
                    return;
                }
                selectConnection(datasource);
                m_runSql->setSql(sql);
                showRunSql();
            });
    connect(m_history, &HistoryPanel::conversationRequested, this, &MainWindow::openConversationOf);
    connect(m_history, &HistoryPanel::loadFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("The question cannot be opened: %1").arg(message), 10000);
    });
    connect(m_timeline, &TimelineView::traceAttemptActivated, this,
            &MainWindow::showTraceAttemptSql);
}

void MainWindow::openCaseStore(const QString &location)
{
    m_storeLocation = location;
    core::onFinished(
            m_store->open(location), this, [this](const QFuture<core::Result<core::Done>> &done) {
                const std::optional<core::Result<core::Done>> opened = core::resultOf(done);
                if (opened && !*opened) {
                    statusBar()->showMessage(
                            tr("The case store cannot be opened; answers are not saved: "
                               "%1")
                                    .arg(opened->error().message),
                            15000);
                }
            });
}

core::CorrectionLoop *MainWindow::correctionLoop(int connection) const
{
    return m_loops.value(connection).data();
}

core::CorrectionLoop *MainWindow::ensureLoop(int connection)
{
    if (core::CorrectionLoop *loop = correctionLoop(connection))
        return loop;
    core::Executor *executor = m_session->executor(connection);
    if (!executor || !m_provider)
        return nullptr;
    // The loop lives on the GUI thread and reaches the database only through the executor's
    // asynchronous calls, and the case store only through the service's (its own thread).
    auto *loop = new core::CorrectionLoop(executor, m_provider, this);
    loop->setCaseStore(m_store);
    const AppSettings settings = AppSettings::load();
    core::LoopPolicy policy = loop->policy();
    policy.maxCorrections = settings.maxCorrections;
    policy.statementTimeoutMs = settings.statementTimeoutSeconds * 1000;
    policy.emptyResultRetry =
            settings.emptyResultPolicy == AppSettings::EmptyResultPolicy::ExtraRound;
    policy.sampleValues = settings.sampleValues;
    policy.conversationTokenBudget = settings.conversationTokens;
    policy.datasource = m_session->profile(connection).toUrl();
    if (m_provider->isRecorded()) {
        // The recordings hold the model's own corrections; an autofix would replay none of them.
        policy.autofix = false;
        policy.useFixCache = false;
    }
    loop->setPolicy(policy);
    // Prompts in the language the window speaks (English when no template has that language).
    loop->setPromptBuilder(core::PromptBuilder(settings.language.isEmpty() ? QLocale().name()
                                                                           : settings.language));
    m_conversation->follow(loop);
    connect(loop, &core::CorrectionLoop::historySaved, this, [this](qint64 id) {
        m_conversationIds.append(id);
        WorkspaceState::saveConversation(m_conversationIds, m_conversationName);
    });
    connect(loop, &core::CorrectionLoop::turnNotSaved, this,
            [this](const QString &, const QString &reason) {
                statusBar()->showMessage(
                        tr("The question was not kept in its conversation: %1").arg(reason), 15000);
            });
    m_loops.insert(connection, loop);
    return loop;
}

void MainWindow::retireLoop(core::CorrectionLoop *loop)
{
    if (!loop)
        return;
    // Idle, and answering no more questions; it stays only until the store has answered the
    // history write of its last question (that id goes into the conversation kept for the next
    // start), and at most as long as a store may take to answer.
    connect(loop, &core::CorrectionLoop::historySaved, loop, &QObject::deleteLater,
            Qt::QueuedConnection);
    QTimer::singleShot(core::CaseStoreService::shutdownTimeoutMs, loop, &QObject::deleteLater);
}

void MainWindow::dropIdleLoops()
{
    for (auto it = m_loops.begin(); it != m_loops.end();) {
        if (it->isNull() || !(*it)->isRunning()) {
            retireLoop(*it);
            it = m_loops.erase(it);
        } else {
            ++it;
        }
    }
}

void MainWindow::ask(const QString &question)
{
    const int connection = currentConnection();
    if (connection == 0) {
        statusBar()->showMessage(tr("Open a database before asking a question."), 10000);
        return;
    }
    core::CorrectionLoop *loop = ensureLoop(connection);
    if (!loop) {
        statusBar()->showMessage(tr("The language model is not ready yet; try again shortly."),
                                 10000);
        return;
    }
    // A question after an answer follows up on it, on the database the conversation is about;
    // on another database it starts a new conversation.
    const QString datasource = m_session->profile(connection).toUrl();
    if (loop->isRunning()) {
        statusBar()->showMessage(tr("The question could not be started."), 10000);
        return;
    }
    if (!m_conversationName.isEmpty() && m_conversationSource != datasource
        && m_conversation->count() > 0) {
        newConversation();
        statusBar()->showMessage(tr("A new conversation: the earlier questions were about "
                                    "another database."),
                                 10000);
    }
    if (m_conversationName.isEmpty()) {
        m_conversationName = core::ConversationStore::generatedName();
        m_conversationSource = datasource;
    }
    core::FollowUp followUp;
    followUp.conversation = m_conversationName;
    followUp.earlier = earlierTurns();
    if (!loop->ask(question, followUp)) {
        statusBar()->showMessage(tr("The question could not be started."), 10000);
        return;
    }
    // The new question takes the timeline back from a question reopened from history.
    m_timeline->showQuestion(m_conversation->count() - 1);
    m_timelineDock->show();
}

QList<core::ConversationTurn> MainWindow::earlierTurns() const
{
    QList<core::ConversationTurn> turns;
    for (const core::ConversationQuestion &entry : m_conversation->questions()) {
        if (!entry.outcome)
            continue;
        core::ConversationTurn turn;
        turn.index = int(turns.size());
        turn.question = entry.question;
        turn.status = entry.outcome->status;
        turn.finalSql = entry.outcome->finalSql;
        turn.columns = entry.outcome->columns;
        turns.append(turn);
    }
    return turns;
}

void MainWindow::newConversation()
{
    // A question still running belongs to the conversation being left: it stops.
    for (const QPointer<core::CorrectionLoop> &loop : std::as_const(m_loops)) {
        if (loop && loop->isRunning())
            loop->cancel();
    }
    m_conversation->clear();
    m_conversationIds.clear();
    m_conversationName.clear();
    m_conversationSource.clear();
    WorkspaceState::saveConversation(m_conversationIds, m_conversationName);
    showAsk();
    m_chat->questionEdit()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showConversation(const core::ConversationRecord &record,
                                  const QList<core::QuestionTrace> &traces)
{
    newConversation();
    m_conversationName = record.name;
    m_conversationSource = record.datasource;
    for (const core::ConversationTurn &turn : record.turns) {
        const auto trace = std::find_if(traces.cbegin(), traces.cend(),
                                        [&turn](const core::QuestionTrace &candidate) {
                                            return candidate.id == turn.historyId;
                                        });
        if (trace != traces.cend()) {
            restoreQuestion(m_conversation, *trace, turn.columns);
            m_conversationIds.append(trace->id);
            continue;
        }
        // A question the history forgot still counts as a turn of its conversation.
        core::QuestionTrace kept;
        kept.question = turn.question;
        kept.status = turn.status;
        kept.finalSql = turn.finalSql;
        kept.started = turn.asked;
        restoreQuestion(m_conversation, kept, turn.columns);
    }
    WorkspaceState::saveConversation(m_conversationIds, m_conversationName);
}

void MainWindow::openConversationOf(qint64 historyId)
{
    std::function<core::Result<StoredConversation>(core::CaseStore &)> job =
            [historyId](core::CaseStore &store) {
                return withTraces(store,
                                  core::ConversationStore(store).conversationOfQuestion(historyId));
            };
    core::onFinished(m_store->submit(std::move(job)), this,
                     [this](const QFuture<core::Result<StoredConversation>> &done) {
                         const auto found = core::resultOf(done);
                         if (!found || !*found || !found->value().record) {
                             statusBar()->showMessage(
                                     tr("The conversation cannot be opened: %1")
                                             .arg(found && !*found
                                                          ? found->error().message
                                                          : tr("the question was asked alone")),
                                     10000);
                             return;
                         }
                         const core::ConversationRecord &record = *found->value().record;
                         showConversation(record, found->value().traces);
                         selectConnection(record.datasource);
                         showAsk();
                         statusBar()->showMessage(
                                 tr("Reopened a conversation of %n question(s); the next question "
                                    "continues it.",
                                    nullptr, int(record.turns.size())),
                                 10000);
                     });
}

void MainWindow::showAttemptSql(int question, int attempt)
{
    if (question < 0 || question >= m_conversation->count())
        return;
    const core::ConversationQuestion &entry = m_conversation->question(question);
    for (const core::LoopAttempt &finished : entry.attempts) {
        if (finished.index == attempt && !finished.sql.isEmpty()) {
            m_timeline->setCurrentAttempt(attempt);
            loadAttempt(finished.sql, {});
            return;
        }
    }
}

void MainWindow::showTraceAttemptSql(qint64 traceId, int attempt)
{
    const core::QuestionTrace &trace = m_timeline->trace();
    if (!m_timeline->isShowingTrace() || trace.id != traceId)
        return;
    for (const core::AttemptRecord &record : trace.attempts) {
        if (record.index == attempt && !record.sql.isEmpty()) {
            m_timeline->setCurrentAttempt(attempt);
            loadAttempt(record.sql, trace.datasource);
            return;
        }
    }
}

bool MainWindow::selectConnection(const QString &datasource)
{
    for (int i = 0; i < m_connectionBox->count(); ++i) {
        const int connection = m_connectionBox->itemData(i).toInt();
        if (m_session->profile(connection).toUrl() == datasource) {
            m_connectionBox->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

void MainWindow::rerunCase(const QString &sql, const QString &datasource)
{
    // Prefer the connection the case was recorded on, when it is open.
    selectConnection(datasource);
    m_runSql->setSql(sql);
    showRunSql();
    m_runSql->run();
}

void MainWindow::loadAttempt(const QString &sql, const QString &datasource)
{
    // An attempt's result is shown by running its SQL again (read-only, bounded, stoppable):
    // attempts keep no rows. A past question runs only on the database it was asked of.
    m_runSql->setSql(sql);
    showRunSql();
    if (!datasource.isEmpty() && !selectConnection(datasource)) {
        statusBar()->showMessage(
                tr("This question was asked of %1, which is not open; connect to it to run the "
                   "SQL.")
                        .arg(connectionName(datasource)),
                10000);
        return;
    }
    m_runSql->run();
}

void MainWindow::askWhenReady(const QString &question)
{
    m_pendingQuestion = question;
}

void MainWindow::showAsk()
{
    m_tabs->setCurrentIndex(m_tabs->indexOf(m_chat->parentWidget()));
}

void MainWindow::showRunSql()
{
    m_tabs->setCurrentWidget(m_runSql);
}

void MainWindow::restoreLayout()
{
    // A dock is never narrower than a few words of its contents, whatever the layout saved:
    // in characters, so that it holds at every scale factor; small enough that all the docks
    // and the tabs fit a 1280 x 720 screen at 1.5x (853 device-independent pixels).
    const int character = fontMetrics().averageCharWidth();
    m_schemaDock->setMinimumWidth(character * 16);
    m_historyDock->setMinimumWidth(character * 16);
    m_timelineDock->setMinimumWidth(character * 24);
    m_casesDock->setMinimumWidth(character * 24);

    QSettings settings;
    restoreGeometry(settings.value(u"ui/mainWindow/geometry"_s).toByteArray());
    restoreState(settings.value(u"ui/mainWindow/state"_s).toByteArray());
    fitToScreen();
    // The case library's dock is large; it opens when asked for, not on top of a first start.
    if (!settings.contains(u"ui/mainWindow/state"_s)) {
        m_casesDock->hide();
        // Wide enough for an attempt card's SQL and advice.
        resizeDocks({m_timelineDock}, {460}, Qt::Horizontal);
    }
    m_runSql->splitter()->restoreState(settings.value(u"ui/runSql/splitter"_s).toByteArray());
}

void MainWindow::fitToScreen()
{
    const QScreen *shown = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!shown)
        return;
    const QRect available = shown->availableGeometry();
    // Room for the window manager's frame, which is not known before the window is shown.
    const QMargins frame = isVisible() ? QMargins(geometry().left() - frameGeometry().left(),
                                                  geometry().top() - frameGeometry().top(),
                                                  frameGeometry().right() - geometry().right(),
                                                  frameGeometry().bottom() - geometry().bottom())
                                       : QMargins(8, 40, 8, 8);
    const QRect room = available.marginsRemoved(frame);
    const QSize size = this->size().boundedTo(room.size()).expandedTo(minimumSizeHint());
    if (size != this->size())
        resize(size);
    QPoint at = pos();
    if (geometry().right() > room.right())
        at.rx() -= geometry().right() - room.right();
    if (geometry().bottom() > room.bottom())
        at.ry() -= geometry().bottom() - room.bottom();
    at.rx() = std::max(at.x(), available.left());
    at.ry() = std::max(at.y(), available.top());
    if (at != pos())
        move(at);
}

void MainWindow::widenNarrowDocks()
{
    // What a dock needs to be read: about 24 characters for the tree and the history, 40 for
    // the timeline's cards; never more than a quarter of the window each.
    const int character = fontMetrics().averageCharWidth();
    QList<QDockWidget *> docks;
    QList<int> widths;
    const auto want = [&](QDockWidget *dock, int characters) {
        const int wanted = std::min(character * characters, width() / 4);
        if (dock->isVisible() && !dock->isFloating() && dock->width() < wanted) {
            docks.append(dock);
            widths.append(wanted);
        }
    };
    want(m_schemaDock, 24);
    want(m_historyDock, 24);
    want(m_timelineDock, 40);
    want(m_casesDock, 40);
    if (!docks.isEmpty())
        resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (std::exchange(m_shownOnce, true))
        return;
    // Once the docks have their real widths and the frame is known.
    QTimer::singleShot(0, this, [this] {
        fitToScreen();
        widenNarrowDocks();
    });
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(u"ui/mainWindow/geometry"_s, saveGeometry());
    settings.setValue(u"ui/mainWindow/state"_s, saveState());
    settings.setValue(u"ui/runSql/splitter"_s, m_runSql->splitter()->saveState());
}

void MainWindow::saveWorkspace() const
{
    WorkspaceState state;
    state.sql = m_runSql->editor()->toPlainText();
    for (int i = 0; i < m_connectionBox->count(); ++i) {
        const int connection = m_connectionBox->itemData(i).toInt();
        state.connections.append(m_session->profile(connection).toUrl());
        if (connection == currentConnection())
            state.currentConnection = i;
    }
    state.conversation = m_conversationIds;
    state.conversationName = m_conversationName;
    state.save();
}

void MainWindow::restoreWorkspace()
{
    const WorkspaceState state = WorkspaceState::load();
    if (!state.sql.isEmpty())
        m_runSql->editor()->setPlainText(state.sql); // the first text, not an edit to undo
    if (state.currentConnection >= 0)
        m_restoredCurrent = state.connections.at(state.currentConnection);
    for (const QString &url : state.connections) {
        const auto profile = core::ConnectionProfile::fromUrl(url);
        if (profile)
            openConnection(*profile);
    }
    restoreConversation(state.conversation, state.conversationName);
}

void MainWindow::restoreConversation(const QList<qint64> &ids, const QString &name)
{
    if (!name.isEmpty()) {
        // The stored conversation, with its turns' columns, so that the next question continues
        // it; one that is gone (another store) leaves an empty chat.
        std::function<core::Result<StoredConversation>(core::CaseStore &)> job =
                [name](core::CaseStore &store) {
                    return withTraces(store,
                                      core::ConversationStore(store).conversationNamed(name));
                };
        core::onFinished(m_store->submit(std::move(job)), this,
                         [this](const QFuture<core::Result<StoredConversation>> &done) {
                             const auto found = core::resultOf(done);
                             if (found && *found && found->value().record
                                 && m_conversation->count() == 0)
                                 showConversation(*found->value().record, found->value().traces);
                         });
        return;
    }
    if (ids.isEmpty())
        return;
    // One job on the store's thread reads them all; questions it no longer has are left out.
    std::function<core::Result<QList<core::QuestionTrace>>(core::CaseStore &)> job =
            [ids](core::CaseStore &store) -> core::Result<QList<core::QuestionTrace>> {
        QList<core::QuestionTrace> traces;
        for (const qint64 id : ids) {
            core::Result<core::QuestionTrace> trace = store.loadHistory(id);
            if (trace)
                traces.append(std::move(trace).value());
        }
        return traces;
    };
    core::onFinished(m_store->submit(std::move(job)), this,
                     [this](const QFuture<core::Result<QList<core::QuestionTrace>>> &done) {
                         const auto traces = core::resultOf(done);
                         if (!traces || !*traces)
                             return;
                         for (const core::QuestionTrace &trace : traces->value()) {
                             restoreQuestion(m_conversation, trace);
                             m_conversationIds.append(trace.id);
                         }
                     });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    saveWorkspace();
    QMainWindow::closeEvent(event);
}

} // namespace sqlmend::ui
