#include "core/bench/breakbench.h"

#include "core/bench/resultcompare.h"
#include "core/bench/spiderset.h"
#include "core/bench/spidermirror.h"
#include "core/repair/repairrun.h"
#include "core/exec/executor.h"
#include "core/schema/schemacatalog.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

constexpr int MaxMissesPerKind = 80;
constexpr int MaxResultRows = 100000; // Spider's results are small; compare them whole

double ratio(int part, int whole, double empty = 0.0)
{
    return whole > 0 ? double(part) / double(whole) : empty;
}

// The last one or two dotted parts, for comparing "public.t.c" with "t.c" and "C" with "c".
QString tail(const QString &name, int parts)
{
    const QStringList all = name.split(u'.');
    return all.mid(std::max<qsizetype>(0, all.size() - parts)).join(u'.').toLower();
}

bool adviceHit(const SqlBreak &broken, const Advice &advice)
{
    switch (broken.kind) {
    case BreakKind::ColumnMisspelled:
    case BreakKind::TableMisspelled:
    case BreakKind::GroupByDropped:
    case BreakKind::AmbiguousColumn: {
        // The right name among the suggestions.
        const int parts = broken.kind == BreakKind::AmbiguousColumn ? 2 : 1;
        for (const QString &right : broken.rightNames) {
            for (const QString &suggestion : advice.suggestions) {
                if (tail(suggestion, parts) == tail(right, parts))
                    return true;
            }
        }
        return false;
    }
    case BreakKind::ForeignFunction:
    case BreakKind::StringNumber:
        // This engine's spelling, or the operator and value, named in the next step.
        for (const QString &right : broken.rightNames) {
            const QRegularExpression word(
                    u"(^|[^\\w])%1($|[^\\w])"_s.arg(QRegularExpression::escape(right)),
                    QRegularExpression::CaseInsensitiveOption);
            if (word.match(advice.nextStep).hasMatch())
                return true;
        }
        return false;
    }
    return false;
}

// A deterministic seed per question and kind: the same breaks on every run and machine.
quint64 seedFor(int question, BreakKind kind)
{
    quint64 x = quint64(question) * 0x9E3779B97F4A7C15ull + quint64(kind) * 0xBF58476D1CE4E5B9ull;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 29;
    return x;
}

ResultTable tableOf(const RunResult &result)
{
    return ResultTable{result.columns, result.rows};
}

void addMiss(BreakKindFigures &figures, const QString &what, int question, const QString &sql,
             const QString &detail)
{
    if (figures.misses.size() < MaxMissesPerKind)
        figures.misses.append(BreakBenchMiss{what, question, sql, detail});
}

// One database's connection through the executor, with its schema's names.
struct Target
{
    std::unique_ptr<Executor> executor;
    Engine engine = Engine::Unknown;
    std::shared_ptr<const SchemaNames> names;
};

Result<Target> openTarget(const QString &dbId, const QString &sqlitePath,
                          const BreakBenchOptions &options)
{
    Target target;
    QString url;
    if (options.postgresUrl.isEmpty()) {
        url = u"sqlite://"_s + QString::fromUtf8(QUrl::toPercentEncoding(sqlitePath, "/"));
    } else {
        // Unqualified names in the gold SQL resolve in the copy's schema, on every connection
        // the executor makes (a connect option, not a SET that a reconnect would lose).
        url = options.postgresUrl + (options.postgresUrl.contains(u'?') ? u'&' : u'?')
                + u"options="_s
                + QString::fromUtf8(QUrl::toPercentEncoding(
                        u"-csearch_path=%1"_s.arg(SpiderMirror::schemaName(dbId))));
    }
    QString urlPassword;
    const auto profile = ConnectionProfile::fromUrl(url, &urlPassword);
    if (!profile)
        return makeFailure(profile.error().message);
    const QString password =
            options.postgresPassword.isEmpty() ? urlPassword : options.postgresPassword;
    target.executor = std::make_unique<Executor>(*profile, password);
    const auto info = target.executor->open().result();
    if (!info)
        return makeFailure(info.error().advice.text());
    target.engine = info->engine;
    const QString schema =
            options.postgresUrl.isEmpty() ? QString() : SpiderMirror::schemaName(dbId);
    const Engine engine = target.engine;
    // The catalog, read on the executor's worker where the connection lives.
    using Loaded = Result<SchemaNames, Diagnosis>;
    const Loaded loaded = target.executor
                                  ->submit<Loaded>([engine, schema](QSqlDatabase &db) -> Loaded {
                                      SchemaCatalog catalog(engine);
                                      const auto tables = catalog.tables(db, schema);
                                      if (!tables)
                                          return makeUnexpected(tables.error());
                                      return catalog.names();
                                  })
                                  .result();
    if (!loaded) {
        return makeFailure(BreakBenchReport::tr("cannot read the tables of %1: %2")
                                   .arg(dbId, loaded.error().advice.rootCause));
    }
    const SchemaNames &names = loaded.value();
    if (names.tables.isEmpty())
        return makeFailure(BreakBenchReport::tr("the database %1 has no tables").arg(dbId));
    target.names = std::make_shared<const SchemaNames>(names);
    return target;
}

void scoreBreak(const SqlBreak &broken, const SpiderQuestion &question, const RunResult &gold,
                bool ordered, const Target &target, const RunOptions &baseOptions,
                BreakKindFigures &figures)
{
    ++figures.broken;
    RunOptions options = baseOptions;
    options.schema = target.names;
    // The broken statement and the repairs after it, as `sqlmend run --autofix` runs them.
    const RepairedRun run = RepairRun::run(*target.executor, broken.sql, options, true);
    const RunResult &result = run.attempts.constFirst().result;
    if (result.outcome == RunOutcome::Ok) {
        ++figures.accepted;
        return;
    }
    if (result.outcome != RunOutcome::Error || !result.diagnosis) {
        ++figures.other;
        addMiss(figures, u"other"_s, question.index, broken.sql, runOutcomeName(result.outcome));
        return;
    }
    ++figures.errors;
    const Diagnosis &diagnosis = *result.diagnosis;
    const QString className = errorClassName(diagnosis.errorClass());
    figures.classes[className] += 1;
    if (broken.expectedClasses.contains(diagnosis.errorClass())) {
        ++figures.classCorrect;
    } else {
        addMiss(figures, u"class"_s, question.index, broken.sql,
                u"%1: %2"_s.arg(className, diagnosis.error.rootCause.left(300)));
    }
    if (adviceHit(broken, diagnosis.advice)) {
        ++figures.adviceHits;
    } else {
        addMiss(figures, u"advice"_s, question.index, broken.sql,
                u"want %1; got [%2] %3"_s.arg(broken.rightNames.join(u", "_s),
                                              diagnosis.advice.suggestions.join(u", "_s),
                                              diagnosis.advice.nextStep.left(300)));
    }
    if (!run.repaired() || !run.final().result.isOk()) {
        if (broken.kind == BreakKind::ColumnMisspelled || broken.kind == BreakKind::TableMisspelled)
            addMiss(figures, u"no_repair"_s, question.index, broken.sql,
                    u"%1 -> %2"_s.arg(broken.wrongName, broken.rightNames.join(u", "_s)));
        return;
    }
    ++figures.autofixed;
    const RunResult &repaired = run.final().result;
    if (sameResult(tableOf(gold), tableOf(repaired), ordered)) {
        ++figures.autofixCorrect;
    } else {
        addMiss(figures, u"wrong_repair"_s, question.index, run.final().sql,
                u"%1 (%2)"_s.arg(run.final().change, run.final().repair));
    }
}

} // namespace

double BreakKindFigures::classAccuracy() const
{
    return ratio(classCorrect, errors);
}

double BreakKindFigures::adviceHitRate() const
{
    return ratio(adviceHits, errors);
}

double BreakKindFigures::autofixRate() const
{
    return ratio(autofixed, errors);
}

double BreakKindFigures::autofixPrecision() const
{
    return ratio(autofixCorrect, autofixed, 1.0);
}

QJsonObject BreakKindFigures::toJson() const
{
    QJsonObject classesJson;
    for (auto it = classes.cbegin(); it != classes.cend(); ++it)
        classesJson.insert(it.key(), it.value());
    QJsonArray missesJson;
    for (const BreakBenchMiss &miss : misses) {
        missesJson.append(QJsonObject{{u"what"_s, miss.what},
                                      {u"question"_s, miss.question},
                                      {u"sql"_s, miss.sql},
                                      {u"detail"_s, miss.detail}});
    }
    return QJsonObject{
            {u"broken"_s, broken},
            {u"errors"_s, errors},
            {u"accepted"_s, accepted},
            {u"other"_s, other},
            {u"class_correct"_s, classCorrect},
            {u"class_accuracy"_s, classAccuracy()},
            {u"advice_hits"_s, adviceHits},
            {u"advice_hit_rate"_s, adviceHitRate()},
            {u"autofixed"_s, autofixed},
            {u"autofix_rate"_s, autofixRate()},
            {u"autofix_correct"_s, autofixCorrect},
            {u"autofix_precision"_s, autofixPrecision()},
            {u"classes"_s, classesJson},
            {u"misses"_s, missesJson},
    };
}

BreakKindFigures BreakBenchReport::totals() const
{
    BreakKindFigures sum;
    for (const BreakKindFigures &figures : kinds) {
        sum.broken += figures.broken;
        sum.errors += figures.errors;
        sum.accepted += figures.accepted;
        sum.other += figures.other;
        sum.classCorrect += figures.classCorrect;
        sum.adviceHits += figures.adviceHits;
        sum.autofixed += figures.autofixed;
        sum.autofixCorrect += figures.autofixCorrect;
        for (auto it = figures.classes.cbegin(); it != figures.classes.cend(); ++it)
            sum.classes[it.key()] += it.value();
    }
    return sum;
}

QJsonObject BreakBenchReport::toJson() const
{
    QJsonObject kindsJson;
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
        kindsJson.insert(breakKindName(it.key()), it.value().toJson());
    QJsonObject totalsJson = totals().toJson();
    totalsJson.remove(u"misses"_s);
    return QJsonObject{
            {u"mode"_s, u"deterministic"_s}, {u"engine"_s, engine},
            {u"spider_dir"_s, spiderDir},    {u"questions"_s, questions},
            {u"gold_failed"_s, goldFailed},  {u"kinds"_s, kindsJson},
            {u"totals"_s, totalsJson},       {u"ms"_s, ms},
    };
}

QString BreakBenchReport::toText() const
{
    auto percent = [](double value) { return u"%1%"_s.arg(value * 100.0, 0, 'f', 1); };
    QString text;
    text += tr("Deterministic correction benchmark on %1: %2 questions, %3 gold queries did not "
               "run on this engine and were not used.")
                    .arg(engine)
                    .arg(questions)
                    .arg(goldFailed)
            + u'\n';
    const QString header = u"%1 %2 %3 %4 %5 %6 %7 %8 %9"_s;
    text += header.arg(tr("kind"), -18)
                    .arg(tr("broken"), 7)
                    .arg(tr("errors"), 7)
                    .arg(tr("accepted"), 9)
                    .arg(tr("other"), 6)
                    .arg(tr("class"), 7)
                    .arg(tr("advice"), 7)
                    .arg(tr("autofix"), 8)
                    .arg(tr("precision"), 10)
            + u'\n';
    auto line = [&](const QString &name, const BreakKindFigures &f) {
        // A rate over no errors is not a figure.
        auto overErrors = [&](double value) { return f.errors > 0 ? percent(value) : u"-"_s; };
        return header.arg(name, -18)
                       .arg(f.broken, 7)
                       .arg(f.errors, 7)
                       .arg(f.accepted, 9)
                       .arg(f.other, 6)
                       .arg(overErrors(f.classAccuracy()), 7)
                       .arg(overErrors(f.adviceHitRate()), 7)
                       .arg(overErrors(f.autofixRate()), 8)
                       .arg(f.autofixed > 0 ? percent(f.autofixPrecision()) : u"-"_s, 10)
                + u'\n';
    };
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
        text += line(breakKindName(it.key()), it.value());
    text += line(tr("total"), totals());
    text += tr("Class, advice and autofix rates are over the statements the engine rejected; "
               "\"accepted\" ones ran without an error. Took %1 ms.")
                    .arg(ms)
            + u'\n';
    return text;
}

Result<BreakBenchReport> runBreakBench(const BreakBenchOptions &options,
                                       const std::function<void(int done, int total)> &progress)
{
    QElapsedTimer clock;
    clock.start();
    const auto set = SpiderSet::load(options.spiderDir);
    if (!set)
        return makeUnexpected(set.error());
    for (const QString &db : options.databases) {
        if (!set->databaseIds().contains(db)) {
            return makeFailure(BreakBenchReport::tr("the set has no database \"%1\"").arg(db),
                               u"invalid"_s);
        }
    }
    QList<SpiderQuestion> questions;
    for (const SpiderQuestion &question : set->questions()) {
        if (options.limit > 0 && questions.size() >= options.limit)
            break;
        if (options.databases.isEmpty() || options.databases.contains(question.dbId))
            questions.append(question);
    }

    BreakBenchReport report;
    report.spiderDir = set->dir();
    report.questions = int(questions.size());
    report.engine = options.postgresUrl.isEmpty() ? u"sqlite"_s : u"postgresql"_s;
    for (const BreakKind kind : allBreakKinds())
        report.kinds.insert(kind, {});

    RunOptions runOptions;
    runOptions.batches = false; // read from the futures; no batch signals left unread
    runOptions.timeoutMs = options.timeoutMs;
    runOptions.maxRows = MaxResultRows;
    runOptions.batchSize = MaxResultRows;

    QStringList order;
    for (const SpiderQuestion &question : std::as_const(questions)) {
        if (!order.contains(question.dbId))
            order.append(question.dbId);
    }
    int done = 0;
    for (const QString &dbId : std::as_const(order)) {
        if (!options.postgresUrl.isEmpty()) {
            QString urlPassword;
            const auto profile = ConnectionProfile::fromUrl(options.postgresUrl, &urlPassword);
            if (!profile)
                return makeUnexpected(profile.error());
            const auto copied = SpiderMirror::copy(
                    set->databasePath(dbId), dbId, *profile,
                    options.postgresPassword.isEmpty() ? urlPassword : options.postgresPassword);
            if (!copied)
                return makeUnexpected(copied.error());
        }
        auto target = openTarget(dbId, set->databasePath(dbId), options);
        if (!target)
            return makeUnexpected(target.error());
        report.engine = engineName(target->engine);
        const SqlBreaker breaker(target->engine, *target->names);
        for (const SpiderQuestion &question : std::as_const(questions)) {
            if (question.dbId != dbId)
                continue;
            const RunResult gold =
                    target->executor->run(question.goldSql, runOptions).result.result();
            if (!gold.isOk()) {
                ++report.goldFailed;
            } else {
                const bool ordered = hasOuterOrderBy(question.goldSql);
                for (const BreakKind kind : allBreakKinds()) {
                    const auto broken =
                            breaker.breakSql(question.goldSql, kind, seedFor(question.index, kind));
                    if (broken) {
                        scoreBreak(*broken, question, gold, ordered, *target, runOptions,
                                   report.kinds[kind]);
                    }
                }
            }
            ++done;
            if (progress)
                progress(done, report.questions);
        }
    }
    report.ms = clock.elapsed();
    return report;
}

} // namespace sqlmend::core
