#pragma once

#include "core/llm/providersettings.h"
#include "core/loop/turnbudget.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace sqlmend::ui {

// What the settings dialog edits, as kept in QSettings. Never a secret: the API key lives in the
// keychain under apiKeySecretKey().
struct AppSettings
{
    enum class EmptyResultPolicy { ExtraRound, Accept };

    // Until a model is configured, the recorded demo answers (and Settings says so).
    core::ProviderKind providerKind = core::ProviderKind::Demo;
    QString providerPreset = QStringLiteral("demo");
    QString baseUrl;
    QString model;
    int maxCorrections = 2;
    int statementTimeoutSeconds = 30;
    int rowCap = 1000; // rows a Run SQL run fetches into the grid
    int llmTimeoutSeconds = 120;
    EmptyResultPolicy emptyResultPolicy = EmptyResultPolicy::ExtraRound;
    bool sampleValues = false;
    // What a follow-up's prompt may spend on the conversation's earlier turns.
    int conversationTokens = core::TurnBudget::defaultTokens;
    QString caseStoreLocation; // empty: the default location
    QString language;          // "", "en" or "zh_CN"; app/main.cpp reads "ui/language"

    static AppSettings load();
    void save() const;

    // The provider the settings describe, without its API key.
    core::ProviderSettings providerSettings() const;

    static QString apiKeySecretKey();

    friend bool operator==(const AppSettings &, const AppSettings &) = default;
};

// The work the window brings back on the next start (QSettings under "workspace"): the Run SQL
// editor's text, the connections that were open (URLs without passwords; a remembered password
// comes from the keychain again) and the questions of the last conversation, by their ids in the
// case store's history. The window's layout is kept beside it (MainWindow::saveLayout()).
struct WorkspaceState
{
    // The last conversation keeps at most this many questions.
    static constexpr int maxQuestions = 50;

    QString sql;
    QStringList connections;
    int currentConnection = -1; // index into connections
    QList<qint64> conversation; // history ids, oldest first
    QString conversationName;   // the stored conversation a next question continues

    static WorkspaceState load();
    void save() const;
    // Saves only the conversation (after each question), leaving the rest as it was.
    static void saveConversation(const QList<qint64> &ids, const QString &name);

    friend bool operator==(const WorkspaceState &, const WorkspaceState &) = default;
};

} // namespace sqlmend::ui
