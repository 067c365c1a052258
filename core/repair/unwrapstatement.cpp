#include "core/repair/unwrapstatement.h"

#include "core/sql/sqltokenizer.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> UnwrapStatement::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax && input.errorClass() != ErrorClass::ColumnMissing)
        return std::nullopt;
    const QList<SqlToken> tokens = SqlTokenizer(input.engine()).tokenize(input.sql());
    // SELECT `select ...` (and whatever runs on after it), or `select ...` alone.
    qsizetype at = 0;
    while (at < tokens.size() && tokens.at(at).isComment())
        ++at;
    if (at < tokens.size() && tokens.at(at).isWord(u"SELECT"))
        ++at;
    if (at >= tokens.size())
        return std::nullopt;
    const SqlToken &quoted = tokens.at(at);
    // A quote the reply never closes runs to its end: the statement is the rest.
    const bool open = quoted.error == SqlTokenError::UnterminatedIdentifier;
    if (quoted.kind != SqlTokenKind::QuotedIdentifier && !open)
        return std::nullopt;
    const QStringView mark = quoted.text(input.sql()).first(1);
    if (mark != u"`" && mark != u"\"")
        return std::nullopt;
    const QString inner = repairtext::trimmedStatement(open ? input.sql().sliced(quoted.offset + 1)
                                                            : QStringView(quoted.name));
    if (!repairtext::startsAsQuery(inner, input.engine()) || inner.contains(u';'))
        return std::nullopt;
    // Left open, the rest must be whole: no string or name of its own left open.
    if (open) {
        const QList<SqlToken> rest = SqlTokenizer(input.engine()).tokenize(inner);
        if (std::any_of(rest.cbegin(), rest.cend(),
                        [](const SqlToken &token) { return token.error != SqlTokenError::None; }))
            return std::nullopt;
    }
    // The quoted text must be the name the engine could not find, or the engine stopped after it.
    const QString named = input.capture(Capture::Name).trimmed();
    if (input.errorClass() == ErrorClass::ColumnMissing
        && repairtext::trimmedStatement(named) != inner)
        return std::nullopt;
    return made(inner, u"the statement taken out of its quotes"_s);
}

} // namespace sqlmend::core
