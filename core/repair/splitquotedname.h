#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// `table.column` quoted as one name: each part quoted on its own, where the first part is a table
// of the query.
class SplitQuotedName : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("split_quoted_name"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "a name quoted as one");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
