#include "core/repair/repairrun.h"

#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "core/exec/rowsink.h"
#include "core/repair/repairs.h"

#include <QSet>

namespace sqlmend::core {

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
        const RepairInput input(last.sql, last.result.diagnosis->engine, *last.result.diagnosis,
                                names.get());
        const std::optional<Repair> repair =
                Repairs::next(input, [&tried](const QString &candidate) {
                    return tried.contains(candidate.trimmed());
                });
        if (!repair)
            break;
        tried.insert(repair->sql.trimmed());
        run.attempts.append({repair->step, repair->change, repair->sql,
                             executor.run(repair->sql, options).result.result()});
    }
    run.answer = int(run.attempts.size()) - 1;
    return run;
}

} // namespace sqlmend::core
