#include "core/sql/connectionprofile.h"

#include "core/engines/engineregistry.h"
#include "core/sql/clickhousedriver.h"

#include <QDir>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Far longer than any real URL; keeps a pasted 10 MB blob from travelling further.
constexpr qsizetype MaxUrlLength = 8192;

bool hasControlCharacters(QStringView text)
{
    for (QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return true;
    }
    return false;
}

// Splits an ODBC connection string at ';' outside {braces}.
QStringList splitConnectionString(QStringView text)
{
    QStringList parts;
    QString current;
    int depth = 0;
    for (QChar c : text) {
        if (c == u'{')
            ++depth;
        else if (c == u'}' && depth > 0)
            --depth;
        if (c == u';' && depth == 0) {
            if (!current.trimmed().isEmpty())
                parts.append(current.trimmed());
            current.clear();
            continue;
        }
        current.append(c);
    }
    if (!current.trimmed().isEmpty())
        parts.append(current.trimmed());
    return parts;
}

QString unbrace(QString value)
{
    if (value.startsWith(u'{') && value.endsWith(u'}'))
        return value.mid(1, value.size() - 2);
    return value;
}

} // namespace

bool ConnectionProfile::isPasswordKey(QStringView key)
{
    const QString lower = key.trimmed().toString().toLower();
    return lower == u"password" || lower == u"pwd" || lower == u"passwd" || lower == u"pass"
            || lower == u"pgpassword";
}

QString ConnectionProfile::withoutPassword(QStringView url)
{
    QString text = url.toString();
    // scheme://user:password@host -> scheme://user@host
    static const QRegularExpression authority(
            uR"(^([A-Za-z][A-Za-z0-9+.-]*://[^/?#@:]*):[^/?#@]*@)"_s);
    text.replace(authority, uR"(\1@)"_s);
    // key=value items after ?, &, ; or white space (URL options, ODBC and libpq strings).
    static const QRegularExpression item(
            uR"((^|[?&;\s])(?:password|pwd|passwd|pass|pgpassword)\s*=\s*(?:\{[^}]*\}|[^&;\s#]*))"_s,
            QRegularExpression::CaseInsensitiveOption);
    text.replace(item, uR"(\1)"_s);
    // What taking an item out left behind: "?&", "&&", ";;", a trailing "?", "&" or ";".
    static const QRegularExpression separators(uR"(([?&;])[&;]+)"_s);
    text.replace(separators, uR"(\1)"_s);
    static const QRegularExpression trailing(uR"([?&;]+$)"_s);
    text.replace(trailing, QString());
    return text;
}

QString driverName(ConnectionProfile::Driver driver)
{
    switch (driver) {
    case ConnectionProfile::Driver::SQLite:
        return u"sqlite"_s;
    case ConnectionProfile::Driver::PostgreSQL:
        return u"postgresql"_s;
    case ConnectionProfile::Driver::MySQL:
        return u"mysql"_s;
    case ConnectionProfile::Driver::Odbc:
        return u"odbc"_s;
    case ConnectionProfile::Driver::ClickHouse:
        return u"clickhouse"_s;
    }
    return {};
}

Result<ConnectionProfile> ConnectionProfile::fromUrl(QStringView input, QString *password)
{
    if (password)
        password->clear();
    const QString url = input.trimmed().toString();
    if (url.isEmpty())
        return makeFailure(tr("The database URL is empty."), u"url_empty"_s);
    if (url.size() > MaxUrlLength) {
        return makeFailure(tr("The database URL is %1 characters long; at most %2 are accepted.")
                                   .arg(url.size())
                                   .arg(MaxUrlLength),
                           u"url_too_long"_s);
    }
    if (hasControlCharacters(url))
        return makeFailure(tr("The database URL contains control characters."), u"url_invalid"_s);

    const qsizetype colon = url.indexOf(u':');
    if (colon <= 0) {
        return makeFailure(tr("'%1' is not a database URL; expected for example "
                              "sqlite:///path/to/file.db or postgresql://user@host:5432/db.")
                                   .arg(url.left(80)),
                           u"url_no_scheme"_s);
    }
    const QString scheme = url.left(colon).toLower();
    const QString rest = url.mid(colon + 1);
    const SqlEngine *named = EngineRegistry::forScheme(scheme);
    if (!named || !named->driver()) {
        return makeFailure(tr("Unknown database URL scheme '%1'; use sqlite, postgresql, mysql, "
                              "mariadb, clickhouse or odbc.")
                                   .arg(scheme.left(40)),
                           u"url_unknown_scheme"_s);
    }
    ConnectionProfile profile;
    profile.m_driver = *named->driver();
    profile.m_engine = named->engine();

    if (profile.m_driver == Driver::SQLite) {
        QString path = rest;
        if (path.startsWith(u"//")) {
            path = path.mid(2);
            if (path.startsWith(u"localhost/"))
                path = path.mid(9);
            if (!path.startsWith(u'/')) {
                return makeFailure(tr("A SQLite URL names a file, not a host: write "
                                      "sqlite:///absolute/path.db or sqlite:relative/path.db."),
                                   u"url_invalid"_s);
            }
            path = QUrl::fromPercentEncoding(path.toUtf8());
        }
        if (path.isEmpty())
            return makeFailure(tr("The SQLite URL names no file."), u"url_invalid"_s);
        profile.m_database = path;
        return profile;
    }

    if (profile.m_driver == Driver::Odbc) {
        if (rest.startsWith(u"//")) {
            QString dsn = rest.mid(2);
            const qsizetype query = dsn.indexOf(u'?');
            if (query >= 0) {
                const QUrlQuery options(dsn.mid(query + 1));
                for (const auto &item : options.queryItems(QUrl::FullyDecoded)) {
                    if (isPasswordKey(item.first)) {
                        if (password)
                            *password = item.second;
                        continue;
                    }
                    profile.m_options.append(item);
                }
                dsn.truncate(query);
            }
            const qsizetype at = dsn.lastIndexOf(u'@');
            if (at >= 0) {
                profile.m_user = QUrl::fromPercentEncoding(dsn.left(at).toUtf8());
                const qsizetype userColon = profile.m_user.indexOf(u':');
                if (userColon >= 0) {
                    if (password)
                        *password = profile.m_user.mid(userColon + 1);
                    profile.m_user.truncate(userColon);
                }
                dsn = dsn.mid(at + 1);
            }
            dsn = QUrl::fromPercentEncoding(dsn.toUtf8());
            if (dsn.isEmpty() || dsn.contains(u';') || dsn.contains(u'=') || dsn.contains(u'{')) {
                return makeFailure(tr("'%1' is not a data source name; write odbc://DSN or "
                                      "odbc:DRIVER={...};SERVER=...")
                                           .arg(dsn.left(80)),
                                   u"url_invalid"_s);
            }
            profile.m_database = dsn;
            return profile;
        }
        // A connection string: UID goes to the profile, PWD to the caller, never to the profile.
        QStringList kept;
        bool hasDriverOrDsn = false;
        for (const QString &part : splitConnectionString(rest)) {
            const qsizetype eq = part.indexOf(u'=');
            if (eq <= 0) {
                return makeFailure(tr("'%1' in the ODBC connection string is not KEY=value.")
                                           .arg(part.left(80)),
                                   u"url_invalid"_s);
            }
            const QString key = part.left(eq).trimmed().toUpper();
            const QString value = part.mid(eq + 1).trimmed();
            if (isPasswordKey(key)) {
                if (password)
                    *password = unbrace(value);
                continue;
            }
            if (key == u"UID" || key == u"USER" || key == u"USERNAME") {
                profile.m_user = unbrace(value);
                continue;
            }
            if (key == u"DRIVER" || key == u"DSN" || key == u"FILEDSN")
                hasDriverOrDsn = true;
            if (key == u"SERVER" || key == u"SERVERNAME" || key == u"HOST")
                profile.m_host = unbrace(value);
            if (key == u"PORT")
                profile.m_port = value.toInt();
            kept.append(part);
        }
        if (!hasDriverOrDsn) {
            return makeFailure(tr("The ODBC connection string names neither DRIVER nor DSN."),
                               u"url_invalid"_s);
        }
        profile.m_database = kept.join(u';');
        return profile;
    }

    if (!rest.startsWith(u"//")) {
        return makeFailure(tr("Write the URL as %1://user@host:port/database.").arg(scheme),
                           u"url_invalid"_s);
    }
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid()) {
        return makeFailure(tr("The database URL is not valid: %1").arg(parsed.errorString()),
                           u"url_invalid"_s);
    }
    profile.m_host = parsed.host(QUrl::FullyDecoded);
    profile.m_port = parsed.port(-1);
    profile.m_user = parsed.userName(QUrl::FullyDecoded);
    if (parsed.hasFragment())
        return makeFailure(tr("A database URL has no #fragment."), u"url_invalid"_s);
    if (password)
        *password = parsed.password(QUrl::FullyDecoded);
    QString path = parsed.path(QUrl::FullyDecoded);
    if (path.startsWith(u'/'))
        path.remove(0, 1);
    if (path.contains(u'/'))
        return makeFailure(tr("'%1' is not a database name.").arg(path.left(80)), u"url_invalid"_s);
    profile.m_database = path;
    const QUrlQuery query(parsed);
    for (const auto &item : query.queryItems(QUrl::FullyDecoded)) {
        if (item.first.isEmpty() || item.first.contains(u';') || item.second.contains(u';')
            || item.first.contains(u' ') || item.second.contains(u' ')) {
            return makeFailure(tr("The URL option '%1' cannot be passed to the driver.")
                                       .arg(item.first.left(40)),
                               u"url_invalid"_s);
        }
        // A password is never an option the profile keeps (it would be stored with the URL).
        if (isPasswordKey(item.first)) {
            if (password && password->isEmpty())
                *password = item.second;
            continue;
        }
        // libpq's own spelling: ?host=/run/dir selects a unix socket directory.
        if (item.first == u"host" && profile.m_host.isEmpty()) {
            profile.m_host = item.second;
            continue;
        }
        profile.m_options.append(item);
    }
    if (profile.m_driver == Driver::ClickHouse) {
        // HTTP needs a host; every option but the connection's own becomes a server setting, and
        // the session stays read-only (readonly=1, or 2 where settings must stay changeable).
        if (profile.m_host.isEmpty()) {
            return makeFailure(tr("A ClickHouse URL names a host: "
                                  "clickhouse://user@host:8123/database."),
                               u"url_invalid"_s);
        }
        static const QStringList own = {u"secure"_s, u"ca_file"_s, u"connect_timeout"_s,
                                        u"read_timeout"_s};
        for (const auto &item : std::as_const(profile.m_options)) {
            if (!own.contains(item.first) && !ClickHouseDriver::isSettingName(item.first)) {
                return makeFailure(
                        tr("'%1' is not a ClickHouse setting name.").arg(item.first.left(40)),
                        u"url_invalid"_s);
            }
        }
        const QString readonly = profile.option(u"readonly");
        if (!readonly.isEmpty() && readonly != u"1" && readonly != u"2") {
            return makeFailure(tr("SQLMend opens ClickHouse read-only: readonly is 1 or 2, not "
                                  "'%1'.")
                                       .arg(readonly.left(20)),
                               u"url_invalid"_s);
        }
        if (scheme == u"clickhouses" && profile.option(u"secure").isEmpty())
            profile.m_options.append({u"secure"_s, u"1"_s});
    }
    return profile;
}

QString ConnectionProfile::qtDriverName() const
{
    switch (m_driver) {
    case Driver::SQLite:
        return u"QSQLITE"_s;
    case Driver::PostgreSQL:
        return u"QPSQL"_s;
    case Driver::MySQL:
        return u"QMYSQL"_s;
    case Driver::Odbc:
        return u"QODBC"_s;
    case Driver::ClickHouse:
        return ClickHouseDriver::qtDriverName();
    }
    return {};
}

QString ConnectionProfile::option(QStringView key) const
{
    for (const auto &item : m_options) {
        if (item.first.compare(key, Qt::CaseInsensitive) == 0)
            return item.second;
    }
    return {};
}

bool ConnectionProfile::needsPassword() const
{
    return m_driver != Driver::SQLite;
}

QString ConnectionProfile::toUrl() const
{
    switch (m_driver) {
    case Driver::SQLite:
        if (m_database.startsWith(u'/'))
            return u"sqlite://"_s + QString::fromUtf8(QUrl::toPercentEncoding(m_database, "/"));
        return u"sqlite:"_s + m_database;
    case Driver::Odbc: {
        QString url;
        if (!m_database.contains(u'=')) {
            url = u"odbc://"_s;
            if (!m_user.isEmpty())
                url += QString::fromUtf8(QUrl::toPercentEncoding(m_user)) + u'@';
            url += QString::fromUtf8(QUrl::toPercentEncoding(m_database));
            if (!m_options.isEmpty()) {
                QUrlQuery query;
                query.setQueryItems(m_options);
                url += u'?' + query.toString(QUrl::FullyEncoded);
            }
            return url;
        }
        url = u"odbc:"_s + m_database;
        if (!m_user.isEmpty())
            url += u";UID="_s + m_user;
        return url;
    }
    case Driver::PostgreSQL:
    case Driver::MySQL:
    case Driver::ClickHouse: {
        QUrl url;
        url.setScheme(EngineRegistry::forEngine(m_engine).urlSchemes().value(0));
        url.setUserName(m_user);
        // An empty authority still needs the '//' that QUrl only writes for a non-empty host.
        url.setHost(m_host.startsWith(u'/') ? QString() : m_host);
        if (m_port > 0)
            url.setPort(m_port);
        url.setPath(u'/' + m_database);
        QList<QPair<QString, QString>> items = m_options;
        if (m_host.startsWith(u'/'))
            items.prepend({u"host"_s, m_host});
        if (!items.isEmpty()) {
            QUrlQuery query;
            query.setQueryItems(items);
            url.setQuery(query);
        }
        QString text = url.toString(QUrl::FullyEncoded);
        if (url.host().isEmpty() && !text.contains(u"://"))
            text.replace(url.scheme() + u":/"_s, url.scheme() + u":///"_s);
        return text;
    }
    }
    return {};
}

QString ConnectionProfile::secretKey() const
{
    return u"sqlmend:"_s + toUrl();
}

QString ConnectionProfile::displayName() const
{
    switch (m_driver) {
    case Driver::SQLite:
        return QDir::fromNativeSeparators(m_database).section(u'/', -1);
    case Driver::Odbc:
        return m_database.contains(u'=') ? (m_host.isEmpty() ? u"ODBC"_s : m_host) : m_database;
    case Driver::PostgreSQL:
    case Driver::MySQL:
    case Driver::ClickHouse:
        return tr("%1 on %2").arg(m_database, m_host.isEmpty() ? u"localhost"_s : m_host);
    }
    return {};
}

QString ConnectionProfile::qtConnectOptions() const
{
    QStringList options;
    switch (m_driver) {
    case Driver::SQLite:
        // Wall 2 for SQLite: the file is opened read-only (plus PRAGMA query_only once open).
        options << u"QSQLITE_OPEN_READONLY"_s << u"QSQLITE_BUSY_TIMEOUT=2000"_s;
        break;
    case Driver::PostgreSQL:
        for (const auto &item : m_options)
            options << item.first + u'=' + item.second;
        if (option(u"connect_timeout").isEmpty())
            options << u"connect_timeout=10"_s;
        break;
    case Driver::MySQL:
        for (const auto &item : m_options)
            options << item.first + u'=' + item.second;
        if (option(u"MYSQL_OPT_CONNECT_TIMEOUT").isEmpty())
            options << u"MYSQL_OPT_CONNECT_TIMEOUT=10"_s;
        break;
    case Driver::Odbc:
        options << u"SQL_ATTR_ACCESS_MODE=SQL_MODE_READ_ONLY"_s << u"SQL_ATTR_LOGIN_TIMEOUT=10"_s;
        break;
    case Driver::ClickHouse:
        for (const auto &item : m_options) {
            if (item.first == u"secure")
                options << u"CLICKHOUSE_SECURE="_s + item.second;
            else if (item.first == u"ca_file")
                options << u"CLICKHOUSE_CA_FILE="_s + item.second;
            else if (item.first == u"connect_timeout")
                options << u"CLICKHOUSE_CONNECT_TIMEOUT="_s + item.second;
            else if (item.first == u"read_timeout")
                options << u"CLICKHOUSE_READ_TIMEOUT="_s + item.second;
            else
                options << item.first + u'=' + item.second;
        }
        if (option(u"connect_timeout").isEmpty())
            options << u"CLICKHOUSE_CONNECT_TIMEOUT=10"_s;
        // Wall 2 for ClickHouse: every request runs under readonly (1 unless the URL says 2).
        if (option(u"readonly").isEmpty())
            options << u"readonly=1"_s;
        break;
    }
    return options.join(u';');
}

} // namespace sqlmend::core
