#include "core/repair/backslashquote.h"

#include "core/sql/sqltokenizer.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> BackslashQuote::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const BackslashQuotes quotes = backslashQuotesDoubled(input.sql(), input.engine());
    if (quotes.sql.isEmpty())
        return std::nullopt;
    return made(quotes.sql, u"\\' inside a string written as ''"_s);
}

} // namespace sqlmend::core
