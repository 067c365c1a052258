#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column that no table of a single-block statement has, bare or (where it reads one table)
// qualified with that table (its alias or its name, which then says no more than the bare name),
// where exactly one of its tables has a foreign key onto the whole primary key of exactly one
// table that has the column: that table, LEFT JOINed on the key after the statement's table (or
// after the last join of the FROM item it stands in), with the column qualified by it ("SELECT
// Model FROM cars_data ORDER BY Horsepower LIMIT 1", where cars_data.Id references
// car_names.MakeId; "SELECT s.series_name FROM TV_series s WHERE s.Episode = ...", where
// TV_series.Channel references TV_Channel.id; "SELECT DISTINCT Template_Type_Description FROM
// Templates JOIN Documents ON ...", where Templates.Template_Type_Code references
// Ref_Template_Types). Each row has at most one row of the referenced table, and a LEFT JOIN
// keeps every row, so the statement keeps its rows and the name gets the one meaning the
// schema's keys give it. Refused where that is not so: a subquery, a set operation or a CTE (the
// name may belong to another block), tables that no equality of qualified columns joins to each
// other (each row would pair with every row), GROUP BY that leaves out the key the join follows
// (which table's rows are grouped is then open; grouped by the key, each group is one referenced
// row), a derived table, two tables or two keys it could come through, another table read with a
// key to the referenced table or one the referenced table has a key to (a second way between
// them), SELECT * (the join would add columns), a name qualified with anything else (a qualifier
// problem; among several tables, any qualifier: the model took the name for a column of that
// table, which may be another than the referenced table's), an output alias of that name, the name
// inside SUM, AVG or TOTAL where several rows meet one referenced row (repairtext::sumsJoinedValue:
// SUM(Population) over a country's languages adds its population once per language), and ClickHouse
// (whose LEFT JOIN fills defaults). A column of both tables, bare or qualified with the statement's
// table, is refused as well, unless it is the join's key: the model took a column of the other
// table for its table's, so its other names may mean either table's column ("SELECT name, date FROM
// ship" may want the battle's name; "SELECT c.ContId, c.Continent FROM countries c" wanted the
// continent's name, where the country's Continent is the continent's key). The key has one value on
// both sides and is qualified with the statement's own table, which it named before the join. So is
// a bare column that the referenced table and another table read both have (the join would make it
// ambiguous).
class JoinReferencedTable : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("join_referenced_table"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "the one table a foreign key leads to");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
