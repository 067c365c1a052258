#include "core/repair/limitoffsetcomma.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> LimitOffsetComma::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax
        || !input.diagnosis().classification.match.is(u"syntax/limit-comma"))
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    qsizetype limit = -1;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.isWord(u"LIMIT")) {
            if (limit >= 0)
                return std::nullopt; // two LIMITs: which one the engine meant is open
            limit = i;
        }
        if (scope.depthOf.at(i) == 0 && (token.isWord(u"OFFSET") || token.isWord(u"FETCH")))
            return std::nullopt;
    }
    // LIMIT offset , count, then the statement's end (or its ';').
    if (limit < 0 || scope.depthOf.at(limit) != 0 || limit + 3 >= tokens.size()
        || tokens.at(limit + 1).kind != SqlTokenKind::Number
        || tokens.at(limit + 2).kind != SqlTokenKind::Comma
        || tokens.at(limit + 3).kind != SqlTokenKind::Number)
        return std::nullopt;
    for (qsizetype i = limit + 4; i < tokens.size(); ++i) {
        if (tokens.at(i).kind != SqlTokenKind::Semicolon)
            return std::nullopt;
    }
    const QString offset = tokens.at(limit + 1).text(input.sql()).toString();
    const QString count = tokens.at(limit + 3).text(input.sql()).toString();
    bool offsetOk = false;
    bool countOk = false;
    offset.toULongLong(&offsetOk);
    count.toULongLong(&countOk);
    if (!offsetOk || !countOk)
        return std::nullopt; // 1e3, 0x10, 2.5: not the plain row numbers MySQL reads
    QString sql = input.sql();
    const qsizetype from = tokens.at(limit + 1).offset;
    sql.replace(from, tokens.at(limit + 3).end() - from, count + u" OFFSET "_s + offset);
    return made(sql, u"LIMIT %1, %2 -> LIMIT %2 OFFSET %1"_s.arg(offset, count));
}

} // namespace sqlmend::core
