#pragma once

#include <QString>

namespace sqlmend::core {

// Text as the store's NOT NULL text columns take it: Qt 6 binds a null QString as SQL NULL, so
// null becomes empty; a lone surrogate becomes U+FFFD as in UTF-8 (SQLite's UTF-16 conversion
// would swallow the next character with it).
QString storable(const QString &value);

} // namespace sqlmend::core
