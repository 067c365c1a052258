#pragma once

#include "core/cases/conversationrecord.h"
#include "core/llm/providersettings.h"
#include "core/sql/connectionprofile.h"

#include <QHash>
#include <QMainWindow>
#include <QUrl>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <memory>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QTabWidget;
class QTimer;

namespace sqlmend::core {
class CaseStoreService;
class Conversation;
class CorrectionLoop;
class LlmProvider;
} // namespace sqlmend::core

namespace sqlmend::ui {

class CaseLibraryWidget;
class ChatPanel;
class HistoryPanel;
class KeychainSecretStore;
class RunSqlPanel;
class SchemaDock;
class Session;
class TimelineView;

// The application window: the schema browser dock, the Ask tab (the chat, driven by one
// correction loop per open connection), the Run SQL tab with results, chart and diagnosis, the
// retry timeline, history and case library docks, connections (dialog and keychain) and settings.
// Everything slow runs on the connection's worker through the session, or on the case store's
// thread through the store service; this window only reacts to their signals and futures.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Reads AppSettings again and applies them (what Settings' OK does).
    void applySettings();
    // Help > About: the version and the licences of what SQLMend is built on.
    void showAbout();
    static QString aboutText();
    // The README (installed, else the source tree's) at a section's anchor; empty when absent.
    static QUrl readmeUrl(const QString &anchor);
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Creates the bundled demo database on a worker thread, then opens it.
    void openDemo();
    // Opens a connection; a remembered password is looked up in the keychain first. name: the
    // person's name for it; empty takes the name it was saved under, if any.
    void openConnection(const core::ConnectionProfile &profile, const QString &password = {},
                        const QString &name = {});
    // What a database URL is called here: the name of the open connection to it, else the name
    // it was saved under, else its database's name.
    QString connectionName(const QString &datasource) const;
    void showConnectionDialog();
    void showSettingsDialog();

    Session *session() const { return m_session; }
    KeychainSecretStore *secretStore() const { return m_secrets; }
    SchemaDock *schemaDock() const { return m_schemaDock; }
    RunSqlPanel *runSqlPanel() const { return m_runSql; }
    ChatPanel *chatPanel() const { return m_chat; }
    TimelineView *timelineView() const { return m_timeline; }
    CaseLibraryWidget *caseLibrary() const { return m_cases; }
    HistoryPanel *historyPanel() const { return m_history; }
    // The window's case store, on its own thread, shared by every loop and the history.
    const std::shared_ptr<core::CaseStoreService> &caseStore() const { return m_store; }
    QString caseStoreLocation() const { return m_storeLocation; }
    core::Conversation *conversation() const { return m_conversation; }
    // The stored conversation the next question continues; empty until its first question.
    QString conversationName() const { return m_conversationName; }
    // Starts a fresh conversation: the chat empties and the next question builds on nothing.
    void newConversation();
    // Replaces the chat with the stored conversation that question historyId was asked in, so
    // that the next question continues it.
    void openConversationOf(qint64 historyId);
    // The loop that answers questions on a connection; null until the connection is open and a
    // provider is ready.
    core::CorrectionLoop *correctionLoop(int connection) const;
    // The recorded demo's questions, offered in the Ask tab; empty with a live model.
    QStringList sampleQuestions() const { return m_sampleQuestions; }
    void showAsk();
    void showRunSql();
    // Sends question through the chat as soon as a connection is open and its loop is ready.
    void askWhenReady(const QString &question);
    // The connection the Run SQL panel uses; 0 when none is open.
    int currentConnection() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void createActions();
    void restoreLayout();
    // The window within the screen's available area (a layout saved on a larger screen, or at
    // a smaller scale factor, and the first start's default size alike).
    void fitToScreen();
    // Docks a saved layout left narrower than they are usable are widened.
    void widenNarrowDocks();
    void saveLayout() const;
    // The editor's text, the open connections and the last conversation (WorkspaceState).
    void restoreWorkspace();
    void saveWorkspace() const;
    void restoreConversation(const QList<qint64> &ids, const QString &name);
    // The chat's finished questions as the turns a follow-up builds on.
    QList<core::ConversationTurn> earlierTurns() const;
    void showConversation(const core::ConversationRecord &record,
                          const QList<core::QuestionTrace> &traces);
    void onConnectionOpened(int connection);
    void onConnectionFailed(int connection, const QString &message);
    void onConnectionClosed(int connection);
    void closeCurrentConnection();
    void createAskTab();
    void createDocks();
    void useProvider(const core::ProviderSettings &settings, bool recorded);
    core::CorrectionLoop *ensureLoop(int connection);
    void dropIdleLoops();
    void retireLoop(core::CorrectionLoop *loop);
    void ask(const QString &question);
    void showAttemptSql(int question, int attempt);
    void showTraceAttemptSql(qint64 traceId, int attempt);
    void openCaseStore(const QString &location);
    void rerunCase(const QString &sql, const QString &datasource);
    // Loads an attempt's SQL into Run SQL and runs it there, on datasource's connection when one
    // is given (a past question's).
    void loadAttempt(const QString &sql, const QString &datasource);
    // Makes the open connection with this URL the current one; false when none is open.
    bool selectConnection(const QString &datasource);

    Session *m_session = nullptr;
    KeychainSecretStore *m_secrets = nullptr;
    SchemaDock *m_schemaDock = nullptr;
    RunSqlPanel *m_runSql = nullptr;
    QTabWidget *m_tabs = nullptr;
    ChatPanel *m_chat = nullptr;
    QComboBox *m_samples = nullptr;
    TimelineView *m_timeline = nullptr;
    QDockWidget *m_timelineDock = nullptr;
    CaseLibraryWidget *m_cases = nullptr;
    QDockWidget *m_casesDock = nullptr;
    HistoryPanel *m_history = nullptr;
    QDockWidget *m_historyDock = nullptr;
    std::shared_ptr<core::CaseStoreService> m_store;
    QString m_storeLocation;
    core::Conversation *m_conversation = nullptr;
    QString m_conversationName;   // the stored conversation the chat shows; empty: none yet
    QString m_conversationSource; // the database it is about
    QHash<int, QPointer<core::CorrectionLoop>> m_loops;
    std::shared_ptr<const core::LlmProvider> m_provider;
    quint64 m_providerGeneration = 0; // drops a keychain answer that newer settings superseded
    QStringList m_sampleQuestions;
    QString m_pendingQuestion;
    QComboBox *m_connectionBox = nullptr;
    QLabel *m_connectionLabel = nullptr;
    QAction *m_closeConnection = nullptr;
    bool m_preparingDemo = false;
    bool m_shownOnce = false;
    QSet<QString> m_opening;         // URLs being connected, so that none opens twice
    QString m_restoredCurrent;       // the restored connection that becomes the current one
    QList<qint64> m_conversationIds; // the conversation's questions in the store's history
};

} // namespace sqlmend::ui
