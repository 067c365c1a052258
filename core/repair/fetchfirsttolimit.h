#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// The standard's [OFFSET m ROWS] FETCH FIRST n ROWS ONLY at the end of a query, on an engine that
// stopped at it and limits rows with LIMIT (SQLite, ClickHouse 18.16): LIMIT n [OFFSET m], the
// same rows. Plain numbers only, at the statement's outer level, without WITH TIES, a LIMIT of its
// own, or a set operator (whose FETCH may belong to one member).
class FetchFirstToLimit : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("fetch_first_to_limit"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "FETCH FIRST n ROWS ONLY");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
