#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A query that ranks its rows by an aggregate without grouping them (SELECT T1.name FROM ... ORDER
// BY COUNT(*) DESC LIMIT 1), which the engine refuses: a count per row has one reading, a count per
// what the query selects, so GROUP BY the selected columns. Only where every selected item is a
// plain column, nothing else at the outer level aggregates (no aggregate in the list, WHERE or
// HAVING), and each ORDER BY key is an aggregate or one of those columns; not for a set operation
// or a window.
class GroupBySelected : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("group_by_selected"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "an aggregate in the ORDER BY of a query without GROUP BY");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
