#include "core/repair/compoundmember.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> CompoundMember::propose(const RepairInput &input) const
{
    if (EngineRegistry::forEngine(input.engine()).parenthesizedCompoundMembers()
        || input.errorClass() != ErrorClass::Syntax
        || input.capture(Capture::Token).trimmed() != u"(")
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    bool compound = false;
    QList<std::pair<qsizetype, QString>> replacements;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (scope.depthOf.at(i) != 0)
            continue;
        if (isSetOperatorAt(tokens, i)) {
            compound = true;
            continue;
        }
        if (tokens.at(i).kind != SqlTokenKind::OpenParen)
            continue;
        // A member: first in the statement, or right after the set operator (and ALL or
        // DISTINCT); a query inside it.
        qsizetype before = i - 1;
        if (before >= 0
            && (tokens.at(before).isWord(u"ALL") || tokens.at(before).isWord(u"DISTINCT")))
            --before;
        const bool member = i == 0 || isSetOperatorAt(tokens, before);
        if (!member)
            continue; // a subquery or an expression of a member's own
        if (i + 1 >= tokens.size()
            || !(tokens.at(i + 1).isWord(u"SELECT") || tokens.at(i + 1).isWord(u"WITH")))
            return std::nullopt;
        // Its closing parenthesis ends the member: the statement, a set operator or the
        // statement's ORDER BY or LIMIT follows.
        qsizetype close = i + 1;
        while (close < tokens.size()
               && !(tokens.at(close).kind == SqlTokenKind::CloseParen
                    && scope.depthOf.at(close) == 0))
            ++close;
        if (close >= tokens.size())
            return std::nullopt;
        const qsizetype next = close + 1;
        if (next < tokens.size() && !isSetOperatorAt(tokens, next)
            && tokens.at(next).kind != SqlTokenKind::Semicolon && !tokens.at(next).isWord(u"ORDER")
            && !tokens.at(next).isWord(u"LIMIT"))
            return std::nullopt;
        replacements.append({i, u"SELECT * FROM ("_s});
        i = close;
    }
    if (!compound || replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"(SELECT ...) -> SELECT * FROM (SELECT ...)"_s);
}

} // namespace sqlmend::core
