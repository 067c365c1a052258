#include "core/schema/catalogobjects.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

const CatalogColumn *CatalogTable::findColumn(QStringView columnName) const
{
    for (const CatalogColumn &column : columns) {
        if (column.name.compare(columnName, Qt::CaseInsensitive) == 0)
            return &column;
    }
    return nullptr;
}

QStringList CatalogTable::columnNames() const
{
    QStringList names;
    names.reserve(columns.size());
    for (const CatalogColumn &column : columns)
        names.append(column.name);
    return names;
}

QString catalogTableKindName(CatalogTableKind kind)
{
    switch (kind) {
    case CatalogTableKind::Table:
        return u"table"_s;
    case CatalogTableKind::View:
        return u"view"_s;
    case CatalogTableKind::MaterializedView:
        return u"materialized_view"_s;
    case CatalogTableKind::ForeignTable:
        return u"foreign_table"_s;
    case CatalogTableKind::DistributedTable:
        return u"distributed_table"_s;
    }
    return u"table"_s;
}

} // namespace sqlmend::core
