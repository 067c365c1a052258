#pragma once

#include "core/llm/providersettings.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>

#include <optional>

namespace sqlmend::app {

// The options that choose a model and how it is asked, shared by `ask` and `bench correction`:
// --llm-url, --model, --provider, --api-key-env, --no-stream, --max-corrections, --language.
class ModelOptions
{
public:
    ModelOptions();

    QList<QCommandLineOption> options() const;
    // --model, --llm-url or --provider is given.
    bool chosen(const QCommandLineParser &parser) const;
    // The first of the options that is set, as "--name", or empty.
    QString firstSet(const QCommandLineParser &parser) const;

    // Each prints "sqlmend <command>: ..." and yields nothing on bad usage.
    // allowDemo: --provider demo (recorded answers for the demo shop) is accepted.
    std::optional<core::ProviderSettings>
    providerSettings(const QCommandLineParser &parser, const char *command, bool allowDemo) const;
    std::optional<int> maxCorrections(const QCommandLineParser &parser, const char *command) const;
    // "" (English) or a language the prompt templates have.
    std::optional<QString> language(const QCommandLineParser &parser, const char *command) const;

private:
    QCommandLineOption m_llmUrl;
    QCommandLineOption m_model;
    QCommandLineOption m_provider;
    QCommandLineOption m_apiKeyEnv;
    QCommandLineOption m_noStream;
    QCommandLineOption m_maxCorrections;
    QCommandLineOption m_language;
};

} // namespace sqlmend::app
