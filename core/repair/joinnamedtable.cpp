#include "core/repair/joinnamedtable.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> JoinNamedTable::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.engine() == Engine::ClickHouse)
        return std::nullopt;
    // The table's name: the qualifier of a missing column, or PostgreSQL's missing FROM-clause
    // entry.
    const QString captured = repairtext::unquotedName(input.capture(Capture::Name));
    QString named;
    if (input.errorClass() == ErrorClass::ColumnMissing) {
        const QStringList parts = captured.split(u'.');
        if (parts.size() != 2)
            return std::nullopt;
        named = parts.constFirst();
    } else if (input.errorClass() == ErrorClass::TableMissing) {
        if (captured.contains(u'.'))
            return std::nullopt;
        named = captured;
    } else {
        return std::nullopt;
    }
    const QueryScope &scope = input.scope();
    if (named.isEmpty() || scope.find(named) || scope.cteNames.contains(named, Qt::CaseInsensitive))
        return std::nullopt;
    const SchemaNames::Table *target = schema->findTable(named);
    if (!target || target->primaryKey.size() != 1)
        return std::nullopt;

    // Every use of the name as a qualifier: one block, columns the table has.
    const QList<SqlToken> &tokens = scope.tokens;
    int block = -1;
    qsizetype qualifierToken = -1;
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.qualifier.compare(named, Qt::CaseInsensitive) != 0)
            continue;
        if ((block >= 0 && reference.block != block) || !target->hasColumn(reference.column))
            return std::nullopt;
        block = reference.block;
        const qsizetype qualifier = repairtext::qualifierOf(input.sql(), tokens, reference.token);
        if (qualifier < 0)
            return std::nullopt;
        qualifierToken = qualifier;
    }
    if (block < 0 || repairtext::selectsStar(input.sql(), tokens))
        return std::nullopt;

    // The one key onto the named table's key, from the tables this block can see; none the other
    // way.
    const QueryScope::Source *from = nullptr;
    QString fromColumn;
    for (const QueryScope::Source *source : scope.visible(block)) {
        const SchemaNames::Table *table =
                source->derived ? nullptr : schema->findTable(source->table);
        if (!table)
            continue;
        if (table == target)
            return std::nullopt; // read under another name: a qualifier problem
        if (schema->refersTo(*target, *table))
            return std::nullopt;
        for (const SchemaNames::ForeignKey &foreign : table->foreignKeys) {
            if (schema->findTable(foreign.referencedTable) != target)
                continue;
            if (from || schema->referencedByWholeKey(foreign) != target || source->block != block)
                return std::nullopt;
            from = source;
            fromColumn = table->realColumn(foreign.columns.constFirst());
        }
    }
    if (!from || fromColumn.isEmpty())
        return std::nullopt;
    // Grouped by the named table's column, the statement counts or sums its own rows per value of
    // another table, where the model may have meant that table's rows (car makers per continent
    // id where the question counts continents): which rows are grouped is open.
    const auto [groupFirst, groupEnd] = repairtext::groupByList(scope, from->token);
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.qualifier.compare(named, Qt::CaseInsensitive) == 0
            && reference.token >= groupFirst && reference.token < groupEnd)
            return std::nullopt;
    }

    const qsizetype item = repairtext::itemEnd(tokens, from->token, from->alias, from->table);
    if (item < 0)
        return std::nullopt; // FROM t AS, cut off
    const QString alias = tokens.at(item).text(input.sql()).toString();
    const QString written = tokens.at(qualifierToken).text(input.sql()).toString();
    const QString join =
            repairtext::leftJoin(input.engine(), target->name, written, alias, fromColumn,
                                 target->realColumn(target->primaryKey.constFirst()));
    const qsizetype end = repairtext::fromItemEnd(scope, from->token);
    const QString last = tokens.at(end).text(input.sql()).toString();
    return made(repairtext::replaced(input.sql(), tokens, {{end, last + join}}),
                u"%1 (%2)"_s.arg(named, join.trimmed()));
}

} // namespace sqlmend::core
