#include "app/askcommand.h"

#include "core/cases/casestore.h"
#include "core/demo/demodatabase.h"
#include "core/exec/executor.h"
#include "core/llm/llmprovider.h"
#include "core/loop/correctionloop.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

constexpr int ExitOk = 0;
constexpr int ExitFailed = 1;
constexpr int ExitUsage = 2;

QString translate(const char *text)
{
    return QCoreApplication::translate("sqlmend::app", text);
}

int usageError(const QString &message)
{
    std::fprintf(stderr, "sqlmend ask: %s\n", qPrintable(message));
    return ExitUsage;
}

void note(const QString &message)
{
    std::fprintf(stderr, "sqlmend ask: %s\n", qPrintable(message));
}

bool parseCount(const QString &text, int minimum, int *value)
{
    bool ok = false;
    const int parsed = text.toInt(&ok);
    if (!ok || parsed < minimum)
        return false;
    *value = parsed;
    return true;
}

void writeStdout(const QByteArray &bytes)
{
    QFile out;
    if (out.open(stdout, QIODevice::WriteOnly))
        out.write(bytes);
}

// Tab-separated rows for people; the JSON form is for scripts.
QByteArray table(const core::QuestionOutcome &outcome)
{
    QByteArray text = outcome.columns.join(u'\t').toUtf8() + '\n';
    for (const QVariantList &row : outcome.rows) {
        QStringList cells;
        for (const QVariant &cell : row)
            cells << (cell.isNull() ? u"NULL"_s : cell.toString());
        text += cells.join(u'\t').toUtf8() + '\n';
    }
    return text;
}

} // namespace

int runAskCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(translate(
            "Asks a database a question: a model writes the SQL, the database judges it, and "
            "errors are diagnosed and sent back for a bounded number of corrections. Exit status "
            "0 when answered, 1 when the question failed, was refused or timed out, 2 on bad "
            "usage."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(u"db"_s,
                                      translate("The database URL (sqlite:///path, "
                                                "postgresql://user@host:port/db, mysql://..., "
                                                "odbc://DSN), or 'demo' for the demo shop."),
                                      translate("url"));
    const QCommandLineOption questionOption(u"question"_s, translate("The question to answer."),
                                            translate("text"));
    const QCommandLineOption llmUrlOption(
            u"llm-url"_s, translate("The model API's base URL (default: the provider's own)."),
            translate("url"));
    const QCommandLineOption modelOption(u"model"_s, translate("The model name."),
                                         translate("name"));
    const QCommandLineOption providerOption(u"provider"_s,
                                            translate("openai (any OpenAI-compatible server), "
                                                      "anthropic, or demo (recorded answers for "
                                                      "the demo shop). Default: openai."),
                                            translate("kind"), u"openai"_s);
    const QCommandLineOption apiKeyOption(
            u"api-key-env"_s, translate("Read the API key from this environment variable."),
            translate("var"));
    const QCommandLineOption correctionsOption(
            u"max-corrections"_s, translate("Correction rounds after the first try (default 2)."),
            translate("n"), u"2"_s);
    const QCommandLineOption noStreamOption(u"no-stream"_s,
                                            translate("Ask for the whole reply at once."));
    const QCommandLineOption casesOption(
            u"cases"_s,
            translate("The case store (a SQLite path or postgresql:// URL): similar "
                      "good cases, the fix cache and the history."),
            translate("location"));
    const QCommandLineOption timeoutOption(
            u"timeout-ms"_s, translate("Wall-clock bound for the whole question (default 120000)."),
            translate("ms"), u"120000"_s);
    const QCommandLineOption jsonOption(u"json"_s, translate("Print one JSON object."));
    const QCommandLineOption passwordOption(
            u"password-env"_s,
            translate("Read the database password from this environment "
                      "variable."),
            translate("var"));
    parser.addOptions({dbOption, questionOption, llmUrlOption, modelOption, providerOption,
                       apiKeyOption, correctionsOption, noStreamOption, casesOption, timeoutOption,
                       jsonOption, passwordOption});
    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (parser.isSet(u"help"_s)) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        return usageError(translate("unexpected argument '%1'")
                                  .arg(parser.positionalArguments().constFirst()));
    }
    if (!parser.isSet(dbOption))
        return usageError(translate("--db URL is required"));
    const QString question = parser.value(questionOption).trimmed();
    if (question.isEmpty())
        return usageError(translate("--question TEXT is required"));

    const auto kind = core::ProviderSettings::kindFromName(parser.value(providerOption));
    if (!kind) {
        return usageError(translate("--provider takes openai, anthropic or demo, not '%1'")
                                  .arg(parser.value(providerOption)));
    }
    core::ProviderSettings settings;
    settings.kind = *kind;
    settings.model = parser.value(modelOption);
    settings.stream = !parser.isSet(noStreamOption);
    if (*kind != core::ProviderKind::Demo && settings.model.isEmpty())
        return usageError(translate("--model NAME is required"));
    if (parser.isSet(llmUrlOption)) {
        settings.baseUrl = QUrl(parser.value(llmUrlOption), QUrl::StrictMode);
        if (!settings.baseUrl.isValid() || settings.baseUrl.scheme().isEmpty())
            return usageError(
                    translate("--llm-url '%1' is not a valid URL").arg(parser.value(llmUrlOption)));
    }
    if (parser.isSet(apiKeyOption)) {
        const QByteArray variable = parser.value(apiKeyOption).toLocal8Bit();
        if (!qEnvironmentVariableIsSet(variable.constData())) {
            return usageError(translate("the environment variable %1 (--api-key-env) is not set")
                                      .arg(parser.value(apiKeyOption)));
        }
        settings.apiKey = qEnvironmentVariable(variable.constData());
    }
    const auto provider = core::LlmProvider::create(settings);
    if (!provider)
        return usageError(provider.error().message);

    core::LoopPolicy policy;
    if (!parseCount(parser.value(correctionsOption), 0, &policy.maxCorrections))
        return usageError(translate("--max-corrections takes a whole number, 0 or more"));
    if (!parseCount(parser.value(timeoutOption), 1, &policy.wallClockMs))
        return usageError(
                translate("--timeout-ms takes a whole number of milliseconds, 1 or more"));
    policy.statementTimeoutMs = qMin(policy.statementTimeoutMs, policy.wallClockMs);
    policy.stream = settings.stream;

    QString url = parser.value(dbOption);
    if (url == u"demo"_s) {
        const auto demo = core::DemoDatabase::ensure(core::DemoDatabase::defaultPath());
        if (!demo) {
            note(demo.error().message);
            return ExitFailed;
        }
        url = u"sqlite:///"_s + demo.value();
    }
    QString urlPassword;
    const auto profile = core::ConnectionProfile::fromUrl(url, &urlPassword);
    if (!profile)
        return usageError(profile.error().message);
    QString password = urlPassword;
    if (parser.isSet(passwordOption)) {
        const QByteArray variable = parser.value(passwordOption).toLocal8Bit();
        if (!qEnvironmentVariableIsSet(variable.constData())) {
            return usageError(translate("the environment variable %1 (--password-env) is not set")
                                      .arg(parser.value(passwordOption)));
        }
        password = qEnvironmentVariable(variable.constData());
    } else if (!urlPassword.isEmpty()) {
        note(translate("warning: a password in the URL stays in the shell's history; prefer "
                       "--password-env"));
    }
    policy.datasource = profile->toUrl();

    core::CaseStore store;
    if (parser.isSet(casesOption)) {
        const auto opened = store.open(parser.value(casesOption));
        if (!opened)
            return usageError(opened.error().message);
    }

    core::Executor executor(*profile, password);
    core::CorrectionLoop loop(&executor, provider.value());
    loop.setPolicy(policy);
    if (store.isOpen())
        loop.setCaseStore(&store);

    QObject::connect(&loop, &core::CorrectionLoop::sqlReady, &loop,
                     [](int attempt, const QString &sql) {
                         note(translate("attempt %1: %2").arg(attempt + 1).arg(sql.simplified()));
                     });
    QObject::connect(&loop, &core::CorrectionLoop::attemptFinished, &loop,
                     [](const core::LoopAttempt &attempt) {
                         if (attempt.outcome == core::AttemptOutcome::Ok)
                             return;
                         const QString className = attempt.errorClassName();
                         note(translate("attempt %1 %2: %3")
                                      .arg(attempt.index + 1)
                                      .arg(className.isEmpty()
                                                   ? core::attemptOutcomeName(attempt.outcome)
                                                   : className,
                                           attempt.rootCause()));
                     });
    core::QuestionOutcome outcome;
    QEventLoop events;
    QObject::connect(&loop, &core::CorrectionLoop::finished, &events,
                     [&outcome, &events](const core::QuestionOutcome &result) {
                         outcome = result;
                         events.quit();
                     });
    if (!loop.ask(question))
        return usageError(translate("--question TEXT is required"));
    events.exec();

    if (parser.isSet(jsonOption)) {
        QJsonObject object = outcome.toJson();
        writeStdout(QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n');
    } else if (outcome.isOk()) {
        writeStdout(outcome.finalSql.toUtf8() + "\n\n" + table(outcome));
    }
    if (!outcome.isOk()) {
        note(translate("%1: %2").arg(core::questionStatusName(outcome.status), outcome.reason));
        return ExitFailed;
    }
    return ExitOk;
}

} // namespace sqlmend::app
