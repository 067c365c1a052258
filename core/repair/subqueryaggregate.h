#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// An aggregate in a subquery over the outer query's alias of the table the subquery reads
// (WHERE T2.Height = (SELECT max(T2.Height) FROM people), where T2 is the outer query's people),
// where the engine's error proves the aggregate belongs nowhere: the subquery's own read of that
// table takes the alias's place inside the aggregate (max(people.Height)). Only where the
// subquery reads that table once, the alias is used in the subquery nowhere else, and every column
// of the aggregate is the alias's.
class SubqueryAggregate : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("subquery_aggregate"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP(
                "sqlmend::core::Repairs",
                "an aggregate of the outer query's alias in a subquery that reads its table");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
