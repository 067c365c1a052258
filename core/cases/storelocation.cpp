#include "core/cases/storelocation.h"

#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool isPlainName(const QString &name)
{
    static const QRegularExpression pattern(u"^[A-Za-z_][A-Za-z0-9_]{0,62}$"_s);
    return pattern.match(name).hasMatch();
}

} // namespace

QString StoreLocation::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
            .filePath(u"cases.sqlite"_s);
}

Result<StoreLocation> StoreLocation::parse(const QString &input, QString *password)
{
    if (password)
        password->clear();
    StoreLocation location;
    const QString text = input.trimmed();
    if (text.isEmpty()) {
        location.m_path = defaultPath();
        return location;
    }
    if (text.contains(QChar(u'\0')))
        return makeFailure(tr("the store location contains a NUL character"), u"invalid"_s);

    if (text.startsWith(u"sqlite:"_s, Qt::CaseInsensitive)) {
        QString rest = text.mid(7);
        if (rest.startsWith(u"//"_s))
            rest = rest.mid(2); // sqlite:///abs -> /abs; sqlite://rel -> rel
        if (rest.isEmpty())
            return makeFailure(tr("the SQLite URL \"%1\" names no file").arg(text), u"invalid"_s);
        location.m_path = QUrl::fromPercentEncoding(rest.toUtf8());
        return location;
    }

    if (text.startsWith(u"postgresql://"_s, Qt::CaseInsensitive)
        || text.startsWith(u"postgres://"_s, Qt::CaseInsensitive)) {
        const QUrl url(text, QUrl::StrictMode);
        if (!url.isValid()) {
            return makeFailure(tr("\"%1\" is not a valid PostgreSQL URL: %2")
                                       .arg(url.toString(QUrl::RemovePassword), url.errorString()),
                               u"invalid"_s);
        }
        location.m_backend = Backend::PostgreSQL;
        location.m_host = url.host();
        location.m_port = url.port(-1);
        location.m_user = url.userName(QUrl::FullyDecoded);
        location.m_database = url.path(QUrl::FullyDecoded).mid(1);
        if (password)
            *password = url.password(QUrl::FullyDecoded);
        if (location.m_database.isEmpty()) {
            return makeFailure(tr("the PostgreSQL URL \"%1\" names no database")
                                       .arg(url.toString(QUrl::RemovePassword)),
                               u"invalid"_s);
        }
        const QList<QPair<QString, QString>> items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
        for (const auto &[key, value] : items) {
            if (key == u"schema") {
                if (!isPlainName(value)) {
                    return makeFailure(tr("the schema name \"%1\" must be letters, digits and "
                                          "underscores")
                                               .arg(value.left(70)),
                                       u"invalid"_s);
                }
                location.m_schema = value;
            } else if (isPlainName(key) && !value.contains(u';') && !key.contains(u"password"_s)) {
                location.m_options.append({key, value});
            } else {
                return makeFailure(tr("the URL option \"%1\" is not supported").arg(key.left(70)),
                                   u"invalid"_s);
            }
        }
        return location;
    }

    static const QRegularExpression scheme(u"^[A-Za-z][A-Za-z0-9+.-]*://"_s);
    if (scheme.match(text).hasMatch()) {
        return makeFailure(tr("a case store lives in SQLite or PostgreSQL, not at \"%1\"")
                                   .arg(QUrl(text).toString(QUrl::RemovePassword).left(200)),
                           u"invalid"_s);
    }
    location.m_path = text;
    return location;
}

QString StoreLocation::connectOptions() const
{
    QStringList parts;
    bool hasTimeout = false;
    for (const auto &[key, value] : m_options) {
        parts.append(key + u'=' + value);
        hasTimeout = hasTimeout || key == u"connect_timeout";
    }
    if (!hasTimeout)
        parts.append(u"connect_timeout=10"_s); // an unreachable team server fails in time
    return parts.join(u';');
}

QString StoreLocation::displayName() const
{
    if (m_backend == Backend::SQLite)
        return m_path == u":memory:" ? u"sqlite::memory:"_s : u"sqlite://"_s + m_path;
    QUrl url;
    url.setScheme(u"postgresql"_s);
    url.setHost(m_host.isEmpty() ? u"localhost"_s : m_host);
    if (m_port > 0)
        url.setPort(m_port);
    url.setUserName(m_user);
    url.setPath(u'/' + m_database);
    if (!m_schema.isEmpty())
        url.setQuery(u"schema="_s + m_schema);
    return url.toString();
}

} // namespace sqlmend::core
