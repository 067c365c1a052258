#include "core/repair/unwrapstatement.h"

#include "core/sql/sqltokenizer.h"

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
    if (at >= tokens.size() || tokens.at(at).kind != SqlTokenKind::QuotedIdentifier)
        return std::nullopt;
    const SqlToken &quoted = tokens.at(at);
    const QStringView mark = quoted.text(input.sql()).first(1);
    if (mark != u"`" && mark != u"\"")
        return std::nullopt;
    const QString inner = repairtext::trimmedStatement(quoted.name);
    if (!repairtext::startsAsQuery(inner, input.engine()) || inner.contains(u';'))
        return std::nullopt;
    // The quoted text must be the name the engine could not find, or the engine stopped after it.
    const QString named = input.capture(Capture::Name).trimmed();
    if (input.errorClass() == ErrorClass::ColumnMissing
        && repairtext::trimmedStatement(named) != inner)
        return std::nullopt;
    return made(inner, u"the statement taken out of its quotes"_s);
}

} // namespace sqlmend::core
