#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

namespace sqlmend::core {

// Where a case store lives: a SQLite file, or a schema on a PostgreSQL server for a team.
class StoreLocation
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::StoreLocation)

public:
    enum class Backend { SQLite, PostgreSQL };

    // A file path, sqlite:///abs/path, sqlite:relative/path, sqlite::memory:, or
    // postgresql://user@host:port/db?schema=name (postgres:// too; other query items are handed
    // to libpq, e.g. sslmode=require). Empty: defaultPath(). A password in the URL goes to
    // password and is dropped from the location.
    static Result<StoreLocation> parse(const QString &location, QString *password = nullptr);
    // QStandardPaths::AppDataLocation/cases.sqlite
    static QString defaultPath();

    Backend backend() const { return m_backend; }
    QString path() const { return m_path; } // SQLite: the file, or ":memory:"
    QString host() const { return m_host; }
    int port() const { return m_port; } // -1: the driver's default
    QString user() const { return m_user; }
    QString database() const { return m_database; }
    QString schema() const { return m_schema; } // PostgreSQL; empty: the server's search_path
    // libpq options for QSqlDatabase::setConnectOptions.
    QString connectOptions() const;
    // The location as a URL without a password, for messages.
    QString displayName() const;

private:
    Backend m_backend = Backend::SQLite;
    QString m_path;
    QString m_host;
    int m_port = -1;
    QString m_user;
    QString m_database;
    QString m_schema;
    QList<QPair<QString, QString>> m_options;
};

} // namespace sqlmend::core
