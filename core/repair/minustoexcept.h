#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// Oracle's set operator MINUS on an engine without it, where the engine stopped at the SELECT
// after it: EXCEPT, which returns the same rows (the distinct rows of the first query that the
// second does not return). Only where MINUS stands between the end of a query and a SELECT (or a
// parenthesis around one), never where it could be a name.
class MinusToExcept : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("minus_to_except"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "Oracle's MINUS");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
