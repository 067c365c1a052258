#include "core/repair/cuttrailingprose.h"

#include "core/sql/sqltokenizer.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// "This query ...", "Note that ...": a capitalised word that is no SQL word, then another word.
bool startsProse(const QList<SqlToken> &tokens, qsizetype i)
{
    const SqlToken &token = tokens.at(i);
    if (token.kind != SqlTokenKind::Word || token.isSqlKeyword() || token.name.size() < 1
        || !token.name.front().isUpper())
        return false;
    if (token.name.size() > 1 && token.name.sliced(1) != token.name.sliced(1).toLower())
        return false;
    if (i > 0 && tokens.at(i - 1).kind == SqlTokenKind::Dot)
        return false;
    return i + 1 < tokens.size() && tokens.at(i + 1).kind == SqlTokenKind::Word
            && !tokens.at(i + 1).isSqlKeyword();
}

} // namespace

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
    // "... Write Sql for" as a column alias and stops at the second).
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        if (tokens.at(i).kind != SqlTokenKind::Word || !input.stoppedAt(i))
            continue;
        qsizetype start = i;
        if (start > 1 && startsProse(tokens, start - 1))
            --start;
        if (!startsProse(tokens, start) || scope.depthOf.at(start) != 0)
            return std::nullopt;
        return cutAt(start);
    }
    // A reply SQLMend's guard refused as not one statement never reached the engine, so nothing
    // says where it stopped: a few-shot completion that runs on ("... = 'Kyle'  Write Sql for the
    // following question: ... Answer : SELECT ..."), or prose with an apostrophe the guard reads
    // as a string left open. The prose starts at the first such word outside parentheses.
    if (input.diagnosis().error.origin != ErrorOrigin::Guard)
        return std::nullopt;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::Semicolon || token.kind == SqlTokenKind::Error)
            return std::nullopt;
        if (scope.depthOf.at(i) == 0 && startsProse(tokens, i))
            return cutAt(i);
    }
    return std::nullopt;
}

} // namespace sqlmend::core
