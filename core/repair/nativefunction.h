#pragma once

#include "core/repair/repairstep.h"

namespace sqlmend::core {

// Another dialect's name for a function the engine has under its own, where the engine's error
// says the function does not exist: NVL(a, b) and IFNULL(a, b) (Oracle, MySQL, SQLite) are
// COALESCE(a, b) everywhere; CHAR_LENGTH(x) and CHARACTER_LENGTH(x) count characters as SQLite's
// LENGTH(x) does. Only the function the error names, every call of it, each with the number of
// arguments of the rename; a call qualified by a schema is that schema's own.
// Not SQL Server's LEN(x), which leaves out trailing spaces that LENGTH counts, nor its
// two-argument ISNULL, which converts the fallback to the first argument's type: those stay advice.
class NativeFunction : public RepairStep
{
public:
    QString name() const override { return QStringLiteral("native_function"); }
    const char *summary() const override
    {
        return QT_TRANSLATE_NOOP("sqlmend::core::Repairs",
                                 "another dialect's name of a function (NVL, IFNULL, CHAR_LENGTH)");
    }
    std::optional<Repair> propose(const RepairInput &input) const override;
};

} // namespace sqlmend::core
