#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// Prose before the statement: a reply that echoes its prompt and then answers ("I want you to act
// as a SQL terminal ... So please tell me <question> select ..."), opens with a sentence, or with a
// label ("### Response:"). The statement from the reply's first SELECT (or WITH that opens a common
// table expression) to its end, where the text before it is prose or a label and holds no other
// statement, and the text from there on is one whole statement with no prose in it.
class CutLeadingProse : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("cut_leading_prose"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "prose before the statement");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
