#include "core/schema/catalogsnapshot.h"

#include <QSet>

namespace sqlmend::core {

void CatalogSnapshot::appendNames(SchemaNames &names, const QList<CatalogTable> &tables,
                                  const QStringList &functions)
{
    names.tables.reserve(names.tables.size() + tables.size());
    for (const CatalogTable &table : tables) {
        SchemaNames::Table entry;
        entry.schema = table.schema;
        entry.name = table.name;
        entry.columns = table.columnNames();
        entry.isView = table.isView();
        // Types, keys and references: the advice's join paths and its equivalence checks.
        entry.columnTypes.reserve(table.columns.size());
        for (qsizetype i = 0; i < table.columns.size(); ++i) {
            entry.columnTypes.append(table.columns.type(i));
            if (table.columns.primaryKeyPosition(i) > 0)
                entry.primaryKey.append(table.columns.name(i));
        }
        for (const CatalogForeignKey &key : table.foreignKeys)
            entry.foreignKeys.append({key.columns, key.referencedTable, key.referencedColumns});
        names.tables.append(std::move(entry));
    }
    if (functions.isEmpty())
        return;
    QSet<QString> seen(names.functions.cbegin(), names.functions.cend());
    for (const QString &function : functions) {
        if (!seen.contains(function)) {
            seen.insert(function);
            names.functions.append(function);
        }
    }
}

} // namespace sqlmend::core
