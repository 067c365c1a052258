#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A comparison with ANY, SOME or ALL of a subquery's rows, on an engine that has none (SQLite),
// where the engine stopped at the quantifier or at the SELECT after it, written as the comparison
// with one value that keeps the same rows:
// - x = ANY (SELECT c ...) -> x IN (SELECT c ...), x <> ALL (...) -> x NOT IN (...): the same
//   comparison by the standard's definition, anywhere;
// - x < ANY (SELECT c FROM ...) -> x < (SELECT MAX(c) FROM ...) (> ANY: MIN), as a conjunct of a
//   WHERE without OR or NOT: true for the same rows, and where ANY is NULL (a NULL among the
//   values) the MAX is false, which a WHERE keeps no more than NULL;
// - x > ALL (SELECT c FROM ...) -> x > (SELECT CASE WHEN COUNT(c) = COUNT(*) THEN MAX(c) END
//   FROM ...) (< ALL: MIN), as such a conjunct, for a subquery that reads nothing of the outer
//   query: a NULL among the values keeps no row, as ALL does. ALL over no rows is true for every
//   row, where the rewrite keeps none: a result with no rows is then held back (no_rows).
// The subquery returns one item and neither groups, orders nor limits its rows.
class QuantifiedComparison : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("quantified_comparison"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "a comparison with ANY or ALL of a subquery, by MIN, MAX or IN");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
