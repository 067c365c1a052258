#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// The whole statement written inside backticks (SELECT `select ...`), which quote one name: the
// statement inside, without what runs on after it. A backtick the reply never closes (SELECT
// `select ...;` and nothing after it) leaves the rest of the reply as the statement, when that
// rest is one statement with every string and quoted name closed.
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
