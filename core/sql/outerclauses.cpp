#include "core/sql/outerclauses.h"

#include <algorithm>

namespace sqlmend::core {

OuterClauses OuterClauses::read(const QList<SqlToken> &tokens)
{
    OuterClauses clauses;
    int depth = 0;
    const SqlToken *previous = nullptr;
    const SqlToken *last = nullptr;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.isComment())
            continue;
        if (token.kind == SqlTokenKind::OpenParen) {
            ++depth;
        } else if (token.kind == SqlTokenKind::CloseParen) {
            depth = std::max(0, depth - 1);
        } else if (depth == 0) {
            if (previous && previous->isWord(u"ORDER") && token.isWord(u"BY")) {
                clauses.orderBy = true;
                clauses.limited = false;
                clauses.orderEnd = -1;
            } else if (token.isWord(u"LIMIT") || token.isWord(u"OFFSET")
                       || token.isWord(u"FETCH")) {
                clauses.limited = true;
                if (clauses.orderEnd < 0 && previous)
                    clauses.orderEnd = previous->end();
            } else if (isSetOperatorAt(tokens, i)) {
                clauses = OuterClauses();
            }
        }
        previous = &token;
        if (token.kind != SqlTokenKind::Semicolon)
            last = &token;
    }
    if (clauses.orderEnd < 0 && last)
        clauses.orderEnd = last->end();
    return clauses;
}

} // namespace sqlmend::core
