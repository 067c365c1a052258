#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A clause written after one it must come before (GROUP BY g WHERE c, WHERE c JOIN t ON ...,
// LIMIT 1 ORDER BY x), where the engine stopped at it: the block's clauses put in SQL's order.
// A clause means the same wherever it is written, so this is the one reading there is. Only for a
// block with at most one of each clause (joins aside), no set operator beside it, no clause word
// this step does not know, and no aggregate in a WHERE that moves before its GROUP BY (that
// condition was meant for HAVING, which is the model's to say).
class ClauseOrder : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("clause_order"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "clauses out of order");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
