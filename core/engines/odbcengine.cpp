#include "core/engines/odbcengine.h"

#include "core/engines/engineregistry.h"

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

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

QString odbcConnectionString(const ConnectionProfile &profile)
{
    QString text = profile.database();
    // psqlODBC ignores SQL_ATTR_ACCESS_MODE unless told so in the connection string.
    const bool psqlodbc = text.contains(u"psqlodbc", Qt::CaseInsensitive)
            || text.contains(u"DRIVER={PostgreSQL", Qt::CaseInsensitive);
    if (psqlodbc && !text.contains(u"ReadOnly=", Qt::CaseInsensitive))
        text += u";ReadOnly=1"_s;
    // Without a cursor psqlODBC reads the whole result before the first row: the row cap would
    // bound nothing. With one it fetches 200 rows at a time.
    if (psqlodbc && !text.contains(u"UseDeclareFetch=", Qt::CaseInsensitive))
        text += u";UseDeclareFetch=1;Fetch=200"_s;
    return text;
}

} // namespace

QString OdbcEngine::name() const
{
    return m_backend ? m_backend->name() : engineDisplayName(Engine::Odbc);
}

QStringList OdbcEngine::urlSchemes() const
{
    return {u"odbc"_s};
}

QList<SqlLexicalRules> OdbcEngine::otherReadings(QStringView) const
{
    // The server's quoting rules are not known: the text must also be read-only as MySQL
    // reads it.
    return {EngineRegistry::forEngine(Engine::MySQL).lexicalRules()};
}

QStringList OdbcEngine::denylistKeys() const
{
    return {u"postgresql"_s, u"mysql"_s, u"sqlite"_s, u"sqlserver"_s, u"clickhouse"_s, u"any"_s};
}

QString OdbcEngine::rowLimitClause(int rows) const
{
    return m_backend ? m_backend->rowLimitClause(rows) : SqlEngine::rowLimitClause(rows);
}

QStringList OdbcEngine::sessionSetup() const
{
    return m_backend ? m_backend->odbcSessionSetup() : QStringList();
}

QString OdbcEngine::lexingStateQuery() const
{
    return m_backend ? m_backend->odbcLexingStateQuery() : QString();
}

LexingPin OdbcEngine::lexingPin(const QString &state) const
{
    return m_backend ? m_backend->odbcLexingPin(state) : LexingPin();
}

QStringList OdbcEngine::beginRun(int timeoutMs, int maxRows) const
{
    return m_backend ? m_backend->odbcBeginRun(timeoutMs, maxRows) : QStringList();
}

QStringList OdbcEngine::endRun() const
{
    return m_backend ? m_backend->odbcEndRun() : QStringList();
}

std::optional<QString> OdbcEngine::configure(QSqlDatabase &database,
                                             const ConnectionProfile &profile,
                                             const QString &password) const
{
    database.setDatabaseName(odbcConnectionString(profile));
    database.setUserName(profile.user());
    database.setPassword(password);
    return std::nullopt;
}

const SqlEngine *OdbcEngine::backendOf(QSqlDatabase &database) const
{
    if (m_backend)
        return m_backend;
    const Engine backend = database.driver()
            ? EngineRegistry::odbcBackend(database.driver()->dbmsType())
            : Engine::Unknown;
    return backend == Engine::Unknown ? nullptr : &EngineRegistry::forEngine(backend);
}

QString OdbcEngine::defaultSchema(QSqlDatabase &database) const
{
    const SqlEngine *backend = backendOf(database);
    return backend ? backend->defaultSchema(database) : SqlEngine::defaultSchema(database);
}

Result<QList<CatalogTable>, Diagnosis> OdbcEngine::catalogTables(QSqlDatabase &database,
                                                                 const QString &schema) const
{
    if (const SqlEngine *backend = backendOf(database); backend && !schema.isEmpty()) {
        Result<QList<CatalogTable>, Diagnosis> loaded = backend->catalogTables(database, schema);
        if (loaded)
            return loaded;
    }
    return SqlEngine::catalogTables(database, schema);
}

ReachedServer OdbcEngine::reached(QSqlDatabase &database) const
{
    ReachedServer server;
    server.engine = engine();
    // The session is answered by what QODBC found behind the driver, and the SQL is its.
    const SqlEngine *backend = backendOf(database);
    server.dialect = backend ? backend->engine() : Engine::Unknown;
    server.session = &EngineRegistry::forOdbc(server.dialect);
    return server;
}

std::optional<Failure> OdbcEngine::readUrl(QStringView, const QString &rest, const QString &,
                                           ConnectionProfile &profile, QString *password) const
{
    const auto failure = [](const QString &message) { return Failure{message, u"url_invalid"_s}; };
    if (rest.startsWith(u"//")) {
        QString dsn = rest.mid(2);
        const qsizetype query = dsn.indexOf(u'?');
        if (query >= 0) {
            QList<QPair<QString, QString>> options;
            const QUrlQuery items(dsn.mid(query + 1));
            for (const auto &item : items.queryItems(QUrl::FullyDecoded)) {
                if (ConnectionProfile::isPasswordKey(item.first)) {
                    if (password)
                        *password = item.second;
                    continue;
                }
                options.append(item);
            }
            profile.setOptions(options);
            dsn.truncate(query);
        }
        const qsizetype at = dsn.lastIndexOf(u'@');
        if (at >= 0) {
            QString user = QUrl::fromPercentEncoding(dsn.left(at).toUtf8());
            const qsizetype userColon = user.indexOf(u':');
            if (userColon >= 0) {
                if (password)
                    *password = user.mid(userColon + 1);
                user.truncate(userColon);
            }
            profile.setUser(user);
            dsn = dsn.mid(at + 1);
        }
        dsn = QUrl::fromPercentEncoding(dsn.toUtf8());
        if (dsn.isEmpty() || dsn.contains(u';') || dsn.contains(u'=') || dsn.contains(u'{')) {
            return failure(ConnectionProfile::tr("'%1' is not a data source name; write "
                                                 "odbc://DSN or odbc:DRIVER={...};SERVER=...")
                                   .arg(dsn.left(80)));
        }
        profile.setDatabase(dsn);
        return std::nullopt;
    }
    QStringList kept;
    bool hasDriverOrDsn = false;
    for (const QString &part : splitConnectionString(rest)) {
        const qsizetype eq = part.indexOf(u'=');
        if (eq <= 0) {
            return failure(ConnectionProfile::tr("'%1' in the ODBC connection string is not "
                                                 "KEY=value.")
                                   .arg(part.left(80)));
        }
        const QString key = part.left(eq).trimmed().toUpper();
        const QString value = part.mid(eq + 1).trimmed();
        if (ConnectionProfile::isPasswordKey(key)) {
            if (password)
                *password = unbrace(value);
            continue;
        }
        if (key == u"UID" || key == u"USER" || key == u"USERNAME") {
            profile.setUser(unbrace(value));
            continue;
        }
        if (key == u"DRIVER" || key == u"DSN" || key == u"FILEDSN")
            hasDriverOrDsn = true;
        if (key == u"SERVER" || key == u"SERVERNAME" || key == u"HOST")
            profile.setHost(unbrace(value));
        if (key == u"PORT")
            profile.setPort(value.toInt());
        kept.append(part);
    }
    if (!hasDriverOrDsn)
        return failure(ConnectionProfile::tr("The ODBC connection string names neither DRIVER nor "
                                             "DSN."));
    profile.setDatabase(kept.join(u';'));
    return std::nullopt;
}

QString OdbcEngine::writeUrl(const ConnectionProfile &profile) const
{
    QString url;
    if (!profile.database().contains(u'=')) {
        url = u"odbc://"_s;
        if (!profile.user().isEmpty())
            url += QString::fromUtf8(QUrl::toPercentEncoding(profile.user())) + u'@';
        url += QString::fromUtf8(QUrl::toPercentEncoding(profile.database()));
        if (!profile.options().isEmpty()) {
            QUrlQuery query;
            query.setQueryItems(profile.options());
            url += u'?' + query.toString(QUrl::FullyEncoded);
        }
        return url;
    }
    url = u"odbc:"_s + profile.database();
    if (!profile.user().isEmpty())
        url += u";UID="_s + profile.user();
    return url;
}

QString OdbcEngine::displayName(const ConnectionProfile &profile) const
{
    if (!profile.database().contains(u'='))
        return profile.database();
    return profile.host().isEmpty() ? u"ODBC"_s : profile.host();
}

QStringList OdbcEngine::connectOptions(const ConnectionProfile &) const
{
    return {u"SQL_ATTR_ACCESS_MODE=SQL_MODE_READ_ONLY"_s, u"SQL_ATTR_LOGIN_TIMEOUT=10"_s};
}

} // namespace sqlmend::core
