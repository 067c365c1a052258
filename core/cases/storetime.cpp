#include "core/cases/storetime.h"

#include <QTimeZone>

namespace sqlmend::core {

QString storeTimestamp(const QDateTime &time)
{
    if (!time.isValid())
        return {};
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime storeTimestampFromText(QStringView text)
{
    if (text.isEmpty())
        return {};
    QDateTime time = QDateTime::fromString(text.toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        return {};
    return time.toUTC();
}

QDateTime storeNow()
{
    return QDateTime::currentDateTimeUtc();
}

} // namespace sqlmend::core
