#pragma once

#include "core/sql/connectionprofile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

// The servers that tests/scripts/servers.sh started for this build (ctest fixture "servers").
// Every integration test fails, never skips, when they are missing.
class TestServers
{
public:
    // False with a message saying what to do when servers.json is missing or unreadable.
    bool load(QString *message)
    {
        QFile file(QStringLiteral(SQLMEND_SERVERS_JSON));
        if (!file.open(QIODevice::ReadOnly)) {
            *message = QStringLiteral("the test servers are not running: %1 is missing. Run the "
                                      "tests through ctest (fixture 'servers'), or start them "
                                      "with tests/scripts/servers.sh start <build>/test-servers.")
                               .arg(file.fileName());
            return false;
        }
        m_values = QJsonDocument::fromJson(file.readAll()).object();
        if (m_values.isEmpty()) {
            *message = QStringLiteral("%1 is not a JSON object").arg(file.fileName());
            return false;
        }
        // psqlODBC finds its driver and DSN through these.
        qputenv("ODBCSYSINI", value(QStringLiteral("ODBCSYSINI")).toLocal8Bit());
        qputenv("ODBCINI", value(QStringLiteral("ODBCINI")).toLocal8Bit());
        return true;
    }

    QString value(const QString &key) const { return m_values.value(key).toString(); }
    QString password() const { return value(QStringLiteral("SQLMEND_TEST_PASSWORD")); }

    // key e.g. "SQLMEND_PG_RO_URL"
    sqlmend::core::ConnectionProfile profile(const QString &key) const
    {
        const auto parsed = sqlmend::core::ConnectionProfile::fromUrl(value(key));
        return parsed.hasValue() ? parsed.value() : sqlmend::core::ConnectionProfile();
    }

private:
    QJsonObject m_values;
};

#define SQLMEND_REQUIRE_SERVERS(servers) \
    do { \
        QString serversMessage; \
        if (!(servers).load(&serversMessage)) \
            QFAIL(qPrintable(serversMessage)); \
    } while (false)
