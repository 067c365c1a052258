#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// An aggregate of an aggregate over groups, as Oracle reads it (SELECT MAX(COUNT(*)) FROM t GROUP
// BY x: the largest group's count), on an engine whose error proves nested aggregates foreign:
// the inner aggregate per group in a derived table, the outer one over it. Only for a SELECT whose
// one output is that nested call and that groups, without ORDER BY, LIMIT or a set operator.
class NestedAggregate : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("nested_aggregate"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "an aggregate of an aggregate");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
