#pragma once

#include <QDateTime>
#include <QString>
#include <QStringView>

namespace sqlmend::core {

// Times are stored as ISO 8601 text in UTC with milliseconds ("2024-05-01T12:00:00.000Z"): the
// same on SQLite and PostgreSQL, sortable as text, and exact on a JSON round trip.
QString storeTimestamp(const QDateTime &time);
// An invalid QDateTime for empty or malformed text.
QDateTime storeTimestampFromText(QStringView text);
// Now, in UTC, at the precision the store keeps.
QDateTime storeNow();

} // namespace sqlmend::core
