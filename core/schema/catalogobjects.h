#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace sqlmend::core {

// The plain values a schema catalog is made of. They cross threads by copy.

struct CatalogColumn
{
    QString name;
    QString type; // as the engine spells it ("integer", "varchar(40)", "TEXT")
    bool nullable = true;
    int primaryKeyPosition = 0; // 1-based position in the primary key; 0 when not part of it
    QString defaultValue;       // the default expression, empty when none or not cheap to read
    QString comment;

    bool isPrimaryKey() const { return primaryKeyPosition > 0; }
};

struct CatalogForeignKey
{
    QString name; // the constraint name where the engine has one
    QStringList columns;
    QString referencedSchema;
    QString referencedTable;
    QStringList referencedColumns; // empty when the reference is the target's primary key
};

enum class CatalogTableKind {
    Table,
    View,
    MaterializedView,
    ForeignTable,
    DistributedTable, // ClickHouse: rows live in local tables on the cluster's shards
};

struct CatalogTable
{
    QString schema;
    QString name;
    CatalogTableKind kind = CatalogTableKind::Table;
    qint64 rowEstimate = -1; // from the engine's statistics; -1 when unknown (never count(*))
    QString comment;
    QString engine; // the storage engine where the server names one per table ("MergeTree")
    QList<CatalogColumn> columns;
    QList<CatalogForeignKey> foreignKeys;

    bool isView() const
    {
        return kind == CatalogTableKind::View || kind == CatalogTableKind::MaterializedView;
    }
    const CatalogColumn *findColumn(QStringView columnName) const;
    QStringList columnNames() const;
};

// "table", "view", "materialized_view", "foreign_table", "distributed_table": stable, written to
// JSON.
QString catalogTableKindName(CatalogTableKind kind);

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::CatalogTable)
