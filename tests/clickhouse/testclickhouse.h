#pragma once

#include "core/sql/connectionprofile.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QThread>

#include <functional>

// The ClickHouse server that tests/scripts/clickhouse.sh started for this build (ctest fixture
// "clickhouse"). Every test fails, never skips, when it is missing.
class TestClickHouse
{
public:
    // False with a message saying what to do when clickhouse.json is missing or unreadable.
    bool load(QString *message)
    {
        QFile file(QStringLiteral(SQLMEND_CLICKHOUSE_JSON));
        if (!file.open(QIODevice::ReadOnly)) {
            *message = QStringLiteral("the ClickHouse test server is not running: %1 is missing. "
                                      "Run the tests through ctest (fixture 'clickhouse'), or "
                                      "start it with tests/scripts/clickhouse.sh start "
                                      "<build>/test-clickhouse.")
                               .arg(file.fileName());
            return false;
        }
        m_values = QJsonDocument::fromJson(file.readAll()).object();
        if (m_values.isEmpty()) {
            *message = QStringLiteral("%1 is not a JSON object").arg(file.fileName());
            return false;
        }
        return true;
    }

    QString value(const QString &key) const { return m_values.value(key).toString(); }
    QString password() const { return value(QStringLiteral("SQLMEND_CH_PASSWORD")); }

    // key e.g. "SQLMEND_CH_RO_URL"
    sqlmend::core::ConnectionProfile profile(const QString &key) const
    {
        const auto parsed = sqlmend::core::ConnectionProfile::fromUrl(value(key));
        return parsed.hasValue() ? parsed.value() : sqlmend::core::ConnectionProfile();
    }

    // A connection the way the executor opens one: the profile's driver name, host, port, user,
    // database and connect options (readonly=1 unless the URL says otherwise). Extra options
    // are appended; "" as options replaces them all (the admin's writable session).
    QSqlDatabase open(const QString &key, const QString &name, const QString &extraOptions = {},
                      bool profileOptions = true) const
    {
        const sqlmend::core::ConnectionProfile p = profile(key);
        QSqlDatabase db = QSqlDatabase::addDatabase(p.qtDriverName(), name);
        db.setHostName(p.host());
        db.setPort(p.port());
        db.setUserName(p.user());
        db.setPassword(password());
        db.setDatabaseName(p.database());
        QStringList options;
        if (profileOptions)
            options.append(p.qtConnectOptions());
        if (!extraOptions.isEmpty())
            options.append(extraOptions);
        db.setConnectOptions(options.join(u';'));
        db.open();
        return db;
    }

    // A digest of what a write would change (databases, tables and their metadata times,
    // active parts and their rows), read by the admin connection; "unreadable: ..." on failure.
    static QByteArray stateDigest(QSqlDatabase &admin)
    {
        QSqlQuery query(admin);
        query.setForwardOnly(true);
        QCryptographicHash hash(QCryptographicHash::Sha256);
        for (const QString &sql :
             {QStringLiteral("SELECT database, name, engine, metadata_modification_time FROM "
                             "system.tables WHERE database LIKE 'sqlmend%' ORDER BY database, "
                             "name"),
              QStringLiteral("SELECT database, table, name, rows FROM system.parts WHERE active "
                             "AND database LIKE 'sqlmend%' ORDER BY database, table, name"),
              QStringLiteral("SELECT name FROM system.databases ORDER BY name")}) {
            if (!query.exec(sql))
                return "unreadable: " + query.lastError().text().toUtf8();
            while (query.next()) {
                for (int i = 0; i < query.record().count(); ++i)
                    hash.addData(query.value(i).toString().toUtf8() + '\t');
                hash.addData("\n");
            }
        }
        return hash.result().toHex();
    }

    // Whether a query with this id is still in system.processes, polled until it is gone or
    // until the bound; the admin connection asks.
    static bool goneFromProcesses(QSqlDatabase &admin, const QString &queryId, int boundMs,
                                  qint64 *waitedMs = nullptr)
    {
        QElapsedTimer clock;
        clock.start();
        for (;;) {
            QSqlQuery query(admin);
            query.setForwardOnly(true);
            if (query.exec(QStringLiteral("SELECT count() FROM system.processes WHERE query_id "
                                          "= '%1'")
                                   .arg(queryId))
                && query.next() && query.value(0).toInt() == 0) {
                if (waitedMs)
                    *waitedMs = clock.elapsed();
                return true;
            }
            if (clock.elapsed() > boundMs)
                return false;
            QThread::msleep(20);
        }
    }

    static void remove(const QString &name)
    {
        {
            QSqlDatabase db = QSqlDatabase::database(name, false);
            if (db.isValid())
                db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }

private:
    QJsonObject m_values;
};

#define SQLMEND_REQUIRE_CLICKHOUSE(server) \
    do { \
        QString clickHouseMessage; \
        if (!(server).load(&clickHouseMessage)) \
            QFAIL(qPrintable(clickHouseMessage)); \
    } while (false)
