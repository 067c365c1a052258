#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"

#include <QMutex>
#include <QSqlDatabase>

#include <memory>

namespace sqlmend::core {

struct RunOptions;

// The names of one connection's live schema, for advice that names real tables and columns. Read
// on the connection's worker the first time an error needs them, then kept until invalidate().
// One per connection, shared by every path that shows an error (sqlmend run, the window's Run
// SQL, the correction loop, the benchmarks), so that all of them give the same diagnosis.
class LiveCatalog
{
public:
    // On the connection's worker thread: the cached names, or the default schema read now.
    std::shared_ptr<const SchemaNames> names(QSqlDatabase &database, Engine engine);
    // The names, if they were read already (any thread).
    std::shared_ptr<const SchemaNames> cached() const;
    // Names read elsewhere (the catalog cache's snapshot of this connection) stand for a read.
    void adopt(std::shared_ptr<const SchemaNames> names);
    void invalidate();

    // Whether advice for this diagnosis depends on the schema's names.
    static bool needsSchema(const Diagnosis &diagnosis);
    // The one diagnosis of a run's error: with the names options carry, else, when the error needs
    // them, with this connection's catalog (options.catalog), read lazily on the worker.
    static Diagnosis diagnose(const EngineError &error, const RunOptions &options,
                              QSqlDatabase database);
    // The same for a diagnosis made without names: its advice again, with them, when it needs them
    // (the class and the root cause do not depend on the schema).
    static void addNames(Diagnosis &diagnosis, const RunOptions &options, QSqlDatabase database);

private:
    mutable QMutex m_mutex;
    std::shared_ptr<const SchemaNames> m_names;
};

} // namespace sqlmend::core
