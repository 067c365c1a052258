#include "core/bench/replaybench.h"

#include "core/bench/resultcompare.h"
#include "core/errors/classifier.h"
#include "core/errors/queryscope.h"
#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "core/llm/llmprovider.h"
#include "core/loop/correctionloop.h"
#include "core/repair/repairrun.h"
#include "core/sql/connectionprofile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTimer>

#include <memory>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

constexpr int MaxClassMisses = 40;
constexpr int MaxAdviceMisses = 100;

QJsonObject countsJson(const QMap<QString, int> &counts)
{
    QJsonObject object;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

// "name 3, other 1"
QString countsText(const QMap<QString, int> &counts)
{
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts.append(u"%1 %2"_s.arg(it.key()).arg(it.value()));
    return parts.join(u", "_s);
}

double ratio(int part, int whole)
{
    return whole > 0 ? double(part) / whole : 0.0;
}

QString percent(int part, int whole)
{
    return whole > 0 ? u"%1%"_s.arg(100.0 * part / whole, 0, 'f', 1) : u"-"_s;
}

ResultTable tableOf(const RunResult &result)
{
    return ResultTable{result.columns, result.rows};
}

bool isNameClass(ErrorClass errorClass)
{
    return errorClass == ErrorClass::ColumnMissing || errorClass == ErrorClass::TableMissing
            || errorClass == ErrorClass::AmbiguousColumn
            || errorClass == ErrorClass::FunctionMissing;
}

// Lower-cased identifiers of a statement (bare and quoted names, qualified references whole).
QSet<QString> identifiers(const QString &sql, Engine engine)
{
    QSet<QString> result;
    const QueryScope scope = QueryScope::read(sql, engine);
    for (const SqlToken &token : scope.tokens) {
        if (token.isIdentifier())
            result.insert(token.name.toLower());
    }
    for (const QueryScope::Reference &reference : scope.references) {
        if (!reference.qualifier.isEmpty())
            result.insert((reference.qualifier + u'.' + reference.column).toLower());
    }
    return result;
}

bool mentions(const QString &text, const QString &name)
{
    // As a whole name: not inside a longer identifier.
    const QString lower = text.toLower();
    const QString wanted = name.toLower();
    for (qsizetype at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, at + 1)) {
        const bool startOk =
                at == 0 || !(lower.at(at - 1).isLetterOrNumber() || lower.at(at - 1) == u'_');
        const qsizetype end = at + wanted.size();
        const bool endOk =
                end >= lower.size() || !(lower.at(end).isLetterOrNumber() || lower.at(end) == u'_');
        if (startOk && endOk)
            return true;
    }
    return false;
}

// One database: its connection, its catalog and the gold results already run.
struct Database
{
    std::unique_ptr<Executor> executor;
    std::shared_ptr<LiveCatalog> catalog = std::make_shared<LiveCatalog>();
    std::unique_ptr<CorrectionLoop> loop; // destroyed before the executor
    QHash<QString, std::optional<ResultTable>> gold;
};

QuestionOutcome ask(CorrectionLoop &loop, const QString &question, const QString &firstSql,
                    int timeoutMs)
{
    QuestionOutcome outcome;
    QEventLoop events;
    bool done = false;
    const QMetaObject::Connection finished = QObject::connect(
            &loop, &CorrectionLoop::finished, &events, [&](const QuestionOutcome &result) {
                outcome = result;
                done = true;
                events.quit();
            });
    if (loop.askFromAttempt(question, firstSql)) {
        QTimer::singleShot(timeoutMs + 5000, &events, [&loop] { loop.cancel(); });
        if (!done)
            events.exec();
    }
    QObject::disconnect(finished);
    return outcome;
}

void add(ReplayFigures &into, const ReplayFigures &one)
{
    into.errors += one.errors;
    into.classCorrect += one.classCorrect;
    into.adviceCases += one.adviceCases;
    into.adviceHits += one.adviceHits;
    into.repairsTried += one.repairsTried;
    into.repairsDoubted += one.repairsDoubted;
    into.repairsAnswered += one.repairsAnswered;
    into.repairsRight += one.repairsRight;
    into.repairsRightAnyColumnOrder += one.repairsRightAnyColumnOrder;
    into.repairsWrong += one.repairsWrong;
    into.healed += one.healed;
    for (auto it = one.healedByRound.cbegin(); it != one.healedByRound.cend(); ++it)
        into.healedByRound[it.key()] += it.value();
    into.regressions += one.regressions;
    into.calls += one.calls;
    into.tokens += one.tokens;
    for (auto it = one.classes.cbegin(); it != one.classes.cend(); ++it)
        into.classes[it.key()] += it.value();
}

} // namespace

double ReplayFigures::classAccuracy() const
{
    return ratio(classCorrect, errors);
}

double ReplayFigures::adviceHitRate() const
{
    return ratio(adviceHits, adviceCases);
}

double ReplayFigures::repairPrecision() const
{
    return repairsAnswered > 0 ? ratio(repairsRight, repairsAnswered) : 1.0;
}

double ReplayFigures::repairRate() const
{
    return ratio(repairsRight, errors);
}

QJsonObject ReplayFigures::toJson() const
{
    QJsonObject rounds;
    for (auto it = healedByRound.cbegin(); it != healedByRound.cend(); ++it)
        rounds.insert(QString::number(it.key()), it.value());
    return QJsonObject{
            {u"errors"_s, errors},
            {u"class_correct"_s, classCorrect},
            {u"class_accuracy"_s, classAccuracy()},
            {u"advice_cases"_s, adviceCases},
            {u"advice_hits"_s, adviceHits},
            {u"advice_hit_rate"_s, adviceHitRate()},
            {u"repairs_tried"_s, repairsTried},
            {u"repairs_doubted"_s, repairsDoubted},
            {u"repairs_answered"_s, repairsAnswered},
            {u"repairs_right"_s, repairsRight},
            {u"repairs_right_any_column_order"_s, repairsRightAnyColumnOrder},
            {u"repairs_wrong"_s, repairsWrong},
            {u"repair_precision"_s, repairPrecision()},
            {u"repairs_right_rate"_s, repairRate()},
            {u"healed"_s, healed},
            {u"healed_by_round"_s, rounds},
            {u"regressions"_s, regressions},
            {u"llm_calls"_s, calls},
            {u"tokens"_s, tokens},
            {u"classes"_s, countsJson(classes)},
    };
}

QJsonObject ReplayBenchReport::toJson() const
{
    const auto figuresOf = [](const QMap<QString, ReplayFigures> &map) {
        QJsonObject object;
        for (auto it = map.cbegin(); it != map.cend(); ++it)
            object.insert(it.key(), it.value().toJson());
        return object;
    };
    QJsonArray wrong;
    for (const ReplayWrongRepair &repair : wrongRepairs) {
        wrong.append(QJsonObject{{u"id"_s, repair.id},
                                 {u"source_model"_s, repair.sourceModel},
                                 {u"steps"_s, repair.steps},
                                 {u"before"_s, repair.before},
                                 {u"after"_s, repair.after},
                                 {u"gold"_s, repair.gold}});
    }
    return QJsonObject{{u"mode"_s, model.isEmpty() ? u"repairs"_s : u"model"_s},
                       {u"input"_s, input},
                       {u"spider_dir"_s, spiderDir},
                       {u"model"_s, model},
                       {u"cases"_s, cases},
                       {u"skipped"_s, skipped},
                       {u"totals"_s, totals.toJson()},
                       {u"by_category"_s, figuresOf(byCategory)},
                       {u"by_source_model"_s, figuresOf(bySourceModel)},
                       {u"repair_steps"_s, countsJson(repairSteps)},
                       {u"doubts"_s, countsJson(doubts)},
                       {u"wrong_repairs"_s, wrong},
                       {u"class_misses"_s, QJsonArray::fromStringList(classMisses)},
                       {u"advice_misses"_s, QJsonArray::fromStringList(adviceMisses)},
                       {u"ms"_s, ms}};
}

QString ReplayBenchReport::toText() const
{
    QString text;
    text += tr("Replay of %1 real failing predictions (%2 skipped) from %3, in %4 ms.")
                    .arg(cases)
                    .arg(skipped)
                    .arg(QFileInfo(input).fileName())
                    .arg(ms)
            + u'\n';
    const auto header = [this] {
        QString line = tr("%1 %2 %3 %4 %5 %6 %7 %8")
                               .arg(tr("group"), -44)
                               .arg(tr("errors"), 7)
                               .arg(tr("class"), 8)
                               .arg(tr("advice"), 8)
                               .arg(tr("tried"), 6)
                               .arg(tr("right"), 6)
                               .arg(tr("wrong"), 6)
                               .arg(tr("right/errors"), 13);
        if (!model.isEmpty())
            line += tr(" %1 %2 %3").arg(tr("healed"), 7).arg(tr("regress"), 8).arg(tr("calls"), 6);
        return line + u'\n';
    };
    const auto line = [this](const QString &name, const ReplayFigures &f) {
        QString row = u"%1 %2 %3 %4 %5 %6 %7 %8"_s.arg(name.left(44), -44)
                              .arg(f.errors, 7)
                              .arg(percent(f.classCorrect, f.errors), 8)
                              .arg(percent(f.adviceHits, f.adviceCases), 8)
                              .arg(f.repairsTried, 6)
                              .arg(f.repairsRight, 6)
                              .arg(f.repairsWrong, 6)
                              .arg(percent(f.repairsRight, f.errors), 13);
        if (!model.isEmpty())
            row += u" %1 %2 %3"_s.arg(f.healed, 7).arg(f.regressions, 8).arg(f.calls, 6);
        return row + u'\n';
    };
    text += header();
    text += line(tr("all"), totals);
    text += u'\n' + tr("By the recorded error's class:") + u'\n';
    for (auto it = byCategory.cbegin(); it != byCategory.cend(); ++it)
        text += line(it.key(), it.value());
    text += u'\n' + tr("By source model:") + u'\n';
    for (auto it = bySourceModel.cbegin(); it != bySourceModel.cend(); ++it)
        text += line(it.key(), it.value());
    text += u'\n'
            + tr("Class accuracy %1, advice hit %2 (name errors), repairs right %3 of all errors, "
                 "repair precision %4 (%5 right with the columns in any order: %6); %7 repaired "
                 "results in doubt did not stand.")
                      .arg(percent(totals.classCorrect, totals.errors),
                           percent(totals.adviceHits, totals.adviceCases),
                           percent(totals.repairsRight, totals.errors),
                           percent(totals.repairsRight, totals.repairsAnswered))
                      .arg(totals.repairsRightAnyColumnOrder)
                      .arg(percent(totals.repairsRightAnyColumnOrder, totals.repairsAnswered))
                      .arg(totals.repairsDoubted)
            + u'\n';
    if (!repairSteps.isEmpty())
        text += tr("Answers by repair step: %1").arg(countsText(repairSteps)) + u'\n';
    if (!doubts.isEmpty())
        text += tr("Repairs whose result did not stand, by doubt: %1").arg(countsText(doubts))
                + u'\n';
    for (const ReplayWrongRepair &repair : wrongRepairs) {
        text += u'\n'
                + tr("Wrong repair %1 (%2, %3):").arg(repair.id, repair.sourceModel, repair.steps)
                + u'\n' + tr("  before: %1").arg(repair.before.simplified()) + u'\n'
                + tr("  after:  %1").arg(repair.after.simplified()) + u'\n'
                + tr("  gold:   %1").arg(repair.gold.simplified()) + u'\n';
    }
    return text;
}

Result<QList<ReplayCase>> readReplayCases(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeFailure(
                ReplayBenchReport::tr("Cannot read %1: %2").arg(path, file.errorString()));
    QList<ReplayCase> cases;
    int number = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        ++number;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        const QJsonObject object = document.object();
        ReplayCase row;
        row.dbId = object.value(u"db_id").toString();
        row.predictedSql = object.value(u"predicted_sql").toString();
        row.goldSql = object.value(u"gold_sql").toString();
        if (error.error != QJsonParseError::NoError || !document.isObject() || row.dbId.isEmpty()
            || row.goldSql.isEmpty() || !object.contains(u"predicted_sql")) {
            return makeFailure(
                    ReplayBenchReport::tr("%1, line %2: not a prediction (an object with "
                                          "db_id, predicted_sql and gold_sql)")
                            .arg(path)
                            .arg(number));
        }
        row.id = object.value(u"case_id").toString(QString::number(number));
        row.question = object.value(u"question").toString();
        row.sourceModel = object.value(u"source_model").toString(u"unknown"_s);
        row.recordedError = object.value(u"sqlite_error").toString();
        cases.append(row);
    }
    return cases;
}

bool replayAdviceHit(const Diagnosis &diagnosis, const QString &predicted, const QString &gold,
                     const SchemaNames &schema, Engine engine)
{
    const QString advice =
            diagnosis.advice.nextStep + u' ' + diagnosis.advice.suggestions.join(u' ');
    const QString named = diagnosis.classification.match.capture(Capture::Name);
    const QString column = named.mid(named.lastIndexOf(u'.') + 1).remove(u'"').remove(u'`');
    if (diagnosis.errorClass() == ErrorClass::AmbiguousColumn) {
        // The gold query's choice: the table it reads the column from.
        const QueryScope goldScope = QueryScope::read(gold, engine);
        const QueryScope predictedScope = QueryScope::read(predicted, engine);
        QStringList goldTables;
        for (const QueryScope::Reference &reference : goldScope.references) {
            if (reference.column.compare(column, Qt::CaseInsensitive) != 0)
                continue;
            if (reference.qualifier.isEmpty()) {
                // Unqualified in the gold query: the one table of its FROM that has it.
                for (const QString &table : goldScope.tables()) {
                    const SchemaNames::Table *found = schema.findTable(table);
                    if (found && found->hasColumn(column))
                        goldTables.append(table.toLower());
                }
            } else if (const QueryScope::Source *source = goldScope.find(reference.qualifier)) {
                goldTables.append(source->table.toLower());
            }
        }
        for (const QString &spelling : diagnosis.advice.suggestions) {
            const QString qualifier = spelling.section(u'.', 0, 0);
            const QueryScope::Source *source = predictedScope.find(qualifier);
            const QString table = source ? source->table : qualifier;
            if (goldTables.contains(table.toLower()))
                return true;
        }
        return false;
    }
    if (diagnosis.errorClass() == ErrorClass::ColumnMissing && !column.isEmpty()) {
        for (const QString &holder : schema.tablesWithColumn(column)) {
            if (mentions(advice, holder.section(u'.', -1)))
                return true;
        }
    }
    // An identifier the gold query uses and the prediction does not, that is a real name.
    const QSet<QString> had = identifiers(predicted, engine);
    const QSet<QString> realNames = [&schema] {
        QSet<QString> names;
        for (const SchemaNames::Table &table : schema.tables) {
            names.insert(table.name.toLower());
            for (const QString &c : table.columns)
                names.insert(c.toLower());
        }
        for (const QString &function : schema.functions)
            names.insert(function.toLower());
        return names;
    }();
    for (const QString &name : identifiers(gold, engine)) {
        const QString base = name.section(u'.', -1);
        if (had.contains(name) || had.contains(base) || !realNames.contains(base))
            continue;
        if (mentions(advice, base))
            return true;
    }
    return false;
}

Result<ReplayBenchReport> runReplayBench(const ReplayBenchOptions &options,
                                         const std::function<void(int, int)> &progress)
{
    QElapsedTimer clock;
    clock.start();
    const Result<QList<ReplayCase>> read = readReplayCases(options.inputPath);
    if (!read)
        return makeUnexpected(read.error());
    QList<ReplayCase> cases;
    for (const ReplayCase &row : read.value()) {
        if (!options.databases.isEmpty() && !options.databases.contains(row.dbId))
            continue;
        if (options.excludeDatabases.contains(row.dbId))
            continue;
        cases.append(row);
        if (options.limit > 0 && cases.size() >= options.limit)
            break;
    }
    std::shared_ptr<const LlmProvider> provider;
    if (options.provider) {
        auto created = LlmProvider::create(*options.provider);
        if (!created)
            return makeUnexpected(created.error());
        provider = created.value();
    }

    ReplayBenchReport report;
    report.input = options.inputPath;
    report.spiderDir = options.spiderDir;
    report.model = options.provider ? options.provider->model : QString();
    QHash<QString, std::shared_ptr<Database>> databases;
    RunOptions runOptions;
    runOptions.batches = false; // read from the futures; no batch signals left unread
    runOptions.timeoutMs = options.timeoutMs;
    runOptions.maxRows = 100000;

    int done = 0;
    for (const ReplayCase &row : std::as_const(cases)) {
        const QString path =
                QDir(options.spiderDir).filePath(u"database/%1/%1.sqlite"_s.arg(row.dbId));
        std::shared_ptr<Database> &database = databases[row.dbId];
        if (!database) {
            if (!QFileInfo::exists(path)) {
                ++report.skipped;
                databases.remove(row.dbId);
                continue;
            }
            // An absolute path: "sqlite:///" before a relative one would name the root folder.
            const auto profile =
                    ConnectionProfile::fromUrl(u"sqlite://"_s + QFileInfo(path).absoluteFilePath());
            if (!profile)
                return makeUnexpected(profile.error());
            database = std::make_shared<Database>();
            database->executor = std::make_unique<Executor>(profile.value());
            if (provider) {
                database->loop =
                        std::make_unique<CorrectionLoop>(database->executor.get(), provider);
                LoopPolicy policy;
                policy.maxCorrections = options.maxCorrections;
                policy.autofix = options.repairs;
                policy.statementTimeoutMs = options.timeoutMs;
                policy.maxRows = runOptions.maxRows;
                policy.keepRows = runOptions.maxRows;
                policy.similarCases = 0;
                database->loop->setPolicy(policy);
                database->loop->setPromptBuilder(PromptBuilder(options.language));
            }
        }
        RunOptions runWith = runOptions;
        runWith.catalog = database->catalog;
        // The gold result, once per distinct gold query.
        if (!database->gold.contains(row.goldSql)) {
            const RunResult gold = database->executor->run(row.goldSql, runOptions).result.result();
            database->gold.insert(row.goldSql,
                                  gold.isOk() ? std::optional<ResultTable>(tableOf(gold))
                                              : std::nullopt);
        }
        const std::optional<ResultTable> gold = database->gold.value(row.goldSql);
        if (!gold) {
            ++report.skipped;
            continue;
        }
        ++report.cases;
        const bool ordered = hasOuterOrderBy(row.goldSql);

        const RepairedRun run =
                RepairRun::run(*database->executor, row.predictedSql, runWith, options.repairs);
        const RunResult &first = run.attempts.constFirst().result;
        ReplayFigures one;
        QString category = u"ran"_s;
        if (first.isOk()) {
            // The prediction ran here: nothing to diagnose (the recorded error did not reproduce).
            category = u"no_error"_s;
        } else if (first.diagnosis) {
            ++one.errors;
            const ErrorClass got = first.diagnosis->errorClass();
            one.classes[errorClassName(got)] += 1;
            ErrorClass expected = got;
            if (!row.recordedError.isEmpty()) {
                expected = Classifier::classify(Engine::SQLite,
                                                Decapsulator::decapsulate(EngineError::fromText(
                                                        Engine::SQLite, row.recordedError)))
                                   .errorClass;
            }
            category = errorClassName(expected);
            if (got == expected)
                ++one.classCorrect;
            else if (report.classMisses.size() < MaxClassMisses)
                report.classMisses.append(u"%1: %2 -> %3"_s.arg(row.id, errorClassName(expected),
                                                                errorClassName(got)));
            if (isNameClass(expected)) {
                ++one.adviceCases;
                std::shared_ptr<const SchemaNames> names = database->catalog->cached();
                if (!names) {
                    const std::shared_ptr<LiveCatalog> catalog = database->catalog;
                    names = database->executor
                                    ->submit<std::shared_ptr<const SchemaNames>>(
                                            [catalog](QSqlDatabase &db) {
                                                return catalog->names(db, Engine::SQLite);
                                            })
                                    .result();
                }
                if (replayAdviceHit(*first.diagnosis, row.predictedSql, row.goldSql, *names,
                                    Engine::SQLite))
                    ++one.adviceHits;
                else if (report.adviceMisses.size() < MaxAdviceMisses)
                    report.adviceMisses.append(
                            u"%1: %2 -> %3"_s.arg(row.id, first.diagnosis->advice.rootCause,
                                                  first.diagnosis->advice.nextStep));
            }
        }
        if (run.attempts.size() > 1)
            ++one.repairsTried;
        for (const RepairedRun::Attempt &attempt : run.attempts) {
            if (attempt.result.isOk() && !attempt.result.isAnswer()) {
                ++one.repairsDoubted;
                report.doubts[answerDoubtName(attempt.result.doubt)] += 1;
            }
        }
        const RunResult &answer = run.final().result;
        if (run.repaired() && answer.isOk()) {
            ++one.repairsAnswered;
            QStringList steps;
            for (qsizetype i = 1; i <= run.answer; ++i)
                steps.append(run.attempts.at(i).repair);
            report.repairSteps[steps.join(u'+')] += 1;
            const bool right = sameResult(*gold, tableOf(answer), ordered);
            const bool rightAnyOrder =
                    right || sameResultAnyColumnOrder(*gold, tableOf(answer), ordered);
            one.repairsRight += right ? 1 : 0;
            one.repairsRightAnyColumnOrder += rightAnyOrder ? 1 : 0;
            if (!right) {
                ++one.repairsWrong;
                report.wrongRepairs.append({row.id, row.sourceModel, steps.join(u", "_s),
                                            row.predictedSql, run.final().sql, row.goldSql});
            }
        }
        if (database->loop && !first.isOk()) {
            const QuestionOutcome outcome =
                    ask(*database->loop, row.question, row.predictedSql, options.timeoutMs * 4);
            one.calls += outcome.llmCalls;
            one.tokens += outcome.promptTokens + outcome.completionTokens;
            if (outcome.isOk()) {
                const bool right = sameResult(*gold, {outcome.columns, outcome.rows}, ordered);
                if (right) {
                    ++one.healed;
                    one.healedByRound[outcome.llmCalls] += 1;
                } else {
                    ++one.regressions;
                }
            }
        }
        add(report.totals, one);
        add(report.byCategory[category], one);
        add(report.bySourceModel[row.sourceModel], one);
        if (progress)
            progress(++done, int(cases.size()));
    }
    report.ms = clock.elapsed();
    return report;
}

} // namespace sqlmend::core
