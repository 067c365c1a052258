#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A table the schema does not have, named the way the schema's own foreign keys name the table
// they refer to: columns of two tables or more are the missing name with "id" after it
// (Friend.student_id and Likes.student_id for "student"), each part of its table's primary key and
// each a one-column key onto the whole primary key of one and the same table (Highschooler.ID).
// The schema calls that table's rows by the name, so the statement reads that table under it
// ("FROM student" -> "FROM Highschooler"). A key column of one table alone names a role in that
// table (a match's winner_id, a friendship's friend_id), not the thing itself, and a key column
// outside its table's primary key may name a role of the row (a department's manager_id), so both
// are refused. Refused too where the name, or its singular, is a column of some table (the advice
// says to read that column), where a column so named refers to another table or to none, where
// the statement already reads the table the keys refer to, and where a column the statement reads
// from the missing table is not one of that table's.
class TableNamedByKeys : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("table_named_by_keys"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "the table the keys named for a missing one refer to");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
