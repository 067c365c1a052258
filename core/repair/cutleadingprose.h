#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A lead-in before the statement: one line ending with a colon ("Here is the query you asked
// for:", "### Response:", "**SQL query:**"). The statement from the reply's first SELECT (or WITH
// that opens a common table expression) to its end, where the text from there on is one whole
// statement with no prose in it. Not a reply that echoes its prompt before a statement: on the
// unseen databases that statement answered another question every time.
class CutLeadingProse : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("cut_leading_prose"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "a lead-in before the statement");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
