#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// The whole statement written inside backticks (SELECT `select ...`), which quote one name: the
// statement inside, without what runs on after it.
class UnwrapStatement : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("unwrap_statement"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "backticks around the statement");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
