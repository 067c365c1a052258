#include "app/runcommand.h"

#include "app/commandline.h"
#include "app/databaseoptions.h"
#include "app/runoutput.h"

#include "core/exec/answercheck.h"
#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "core/repair/repairrun.h"
#include "core/repair/repairs.h"
#include "core/export/exportwriter.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

QJsonObject attemptJson(const core::RepairedRun::Attempt &run)
{
    const core::RunResult &result = run.result;
    QJsonObject attempt;
    attempt.insert(u"origin", run.repair.isEmpty() ? u"user"_s : u"autofix:"_s + run.repair);
    if (!run.repair.isEmpty()) {
        attempt.insert(u"repair", run.repair);
        attempt.insert(u"change", run.change);
    }
    attempt.insert(u"sql", run.sql);
    attempt.insert(u"status", core::runOutcomeName(result.outcome));
    attempt.insert(u"stage", core::runStageName(result.stage));
    attempt.insert(u"row_count", result.rowCount);
    attempt.insert(u"elapsed_ms", result.elapsedMs);
    attempt.insert(u"error",
                   result.diagnosis ? QJsonValue(result.diagnosis->toJson())
                                    : QJsonValue(QJsonValue::Null));
    // It ran, but its result does not stand as the answer.
    core::AnswerCheck::addTo(attempt, result.doubt);
    return attempt;
}

} // namespace

int runRunCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "Runs one read-only statement: the guard, a read-only session, a server-side timeout "
            "and a row cap. Prints the rows, or the diagnosed error; exit status 0 on success, 1 "
            "when the statement failed or was refused, 2 on bad usage."));
    parser.addHelpOption();
    const DatabaseOptions database;
    const QCommandLineOption sqlOption(
            u"sql"_s, QCoreApplication::translate("sqlmend::app", "The statement to run."),
            QCoreApplication::translate("sqlmend::app", "sql"));
    const QCommandLineOption timeoutOption(
            u"timeout-ms"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Server-side statement timeout "
                                        "(default 30000; 0: none)."),
            QCoreApplication::translate("sqlmend::app", "ms"), u"30000"_s);
    const QCommandLineOption maxRowsOption(
            u"max-rows"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Fetch at most this many rows "
                                        "(default 0: all of them)."),
            QCoreApplication::translate("sqlmend::app", "n"), u"0"_s);
    const QString separator = QCoreApplication::translate(
            "sqlmend::app", ", ", "between the repairs and the doubts --autofix lists");
    const QCommandLineOption autofixOption(
            u"autofix"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "When the statement fails, try the deterministic repairs in order (%1), each "
                    "judged by the database; a repair's rows stand only when nothing leaves them "
                    "in doubt (%2); a spelling fix's rows stand as they come, unless the "
                    "statement itself leaves them in doubt.")
                    .arg(core::Repairs::summaries().join(separator),
                         core::AnswerCheck::summaries().join(separator)));
    const QCommandLineOption jsonOption(
            u"json"_s, QCoreApplication::translate("sqlmend::app", "Print one JSON object."));
    const QCommandLineOption noDryRunOption(
            u"no-dry-run"_s,
            QCoreApplication::translate("sqlmend::app", "Skip the EXPLAIN before the run."));
    const QCommandLineOption formatOption(
            u"format"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Write the rows as tsv (the default), csv, json, jsonl, md "
                                        "or xlsx, to --output or to standard output as they are "
                                        "fetched (xlsx needs --output)."),
            QCoreApplication::translate("sqlmend::app", "format"));
    const QCommandLineOption outputOption(
            u"output"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Write the rows to this file, in --format or the format "
                                        "its extension names."),
            QCoreApplication::translate("sqlmend::app", "file"));
    parser.addOptions(database.options());
    parser.addOptions({sqlOption, timeoutOption, maxRowsOption, autofixOption, jsonOption,
                       noDryRunOption, formatOption, outputOption});
    if (const std::optional<int> exit = parseArguments("run", parser, arguments))
        return *exit;
    const std::optional<DatabaseOptions::Database> chosen = database.database(parser, "run");
    if (!chosen)
        return ExitUsage;
    if (!parser.isSet(sqlOption))
        return usageError("run",
                          QCoreApplication::translate("sqlmend::app", "--sql SQL is required"));

    core::RunOptions options;
    // The rows stream out through the output's sink as the worker fetches them; this thread only
    // waits on the future.
    options.batches = false;
    options.keepRows = false;
    if (!parseCount(parser.value(timeoutOption), 0, &options.timeoutMs))
        return usageError("run",
                          QCoreApplication::translate(
                                  "sqlmend::app",
                                  "--timeout-ms takes a whole number of milliseconds, 0 or more"));
    if (!parseCount(parser.value(maxRowsOption), 0, &options.maxRows))
        return usageError("run",
                          QCoreApplication::translate("sqlmend::app",
                                                      "--max-rows takes a whole number, 0 (all "
                                                      "rows) or more"));
    options.dryRun = !parser.isSet(noDryRunOption);

    const QString output = parser.value(outputOption);
    std::optional<core::ExportFormat> format;
    if (parser.isSet(formatOption)) {
        format = core::exportFormatFromName(parser.value(formatOption));
        if (!format)
            return usageError("run",
                              QCoreApplication::translate(
                                      "sqlmend::app",
                                      "--format takes tsv, csv, json, jsonl, md or xlsx, not '%1'")
                                      .arg(parser.value(formatOption)));
    } else if (parser.isSet(outputOption)) {
        format = core::exportFormatFromPath(output);
        if (!format)
            return usageError(
                    "run",
                    QCoreApplication::translate("sqlmend::app",
                                                "--output %1 names no format by its extension; "
                                                "add --format tsv|csv|json|jsonl|md|xlsx")
                            .arg(output));
    }
    if (parser.isSet(outputOption) && output.trimmed().isEmpty())
        return usageError(
                "run", QCoreApplication::translate("sqlmend::app", "--output takes a file name"));
    if (format == core::ExportFormat::Xlsx && !parser.isSet(outputOption))
        return usageError(
                "run",
                QCoreApplication::translate("sqlmend::app",
                                            "--format xlsx writes a file: add --output FILE"));
    if (format && !parser.isSet(outputOption) && parser.isSet(jsonOption))
        return usageError(
                "run",
                QCoreApplication::translate("sqlmend::app",
                                            "--json and --format both print to standard output; "
                                            "add --output FILE"));

    const auto opened = RunOutput::open(format, parser.isSet(jsonOption), output);
    if (!opened) {
        std::fprintf(stderr, "sqlmend run: %s\n", qPrintable(opened.error().message));
        return ExitFailed;
    }
    RunOutput &rows = **opened;
    options.rowSink = rows.sink();

    const QString sql = parser.value(sqlOption);
    core::Executor executor(chosen->profile, chosen->password);
    // The connection's catalog, read only when an error's advice needs its names: the same
    // diagnosis as the window's Run SQL.
    options.catalog = std::make_shared<core::LiveCatalog>();
    const core::RepairedRun run =
            core::RepairRun::run(executor, sql, options, parser.isSet(autofixOption));
    QJsonArray attempts;
    for (const core::RepairedRun::Attempt &attempt : run.attempts)
        attempts.append(attemptJson(attempt));
    const core::RunResult &result = run.final().result;

    if (const QString error = rows.finish(run, attempts); !error.isEmpty()) {
        std::fprintf(stderr, "sqlmend run: %s\n", qPrintable(error));
        return ExitFailed;
    }
    if (result.isOk() && !output.isEmpty())
        std::fprintf(stderr, "%s\n",
                     qPrintable(QCoreApplication::translate("sqlmend::app",
                                                            "sqlmend run: %n row(s) written to %1",
                                                            nullptr, int(rows.rowsWritten()))
                                        .arg(output)));
    // A cut result says so, whatever the format: the rows out are not the whole answer.
    if (result.isOk() && result.rowStatus == core::RowCountStatus::Partial)
        std::fprintf(stderr, "%s\n",
                     qPrintable(QCoreApplication::translate(
                             "sqlmend::app",
                             "sqlmend run: stopped at %n row(s) (--max-rows); the "
                             "result has more rows",
                             nullptr, int(options.maxRows))));
    if (!result.isOk()) {
        const QString message = result.diagnosis
                ? result.diagnosis->advice.text()
                : QCoreApplication::translate("sqlmend::app", "the statement ended: %1")
                          .arg(core::runOutcomeName(result.outcome));
        std::fprintf(stderr, "sqlmend run: %s\n", qPrintable(message));
        const core::RepairedRun::Attempt &last = run.attempts.constLast();
        if (last.result.doubt != core::AnswerDoubt::None)
            std::fprintf(stderr, "%s\n",
                         qPrintable(QCoreApplication::translate(
                                            "sqlmend::app",
                                            "sqlmend run: the repair %1 ran, but its result does "
                                            "not stand as the answer: %2 %3")
                                            .arg(last.repair,
                                                 core::AnswerCheck::reason(last.result.doubt),
                                                 core::AnswerCheck::advice(last.result.doubt))));
        return ExitFailed;
    }
    return ExitOk;
}

} // namespace sqlmend::app
