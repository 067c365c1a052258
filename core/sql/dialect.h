#pragma once

#include "core/errors/engine.h"

#include <QString>
#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

// How a cancel reaches the server while a statement runs.
enum class CancelMethod {
    SqliteInterrupt, // sqlite3_interrupt plus a progress handler
    PgCancel,        // PQcancel on the connection's cancel object
    KillQuery,       // KILL QUERY <connection id> from a second, short-lived connection
    Cooperative,     // only the flag between fetched rows (generic ODBC)
};

// What differs between driver families: quoting, limits, the read-only session (wall 2), the
// statement timeout (wall 3), the dry run and the cancel. One shared, stateless instance per
// family; forEngine() never returns null.
class Dialect
{
public:
    virtual ~Dialect();

    static const Dialect &forEngine(Engine engine);
    // ODBC to a backend of this engine (PostgreSQL family, MySQL family, or Unknown).
    static const Dialect &forOdbc(Engine backend);

    virtual Engine engine() const = 0;
    // The dialect's name as a prompt or advice spells it ("PostgreSQL", "MariaDB", ...).
    virtual QString name() const;

    virtual QString quoteIdentifier(QStringView identifier) const;
    // The clause that limits a result to n rows ("LIMIT 10"; "FETCH FIRST 10 ROWS ONLY").
    virtual QString rowLimitClause(int rows) const;
    // SELECT * FROM (<sql>) AS q <limit>: the user's text is wrapped, never rewritten.
    QString limitWrapped(QStringView sql, int rows) const;

    // Run once after connecting.
    virtual QStringList sessionSetup() const = 0;
    // Run before each statement, inside the order given; the timeout is in milliseconds (0: none).
    virtual QStringList beginRun(int timeoutMs) const = 0;
    // Run after each statement, whatever happened (ROLLBACK: nothing a run did stays).
    virtual QStringList endRun() const = 0;
    // The statement a dry run executes instead of the user's (EXPLAIN ...).
    virtual QString dryRunSql(QStringView sql) const;
    virtual CancelMethod cancelMethod() const = 0;

protected:
    // The user's statement without a trailing ';' so that it can be wrapped or prefixed.
    static QString statementBody(QStringView sql);
};

class SqliteDialect final : public Dialect
{
public:
    Engine engine() const override { return Engine::SQLite; }
    QStringList sessionSetup() const override;
    QStringList beginRun(int timeoutMs) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::SqliteInterrupt; }
};

class PostgresDialect final : public Dialect
{
public:
    explicit PostgresDialect(Engine engine = Engine::PostgreSQL) : m_engine(engine) { }
    Engine engine() const override { return m_engine; }
    QStringList sessionSetup() const override;
    QStringList beginRun(int timeoutMs) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::PgCancel; }

private:
    Engine m_engine;
};

class MysqlDialect final : public Dialect
{
public:
    explicit MysqlDialect(Engine engine) : m_engine(engine) { }
    Engine engine() const override { return m_engine; }
    QString quoteIdentifier(QStringView identifier) const override;
    QStringList sessionSetup() const override;
    QStringList beginRun(int timeoutMs) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::KillQuery; }

private:
    Engine m_engine;
};

// A database behind ODBC. Errors are the ODBC driver's (engine() is Odbc); where the backend is
// known (QSqlDriver::dbmsType() after connecting), its read-only session and timeout are used.
class OdbcDialect final : public Dialect
{
public:
    explicit OdbcDialect(Engine backend = Engine::Unknown) : m_backend(backend) { }
    Engine engine() const override { return Engine::Odbc; }
    Engine backend() const { return m_backend; }
    QString name() const override;
    QString rowLimitClause(int rows) const override;
    QStringList sessionSetup() const override;
    QStringList beginRun(int timeoutMs) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::Cooperative; }

private:
    Engine m_backend;
};

} // namespace sqlmend::core
