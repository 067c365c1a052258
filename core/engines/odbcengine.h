#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// A database behind ODBC (QODBC). Errors are the ODBC driver's (engine() is Odbc). Where the
// backend is known (QSqlDriver::dbmsType() after connecting), the backend engine answers the
// read-only session, the lexing pin and the timeout in their ODBC form; otherwise the guard reads
// the text under every engine's rules.
class OdbcEngine final : public SqlEngine
{
public:
    // backend: the engine behind the ODBC driver, or null where it is not known.
    explicit OdbcEngine(const SqlEngine *backend = nullptr) : m_backend(backend) { }
    Engine engine() const override { return Engine::Odbc; }
    Engine backend() const { return m_backend ? m_backend->engine() : Engine::Unknown; }
    QString name() const override;

    QStringList urlSchemes() const override;
    QString qtDriverName() const override { return QStringLiteral("QODBC"); }
    // odbc://user@DSN?option=value, or odbc:DRIVER={...};SERVER=...;UID=... (a connection
    // string: UID goes to the profile, PWD to the caller, never to the profile).
    std::optional<Failure> readUrl(QStringView scheme, const QString &rest, const QString &url,
                                   ConnectionProfile &profile, QString *password) const override;
    QString writeUrl(const ConnectionProfile &profile) const override;
    QString displayName(const ConnectionProfile &profile) const override;
    QStringList connectOptions(const ConnectionProfile &profile) const override;
    std::optional<ConnectionProfile::Driver> driver() const override
    {
        return ConnectionProfile::Driver::Odbc;
    }
    std::optional<QString> configure(QSqlDatabase &database, const ConnectionProfile &profile,
                                     const QString &password) const override;
    ReachedServer reached(QSqlDatabase &database) const override;

    // The backend's own catalog where the driver names it: PostgreSQL shows a read-only user its
    // keys in pg_catalog, where its information_schema hides them. Else information_schema.
    QString defaultSchema(QSqlDatabase &database) const override;
    Result<QList<CatalogTable>, Diagnosis> catalogTables(QSqlDatabase &database,
                                                         const QString &schema) const override;

    QList<SqlLexicalRules> otherReadings(QStringView sql) const override;
    bool hasPragmas() const override { return true; }
    QStringList denylistKeys() const override;

    QString rowLimitClause(int rows) const override;
    QStringList sessionSetup() const override;
    QString lexingStateQuery() const override;
    LexingPin lexingPin(const QString &state) const override;
    QStringList beginRun(int timeoutMs, int maxRows = 0) const override;
    QStringList endRun() const override;

private:
    // The engine behind the driver: the one given, or the one QODBC found; null when unknown.
    const SqlEngine *backendOf(QSqlDatabase &database) const;

    const SqlEngine *m_backend;
};

} // namespace sqlmend::core
