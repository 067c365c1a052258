#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// Prose after a complete statement ("... LIMIT 1 This query lists ..."), where the engine stopped,
// or, for a reply the guard refused as not one statement, at the first capitalised word of prose
// outside parentheses: the statement without it.
class CutTrailingProse : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("cut_trailing_prose"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "trailing prose");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
