#include "core/sql/clickhousedriver.h"

#include "core/sql/clickhouseresult.h"

#include <QDate>
#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlDriverCreator>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QThreadPool>
#include <QUrl>
#include <QUuid>

#include <algorithm>
#include <mutex>
#include <utility>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

const QString DriverName = u"QCLICKHOUSE"_s;
constexpr int KillTimeoutMs = 10000;

bool isTrue(QStringView value)
{
    return value == u"1" || value.compare(u"true", Qt::CaseInsensitive) == 0
            || value.compare(u"yes", Qt::CaseInsensitive) == 0
            || value.compare(u"on", Qt::CaseInsensitive) == 0;
}

// A ClickHouse string literal: backslash escapes, never a raw control character.
QString quotedLiteral(QByteArrayView bytes, bool escapeHighBytes)
{
    QByteArray out;
    out.reserve(bytes.size() + 2);
    out += '\'';
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\'':
            out += "\\'";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\0':
            out += "\\0";
            break;
        default:
            if (u < 0x20 || u == 0x7f || (escapeHighBytes && u >= 0x80)) {
                out += "\\x" + QByteArray::number(u, 16).rightJustified(2, '0');
            } else {
                out += c;
            }
            break;
        }
    }
    out += '\'';
    return QString::fromUtf8(out);
}

QByteArray percentEncoded(const QString &text)
{
    return QUrl::toPercentEncoding(text);
}

void sendKill(const ClickHouseEndpoint &endpoint, const QString &queryId)
{
    ClickHouseEndpoint kill = endpoint;
    kill.readTimeoutMs = KillTimeoutMs;
    ClickHouseConnection connection(kill);
    const QByteArray target = "/?query_id=" + percentEncoded(u"sqlmend-kill-"_s + queryId);
    if (connection.post(target, ClickHouseDriver::killQueryStatement(queryId).toUtf8(), nullptr))
        connection.readRest(64 * 1024);
}

} // namespace

// What a canceller needs from the driver, shared with every canceller handed out.
struct ClickHouseDriver::RunningQuery
{
    std::mutex mutex;
    ClickHouseEndpoint endpoint;
    QString queryId;
    std::shared_ptr<std::atomic<bool>> cancelled;

    bool cancel()
    {
        ClickHouseEndpoint target;
        QString id;
        {
            std::lock_guard lock(mutex);
            if (queryId.isEmpty() || !cancelled)
                return false;
            cancelled->store(true);
            target = endpoint;
            id = queryId;
        }
        QThreadPool::globalInstance()->start([target, id] { sendKill(target, id); });
        return true;
    }
};

ClickHouseDriver::ClickHouseDriver(QObject *parent)
    : QSqlDriver(parent), m_running(std::make_shared<RunningQuery>())
{
}

ClickHouseDriver::~ClickHouseDriver()
{
    close();
}

QString ClickHouseDriver::qtDriverName()
{
    static std::once_flag once;
    std::call_once(once, [] {
        QSqlDatabase::registerSqlDriver(DriverName, new QSqlDriverCreator<ClickHouseDriver>);
    });
    return DriverName;
}

bool ClickHouseDriver::hasFeature(DriverFeature feature) const
{
    switch (feature) {
    case Unicode:
    case LowPrecisionNumbers:
    case FinishQuery:
    case CancelQuery:
        return true;
    case Transactions:
    case QuerySize:
    case BLOB:
    case PreparedQueries: // placeholders are filled in by QSqlResult through formatValue()
    case NamedPlaceholders:
    case PositionalPlaceholders:
    case LastInsertId:
    case BatchOperations:
    case SimpleLocking:
    case EventNotifications:
    case MultipleResultSets:
        return false;
    }
    return false;
}

bool ClickHouseDriver::failOpen(const QString &message, const QSqlError &cause)
{
    const QString driverText = cause.driverText().isEmpty() && cause.databaseText().isEmpty()
            ? message
            : cause.driverText();
    setLastError(QSqlError(driverText, cause.databaseText(), QSqlError::ConnectionError,
                           cause.nativeErrorCode()));
    setOpenError(true);
    m_kept.reset();
    return false;
}

bool ClickHouseDriver::probe(const QString &sql, bool withSettings, QList<QVariantList> *rows)
{
    ClickHouseResult result(this);
    result.m_withSettings = withSettings;
    if (!result.reset(sql)) {
        setLastError(result.lastError());
        return false;
    }
    while (result.fetchNext()) {
        if (!rows)
            continue;
        QVariantList row;
        for (int i = 0; i < result.m_record.count(); ++i)
            row.append(result.data(i));
        rows->append(row);
    }
    if (result.lastError().isValid()) {
        setLastError(result.lastError());
        return false;
    }
    return true;
}

bool ClickHouseDriver::open(const QString &database, const QString &user, const QString &password,
                            const QString &host, int port, const QString &options)
{
    if (isOpen())
        close();
    setOpenError(false);
    ClickHouseEndpoint endpoint;
    endpoint.host = host;
    endpoint.user = user;
    endpoint.password = password;
    Settings requested;
    for (const QString &part : options.split(u';', Qt::SkipEmptyParts)) {
        const qsizetype equals = part.indexOf(u'=');
        const QString key = part.left(equals).trimmed();
        const QString value = equals < 0 ? QString() : part.mid(equals + 1).trimmed();
        if (key.isEmpty() && value.isEmpty())
            continue;
        if (equals <= 0)
            return failOpen(tr("'%1' in the connect options is not name=value.").arg(part));
        if (key.compare(u"CLICKHOUSE_SECURE", Qt::CaseInsensitive) == 0) {
            endpoint.secure = isTrue(value);
        } else if (key.compare(u"CLICKHOUSE_CA_FILE", Qt::CaseInsensitive) == 0) {
            endpoint.caFile = value;
        } else if (key.compare(u"CLICKHOUSE_CONNECT_TIMEOUT", Qt::CaseInsensitive) == 0
                   || key.compare(u"CLICKHOUSE_READ_TIMEOUT", Qt::CaseInsensitive) == 0) {
            bool ok = false;
            const int seconds = value.toInt(&ok);
            if (!ok || seconds < 0)
                return failOpen(tr("%1 takes a number of seconds, not '%2'.").arg(key, value));
            if (key.compare(u"CLICKHOUSE_CONNECT_TIMEOUT", Qt::CaseInsensitive) == 0)
                endpoint.connectTimeoutMs = seconds * 1000;
            else
                endpoint.readTimeoutMs = seconds * 1000;
        } else if (!isSettingName(key) || isReservedParameter(key)) {
            return failOpen(tr("'%1' is not a ClickHouse setting name.").arg(key));
        } else {
            requested.append({key, value});
        }
    }
    if (host.isEmpty())
        return failOpen(tr("The ClickHouse connection names no host."));
    endpoint.port = port > 0 ? port : (endpoint.secure ? 8443 : 8123);
    m_endpoint = endpoint;
    m_database = database;
    m_requestedSettings = requested;
    m_connectionSettings.clear();
    m_querySettings.clear();
    {
        std::lock_guard lock(m_running->mutex);
        m_running->endpoint = endpoint;
    }

    // Before any setting: what the server is, and what the user's profile already imposes.
    QList<QVariantList> facts;
    if (!probe(u"SELECT version(), timezone(), value FROM system.settings "
               u"WHERE name = 'readonly'"_s,
               false, &facts)
        || facts.isEmpty()) {
        return failOpen(tr("Could not read the server's version."), lastError());
    }
    m_version = facts.first().value(0).toString();
    m_timeZone = QTimeZone(facts.first().value(1).toString().toUtf8());
    if (!m_timeZone.isValid())
        m_timeZone = QTimeZone::utc();
    m_profileReadonly = facts.first().value(2).toInt();

    for (const auto &item : requested) {
        // The profile's level stands where it is at least as strict: 1 is the strictest, and
        // restating the same level changes nothing.
        if (item.first == u"readonly"
            && (m_profileReadonly == 1 || m_profileReadonly == item.second.toInt())) {
            continue;
        }
        m_connectionSettings.append(item);
    }
    if (!m_connectionSettings.isEmpty() && !probe(u"SELECT 1"_s, true, nullptr))
        return failOpen(tr("The server refused the connection's settings."), lastError());
    setOpen(true);
    return true;
}

void ClickHouseDriver::close()
{
    m_kept.reset();
    ++m_epoch;
    {
        std::lock_guard lock(m_running->mutex);
        m_running->queryId.clear();
        m_running->cancelled.reset();
    }
    m_connectionSettings.clear();
    m_querySettings.clear();
    m_version.clear();
    m_profileReadonly = 0;
    if (isOpen()) {
        setOpen(false);
        setOpenError(false);
    }
}

QSqlResult *ClickHouseDriver::createResult() const
{
    return new ClickHouseResult(this);
}

std::unique_ptr<ClickHouseConnection> ClickHouseDriver::takeConnection() const
{
    if (m_kept)
        return std::move(m_kept);
    return std::make_unique<ClickHouseConnection>(m_endpoint);
}

void ClickHouseDriver::returnConnection(std::unique_ptr<ClickHouseConnection> connection,
                                        quint64 epoch) const
{
    if (epoch == m_epoch && !m_kept)
        m_kept = std::move(connection);
}

QByteArray ClickHouseDriver::requestTarget(const QString &queryId, bool withSettings) const
{
    QByteArray target = "/?query_id=" + percentEncoded(queryId)
            + "&default_format=TabSeparatedWithNamesAndTypes";
    if (!m_database.isEmpty())
        target += "&database=" + percentEncoded(m_database);
    if (withSettings) {
        for (const Settings *settings : {&m_connectionSettings, &m_querySettings}) {
            for (const auto &item : *settings)
                target += '&' + percentEncoded(item.first) + '=' + percentEncoded(item.second);
        }
    }
    return target;
}

std::shared_ptr<std::atomic<bool>> ClickHouseDriver::beginQuery(const QString &queryId) const
{
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard lock(m_running->mutex);
    m_running->queryId = queryId;
    m_running->cancelled = cancelled;
    return cancelled;
}

void ClickHouseDriver::endQuery(const QString &queryId) const
{
    std::lock_guard lock(m_running->mutex);
    if (m_running->queryId == queryId) {
        m_running->queryId.clear();
        m_running->cancelled.reset();
    }
}

bool ClickHouseDriver::cancelQuery()
{
    return m_running->cancel();
}

std::function<void()> ClickHouseDriver::canceller() const
{
    return [running = m_running] { running->cancel(); };
}

QString ClickHouseDriver::runningQueryId() const
{
    std::lock_guard lock(m_running->mutex);
    return m_running->queryId;
}

void ClickHouseDriver::setQuerySettings(const Settings &settings)
{
    Settings kept;
    for (const auto &item : settings) {
        // The session's own settings (readonly above all) are never overridden per query.
        if (!isSettingName(item.first) || isReservedParameter(item.first)
            || item.first == u"readonly") {
            continue;
        }
        bool fixed = false;
        for (const auto &own : std::as_const(m_requestedSettings))
            fixed = fixed || own.first == item.first;
        if (!fixed)
            kept.append(item);
    }
    m_querySettings = kept;
}

ClickHouseDriver::Settings ClickHouseDriver::runSettings(int timeoutMs, int maxRows)
{
    Settings settings;
    if (timeoutMs > 0) {
        settings.append({u"max_execution_time"_s, QString::number((timeoutMs + 999) / 1000)});
        settings.append({u"timeout_overflow_mode"_s, u"throw"_s});
    }
    if (maxRows > 0) {
        settings.append({u"max_result_rows"_s, QString::number(qint64(maxRows) + 1)});
        settings.append({u"result_overflow_mode"_s, u"break"_s});
    }
    return settings;
}

QString ClickHouseDriver::killQueryStatement(QStringView queryId)
{
    return u"KILL QUERY WHERE query_id = %1 ASYNC"_s.arg(quotedLiteral(queryId.toUtf8(), false));
}

bool ClickHouseDriver::isReservedParameter(QStringView name)
{
    static const QStringList reserved = {
            u"database"_s,      u"query"_s,
            u"query_id"_s,      u"default_format"_s,
            u"session_id"_s,    u"session_timeout"_s,
            u"session_check"_s, u"user"_s,
            u"password"_s,      u"quota_key"_s,
            u"compress"_s,      u"decompress"_s,
            u"buffer_size"_s,   u"wait_end_of_query"_s,
            u"stacktrace"_s,
    };
    return reserved.contains(name.toString().toLower());
}

bool ClickHouseDriver::isSettingName(QStringView name)
{
    if (name.isEmpty() || name.size() > 128 || name.at(0).isDigit())
        return false;
    for (QChar c : name) {
        if (!(c.isLetterOrNumber() && c.unicode() < 0x80) && c != u'_')
            return false;
    }
    return true;
}

bool ClickHouseDriver::isServerErrorLine(QByteArrayView line)
{
    QByteArrayView text = line;
    if (text.startsWith("Poco::Exception. "))
        text = text.sliced(17);
    if (!text.startsWith("Code: "))
        return false;
    qsizetype i = 6;
    while (i < text.size() && i < 11 && text.at(i) >= '0' && text.at(i) <= '9')
        ++i;
    if (i == 6 || i >= text.size() || (text.at(i) != ',' && text.at(i) != '.'))
        return false;
    return line.first(std::min<qsizetype>(240, line.size())).contains("Exception");
}

QSqlError ClickHouseDriver::serverError(int httpStatus, const QByteArray &body)
{
    const QByteArray text = body.trimmed();
    const qsizetype code = text.left(64).indexOf("Code: ");
    if (code >= 0) {
        qsizetype end = code + 6;
        while (end < text.size() && text.at(end) >= '0' && text.at(end) <= '9')
            ++end;
        if (end > code + 6 && end < text.size() && (text.at(end) == ',' || text.at(end) == '.')) {
            return QSqlError(QString(), QString::fromUtf8(text), QSqlError::StatementError,
                             QString::fromLatin1(text.mid(code + 6, end - code - 6)));
        }
    }
    return QSqlError(tr("The server answered HTTP %1: %2")
                             .arg(httpStatus)
                             .arg(QString::fromUtf8(text.left(500))),
                     QString(), QSqlError::ConnectionError);
}

QStringList ClickHouseDriver::listTables(const QString &filter) const
{
    QStringList names;
    if (!isOpen())
        return names;
    QSqlQuery query(createResult());
    query.setForwardOnly(true);
    if (!query.exec(u"SELECT name FROM system.tables WHERE "_s + filter + u" ORDER BY name"_s))
        return names;
    while (query.next())
        names.append(query.value(0).toString());
    return names;
}

QStringList ClickHouseDriver::tables(QSql::TableType type) const
{
    QStringList filters;
    const QString views = u"('View', 'MaterializedView', 'LiveView', 'WindowView')"_s;
    if (type & QSql::Tables)
        filters.append(u"(database = currentDatabase() AND engine NOT IN %1)"_s.arg(views));
    if (type & QSql::Views)
        filters.append(u"(database = currentDatabase() AND engine IN %1)"_s.arg(views));
    if (type & QSql::SystemTables)
        filters.append(u"database = 'system'"_s);
    if (filters.isEmpty())
        return {};
    return listTables(filters.join(u" OR "));
}

QSqlRecord ClickHouseDriver::record(const QString &tableName) const
{
    QSqlRecord record;
    if (!isOpen())
        return record;
    QString databaseCondition = u"currentDatabase()"_s;
    QString table = tableName;
    if (!isIdentifierEscaped(tableName, TableName)) {
        const qsizetype dot = tableName.indexOf(u'.');
        if (dot > 0) {
            databaseCondition = quotedLiteral(tableName.left(dot).toUtf8(), false);
            table = tableName.mid(dot + 1);
        }
    } else {
        table = stripDelimiters(tableName, TableName);
    }
    QSqlQuery query(createResult());
    query.setForwardOnly(true);
    if (!query.exec(
                u"SELECT name, type FROM system.columns WHERE database = %1 AND table = %2"_s.arg(
                        databaseCondition, quotedLiteral(table.toUtf8(), false)))) {
        return record;
    }
    while (query.next()) {
        const ClickHouseResult::ColumnType type =
                ClickHouseResult::columnType(query.value(1).toString());
        QSqlField field(query.value(0).toString(), ClickHouseResult::metaTypeOf(type), tableName);
        field.setRequiredStatus(type.nullable ? QSqlField::Optional : QSqlField::Required);
        record.append(field);
    }
    return record;
}

QString ClickHouseDriver::formatValue(const QSqlField &field, bool trimStrings) const
{
    if (field.isNull())
        return u"NULL"_s;
    const QVariant value = field.value();
    switch (field.metaType().id()) {
    case QMetaType::QString:
    case QMetaType::QChar: {
        QString text = value.toString();
        if (trimStrings) {
            while (text.endsWith(u' '))
                text.chop(1);
        }
        return quotedLiteral(text.toUtf8(), false);
    }
    case QMetaType::QByteArray:
        return quotedLiteral(value.toByteArray(), true);
    case QMetaType::QUuid:
        return quotedLiteral(value.toUuid().toString(QUuid::WithoutBraces).toUtf8(), false);
    case QMetaType::Bool:
        return value.toBool() ? u"1"_s : u"0"_s;
    case QMetaType::QDate: {
        const QDate date = value.toDate();
        return date.isValid() ? u'\'' + date.toString(Qt::ISODate) + u'\'' : u"NULL"_s;
    }
    case QMetaType::QTime:
        return u'\'' + value.toTime().toString(u"HH:mm:ss") + u'\'';
    case QMetaType::QDateTime: {
        const QDateTime time = value.toDateTime();
        if (!time.isValid())
            return u"NULL"_s;
        const QDateTime local =
                time.toTimeZone(m_timeZone.isValid() ? m_timeZone : QTimeZone::utc());
        const QString format =
                local.time().msec() ? u"yyyy-MM-dd HH:mm:ss.zzz"_s : u"yyyy-MM-dd HH:mm:ss"_s;
        return u'\'' + local.toString(format) + u'\'';
    }
    default:
        return QSqlDriver::formatValue(field, trimStrings);
    }
}

QString ClickHouseDriver::escapeIdentifier(const QString &identifier, IdentifierType type) const
{
    if (identifier.isEmpty() || isIdentifierEscaped(identifier, type))
        return identifier;
    QString escaped = identifier;
    escaped.replace(u'\\', u"\\\\"_s);
    escaped.replace(u'`', u"\\`"_s);
    return u'`' + escaped + u'`';
}

bool ClickHouseDriver::isIdentifierEscaped(const QString &identifier, IdentifierType) const
{
    return identifier.size() > 2
            && ((identifier.startsWith(u'`') && identifier.endsWith(u'`'))
                || (identifier.startsWith(u'"') && identifier.endsWith(u'"')));
}

} // namespace sqlmend::core
