#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace sqlmend::core {

// The names a live schema holds, handed to the advisor so that advice can name the closest real
// tables, columns and functions. A plain value: it crosses threads by copy.
struct SchemaNames
{
    struct Table
    {
        QString schema;
        QString name;
        QStringList columns;
        bool isView = false;
    };

    QList<Table> tables;
    QStringList functions;

    bool isEmpty() const { return tables.isEmpty() && functions.isEmpty(); }
    const Table *findTable(QStringView name) const;
    QStringList tableNames() const;
    // Columns of the named tables, or of every table when tables is empty.
    QStringList columnNames(const QStringList &tables = {}) const;
    // Tables (qualified where a schema is known) that have a column of this name.
    QStringList tablesWithColumn(QStringView column) const;
};

} // namespace sqlmend::core
