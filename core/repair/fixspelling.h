#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column or table name that exists nowhere in the schema, with exactly one real name in scope
// that differs only in letter case, underscores or one typo.
class FixSpelling : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("fix_spelling"); }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
