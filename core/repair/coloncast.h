#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// PostgreSQL's x::type on an engine without it: CAST(x AS type), only where this engine's CAST
// gives x the value PostgreSQL's cast gives it (SqlEngine::colonCastType): x is a column of the
// schema or a literal, and the type an integer or text type without a length. Every :: of the
// statement, or none.
class ColonCast : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("colon_cast"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "PostgreSQL's :: cast");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
