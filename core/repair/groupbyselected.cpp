#include "core/repair/groupbyselected.h"

#include "core/sql/outerclauses.h"
#include "core/sql/selectlist.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The tokens [first, last) as written.
QString written(const QString &sql, const QList<SqlToken> &tokens, qsizetype first, qsizetype last)
{
    return sql.sliced(tokens.at(first).offset, tokens.at(last - 1).end() - tokens.at(first).offset);
}

} // namespace

std::optional<Repair> GroupBySelected::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::GroupBy)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const OuterClauses outer = OuterClauses::read(tokens);
    if (!outer.select || !outer.balanced || outer.compound || outer.grouped || outer.windowed
        || outer.from < 0 || outer.keys < 0)
        return std::nullopt;
    const int depth = scope.depthOf.at(outer.list);
    const qsizetype keysEnd = outer.keysEnd;

    // What the list selects: plain columns, each maybe with an alias.
    const QList<SelectItem> items = SelectList::items(tokens, outer.list, outer.from);
    QStringList columns;
    for (const SelectItem &item : items) {
        // A keyword alone is no column (SELECT CASE ...).
        if (!SelectList::isColumnReference(tokens, item.first, item.last)
            || (item.last - item.first == 1 && tokens.at(item.first).isSqlKeyword()))
            return std::nullopt;
        const QString column = written(input.sql(), tokens, item.first, item.last);
        if (!columns.contains(column, Qt::CaseInsensitive))
            columns.append(column);
    }
    if (columns.isEmpty())
        return std::nullopt;

    // Nothing at the outer level aggregates but the ORDER BY keys.
    for (qsizetype i = outer.list; i < tokens.size(); ++i) {
        if (scope.depthOf.at(i) != depth)
            continue;
        if (tokens.at(i).isWord(u"HAVING")
            || (isAggregateCall(tokens, i) && (i < outer.keys || i >= keysEnd)))
            return std::nullopt;
    }

    // Each key an aggregate call, a selected column or alias, or a position; one an aggregate.
    QStringList aggregates;
    for (const OrderKey &key : SelectList::orderKeys(tokens, outer.keys, keysEnd)) {
        if (key.last > key.first && isAggregateCall(tokens, key.first)
            && closingParen(tokens, key.first + 1, key.last) == key.last - 1)
            aggregates.append(written(input.sql(), tokens, key.first, key.last));
        else if (SelectList::itemNamedBy(tokens, input.sql(), items, key) < 0)
            return std::nullopt;
    }
    if (aggregates.isEmpty())
        return std::nullopt;

    // GROUP BY right before the ORDER BY.
    qsizetype order = outer.keys - 1;
    while (order > outer.from && !tokens.at(order).isWord(u"ORDER"))
        --order;
    if (order <= outer.from)
        return std::nullopt;
    const QString grouping = u"GROUP BY "_s + columns.join(u", "_s);
    const QList<std::pair<qsizetype, QString>> replacement{
            {order, grouping + u' ' + written(input.sql(), tokens, order, order + 1)}};
    return made(repairtext::replaced(input.sql(), tokens, replacement),
                grouping + u" before ORDER BY "_s + aggregates.join(u", "_s));
}

} // namespace sqlmend::core
