#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column qualified with the name of a real table the statement does not read, where exactly one
// table of that query block has a foreign key onto the named table's whole primary key: the named
// table, LEFT JOINed on that key ("SELECT teacher.Name, course.Course FROM teacher JOIN
// course_arrange ON ...", where course_arrange.Course_ID references course.Course_ID). The model
// named the table and used it as if it were joined; the schema's keys give the one way to join
// it, each row has at most one row of it, and a LEFT JOIN keeps every row. Refused where the way
// is open: two keys onto the table (a source and a destination airport), a key of the named table
// onto one the statement reads (its rows would be many per row), a table of another block with a
// key onto it, the table already read under an alias, uses in two blocks, a column the table does
// not have, a GROUP BY of its column (which table's rows are grouped is then open), SELECT * (the
// join would add columns), and ClickHouse (whose LEFT JOIN fills
// defaults). On PostgreSQL the engine calls the name a missing FROM-clause entry.
class JoinNamedTable : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("join_named_table"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP(
                "sqlmend::core::Repairs",
                "a table the statement names without reading it that one foreign key leads to");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
