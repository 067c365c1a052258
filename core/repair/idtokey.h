#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// `id` (bare or qualified) where no table of the query has a column `id`, for a table whose
// declared primary key is one column named for it (Student.StuID, Documents.Document_ID): the
// model wrote the convention, and the table's own key is what the name means. Only where each
// `id` stands for exactly one table (its qualifier's, or the one source of its SELECT), none on the
// NULL side of an outer join, and none is compared with another column (T1.id = T2.id is a join
// the model wrote by convention on both sides), except with the key's own name on another table.
class IdToKey : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("id_to_key"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "id for a table's key named for it");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
