#pragma once

#include "core/engines/engine.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringView>

namespace sqlmend::core {

// Where a connection goes, parsed from a database URL. A profile never holds a password: the
// password lives in a SecretStore under secretKey(), or comes from the caller for one session.
class ConnectionProfile
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ConnectionProfile)

public:
    enum class Driver { SQLite, PostgreSQL, MySQL, Odbc, ClickHouse };

    // sqlite:///abs/path.db, sqlite:relative.db, sqlite::memory:,
    // postgresql://user@host:port/db?sslmode=require (also postgres://),
    // mysql://user@host:port/db, mariadb://..., odbc://DSN, odbc:DRIVER={...};SERVER=...;...,
    // clickhouse://user@host:8123/db (HTTP; clickhouses:// or ?secure=1 for https, ?readonly=2)
    // A password found in the URL is handed out through password and dropped from the profile.
    static Result<ConnectionProfile> fromUrl(QStringView url, QString *password = nullptr);
    // Any database URL or connection string with every password taken out, whatever its form:
    // user:password@ in the authority, ?password= (also pwd, passwd, any letter case) among the
    // options, PWD= or PASSWORD= in an ODBC connection string, password= in a libpq string.
    // For text that is stored or shown; the rest stays as it was.
    static QString withoutPassword(QStringView url);
    // Whether an option or connection-string key names a password.
    static bool isPasswordKey(QStringView key);

    Driver driver() const { return m_driver; }
    // The engine the URL names; a MySQL URL may turn out to be MariaDB once connected.
    Engine engine() const { return m_engine; }
    void setEngine(Engine engine) { m_engine = engine; }
    // The QtSql driver name (QSQLITE, QPSQL, ...), as the engine names it.
    QString qtDriverName() const;

    QString host() const { return m_host; }
    int port() const { return m_port; } // -1: the driver's default
    QString user() const { return m_user; }
    // The database name, the SQLite file path, or the ODBC DSN / connection string (no PWD).
    QString database() const { return m_database; }
    // URL query options other than the ones the profile itself understands, in order.
    const QList<QPair<QString, QString>> &options() const { return m_options; }
    QString option(QStringView key) const;

    bool needsPassword() const;
    // The URL without any password; fromUrl(toUrl()) gives an equal profile.
    QString toUrl() const;
    // The key a SecretStore keeps this profile's password under.
    QString secretKey() const;
    QString displayName() const;

    // Driver connect options for QSqlDatabase::setConnectOptions, read-only where the driver
    // can be told so at connect time.
    QString qtConnectOptions() const;

    // For the engine that reads its URL form (SqlEngine::readUrl).
    void setHost(const QString &host) { m_host = host; }
    void setPort(int port) { m_port = port; }
    void setUser(const QString &user) { m_user = user; }
    void setDatabase(const QString &database) { m_database = database; }
    void setOptions(const QList<QPair<QString, QString>> &options) { m_options = options; }

    friend bool operator==(const ConnectionProfile &, const ConnectionProfile &) = default;

private:
    Driver m_driver = Driver::SQLite;
    Engine m_engine = Engine::SQLite;
    QString m_host;
    int m_port = -1;
    QString m_user;
    QString m_database;
    QList<QPair<QString, QString>> m_options;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ConnectionProfile)
