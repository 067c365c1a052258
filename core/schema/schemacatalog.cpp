#include "core/schema/schemacatalog.h"

#include "core/errors/namesuggester.h"
#include "core/schema/catalogloader.h"

#include <QSet>
#include <QSqlDatabase>

namespace sqlmend::core {

SchemaCatalog::SchemaCatalog(Engine engine) : m_engine(engine) { }

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
    Result<QList<CatalogTable>, Diagnosis> loaded =
            CatalogLoader::loadTables(database, m_engine, name);
    if (!loaded)
        return loaded;
    m_tables.insert(name, loaded.value());
    m_loadOrder.append(name);
    // Function names help function_missing advice; a failure here must not lose the tables.
    const Result<QStringList, Diagnosis> functions =
            CatalogLoader::loadFunctions(database, m_engine, name);
    if (functions)
        m_functions.insert(name, functions.value());
    return loaded;
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
    m_schemasLoaded = false;
    m_schemas.clear();
    m_defaultSchema.clear();
    m_tables.clear();
    m_functions.clear();
    m_loadOrder.clear();
}

void SchemaCatalog::invalidate(const QString &schema)
{
    m_tables.remove(schema);
    m_functions.remove(schema);
    m_loadOrder.removeAll(schema);
}

SchemaNames SchemaCatalog::names() const
{
    SchemaNames names;
    QSet<QString> seenFunctions;
    for (const QString &schema : m_loadOrder) {
        for (const CatalogTable &table : m_tables.value(schema)) {
            SchemaNames::Table entry;
            entry.schema = table.schema;
            entry.name = table.name;
            entry.columns = table.columnNames();
            entry.isView = table.isView();
            for (const CatalogColumn &column : table.columns) {
                entry.columnTypes.append(column.type);
                if (column.isPrimaryKey())
                    entry.primaryKey.append(column.name);
            }
            for (const CatalogForeignKey &key : table.foreignKeys)
                entry.foreignKeys.append({key.columns, key.referencedTable, key.referencedColumns});
            names.tables.append(std::move(entry));
        }
        for (const QString &function : m_functions.value(schema)) {
            if (!seenFunctions.contains(function)) {
                seenFunctions.insert(function);
                names.functions.append(function);
            }
        }
    }
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
