#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// MIN or MAX written where an ORDER BY term's direction stands (ORDER BY COUNT(*) MIN LIMIT 1),
// where the engine stopped at it: MIN becomes ASC (the smallest first), MAX becomes DESC. The
// word stands after a term and before the clause's end, a comma, LIMIT or OFFSET; it is no call
// and no name there, so the direction is the one thing it can say.
class OrderDirection : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("order_direction"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "MIN or MAX as an ORDER BY direction");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
