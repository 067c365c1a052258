#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"

#include <QString>
#include <QStringView>

#include <optional>

namespace sqlmend::core {

// The deterministic repair tried before asking a model again (DESIGN.md): a missing column or
// table with exactly one clearly best real name in the live schema. The identifier tokens are
// found with the tokenizer and replaced one by one; the text around them is never touched.
class Autofix
{
public:
    struct Repair
    {
        QString sql;
        QString wrongName;
        QString realName;
        int replacements = 0;
    };

    static std::optional<Repair> repair(QStringView sql, Engine engine, const Diagnosis &diagnosis,
                                        const SchemaNames &schema);

    // The name the engine said is missing ("user_name" from `column "u.user_name" does not
    // exist`), without its qualifier; empty when the message names none.
    static QString missingName(const Diagnosis &diagnosis);
};

} // namespace sqlmend::core
