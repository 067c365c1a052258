#include "core/cases/storetext.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool hasLoneSurrogate(QStringView value)
{
    for (qsizetype i = 0; i < value.size(); ++i) {
        if (value[i].isHighSurrogate() && i + 1 < value.size() && value[i + 1].isLowSurrogate())
            ++i;
        else if (value[i].isSurrogate())
            return true;
    }
    return false;
}

} // namespace

QString storable(const QString &value)
{
    if (value.isNull())
        return QString(u""_s);
    if (hasLoneSurrogate(value))
        return QString::fromUtf8(value.toUtf8());
    return value;
}

QString storedList(const QStringList &values)
{
    return QString::fromUtf8(
            QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

QStringList listFromStored(const QString &json)
{
    QStringList values;
    for (const QJsonValue &value : QJsonDocument::fromJson(json.toUtf8()).array())
        values.append(value.toString());
    return values;
}

} // namespace sqlmend::core
