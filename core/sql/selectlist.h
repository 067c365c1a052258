#pragma once

#include "core/engines/engine.h"

#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

// What the outermost SELECT of a statement selects, read with the tokenizer (no parser): enough
// to name the columns an engine complains about without naming them (SQLite's "misuse of
// aggregate: count()").
class SelectList
{
public:
    // The plain column references (bare or qualified, as written) of the outermost SELECT list
    // that are neither inside an aggregate call nor in that SELECT's GROUP BY. Empty when the
    // statement has no such SELECT or cannot be read.
    static QStringList ungroupedColumns(QStringView sql, Engine engine);
};

} // namespace sqlmend::core
