#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column a table lacks, named as every column of that name in the schema is: a foreign key onto
// the table's whole one-column primary key (Friend.student_id onto Highschooler.ID), where the
// statement sets it against such a key of the same name, so its values are the key's: the
// member's column at the same place of a UNION, INTERSECT or EXCEPT ("SELECT student_id FROM
// Highschooler EXCEPT SELECT student_id FROM Friend"), the other side of an = ("ON T1.Channel =
// T2.Channel", T1 the TV_Channel that Cartoon.Channel refers to), or the one column of an IN or =
// subquery ("WHERE Channel NOT IN (SELECT Channel FROM Cartoon ...)"). The table's key is what the
// name stands for there (student_id -> ID; in a compound's select list "ID AS student_id", so
// that the result keeps the name an ORDER BY after the last member may use). Refused where any
// use of the name on that table is set against nothing, a value, another comparison, an
// expression or a key of another name (friend_id is another student of the friendship), where a
// column of that name anywhere is no such key, where the subquery is a compound, and on the NULL
// side of an outer join.
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
