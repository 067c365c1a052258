#include "core/repair/groupbyselected.h"

#include "core/sql/outerclauses.h"
#include "core/sql/selectlist.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The tokens [first, last) are one column as written: name, or qualifier.name.
bool isColumn(const QList<SqlToken> &tokens, qsizetype first, qsizetype last)
{
    if (last - first == 1)
        return tokens.at(first).isIdentifier() && !tokens.at(first).isSqlKeyword();
    return last - first == 3 && tokens.at(first).isIdentifier()
            && tokens.at(first + 1).kind == SqlTokenKind::Dot
            && tokens.at(first + 2).isIdentifier();
}

// The tokens [first, last) without a trailing ASC, DESC or NULLS FIRST | LAST.
qsizetype withoutDirection(const QList<SqlToken> &tokens, qsizetype first, qsizetype last)
{
    if (last - first > 2 && tokens.at(last - 2).isWord(u"NULLS"))
        last -= 2;
    if (last - first > 1
        && (tokens.at(last - 1).isWord(u"ASC") || tokens.at(last - 1).isWord(u"DESC")))
        --last;
    return last;
}

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
    const qsizetype keysEnd = outer.keysEnd < 0 ? tokens.size() : outer.keysEnd;

    // What the list selects: plain columns, each maybe with an alias.
    QStringList columns;
    QStringList names; // the columns and the aliases, as an ORDER BY key may name them
    for (const SelectItem &item : SelectList::items(tokens, outer.list, outer.from)) {
        if (!isColumn(tokens, item.first, item.last))
            return std::nullopt;
        const QString column = written(input.sql(), tokens, item.first, item.last);
        if (!columns.contains(column, Qt::CaseInsensitive))
            columns.append(column);
        names.append(column);
        if (item.end > item.last)
            names.append(written(input.sql(), tokens, item.end - 1, item.end));
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
    for (qsizetype first = outer.keys; first < keysEnd;) {
        qsizetype end = first;
        while (end < keysEnd
               && !(tokens.at(end).kind == SqlTokenKind::Comma && scope.depthOf.at(end) == depth))
            ++end;
        const qsizetype last = withoutDirection(tokens, first, end);
        const bool aggregate =
                isAggregateCall(tokens, first) && closingParen(tokens, first + 1, last) == last - 1;
        if (aggregate) {
            aggregates.append(written(input.sql(), tokens, first, last));
        } else {
            const QString key =
                    last > first ? written(input.sql(), tokens, first, last) : QString();
            const bool position =
                    last - first == 1 && tokens.at(first).kind == SqlTokenKind::Number;
            if (!position
                && !(isColumn(tokens, first, last) && names.contains(key, Qt::CaseInsensitive)))
                return std::nullopt;
        }
        first = end + 1;
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
