#pragma once

#include "core/errors/engine.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace sqlmend::core {

// How a cancel reaches the server while a statement runs.
enum class CancelMethod {
    SqliteInterrupt, // sqlite3_interrupt plus a progress handler
    PgCancel,        // PQcancel on the connection's cancel object
    KillQuery,       // KILL QUERY <connection id> from a second, short-lived connection
    Cooperative,     // only the flag between fetched rows (generic ODBC)
};

// How a session is made to read SQL the way the guard does (PostgreSQL
// standard_conforming_strings, MySQL/MariaDB sql_mode): statements to run once connected, and
// a probe whose single value must read expected afterwards. A server that will not take the pin
// is refused.
struct LexingPin
{
    QStringList statements;
    QString probe;
    QString expected;
    // The pin is run again before each statement where a run cannot undo what a statement
    // changed (sessions without a transaction around each run).
    bool beforeEachRun = false;

    bool isEmpty() const { return statements.isEmpty(); }
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
    // Whether the server tells names apart by letter case, quoted or not (ClickHouse).
    virtual bool caseSensitiveNames() const { return false; }
    // The clause that limits a result to n rows ("LIMIT 10"; "FETCH FIRST 10 ROWS ONLY").
    virtual QString rowLimitClause(int rows) const;
    // SELECT * FROM (<sql>) AS q <limit>: the user's text is wrapped, never rewritten.
    QString limitWrapped(QStringView sql, int rows) const;

    // Run once after connecting.
    virtual QStringList sessionSetup() const = 0;
    // A query whose value lexingPin() needs (MySQL: the session's sql_mode), or empty.
    virtual QString lexingStateQuery() const { return {}; }
    // The pin for a session whose lexingStateQuery() read state; empty where nothing needs one.
    virtual LexingPin lexingPin(const QString &state) const;
    // Run before each statement, inside the order given; the timeout is in milliseconds (0: none).
    // maxRows > 0: where the server can stop a result itself, it stops one row past the cap (so
    // that the fetch still sees that there was more), and memory stays bounded by the cap.
    virtual QStringList beginRun(int timeoutMs, int maxRows = 0) const = 0;
    // Run after each statement, whatever happened (ROLLBACK: nothing a run did stays).
    virtual QStringList endRun() const = 0;
    // The statement a dry run executes instead of the user's (EXPLAIN ...).
    virtual QString dryRunSql(QStringView sql) const;
    // Whether a statement of this kind (GuardVerdict::kind) gets a dry run: all do but EXPLAIN,
    // SHOW, DESCRIBE and PRAGMA, which already are one, and which wrapping would break.
    static bool dryRunApplies(QStringView kind);
    // Why a statement of this kind cannot run through the Qt driver at all, or empty. Only
    // reached around the guard (which refuses these kinds anyway).
    virtual QString unrunnableReason(QStringView kind) const;
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
    QStringList beginRun(int timeoutMs, int maxRows = 0) const override;
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
    LexingPin lexingPin(const QString &state) const override;
    QStringList beginRun(int timeoutMs, int maxRows = 0) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override;
    QString unrunnableReason(QStringView kind) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::PgCancel; }

private:
    Engine m_engine;
};

class MysqlDialect final : public Dialect
{
public:
    // The session's sql_mode without the modes that change how strings, quotes and statements
    // are read (NO_BACKSLASH_ESCAPES, ANSI_QUOTES and the modes that include them); empty when
    // the text is not a list of mode names.
    static std::optional<QString> guardSqlMode(const QString &sqlMode);

    explicit MysqlDialect(Engine engine) : m_engine(engine) { }
    Engine engine() const override { return m_engine; }
    QString quoteIdentifier(QStringView identifier) const override;
    QStringList sessionSetup() const override;
    QString lexingStateQuery() const override;
    LexingPin lexingPin(const QString &state) const override;
    QStringList beginRun(int timeoutMs, int maxRows = 0) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::KillQuery; }

private:
    Engine m_engine;
};

// engine: ClickHouse over HTTP (ClickHouseDriver). HTTP is stateless: nothing is set per
// session; the read-only level travels with every request (the connect options) and a run's
// timeout and row cap go to the driver as query settings (ClickHouseDriver::runSettings()).
class ClickHouseDialect final : public Dialect
{
public:
    Engine engine() const override { return Engine::ClickHouse; }
    QString quoteIdentifier(QStringView identifier) const override;
    bool caseSensitiveNames() const override { return true; }
    QStringList sessionSetup() const override { return {}; }
    QStringList beginRun(int, int = 0) const override { return {}; }
    QStringList endRun() const override { return {}; }
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::KillQuery; }
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
    QString lexingStateQuery() const override;
    LexingPin lexingPin(const QString &state) const override;
    QStringList beginRun(int timeoutMs, int maxRows = 0) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::Cooperative; }

private:
    Engine m_backend;
};

} // namespace sqlmend::core
