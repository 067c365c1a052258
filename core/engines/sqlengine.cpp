#include "core/engines/sqlengine.h"

#include "core/engines/engineregistry.h"
#include "core/errors/errorrules.h"
#include "core/exec/safetyexamination.h"
#include "core/schema/catalogquery.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SqlEngine::~SqlEngine() = default;

EngineSession::~EngineSession() = default;

std::optional<Failure> SqlEngine::readUrl(QStringView scheme, const QString &rest,
                                          const QString &url, ConnectionProfile &profile,
                                          QString *password) const
{
    const auto failure = [](const QString &message) { return Failure{message, u"url_invalid"_s}; };
    if (!rest.startsWith(u"//")) {
        return failure(ConnectionProfile::tr("Write the URL as %1://user@host:port/database.")
                               .arg(scheme));
    }
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid()) {
        return failure(ConnectionProfile::tr("The database URL is not valid: %1")
                               .arg(parsed.errorString()));
    }
    QString host = parsed.host(QUrl::FullyDecoded);
    profile.setPort(parsed.port(-1));
    profile.setUser(parsed.userName(QUrl::FullyDecoded));
    if (parsed.hasFragment())
        return failure(ConnectionProfile::tr("A database URL has no #fragment."));
    if (password)
        *password = parsed.password(QUrl::FullyDecoded);
    QString path = parsed.path(QUrl::FullyDecoded);
    if (path.startsWith(u'/'))
        path.remove(0, 1);
    if (path.contains(u'/'))
        return failure(ConnectionProfile::tr("'%1' is not a database name.").arg(path.left(80)));
    profile.setDatabase(path);
    QList<QPair<QString, QString>> options;
    const QUrlQuery query(parsed);
    for (const auto &item : query.queryItems(QUrl::FullyDecoded)) {
        if (item.first.isEmpty() || item.first.contains(u';') || item.second.contains(u';')
            || item.first.contains(u' ') || item.second.contains(u' ')) {
            return failure(ConnectionProfile::tr("The URL option '%1' cannot be passed to the "
                                                 "driver.")
                                   .arg(item.first.left(40)));
        }
        // A password is never an option the profile keeps (it would be stored with the URL).
        if (ConnectionProfile::isPasswordKey(item.first)) {
            if (password && password->isEmpty())
                *password = item.second;
            continue;
        }
        // libpq's own spelling: ?host=/run/dir selects a unix socket directory.
        if (item.first == u"host" && host.isEmpty()) {
            host = item.second;
            continue;
        }
        options.append(item);
    }
    profile.setHost(host);
    profile.setOptions(options);
    return std::nullopt;
}

QString SqlEngine::writeUrl(const ConnectionProfile &profile) const
{
    QUrl url;
    url.setScheme(urlSchemes().value(0));
    url.setUserName(profile.user());
    // An empty authority still needs the '//' that QUrl only writes for a non-empty host.
    const bool socketDirectory = profile.host().startsWith(u'/');
    url.setHost(socketDirectory ? QString() : profile.host());
    if (profile.port() > 0)
        url.setPort(profile.port());
    url.setPath(u'/' + profile.database());
    QList<QPair<QString, QString>> items = profile.options();
    if (socketDirectory)
        items.prepend({u"host"_s, profile.host()});
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

QString SqlEngine::displayName(const ConnectionProfile &profile) const
{
    return ConnectionProfile::tr("%1 on %2")
            .arg(profile.database(), profile.host().isEmpty() ? u"localhost"_s : profile.host());
}

QStringList SqlEngine::connectOptions(const ConnectionProfile &profile) const
{
    QStringList options;
    for (const auto &item : profile.options())
        options << item.first + u'=' + item.second;
    return options;
}

std::optional<QString> SqlEngine::configure(QSqlDatabase &database,
                                            const ConnectionProfile &profile,
                                            const QString &password) const
{
    database.setDatabaseName(profile.database());
    database.setHostName(profile.host());
    if (profile.port() > 0)
        database.setPort(profile.port());
    database.setUserName(profile.user());
    database.setPassword(password);
    return std::nullopt;
}

ReachedServer SqlEngine::reached(QSqlDatabase &database) const
{
    ReachedServer server;
    server.engine = engine();
    if (const QString query = versionQuery(); !query.isEmpty()) {
        QSqlQuery version(database);
        if (version.exec(query) && version.next()) {
            server.version = version.value(0).toString();
            server.engine = engineForVersion(server.version);
        }
    }
    server.session = &EngineRegistry::forEngine(server.engine);
    return server;
}

std::unique_ptr<EngineSession> SqlEngine::attach(QSqlDatabase &, const ConnectionProfile &,
                                                 const QString &, RunInterrupt &) const
{
    return std::make_unique<EngineSession>();
}

QString SqlEngine::name() const
{
    return engineDisplayName(engine());
}

Engine SqlEngine::engineForVersion(const QString &) const
{
    return engine();
}

QList<SqlLexicalRules> SqlEngine::otherReadings(QStringView) const
{
    return {};
}

QStringList SqlEngine::denylistKeys() const
{
    // Engines without rows of their own still refuse what every engine refuses.
    return {u"any"_s, u"postgresql"_s, u"mysql"_s, u"sqlserver"_s};
}

QString SqlEngine::quoteIdentifier(QStringView identifier) const
{
    QString quoted = identifier.toString();
    quoted.replace(u'"', u"\"\""_s);
    return u'"' + quoted + u'"';
}

QString SqlEngine::trimmed(QStringView expression) const
{
    return u"TRIM("_s + expression.toString() + u')';
}

QString SqlEngine::rowLimitClause(int rows) const
{
    return u"FETCH FIRST %1 ROWS ONLY"_s.arg(qMax(0, rows));
}

QString SqlEngine::statementBody(QStringView sql)
{
    QStringView body = sql.trimmed();
    while (body.endsWith(u';'))
        body = body.chopped(1).trimmed();
    return body.toString();
}

QString SqlEngine::limitClause(int rows)
{
    return u"LIMIT %1"_s.arg(qMax(0, rows));
}

QString SqlEngine::explained(QStringView sql)
{
    return u"EXPLAIN "_s + statementBody(sql);
}

QString SqlEngine::limitWrapped(QStringView sql, int rows) const
{
    // Newlines keep a trailing "-- comment" in the user's text from swallowing the parenthesis.
    return u"SELECT * FROM (\n%1\n) AS q %2"_s.arg(statementBody(sql), rowLimitClause(rows));
}

LexingPin SqlEngine::lexingPin(const QString &) const
{
    return {};
}

QStringList SqlEngine::beginRun(int, int) const
{
    return {};
}

QString SqlEngine::dryRunSql(QStringView sql) const
{
    return limitWrapped(sql, 1);
}

bool SqlEngine::dryRunApplies(QStringView kind)
{
    // Only statements that are a plan or a description already go without: everything else,
    // even what the guard let through by mistake, must first survive EXPLAIN (MariaDB's
    // read-only session does not refuse DDL, but EXPLAIN CREATE fails).
    return kind != u"explain" && kind != u"show" && kind != u"describe" && kind != u"pragma";
}

QString SqlEngine::unrunnableReason(QStringView) const
{
    return {};
}

LexingPin SqlEngine::odbcLexingPin(const QString &) const
{
    return {};
}

QStringList SqlEngine::odbcBeginRun(int, int) const
{
    return {};
}

QString SqlEngine::defaultSchema(QSqlDatabase &) const
{
    return {};
}

Result<QStringList, Diagnosis> SqlEngine::catalogSchemas(QSqlDatabase &database) const
{
    // Without information_schema: the driver's default schema only.
    return catalog::firstColumn(database, engine(),
                                u"SELECT schema_name FROM information_schema.schemata"_s)
            .valueOr(QStringList{QString()});
}

Result<QList<CatalogTable>, Diagnosis> SqlEngine::catalogTables(QSqlDatabase &database,
                                                                const QString &schema) const
{
    if (schema.isEmpty())
        return catalog::loadFromDriver(database, engine(), schema);
    return catalog::loadInformationSchema(database, engine(), schema);
}

QString SqlEngine::catalogMark(QSqlDatabase &database, const QString &schema) const
{
    return catalog::countsFingerprint(database, engine(), schema);
}

QStringList SqlEngine::catalogFunctions(QSqlDatabase &, const QString &) const
{
    return {};
}

void SqlEngine::examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const
{
    SafetyExamination(database, verdict).odbcOnly();
}

EngineFamily SqlEngine::ruleFamily() const
{
    return EngineFamily::Any;
}

QStringList SqlEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"CAST(col AS DECIMAL(18,4))"_s};
    case CastTarget::Date:
        return {u"CAST(col AS DATE)"_s};
    case CastTarget::Text:
        return {u"CAST(col AS VARCHAR(255))"_s};
    }
    return {};
}

QString SqlEngine::adviceQuoted(const QString &name) const
{
    return u'"' + name + u'"';
}

QString SqlEngine::nativeType(const QString &) const
{
    return {};
}

QString SqlEngine::colonCastType(QStringView, QStringView) const
{
    return {};
}

QString SqlEngine::functionEquivalent(QStringView) const
{
    return {};
}

bool SqlEngine::isBuiltinFunction(QStringView) const
{
    return false;
}

QString SqlEngine::ilikeReplacement() const
{
    return u"LOWER(col) LIKE LOWER('pattern')"_s;
}

QString SqlEngine::firstRowPerGroup() const
{
    return u"SELECT * FROM (SELECT ..., ROW_NUMBER() OVER (PARTITION BY ... ORDER BY ...) AS rn "
           "FROM ...) WHERE rn = 1"_s;
}

QString SqlEngine::lengthFunction() const
{
    return u"length"_s;
}

QStringList SqlEngine::promptNotes() const
{
    return {u"- Cast with CAST(x AS type)."_s, u"- Use standard SQL functions only."_s};
}

} // namespace sqlmend::core
