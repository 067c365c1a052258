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
    std::optional<ConnectionProfile::Driver> driver() const override
    {
        return ConnectionProfile::Driver::Odbc;
    }

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
    const SqlEngine *m_backend;
};

} // namespace sqlmend::core
