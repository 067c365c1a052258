#include "core/repair/unionalldistinct.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> UnionAllDistinct::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    if (ErrorRules::parserExpected(input.diagnosis().error.text()) != QStringList{u"ALL"_s})
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    if (tokens.isEmpty() || !tokens.first().isWord(u"SELECT"))
        return std::nullopt;
    QList<std::pair<qsizetype, QString>> replacements;
    bool stoppedThere = false;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (scope.depthOf.at(i) != 0 || token.kind != SqlTokenKind::Word)
            continue;
        if (isSetOperatorAt(tokens, i) && !token.isWord(u"UNION"))
            return std::nullopt;
        for (const QStringView other : {u"ORDER", u"LIMIT", u"SETTINGS", u"FORMAT", u"INTO"}) {
            if (token.isWord(other))
                return std::nullopt;
        }
        if (!token.isWord(u"UNION"))
            continue;
        // UNION ALL beside it would mix two meanings; UNION DISTINCT is left to the model.
        if (i + 1 >= tokens.size() || !tokens.at(i + 1).isWord(u"SELECT"))
            return std::nullopt;
        stoppedThere = stoppedThere || input.stoppedAt(i + 1);
        replacements.append({i, u"UNION ALL"_s});
    }
    if (replacements.isEmpty() || !stoppedThere)
        return std::nullopt;
    const QString joined =
            repairtext::trimmedStatement(repairtext::replaced(input.sql(), tokens, replacements));
    return made(u"SELECT DISTINCT * FROM (%1)"_s.arg(joined),
                u"UNION -> SELECT DISTINCT * FROM (... UNION ALL ...)"_s);
}

} // namespace sqlmend::core
