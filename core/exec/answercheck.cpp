#include "core/exec/answercheck.h"

#include "core/engines/engineregistry.h"
#include "core/errors/queryscope.h"
#include "core/sql/outerclauses.h"
#include "core/sql/selectlist.h"

#include <QDataStream>
#include <QIODevice>
#include <QSet>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Each row as bytes that are equal exactly when type and value are.
QList<QByteArray> rowKeys(const QList<QVariantList> &rows)
{
    QList<QByteArray> keys;
    keys.reserve(rows.size());
    for (const QVariantList &row : rows) {
        QByteArray key;
        QDataStream stream(&key, QIODevice::WriteOnly);
        stream << row;
        keys.append(std::move(key));
    }
    return keys;
}

QString ordinals(int columnCount, bool descending)
{
    QStringList terms;
    for (int i = 1; i <= columnCount; ++i)
        terms.append(descending ? u"%1 DESC"_s.arg(i) : QString::number(i));
    return terms.join(u", "_s);
}

// '%value%' -> 'value' (also 'value%' and '%value'), for a plain literal whose value holds no
// quote, no backslash and no '_'; empty when the literal is no such pattern. A '%' inside stands
// for the space between two words ('%Ben%Jones%' -> 'Ben Jones'): models write the words of a name
// so when they are unsure of what lies between them.
QString valueOfPattern(QStringView literal)
{
    if (literal.size() < 3 || literal.front() != u'\'' || literal.back() != u'\'')
        return {};
    QStringView body = literal.sliced(1, literal.size() - 2);
    qsizetype leading = 0;
    while (leading < body.size() && body.at(leading) == u'%')
        ++leading;
    qsizetype trailing = 0;
    while (trailing < body.size() - leading && body.at(body.size() - 1 - trailing) == u'%')
        ++trailing;
    if (leading + trailing == 0)
        return {};
    const QStringView inner = body.sliced(leading, body.size() - leading - trailing);
    if (inner.isEmpty())
        return {};
    QString value;
    value.reserve(inner.size());
    for (qsizetype i = 0; i < inner.size(); ++i) {
        const QChar c = inner.at(i);
        if (c == u'_' || c == u'\'' || c == u'\\')
            return {};
        if (c != u'%') {
            value.append(c);
            continue;
        }
        while (i + 1 < inner.size() && inner.at(i + 1) == u'%')
            ++i;
        // One space between the words, none added next to a space already there.
        if (!value.endsWith(u' ') && i + 1 < inner.size() && inner.at(i + 1) != u' ')
            value.append(u' ');
    }
    return u'\'' + value + u'\'';
}

// The sources a column reference may belong to, in order: its qualifier's; else the sources
// visible in its block, the block's own first (a bare name is theirs before an outer block's).
QList<const QueryScope::Source *> candidateSources(const QueryScope &scope,
                                                   const QueryScope::Reference &reference)
{
    if (!reference.qualifier.isEmpty()) {
        const QueryScope::Source *source = scope.find(reference.qualifier, reference.block);
        return source ? QList<const QueryScope::Source *>{source}
                      : QList<const QueryScope::Source *>();
    }
    QList<const QueryScope::Source *> sources = scope.visible(reference.block);
    std::stable_partition(sources.begin(), sources.end(),
                          [&reference](const QueryScope::Source *source) {
                              return source->block == reference.block;
                          });
    return sources;
}

// A statement's tokens without its comments.
QList<SqlToken> codeTokens(QStringView sql, Engine engine)
{
    QList<SqlToken> tokens = SqlTokenizer(engine).tokenize(sql);
    tokens.removeIf([](const SqlToken &token) { return token.isComment(); });
    return tokens;
}

// Questions about the token at an index; false past either end.
struct TokenAt
{
    const QList<SqlToken> &tokens;
    QStringView sql;

    bool kind(qsizetype i, SqlTokenKind kind) const
    {
        return i >= 0 && i < tokens.size() && tokens.at(i).kind == kind;
    }
    bool word(qsizetype i, QStringView word) const
    {
        return i >= 0 && i < tokens.size() && tokens.at(i).isWord(word);
    }
    bool op(qsizetype i, QStringView op) const
    {
        return kind(i, SqlTokenKind::Operator) && tokens.at(i).text(sql) == op;
    }
    bool name(qsizetype i) const
    {
        return kind(i, SqlTokenKind::Word) || kind(i, SqlTokenKind::QuotedIdentifier);
    }
};

// Whether the LIMIT or FETCH at an index keeps one row: LIMIT 1, LIMIT offset, 1 (MySQL),
// FETCH FIRST | NEXT [1] ROW | ROWS ONLY. The first rows of a list (LIMIT 10) are not one row.
bool keepsOneRow(const TokenAt &at, qsizetype limitOrFetch)
{
    const auto one = [&at](qsizetype i) {
        return at.kind(i, SqlTokenKind::Number) && at.tokens.at(i).text(at.sql) == u"1";
    };
    const qsizetype i = limitOrFetch;
    if (at.word(i, u"LIMIT"))
        return at.kind(i + 2, SqlTokenKind::Comma) ? one(i + 3) : one(i + 1);
    return at.word(i, u"FETCH") && (at.word(i + 1, u"FIRST") || at.word(i + 1, u"NEXT"))
            && (one(i + 2) || at.word(i + 2, u"ROW") || at.word(i + 2, u"ROWS"));
}

// The aggregate calls among tokens [first, end) outside subqueries, by name in upper case. A
// call followed by OVER (or FILTER (...) OVER) is a window function and does not count.
QStringList aggregateCalls(const TokenAt &at, qsizetype first, qsizetype end)
{
    QStringList calls;
    QList<bool> opened; // for each parenthesis open here: whether it opens a subquery
    for (qsizetype i = first; i < end; ++i) {
        if (at.kind(i, SqlTokenKind::OpenParen)) {
            opened.append(at.word(i + 1, u"SELECT") || at.word(i + 1, u"WITH"));
        } else if (at.kind(i, SqlTokenKind::CloseParen) && !opened.isEmpty()) {
            opened.removeLast();
        } else if (!opened.contains(true) && isAggregateCall(at.tokens, i)) {
            qsizetype after = closingParen(at.tokens, i + 1) + 1;
            if (after > 0 && at.word(after, u"FILTER"))
                after = closingParen(at.tokens, after + 1) + 1;
            if (after > 0 && !at.word(after, u"OVER"))
                calls.append(at.tokens.at(i).name.toUpper());
        }
    }
    return calls;
}

// Whether the select list item a key names (SelectList::itemNamedBy) is an aggregate, returned
// beside another item without one: the measure shown next to the rows it picks or keeps.
bool showsAggregateBeside(const TokenAt &at, const QList<SelectItem> &items, const OrderKey &key)
{
    const qsizetype shown = SelectList::itemNamedBy(at.tokens, at.sql, items, key);
    const auto aggregated = [&at](const SelectItem &item) {
        return !aggregateCalls(at, item.first, item.last).isEmpty();
    };
    if (shown < 0 || !aggregated(items.at(shown)))
        return false;
    return std::any_of(items.cbegin(), items.cend(),
                       [&](const SelectItem &item) { return !aggregated(item); });
}

// A key of the outermost HAVING, and whether the condition sets it equal to a value: one side of
// an "=" in a condition with no OR outside its subqueries.
struct HavingKey
{
    OrderKey key;
    bool setEqual = false;
};

// The outermost HAVING of a grouped SELECT (no set operator, no window) and the items of its
// list.
struct HavingReading
{
    QList<HavingKey> keys;
    QList<SelectItem> items;
};

// The keys of the outermost HAVING of a grouped SELECT (no set operator, no window): each
// aggregate call outside a subquery, and each bare name (an output alias), read as ORDER BY keys
// are read against the list. Nothing where there is no such HAVING or a call is not closed.
std::optional<HavingReading> readHaving(const TokenAt &at, const OuterClauses &outer)
{
    const QList<SqlToken> &tokens = at.tokens;
    if (!outer.select || !outer.balanced || outer.compound || !outer.grouped || outer.windowed
        || outer.list < 0 || outer.from < 0 || outer.groupKeysEnd < 0
        || !at.word(outer.groupKeysEnd, u"HAVING"))
        return std::nullopt;
    QList<HavingKey> keys;
    bool either = false;
    QList<bool> opened; // for each parenthesis open here: whether it opens a subquery
    for (qsizetype i = outer.groupKeysEnd + 1; i < tokens.size(); ++i) {
        if (opened.isEmpty()
            && (at.kind(i, SqlTokenKind::Semicolon) || at.word(i, u"ORDER") || at.word(i, u"LIMIT")
                || at.word(i, u"WINDOW") || at.word(i, u"OFFSET") || at.word(i, u"FETCH")
                || at.word(i, u"QUALIFY")))
            break;
        if (at.kind(i, SqlTokenKind::OpenParen)) {
            opened.append(at.word(i + 1, u"SELECT") || at.word(i + 1, u"WITH"));
            continue;
        }
        if (at.kind(i, SqlTokenKind::CloseParen)) {
            if (!opened.isEmpty())
                opened.removeLast();
            continue;
        }
        if (opened.contains(true))
            continue;
        if (at.word(i, u"OR"))
            either = true;
        OrderKey key;
        if (isAggregateCall(tokens, i)) {
            const qsizetype close = closingParen(tokens, i + 1);
            if (close < 0)
                return std::nullopt;
            key = {i, close + 1, close + 1};
        } else if (at.name(i) && !at.kind(i - 1, SqlTokenKind::Dot)
                   && !at.kind(i + 1, SqlTokenKind::Dot) && !at.kind(i + 1, SqlTokenKind::OpenParen)
                   && !tokens.at(i).isSqlKeyword()) {
            key = {i, i + 1, i + 1};
        } else {
            continue;
        }
        keys.append({key, at.op(key.last, u"=") || at.op(key.first - 1, u"=")});
        if (key.last > i + 1)
            i = key.last - 1; // past the call: its arguments are no keys
    }
    if (either) {
        for (HavingKey &key : keys)
            key.setEqual = false;
    }
    return HavingReading{keys, SelectList::items(tokens, outer.list, outer.from)};
}

// SQLite takes a bare column beside the one MIN or MAX of a query from the row that has that
// value, so the row is no arbitrary one. aggregates: the calls of the query's select list.
bool extremeRowDecides(Engine engine, const QStringList &aggregates)
{
    return engine == Engine::SQLite && aggregates.size() == 1
            && (aggregates.constFirst() == u"MIN"_s || aggregates.constFirst() == u"MAX"_s);
}

} // namespace

QString answerDoubtName(AnswerDoubt doubt)
{
    switch (doubt) {
    case AnswerDoubt::None:
        return {};
    case AnswerDoubt::NoRows:
        return u"no_rows"_s;
    case AnswerDoubt::NullsOnly:
        return u"nulls_only"_s;
    case AnswerDoubt::DuplicateRows:
        return u"duplicate_rows"_s;
    case AnswerDoubt::OrderTie:
        return u"order_tie"_s;
    case AnswerDoubt::PatternReading:
        return u"pattern_reading"_s;
    case AnswerDoubt::ExtremeTie:
        return u"extreme_tie"_s;
    case AnswerDoubt::ExtremeOfKey:
        return u"extreme_of_key"_s;
    case AnswerDoubt::RepeatsFilter:
        return u"repeats_filter"_s;
    case AnswerDoubt::ShowsFilter:
        return u"shows_filter"_s;
    case AnswerDoubt::NegatedJoin:
        return u"negated_join"_s;
    case AnswerDoubt::ArbitraryRow:
        return u"arbitrary_row"_s;
    case AnswerDoubt::ShowsRanking:
        return u"shows_ranking"_s;
    case AnswerDoubt::OuterColumn:
        return u"outer_column"_s;
    case AnswerDoubt::ChainedComparison:
        return u"chained_comparison"_s;
    case AnswerDoubt::AlwaysTrue:
        return u"always_true"_s;
    case AnswerDoubt::KeyToKey:
        return u"key_to_key"_s;
    case AnswerDoubt::CrossJoin:
        return u"cross_join"_s;
    case AnswerDoubt::UngroupedColumn:
        return u"ungrouped_column"_s;
    case AnswerDoubt::OneRowGroups:
        return u"one_row_groups"_s;
    case AnswerDoubt::AbsentValue:
        return u"absent_value"_s;
    case AnswerDoubt::ShowsHaving:
        return u"shows_having"_s;
    case AnswerDoubt::TooManyRows:
        return u"too_many_rows"_s;
    case AnswerDoubt::Unverified:
        return u"unverified"_s;
    }
    return {};
}

QList<AnswerProbe> AnswerCheck::probes(QStringView sql, Engine engine, int columnCount)
{
    QList<AnswerProbe> probes;
    const QList<SqlToken> tokens = SqlTokenizer(engine).tokenize(sql);
    if (columnCount < 1 || tokens.isEmpty())
        return probes;

    const OuterClauses outer = OuterClauses::read(tokens);
    // Only where a LIMIT keeps some of the rows: without one, tied rows all come back, and the
    // order among rows its ORDER BY calls equal is no part of what the question asks.
    if (outer.limited && outer.orderEnd >= 0) {
        const QString prefix = outer.orderBy ? u", "_s : u" ORDER BY "_s;
        const auto withTieBreak = [&](bool descending) {
            QString text = sql.toString();
            text.insert(outer.orderEnd, prefix + ordinals(columnCount, descending));
            return text;
        };
        probes.append({AnswerDoubt::OrderTie, withTieBreak(false), withTieBreak(true), true, {}});
    }

    // Each pattern's literal read as its value; and the column it is matched against, when it is
    // one (name or qualifier.name before LIKE, or before NOT LIKE), for the trimmed reading.
    struct Reading
    {
        qsizetype literal = -1;
        QString value;
        qsizetype columnFirst = -1;
        qsizetype columnLast = -1;
    };
    QList<Reading> readings;
    bool everyColumn = true;
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        if (!(tokens.at(i).isWord(u"LIKE") || tokens.at(i).isWord(u"ILIKE")))
            continue;
        const SqlToken &literal = tokens.at(i + 1);
        if (literal.kind != SqlTokenKind::String)
            continue;
        if (i + 2 < tokens.size() && tokens.at(i + 2).isWord(u"ESCAPE"))
            continue;
        const QString value = valueOfPattern(literal.text(sql));
        if (value.isEmpty())
            continue;
        Reading reading{i + 1, value};
        qsizetype last = i - 1;
        if (last >= 0 && tokens.at(last).isWord(u"NOT"))
            --last;
        if (last >= 0 && tokens.at(last).isIdentifier()) {
            reading.columnFirst = reading.columnLast = last;
            if (last >= 2 && tokens.at(last - 1).kind == SqlTokenKind::Dot
                && tokens.at(last - 2).isIdentifier())
                reading.columnFirst = last - 2;
        }
        everyColumn = everyColumn && reading.columnFirst >= 0;
        readings.append(reading);
    }
    if (!readings.isEmpty()) {
        QString text = sql.toString();
        QString trimmed = sql.toString();
        for (auto it = readings.crbegin(); it != readings.crend(); ++it) {
            const SqlToken &literal = tokens.at(it->literal);
            text.replace(literal.offset, literal.length, it->value);
            if (!everyColumn)
                continue;
            trimmed.replace(literal.offset, literal.length, it->value);
            const qsizetype first = tokens.at(it->columnFirst).offset;
            const qsizetype end = tokens.at(it->columnLast).end();
            trimmed.replace(
                    first, end - first,
                    EngineRegistry::forEngine(engine).trimmed(sql.sliced(first, end - first)));
        }
        probes.append({AnswerDoubt::PatternReading, QString(), text, false,
                       everyColumn ? trimmed : QString()});
    }

    // Where the engine takes no column beside the groups that they do not decide (PostgreSQL),
    // a grouped result that ran has none to read.
    if (outer.select && outer.balanced && !outer.compound && outer.grouped && !outer.windowed
        && EngineRegistry::forEngine(engine).groupsDecideJoinedColumns()) {
        QList<SqlToken> code = tokens;
        code.removeIf([](const SqlToken &token) { return token.isComment(); });
        const OuterClauses clauses = OuterClauses::read(code);
        const qsizetype listEnd = clauses.from > clauses.list ? clauses.from : code.size();
        const TokenAt at{code, sql};
        QStringList aggregates;
        for (const SelectItem &item : SelectList::items(code, clauses.list, listEnd))
            aggregates += aggregateCalls(at, item.first, item.end);
        const QList<SelectItem> loose = clauses.list >= 0 && !extremeRowDecides(engine, aggregates)
                ? SelectList::ungroupedItems(code, sql)
                : QList<SelectItem>();
        if (!loose.isEmpty()) {
            const auto wrapped = [&](QStringView function) {
                QString text = sql.toString();
                for (auto it = loose.crbegin(); it != loose.crend(); ++it) {
                    text.insert(code.at(it->last - 1).end(), u')');
                    text.insert(code.at(it->first).offset, function.toString() + u'(');
                }
                return text;
            };
            probes.append(
                    {AnswerDoubt::UngroupedColumn, wrapped(u"MIN"), wrapped(u"MAX"), false, {}});
        }
    }
    return probes;
}

bool AnswerCheck::comparesWithExtreme(QStringView sql, Engine engine)
{
    const QList<SqlToken> tokens = codeTokens(sql, engine);
    const TokenAt at{tokens, sql};
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        if (!at.kind(i, SqlTokenKind::OpenParen) || !at.word(i + 1, u"SELECT"))
            continue;
        // x >= ALL (SELECT ...), x <= ALL (SELECT ...)
        if (at.word(i - 1, u"ALL") && (at.op(i - 2, u">=") || at.op(i - 2, u"<=")))
            return true;
        qsizetype first = i + 2;
        if (at.word(first, u"DISTINCT") || at.word(first, u"ALL"))
            ++first;
        if (!(at.word(first, u"MAX") || at.word(first, u"MIN"))
            || !at.kind(first + 1, SqlTokenKind::OpenParen))
            continue;
        // x = (SELECT MAX(...) ...), x IN (SELECT MIN(...) ...)
        if (at.op(i - 1, u"=") || at.op(i - 1, u"==") || at.word(i - 1, u"IN"))
            return true;
        // (SELECT MAX(...) ...) = x
        int depth = 0;
        for (qsizetype j = i; j < tokens.size(); ++j) {
            if (at.kind(j, SqlTokenKind::OpenParen))
                ++depth;
            else if (at.kind(j, SqlTokenKind::CloseParen) && --depth == 0) {
                if (at.op(j + 1, u"=") || at.op(j + 1, u"=="))
                    return true;
                break;
            }
        }
    }
    return false;
}

namespace {

// A column as a statement names it, in lower case; the qualifier is empty when it is bare.
struct NamedColumn
{
    QString qualifier;
    QString name;

    // The same column: by name, and by qualifier when both have one.
    bool is(const NamedColumn &other) const
    {
        return name == other.name
                && (qualifier.isEmpty() || other.qualifier.isEmpty()
                    || qualifier == other.qualifier);
    }
};

// What the outermost SELECT returns and what its WHERE compares with values, read from tokens.
struct FilterShape
{
    QList<std::optional<NamedColumn>> items; // each select item: a plain column, or nothing
    QList<NamedColumn> pinned;               // conjuncts "column = value" (either side)
    // Also "column IN (value)" and "column LIKE | ILIKE | GLOB value": the value, or a pattern
    // it must match, is given.
    QList<NamedColumn> fixed;
    // Conjuncts "column <> value", "column != value", "column NOT LIKE | ILIKE | GLOB value" and
    // "column NOT IN (value, ...)": a value the rows must not have.
    QList<NamedColumn> negated;

    static bool holds(const QList<NamedColumn> &columns, const NamedColumn &column)
    {
        return std::any_of(columns.cbegin(), columns.cend(),
                           [&](const NamedColumn &c) { return c.is(column); });
    }
};

// The shape of a single SELECT with a WHERE that has no top-level OR; nothing for a compound
// statement, an unbalanced one, or one without WHERE. A value is a literal, a parameter,
// -number, or a scalar subquery. tokens: the statement's, without comments and trailing ';';
// outer: their outer clauses; depth: each token's parenthesis depth (QueryScope::depthOf).
std::optional<FilterShape> readFilterShape(const QList<SqlToken> &tokens, QStringView sql,
                                           const OuterClauses &outer, const QList<int> &depth)
{
    if (!outer.select || !outer.balanced || outer.compound || outer.from < 0 || outer.where < 0)
        return std::nullopt;
    const TokenAt at{tokens, sql};
    // A column reference covering [first, last): name or qualifier.name.
    const auto columnAt = [&](qsizetype first, qsizetype last) -> std::optional<NamedColumn> {
        if (!SelectList::isColumnReference(tokens, first, last))
            return std::nullopt;
        if (last - first == 1)
            return NamedColumn{QString(), tokens.at(first).name.toLower()};
        return NamedColumn{tokens.at(first).name.toLower(), tokens.at(first + 2).name.toLower()};
    };
    // A value covering [first, last).
    const auto valueAt = [&](qsizetype first, qsizetype last) {
        if (last - first == 1)
            return at.kind(first, SqlTokenKind::String) || at.kind(first, SqlTokenKind::Number)
                    || at.kind(first, SqlTokenKind::Parameter);
        if (last - first == 2 && at.op(first, u"-"))
            return at.kind(first + 1, SqlTokenKind::Number);
        if (!at.kind(first, SqlTokenKind::OpenParen) || !at.word(first + 1, u"SELECT")
            || !at.kind(last - 1, SqlTokenKind::CloseParen))
            return false;
        for (qsizetype k = first + 1; k < last - 1; ++k) {
            if (depth.at(k) == 0)
                return false; // (SELECT ...) + (SELECT ...): not one subquery
        }
        return true;
    };
    // A value written in the statement: a literal, a parameter or -number, no subquery.
    const auto writtenAt = [&](qsizetype first, qsizetype last) {
        return last - first <= 2 && valueAt(first, last);
    };
    const qsizetype from = outer.from;
    const qsizetype where = outer.where;
    const qsizetype whereEnd = outer.whereEnd;

    FilterShape shape;
    const auto readConjunct = [&](qsizetype first, qsizetype last) {
        for (qsizetype op = first + 1; op + 1 < last; ++op) {
            if (depth.at(op) != 0)
                continue;
            if (at.op(op, u"=") || at.op(op, u"==")) {
                std::optional<NamedColumn> column;
                if (valueAt(op + 1, last))
                    column = columnAt(first, op);
                else if (valueAt(first, op))
                    column = columnAt(op + 1, last);
                if (column) {
                    shape.pinned.append(*column);
                    // A value a subquery computes is no value the question gives.
                    if (writtenAt(op + 1, last) || writtenAt(first, op))
                        shape.fixed.append(*column);
                }
                return;
            }
            if (at.word(op, u"LIKE") || at.word(op, u"ILIKE") || at.word(op, u"GLOB")) {
                if (const auto column = columnAt(first, op); column && writtenAt(op + 1, last))
                    shape.fixed.append(*column);
                return;
            }
            if (at.op(op, u"<>") || at.op(op, u"!=")) {
                if (const auto column = columnAt(first, op); column && valueAt(op + 1, last))
                    shape.negated.append(*column);
                else if (const auto right = columnAt(op + 1, last); right && valueAt(first, op))
                    shape.negated.append(*right);
                return;
            }
            if (at.word(op, u"NOT")
                && (at.word(op + 1, u"LIKE") || at.word(op + 1, u"ILIKE")
                    || at.word(op + 1, u"GLOB"))) {
                if (const auto column = columnAt(first, op); column && valueAt(op + 2, last))
                    shape.negated.append(*column);
                return;
            }
            if (at.word(op, u"NOT") && at.word(op + 1, u"IN")) {
                const bool values = at.kind(op + 2, SqlTokenKind::OpenParen)
                        && at.kind(last - 1, SqlTokenKind::CloseParen) && last - op > 4
                        && !at.word(op + 3, u"SELECT");
                if (const auto column = columnAt(first, op); column && values)
                    shape.negated.append(*column);
                return;
            }
            if (at.word(op, u"IN")) {
                if (const auto column = columnAt(first, op); column
                    && at.kind(op + 1, SqlTokenKind::OpenParen) && last - op == 4
                    && at.kind(last - 1, SqlTokenKind::CloseParen) && writtenAt(op + 2, last - 1))
                    shape.fixed.append(*column);
                return;
            }
            if (at.kind(op, SqlTokenKind::Operator) || at.word(op, u"NOT")
                || at.word(op, u"BETWEEN") || at.word(op, u"IS"))
                return; // another comparison: it fixes no value
        }
    };
    // Split at each top-level AND; a BETWEEN's AND only cuts its upper bound off, which fixes
    // nothing.
    qsizetype start = where + 1;
    for (qsizetype i = start; i <= whereEnd; ++i) {
        if (i < whereEnd && depth.at(i) != 0)
            continue;
        if (at.word(i, u"OR"))
            return std::nullopt;
        if (i == whereEnd || at.word(i, u"AND")) {
            readConjunct(start, i);
            start = i + 1;
        }
    }

    for (const SelectItem &item : SelectList::items(tokens, 0, from))
        shape.items.append(columnAt(item.first, item.last));
    return shape;
}

} // namespace

struct StatementReading::Data
{
    QueryScope scope;
    QList<SqlToken> tokens; // the scope's, without a trailing ';'
    OuterClauses outer;
    std::optional<FilterShape> shape;
    QString sql;
    Engine engine = Engine::Unknown;
};

StatementReading::StatementReading() = default;
StatementReading::~StatementReading() = default;
StatementReading::StatementReading(const StatementReading &) = default;
StatementReading &StatementReading::operator=(const StatementReading &) = default;

StatementReading AnswerCheck::read(QStringView sql, Engine engine)
{
    auto data = std::make_shared<StatementReading::Data>();
    data->scope = QueryScope::read(sql, engine);
    data->tokens = data->scope.tokens;
    while (!data->tokens.isEmpty() && data->tokens.constLast().kind == SqlTokenKind::Semicolon)
        data->tokens.removeLast();
    data->sql = sql.toString();
    data->outer = OuterClauses::read(data->tokens);
    data->shape = readFilterShape(data->tokens, data->sql, data->outer, data->scope.depthOf);
    data->engine = engine;
    StatementReading reading;
    reading.d = std::move(data);
    return reading;
}

QString AnswerCheck::extremeOfKey(QStringView sql, Engine engine, const SchemaNames &names)
{
    return extremeOfKey(read(sql, engine), names);
}

QString AnswerCheck::extremeOfKey(const StatementReading &statement, const SchemaNames &names)
{
    if (names.tables.isEmpty() || !statement.d)
        return {};
    const QueryScope &scope = statement.d->scope;
    const QList<SqlToken> &tokens = scope.tokens;
    const TokenAt at{tokens, statement.d->sql};
    // ORDER BY column (or qualifier.column) as its one key, then a LIMIT or FETCH that keeps one
    // row: the row with the highest or lowest key, as MAX or MIN picks it.
    const auto ranksBy = [&](const QueryScope::Reference &reference) {
        const qsizetype first = reference.token - (reference.qualifier.isEmpty() ? 0 : 2);
        if (!at.word(first - 1, u"BY") || !at.word(first - 2, u"ORDER"))
            return false;
        qsizetype next = reference.token + 1;
        if (at.word(next, u"ASC") || at.word(next, u"DESC"))
            ++next;
        if (at.word(next, u"NULLS") && (at.word(next + 1, u"FIRST") || at.word(next + 1, u"LAST")))
            next += 2;
        return keepsOneRow(at, next);
    };
    for (const QueryScope::Reference &reference : scope.references) {
        // MAX(column) or MAX(qualifier.column), nothing else inside the parentheses.
        const qsizetype open = reference.token - (reference.qualifier.isEmpty() ? 1 : 3);
        const bool extreme = open >= 1 && reference.token + 1 < tokens.size()
                && tokens.at(open).kind == SqlTokenKind::OpenParen
                && tokens.at(reference.token + 1).kind == SqlTokenKind::CloseParen
                && (tokens.at(open - 1).isWord(u"MAX") || tokens.at(open - 1).isWord(u"MIN"));
        if (!extreme && !ranksBy(reference))
            continue;
        for (const QueryScope::Source *source : candidateSources(scope, reference)) {
            const SchemaNames::Table *table =
                    source->derived ? nullptr : names.findTable(source->table);
            if (!table || !table->hasColumn(reference.column))
                continue;
            if (table->isKeyColumn(reference.column))
                return table->name + u'.' + table->realColumn(reference.column);
            break; // the table the name belongs to: not a key
        }
    }
    return {};
}

QString AnswerCheck::outerColumn(QStringView sql, Engine engine, const SchemaNames &names)
{
    return outerColumn(read(sql, engine), names);
}

QString AnswerCheck::outerColumn(const StatementReading &statement, const SchemaNames &names)
{
    if (names.tables.isEmpty() || !statement.d)
        return {};
    const QueryScope &scope = statement.d->scope;
    for (const QueryScope::Reference &reference : scope.references) {
        if (scope.isOutputAlias(reference.column))
            continue;
        if (const QueryScope::Source *source = scope.outerSourceOf(reference, names)) {
            const SchemaNames::Table *table = names.findTable(source->table);
            return table->name + u'.' + table->realColumn(reference.column);
        }
    }
    return {};
}

QString AnswerCheck::keyToKey(QStringView sql, Engine engine, const SchemaNames &names)
{
    return keyToKey(read(sql, engine), names);
}

QString AnswerCheck::keyToKey(const StatementReading &statement, const SchemaNames &names)
{
    if (!statement.d || names.tables.isEmpty())
        return {};
    const QueryScope &scope = statement.d->scope;
    // The table of the schema a qualified side of an equality reads, where the column is the
    // whole one-column primary key of that table; else null.
    const auto ownKey = [&](const QString &qualifier, const QString &column,
                            int block) -> const SchemaNames::Table * {
        const QueryScope::Source *source =
                qualifier.isEmpty() ? nullptr : scope.find(qualifier, block);
        const SchemaNames::Table *table =
                !source || source->derived ? nullptr : names.findTable(source->table);
        if (!table || table->primaryKey.size() != 1
            || !sameName(table->primaryKey.constFirst(), column))
            return nullptr;
        return table;
    };
    // Whether the foreign key on column of from references to's whole one-column key.
    const auto keyOnto = [&](const SchemaNames::Table *from, const QString &column,
                             const SchemaNames::Table *to) {
        return std::any_of(from->foreignKeys.cbegin(), from->foreignKeys.cend(),
                           [&](const SchemaNames::ForeignKey &key) {
                               return sameName(key.columns.value(0), column)
                                       && names.referencedByWholeKey(key) == to;
                           });
    };
    for (const QueryScope::Equality &equality : scope.equalities) {
        const SchemaNames::Table *left =
                ownKey(equality.leftQualifier, equality.leftColumn, equality.block);
        const SchemaNames::Table *right =
                ownKey(equality.rightQualifier, equality.rightColumn, equality.block);
        if (!left || !right || left == right)
            continue;
        // A foreign key links the two tables, and not on these columns.
        if (!names.refersTo(*left, *right) && !names.refersTo(*right, *left))
            continue;
        // Both columns are their tables' whole keys: a key onto the other's whole key is this pair.
        if (keyOnto(left, equality.leftColumn, right) || keyOnto(right, equality.rightColumn, left))
            continue;
        return u"%1.%2 = %3.%4"_s.arg(left->name, left->realColumn(equality.leftColumn),
                                      right->name, right->realColumn(equality.rightColumn));
    }
    return {};
}

bool AnswerCheck::alwaysTrue(QStringView sql, Engine engine)
{
    return alwaysTrue(read(sql, engine));
}

bool AnswerCheck::alwaysTrue(const StatementReading &statement)
{
    if (!statement.d)
        return false;
    const QList<SqlToken> &tokens = statement.d->tokens;
    const TokenAt at{tokens, statement.d->sql};
    // A column (qualified or not) compared with a number: <, <= bound it from above, >, >= from
    // below.
    struct Bound
    {
        QString column;
        bool above = false;
        bool inclusive = false;
        double value = 0;
        qsizetype end = -1; // the token after the number
    };
    const auto bound = [&](qsizetype i) -> std::optional<Bound> {
        if (!at.name(i) || tokens.at(i).isSqlKeyword())
            return std::nullopt;
        Bound result;
        result.column = tokens.at(i).name.toLower();
        qsizetype next = i + 1;
        if (at.kind(next, SqlTokenKind::Dot) && at.name(next + 1)) {
            result.column += u'.' + tokens.at(next + 1).name.toLower();
            next += 2;
        }
        if (!at.kind(next, SqlTokenKind::Operator) || !at.kind(next + 1, SqlTokenKind::Number))
            return std::nullopt;
        const QStringView op = tokens.at(next).text(at.sql);
        if (op == u"<" || op == u"<=")
            result.above = true;
        else if (op != u">" && op != u">=")
            return std::nullopt;
        result.inclusive = op.size() == 2;
        bool number = false;
        result.value = tokens.at(next + 1).text(at.sql).toDouble(&number);
        if (!number) // a hexadecimal or another spelling toDouble does not read
            return std::nullopt;
        result.end = next + 2;
        return result;
    };
    static const QStringList clauseEnds = {
            u"GROUP"_s,  u"ORDER"_s,  u"LIMIT"_s,  u"HAVING"_s, u"UNION"_s, u"INTERSECT"_s,
            u"EXCEPT"_s, u"WINDOW"_s, u"OFFSET"_s, u"FETCH"_s,  u"WHERE"_s, u"JOIN"_s,
            u"INNER"_s,  u"LEFT"_s,   u"RIGHT"_s,  u"FULL"_s,   u"CROSS"_s, u"NATURAL"_s};
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const bool inParens = at.kind(i - 1, SqlTokenKind::OpenParen);
        if (!inParens && !at.word(i - 1, u"WHERE") && !at.word(i - 1, u"ON")
            && !at.word(i - 1, u"HAVING"))
            continue;
        const std::optional<Bound> first = bound(i);
        if (!first || !at.word(first->end, u"OR"))
            continue;
        const std::optional<Bound> second = bound(first->end + 1);
        if (!second || second->column != first->column || second->above == first->above)
            continue;
        // Nothing joins the two to a longer condition.
        const qsizetype end = second->end;
        const bool closed = inParens ? at.kind(end, SqlTokenKind::CloseParen)
                                     : end >= tokens.size() || at.kind(end, SqlTokenKind::Semicolon)
                        || at.kind(end, SqlTokenKind::CloseParen)
                        || std::any_of(clauseEnds.cbegin(), clauseEnds.cend(),
                                       [&](const QString &word) { return at.word(end, word); });
        if (!closed)
            continue;
        const Bound &upper = first->above ? *first : *second;
        const Bound &lower = first->above ? *second : *first;
        if (lower.value < upper.value
            || (lower.value == upper.value && (lower.inclusive || upper.inclusive)))
            return true;
    }
    return false;
}

bool AnswerCheck::chainedComparison(QStringView sql, Engine engine)
{
    return chainedComparison(read(sql, engine));
}

bool AnswerCheck::chainedComparison(const StatementReading &statement)
{
    if (!statement.d)
        return false;
    const QList<SqlToken> &tokens = statement.d->tokens;
    const TokenAt at{tokens, statement.d->sql};
    const auto comparison = [&](qsizetype i) {
        return at.kind(i, SqlTokenKind::Operator)
                && isComparisonOperator(tokens.at(i).text(at.sql));
    };
    // The token after the parenthesis that closes the one at i, or -1.
    const auto afterClose = [&](qsizetype i) -> qsizetype {
        const qsizetype close = closingParen(tokens, i);
        return close < 0 ? -1 : close + 1;
    };
    // The token after one operand that starts at i, or -1: a value, a name (qualified or not),
    // a call, or an expression in parentheses.
    const auto afterOperand = [&](qsizetype i) -> qsizetype {
        if (at.kind(i, SqlTokenKind::OpenParen))
            return afterClose(i);
        if (at.kind(i, SqlTokenKind::String) || at.kind(i, SqlTokenKind::Number)
            || at.kind(i, SqlTokenKind::Parameter))
            return i + 1;
        if (!at.name(i)
            || (at.kind(i, SqlTokenKind::Word) && tokens.at(i).isSqlKeyword()
                && !at.word(i, u"NULL")))
            return -1;
        qsizetype next = i + 1;
        while (at.kind(next, SqlTokenKind::Dot) && at.name(next + 1))
            next += 2;
        if (at.kind(next, SqlTokenKind::OpenParen)) // a call
            return at.kind(i, SqlTokenKind::Word) ? afterClose(next) : -1;
        return next;
    };
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (!comparison(i))
            continue;
        const qsizetype next = afterOperand(i + 1);
        if (next > 0 && (at.word(next, u"IS") || comparison(next)))
            return true;
    }
    return false;
}

QString AnswerCheck::crossJoin(QStringView sql, Engine engine)
{
    return crossJoin(read(sql, engine));
}

QString AnswerCheck::crossJoin(const StatementReading &statement)
{
    if (!statement.d)
        return {};
    const QueryScope &scope = statement.d->scope;
    const QList<SqlToken> &tokens = scope.tokens;
    const TokenAt at{tokens, statement.d->sql};
    // The blocks not read, in one pass each over the tokens and the references: one with an OR,
    // or with a bare column.
    QList<bool> unread(scope.parentOf.size(), false);
    const auto mark = [&unread](int block) {
        if (block >= 0 && block < unread.size())
            unread[block] = true;
    };
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (at.word(i, u"OR"))
            mark(scope.blockOf.value(i, -1));
    }
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.qualifier.isEmpty() && !scope.isOutputAlias(reference.column))
            mark(reference.block);
    }
    for (const QueryScope::Source &source : scope.sources) {
        const qsizetype before = source.token - 1;
        const bool listed = at.kind(before, SqlTokenKind::Comma)
                || (at.word(before, u"JOIN") && at.word(before - 1, u"CROSS"));
        if (source.derived || !listed || source.block < 0 || source.block >= unread.size()
            || unread.at(source.block))
            continue;
        const bool joined = std::any_of(
                scope.equalities.cbegin(), scope.equalities.cend(),
                [&](const QueryScope::Equality &equality) {
                    if (equality.block != source.block)
                        return false;
                    const QueryScope::Source *left =
                            scope.find(equality.leftQualifier, source.block);
                    const QueryScope::Source *right =
                            scope.find(equality.rightQualifier, source.block);
                    return left && right && left != right && (left == &source || right == &source);
                });
        if (!joined)
            return source.table;
    }
    return {};
}

QString AnswerCheck::oneRowGroups(QStringView sql, Engine engine, const SchemaNames &names)
{
    return oneRowGroups(read(sql, engine), names);
}

QString AnswerCheck::oneRowGroups(const StatementReading &statement, const SchemaNames &names)
{
    if (names.tables.isEmpty() || !statement.d)
        return {};
    const QueryScope &scope = statement.d->scope;
    const QList<SqlToken> &tokens = statement.d->tokens;
    for (qsizetype group = 0; group + 1 < tokens.size(); ++group) {
        if (!tokens.at(group).isWord(u"GROUP") || !tokens.at(group + 1).isWord(u"BY"))
            continue;
        const int block = scope.blockOf.at(group);
        const int depth = scope.depthOf.at(group);
        const QueryScope::Source *only = nullptr;
        int sources = 0;
        for (const QueryScope::Source &source : scope.sources) {
            if (source.block == block) {
                ++sources;
                only = &source;
            }
        }
        const SchemaNames::Table *table =
                sources == 1 && !only->derived ? names.findTable(only->table) : nullptr;
        if (!table || table->primaryKey.isEmpty())
            continue;
        qsizetype end = group + 2;
        while (end < tokens.size() && scope.depthOf.at(end) >= depth
               && !(scope.depthOf.at(end) == depth && QueryScope::endsFromClause(tokens, end)))
            ++end;
        QStringList grouped;
        for (const QueryScope::Reference &reference : scope.references) {
            if (reference.block == block && reference.token > group && reference.token < end
                && (reference.qualifier.isEmpty() || scope.find(reference.qualifier, block) == only)
                && table->hasColumn(reference.column))
                grouped.append(table->realColumn(reference.column));
        }
        const bool byKey = std::all_of(
                table->primaryKey.cbegin(), table->primaryKey.cend(), [&](const QString &key) {
                    return grouped.contains(table->realColumn(key), Qt::CaseInsensitive);
                });
        if (!byKey)
            continue;
        if (scope.aggregates(block))
            return table->name;
    }
    return {};
}

QList<AnswerProbe> AnswerCheck::valueProbes(const StatementReading &statement,
                                            const SchemaNames &names)
{
    QList<AnswerProbe> probes;
    if (names.tables.isEmpty() || !statement.d)
        return probes;
    const QueryScope &scope = statement.d->scope;
    const QList<SqlToken> &tokens = statement.d->tokens;
    const QString &sql = statement.d->sql;
    const SqlEngine &engine = EngineRegistry::forEngine(statement.d->engine);
    const bool untypedText = engine.doubleQuotedNameMayBeString(); // SQLite: any column may
    const TokenAt at{tokens, sql};
    // The reference whose column token is i, or null.
    const auto referenceAt = [&](qsizetype i) -> const QueryScope::Reference * {
        for (const QueryScope::Reference &reference : scope.references) {
            if (reference.token == i)
                return &reference;
        }
        return nullptr;
    };
    // The table a reference belongs to: its qualifier's, else the first table of its own block,
    // then of the blocks around it, that has the column. Null where a derived table could have it.
    const auto tableOf = [&](const QueryScope::Reference &reference) -> const SchemaNames::Table * {
        for (const QueryScope::Source *source : candidateSources(scope, reference)) {
            if (source->derived)
                return nullptr;
            const SchemaNames::Table *table = names.findTable(source->table);
            if (table && table->hasColumn(reference.column))
                return table;
        }
        return nullptr;
    };
    // The value token i holds as a string literal of the engine, or empty: a string, or on
    // SQLite a double-quoted word no table of the block has as a column.
    const auto valueAt = [&](qsizetype i, int block) -> QString {
        if (at.kind(i, SqlTokenKind::String)) {
            const QStringView text = tokens.at(i).text(sql);
            return text.startsWith(u'\'') && text.endsWith(u'\'') && text.size() >= 2
                    ? text.toString()
                    : QString();
        }
        if (!untypedText || !at.kind(i, SqlTokenKind::QuotedIdentifier))
            return {};
        const QStringView text = tokens.at(i).text(sql);
        if (text.size() < 2 || !text.startsWith(u'"') || !text.endsWith(u'"'))
            return {};
        QString word = text.sliced(1, text.size() - 2).toString();
        word.replace(u"\"\""_s, u"\""_s);
        for (const QueryScope::Source *source : scope.visible(block)) {
            const SchemaNames::Table *table =
                    source->derived ? nullptr : names.findTable(source->table);
            if (source->derived || !table || table->hasColumn(word))
                return {};
        }
        word.replace(u"'"_s, u"''"_s);
        return u'\'' + word + u'\'';
    };
    // Whether token i ends an operand: nothing after it continues the expression.
    const auto endsOperand = [&](qsizetype i) {
        return !at.kind(i + 1, SqlTokenKind::Operator) && !at.kind(i + 1, SqlTokenKind::Dot)
                && !at.kind(i + 1, SqlTokenKind::OpenParen) && !at.word(i + 1, u"COLLATE");
    };
    const auto startsOperand = [&](qsizetype i) {
        return !at.kind(i - 1, SqlTokenKind::Operator) && !at.kind(i - 1, SqlTokenKind::Dot);
    };
    QSet<QString> seen;
    for (qsizetype i = 1; i + 1 < tokens.size(); ++i) {
        if (!(at.op(i, u"=") || at.op(i, u"==")))
            continue;
        // column = value, or value = column
        const QueryScope::Reference *reference = nullptr;
        QString value;
        if (const QueryScope::Reference *left = referenceAt(i - 1); left && endsOperand(i + 1)) {
            const qsizetype first = i - 1 - (left->qualifier.isEmpty() ? 0 : 2);
            if (startsOperand(first)) {
                value = valueAt(i + 1, left->block);
                reference = value.isEmpty() ? nullptr : left;
            }
        }
        if (!reference && startsOperand(i - 1)) {
            qsizetype last = i + 1;
            if (at.kind(i + 2, SqlTokenKind::Dot) && at.name(i + 3))
                last = i + 3;
            const QueryScope::Reference *right = referenceAt(last);
            if (right && endsOperand(last)) {
                value = valueAt(i - 1, right->block);
                reference = value.isEmpty() ? nullptr : right;
            }
        }
        const SchemaNames::Table *table = reference ? tableOf(*reference) : nullptr;
        if (!table)
            continue;
        const QString type = table->columnType(reference->column).toLower();
        // A text type, not a collection of texts (text[], Array(String), Map(String, ...)).
        const bool collection = type.contains(u'[') || type.contains(u"array")
                || type.contains(u"map(") || type.contains(u"tuple(");
        const bool text = type.contains(u"char") || type.contains(u"text") || type.contains(u"clob")
                || type.contains(u"string") || (untypedText && type.isEmpty());
        if (!text || collection)
            continue;
        const QString column = engine.quoteIdentifier(table->realColumn(reference->column));
        const QString from = u"SELECT DISTINCT 1 FROM "_s
                + (table->schema.isEmpty() ? QString()
                                           : engine.quoteIdentifier(table->schema) + u'.')
                + engine.quoteIdentifier(table->name);
        const QString filtered = from + u" WHERE LOWER("_s + engine.trimmed(column)
                + u") = LOWER("_s + engine.trimmed(value) + u')';
        if (seen.contains(filtered))
            continue;
        seen.insert(filtered);
        probes.append({AnswerDoubt::AbsentValue, from, filtered, false, {}});
    }
    return probes;
}

bool AnswerCheck::repeatsFilter(QStringView sql, Engine engine)
{
    return repeatsFilter(read(sql, engine));
}

bool AnswerCheck::repeatsFilter(const StatementReading &statement)
{
    if (!statement.d)
        return false;
    const std::optional<FilterShape> &shape = statement.d->shape;
    if (shape && !shape->pinned.isEmpty() && !shape->items.isEmpty()
        && std::all_of(shape->items.cbegin(), shape->items.cend(),
                       [&](const std::optional<NamedColumn> &item) {
                           return item && FilterShape::holds(shape->pinned, *item);
                       }))
        return true;
    // The same of the groups: every item an aggregate its HAVING sets equal to a value.
    const TokenAt at{statement.d->tokens, statement.d->sql};
    const std::optional<HavingReading> having = readHaving(at, statement.d->outer);
    if (!having)
        return false;
    const QList<SelectItem> &items = having->items;
    QList<bool> pinned(items.size(), false);
    for (const HavingKey &key : having->keys) {
        const qsizetype shown =
                key.setEqual ? SelectList::itemNamedBy(at.tokens, at.sql, items, key.key) : -1;
        if (shown >= 0
            && !aggregateCalls(at, items.at(shown).first, items.at(shown).last).isEmpty())
            pinned[shown] = true;
    }
    return !items.isEmpty() && !pinned.contains(false);
}

bool AnswerCheck::showsFilter(QStringView sql, Engine engine)
{
    return showsFilter(read(sql, engine));
}

bool AnswerCheck::showsFilter(const StatementReading &statement)
{
    if (!statement.d)
        return false;
    const std::optional<FilterShape> &shape = statement.d->shape;
    if (!shape || shape->items.size() < 2)
        return false;
    return std::any_of(shape->items.cbegin(), shape->items.cend(),
                       [&](const std::optional<NamedColumn> &item) {
                           return item && FilterShape::holds(shape->fixed, *item);
                       });
}

bool AnswerCheck::arbitraryRow(QStringView sql, Engine engine)
{
    return arbitraryRow(read(sql, engine));
}

bool AnswerCheck::arbitraryRow(const StatementReading &statement)
{
    if (!statement.d)
        return false;
    const QList<SqlToken> &tokens = statement.d->tokens;
    const TokenAt at{tokens, statement.d->sql};
    // Grouped, compound or windowed, the rows are not all read into one.
    const OuterClauses &outer = statement.d->outer;
    if (!outer.select || !outer.balanced || outer.compound || outer.grouped || outer.windowed)
        return false;
    // The select list ends at FROM, or with the statement.
    const qsizetype from = outer.from >= 0 ? outer.from : tokens.size();

    QStringList aggregates; // the outer query's aggregate calls, by name
    bool plainColumn = false;
    const auto named = [&](qsizetype i) { return at.name(i) && !tokens.at(i).isSqlKeyword(); };
    const auto star = [&](qsizetype i) { return at.op(i, u"*"); };
    for (const SelectItem &item : SelectList::items(tokens, 0, from)) {
        // A column, qualifier.column or *.
        const qsizetype size = item.last - item.first;
        if ((size == 1 && (named(item.first) || star(item.first)))
            || (size == 3 && named(item.first) && at.kind(item.first + 1, SqlTokenKind::Dot)
                && (named(item.first + 2) || star(item.first + 2))))
            plainColumn = true;
        aggregates += aggregateCalls(at, item.first, item.end);
    }
    if (aggregates.isEmpty() || !plainColumn)
        return false;
    return !extremeRowDecides(statement.d->engine, aggregates);
}

bool AnswerCheck::showsRanking(QStringView sql, Engine engine)
{
    return showsRanking(read(sql, engine));
}

bool AnswerCheck::showsRanking(const StatementReading &statement)
{
    if (!statement.d)
        return false;
    const QList<SqlToken> &tokens = statement.d->tokens;
    const QStringView sql = statement.d->sql;
    const TokenAt at{tokens, sql};
    // The outer level's FROM and ORDER BY keys, where a LIMIT or FETCH keeps the first row
    // alone; a compound statement's ORDER BY sorts the rows of all its parts.
    const OuterClauses &outer = statement.d->outer;
    if (!outer.select || !outer.balanced || outer.compound || outer.from < 0 || outer.keys < 0)
        return false;
    if (!keepsOneRow(at, outer.limit) && !keepsOneRow(at, outer.fetch))
        return false;
    const qsizetype from = outer.from;
    const qsizetype keys = outer.keys;
    const qsizetype keysEnd = outer.keysEnd;

    const QList<SelectItem> items = SelectList::items(tokens, 0, from);
    if (items.size() < 2)
        return false;
    for (const OrderKey &key : SelectList::orderKeys(tokens, keys, keysEnd)) {
        if (showsAggregateBeside(at, items, key))
            return true;
        // A value without an aggregate (MPG beside the model with the most): any other item is
        // the row it picks.
        const qsizetype shown = SelectList::itemNamedBy(tokens, sql, items, key);
        if (shown >= 0 && aggregateCalls(at, items.at(shown).first, items.at(shown).last).isEmpty())
            return true;
    }
    return false;
}

bool AnswerCheck::showsHaving(QStringView sql, Engine engine)
{
    return showsHaving(read(sql, engine));
}

bool AnswerCheck::showsHaving(const StatementReading &statement)
{
    if (!statement.d)
        return false;
    const TokenAt at{statement.d->tokens, statement.d->sql};
    const std::optional<HavingReading> having = readHaving(at, statement.d->outer);
    if (!having || having->items.size() < 2)
        return false;
    return std::any_of(having->keys.cbegin(), having->keys.cend(), [&](const HavingKey &key) {
        return showsAggregateBeside(at, having->items, key.key);
    });
}

QString AnswerCheck::negatedJoin(QStringView sql, Engine engine, const SchemaNames &names)
{
    return negatedJoin(read(sql, engine), names);
}

QString AnswerCheck::negatedJoin(const StatementReading &statement, const SchemaNames &names)
{
    if (!statement.d)
        return {};
    const std::optional<FilterShape> &shape = statement.d->shape;
    if (!shape || shape->negated.isEmpty() || shape->items.isEmpty())
        return {};
    const QueryScope &scope = statement.d->scope;
    // The outermost FROM's sources with the schema's table of each (null where it knows none).
    QList<std::pair<const QueryScope::Source *, const SchemaNames::Table *>> outer;
    QList<const SchemaNames::Table *> joined;
    bool keysKnown = false;
    for (const QueryScope::Source &source : scope.sources) {
        if (source.block != 0)
            continue;
        if (source.derived)
            return {}; // a derived table's columns are not known
        const SchemaNames::Table *table = names.findTable(source.table);
        outer.append({&source, table});
        if (table) {
            joined.append(table);
            keysKnown = keysKnown || !table->foreignKeys.isEmpty();
        }
    }
    if (outer.size() < 2 || !keysKnown)
        return {};
    // The table a column names: its qualifier's, else the one outer table that has it.
    const auto tableOf = [&](const NamedColumn &column) -> const SchemaNames::Table * {
        const SchemaNames::Table *found = nullptr;
        for (const auto &[source, table] : std::as_const(outer)) {
            if (!column.qualifier.isEmpty()
                && source->alias.compare(column.qualifier, Qt::CaseInsensitive) != 0)
                continue;
            if (!table || !table->hasColumn(column.name))
                continue;
            if (found && found != table)
                return nullptr; // ambiguous
            found = table;
        }
        return found;
    };
    // The tables reached from one by following foreign keys to the tables they refer to, among
    // the joined ones: each row of the first has at most one row of each of them.
    const auto oneSide = [&](const SchemaNames::Table *from) {
        QList<const SchemaNames::Table *> reached{from};
        for (qsizetype i = 0; i < reached.size(); ++i) {
            for (const SchemaNames::ForeignKey &key : reached.at(i)->foreignKeys) {
                const SchemaNames::Table *to = names.findTable(key.referencedTable);
                if (to && joined.contains(to) && !reached.contains(to))
                    reached.append(to);
            }
        }
        return reached;
    };
    QList<const SchemaNames::Table *> returned;
    for (const std::optional<NamedColumn> &item : shape->items) {
        const SchemaNames::Table *table = item ? tableOf(*item) : nullptr;
        if (!table)
            return {};
        if (!returned.contains(table))
            returned.append(table);
    }
    for (const NamedColumn &column : shape->negated) {
        const SchemaNames::Table *negated = tableOf(column);
        // Rows that return the excluded table's own columns are its rows: each is judged alone.
        if (!negated || returned.contains(negated))
            continue;
        for (const SchemaNames::Table *table : std::as_const(returned)) {
            if (!oneSide(table).contains(negated))
                return negated->name + u'.' + negated->realColumn(column.name);
        }
    }
    return {};
}

bool AnswerCheck::onlyNulls(const QList<QVariantList> &rows)
{
    if (rows.size() != 1 || rows.constFirst().isEmpty())
        return false;
    const QVariantList &row = rows.constFirst();
    return std::all_of(row.cbegin(), row.cend(),
                       [](const QVariant &value) { return value.isNull(); });
}

bool AnswerCheck::hasDuplicateRows(const QList<QVariantList> &rows)
{
    QSet<QByteArray> seen;
    seen.reserve(rows.size());
    for (const QByteArray &key : rowKeys(rows)) {
        if (seen.contains(key))
            return true;
        seen.insert(key);
    }
    return false;
}

bool AnswerCheck::sameRows(const QList<QVariantList> &a, const QList<QVariantList> &b, bool ordered)
{
    if (a.size() != b.size())
        return false;
    QList<QByteArray> left = rowKeys(a);
    QList<QByteArray> right = rowKeys(b);
    if (!ordered) {
        std::sort(left.begin(), left.end());
        std::sort(right.begin(), right.end());
    }
    return left == right;
}

const char *AnswerCheck::summary(AnswerDoubt doubt)
{
    switch (doubt) {
    case AnswerDoubt::None:
    case AnswerDoubt::TooManyRows:
    case AnswerDoubt::Unverified:
        return nullptr;
    case AnswerDoubt::NoRows:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck", "no rows");
    case AnswerDoubt::NullsOnly:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck", "one row of NULLs");
    case AnswerDoubt::DuplicateRows:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck", "repeated rows");
    case AnswerDoubt::OrderTie:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck", "a tie on the ORDER BY");
    case AnswerDoubt::PatternReading:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a LIKE pattern that keeps other values");
    case AnswerDoubt::ExtremeTie:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck", "rows tied at a maximum or minimum");
    case AnswerDoubt::ExtremeOfKey:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "the maximum or minimum of a key column, or the first row by "
                                 "one");
    case AnswerDoubt::RepeatsFilter:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "columns its WHERE sets equal to a value");
    case AnswerDoubt::ShowsFilter:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a column whose value its WHERE gives shown next to others");
    case AnswerDoubt::NegatedJoin:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a value excluded on the many side of a join");
    case AnswerDoubt::ArbitraryRow:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a column beside an aggregate taken from any one row");
    case AnswerDoubt::ShowsRanking:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "the value an ORDER BY ... LIMIT 1 ranks by, shown next to "
                                 "the row it picks");
    case AnswerDoubt::OuterColumn:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a subquery's column read from the query around it");
    case AnswerDoubt::AlwaysTrue:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "an OR of two ranges of one column that hold every value");
    case AnswerDoubt::KeyToKey:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "two tables joined key to key where a foreign key links them");
    case AnswerDoubt::ChainedComparison:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a comparison whose truth is compared again");
    case AnswerDoubt::CrossJoin:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a table that no condition joins to the others");
    case AnswerDoubt::UngroupedColumn:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a column the GROUP BY leaves out, taken from any row of a group");
    case AnswerDoubt::OneRowGroups:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "groups of one row each, by a table's primary key");
    case AnswerDoubt::AbsentValue:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "a value no row of the compared column holds");
    case AnswerDoubt::ShowsHaving:
        return QT_TRANSLATE_NOOP("sqlmend::core::AnswerCheck",
                                 "the aggregate a HAVING keeps groups by, shown next to them");
    }
    return nullptr;
}

QStringList AnswerCheck::summaries()
{
    QStringList result;
    for (int doubt = int(AnswerDoubt::None); doubt <= int(AnswerDoubt::Unverified); ++doubt) {
        if (const char *text = summary(AnswerDoubt(doubt)))
            result.append(tr(text));
    }
    return result;
}

QString AnswerCheck::reason(AnswerDoubt doubt)
{
    switch (doubt) {
    case AnswerDoubt::None:
        return {};
    case AnswerDoubt::NoRows:
        return tr("The repaired statement returned no rows.");
    case AnswerDoubt::NullsOnly:
        return tr("The repaired statement returned one row whose every value is NULL: what an "
                  "aggregate gives when no row matched its filters.");
    case AnswerDoubt::DuplicateRows:
        return tr("The repaired statement returned the same row more than once.");
    case AnswerDoubt::OrderTie:
        return tr("Rows of the repaired statement tie on its ORDER BY: which of them come first, "
                  "or are kept by its LIMIT, is arbitrary.");
    case AnswerDoubt::PatternReading:
        return tr("A LIKE pattern of the repaired statement keeps other rows than the value it "
                  "wraps in % would.");
    case AnswerDoubt::ExtremeTie:
        return tr("The repaired statement keeps the rows equal to a maximum or minimum, and more "
                  "than one row shares it: whether the question asks for all of them or for one "
                  "is open.");
    case AnswerDoubt::ExtremeOfKey:
        return tr("The repaired statement takes the maximum or minimum of a key column, or keeps "
                  "the first row ordered by one. Keys name rows and measure nothing: the highest "
                  "or lowest key is rarely what a question asks for.");
    case AnswerDoubt::RepeatsFilter:
        return tr("Every column the repaired statement returns is one its WHERE clause sets equal "
                  "to a value: its rows only repeat the value it compares with.");
    case AnswerDoubt::ShowsFilter:
        return tr("The repaired statement returns, next to other columns, a column its WHERE "
                  "clause sets equal to a value or matches with a pattern: the question gives "
                  "that column's value, and whether it also asks to see the column is open.");
    case AnswerDoubt::NegatedJoin:
        return tr("The repaired statement's WHERE clause excludes a value of a joined table that "
                  "has several rows for each row it returns: a row that also has joined rows with "
                  "that value still comes back.");
    case AnswerDoubt::ArbitraryRow:
        return tr("The repaired statement returns a column beside an aggregate without GROUP BY: "
                  "its one row stands for every row the aggregate reads, and the column's value "
                  "comes from any one of them.");
    case AnswerDoubt::ShowsRanking:
        return tr("The repaired statement keeps the row with the most or the fewest of a value "
                  "(ORDER BY ... LIMIT 1) and returns that value next to it: the question asks "
                  "which row, and whether it also asks for the measure is open.");
    case AnswerDoubt::OuterColumn:
        return tr("A subquery of the repaired statement names a column that none of its own "
                  "tables has, so it reads the value of the query around it: the subquery "
                  "compares each row with itself.");
    case AnswerDoubt::AlwaysTrue:
        return tr("A condition of the repaired statement joins two ranges of one column with OR, "
                  "and together they hold every value (x < 40000 OR x > 3000): it keeps every "
                  "row, where the question asks for the rows in one range.");
    case AnswerDoubt::KeyToKey:
        return tr("The repaired statement joins two tables by setting their primary keys equal, "
                  "where a foreign key of the schema links them on another column: it pairs "
                  "rows whose ids happen to be equal.");
    case AnswerDoubt::ChainedComparison:
        return tr("The repaired statement compares the truth of a comparison again (a = 'x' IS "
                  "NULL reads as (a = 'x') IS NULL): a test a question seldom asks for.");
    case AnswerDoubt::CrossJoin:
        return tr("The repaired statement lists a table that no condition joins to the others: "
                  "each of its rows pairs with every row of theirs.");
    case AnswerDoubt::UngroupedColumn:
        return tr("The repaired statement returns a column its GROUP BY leaves out, and the rows "
                  "of a group differ in it: each group shows the value of any one of its rows.");
    case AnswerDoubt::OneRowGroups:
        return tr("The repaired statement reads one table and groups it by its primary key, so "
                  "each group is one row: a count per group is 1, and any other aggregate is the "
                  "row's own value.");
    case AnswerDoubt::AbsentValue:
        return tr("The repaired statement sets a column equal to a value that none of the "
                  "column's rows holds, in any letter case, with or without spaces around it: it "
                  "answers about something the data does not have.");
    case AnswerDoubt::ShowsHaving:
        return tr("The repaired statement keeps the groups whose aggregate meets its HAVING "
                  "condition and returns that aggregate next to them: the question asks which "
                  "groups, and whether it also asks for the measure is open.");
    case AnswerDoubt::TooManyRows:
        return tr("The repaired statement returns more than %L1 rows, more than its checks hold.")
                .arg(MaxCheckedRows);
    case AnswerDoubt::Unverified:
        return tr("The checks of the repaired statement's result could not run.");
    }
    return {};
}

QString AnswerCheck::advice(AnswerDoubt doubt)
{
    switch (doubt) {
    case AnswerDoubt::None:
        return {};
    case AnswerDoubt::NoRows:
    case AnswerDoubt::NullsOnly:
        return tr("Check the filters and literal values: the spelling and letter case of strings, "
                  "date formats and ranges, and join conditions.");
    case AnswerDoubt::DuplicateRows:
        return tr("A join repeats rows: join on the full key, or use DISTINCT where the question "
                  "asks for distinct values.");
    case AnswerDoubt::OrderTie:
        return tr("Order by columns that decide between the tied rows, or return every row "
                  "that ties instead of cutting with LIMIT.");
    case AnswerDoubt::PatternReading:
        return tr("If the question names a value, compare with = (and the value's exact "
                  "spelling); keep LIKE '%...%' for a question that asks for a part of a text.");
    case AnswerDoubt::ExtremeTie:
        return tr("If the question asks for one row, order by the measure and a column that "
                  "decides between tied rows, with LIMIT 1; if it asks for every row at the "
                  "maximum or minimum, say so by keeping the comparison.");
    case AnswerDoubt::ExtremeOfKey:
        return tr("If the question asks for the row with the most or fewest of something, count "
                  "or sum it per row, order by that and keep the first; if it asks for the "
                  "largest or smallest value, take MAX or MIN of the column that holds the value.");
    case AnswerDoubt::RepeatsFilter:
        return tr("Return the columns the question asks about for the rows the condition keeps, "
                  "not the column the condition already fixes; for the row with the largest or "
                  "smallest value, order by that column and keep the first.");
    case AnswerDoubt::ShowsFilter:
        return tr("Return only the columns the question asks for. A column whose value a "
                  "condition gives belongs in the result only when the question asks to see it.");
    case AnswerDoubt::NegatedJoin:
        return tr("If the question asks for the rows that have no joined row with the value, "
                  "exclude them with NOT IN (SELECT ...) or EXCEPT instead of comparing each "
                  "joined row.");
    case AnswerDoubt::ArbitraryRow:
        return tr("For the row with the largest or smallest value, order by that column and keep "
                  "the first with LIMIT 1; for a value per group, GROUP BY the column shown.");
    case AnswerDoubt::ShowsRanking:
        return tr("Return only the columns the question asks for: the value the row is picked "
                  "by belongs in the result only when the question asks for it too (how many, "
                  "how much).");
    case AnswerDoubt::OuterColumn:
        return tr("Name the subquery's columns from its own tables, joining the table that holds "
                  "the column inside the subquery; where it should read the outer row, qualify "
                  "the column with the outer table's alias.");
    case AnswerDoubt::AlwaysTrue:
        return tr("For the values between two bounds, join the comparisons with AND or write "
                  "BETWEEN; for the values outside them, check which bound is which.");
    case AnswerDoubt::KeyToKey:
        return tr("Join the tables on the foreign key the schema declares between them: its "
                  "column on one side, the key it references on the other.");
    case AnswerDoubt::ChainedComparison:
        return tr("Write each condition on its own, joined with AND or OR; for the rows that have "
                  "no matching row, use NOT EXISTS or NOT IN.");
    case AnswerDoubt::CrossJoin:
        return tr("Join every table on the key that links it to another (JOIN ... ON), or leave "
                  "out the table the question does not need.");
    case AnswerDoubt::UngroupedColumn:
        return tr("Group by the column too, return only what is grouped (and the columns of the "
                  "row a grouped key names), or take an aggregate of the column.");
    case AnswerDoubt::OneRowGroups:
        return tr("Group by the column the rows share (the key of the table they belong to, "
                  "such as a foreign key), not by the key that tells each row apart; join the "
                  "table whose rows are counted where the groups are another table's rows.");
    case AnswerDoubt::AbsentValue:
        return tr("Compare with the value as the column stores it (look the column's values up "
                  "with SELECT DISTINCT), or with the column that holds what the question names, "
                  "such as a name where the value is a name and a code where it is a code.");
    case AnswerDoubt::ShowsHaving:
        return tr("Return only the columns the question asks for: the aggregate the HAVING "
                  "condition keeps the groups by belongs in the result only when the question "
                  "asks for it too (how many, how much).");
    case AnswerDoubt::TooManyRows:
        return tr("Write the statement again so that it returns only the rows the question asks "
                  "for.");
    case AnswerDoubt::Unverified:
        return tr("Write the statement again without the construct the checks could not run.");
    }
    return {};
}

void AnswerCheck::addTo(QJsonObject &object, AnswerDoubt doubt)
{
    if (doubt == AnswerDoubt::None)
        return;
    object.insert(u"doubt", answerDoubtName(doubt));
    object.insert(u"doubt_reason", reason(doubt));
    object.insert(u"doubt_advice", advice(doubt));
}

} // namespace sqlmend::core
