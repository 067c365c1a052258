#include "ui/sqlhistory.h"

#include <QCryptographicHash>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// A settings key per connection; URLs hold characters QSettings keys do not take.
QString keyFor(const QString &connectionUrl)
{
    const QByteArray hash =
            QCryptographicHash::hash(connectionUrl.toUtf8(), QCryptographicHash::Sha1).toHex();
    return u"sqlHistory/"_s + QString::fromLatin1(hash.left(20));
}

} // namespace

QStringList SqlHistory::load(const QString &connectionUrl)
{
    if (connectionUrl.isEmpty())
        return {};
    return QSettings().value(keyFor(connectionUrl)).toStringList().mid(0, maxEntries);
}

void SqlHistory::add(const QString &connectionUrl, const QString &sql)
{
    const QString statement = sql.trimmed();
    if (connectionUrl.isEmpty() || statement.isEmpty() || statement.size() > maxStatementLength)
        return;
    QStringList entries = load(connectionUrl);
    entries.removeAll(statement);
    entries.prepend(statement);
    QSettings().setValue(keyFor(connectionUrl), entries.mid(0, maxEntries));
}

void SqlHistory::clear(const QString &connectionUrl)
{
    QSettings().remove(keyFor(connectionUrl));
}

} // namespace sqlmend::ui
