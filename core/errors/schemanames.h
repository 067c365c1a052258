#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QSet>
#include <QStringList>

#include <optional>

namespace sqlmend::core {

// Two names of the schema or the statement are the same name: SQL compares unquoted names without
// regard to letter case.
inline bool sameName(QStringView a, QStringView b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

// The names a live schema holds, handed to the advisor so that advice can name the closest real
// tables, columns and functions, say which table holds a column and how to join to it. A plain
// value: it crosses threads by copy.
struct SchemaNames
{
    struct ForeignKey
    {
        QStringList columns;
        QString referencedTable;
        QStringList referencedColumns; // empty: the referenced table's primary key
    };

    struct Table
    {
        QString schema;
        QString name;
        QStringList columns;
        bool isView = false;
        QStringList columnTypes =
                {}; // parallel to columns, as the engine spells them; may be empty
        QStringList primaryKey = {};
        QList<ForeignKey> foreignKeys = {};

        bool hasColumn(QStringView column) const;
        QString realColumn(QStringView column) const; // the column's own spelling, or empty
        QString columnType(QStringView column) const;
        // Part of the primary key or of a foreign key.
        bool isKeyColumn(QStringView column) const;
        // The foreign key of this one column, or null where there is none or more than one.
        const ForeignKey *keyOn(QStringView column) const;
    };

    // One hop of a join path: JOIN toTable ON toTable.toColumn = fromTable.fromColumn.
    struct JoinStep
    {
        QString fromTable;
        QString fromColumn;
        QString toTable;
        QString toColumn;
        bool foreignKey = true; // false: joined on same-named key columns
    };

    QList<Table> tables;
    QStringList functions;

    bool isEmpty() const { return tables.isEmpty() && functions.isEmpty(); }
    const Table *findTable(QStringView name) const;
    // The table a foreign key references when the key is one column onto that table's whole
    // one-column primary key (each row then has at most one row there); null otherwise.
    const Table *referencedByWholeKey(const ForeignKey &key) const;
    // Whether a foreign key of from references to, on any columns.
    bool refersTo(const Table &from, const Table &to) const;
    QStringList tableNames() const;
    // The way from a table through its foreign keys to a table that has a column it lacks: the one
    // key whose referenced table has the column, onto that table's whole one-column primary key
    // (each row then meets at most one row there). Empty where no key leads to such a table, and
    // where the way is open: two keys lead to tables that have it, or the one that does refers to
    // something else than that whole key (several rows could answer).
    std::optional<JoinStep> keyToColumn(const Table &table, QStringView column) const;
    // The table a column's name refers to by convention, its name with "id" after it
    // (customer_id, battleId -> customers, battle); null when none is named so.
    const Table *tableNamedBy(QStringView column) const;
    // The words of every table's and column's name, lower case (NameSuggester::words):
    // car_makers and Maker give car, makers, maker.
    QSet<QString> nameWords() const;
    // Columns of the named tables, or of every table when tables is empty.
    QStringList columnNames(const QStringList &tables = {}) const;
    // Tables (qualified where a schema is known) that have a column of this name.
    QStringList tablesWithColumn(QStringView column) const;
    // The shortest way (at most three hops) from any of the tables in from to the table to:
    // declared foreign keys first, then the conventions of schemas that declare none: a key
    // column of the same name in both tables (Document_ID), and a column named for a table
    // (orders.customer_id -> customers.id). A key named only "id" names no table, so two
    // tables' id columns are never paired. Empty when none is known or to is already in from.
    QList<JoinStep> joinPath(const QStringList &from, QStringView to) const;

    // The join paths from a set of tables to every table they lead to, found at once: a schema
    // of thousands of tables that share a column name is answered in one pass over its names,
    // not one per table that has the column. A plain value.
    class JoinPaths
    {
    public:
        // As joinPath(from, table).
        QList<JoinStep> to(QStringView table) const;

    private:
        friend struct SchemaNames;
        struct Tree
        {
            QList<int> previous; // per table: the table it is reached from; -1 a start, -2 none
            QList<JoinStep> via;
        };
        QHash<QString, int> m_last; // a table's name or schema.name, case-folded: the last such
        QList<bool> m_start;
        Tree m_declared;     // through declared foreign keys alone
        Tree m_conventional; // and through the conventions
    };
    JoinPaths joinPaths(const QStringList &from) const;
};

} // namespace sqlmend::core
