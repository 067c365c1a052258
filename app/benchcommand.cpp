#include "app/benchcommand.h"

#include "app/commandline.h"
#include "app/modeloptions.h"

#include "core/bench/breakbench.h"
#include "core/bench/modelbench.h"
#include "core/bench/replaybench.h"
#include "core/bench/spiderset.h"
#include "core/llm/providersettings.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

void writeStdout(const QByteArray &bytes)
{
    QFile out;
    if (out.open(stdout, QIODevice::WriteOnly))
        out.write(bytes);
}

// A benchmark's report on standard output (JSON or the text table), or its failure.
template<typename Report>
int printReport(const core::Result<Report> &report, bool json)
{
    if (!report) {
        note("bench", report.error().message);
        return ExitFailed;
    }
    if (json)
        writeStdout(QJsonDocument(report->toJson()).toJson(QJsonDocument::Compact) + '\n');
    else
        writeStdout(report->toText().toUtf8());
    return ExitOk;
}

} // namespace

int runBenchCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "bench correction: measures the correction path on a Spider-format question set. "
            "bench replay: replays real failing predictions (JSON Lines with db_id, question, "
            "predicted_sql, gold_sql) against a Spider-format folder through the real pipeline "
            "(diagnosis, repairs; with a model, correction rounds) and reports class accuracy, "
            "advice hit, repairs right and wrong, per error category and per source model. "
            "Without a model it breaks the gold SQL (misspelled column or table, a GROUP BY "
            "column dropped, a function from another dialect, a string compared with a number, "
            "an ambiguous column) and reports, per kind, class accuracy, advice hit rate, "
            "autofix rate and autofix precision. With a model it asks every question and reports "
            "execution accuracy. Exit status 0 when the benchmark ran, 1 when the set or a "
            "database cannot be read, 2 on bad usage."));
    parser.addHelpOption();
    parser.addPositionalArgument(
            u"benchmark"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "The benchmark to run: 'correction' or 'replay'."));
    const QCommandLineOption spiderOption(
            u"spider"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "The Spider-format folder: dev.json and database/<db_id>/<db_id>.sqlite "
                    "(default: $SQLMEND_SPIDER_DIR)."),
            QCoreApplication::translate("sqlmend::app", "dir"));
    const QCommandLineOption jsonOption(
            u"json"_s, QCoreApplication::translate("sqlmend::app", "Print one JSON object."));
    const QCommandLineOption limitOption(
            u"limit"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Only the first N questions (default: all)."),
            QCoreApplication::translate("sqlmend::app", "n"), u"0"_s);
    const QCommandLineOption dbOption(
            u"db"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Only the questions of this db_id (repeatable)."),
            QCoreApplication::translate("sqlmend::app", "id"));
    const QCommandLineOption postgresOption(
            u"postgres"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "Without a model: copy each database into its own schema on this "
                    "PostgreSQL server (postgresql://user@host:port/db) and break the gold "
                    "SQL there."),
            QCoreApplication::translate("sqlmend::app", "url"));
    const QCommandLineOption passwordOption(
            u"password-env"_s,
            QCoreApplication::translate(
                    "sqlmend::app", "Read the PostgreSQL password from this environment variable."),
            QCoreApplication::translate("sqlmend::app", "var"));
    const QCommandLineOption noAdviceOption(
            u"no-advice"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Ablation: correction prompts carry no advice."));
    const QCommandLineOption noDecapsulateOption(
            u"no-decapsulate"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "Ablation: errors reach classification, advice and prompt raw."));
    const QCommandLineOption inputOption(
            u"input"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "replay: the JSON Lines file of predictions (default: "
                                        "$SQLMEND_REAL_ERRORS)."),
            QCoreApplication::translate("sqlmend::app", "file"));
    const QCommandLineOption excludeOption(
            u"exclude-db"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "replay: leave out the predictions of this db_id "
                                        "(repeatable; for a held-out split)."),
            QCoreApplication::translate("sqlmend::app", "id"));
    const QCommandLineOption noRepairsOption(
            u"no-repairs"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "replay: diagnose only, try no deterministic repair."));
    const ModelOptions model;
    parser.addOptions({spiderOption, jsonOption, limitOption, dbOption, postgresOption,
                       passwordOption, noAdviceOption, noDecapsulateOption, inputOption,
                       excludeOption, noRepairsOption});
    parser.addOptions(model.options());
    if (const std::optional<int> exit =
                parseArguments("bench", parser, arguments, /*takesPositional=*/true))
        return *exit;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return usageError("bench",
                          QCoreApplication::translate("sqlmend::app",
                                                      "which benchmark? 'correction' or 'replay'"));
    const bool replay = positional.constFirst() == u"replay"_s;
    if ((!replay && positional.constFirst() != u"correction"_s) || positional.size() > 1) {
        return usageError(
                "bench",
                QCoreApplication::translate("sqlmend::app", "unexpected argument '%1'")
                        .arg(positional.size() > 1 ? positional.at(1) : positional.constFirst()));
    }
    if (!replay) {
        for (const QCommandLineOption *option : {&inputOption, &excludeOption, &noRepairsOption}) {
            if (parser.isSet(*option))
                return usageError(
                        "bench",
                        QCoreApplication::translate("sqlmend::app", "--%1 is for bench replay")
                                .arg(option->names().constFirst()));
        }
    }

    const QString spiderDir = parser.isSet(spiderOption) ? parser.value(spiderOption)
                                                         : core::SpiderSet::dirFromEnvironment();
    if (spiderDir.trimmed().isEmpty()) {
        return usageError(
                "bench",
                QCoreApplication::translate(
                        "sqlmend::app", "--spider DIR is required (or set SQLMEND_SPIDER_DIR)"));
    }
    int limit = 0;
    if (!parseCount(parser.value(limitOption), 0, &limit))
        return usageError("bench",
                          QCoreApplication::translate("sqlmend::app",
                                                      "--limit takes a whole number, 0 or more"));
    const QStringList databases = parser.values(dbOption);
    const bool json = parser.isSet(jsonOption);

    if (replay) {
        if (parser.isSet(postgresOption) || parser.isSet(passwordOption)
            || parser.isSet(noAdviceOption) || parser.isSet(noDecapsulateOption))
            return usageError("bench",
                              QCoreApplication::translate(
                                      "sqlmend::app",
                                      "--postgres, --no-advice and --no-decapsulate are for bench "
                                      "correction"));
        core::ReplayBenchOptions options;
        options.inputPath = parser.isSet(inputOption) ? parser.value(inputOption)
                                                      : qEnvironmentVariable("SQLMEND_REAL_ERRORS");
        if (options.inputPath.trimmed().isEmpty())
            return usageError("bench",
                              QCoreApplication::translate(
                                      "sqlmend::app",
                                      "--input FILE is required (or set SQLMEND_REAL_ERRORS)"));
        options.spiderDir = spiderDir;
        options.databases = databases;
        options.excludeDatabases = parser.values(excludeOption);
        options.limit = limit;
        options.repairs = !parser.isSet(noRepairsOption);
        if (model.chosen(parser)) {
            const std::optional<core::ProviderSettings> settings =
                    model.providerSettings(parser, "bench", /*allowDemo=*/false);
            if (!settings)
                return ExitUsage;
            const std::optional<int> corrections = model.maxCorrections(parser, "bench");
            if (!corrections)
                return ExitUsage;
            const std::optional<QString> language = model.language(parser, "bench");
            if (!language)
                return ExitUsage;
            options.provider = *settings;
            options.maxCorrections = *corrections;
            options.language = *language;
        }
        return printReport(
                core::runReplayBench(options,
                                     [](int done, int total) {
                                         if (done % 50 == 0 || done == total)
                                             note("bench",
                                                  QCoreApplication::translate("sqlmend::app",
                                                                              "prediction %1 of %2")
                                                          .arg(done)
                                                          .arg(total));
                                     }),
                json);
    }

    if (!model.chosen(parser)) {
        const QString needsModel = parser.isSet(noAdviceOption) ? u"--no-advice"_s
                : parser.isSet(noDecapsulateOption)             ? u"--no-decapsulate"_s
                                                                : model.firstSet(parser);
        if (!needsModel.isEmpty()) {
            return usageError(
                    "bench",
                    QCoreApplication::translate("sqlmend::app", "%1 needs a model (--model NAME)")
                            .arg(needsModel));
        }
        core::BreakBenchOptions options;
        options.spiderDir = spiderDir;
        options.limit = limit;
        options.databases = databases;
        if (parser.isSet(postgresOption)) {
            QString urlPassword;
            const auto profile =
                    core::ConnectionProfile::fromUrl(parser.value(postgresOption), &urlPassword);
            if (!profile)
                return usageError("bench", profile.error().message);
            if (profile->driver() != core::ConnectionProfile::Driver::PostgreSQL)
                return usageError("bench",
                                  QCoreApplication::translate(
                                          "sqlmend::app", "--postgres takes a postgresql:// URL"));
            options.postgresUrl = parser.value(postgresOption);
            const std::optional<QString> password =
                    databasePassword("bench", parser, passwordOption, urlPassword);
            if (!password)
                return ExitUsage;
            options.postgresPassword = *password;
        } else if (parser.isSet(passwordOption)) {
            return usageError("bench",
                              QCoreApplication::translate("sqlmend::app",
                                                          "--password-env needs --postgres URL"));
        }
        return printReport(core::runBreakBench(options), json);
    }

    if (parser.isSet(postgresOption) || parser.isSet(passwordOption))
        return usageError("bench",
                          QCoreApplication::translate("sqlmend::app",
                                                      "--postgres is for the run without a model"));
    const std::optional<core::ProviderSettings> settings =
            model.providerSettings(parser, "bench", /*allowDemo=*/false);
    if (!settings)
        return ExitUsage;
    const std::optional<int> corrections = model.maxCorrections(parser, "bench");
    if (!corrections)
        return ExitUsage;
    const std::optional<QString> language = model.language(parser, "bench");
    if (!language)
        return ExitUsage;
    core::ModelBenchOptions options;
    options.spiderDir = spiderDir;
    options.limit = limit;
    options.databases = databases;
    options.advice = !parser.isSet(noAdviceOption);
    options.decapsulate = !parser.isSet(noDecapsulateOption);
    options.language = *language;
    options.maxCorrections = *corrections;
    options.provider = *settings;
    return printReport(core::runModelBench(options,
                                           [](int done, int total) {
                                               note("bench",
                                                    QCoreApplication::translate("sqlmend::app",
                                                                                "question %1 of %2")
                                                            .arg(done)
                                                            .arg(total));
                                           }),
                       json);
}

} // namespace sqlmend::app
