#include "core/errors/schemanames.h"

#include "core/errors/namesuggester.h"

#include <QHash>

#include <algorithm>

namespace sqlmend::core {

namespace {

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

// The names, case-folded, of a table a column's name refers to by convention (its words before a
// last "id": customer_id -> customer, and the plural or singular forms NameSuggester::namesTable
// accepts: customers, customeres); empty for a name that is not so.
QStringList tableForms(QStringView column)
{
    const QStringList words = NameSuggester::words(column);
    if (words.size() < 2 || words.constLast() != u"id")
        return {};
    const QString stem = QStringList(words.mid(0, words.size() - 1)).join(u'_').toCaseFolded();
    QStringList forms = {stem, stem + u's', stem + QStringLiteral("es")};
    if (stem.endsWith(u's'))
        forms.append(stem.chopped(1));
    if (stem.endsWith(u"es"))
        forms.append(stem.chopped(2));
    return forms;
}

} // namespace

const SchemaNames::Table *SchemaNames::tableNamedBy(QStringView column) const
{
    const QStringList forms = tableForms(column);
    if (forms.isEmpty())
        return nullptr;
    for (const Table &table : tables) {
        if (forms.contains(table.name.toCaseFolded())
            || forms.contains(QString(table.name).remove(u'_').toCaseFolded()))
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

const SchemaNames::ForeignKey *SchemaNames::Table::keyOn(QStringView column) const
{
    const ForeignKey *found = nullptr;
    for (const ForeignKey &key : foreignKeys) {
        if (key.columns.size() != 1 || !sameName(key.columns.constFirst(), column))
            continue;
        if (found)
            return nullptr;
        found = &key;
    }
    return found;
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

bool SchemaNames::refersTo(const Table &from, const Table &to) const
{
    return std::any_of(
            from.foreignKeys.cbegin(), from.foreignKeys.cend(),
            [&](const ForeignKey &key) { return findTable(key.referencedTable) == &to; });
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

std::optional<SchemaNames::JoinStep> SchemaNames::keyToColumn(const Table &table,
                                                              QStringView column) const
{
    std::optional<JoinStep> step;
    for (const ForeignKey &key : table.foreignKeys) {
        const Table *referenced = findTable(key.referencedTable);
        if (!referenced || referenced == &table || !referenced->hasColumn(column))
            continue;
        if (step || referencedByWholeKey(key) != referenced)
            return std::nullopt;
        step = JoinStep{table.name, table.realColumn(key.columns.constFirst()), referenced->name,
                        referenced->realColumn(referenced->primaryKey.constFirst())};
    }
    if (step && (step->fromColumn.isEmpty() || step->toColumn.isEmpty()))
        return std::nullopt;
    return step;
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
    return joinPaths(from).to(to);
}

SchemaNames::JoinPaths SchemaNames::joinPaths(const QStringList &from) const
{
    const qsizetype n = tables.size();
    JoinPaths paths;
    paths.m_start = QList<bool>(n, false);
    // Every lookup by name goes through these, built once: a scan of the tables per name is what
    // made this quadratic and worse.
    QHash<QString, QList<int>> byName;   // name and schema.name, case-folded
    QHash<QString, QList<int>> byColumn; // column, case-folded: the tables that have it, in order
    QHash<QString, int> byForm;          // NameSuggester::namesTable's forms: the first table
    for (qsizetype i = 0; i < n; ++i) {
        const Table &table = tables.at(i);
        byName[table.name.toCaseFolded()].append(int(i));
        if (!table.schema.isEmpty())
            byName[(table.schema + u'.' + table.name).toCaseFolded()].append(int(i));
        for (const QString &column : table.columns) {
            QList<int> &holders = byColumn[column.toCaseFolded()];
            if (holders.isEmpty() || holders.constLast() != int(i))
                holders.append(int(i));
        }
        for (const QString &form :
             {table.name.toCaseFolded(), QString(table.name).remove(u'_').toCaseFolded()})
            byForm.insert(form, std::min(byForm.value(form, int(i)), int(i)));
    }
    for (auto it = byName.cbegin(); it != byName.cend(); ++it)
        paths.m_last.insert(it.key(), it.value().constLast());
    for (const QString &name : from) {
        for (const int i : byName.value(name.toCaseFolded()))
            paths.m_start[i] = true;
    }
    const auto first = [&byName](QStringView name) {
        const QList<int> found = byName.value(name.toString().toCaseFolded());
        return found.isEmpty() ? -1 : found.constFirst();
    };

    QList<QList<Edge>> edges(n);
    for (qsizetype i = 0; i < n; ++i) {
        for (const ForeignKey &key : tables.at(i).foreignKeys) {
            const int j = first(key.referencedTable);
            if (j < 0 || key.columns.size() != 1)
                continue;
            const Table *referenced = &tables.at(j);
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
            for (const int j : byColumn.value(key.toCaseFolded())) {
                if (j != int(i))
                    link(int(i), key, j, tables.at(j).realColumn(key));
            }
        }
        for (const QString &column : table.columns) {
            int referenced = -1;
            for (const QString &form : tableForms(column)) {
                const int j = byForm.value(form, -1);
                if (j >= 0 && (referenced < 0 || j < referenced))
                    referenced = j;
            }
            const QString key = referenced >= 0 && referenced != int(i)
                    ? ownKey(tables.at(referenced))
                    : QString();
            if (!key.isEmpty() && !tables.at(referenced).hasColumn(column))
                link(int(i), column, referenced, key);
        }
    }

    // Breadth first from every start at once, at most three hops.
    const auto tree = [&](bool withNamed) {
        JoinPaths::Tree result;
        result.previous = QList<int>(n, -2);
        result.via = QList<JoinStep>(n);
        QList<int> frontier;
        for (qsizetype i = 0; i < n; ++i) {
            if (paths.m_start.at(i)) {
                result.previous[i] = -1;
                frontier.append(int(i));
            }
        }
        for (int hop = 0; hop < 3 && !frontier.isEmpty(); ++hop) {
            QList<int> next;
            for (const int at : std::as_const(frontier)) {
                for (const QList<Edge> *out : {&edges.at(at), &named.at(at)}) {
                    if (out == &named.at(at) && !withNamed)
                        continue;
                    for (const Edge &edge : *out) {
                        if (result.previous.at(edge.to) != -2)
                            continue;
                        result.previous[edge.to] = at;
                        result.via[edge.to] = {tables.at(at).name, edge.fromColumn,
                                               tables.at(edge.to).name, edge.toColumn,
                                               edge.foreignKey};
                        next.append(edge.to);
                    }
                }
            }
            frontier = next;
        }
        return result;
    };
    paths.m_declared = tree(false);
    paths.m_conventional = tree(true);
    return paths;
}

QList<SchemaNames::JoinStep> SchemaNames::JoinPaths::to(QStringView table) const
{
    const int target = m_last.value(table.toString().toCaseFolded(), -1);
    if (target < 0 || m_start.at(target) || !m_start.contains(true))
        return {};
    for (const Tree *tree : {&m_declared, &m_conventional}) {
        if (tree->previous.at(target) == -2)
            continue;
        QList<JoinStep> path;
        for (int at = target; tree->previous.at(at) >= 0; at = tree->previous.at(at))
            path.prepend(tree->via.at(at));
        return path;
    }
    return {};
}

} // namespace sqlmend::core
