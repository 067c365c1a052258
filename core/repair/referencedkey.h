#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column a table lacks, named as every column of that name in the schema is: a foreign key onto
// the table's whole one-column primary key (Friend.student_id onto Highschooler.ID), where the
// statement sets it against such a key of the same name, so its values are the key's: "SELECT
// student_id FROM Highschooler EXCEPT SELECT student_id FROM Friend" (the member's column at the
// same place of a UNION, INTERSECT or EXCEPT) or "WHERE Channel NOT IN (SELECT Channel FROM
// Cartoon ...)" on TV_Channel (the one column of an IN subquery). The table's key is what the name
// stands for there (student_id -> ID). Refused where any use of the name on that table is set
// against nothing, or against a key of another name (friend_id is another student of the
// friendship), where a column of that name anywhere is no such key, where the table has no
// one-column primary key, and on the NULL side of an outer join.
class ReferencedKey : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("referenced_key"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "a key's name on the table it refers to where a set operation, = "
                                 "or IN sets it against that key");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
