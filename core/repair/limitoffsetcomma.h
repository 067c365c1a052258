#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// MySQL's LIMIT offset, count on an engine that refuses it in its own words (PostgreSQL: "LIMIT
// #,# syntax is not supported"): LIMIT count OFFSET offset, the rows MySQL and SQLite give for
// LIMIT offset, count. Only for plain numbers, in the statement's one LIMIT at its outer level,
// with no OFFSET or FETCH of its own.
class LimitOffsetComma : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("limit_offset_comma"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "MySQL's LIMIT offset, count");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
