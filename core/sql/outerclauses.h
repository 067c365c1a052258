#pragma once

#include "core/sql/sqltokenizer.h"

#include <QList>

namespace sqlmend::core {

// The clauses of a statement's outermost level, read with the tokenizer (no parser) in one walk:
// where its FROM, WHERE and ORDER BY stand, whether it groups, windows, orders and limits its rows.
// Clauses inside parentheses (subqueries, OVER (ORDER BY ...)) belong to another SELECT and do
// not count. Comments are passed over; token indexes are the tokens' own.
struct OuterClauses
{
    bool select = false;   // its first token (after comments) is SELECT
    bool balanced = false; // no ')' closes what is not open, and every '(' is closed
    bool compound = false; // a set operator (isSetOperatorAt) joins it to another query
    bool grouped = false;  // GROUP
    bool windowed = false; // OVER or WINDOW

    // Token indexes at this level; -1 where there is none.
    qsizetype list = -1;     // the first SELECT (after a WITH's queries): the output's list
    qsizetype from = -1;     // the first FROM
    qsizetype where = -1;    // the first WHERE after it
    qsizetype whereEnd = -1; // the GROUP, ORDER, LIMIT, HAVING, WINDOW, OFFSET, FETCH, QUALIFY or
                             // set operator that ends that WHERE, else the tokens' size
    qsizetype keys = -1;     // the first token after an ORDER BY that follows the FROM
    qsizetype keysEnd = -1;  // the LIMIT, FETCH or OFFSET after those keys, else the tokens' size
    qsizetype limit = -1;    // the last LIMIT after them
    qsizetype fetch = -1;    // the last FETCH after them
    // The first token after a GROUP BY of the first query (before any set operator), and the
    // HAVING, ORDER, LIMIT, WINDOW, OFFSET, FETCH, QUALIFY, set operator or ';' that ends its
    // keys, else the tokens' size.
    qsizetype groupKeys = -1;
    qsizetype groupKeysEnd = -1;

    // Of the query after the last set operator (whose ORDER BY and LIMIT order and limit the
    // whole compound): whether it orders its rows and whether it limits them.
    bool orderBy = false;
    bool limited = false; // LIMIT, OFFSET or FETCH
    // Where a term added to the ORDER BY (or an ORDER BY) goes, as a character offset: right after
    // the last token before LIMIT, OFFSET or FETCH, else after the last token; -1 for a text
    // without tokens.
    qsizetype orderEnd = -1;

    static OuterClauses read(const QList<SqlToken> &tokens);
};

} // namespace sqlmend::core
