#pragma once

#include "core/sql/clickhouseconnection.h"

#include <QList>
#include <QPair>
#include <QSqlDriver>
#include <QSqlError>
#include <QString>
#include <QTimeZone>

#include <functional>
#include <memory>

namespace sqlmend::core {

class ClickHouseResult;

// A Qt SQL driver for ClickHouse over its HTTP interface, so that the executor, the catalog and
// the window use ClickHouse like any other QSqlDatabase. Statements and fetches run blocking on
// the thread that owns the connection; results stream in TabSeparatedWithNamesAndTypes (what
// every server from 18.x on writes) and are read forward only, one row at a time.
//
// Connect options (QSqlDatabase::setConnectOptions, ';'-separated):
//   CLICKHOUSE_SECURE=1           https instead of http (default port 8443 instead of 8123)
//   CLICKHOUSE_CA_FILE=path       PEM certificates to trust beside the system's
//   CLICKHOUSE_CONNECT_TIMEOUT=s  seconds to reach the server (default 10)
//   CLICKHOUSE_READ_TIMEOUT=s     the longest silence inside a response (default: none)
//   name=value                    any other option is a ClickHouse setting sent with every
//                                 request, e.g. readonly=1;max_result_rows=1000
// A readonly level the user's own profile already imposes is not sent again (the server refuses
// to have it restated at another level); a setting the server refuses makes open() fail with the
// server's words.
class ClickHouseDriver : public QSqlDriver
{
    Q_OBJECT

public:
    using Settings = QList<QPair<QString, QString>>;

    explicit ClickHouseDriver(QObject *parent = nullptr);
    ~ClickHouseDriver() override;

    // "QCLICKHOUSE". The first call registers the driver with QSqlDatabase (once per process),
    // so every connection that learns the name from here can be opened.
    static QString qtDriverName();

    bool hasFeature(DriverFeature feature) const override;
    bool open(const QString &database, const QString &user, const QString &password,
              const QString &host, int port, const QString &options) override;
    void close() override;
    QSqlResult *createResult() const override;
    QStringList tables(QSql::TableType type) const override;
    QSqlRecord record(const QString &tableName) const override;
    QString formatValue(const QSqlField &field, bool trimStrings = false) const override;
    QString escapeIdentifier(const QString &identifier, IdentifierType type) const override;
    bool isIdentifierEscaped(const QString &identifier, IdentifierType type) const override;
    // Any thread: stops the running statement (see canceller()). False when none runs.
    bool cancelQuery() override;

    // Read when the connection opens.
    QString serverVersion() const { return m_version; }
    QTimeZone serverTimeZone() const { return m_timeZone; }
    // The readonly level (0, 1 or 2) the user's profile imposes before any setting is sent.
    // At 1 the server refuses every setting, so neither a timeout nor a row cap can be set.
    int profileReadonly() const { return m_profileReadonly; }
    // The settings sent with every request: the connect options' after the profile's readonly.
    Settings connectionSettings() const { return m_connectionSettings; }

    // Settings sent with every later request, after the connection's own; replaced each call,
    // cleared by an empty list. Owner thread only. The server judges them with the next query.
    void setQuerySettings(const Settings &settings);
    Settings querySettings() const { return m_querySettings; }

    // A callable for any thread that stops the statement running at the time it is called: its
    // waits end at once, and KILL QUERY for its query id goes to the server from a second,
    // short-lived connection on a pool thread (never blocking the caller). It stays valid after
    // the driver is gone (it then does nothing).
    std::function<void()> canceller() const;
    // The query id of the statement running now; empty when none. Any thread.
    QString runningQueryId() const;

    // What a run on ClickHouse sends beside the statement: max_execution_time in whole seconds
    // (rounded up: the server reads 0.5 as 0, which means no limit) with timeout_overflow_mode
    // throw, and max_result_rows = maxRows + 1 with result_overflow_mode break, so that a capped
    // result still shows that more rows exist. 0 leaves either out.
    static Settings runSettings(int timeoutMs, int maxRows);
    static QString killQueryStatement(QStringView queryId);
    // A ClickHouse setting name: letters, digits and '_', not starting with a digit.
    static bool isSettingName(QStringView name);
    // A parameter the HTTP interface reads itself (session_id, query_id, user, database, ...):
    // sent as a setting it would change what a request means. A session above all would let a
    // SET outlive its request. Compared without case.
    static bool isReservedParameter(QStringView name);
    // An error answer of the server ("Code: 60, e.displayText() = DB::Exception: ..." from 18.x,
    // "Code: 60. DB::Exception: ..." from 20.x on): nativeErrorCode is the number, databaseText
    // the server's text as sent. Other bodies (a proxy's page) keep the HTTP status instead.
    static QSqlError serverError(int httpStatus, const QByteArray &body);
    // Whether a line of a response body opens a server error text.
    static bool isServerErrorLine(QByteArrayView line);

private:
    friend class ClickHouseResult;
    struct RunningQuery;

    // For results: a connection to send a request on (the kept one or a new one) and back.
    std::unique_ptr<ClickHouseConnection> takeConnection() const;
    void returnConnection(std::unique_ptr<ClickHouseConnection> connection, quint64 epoch) const;
    quint64 epoch() const { return m_epoch; }
    // "/?database=..&query_id=..&default_format=..&<settings>"
    QByteArray requestTarget(const QString &queryId, bool withSettings) const;
    // Registers the statement with this id as the running one; its waits end once the returned
    // flag is set.
    std::shared_ptr<std::atomic<bool>> beginQuery(const QString &queryId) const;
    void endQuery(const QString &queryId) const;

    bool probe(const QString &sql, bool withSettings, QList<QVariantList> *rows);
    bool failOpen(const QString &message, const QSqlError &cause = {});
    QStringList listTables(const QString &filter) const;

    ClickHouseEndpoint m_endpoint;
    QString m_database;
    Settings m_requestedSettings;
    Settings m_connectionSettings;
    Settings m_querySettings;
    QString m_version;
    QTimeZone m_timeZone;
    int m_profileReadonly = 0;
    quint64 m_epoch = 0;
    mutable std::unique_ptr<ClickHouseConnection> m_kept;
    std::shared_ptr<RunningQuery> m_running;
};

} // namespace sqlmend::core
