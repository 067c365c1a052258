#pragma once

#include "core/cases/casestore.h"
#include "core/cases/storelocation.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QTemporaryDir>
#include <QUuid>
#include <QVariant>

#include <memory>

namespace sqlmend::test {

// The case store a store test runs against: a fresh SQLite file each time, or, with
// SQLMEND_CASES_BACKEND=postgresql, a fresh schema on the servers fixture's PostgreSQL (named
// in SQLMEND_SERVERS_JSON), created by the administrator for the store's owner and dropped at
// the end.
class StoreTestBackend
{
public:
    // In initTestCase: empty when ready, else why not.
    QString init(const QString &schemaPrefix)
    {
        using namespace Qt::StringLiterals;
        if (!m_dir.isValid())
            return u"no temporary folder"_s;
        m_postgres = qEnvironmentVariable("SQLMEND_CASES_BACKEND") == u"postgresql";
        if (!m_postgres)
            return {};
        const QString path = qEnvironmentVariable("SQLMEND_SERVERS_JSON");
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return u"The PostgreSQL run needs the servers fixture: cannot read \"%1\" "
                   "(SQLMEND_SERVERS_JSON). Run it through ctest, which starts the test "
                   "servers first."_s.arg(path);
        }
        const QJsonObject servers = QJsonDocument::fromJson(file.readAll()).object();
        m_password = servers.value(u"SQLMEND_TEST_PASSWORD").toString();
        m_adminUrl = servers.value(u"SQLMEND_PG_ADMIN_URL").toString();
        m_ownerUrl = servers.value(u"SQLMEND_PG_OWNER_URL").toString();
        if (m_adminUrl.isEmpty() || m_ownerUrl.isEmpty())
            return u"servers.json has no SQLMEND_PG_ADMIN_URL or SQLMEND_PG_OWNER_URL"_s;
        m_schemaPrefix =
                schemaPrefix + QUuid::createUuid().toString(QUuid::Id128).left(12).toLower();
        return {};
    }

    // In cleanupTestCase: the schemas made for the tests go.
    void cleanup()
    {
        using namespace Qt::StringLiterals;
        for (const QString &schema : std::as_const(m_schemas))
            rawValue(m_adminUrl, u"DROP SCHEMA IF EXISTS \"%1\" CASCADE"_s.arg(schema));
        m_schemas.clear();
    }

    bool isPostgres() const { return m_postgres; }
    const QString &password() const { return m_password; }

    // A new, empty store (its location in *location); nullptr, with a warning, when it cannot
    // be opened.
    // Where a new, empty store can be opened: a file not made yet, or a schema just made.
    QString freshLocation()
    {
        using namespace Qt::StringLiterals;
        ++m_counter;
        if (!m_postgres)
            return m_dir.filePath(u"store-%1/cases.sqlite"_s.arg(m_counter));
        const QString schema = u"%1_%2"_s.arg(m_schemaPrefix).arg(m_counter);
        m_schemas.append(schema);
        // The owner may not create schemas in the database; the administrator makes one for it.
        rawValue(m_adminUrl, u"CREATE SCHEMA \"%1\" AUTHORIZATION sqlmend_owner"_s.arg(schema));
        return m_ownerUrl + u"?schema="_s + schema;
    }

    std::unique_ptr<core::CaseStore> openFresh(QString *location = nullptr)
    {
        const QString where = freshLocation();
        if (location)
            *location = where;
        auto store = std::make_unique<core::CaseStore>();
        const core::Result<core::Done> opened = store->open(where, m_password);
        if (!opened) {
            qWarning("cannot open %s: %s", qPrintable(where), qPrintable(opened.error().message));
            return nullptr;
        }
        return store;
    }

    // The first value of sql run at location (a SQLite file or a PostgreSQL URL, in its
    // schema) past the store's API; nothing when it fails.
    QVariant rawValue(const QString &location, const QString &sql) const
    {
        using namespace Qt::StringLiterals;
        QString password;
        const core::Result<core::StoreLocation> parsed =
                core::StoreLocation::parse(location, &password);
        if (!parsed)
            return {};
        const QString name = u"raw-"_s + QUuid::createUuid().toString();
        QVariant result;
        {
            QSqlDatabase db;
            if (parsed->backend() == core::StoreLocation::Backend::SQLite) {
                db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
                db.setDatabaseName(parsed->path());
            } else {
                db = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
                db.setHostName(parsed->host());
                db.setPort(parsed->port());
                db.setUserName(parsed->user());
                db.setPassword(m_password);
                db.setDatabaseName(parsed->database());
            }
            if (db.open()) {
                QSqlQuery query(db);
                if (!parsed->schema().isEmpty())
                    query.exec(u"SET search_path TO \"%1\""_s.arg(parsed->schema()));
                if (!query.exec(sql))
                    qWarning("raw SQL failed: %s", qPrintable(query.lastError().text()));
                else if (query.next())
                    result = query.value(0);
            } else {
                qWarning("raw connection failed: %s", qPrintable(db.lastError().text()));
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
        return result;
    }

private:
    QTemporaryDir m_dir;
    bool m_postgres = false;
    int m_counter = 0;
    QString m_password;
    QString m_adminUrl;
    QString m_ownerUrl;
    QString m_schemaPrefix;
    QStringList m_schemas;
};

} // namespace sqlmend::test
