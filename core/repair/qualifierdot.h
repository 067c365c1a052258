#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A qualifier written against a quoted name without its dot (p"People_ID"), where the engine
// stopped at the quoted name: p."People_ID", only where every such qualifier is a table or alias
// of the query, no column of it, and the quoted name is a column of the table it stands for.
// Also a qualifier and its column with white space between them (WHERE Cartoon Directed_by =
// 'Ben Jones'), where the engine stopped at the column, on the same terms: Cartoon.Directed_by.
// Two plain words only, not after AS, where they are an alias of several words; a quoted name
// after a space may be a quoted alias.
class QualifierDot : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("qualifier_dot"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "a qualifier without its dot");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
