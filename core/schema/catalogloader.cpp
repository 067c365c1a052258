#include "core/schema/catalogloader.h"

#include "core/engines/engineregistry.h"
#include "core/schema/catalogquery.h"

#include <QCryptographicHash>
#include <QSqlDatabase>
#include <QSqlError>

#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

std::optional<Diagnosis> checkOpen(QSqlDatabase &database, Engine engine)
{
    if (database.isOpen())
        return std::nullopt;
    QSqlError error = database.lastError();
    if (!error.isValid()) {
        error = QSqlError(CatalogLoader::tr("The database connection is not open."), QString(),
                          QSqlError::ConnectionError);
    }
    return catalog::diagnoseSqlError(engine, error);
}

} // namespace

QString CatalogLoader::fingerprint(QSqlDatabase &database, Engine engine, const QString &schema)
{
    if (!database.isOpen())
        return {};
    const QString mark = EngineRegistry::forEngine(engine).catalogMark(database, schema);
    if (mark.isEmpty())
        return {};
    // Short and of one length, whatever the engine wrote.
    return QString::fromLatin1(
            QCryptographicHash::hash(mark.toUtf8(), QCryptographicHash::Sha1).toHex());
}

Engine CatalogLoader::engineOf(const QSqlDatabase &database)
{
    return engineFromName(database.driverName());
}

QString CatalogLoader::defaultSchema(QSqlDatabase &database, Engine engine)
{
    return EngineRegistry::forEngine(engine).defaultSchema(database);
}

Result<QStringList, Diagnosis> CatalogLoader::loadSchemas(QSqlDatabase &database, Engine engine)
{
    if (std::optional<Diagnosis> failure = checkOpen(database, engine))
        return makeUnexpected(*failure);
    return EngineRegistry::forEngine(engine).catalogSchemas(database);
}

Result<QList<CatalogTable>, Diagnosis>
CatalogLoader::loadTables(QSqlDatabase &database, Engine engine, const QString &schema)
{
    if (std::optional<Diagnosis> failure = checkOpen(database, engine))
        return makeUnexpected(*failure);
    return EngineRegistry::forEngine(engine).catalogTables(database, schema);
}

Result<QStringList, Diagnosis> CatalogLoader::loadFunctions(QSqlDatabase &database, Engine engine,
                                                            const QString &schema)
{
    if (std::optional<Diagnosis> failure = checkOpen(database, engine))
        return makeUnexpected(*failure);
    return EngineRegistry::forEngine(engine).catalogFunctions(database, schema);
}

} // namespace sqlmend::core
