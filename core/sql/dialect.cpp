#include "core/sql/dialect.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

Dialect::~Dialect() = default;

const Dialect &Dialect::forEngine(Engine engine)
{
    static const SqliteDialect sqlite;
    static const PostgresDialect postgres(Engine::PostgreSQL);
    static const PostgresDialect hologres(Engine::Hologres);
    static const PostgresDialect redshift(Engine::Redshift);
    static const PostgresDialect greenplum(Engine::Greenplum);
    static const MysqlDialect mysql(Engine::MySQL);
    static const MysqlDialect mariadb(Engine::MariaDB);
    static const ClickHouseDialect clickhouse;
    static const OdbcDialect odbc;
    switch (engine) {
    case Engine::SQLite:
        return sqlite;
    case Engine::PostgreSQL:
        return postgres;
    case Engine::Hologres:
        return hologres;
    case Engine::Redshift:
        return redshift;
    case Engine::Greenplum:
        return greenplum;
    case Engine::MySQL:
        return mysql;
    case Engine::MariaDB:
        return mariadb;
    case Engine::ClickHouse:
        return clickhouse;
    default:
        return odbc;
    }
}

const Dialect &Dialect::forOdbc(Engine backend)
{
    static const OdbcDialect generic(Engine::Unknown);
    static const OdbcDialect postgres(Engine::PostgreSQL);
    static const OdbcDialect mysql(Engine::MySQL);
    if (isPostgresFamily(backend))
        return postgres;
    if (isMysqlFamily(backend))
        return mysql;
    return generic;
}

QString Dialect::name() const
{
    return engineDisplayName(engine());
}

QString Dialect::quoteIdentifier(QStringView identifier) const
{
    QString quoted = identifier.toString();
    quoted.replace(u'"', u"\"\""_s);
    return u'"' + quoted + u'"';
}

QString Dialect::rowLimitClause(int rows) const
{
    return u"LIMIT %1"_s.arg(qMax(0, rows));
}

QString Dialect::statementBody(QStringView sql)
{
    QStringView body = sql.trimmed();
    while (body.endsWith(u';'))
        body = body.chopped(1).trimmed();
    return body.toString();
}

QString Dialect::limitWrapped(QStringView sql, int rows) const
{
    // Newlines keep a trailing "-- comment" in the user's text from swallowing the parenthesis.
    return u"SELECT * FROM (\n%1\n) AS q %2"_s.arg(statementBody(sql), rowLimitClause(rows));
}

QString Dialect::dryRunSql(QStringView sql) const
{
    return limitWrapped(sql, 1);
}

bool Dialect::dryRunApplies(QStringView kind)
{
    // Only statements that are a plan or a description already go without: everything else,
    // even what the guard let through by mistake, must first survive EXPLAIN (MariaDB's
    // read-only session does not refuse DDL, but EXPLAIN CREATE fails).
    return kind != u"explain" && kind != u"show" && kind != u"describe" && kind != u"pragma";
}

LexingPin Dialect::lexingPin(const QString &) const
{
    return {};
}

QString Dialect::unrunnableReason(QStringView) const
{
    return {};
}

// SQLite

QStringList SqliteDialect::sessionSetup() const
{
    // The connection is opened with QSQLITE_OPEN_READONLY as well; query_only also covers
    // ATTACHed files and temp tables.
    return {u"PRAGMA query_only = ON"_s};
}

QStringList SqliteDialect::beginRun(int, int) const
{
    // The timeout is a progress handler on the connection, not a statement.
    return {};
}

QStringList SqliteDialect::endRun() const
{
    return {};
}

QString SqliteDialect::dryRunSql(QStringView sql) const
{
    return u"EXPLAIN QUERY PLAN "_s + statementBody(sql);
}

// PostgreSQL family

QStringList PostgresDialect::sessionSetup() const
{
    return {u"SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"_s};
}

LexingPin PostgresDialect::lexingPin(const QString &) const
{
    // The guard and libpg_query read '\' as a backslash, never as an escape. Each run's
    // transaction ends in ROLLBACK, which also undoes a set_config() inside it.
    LexingPin pin;
    pin.statements = {u"SET standard_conforming_strings = on"_s};
    pin.probe = u"SELECT length('\\\\')"_s;
    pin.expected = u"2"_s;
    return pin;
}

QStringList PostgresDialect::beginRun(int timeoutMs, int) const
{
    QStringList statements{u"BEGIN TRANSACTION READ ONLY"_s};
    statements << u"SET LOCAL statement_timeout = %1"_s.arg(qMax(0, timeoutMs));
    statements << u"SET LOCAL lock_timeout = %1"_s.arg(qMax(0, timeoutMs));
    // Taking a snapshot fixes the transaction's access mode: a later
    // "SET TRANSACTION READ WRITE" fails with "must be called before any query".
    statements << u"SELECT 1"_s;
    return statements;
}

QStringList PostgresDialect::endRun() const
{
    // ROLLBACK ends every lock of the transaction; advisory session locks outlive it.
    return {u"ROLLBACK"_s, u"SELECT pg_advisory_unlock_all()"_s};
}

QString PostgresDialect::unrunnableReason(QStringView kind) const
{
    // COPY ... TO STDOUT would leave the connection in the copy protocol, which QPSQL cannot
    // read: every later statement would wait forever.
    if (kind == u"copy")
        return QCoreApplication::translate("sqlmend::core::Dialect",
                                           "COPY is not run: it streams data through a protocol "
                                           "the database driver cannot read.");
    return {};
}

QString PostgresDialect::dryRunSql(QStringView sql) const
{
    return u"EXPLAIN "_s + statementBody(sql);
}

// MySQL and MariaDB

QString MysqlDialect::quoteIdentifier(QStringView identifier) const
{
    QString quoted = identifier.toString();
    quoted.replace(u'`', u"``"_s);
    return u'`' + quoted + u'`';
}

QStringList MysqlDialect::sessionSetup() const
{
    return {u"SET SESSION TRANSACTION READ ONLY"_s};
}

std::optional<QString> MysqlDialect::guardSqlMode(const QString &sqlMode)
{
    // ANSI, ORACLE, POSTGRESQL, MSSQL, DB2 and MAXDB include ANSI_QUOTES; ORACLE also changes
    // the parser (MariaDB).
    static const QStringList lexing{
            u"NO_BACKSLASH_ESCAPES"_s, u"ANSI_QUOTES"_s, u"ANSI"_s, u"ORACLE"_s,
            u"POSTGRESQL"_s,           u"MSSQL"_s,       u"DB2"_s,  u"MAXDB"_s};
    QStringList kept;
    for (const QString &part : sqlMode.split(u',', Qt::SkipEmptyParts)) {
        const QString mode = part.trimmed().toUpper();
        for (QChar c : mode) {
            if (!(c.isLetterOrNumber() && c.unicode() < 0x80) && c != u'_')
                return std::nullopt;
        }
        if (!lexing.contains(mode))
            kept.append(mode);
    }
    return kept.join(u',');
}

QString MysqlDialect::lexingStateQuery() const
{
    return u"SELECT @@SESSION.sql_mode"_s;
}

LexingPin MysqlDialect::lexingPin(const QString &state) const
{
    // Backslash escapes on and double quotes around strings, as the guard reads them; a
    // statement may SET sql_mode, so the pin is renewed before each run.
    LexingPin pin;
    pin.statements = {
            u"SET SESSION sql_mode = '%1'"_s.arg(guardSqlMode(state).value_or(QString()))};
    pin.probe = u"SELECT CONCAT(LENGTH('\\\\'), \"x\")"_s;
    pin.expected = u"1x"_s;
    pin.beforeEachRun = true;
    return pin;
}

QStringList MysqlDialect::beginRun(int timeoutMs, int maxRows) const
{
    QStringList statements;
    // The server stops a SELECT's result one row past the cap; without it the driver would
    // buffer the whole result (QMYSQL stores every result) before the first row is read.
    statements << (maxRows > 0 ? u"SET SESSION sql_select_limit = %1"_s.arg(qint64(maxRows) + 1)
                               : u"SET SESSION sql_select_limit = DEFAULT"_s);
    if (m_engine == Engine::MariaDB) {
        statements << u"SET SESSION max_statement_time = %1"_s.arg(qMax(0, timeoutMs) / 1000.0, 0,
                                                                   'f', 3);
    } else {
        statements << u"SET SESSION max_execution_time = %1"_s.arg(qMax(0, timeoutMs));
    }
    statements << u"START TRANSACTION READ ONLY"_s;
    return statements;
}

QStringList MysqlDialect::endRun() const
{
    // LOCK TABLES, FLUSH TABLES WITH READ LOCK and GET_LOCK() outlive ROLLBACK: nothing a run
    // took may stay held. The session's other queries (the catalog, the doctor) must see whole
    // results again.
    return {u"ROLLBACK"_s, u"UNLOCK TABLES"_s, u"DO RELEASE_ALL_LOCKS()"_s,
            u"SET SESSION sql_select_limit = DEFAULT"_s};
}

QString MysqlDialect::dryRunSql(QStringView sql) const
{
    return u"EXPLAIN "_s + statementBody(sql);
}

// ClickHouse

QString ClickHouseDialect::quoteIdentifier(QStringView identifier) const
{
    // Backquotes, with backslash and backquote escaped: ClickHouse reads backslash escapes in
    // quoted names too.
    QString quoted = identifier.toString();
    quoted.replace(u'\\', u"\\\\"_s);
    quoted.replace(u'`', u"\\`"_s);
    return u'`' + quoted + u'`';
}

QString ClickHouseDialect::dryRunSql(QStringView sql) const
{
    // 18.16 has no EXPLAIN: LIMIT 0 makes the server analyse the query (names, types) without
    // producing rows.
    return u"SELECT * FROM (\n%1\n) LIMIT 0"_s.arg(statementBody(sql));
}

// ODBC

QString OdbcDialect::name() const
{
    return m_backend == Engine::Unknown ? engineDisplayName(Engine::Odbc)
                                        : engineDisplayName(m_backend);
}

QString OdbcDialect::rowLimitClause(int rows) const
{
    if (m_backend != Engine::Unknown)
        return Dialect::rowLimitClause(rows);
    return u"FETCH FIRST %1 ROWS ONLY"_s.arg(qMax(0, rows));
}

QStringList OdbcDialect::sessionSetup() const
{
    // The connection runs in autocommit mode: a read-only default covers every statement.
    // psqlODBC with ReadOnly=1 passes only SELECTs, hence set_config rather than SET.
    if (isPostgresFamily(m_backend))
        return {u"SELECT set_config('default_transaction_read_only', 'on', false)"_s};
    if (isMysqlFamily(m_backend))
        return {u"SET SESSION TRANSACTION READ ONLY"_s};
    return {};
}

QString OdbcDialect::lexingStateQuery() const
{
    return isMysqlFamily(m_backend) ? Dialect::forEngine(Engine::MySQL).lexingStateQuery()
                                    : QString();
}

LexingPin OdbcDialect::lexingPin(const QString &state) const
{
    if (isMysqlFamily(m_backend))
        return Dialect::forEngine(Engine::MySQL).lexingPin(state);
    if (!isPostgresFamily(m_backend))
        return {};
    // psqlODBC with ReadOnly=1 passes only SELECTs; it follows the server's
    // standard_conforming_strings for its own reading of the text. Autocommit: no rollback
    // undoes a set_config() between runs, so the pin is renewed before each.
    LexingPin pin = Dialect::forEngine(Engine::PostgreSQL).lexingPin(state);
    pin.statements = {u"SELECT set_config('standard_conforming_strings', 'on', false)"_s};
    pin.beforeEachRun = true;
    return pin;
}

QStringList OdbcDialect::beginRun(int timeoutMs, int maxRows) const
{
    // MySQL and MariaDB spell the timeout differently and ODBC does not tell them apart.
    if (isPostgresFamily(m_backend))
        return {u"SELECT set_config('statement_timeout', '%1', false)"_s.arg(qMax(0, timeoutMs))};
    if (isMysqlFamily(m_backend)) {
        return {maxRows > 0 ? u"SET SESSION sql_select_limit = %1"_s.arg(qint64(maxRows) + 1)
                            : u"SET SESSION sql_select_limit = DEFAULT"_s};
    }
    return {};
}

QStringList OdbcDialect::endRun() const
{
    if (isMysqlFamily(m_backend))
        return {u"SET SESSION sql_select_limit = DEFAULT"_s};
    return {};
}

QString OdbcDialect::dryRunSql(QStringView sql) const
{
    // The LIMIT 1 wrapper rather than EXPLAIN: psqlODBC with ReadOnly=1 passes only SELECTs.
    return Dialect::dryRunSql(sql);
}

} // namespace sqlmend::core
