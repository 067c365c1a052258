#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A second statement after the first (after a ';', or a SELECT that starts again without a set
// operator): the first one alone.
class CutSecondStatement : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("cut_second_statement"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "a second statement");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
