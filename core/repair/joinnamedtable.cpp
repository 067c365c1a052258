#include "core/repair/joinnamedtable.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The index of the last token of the FROM item that starts at token, with its joins: the one
// before a comma, a clause after FROM, a closing parenthesis or the end.
qsizetype segmentEnd(const QueryScope &scope, qsizetype token)
{
    const int depth = scope.depthOf.at(token);
    qsizetype last = token;
    for (qsizetype i = token + 1; i < scope.tokens.size(); ++i) {
        const int d = scope.depthOf.at(i);
        if (d < depth)
            break;
        const SqlToken &t = scope.tokens.at(i);
        if (d == depth && (t.kind == SqlTokenKind::Comma || QueryScope::endsFromClause(t)))
            break;
        if (!t.isComment())
            last = i;
    }
    return last;
}

// The tokens of the GROUP BY list of the block the FROM item at token belongs to: [first, end),
// or an empty range when the block does not group.
std::pair<qsizetype, qsizetype> groupByList(const QueryScope &scope, qsizetype token)
{
    const int depth = scope.depthOf.at(token);
    const int block = scope.blockOf.at(token);
    for (qsizetype i = token + 1; i < scope.tokens.size() && scope.depthOf.at(i) >= depth; ++i) {
        if (scope.depthOf.at(i) != depth || scope.blockOf.at(i) != block
            || !scope.tokens.at(i).isWord(u"GROUP"))
            continue;
        qsizetype end = i + 1;
        while (end < scope.tokens.size() && scope.depthOf.at(end) >= depth) {
            const SqlToken &t = scope.tokens.at(end);
            if (scope.depthOf.at(end) == depth && QueryScope::endsFromClause(t))
                break;
            ++end;
        }
        return {i, end};
    }
    return {0, 0};
}

} // namespace

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
        const qsizetype dot = repairtext::significant(tokens, reference.token, -1);
        const qsizetype qualifier = dot < 0 ? -1 : repairtext::significant(tokens, dot, -1);
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
        for (const SchemaNames::ForeignKey &foreign : target->foreignKeys) {
            if (schema->findTable(foreign.referencedTable) == table)
                return std::nullopt;
        }
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
    const auto [groupFirst, groupEnd] = groupByList(scope, from->token);
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.qualifier.compare(named, Qt::CaseInsensitive) == 0
            && reference.token >= groupFirst && reference.token < groupEnd)
            return std::nullopt;
    }

    const qsizetype item = repairtext::itemEnd(tokens, from->token, from->alias, from->table);
    if (item < 0)
        return std::nullopt; // FROM t AS, cut off
    const QString alias = tokens.at(item).text(input.sql()).toString();
    const QString table = repairtext::spelledName(target->name, input.engine());
    const QString written = tokens.at(qualifierToken).text(input.sql()).toString();
    const QString join = u" LEFT JOIN %1%2 ON %3.%4 = %5.%6"_s.arg(
            table, written == table ? QString() : u" AS "_s + written, alias,
            repairtext::spelledName(fromColumn, input.engine()), written,
            repairtext::spelledName(target->realColumn(target->primaryKey.constFirst()),
                                    input.engine()));
    const qsizetype end = segmentEnd(scope, from->token);
    const QString last = tokens.at(end).text(input.sql()).toString();
    return made(repairtext::replaced(input.sql(), tokens, {{end, last + join}}),
                u"%1 (%2)"_s.arg(named, join.trimmed()));
}

} // namespace sqlmend::core
