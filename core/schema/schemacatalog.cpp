#include "core/schema/schemacatalog.h"

#include "core/errors/namesuggester.h"
#include "core/schema/catalogcache.h"
#include "core/schema/catalogloader.h"

#include <QSqlDatabase>

namespace sqlmend::core {

SchemaCatalog::SchemaCatalog(Engine engine, QString datasource)
    : m_engine(engine), m_datasource(std::move(datasource))
{
}

Result<QStringList, Diagnosis> SchemaCatalog::schemas(QSqlDatabase &database)
{
    if (m_engine == Engine::Unknown)
        m_engine = CatalogLoader::engineOf(database);
    if (m_schemasLoaded)
        return m_schemas;
    Result<QStringList, Diagnosis> loaded = CatalogLoader::loadSchemas(database, m_engine);
    if (loaded) {
        m_schemas = loaded.value();
        m_schemasLoaded = true;
    }
    return loaded;
}

QString SchemaCatalog::defaultSchema(QSqlDatabase &database)
{
    if (m_engine == Engine::Unknown)
        m_engine = CatalogLoader::engineOf(database);
    if (m_defaultSchema.isEmpty())
        m_defaultSchema = CatalogLoader::defaultSchema(database, m_engine);
    return m_defaultSchema;
}

Result<QList<CatalogTable>, Diagnosis> SchemaCatalog::tables(QSqlDatabase &database,
                                                             const QString &schema)
{
    if (m_engine == Engine::Unknown)
        m_engine = CatalogLoader::engineOf(database);
    const QString name = schema.isEmpty() ? defaultSchema(database) : schema;
    const auto cached = m_tables.constFind(name);
    if (cached != m_tables.constEnd())
        return cached.value();
    // Without a datasource there is no key to cache under: then always the database.
    const CatalogCache cache(m_datasource.isEmpty() ? QString() : CatalogCache::defaultPath());
    const auto snapshot = cache.current(database, m_engine, m_datasource, name,
                                        CatalogCache::Needs::Tables, {}, m_reload);
    if (!snapshot)
        return makeUnexpected(snapshot.error());
    m_tables.insert(name, snapshot.value()->tables);
    m_functions.insert(name, snapshot.value()->functions);
    m_loadOrder.append(name);
    return snapshot.value()->tables;
}

const CatalogTable *SchemaCatalog::findTable(QStringView name) const
{
    // The default schema first: that is where an unqualified name resolves.
    QStringList order = m_loadOrder;
    if (order.removeOne(m_defaultSchema))
        order.prepend(m_defaultSchema);
    for (const QString &schema : std::as_const(order)) {
        const QList<CatalogTable> &tables = m_tables[schema];
        for (const CatalogTable &table : tables) {
            if (table.name.compare(name, Qt::CaseInsensitive) == 0
                || QString(table.schema + u'.' + table.name).compare(name, Qt::CaseInsensitive)
                        == 0) {
                return &table;
            }
        }
    }
    return nullptr;
}

void SchemaCatalog::invalidate()
{
    m_reload = true;
    m_schemasLoaded = false;
    m_schemas.clear();
    m_defaultSchema.clear();
    m_tables.clear();
    m_functions.clear();
    m_loadOrder.clear();
}

void SchemaCatalog::invalidate(const QString &schema)
{
    m_reload = true;
    m_tables.remove(schema);
    m_functions.remove(schema);
    m_loadOrder.removeAll(schema);
}

SchemaNames SchemaCatalog::names() const
{
    SchemaNames names;
    for (const QString &schema : m_loadOrder)
        CatalogSnapshot::appendNames(names, m_tables.value(schema), m_functions.value(schema));
    return names;
}

QStringList SchemaCatalog::suggestTables(QStringView wrong, int max) const
{
    return NameSuggester::closest(wrong, names().tableNames(), max);
}

QStringList SchemaCatalog::suggestColumns(QStringView wrong, const QStringList &tables,
                                          int max) const
{
    return NameSuggester::closest(wrong, names().columnNames(tables), max);
}

} // namespace sqlmend::core
