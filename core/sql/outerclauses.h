#pragma once

#include "core/sql/sqltokenizer.h"

#include <QList>

namespace sqlmend::core {

// How a statement's outer level ends, read with the tokenizer (no parser): whether it orders its
// rows and whether it limits them. Clauses inside parentheses (subqueries, OVER (ORDER BY ...)) and
// before a set operator belong to another SELECT and do not count.
struct OuterClauses
{
    bool orderBy = false;
    bool limited = false; // LIMIT, OFFSET or FETCH
    // Where a term added to the ORDER BY (or an ORDER BY) goes: right after the last token before
    // LIMIT, OFFSET or FETCH, else after the last token; -1 for a text without tokens.
    qsizetype orderEnd = -1;

    static OuterClauses read(const QList<SqlToken> &tokens);
};

} // namespace sqlmend::core
