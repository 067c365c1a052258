#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// SELECT TOP n on an engine without TOP: LIMIT n at the end, only for a single query without
// LIMIT.
class TopToLimit : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("top_to_limit"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "TOP n");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
