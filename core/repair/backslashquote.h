#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// MySQL's \' inside a word of a string ('O\'Brien') in a statement that failed to parse on an
// engine whose strings take no backslash escapes (SQLite, PostgreSQL), where the string ends at
// that quote: the quote is written twice ('O''Brien'), the value MySQL reads
// (backslashQuotesDoubled: only an apostrophe between two letters or digits, no other backslash
// in a string, and both readings whole).
class BackslashQuote : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("backslash_quote"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "MySQL's \\' inside a string");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
