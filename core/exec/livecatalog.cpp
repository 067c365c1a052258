#include "core/exec/livecatalog.h"

#include "core/errors/advisor.h"
#include "core/exec/runoptions.h"
#include "core/schema/schemacatalog.h"

#include <QMutexLocker>

namespace sqlmend::core {

std::shared_ptr<const SchemaNames> LiveCatalog::names(QSqlDatabase &database, Engine engine)
{
    {
        const QMutexLocker locker(&m_mutex);
        if (m_names)
            return m_names;
    }
    SchemaCatalog catalog(engine);
    if (database.isOpen())
        catalog.tables(database); // a failure leaves the names empty: advice without them
    auto names = std::make_shared<const SchemaNames>(catalog.names());
    const QMutexLocker locker(&m_mutex);
    if (!m_names)
        m_names = std::move(names);
    return m_names;
}

std::shared_ptr<const SchemaNames> LiveCatalog::cached() const
{
    const QMutexLocker locker(&m_mutex);
    return m_names;
}

void LiveCatalog::adopt(std::shared_ptr<const SchemaNames> names)
{
    const QMutexLocker locker(&m_mutex);
    m_names = std::move(names);
}

void LiveCatalog::invalidate()
{
    const QMutexLocker locker(&m_mutex);
    m_names.reset();
}

bool LiveCatalog::needsSchema(const Diagnosis &diagnosis)
{
    switch (diagnosis.errorClass()) {
    case ErrorClass::ColumnMissing:
    case ErrorClass::TableMissing:
    case ErrorClass::FunctionMissing:
    case ErrorClass::AmbiguousColumn:
    case ErrorClass::Syntax:
    case ErrorClass::Permission:
    // Whether a subquery's aggregate reads a bare column of the outer query's table.
    case ErrorClass::GroupBy:
        return true;
    default:
        return false;
    }
}

Diagnosis LiveCatalog::diagnose(const EngineError &error, const RunOptions &options,
                                QSqlDatabase database)
{
    Diagnosis diagnosis = core::diagnose(error, options.schema.get(), options.diagnose);
    addNames(diagnosis, options, std::move(database));
    return diagnosis;
}

void LiveCatalog::addNames(Diagnosis &diagnosis, const RunOptions &options, QSqlDatabase database)
{
    if (options.schema || !options.catalog || !needsSchema(diagnosis))
        return;
    std::shared_ptr<const SchemaNames> names = options.catalog->cached();
    if (!names) {
        if (!database.isOpen())
            return;
        names = options.catalog->names(database, diagnosis.engine);
    }
    diagnosis.advice =
            Advisor::advise(diagnosis.sqlDialect(), diagnosis.error, diagnosis.classification,
                            names.get(), options.diagnose.statement);
}

} // namespace sqlmend::core
