#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// Typographic quotes around a literal (“Smith”): plain single quotes.
class PlainQuotes : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("plain_quotes"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "typographic quotes");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
