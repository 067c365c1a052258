#include "core/repair/minustoexcept.h"

#include "core/engines/engineregistry.h"
#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> MinusToExcept::propose(const RepairInput &input) const
{
    if (EngineRegistry::forEngine(input.engine()).hasMinus()
        || input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    // A parser that lists what it expected there, without EXCEPT, has none (ClickHouse 18.16).
    const QStringList expected = ErrorRules::parserExpected(input.diagnosis().error.text());
    if (!expected.isEmpty() && !expected.contains(u"EXCEPT"_s, Qt::CaseInsensitive))
        return std::nullopt;
    const QList<SqlToken> &tokens = input.scope().tokens;
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return std::nullopt;
    QList<std::pair<qsizetype, QString>> replacements;
    bool stoppedThere = false;
    for (qsizetype i = 1; i + 1 < tokens.size(); ++i) {
        if (!tokens.at(i).isWord(u"MINUS"))
            continue;
        // What ends a query before it: a name, a value or a closing parenthesis, not a keyword
        // after which MINUS would be a name (FROM minus, AS minus, a, minus).
        const SqlToken &before = tokens.at(i - 1);
        const bool endsQuery = (before.isIdentifier() && !before.isSqlKeyword())
                || before.kind == SqlTokenKind::Number || before.kind == SqlTokenKind::String
                || before.kind == SqlTokenKind::CloseParen;
        // What starts a query after it: SELECT, or a parenthesis around one.
        const SqlToken &after = tokens.at(i + 1);
        const bool startsQuery = after.isWord(u"SELECT")
                || (after.kind == SqlTokenKind::OpenParen && i + 2 < tokens.size()
                    && (tokens.at(i + 2).isWord(u"SELECT") || tokens.at(i + 2).isWord(u"WITH")));
        if (!endsQuery || !startsQuery)
            return std::nullopt; // a MINUS of another kind: leave the statement alone
        stoppedThere = stoppedThere || input.stoppedAt(i + 1);
        replacements.append({i, u"EXCEPT"_s});
    }
    if (replacements.isEmpty() || !stoppedThere)
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements), u"MINUS -> EXCEPT"_s);
}

} // namespace sqlmend::core
