#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column qualified with a table of the statement that lacks it, a table that links others (two
// foreign keys or more), where exactly one foreign key of that table leads, on the whole one-column
// primary key, to a table that has it, and no table the query block can see has it: the referenced
// table, LEFT JOINed on that key, and the column read from it ("SELECT t.Name, ca.Course FROM
// teacher t JOIN course_arrange ca ON ...", where course_arrange.Course_ID references
// course.Course_ID: "ca.Course" is the course of that arrangement). Each row has at most one row
// there and a LEFT JOIN keeps every row, so the rows stay the statement's own. Refused for a table
// with one key (a thing of its own, whose columns the model may have confused with another's), and
// where the way is open: two keys to tables that have the column, a table in scope that has it
// (which of them the model meant is open), the referenced table already read, a derived table in
// scope, a GROUP BY of the column (which rows are grouped is then open), the column inside SUM, AVG
// or TOTAL (repairtext::sumsJoinedValue: each referenced row's value would be added once per row
// that meets it), SELECT * (the join would add columns), and ClickHouse (whose LEFT JOIN fills
// defaults).
class JoinThroughKey : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("join_through_key"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP(
                "sqlmend::core::Repairs",
                "a column a table that links others lacks, from the one table its key leads to");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
