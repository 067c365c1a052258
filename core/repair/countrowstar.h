#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// COUNT(t.*), PostgreSQL's count of t's rows, where the engine stopped at the '*': COUNT(*), only
// where every such t is a table of its own query that no outer join can leave NULL (then each row
// has a t, and the two counts are one).
class CountRowStar : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("count_row_star"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "COUNT(t.*)");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
