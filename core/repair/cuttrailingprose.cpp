#include "core/repair/cuttrailingprose.h"

#include "core/sql/sqltokenizer.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Words that may stand right after a complete expression in SQL (so they end no statement).
bool isSqlWord(const SqlToken &token)
{
    static const QSet<QString> words{
            u"SELECT"_s,  u"FROM"_s,    u"WHERE"_s,    u"GROUP"_s,  u"ORDER"_s,  u"BY"_s,
            u"HAVING"_s,  u"LIMIT"_s,   u"OFFSET"_s,   u"UNION"_s,  u"ALL"_s,    u"INTERSECT"_s,
            u"EXCEPT"_s,  u"JOIN"_s,    u"INNER"_s,    u"LEFT"_s,   u"RIGHT"_s,  u"FULL"_s,
            u"OUTER"_s,   u"CROSS"_s,   u"ON"_s,       u"USING"_s,  u"AND"_s,    u"OR"_s,
            u"NOT"_s,     u"IN"_s,      u"IS"_s,       u"NULL"_s,   u"LIKE"_s,   u"BETWEEN"_s,
            u"AS"_s,      u"ASC"_s,     u"DESC"_s,     u"CASE"_s,   u"WHEN"_s,   u"THEN"_s,
            u"ELSE"_s,    u"END"_s,     u"DISTINCT"_s, u"WITH"_s,   u"NULLS"_s,  u"FIRST"_s,
            u"LAST"_s,    u"COLLATE"_s, u"ESCAPE"_s,   u"EXISTS"_s, u"WINDOW"_s, u"OVER"_s,
            u"FETCH"_s,   u"FOR"_s,     u"ILIKE"_s,    u"RLIKE"_s,  u"REGEXP"_s, u"GLOB"_s,
            u"SIMILAR"_s, u"MINUS"_s,   u"TOP"_s,      u"INTO"_s,   u"OVER"_s,   u"FILTER"_s,
    };
    return token.kind == SqlTokenKind::Word && words.contains(token.name.toUpper());
}

// "This query ...", "Note that ...": a capitalised word that is no SQL word, then another word.
bool startsProse(const QList<SqlToken> &tokens, qsizetype i)
{
    const SqlToken &token = tokens.at(i);
    if (token.kind != SqlTokenKind::Word || isSqlWord(token) || token.name.size() < 1
        || !token.name.front().isUpper())
        return false;
    if (token.name.size() > 1 && token.name.sliced(1) != token.name.sliced(1).toLower())
        return false;
    if (i > 0 && tokens.at(i - 1).kind == SqlTokenKind::Dot)
        return false;
    return i + 1 < tokens.size() && tokens.at(i + 1).kind == SqlTokenKind::Word
            && !isSqlWord(tokens.at(i + 1));
}

} // namespace

std::optional<Repair> CutTrailingProse::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QString stop = input.capture(Capture::Token).trimmed();
    if (stop.isEmpty())
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return std::nullopt;
    // Where the engine stopped; the prose may start a word earlier (SQLite reads the first word of
    // "... Write Sql for" as a column alias and stops at the second).
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        if (tokens.at(i).kind != SqlTokenKind::Word
            || tokens.at(i).name.compare(stop, Qt::CaseInsensitive) != 0)
            continue;
        qsizetype start = i;
        if (start > 1 && startsProse(tokens, start - 1))
            --start;
        if (!startsProse(tokens, start) || scope.depthOf.at(start) != 0)
            return std::nullopt;
        if (!repairtext::balanced(tokens, 0, start))
            return std::nullopt;
        const QString statement = repairtext::before(input.sql(), tokens, start);
        if (!repairtext::startsAsQuery(statement, input.engine()))
            return std::nullopt;
        return made(statement, u"the text after the statement cut off"_s);
    }
    return std::nullopt;
}

} // namespace sqlmend::core
