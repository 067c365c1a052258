#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// A column or table name that exists nowhere in the schema, with exactly one real name in scope
// that differs only in letter case, underscores (or a quoted name's spaces) or one typo, where the
// typo does not turn a word the schema's names use into another (MakerId is not a misspelt
// MakeId: Maker is a column).
class FixSpelling : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("fix_spelling"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs", "a unique spelling fix");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
    // Its rows stand as they come, like a statement the model wrote: the fix reads the one real
    // name the wrong one can stand for and leaves every other token as written. Measured on gold
    // queries with one name misspelled, the checks of the rows held back 156 of 1,323 results,
    // all of them right (empty results, ties the gold query has too, duplicates the gold query
    // returns). What the statement itself shows still counts: an answer that repeats its own
    // filter, the maximum of a key; and so does a text value it compares a column with that no
    // row holds ('North Carolina' where the data writes 'NorthCarolina'), which answers about
    // nothing in the data whatever the name's spelling.
    AnswerChecks checksAnswer() const override { return AnswerChecks::Statement; }
};

} // namespace sqlmend::core
