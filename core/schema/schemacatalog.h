#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"
#include "core/result.h"
#include "core/schema/catalogobjects.h"

#include <QHash>
#include <QStringList>

class QSqlDatabase;

namespace sqlmend::core {

// The catalog of one connection: schemas listed first, a schema's tables loaded on demand and
// kept until invalidated. A plain value; the loading calls take the connection's QSqlDatabase and
// run on the caller's thread (the connection's worker), and a copy can go to any other thread.
// With a datasource (the connection's URL without password) tables come through the
// CatalogCache that every process shares; without one, always from the database.
class SchemaCatalog
{
public:
    explicit SchemaCatalog(Engine engine = Engine::Unknown, QString datasource = {});

    Engine engine() const { return m_engine; }

    // The schema names, from the cache or the database.
    Result<QStringList, Diagnosis> schemas(QSqlDatabase &database);
    // A schema's tables, from the cache or the database; an empty name means the default schema.
    Result<QList<CatalogTable>, Diagnosis> tables(QSqlDatabase &database,
                                                  const QString &schema = {});
    // Where unqualified names resolve; remembered after the first call.
    QString defaultSchema(QSqlDatabase &database);

    bool hasSchemaList() const { return m_schemasLoaded; }
    bool isLoaded(const QString &schema) const { return m_tables.contains(schema); }
    // The schemas whose tables are loaded, in the order they were loaded.
    QStringList loadedSchemas() const { return m_loadOrder; }
    QList<CatalogTable> loadedTables(const QString &schema) const { return m_tables.value(schema); }
    const CatalogTable *findTable(QStringView name) const;

    // Forget everything, or one schema, so that the next call reads the database again (not
    // the cache: the user asked for what is there now).
    void invalidate();
    void invalidate(const QString &schema);

    // The loaded names, for the advisor's suggestions.
    SchemaNames names() const;
    // The closest real table names to a wrong one, best first.
    QStringList suggestTables(QStringView wrong, int max = 3) const;
    // The closest real column names, of the given tables (all loaded tables when empty).
    QStringList suggestColumns(QStringView wrong, const QStringList &tables = {},
                               int max = 3) const;

private:
    Engine m_engine = Engine::Unknown;
    QString m_datasource;
    bool m_reload = false;
    bool m_schemasLoaded = false;
    QStringList m_schemas;
    QString m_defaultSchema;
    QHash<QString, QList<CatalogTable>> m_tables;
    QHash<QString, QStringList> m_functions;
    QStringList m_loadOrder;
};

} // namespace sqlmend::core
