#include "app/askcommand.h"

#include "app/cliinterrupt.h"
#include "app/commandline.h"
#include "app/databaseoptions.h"
#include "app/modeloptions.h"
#include "app/runoutput.h"

#include "core/cases/casestoreservice.h"
#include "core/cases/contextsettings.h"
#include "core/cases/conversationstore.h"
#include "core/demo/demodatabase.h"
#include "core/exec/executor.h"
#include "core/llm/llmprovider.h"
#include "core/loop/correctionloop.h"
#include "core/loop/promptbuilder.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>

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

// The loop queued the question's writes (case, fix cache, history) when it finished; a job queued
// after them ends after them. True when the history was stored.
bool waitForStoreWrites(core::CaseStoreService &store, const bool &historySaved)
{
    QFutureWatcher<core::Result<core::Done>> barrier;
    QEventLoop events;
    QObject::connect(&barrier, &QFutureWatcherBase::finished, &events, &QEventLoop::quit);
    barrier.setFuture(store.submit<core::Done>(
            [](core::CaseStore &) { return core::Result<core::Done>(core::Done{}); }));
    if (!barrier.isFinished())
        events.exec();
    // historySaved comes through a watcher whose future ended first; deliver it.
    QCoreApplication::sendPostedEvents();
    return historySaved;
}

// --pin-table and --exclude-table: names, each given one way only.
std::optional<core::ContextSettings> tableMarks(const QStringList &pinned,
                                                const QStringList &excluded)
{
    core::ContextSettings marks;
    for (const QString &name : pinned + excluded) {
        if (name.trimmed().isEmpty()) {
            usageError(
                    "ask",
                    QCoreApplication::translate(
                            "sqlmend::app", "--pin-table and --exclude-table take a table name"));
            return std::nullopt;
        }
    }
    for (const QString &name : pinned) {
        if (excluded.contains(name.trimmed(), Qt::CaseInsensitive)) {
            usageError("ask",
                       QCoreApplication::translate("sqlmend::app",
                                                   "the table '%1' is both pinned and excluded")
                               .arg(name.trimmed()));
            return std::nullopt;
        }
        marks.setMark(name.trimmed(), core::TableMark::Pinned);
    }
    for (const QString &name : excluded)
        marks.setMark(name.trimmed(), core::TableMark::Excluded);
    return marks;
}

// A pin that named no table of the database was ignored: say so, without failing the answer.
void notePinsNotFound(const core::ContextSettings &marks, const core::QuestionOutcome &outcome)
{
    for (const core::LoopAttempt &attempt : outcome.attempts) {
        if (attempt.origin != core::AttemptOrigin::Llm || attempt.linkedTables.isEmpty())
            continue;
        for (const QString &pin : marks.pinned) {
            bool shown = false;
            for (const core::LinkedTable &table : attempt.linkedTables)
                shown = shown || table.table.compare(pin, Qt::CaseInsensitive) == 0;
            if (!shown)
                note("ask",
                     QCoreApplication::translate("sqlmend::app",
                                                 "--pin-table %1: the database has no "
                                                 "such table; it was ignored")
                             .arg(pin));
        }
        return;
    }
}

// The named conversation's turns so far (none for a new one); nullopt, with a message, when the
// store cannot say or the conversation is about another database.
std::optional<core::FollowUp> loadFollowUp(core::CaseStoreService &store, const QString &name,
                                           const QString &datasource)
{
    std::function<core::Result<std::optional<core::ConversationRecord>>(core::CaseStore &)> job =
            [name](core::CaseStore &cases) {
                return core::ConversationStore(cases).conversationNamed(name);
            };
    QFuture<core::Result<std::optional<core::ConversationRecord>>> loading =
            store.submit(std::move(job));
    loading.waitForFinished(); // before the question starts; a command line may wait
    const auto found = loading.result();
    if (!found) {
        note("ask", found.error().message);
        return std::nullopt;
    }
    core::FollowUp followUp;
    followUp.conversation = name;
    if (const std::optional<core::ConversationRecord> &record = found.value()) {
        const QString source = core::ConnectionProfile::withoutPassword(datasource);
        if (record->datasource != source) {
            note("ask",
                 QCoreApplication::translate("sqlmend::app",
                                             "the conversation \"%1\" is about %2, not %3")
                         .arg(name, record->datasource, source));
            return std::nullopt;
        }
        followUp.earlier = record->turns;
    }
    return followUp;
}

} // namespace

int runAskCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "Asks a database a question: a model writes the SQL, the database judges it, and "
            "errors are diagnosed and sent back for a bounded number of corrections. Exit status "
            "0 when answered, 1 when the question failed, was refused or timed out, 2 on bad "
            "usage."));
    parser.addHelpOption();
    const DatabaseOptions database(/*demo=*/true);
    const QCommandLineOption questionOption(
            u"question"_s, QCoreApplication::translate("sqlmend::app", "The question to answer."),
            QCoreApplication::translate("sqlmend::app", "text"));
    const QCommandLineOption casesOption(
            u"cases"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "The case store (a SQLite path or postgresql:// URL): similar "
                    "good cases, the fix cache and the history."),
            QCoreApplication::translate("sqlmend::app", "location"));
    const QCommandLineOption timeoutOption(
            u"timeout-ms"_s,
            QCoreApplication::translate(
                    "sqlmend::app", "Wall-clock bound for the whole question (default 120000)."),
            QCoreApplication::translate("sqlmend::app", "ms"), u"120000"_s);
    const QCommandLineOption jsonOption(
            u"json"_s, QCoreApplication::translate("sqlmend::app", "Print one JSON object."));
    // Pins and excludes for this run, laid over those the case store keeps for the database.
    const QCommandLineOption pinOption(
            u"pin-table"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Always show this table to the model, for this run "
                                        "(repeatable; added to the pins the case store keeps)."),
            QCoreApplication::translate("sqlmend::app", "table"));
    const QCommandLineOption excludeOption(
            u"exclude-table"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "Never show this table to the model nor let a repair read it, for this run "
                    "(repeatable; added to the excludes the case store keeps)."),
            QCoreApplication::translate("sqlmend::app", "table"));
    const QCommandLineOption conversationOption(
            u"conversation"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "Continue the conversation of this name in the case store (--cases, else "
                    "the app's own), or start it: the model sees its earlier questions, their "
                    "SQL and columns, never their rows."),
            QCoreApplication::translate("sqlmend::app", "name"));
    const ModelOptions model;
    parser.addOptions(database.options());
    parser.addOptions({questionOption, casesOption, timeoutOption, jsonOption, pinOption,
                       excludeOption, conversationOption});
    parser.addOptions(model.options());
    if (const std::optional<int> exit = parseArguments("ask", parser, arguments))
        return *exit;
    if (!database.given(parser, "ask"))
        return ExitUsage;
    const QString question = parser.value(questionOption).trimmed();
    if (question.isEmpty())
        return usageError(
                "ask", QCoreApplication::translate("sqlmend::app", "--question TEXT is required"));

    const QString conversation = parser.value(conversationOption);
    if (parser.isSet(conversationOption)) {
        if (const QString problem = core::ConversationStore::nameProblem(conversation);
            !problem.isEmpty())
            return usageError("ask", problem);
    }

    const std::optional<core::ProviderSettings> settings =
            model.providerSettings(parser, "ask", /*allowDemo=*/true);
    if (!settings)
        return ExitUsage;
    const std::optional<int> corrections = model.maxCorrections(parser, "ask");
    if (!corrections)
        return ExitUsage;
    const std::optional<QString> language = model.language(parser, "ask");
    if (!language)
        return ExitUsage;
    const auto provider = core::LlmProvider::create(*settings);
    if (!provider)
        return usageError("ask", provider.error().message);

    core::LoopPolicy policy;
    policy.maxCorrections = *corrections;
    if (!parseCount(parser.value(timeoutOption), 1, &policy.wallClockMs))
        return usageError("ask",
                          QCoreApplication::translate(
                                  "sqlmend::app",
                                  "--timeout-ms takes a whole number of milliseconds, 1 or more"));
    policy.statementTimeoutMs = qMin(policy.statementTimeoutMs, policy.wallClockMs);
    policy.stream = settings->stream;
    const std::optional<core::ContextSettings> marks =
            tableMarks(parser.values(pinOption), parser.values(excludeOption));
    if (!marks)
        return ExitUsage;
    policy.tableMarks = *marks;

    QString url = database.url(parser);
    if (url == u"demo"_s) {
        const auto demo = core::DemoDatabase::ensure(core::DemoDatabase::defaultPath());
        if (!demo) {
            note("ask", demo.error().message);
            return ExitFailed;
        }
        url = u"sqlite://"_s
                + demo.value(); // an absolute path: sqlite:///path, as the window has it
    }
    const std::optional<DatabaseOptions::Database> chosen = database.database(parser, "ask", url);
    if (!chosen)
        return ExitUsage;
    const core::ConnectionProfile &profile = chosen->profile;
    policy.datasource = profile.toUrl();
    // The store's thread finishes the question's writes when the service goes, after the loop.
    std::shared_ptr<core::CaseStoreService> store;
    QString storeProblem;
    if (parser.isSet(casesOption) || parser.isSet(conversationOption)) {
        store = std::make_shared<core::CaseStoreService>();
        QFuture<core::Result<core::Done>> opening = store->open(parser.value(casesOption));
        opening.waitForFinished(); // nothing else runs yet; a command line may wait
        const core::Result<core::Done> opened = opening.result();
        // A store that stays busy past its busy timeout costs the question its examples and
        // its record, not its answer; a wrong location is bad usage.
        if (!opened && opened.error().code != u"busy")
            return usageError("ask", opened.error().message);
        if (!opened) {
            storeProblem = opened.error().message;
            store.reset();
        }
    }

    core::FollowUp followUp;
    if (parser.isSet(conversationOption)) {
        // A conversation lives in the store: without it there is nothing to follow up on.
        if (!store) {
            note("ask", storeProblem);
            return ExitFailed;
        }
        const std::optional<core::FollowUp> loaded =
                loadFollowUp(*store, conversation, policy.datasource);
        if (!loaded)
            return ExitFailed;
        followUp = *loaded;
    }

    core::Executor executor(profile, chosen->password);
    core::CorrectionLoop loop(&executor, provider.value());
    loop.setPolicy(policy);
    loop.setPromptBuilder(core::PromptBuilder(*language));
    loop.setCaseStore(store);
    CliInterrupt::onInterrupt(&loop, [&loop] { loop.cancel(); });
    bool historySaved = false;
    QObject::connect(&loop, &core::CorrectionLoop::historySaved, &loop,
                     [&historySaved] { historySaved = true; });
    std::optional<core::StoredTurn> storedTurn;
    QString turnProblem;
    QObject::connect(&loop, &core::CorrectionLoop::turnSaved, &loop,
                     [&storedTurn](const core::StoredTurn &turn) { storedTurn = turn; });
    QObject::connect(
            &loop, &core::CorrectionLoop::turnNotSaved, &loop,
            [&turnProblem](const QString &, const QString &reason) { turnProblem = reason; });

    QObject::connect(&loop, &core::CorrectionLoop::sqlReady, &loop,
                     [](int attempt, const QString &sql) {
                         note("ask",
                              QCoreApplication::translate("sqlmend::app", "attempt %1: %2")
                                      .arg(attempt + 1)
                                      .arg(sql.simplified()));
                     });
    QObject::connect(&loop, &core::CorrectionLoop::attemptFinished, &loop,
                     [](const core::LoopAttempt &attempt) {
                         if (attempt.outcome == core::AttemptOutcome::Ok)
                             return;
                         const QString className = attempt.errorClassName();
                         note("ask",
                              QCoreApplication::translate("sqlmend::app", "attempt %1 %2: %3")
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
    if (!loop.ask(question, followUp))
        return usageError(
                "ask", QCoreApplication::translate("sqlmend::app", "--question TEXT is required"));
    events.exec();
    // Stored before it is printed: a script that stops reading at the answer loses nothing.
    if (store && !waitForStoreWrites(*store, historySaved) && storeProblem.isEmpty()) {
        storeProblem = QCoreApplication::translate(
                "sqlmend::app",
                "the case store did not save this question within its busy "
                "timeout");
    }
    if (!turnProblem.isEmpty() && storeProblem.isEmpty())
        storeProblem = turnProblem;

    if (parser.isSet(jsonOption)) {
        QJsonObject object = outcome.toJson();
        if (parser.isSet(conversationOption)) {
            object.insert(u"conversation", conversation);
            object.insert(u"turn", storedTurn ? QJsonValue(storedTurn->index + 1) : QJsonValue());
        }
        writeStdout(jsonWithRows(std::move(object), outcome.columns, outcome.rows) + '\n');
    } else if (outcome.isOk()) {
        writeStdout(outcome.finalSql.toUtf8() + "\n\n" + table(outcome));
    }
    // The answer keeps its first rows only: say so, and where the rest are.
    if (outcome.isOk() && outcome.rowStatus == core::RowCountStatus::Partial)
        note("ask",
             QCoreApplication::translate("sqlmend::app",
                                         "%1 of the first %2 rows shown; the result has "
                                         "more (sqlmend run --sql with the final SQL "
                                         "prints every row)")
                     .arg(outcome.rows.size())
                     .arg(outcome.rowCount));
    else if (outcome.isOk() && outcome.rows.size() < outcome.rowCount)
        note("ask",
             QCoreApplication::translate("sqlmend::app",
                                         "%1 of %2 rows shown (sqlmend run --sql with the "
                                         "final SQL prints every row)")
                     .arg(outcome.rows.size())
                     .arg(outcome.rowCount));
    notePinsNotFound(policy.tableMarks, outcome);
    if (storedTurn && !parser.isSet(jsonOption)) {
        note("ask",
             QCoreApplication::translate("sqlmend::app", "conversation %1, turn %2")
                     .arg(storedTurn->name)
                     .arg(storedTurn->index + 1));
    }
    if (!storeProblem.isEmpty())
        note("ask", storeProblem);
    if (!outcome.isOk()) {
        note("ask",
             QCoreApplication::translate("sqlmend::app", "%1: %2")
                     .arg(core::questionStatusName(outcome.status), outcome.reason));
        return ExitFailed;
    }
    return storeProblem.isEmpty() ? ExitOk : ExitFailed;
}

} // namespace sqlmend::app
