#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// An ambiguous column whose candidates are all the same value: tables inner-joined on that column,
// of the same type, none on the NULL side of an outer join, each one used beyond the join.
class QualifyColumn : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("qualify_column"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "a qualifier where every candidate is the same value");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
