#include "core/errors/schemanames.h"

namespace sqlmend::core {

namespace {

bool sameName(QStringView a, QStringView b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

// "schema.table" matches a table whose name or qualified name is that text.
bool tableMatches(const SchemaNames::Table &table, QStringView name)
{
    if (sameName(table.name, name))
        return true;
    if (table.schema.isEmpty())
        return false;
    return sameName(QString(table.schema + u'.' + table.name), name);
}

} // namespace

const SchemaNames::Table *SchemaNames::findTable(QStringView name) const
{
    for (const Table &table : tables) {
        if (tableMatches(table, name))
            return &table;
    }
    return nullptr;
}

QStringList SchemaNames::tableNames() const
{
    QStringList result;
    result.reserve(tables.size());
    for (const Table &table : tables)
        result.append(table.name);
    return result;
}

QStringList SchemaNames::columnNames(const QStringList &tableFilter) const
{
    QStringList result;
    for (const Table &table : tables) {
        if (!tableFilter.isEmpty()) {
            bool wanted = false;
            for (const QString &name : tableFilter)
                wanted = wanted || tableMatches(table, name);
            if (!wanted)
                continue;
        }
        for (const QString &column : table.columns) {
            if (!result.contains(column))
                result.append(column);
        }
    }
    return result;
}

QStringList SchemaNames::tablesWithColumn(QStringView column) const
{
    QStringList result;
    for (const Table &table : tables) {
        for (const QString &name : table.columns) {
            if (sameName(name, column)) {
                result.append(table.schema.isEmpty() ? table.name
                                                     : table.schema + u'.' + table.name);
                break;
            }
        }
    }
    return result;
}

} // namespace sqlmend::core
