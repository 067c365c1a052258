#include "core/bench/modelbench.h"

#include "core/bench/resultcompare.h"
#include "core/bench/spiderset.h"
#include "core/exec/executor.h"
#include "core/llm/llmprovider.h"
#include "core/loop/correctionloop.h"
#include "core/sql/connectionprofile.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QSet>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Rows fetched from a predicted statement: enough for any Spider answer, bounded against a
// model's accidental cross join.
constexpr int PredictedRowCap = 100000;
constexpr int GoldTimeoutMs = 60000;

// Model-call failures that the next question would meet again: stop instead of grinding on.
bool failsEveryQuestion(const QString &kind)
{
    return kind == u"auth" || kind == u"quota" || kind == u"invalid_settings";
}

// Failures that mean the model is not there at all, when no call has ever been answered.
bool meansUnreachable(const QString &kind)
{
    return failsEveryQuestion(kind) || kind == u"network" || kind == u"timeout"
            || kind == u"bad_request" || kind == u"server" || kind == u"malformed_reply";
}

template<typename T>
std::optional<T> waitFor(const QFuture<T> &future)
{
    if (!future.isFinished()) {
        QEventLoop events;
        QFutureWatcher<T> watcher;
        QObject::connect(&watcher, &QFutureWatcherBase::finished, &events, &QEventLoop::quit);
        watcher.setFuture(future);
        if (!future.isFinished())
            events.exec();
    }
    if (future.isCanceled() || future.resultCount() == 0)
        return std::nullopt;
    return future.result();
}

// One statement's whole result (up to maxRows; 0: no cap), or why it did not run.
Result<ResultTable> runTable(Executor &executor, const QString &sql, int maxRows, int timeoutMs)
{
    RunOptions options;
    options.maxRows = maxRows;
    options.timeoutMs = timeoutMs;
    options.dryRun = false;
    options.batches = false; // read from the future; no batch signals left unread
    const std::optional<RunResult> result = waitFor(executor.run(sql, options).result);
    if (!result)
        return makeFailure(ModelBenchReport::tr("The database connection went away."));
    if (!result->isOk()) {
        return makeFailure(result->diagnosis ? result->diagnosis->error.rootCause
                                             : runOutcomeName(result->outcome));
    }
    return ResultTable{result->columns, result->rows};
}

bool matchesGold(Executor &executor, const QString &sql, const ResultTable &gold, bool ordered)
{
    const int cap = qMax<qsizetype>(PredictedRowCap, gold.rows.size() + 1);
    const Result<ResultTable> predicted = runTable(executor, sql, cap, GoldTimeoutMs);
    return predicted && sameResult(gold, predicted.value(), ordered);
}

bool ran(const LoopAttempt &attempt)
{
    return attempt.outcome == AttemptOutcome::Ok || attempt.outcome == AttemptOutcome::Empty;
}

qint64 spanTime(const LoopAttempt &attempt, QStringView name)
{
    qint64 total = 0;
    for (const TraceSpan &span : attempt.spans) {
        if (span.name == name)
            total += qMax<qint64>(0, span.endMs - span.startMs);
    }
    return total;
}

// The kind of the model failure that ended a question, or empty.
QString modelFailureKind(const QuestionOutcome &outcome)
{
    if (outcome.attempts.isEmpty())
        return {};
    const LoopAttempt &last = outcome.attempts.constLast();
    for (const TraceSpan &span : last.spans) {
        if (span.name == u"generate" && span.outcome != u"ok")
            return span.outcome;
    }
    return {};
}

// A connection and a loop for one database; the loop keeps the catalog between its questions.
struct DatabaseSession
{
    QString dbId;
    std::unique_ptr<Executor> executor;
    std::unique_ptr<CorrectionLoop> loop; // declared after executor: destroyed first
};

QuestionOutcome ask(CorrectionLoop &loop, const QString &question)
{
    std::optional<QuestionOutcome> outcome;
    QEventLoop events;
    const QMetaObject::Connection connection =
            QObject::connect(&loop, &CorrectionLoop::finished, &events,
                             [&outcome, &events](const QuestionOutcome &finished) {
                                 outcome = finished;
                                 events.quit();
                             });
    if (!loop.ask(question)) {
        QObject::disconnect(connection);
        QuestionOutcome refused;
        refused.question = question;
        refused.reason = ModelBenchReport::tr("The loop refused the question.");
        return refused;
    }
    if (!outcome)
        events.exec();
    QObject::disconnect(connection);
    return outcome.value_or(QuestionOutcome());
}

ModelBenchQuestion score(const SpiderQuestion &question, const QuestionOutcome &outcome,
                         const ResultTable &gold, Executor &executor)
{
    ModelBenchQuestion row;
    row.index = question.index;
    row.dbId = question.dbId;
    row.question = question.question;
    row.status = questionStatusName(outcome.status);
    row.reason = outcome.reason;
    row.rounds = outcome.llmCalls;
    row.tokens = outcome.promptTokens + outcome.completionTokens;
    row.ms = outcome.totalMs;
    row.finalSql = outcome.finalSql;
    for (const LoopAttempt &attempt : outcome.attempts) {
        row.origins << attemptOriginName(attempt.origin);
        if (attempt.diagnosis)
            row.errorClasses << attempt.errorClassName();
        row.modelMs += spanTime(attempt, u"generate");
        row.databaseMs += spanTime(attempt, u"execute");
    }
    const bool ordered = hasOuterOrderBy(question.goldSql);

    // Spider's rule judges the final statement. The loop's rows are used when they are the
    // whole result; anything else (capped, or the question ended after an empty run) runs again.
    // A statement that was refused as already tried keeps the result of its earlier run.
    const bool finalRan = std::any_of(outcome.attempts.cbegin(), outcome.attempts.cend(),
                                      [&](const LoopAttempt &attempt) {
                                          return ran(attempt) && attempt.sql == outcome.finalSql;
                                      });
    if (!outcome.finalSql.isEmpty() && finalRan) {
        if (outcome.isOk() && outcome.rowCount == outcome.rows.size()
            && outcome.rowCount < PredictedRowCap)
            row.correct = sameResult(gold, {outcome.columns, outcome.rows}, ordered);
        else
            row.correct = matchesGold(executor, outcome.finalSql, gold, ordered);
    }
    if (!outcome.attempts.isEmpty() && ran(outcome.attempts.constFirst())) {
        const LoopAttempt &first = outcome.attempts.constFirst();
        row.firstTryCorrect = first.sql == outcome.finalSql
                ? row.correct
                : matchesGold(executor, first.sql, gold, ordered);
    }
    return row;
}

qint64 percentile(QList<qint64> values, double fraction)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype rank = qsizetype(std::ceil(fraction * double(values.size())));
    return values.at(qBound<qsizetype>(0, rank - 1, values.size() - 1));
}

double ratio(qint64 part, qint64 whole)
{
    return whole > 0 ? double(part) / double(whole) : 0.0;
}

QJsonObject counts(const QMap<QString, int> &map)
{
    QJsonObject object;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

// The figures of a group of questions: the whole run or one database.
struct Totals
{
    int questions = 0;
    int goldFailed = 0;
    int correct = 0;
    int firstTry = 0;
    int corrected = 0;
    int llmCalls = 0;
    qint64 tokens = 0;
    QList<qint64> ms;
    QList<qint64> overheadMs;
    QMap<QString, int> origins;
    QMap<QString, int> statuses;
    QMap<QString, int> classes;

    void add(const ModelBenchQuestion &row)
    {
        if (!row.isScored()) {
            ++goldFailed;
            return;
        }
        ++questions;
        correct += row.correct ? 1 : 0;
        firstTry += row.firstTryCorrect ? 1 : 0;
        corrected += row.isCorrected() ? 1 : 0;
        llmCalls += row.rounds;
        tokens += row.tokens;
        ms << row.ms;
        overheadMs << qMax<qint64>(0, row.ms - row.modelMs - row.databaseMs);
        ++statuses[row.status];
        for (const QString &origin : row.origins)
            ++origins[origin];
        for (const QString &errorClass : row.errorClasses)
            ++classes[errorClass];
    }

    static QJsonObject spread(const QList<qint64> &values)
    {
        qint64 sum = 0;
        for (qint64 value : values)
            sum += value;
        return {{u"mean"_s, values.isEmpty() ? 0.0 : double(sum) / double(values.size())},
                {u"p50"_s, percentile(values, 0.5)},
                {u"p90"_s, percentile(values, 0.9)}};
    }

    QJsonObject toJson() const
    {
        return {{u"questions"_s, questions},
                {u"gold_failed"_s, goldFailed},
                {u"correct"_s, correct},
                {u"execution_accuracy"_s, ratio(correct, questions)},
                {u"first_try_accuracy"_s, ratio(firstTry, questions)},
                {u"corrected"_s, corrected},
                {u"llm_calls"_s, llmCalls},
                {u"rounds_per_question"_s, ratio(llmCalls, questions)},
                {u"tokens"_s, tokens},
                {u"tokens_per_question"_s, ratio(tokens, questions)},
                {u"latency_ms"_s, spread(ms)},
                {u"loop_overhead_ms"_s, spread(overheadMs)},
                {u"attempts"_s, counts(origins)},
                {u"statuses"_s, counts(statuses)},
                {u"classes"_s, counts(classes)}};
    }
};

QString percent(int part, int whole)
{
    return QString::number(100.0 * ratio(part, whole), 'f', 1);
}

QString countList(const QMap<QString, int> &map)
{
    QStringList items;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        items << u"%1 %2"_s.arg(it.key()).arg(it.value());
    return items.join(u", "_s);
}

} // namespace

QJsonObject ModelBenchReport::toJson() const
{
    Totals all;
    QMap<QString, Totals> perDatabase;
    QJsonArray rows;
    for (const ModelBenchQuestion &row : questions) {
        all.add(row);
        perDatabase[row.dbId].add(row);
        rows.append(QJsonObject{{u"index"_s, row.index},
                                {u"db_id"_s, row.dbId},
                                {u"question"_s, row.question},
                                {u"status"_s, row.status},
                                {u"reason"_s, row.reason},
                                {u"correct"_s, row.correct},
                                {u"first_try_correct"_s, row.firstTryCorrect},
                                {u"rounds"_s, row.rounds},
                                {u"tokens"_s, row.tokens},
                                {u"ms"_s, row.ms},
                                {u"final_sql"_s, row.finalSql},
                                {u"attempts"_s, QJsonArray::fromStringList(row.origins)},
                                {u"classes"_s, QJsonArray::fromStringList(row.errorClasses)}});
    }
    QJsonObject object = all.toJson();
    object.insert(u"mode"_s, u"model"_s);
    object.insert(u"model"_s, model);
    object.insert(u"provider"_s, provider);
    object.insert(u"language"_s, language.isEmpty() ? u"en"_s : language);
    object.insert(u"ablation"_s,
                  QJsonObject{{u"advice"_s, advice},
                              {u"decapsulate"_s, decapsulate},
                              {u"max_corrections"_s, maxCorrections}});
    QJsonObject databases;
    for (auto it = perDatabase.cbegin(); it != perDatabase.cend(); ++it)
        databases.insert(it.key(), it.value().toJson());
    object.insert(u"per_database"_s, databases);
    object.insert(u"per_question"_s, rows);
    return object;
}

QString ModelBenchReport::toText() const
{
    Totals all;
    QMap<QString, Totals> perDatabase;
    for (const ModelBenchQuestion &row : questions) {
        all.add(row);
        perDatabase[row.dbId].add(row);
    }
    const QString on = tr("on");
    const QString off = tr("off");
    QStringList lines;
    lines << tr("Model %1 (%2); advice %3, decapsulation %4, at most %5 corrections")
                     .arg(model, provider, advice ? on : off, decapsulate ? on : off)
                     .arg(maxCorrections);
    lines << tr("Questions: %1 (gold SQL failed for %2 more)")
                     .arg(all.questions)
                     .arg(all.goldFailed);
    lines << tr("Execution accuracy: %1% (%2 of %3)")
                     .arg(percent(all.correct, all.questions))
                     .arg(all.correct)
                     .arg(all.questions);
    lines << tr("First-try accuracy: %1% (%2); corrected by the loop: %3")
                     .arg(percent(all.firstTry, all.questions))
                     .arg(all.firstTry)
                     .arg(all.corrected);
    lines << tr("Model calls: %1 (%2 per question); tokens: %3 (%4 per question)")
                     .arg(all.llmCalls)
                     .arg(ratio(all.llmCalls, all.questions), 0, 'f', 2)
                     .arg(all.tokens)
                     .arg(ratio(all.tokens, all.questions), 0, 'f', 0);
    const QJsonObject latency = Totals::spread(all.ms);
    const QJsonObject overhead = Totals::spread(all.overheadMs);
    lines << tr("Latency: mean %1 ms, p50 %2 ms, p90 %3 ms; loop overhead: mean %4 ms")
                     .arg(latency.value(u"mean"_s).toDouble(), 0, 'f', 0)
                     .arg(latency.value(u"p50"_s).toInteger())
                     .arg(latency.value(u"p90"_s).toInteger())
                     .arg(overhead.value(u"mean"_s).toDouble(), 0, 'f', 1);
    lines << tr("Attempts: %1").arg(countList(all.origins));
    lines << tr("Statuses: %1").arg(countList(all.statuses));
    if (!all.classes.isEmpty())
        lines << tr("Error classes seen: %1").arg(countList(all.classes));
    for (auto it = perDatabase.cbegin(); it != perDatabase.cend(); ++it) {
        lines << tr("  %1: %2% of %3 (first try %4%)")
                         .arg(it.key(), percent(it->correct, it->questions))
                         .arg(it->questions)
                         .arg(percent(it->firstTry, it->questions));
    }
    return lines.join(u'\n') + u'\n';
}

Result<ModelBenchReport> runModelBench(const ModelBenchOptions &options,
                                       const std::function<void(int done, int total)> &progress)
{
    if (!QCoreApplication::instance())
        return makeFailure(ModelBenchReport::tr("The model benchmark needs an application object "
                                                "(it runs its own event loop)."));
    if (options.maxCorrections < 0)
        return makeFailure(ModelBenchReport::tr("The number of corrections cannot be negative."));
    const Result<std::shared_ptr<LlmProvider>> created = LlmProvider::create(options.provider);
    if (!created)
        return makeFailure(created.error().message, created.error().code);
    const std::shared_ptr<const LlmProvider> provider = created.value();
    const Result<SpiderSet> set = SpiderSet::load(options.spiderDir);
    if (!set)
        return makeFailure(set.error().message, set.error().code);

    const QStringList known = set->databaseIds();
    for (const QString &dbId : options.databases) {
        if (!known.contains(dbId))
            return makeFailure(
                    ModelBenchReport::tr("The question set has no database '%1'.").arg(dbId),
                    u"unknown_database"_s);
    }
    const QSet<QString> wanted(options.databases.cbegin(), options.databases.cend());
    QList<SpiderQuestion> selected;
    for (const SpiderQuestion &question : set->questions()) {
        if (!wanted.isEmpty() && !wanted.contains(question.dbId))
            continue;
        selected << question;
        if (options.limit > 0 && selected.size() >= options.limit)
            break;
    }
    if (selected.isEmpty())
        return makeFailure(ModelBenchReport::tr("No question was selected."), u"no_questions"_s);

    ModelBenchReport report;
    report.model = options.provider.model;
    report.provider = ProviderSettings::kindName(options.provider.kind);
    report.language = options.language;
    report.advice = options.advice;
    report.decapsulate = options.decapsulate;
    report.maxCorrections = options.maxCorrections;

    LoopPolicy policy;
    policy.maxCorrections = options.maxCorrections;
    policy.decapsulate = options.decapsulate;
    policy.wallClockMs = qMax(0, options.questionTimeoutMs);
    if (policy.wallClockMs > 0)
        policy.statementTimeoutMs = qMin(policy.statementTimeoutMs, policy.wallClockMs);
    // The outcome keeps the whole result, so it can be compared with the gold result.
    policy.maxRows = PredictedRowCap;
    policy.keepRows = PredictedRowCap;
    policy.stream = options.provider.stream;
    PromptBuilder prompts(options.language);
    prompts.setIncludeAdvice(options.advice);

    DatabaseSession session;
    int answeredCalls = 0;
    for (qsizetype i = 0; i < selected.size(); ++i) {
        const SpiderQuestion &question = selected.at(i);
        if (session.dbId != question.dbId) {
            session.loop.reset();
            session.executor.reset();
            const QString path = set->databasePath(question.dbId);
            const auto profile = ConnectionProfile::fromUrl(
                    u"sqlite://"_s + QString::fromUtf8(QUrl::toPercentEncoding(path, "/")));
            if (!profile)
                return makeFailure(profile.error().message, profile.error().code);
            session.dbId = question.dbId;
            session.executor = std::make_unique<Executor>(profile.value());
            session.loop = std::make_unique<CorrectionLoop>(session.executor.get(), provider);
            session.loop->setPolicy(policy);
            session.loop->setPromptBuilder(prompts);
        }

        const Result<ResultTable> gold =
                runTable(*session.executor, question.goldSql, 0, GoldTimeoutMs);
        if (!gold) {
            ModelBenchQuestion row;
            row.index = question.index;
            row.dbId = question.dbId;
            row.question = question.question;
            row.status = u"gold_error"_s;
            row.reason = gold.error().message;
            report.questions << row;
        } else {
            const QuestionOutcome outcome = ask(*session.loop, question.question);
            report.questions << score(question, outcome, gold.value(), *session.executor);
            answeredCalls += outcome.llmCalls;
            const QString failure = outcome.llmCalls == 0 ? modelFailureKind(outcome) : QString();
            if (failsEveryQuestion(failure) || (answeredCalls == 0 && meansUnreachable(failure))) {
                return makeFailure(
                        ModelBenchReport::tr("The model could not be used (%1); stopped after "
                                             "%n question(s). %2",
                                             nullptr, int(i + 1))
                                .arg(failure, outcome.reason),
                        u"model_unreachable"_s);
            }
        }
        if (progress)
            progress(int(i + 1), int(selected.size()));
    }
    return report;
}

} // namespace sqlmend::core
