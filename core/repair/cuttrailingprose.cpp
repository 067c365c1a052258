#include "core/repair/cuttrailingprose.h"

#include "core/sql/sqltokenizer.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> CutTrailingProse::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return std::nullopt;
    // The statement before the prose that starts at a token, where it is a whole query.
    const auto cutAt = [&](qsizetype start) -> std::optional<Repair> {
        if (!repairtext::balanced(tokens, 0, start))
            return std::nullopt;
        const QString statement = repairtext::before(input.sql(), tokens, start);
        if (!repairtext::startsAsQuery(statement, input.engine()))
            return std::nullopt;
        return made(statement, u"the text after the statement cut off"_s);
    };
    // Where the engine stopped; the prose may start a word earlier (SQLite reads the first word of
    // "... Write Sql for" as a column alias and stops at the second, or at the colon of "Note:").
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        if (!input.stoppedAt(i))
            continue;
        qsizetype start = i;
        if (start > 1 && QueryScope::startsProse(tokens, start - 1, input.sql()))
            --start;
        if (!QueryScope::startsProse(tokens, start, input.sql()) || scope.depthOf.at(start) != 0)
            return std::nullopt;
        return cutAt(start);
    }
    // A reply SQLMend's guard refused as not one statement never reached the engine, so nothing
    // says where it stopped: a few-shot completion that runs on ("... = 'Kyle'  Write Sql for the
    // following question: ... Answer : SELECT ..."), or prose with an apostrophe the guard reads
    // as a string left open. The prose starts at the first such word, which must stand outside
    // parentheses: inside them, what comes before it is no whole statement.
    if (input.diagnosis().error.origin != ErrorOrigin::Guard)
        return std::nullopt;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::Semicolon || token.kind == SqlTokenKind::Error)
            return std::nullopt;
        if (QueryScope::startsProse(tokens, i, input.sql()))
            return scope.depthOf.at(i) == 0 ? cutAt(i) : std::nullopt;
    }
    return std::nullopt;
}

} // namespace sqlmend::core
