#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// An alias of several words in a select list (SELECT COUNT(*) AS number of singers FROM singer),
// where the engine stopped at its second word: the words in the engine's identifier quotes, as
// one alias (AS "number of singers"). The values the statement returns stay what they are; only
// a column's name was left unquoted. Only where the alias ends the item (a comma or the block's
// FROM follows it, so no clause keyword was misspelt into it), the columns of the query's tables
// are known, and no word after its first is one of them, where a comma may be what is missing
// (AS n age).
class QuoteAlias : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("quote_alias"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "an alias of several words, quoted");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
