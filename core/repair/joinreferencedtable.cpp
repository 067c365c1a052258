#include "core/repair/joinreferencedtable.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> JoinReferencedTable::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    // ClickHouse fills a row a LEFT JOIN finds no match for with default values, not NULL (and
    // older servers want ANY or ALL before JOIN): the join would not keep the rows as they are.
    if (!schema || input.errorClass() != ErrorClass::ColumnMissing
        || input.engine() == Engine::ClickHouse)
        return std::nullopt;
    // The name, bare or qualified with the statement's one table (its alias or its name), which
    // then says no more than the bare name would.
    const QString written = repairtext::unquotedName(input.capture(Capture::Name));
    const qsizetype dot = written.lastIndexOf(u'.');
    const QString wrong = written.mid(dot + 1);
    if (wrong.isEmpty())
        return std::nullopt;
    const QueryScope &scope = input.scope();
    if (scope.parentOf.size() != 1 || scope.sources.isEmpty() || !scope.cteNames.isEmpty()
        || scope.isOutputAlias(wrong))
        return std::nullopt;
    // The tables the statement reads: none of them has the column, and exactly one has a foreign
    // key that leads to one that has it.
    const QueryScope::Source *found = nullptr;
    const SchemaNames::Table *table = nullptr;
    std::optional<SchemaNames::JoinStep> way;
    QList<const SchemaNames::Table *> read;
    for (const QueryScope::Source &each : scope.sources) {
        const SchemaNames::Table *own = each.derived ? nullptr : schema->findTable(each.table);
        if (!own || own->hasColumn(wrong))
            return std::nullopt;
        read.append(own);
        if (std::optional<SchemaNames::JoinStep> step = schema->keyToColumn(*own, wrong)) {
            if (found)
                return std::nullopt; // two tables it could come through
            found = &each;
            table = own;
            way = step;
        }
    }
    if (!found)
        return std::nullopt;
    // The equalities of qualified columns in its ON and WHERE conditions join each table to the
    // others: a table listed without one pairs with every row.
    repairtext::JoinedGroups groups(scope.sources.size());
    const auto indexOf = [&scope](const QString &qualifier) -> qsizetype {
        const QueryScope::Source *source = qualifier.isEmpty() ? nullptr : scope.find(qualifier);
        return source ? source - scope.sources.constData() : -1;
    };
    for (const QueryScope::Equality &equality : scope.equalities) {
        const qsizetype left = indexOf(equality.leftQualifier);
        const qsizetype right = indexOf(equality.rightQualifier);
        if (left >= 0 && right >= 0)
            groups.join(left, right);
    }
    if (!groups.allJoined())
        return std::nullopt;
    const QueryScope::Source &source = *found;
    const auto ownQualifier = [&](const QString &qualifier) {
        return qualifier.isEmpty() || scope.find(qualifier) == &source;
    };
    // Among several tables, the model that qualified the name took it for a column of that
    // table, which may be another than the referenced table's (join_through_key reads a link's).
    if (dot >= 0 && (dot == 0 || scope.sources.size() > 1 || !ownQualifier(written.first(dot))))
        return std::nullopt;

    // The one table its foreign keys reference, on that table's whole key, that has the column.
    const SchemaNames::Table *parent = schema->findTable(way->toTable);
    const QString fromColumn = way->fromColumn;
    const QString toColumn = way->toColumn;
    const QList<SqlToken> &tokens = scope.tokens;
    if (!parent || fromColumn.isEmpty() || toColumn.isEmpty() || scope.find(parent->name)
        || repairtext::selectsStar(input.sql(), tokens))
        return std::nullopt;
    // Another table read that has a key to it, or one it has a key to: a second way between them.
    for (const SchemaNames::Table *other : std::as_const(read)) {
        if (other == table)
            continue;
        if (schema->refersTo(*other, *parent) || schema->refersTo(*parent, *other))
            return std::nullopt;
    }
    // A grouped statement counts or sums the rows of the table it names; a column of another
    // table there shows the model had another table's rows in mind as the ones grouped (the
    // languages per continent where it meant the countries), which no join decides. Unless it
    // groups by the key the join follows: each group is then one referenced row, whose columns
    // the groups and what they count stay the same with (a document's name beside its id and
    // the count of its paragraphs).
    if (repairtext::groupsRows(tokens)) {
        // Elsewhere (PostgreSQL) the statement would fail again: the referenced table is not
        // grouped by its own primary key.
        if (!EngineRegistry::forEngine(input.engine()).groupsDecideJoinedColumns())
            return std::nullopt;
        const std::pair<qsizetype, qsizetype> group = repairtext::groupByList(scope, source.token);
        const bool byKey =
                std::any_of(scope.references.cbegin(), scope.references.cend(),
                            [&](const QueryScope::Reference &reference) {
                                return reference.token >= group.first
                                        && reference.token < group.second
                                        && table->realColumn(reference.column) == fromColumn
                                        && (reference.qualifier.isEmpty()
                                            || scope.find(reference.qualifier) == &source);
                            });
        if (!byKey)
            return std::nullopt;
    }

    const auto spelled = [&](const QString &name, bool quoted = false) {
        return repairtext::spelledName(name, input.engine(), quoted);
    };
    const qsizetype end = repairtext::itemEnd(tokens, source.token, source.alias, source.table);
    if (end < 0)
        return std::nullopt;
    const QString parentName = spelled(parent->name);
    // The statement's own table as the model wrote it: its alias, or its name.
    const QString alias = tokens.at(end).text(input.sql()).toString();

    QList<std::pair<qsizetype, QString>> replacements;
    bool named = false;
    for (const QueryScope::Reference &reference : scope.references) {
        const SqlToken &token = tokens.at(reference.token);
        if (repairtext::namesIt(token, wrong)) {
            if (!ownQualifier(reference.qualifier)
                || repairtext::sumsJoinedValue(scope, reference.token, *table, fromColumn))
                return std::nullopt;
            const bool quoted = token.kind == SqlTokenKind::QuotedIdentifier;
            const QString column = spelled(parent->realColumn(wrong), quoted);
            if (reference.qualifier.isEmpty()) {
                replacements.append({reference.token, parentName + u'.' + column});
            } else {
                replacements.append({reference.token - 2, parentName});
                replacements.append({reference.token, column});
            }
            named = true;
        } else if (reference.qualifier.isEmpty() && !scope.isOutputAlias(reference.column)
                   && parent->hasColumn(reference.column)
                   && std::any_of(read.cbegin(), read.cend(), [&](const SchemaNames::Table *other) {
                          return other != table && other->hasColumn(reference.column);
                      })) {
            return std::nullopt; // another table's column the join would make ambiguous
        } else if (ownQualifier(reference.qualifier) && !scope.isOutputAlias(reference.column)
                   && table->hasColumn(reference.column) && parent->hasColumn(reference.column)) {
            // A column of both tables. The join's key has one value on both sides: the
            // statement's own, as it was before the join. Any other such column is open: the
            // model took a column of the other table for one of its own, so its name may mean
            // either table's (a ship's name, or the name of the battle it was lost in), even
            // qualified with the one table, which the model took to hold both.
            if (table->realColumn(reference.column) != fromColumn
                || parent->realColumn(reference.column) != toColumn)
                return std::nullopt;
            if (reference.qualifier.isEmpty())
                replacements.append(
                        {reference.token, alias + u'.' + token.text(input.sql()).toString()});
        }
    }
    if (!named)
        return std::nullopt;

    const QString join =
            repairtext::leftJoin(input.engine(), parent->name, {}, alias, fromColumn, toColumn);
    // After the statement's table, or after the last join of the FROM item it stands in.
    const qsizetype after =
            scope.sources.size() == 1 ? end : repairtext::fromItemEnd(scope, source.token);
    replacements.append({after, tokens.at(after).text(input.sql()).toString() + join});
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1 -> %2.%3 (%4)"_s.arg(wrong, parent->name, parent->realColumn(wrong),
                                          join.trimmed()));
}

} // namespace sqlmend::core
