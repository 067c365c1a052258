#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// ILIKE on SQLite, which has none: LIKE, which already ignores the case of ASCII letters, and only
// where every pattern is an ASCII literal.
class IlikeToLike : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("ilike_to_like"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "ILIKE on SQLite");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
