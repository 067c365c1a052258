#include "core/repair/repairrun.h"

#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "core/exec/rowsink.h"
#include "core/repair/repairs.h"

#include <QSet>

namespace sqlmend::core {

namespace {

// The rows of a result that stands, to the sink the run's first attempt would have used.
void handOn(RunResult &result, RowSink &sink)
{
    QList<QMetaType> types;
    types.reserve(result.columnTypes.size());
    for (const QString &type : std::as_const(result.columnTypes))
        types.append(QMetaType::fromName(type.toLatin1()));
    if (!sink.begin(result.columns, types)) {
        result.outcome = RunOutcome::Cancelled;
        return;
    }
    for (const QVariantList &row : std::as_const(result.rows)) {
        if (!sink.row(row)) {
            // As a fetch into a sink that closes: the run ends cancelled.
            result.outcome = RunOutcome::Cancelled;
            result.rowStatus = RowCountStatus::Partial;
            return;
        }
    }
}

} // namespace

RepairedRun RepairRun::run(Executor &executor, const QString &sql, const RunOptions &options,
                           bool repairs, int maxRepairs)
{
    RepairedRun run;
    run.attempts.append({QString(), QString(), sql, executor.run(sql, options).result.result()});
    if (!repairs)
        return run;
    QSet<QString> tried{sql.trimmed()};
    for (int round = 0; round < maxRepairs; ++round) {
        const RepairedRun::Attempt &last = run.attempts.constLast();
        // Rows of the last attempt have gone out through the sink: no other attempt's may follow.
        if (options.rowSink && options.rowSink->started())
            break;
        if (last.result.outcome == RunOutcome::Ok || !last.result.diagnosis
            || last.result.outcome == RunOutcome::Timeout
            || last.result.outcome == RunOutcome::Cancelled)
            break;
        std::shared_ptr<const SchemaNames> names = options.schema;
        if (!names && options.catalog) {
            names = options.catalog->cached();
            if (!names) {
                const Engine engine = last.result.diagnosis->engine;
                const std::shared_ptr<LiveCatalog> catalog = options.catalog;
                names = executor.submit<std::shared_ptr<const SchemaNames>>(
                                        [catalog, engine](QSqlDatabase &db) {
                                            return catalog->names(db, engine);
                                        })
                                .result();
            }
        }
        const RepairInput input(last.sql, last.result.diagnosis->sqlDialect(),
                                *last.result.diagnosis, names.get());
        const std::optional<Repair> repair =
                Repairs::next(input, [&tried](const QString &candidate) {
                    return tried.contains(candidate.trimmed());
                });
        if (!repair)
            break;
        tried.insert(repair->sql.trimmed());
        RunOptions attemptOptions = options;
        attemptOptions.checkAnswer = repair->checkAnswer;
        // Its rows wait for the checks of its rows instead of going out as they come. A repair
        // checked on its statement alone keeps the sink: the executor decides that before the
        // run, and its rows go out as they come when nothing in the statement holds them back.
        if (repair->checkAnswer == AnswerChecks::All)
            attemptOptions.rowSink.reset();
        run.attempts.append({repair->step, repair->change, repair->sql,
                             executor.run(repair->sql, attemptOptions).result.result()});
    }
    // A repair answers only when its result is there and stands. When the last one failed again
    // or is in doubt, the statement as given stands, with its own error: nothing repaired it, and
    // the repairs stay on the record as attempts. A cancelled repair ends the run cancelled.
    const int last = int(run.attempts.size()) - 1;
    RunResult &result = run.attempts.last().result;
    if (result.outcome == RunOutcome::Cancelled || (result.isOk() && result.isAnswer()))
        run.answer = last;
    if (run.answer > 0 && result.isOk() && options.rowSink && !options.rowSink->started()) {
        handOn(result, *options.rowSink);
        if (!options.keepRows)
            result.rows.clear();
    }
    return run;
}

} // namespace sqlmend::core
