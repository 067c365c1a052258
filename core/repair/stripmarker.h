#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A marker around the answer ([SOL], SQL:, <|im_end|>): removed when what is left is a query.
class StripMarker : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("strip_marker"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "markers");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
