#include "core/repair/cutsecondstatement.h"

#include "core/sql/sqltokenizer.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The tokens from at on repeat the statement's own first `length` tokens, whole or until the text
// ends (a model repeating itself until its token limit): each token alike, names in any letter
// case, values and operators as written.
bool repeatsFirst(const QList<SqlToken> &tokens, QStringView sql, qsizetype length, qsizetype at)
{
    for (qsizetype k = 0; k < length; ++k) {
        if (at + k >= tokens.size())
            return k >= 3; // cut off while repeating
        const SqlToken &a = tokens.at(k);
        const SqlToken &b = tokens.at(at + k);
        const bool alike = a.kind == b.kind
                && (a.name.isEmpty() && b.name.isEmpty()
                            ? a.text(sql) == b.text(sql)
                            : a.name.compare(b.name, Qt::CaseInsensitive) == 0);
        if (!alike)
            return false;
    }
    return true;
}

} // namespace

std::optional<Repair> CutSecondStatement::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return std::nullopt;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (scope.depthOf.at(i) != 0)
            continue;
        const SqlToken &previous = tokens.at(i - 1);
        const bool afterSemicolon = previous.kind == SqlTokenKind::Semicolon;
        // A SELECT that starts again where the engine stopped, without a set operator before it.
        const bool runsOn = (token.isWord(u"SELECT") || token.isWord(u"WITH")) && input.stoppedAt(i)
                && previous.kind != SqlTokenKind::OpenParen && !isSetOperatorAt(tokens, i - 1)
                && !previous.isWord(u"ALL") && !previous.isWord(u"DISTINCT")
                && !previous.isWord(u"AS");
        if (!afterSemicolon && !runsOn)
            continue;
        // Only a second query that repeats the first, with a ';' between them or without: a
        // different one may be half of the answer (MAX in one, MIN in the other), the step the
        // first one only prepared ("SELECT MAX(Accelerate) ...; SELECT Horsepower ... WHERE
        // Accelerate = (SELECT MAX(...))"), or another reading of the question. What follows a
        // ';' and starts no query (prose, a note) is cut as it is.
        const bool query = repairtext::startsAsQuery(QStringView(input.sql()).sliced(token.offset),
                                                     input.engine());
        if ((!afterSemicolon || query)
            && !repeatsFirst(tokens, input.sql(), afterSemicolon ? i - 1 : i, i))
            return std::nullopt;
        if (!repairtext::balanced(tokens, 0, afterSemicolon ? i - 1 : i))
            return std::nullopt;
        const QString first = repairtext::before(input.sql(), tokens, afterSemicolon ? i - 1 : i);
        if (!repairtext::startsAsQuery(first, input.engine()))
            return std::nullopt;
        return made(first, u"what followed the first statement cut off"_s);
    }
    return std::nullopt;
}

} // namespace sqlmend::core
