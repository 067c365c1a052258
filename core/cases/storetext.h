#pragma once

#include <QString>
#include <QStringList>

namespace sqlmend::core {

// Text as the store's NOT NULL text columns take it: Qt 6 binds a null QString as SQL NULL, so
// null becomes empty; a lone surrogate becomes U+FFFD as in UTF-8 (SQLite's UTF-16 conversion
// would swallow the next character with it).
QString storable(const QString &value);

// A list of strings as the store keeps it in a text column (a compact JSON array), and back; text
// that is not such an array reads as an empty list.
QString storedList(const QStringList &values);
QStringList listFromStored(const QString &json);

} // namespace sqlmend::core
