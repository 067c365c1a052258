#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A join condition that sets a column its table lacks equal to another table's whole one-column
// primary key, where exactly one table the statement does not read has that column, by its name,
// as its one foreign key onto that primary key, and is linked to the first table by exactly one
// key: the model took the link's column for the table's own ("course AS T1 JOIN teacher AS T2 ON
// T1.Teacher_ID = T2.Teacher_ID", where course_arrange pairs courses with teachers;
// "orders o JOIN products p ON o.product_id = p.id", where order_items does). The link is joined
// right after the table on that key, and the column is read from it ("course AS T1 JOIN
// course_arrange ON T1.Course_ID = course_arrange.Course_ID JOIN teacher AS T2 ON
// course_arrange.Teacher_ID = T2.Teacher_ID"): the one way the schema's keys give from the table
// to the other. A row of the table without a link had no value to meet the key with, so the inner
// join drops no row the condition would have kept; a row with several links (a course taught by
// two teachers) meets each, as it would have had the table held the column. Where the table's own
// key leads to the link (Documents -> Templates -> Ref_Template_Types) each row meets one. Refused
// where the way is open (two such tables, two keys between a table and the link, a key straight
// between the two tables, the link already read), for an outer join in the block (the link would
// decide which rows stay), a table of pairs (its primary key made of its foreign keys) whose
// key leads to the link in a statement that groups or aggregates (the model took the pairs for
// the link's rows: a stadium's concerts counted from singer_in_concert would count each concert
// once per singer), a bare column the link also has (it would turn ambiguous), another
// column the table lacks, SELECT * (the link would add columns), a subquery or WITH query in the
// place of either table, a schema's table after a JOIN, and ClickHouse.
class JoinThroughLink : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("join_through_link"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "a join on a column its table lacks, through the one table that "
                                 "links it to the other");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
