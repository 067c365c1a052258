#pragma once

#include "core/repair/repairstep.h"

#include <QList>
#include <QStringList>

#include <functional>
#include <memory>

namespace sqlmend::core {

// The repair steps, in the fixed order they are tried: output format first (markers, backticks
// around the whole statement, a second statement, typographic quotes, names quoted as one), then
// dialect spellings the engine's error proves foreign, trailing prose, unique spelling fixes, and
// qualifiers where every candidate is the same value. Adding a step is one class (its name, its
// summary, which run --autofix's help lists, and its reading) and one line in steps().
class Repairs
{
public:
    static const QList<std::shared_ptr<const RepairStep>> &steps();
    static QStringList names();
    // Each step's summary, translated, in order.
    static QStringList summaries();
    // The first step's repair whose statement has not been tried yet (tried may be empty).
    static std::optional<Repair> next(const RepairInput &input,
                                      const std::function<bool(const QString &sql)> &tried = {});
};

} // namespace sqlmend::core
