#include "app/modeloptions.h"

#include "app/commandline.h"

#include <QCoreApplication>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

ModelOptions::ModelOptions()
    : m_llmUrl(u"llm-url"_s,
               QCoreApplication::translate("sqlmend::app",
                                           "The model API's base URL (default: the provider's "
                                           "own)."),
               QCoreApplication::translate("sqlmend::app", "url")),
      m_model(u"model"_s, QCoreApplication::translate("sqlmend::app", "The model name."),
              QCoreApplication::translate("sqlmend::app", "name")),
      m_provider(u"provider"_s,
                 QCoreApplication::translate("sqlmend::app",
                                             "openai (any OpenAI-compatible server), "
                                             "anthropic, or demo (recorded answers for "
                                             "the demo shop). Default: openai."),
                 QCoreApplication::translate("sqlmend::app", "kind"), u"openai"_s),
      m_apiKeyEnv(u"api-key-env"_s,
                  QCoreApplication::translate("sqlmend::app",
                                              "Read the API key from this environment variable."),
                  QCoreApplication::translate("sqlmend::app", "var")),
      m_noStream(u"no-stream"_s,
                 QCoreApplication::translate("sqlmend::app", "Ask for the whole reply at once.")),
      m_maxCorrections(
              u"max-corrections"_s,
              QCoreApplication::translate("sqlmend::app",
                                          "Correction rounds after the first try (default 2)."),
              QCoreApplication::translate("sqlmend::app", "n"), u"2"_s),
      m_language(u"language"_s,
                 QCoreApplication::translate("sqlmend::app",
                                             "The prompt language: zh_CN for Chinese prompts "
                                             "(default English)."),
                 QCoreApplication::translate("sqlmend::app", "code"))
{
}

QList<QCommandLineOption> ModelOptions::options() const
{
    return {m_llmUrl, m_model, m_provider, m_apiKeyEnv, m_noStream, m_maxCorrections, m_language};
}

bool ModelOptions::chosen(const QCommandLineParser &parser) const
{
    return parser.isSet(m_model) || parser.isSet(m_llmUrl) || parser.isSet(m_provider);
}

QString ModelOptions::firstSet(const QCommandLineParser &parser) const
{
    for (const QCommandLineOption &option : options()) {
        if (parser.isSet(option))
            return u"--"_s + option.names().constFirst();
    }
    return {};
}

std::optional<core::ProviderSettings>
ModelOptions::providerSettings(const QCommandLineParser &parser, const char *command,
                               bool allowDemo) const
{
    const auto kind = core::ProviderSettings::kindFromName(parser.value(m_provider));
    if (!kind || (!allowDemo && *kind == core::ProviderKind::Demo)) {
        usageError(command,
                   (allowDemo ? QCoreApplication::translate(
                            "sqlmend::app", "--provider takes openai, anthropic or demo, not '%1'")
                              : QCoreApplication::translate(
                                      "sqlmend::app",
                                      "--provider takes openai or anthropic, not '%1'"))
                           .arg(parser.value(m_provider)));
        return std::nullopt;
    }
    core::ProviderSettings settings;
    settings.kind = *kind;
    settings.model = parser.value(m_model);
    settings.stream = !parser.isSet(m_noStream);
    if (*kind != core::ProviderKind::Demo && settings.model.isEmpty()) {
        usageError(command,
                   QCoreApplication::translate("sqlmend::app", "--model NAME is required"));
        return std::nullopt;
    }
    if (parser.isSet(m_llmUrl)) {
        settings.baseUrl = QUrl(parser.value(m_llmUrl), QUrl::StrictMode);
        if (!settings.baseUrl.isValid() || settings.baseUrl.scheme().isEmpty()) {
            usageError(
                    command,
                    QCoreApplication::translate("sqlmend::app", "--llm-url '%1' is not a valid URL")
                            .arg(parser.value(m_llmUrl)));
            return std::nullopt;
        }
    }
    if (parser.isSet(m_apiKeyEnv)) {
        const std::optional<QString> key =
                environmentValue(command, parser.value(m_apiKeyEnv), "--api-key-env");
        if (!key)
            return std::nullopt;
        settings.apiKey = *key;
    }
    return settings;
}

std::optional<int> ModelOptions::maxCorrections(const QCommandLineParser &parser,
                                                const char *command) const
{
    int value = 0;
    if (!parseCount(parser.value(m_maxCorrections), 0, &value)) {
        usageError(command,
                   QCoreApplication::translate(
                           "sqlmend::app", "--max-corrections takes a whole number, 0 or more"));
        return std::nullopt;
    }
    return value;
}

std::optional<QString> ModelOptions::language(const QCommandLineParser &parser,
                                              const char *command) const
{
    const QString language = parser.value(m_language);
    if (language.isEmpty() || language == u"en"_s)
        return QString();
    if (language == u"zh_CN"_s)
        return language;
    usageError(command,
               QCoreApplication::translate("sqlmend::app", "--language takes zh_CN, not '%1'")
                       .arg(language));
    return std::nullopt;
}

} // namespace sqlmend::app
