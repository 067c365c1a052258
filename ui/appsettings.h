#pragma once

#include "core/llm/providersettings.h"

#include <QString>

namespace sqlmend::ui {

// What the settings dialog edits, as kept in QSettings. Never a secret: the API key lives in the
// keychain under apiKeySecretKey().
struct AppSettings
{
    enum class EmptyResultPolicy { ExtraRound, Accept };

    core::ProviderKind providerKind = core::ProviderKind::OpenAiCompatible;
    QString providerPreset = QStringLiteral("ollama");
    QString baseUrl = QStringLiteral("http://localhost:11434/v1");
    QString model;
    int maxCorrections = 2;
    int statementTimeoutSeconds = 30;
    int llmTimeoutSeconds = 120;
    EmptyResultPolicy emptyResultPolicy = EmptyResultPolicy::ExtraRound;
    bool sampleValues = false;
    QString caseStoreLocation; // empty: the default location
    QString language;          // "", "en" or "zh_CN"; app/main.cpp reads "ui/language"

    static AppSettings load();
    void save() const;

    // The provider the settings describe, without its API key.
    core::ProviderSettings providerSettings() const;

    static QString apiKeySecretKey();

    friend bool operator==(const AppSettings &, const AppSettings &) = default;
};

} // namespace sqlmend::ui
