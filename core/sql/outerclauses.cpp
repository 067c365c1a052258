#include "core/sql/outerclauses.h"

namespace sqlmend::core {

namespace {

// A word that ends a GROUP BY's keys at their own level.
bool endsGroupKeysWord(const SqlToken &token)
{
    for (const char16_t *word :
         {u"ORDER", u"LIMIT", u"HAVING", u"WINDOW", u"OFFSET", u"FETCH", u"QUALIFY"}) {
        if (token.isWord(word))
            return true;
    }
    return false;
}

// A word that ends a WHERE clause at its own level.
bool endsWhere(const SqlToken &token)
{
    return token.isWord(u"GROUP") || endsGroupKeysWord(token);
}

bool endsGroupKeys(const QList<SqlToken> &tokens, qsizetype i)
{
    return endsGroupKeysWord(tokens.at(i)) || isSetOperatorAt(tokens, i)
            || tokens.at(i).kind == SqlTokenKind::Semicolon;
}

} // namespace

OuterClauses OuterClauses::read(const QList<SqlToken> &tokens)
{
    OuterClauses clauses;
    clauses.balanced = true;
    int depth = 0;
    const SqlToken *previous = nullptr;
    const SqlToken *last = nullptr;
    // Of the query after the last set operator.
    bool orderBy = false;
    bool limited = false;
    qsizetype orderEnd = -1;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.isComment())
            continue;
        if (!previous)
            clauses.select = token.isWord(u"SELECT");
        if (token.kind == SqlTokenKind::OpenParen) {
            ++depth;
        } else if (token.kind == SqlTokenKind::CloseParen) {
            if (--depth < 0) {
                clauses.balanced = false;
                depth = 0;
            }
        } else if (depth == 0) {
            if (clauses.list < 0 && token.isWord(u"SELECT"))
                clauses.list = i;
            if (previous && previous->isWord(u"GROUP") && token.isWord(u"BY")) {
                if (!clauses.compound && clauses.groupKeys < 0)
                    clauses.groupKeys = i + 1;
            } else if (clauses.groupKeys >= 0 && clauses.groupKeysEnd < 0
                       && endsGroupKeys(tokens, i)) {
                clauses.groupKeysEnd = i;
            }
            clauses.grouped = clauses.grouped || token.isWord(u"GROUP");
            clauses.windowed = clauses.windowed || token.isWord(u"OVER") || token.isWord(u"WINDOW");
            const bool limitWord =
                    token.isWord(u"LIMIT") || token.isWord(u"OFFSET") || token.isWord(u"FETCH");
            if (clauses.from < 0 && token.isWord(u"FROM")) {
                clauses.from = i;
            } else if (clauses.from >= 0 && clauses.where < 0 && token.isWord(u"WHERE")) {
                clauses.where = i;
            } else if (clauses.where >= 0 && clauses.whereEnd < 0
                       && (endsWhere(token) || isSetOperatorAt(tokens, i))) {
                clauses.whereEnd = i;
            }
            if (previous && previous->isWord(u"ORDER") && token.isWord(u"BY")) {
                if (clauses.from >= 0 && clauses.keys < 0)
                    clauses.keys = i + 1;
                orderBy = true;
                limited = false;
                orderEnd = -1;
            } else if (limitWord) {
                if (clauses.keys >= 0) {
                    if (clauses.keysEnd < 0)
                        clauses.keysEnd = i;
                    if (token.isWord(u"LIMIT"))
                        clauses.limit = i;
                    else if (token.isWord(u"FETCH"))
                        clauses.fetch = i;
                }
                limited = true;
                if (orderEnd < 0 && previous)
                    orderEnd = previous->end();
            } else if (isSetOperatorAt(tokens, i)) {
                clauses.compound = true;
                orderBy = limited = false;
                orderEnd = -1;
            }
        }
        previous = &token;
        if (token.kind != SqlTokenKind::Semicolon)
            last = &token;
    }
    clauses.balanced = clauses.balanced && depth == 0;
    if (clauses.where >= 0 && clauses.whereEnd < 0)
        clauses.whereEnd = tokens.size();
    if (clauses.keys >= 0 && clauses.keysEnd < 0)
        clauses.keysEnd = tokens.size();
    if (clauses.groupKeys >= 0 && clauses.groupKeysEnd < 0)
        clauses.groupKeysEnd = tokens.size();
    clauses.orderBy = orderBy;
    clauses.limited = limited;
    clauses.orderEnd = orderEnd >= 0 || !last ? orderEnd : last->end();
    return clauses;
}

} // namespace sqlmend::core
