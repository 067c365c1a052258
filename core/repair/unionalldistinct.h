#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// UNION where the server has UNION ALL only, in its parser's own words (ClickHouse 18.16 expects
// ALL after UNION): SELECT DISTINCT * FROM (the same SELECTs joined by UNION ALL), the rows UNION
// gives. Only for SELECTs joined by plain UNION alone at the statement's outer level, without
// ORDER BY, LIMIT, SETTINGS or FORMAT there (they would bind to the last SELECT).
class UnionAllDistinct : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("union_all_distinct"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "UNION where the server has UNION ALL only");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
