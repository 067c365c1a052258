#pragma once

#include "core/engines/engine.h"
#include "core/sql/sqltokenizer.h"

#include <QList>
#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

// One item of a select list, as token indexes: [first, last) its expression, then its alias
// (AS alias, or a bare name after a column or qualifier.column) up to end, the comma after it or
// the list's end.
struct SelectItem
{
    qsizetype first = 0;
    qsizetype last = 0;
    qsizetype end = 0;
};

// One key of an ORDER BY, as token indexes: [first, last) its expression without its direction,
// NULLS FIRST | LAST and COLLATE name, then up to end, the comma after it or the keys' end.
struct OrderKey
{
    qsizetype first = 0;
    qsizetype last = 0;
    qsizetype end = 0;
};

// What the outermost SELECT of a statement selects, read with the tokenizer (no parser): enough
// to name the columns an engine complains about without naming them (SQLite's "misuse of
// aggregate: count()").
class SelectList
{
public:
    // The items of the list after the SELECT at token select, up to listEnd (its FROM, or the
    // statement's end), split at the commas outside parentheses; DISTINCT or ALL before the first
    // is passed over. tokens: without comments.
    static QList<SelectItem> items(const QList<SqlToken> &tokens, qsizetype select,
                                   qsizetype listEnd);
    // Tokens [first, last) are one column reference: name or qualifier.name.
    static bool isColumnReference(const QList<SqlToken> &tokens, qsizetype first, qsizetype last);
    // The keys of an ORDER BY from token keys (the first after BY) up to keysEnd, split at the
    // commas outside parentheses.
    static QList<OrderKey> orderKeys(const QList<SqlToken> &tokens, qsizetype keys,
                                     qsizetype keysEnd);
    // The index in items of the item the key names: the same expression (tokens compared in any
    // letter case), the item's alias, or its place (1 for the first); -1 where it names none.
    static qsizetype itemNamedBy(const QList<SqlToken> &tokens, QStringView sql,
                                 const QList<SelectItem> &items, const OrderKey &key);
    // The plain column references (bare or qualified, as written) of the outermost SELECT list
    // that are neither inside an aggregate call nor in that SELECT's GROUP BY. Empty when the
    // statement has no such SELECT or cannot be read.
    static QStringList ungroupedColumns(QStringView sql, Engine engine);
    // The items of the outermost SELECT list that are one plain column reference (no aggregate,
    // no *) its GROUP BY does not name: by the same reference, by the column's name (either side
    // may be qualified), by the item's alias or by its place (GROUP BY 2). Without a GROUP BY,
    // every such item. tokens: without comments, of one statement; sql: their text.
    static QList<SelectItem> ungroupedItems(const QList<SqlToken> &tokens, QStringView sql);
};

} // namespace sqlmend::core
