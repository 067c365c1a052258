#include "core/errors/schemanames.h"

#include "core/errors/namesuggester.h"

#include <QHash>

#include <algorithm>

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

QString qualified(const SchemaNames::Table &table)
{
    return table.schema.isEmpty() ? table.name : table.schema + u'.' + table.name;
}

// An edge of the join graph, both directions.
struct Edge
{
    int to = 0;
    QString fromColumn;
    QString toColumn;
    bool foreignKey = true;
};

// A name that is only "id" (id, ID, _id): every table may have one, so it names none of them.
bool namesNothing(QStringView column)
{
    const QStringList words = NameSuggester::words(column);
    return words.size() == 1 && words.constFirst() == u"id";
}

// The column a reference to the table points at: its one-column primary key, else (no key
// declared) its column id.
QString ownKey(const SchemaNames::Table &table)
{
    if (table.primaryKey.size() == 1)
        return table.realColumn(table.primaryKey.constFirst());
    return table.primaryKey.isEmpty() ? table.realColumn(u"id") : QString();
}

} // namespace

const SchemaNames::Table *SchemaNames::tableNamedBy(QStringView column) const
{
    const QStringList words = NameSuggester::words(column);
    if (words.size() < 2 || words.constLast() != u"id")
        return nullptr;
    const QString stem = QStringList(words.mid(0, words.size() - 1)).join(u'_');
    for (const Table &table : tables) {
        if (NameSuggester::namesTable(stem, table.name)
            || NameSuggester::namesTable(stem, QString(table.name).remove(u'_')))
            return &table;
    }
    return nullptr;
}

bool SchemaNames::Table::isKeyColumn(QStringView column) const
{
    const auto same = [column](const QString &name) { return sameName(name, column); };
    if (std::any_of(primaryKey.cbegin(), primaryKey.cend(), same))
        return true;
    return std::any_of(foreignKeys.cbegin(), foreignKeys.cend(), [&same](const ForeignKey &key) {
        return std::any_of(key.columns.cbegin(), key.columns.cend(), same);
    });
}

bool SchemaNames::Table::hasColumn(QStringView column) const
{
    return !realColumn(column).isEmpty();
}

QString SchemaNames::Table::realColumn(QStringView column) const
{
    for (const QString &name : columns) {
        if (sameName(name, column))
            return name;
    }
    return {};
}

QString SchemaNames::Table::columnType(QStringView column) const
{
    for (qsizetype i = 0; i < columns.size() && i < columnTypes.size(); ++i) {
        if (sameName(columns.at(i), column))
            return columnTypes.at(i);
    }
    return {};
}

const SchemaNames::Table *SchemaNames::findTable(QStringView name) const
{
    for (const Table &table : tables) {
        if (tableMatches(table, name))
            return &table;
    }
    return nullptr;
}

const SchemaNames::Table *SchemaNames::referencedByWholeKey(const ForeignKey &key) const
{
    if (key.columns.size() != 1 || key.referencedColumns.size() > 1)
        return nullptr;
    const Table *referenced = findTable(key.referencedTable);
    if (!referenced || referenced->primaryKey.size() != 1)
        return nullptr;
    const QString &pk = referenced->primaryKey.constFirst();
    if (!key.referencedColumns.isEmpty()
        && key.referencedColumns.constFirst().compare(pk, Qt::CaseInsensitive) != 0)
        return nullptr; // not its key: several of its rows may match
    return referenced;
}

QStringList SchemaNames::tableNames() const
{
    QStringList result;
    result.reserve(tables.size());
    for (const Table &table : tables)
        result.append(table.name);
    return result;
}

QSet<QString> SchemaNames::nameWords() const
{
    QSet<QString> words;
    for (const Table &table : tables) {
        for (const QString &word : NameSuggester::words(table.name))
            words.insert(word);
        for (const QString &column : table.columns) {
            for (const QString &word : NameSuggester::words(column))
                words.insert(word);
        }
    }
    return words;
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
        if (table.hasColumn(column))
            result.append(qualified(table));
    }
    return result;
}

QList<SchemaNames::JoinStep> SchemaNames::joinPath(const QStringList &from, QStringView to) const
{
    const qsizetype n = tables.size();
    int target = -1;
    QList<int> starts;
    for (qsizetype i = 0; i < n; ++i) {
        if (tableMatches(tables.at(i), to))
            target = int(i);
        for (const QString &name : from) {
            if (tableMatches(tables.at(i), name) && !starts.contains(int(i)))
                starts.append(int(i));
        }
    }
    if (target < 0 || starts.isEmpty() || starts.contains(target))
        return {};

    QList<QList<Edge>> edges(n);
    for (qsizetype i = 0; i < n; ++i) {
        for (const ForeignKey &key : tables.at(i).foreignKeys) {
            const Table *referenced = findTable(key.referencedTable);
            if (!referenced || key.columns.size() != 1)
                continue;
            const int j = int(referenced - tables.constData());
            const QString toColumn = key.referencedColumns.isEmpty()
                    ? referenced->primaryKey.value(0)
                    : key.referencedColumns.constFirst();
            if (toColumn.isEmpty())
                continue;
            edges[i].append({j, key.columns.constFirst(), toColumn, true});
            edges[j].append({int(i), toColumn, key.columns.constFirst(), true});
        }
    }
    // The conventions of schemas that declare no foreign keys (Spider's often, ClickHouse's
    // always): a key column of one table under the same name in another (Document_ID), and a
    // column named for a table, onto that table's key (orders.customer_id -> customers.id).
    QList<QList<Edge>> named(n);
    const auto link = [&named](int i, const QString &fromColumn, int j, const QString &toColumn) {
        named[i].append({j, fromColumn, toColumn, false});
        named[j].append({i, toColumn, fromColumn, false});
    };
    for (qsizetype i = 0; i < n; ++i) {
        const Table &table = tables.at(i);
        for (const QString &key : table.primaryKey) {
            if (namesNothing(key))
                continue;
            for (qsizetype j = 0; j < n; ++j) {
                const QString column = j == i ? QString() : tables.at(j).realColumn(key);
                if (!column.isEmpty())
                    link(int(i), key, int(j), column);
            }
        }
        for (const QString &column : table.columns) {
            const Table *referenced = tableNamedBy(column);
            const QString key =
                    referenced && referenced != &table ? ownKey(*referenced) : QString();
            if (!key.isEmpty() && !referenced->hasColumn(column))
                link(int(i), column, int(referenced - tables.constData()), key);
        }
    }

    for (const bool withNamed : {false, true}) {
        // Breadth first from every start at once, at most three hops.
        QList<int> previous(n, -2);
        QList<Edge> via(n);
        QList<int> frontier = starts;
        for (const int s : starts)
            previous[s] = -1;
        for (int hop = 0; hop < 3 && previous.at(target) == -2 && !frontier.isEmpty(); ++hop) {
            QList<int> next;
            for (const int at : std::as_const(frontier)) {
                QList<Edge> out = edges.at(at);
                if (withNamed)
                    out += named.at(at);
                for (const Edge &edge : std::as_const(out)) {
                    if (previous.at(edge.to) != -2)
                        continue;
                    previous[edge.to] = at;
                    via[edge.to] = edge;
                    next.append(edge.to);
                }
            }
            frontier = next;
        }
        if (previous.at(target) == -2)
            continue;
        QList<JoinStep> path;
        for (int at = target; previous.at(at) >= 0; at = previous.at(at)) {
            const Edge &edge = via.at(at);
            path.prepend({tables.at(previous.at(at)).name, edge.fromColumn, tables.at(at).name,
                          edge.toColumn, edge.foreignKey});
        }
        return path;
    }
    return {};
}

} // namespace sqlmend::core
