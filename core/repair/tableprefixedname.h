#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column written with its table's name in front (Singer_Name for singer.Name, people_name for
// p.Name where p is people) that exists nowhere in the schema, where that table is a source of
// the name's own query block and has the rest as a column: the table's own column, qualified with
// the table's alias. It is refused where the name could be read another way: another column
// spelled like it (CountryCode for country_code), a column that ends with it (caused_by_ship_id
// for ship_id), a table of an outer block (a correlated reading the model did not write), the NULL
// side of an outer join, two sources it could stand for, or a comparison it would turn into a
// column compared with itself.
class TablePrefixedName : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("table_prefixed_name"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "a column written after its table's name");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
