#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A SELECT of a UNION, INTERSECT or EXCEPT in parentheses, on an engine that takes none there
// (SQLite): SELECT * FROM (the same SELECT), which returns its rows and columns as they are, an
// ORDER BY or LIMIT inside it still its own. Every such member of the statement, or none.
class CompoundMember : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("compound_member"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "a SELECT of a UNION in parentheses");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
