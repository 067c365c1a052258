#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A comparison with ANY, SOME or ALL of a subquery, on an engine that has none (SQLite), where the
// engine stopped at the quantifier or at the SELECT after it, written as the same comparison by
// the standard's definition: x = ANY (SELECT c ...) -> x IN (SELECT c ...), x <> ALL (...) -> x NOT
// IN (...). The subquery returns one item and neither groups, orders nor limits its rows.
// An order with a quantifier (x > ALL (...), the MAX; x > ANY (...), the MIN) is left to the
// advice: it is a question's "any" or "all" read one way ("more staff than any museum opened
// after 2010": every one, or at least one), which the statement cannot settle. Of the real
// predictions measured, 7 such rewrites answered and 1 was right; the gold queries read "any"
// both ways for the same words.
class QuantifiedComparison : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("quantified_comparison"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "= ANY or <> ALL of a subquery, by IN or NOT IN");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
