#include "core/exec/connectiondoctor.h"

#include "core/exec/executor.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QVariant>

#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using Status = SafetyCheck::Status;

struct Row
{
    QVariantList values;
    QString error; // empty when the query ran
    QString code;  // the native error code when it did not

    bool ok() const { return error.isEmpty(); }
    QVariant at(int i) const { return values.value(i); }
};

// The first row of a query (an empty row when there is none).
Row firstRow(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    Row row;
    if (!query.exec(sql)) {
        row.error = query.lastError().databaseText().trimmed();
        if (row.error.isEmpty())
            row.error = query.lastError().text();
        row.code = query.lastError().nativeErrorCode();
        return row;
    }
    if (query.next()) {
        for (int i = 0; i < query.record().count(); ++i)
            row.values.append(query.value(i));
    }
    return row;
}

// Every first column of a query.
QStringList column(QSqlDatabase &db, const QString &sql, QString *error = nullptr)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QStringList values;
    if (!query.exec(sql)) {
        if (error)
            *error = query.lastError().text();
        return values;
    }
    while (query.next())
        values.append(query.value(0).toString());
    return values;
}

bool truthy(const QVariant &value)
{
    const QString text = value.toString().toLower();
    return text == u"t" || text == u"true" || text == u"1" || text == u"on" || text == u"yes";
}

class Examination
{
public:
    Examination(QSqlDatabase &db, SafetyVerdict &verdict) : m_db(db), m_verdict(verdict) { }

    void add(const QString &id, Status status, const QString &title, const QString &detail,
             const QString &advice = {})
    {
        m_verdict.checks.append({id, status, title, detail, advice});
    }

    void postgres();
    void mysql();
    void sqlite();
    void odbcOnly();

private:
    void postgresAccount();
    void postgresWrites();
    void postgresReadOnlySession();
    void postgresSettings();
    void mysqlPrivileges();
    void mysqlReadOnlySession();
    void mysqlSettings();

    QSqlDatabase &m_db;
    SafetyVerdict &m_verdict;
};

void Examination::postgres()
{
    postgresAccount();
    postgresWrites();
    postgresReadOnlySession();
    postgresSettings();
}

void Examination::postgresAccount()
{
    const Row account =
            firstRow(m_db,
                     u"SELECT current_user, r.rolsuper, r.rolreplication, r.rolcreaterole, "
                     "r.rolcreatedb, pg_has_role(current_user, 'pg_write_server_files', 'MEMBER'), "
                     "pg_has_role(current_user, 'pg_read_server_files', 'MEMBER'), "
                     "pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER') "
                     "FROM pg_roles r WHERE r.rolname = current_user"_s);
    if (!account.ok()) {
        add(u"account"_s, Status::Warning, ConnectionDoctor::tr("Account"),
            ConnectionDoctor::tr("The account's attributes could not be read: %1")
                    .arg(account.error));
        return;
    }
    m_verdict.user = account.at(0).toString();
    const QString role = m_verdict.user;
    if (truthy(account.at(1))) {
        add(u"superuser"_s, Status::Danger, ConnectionDoctor::tr("Superuser"),
            ConnectionDoctor::tr("%1 is a superuser: it may write anything, read and write "
                                 "server files and run programs on the server.")
                    .arg(role),
            ConnectionDoctor::tr("Connect with a role that may only read: CREATE ROLE analyst "
                                 "LOGIN; GRANT USAGE ON SCHEMA public TO analyst; GRANT SELECT "
                                 "ON ALL TABLES IN SCHEMA public TO analyst;"));
    } else {
        add(u"superuser"_s, Status::Ok, ConnectionDoctor::tr("Superuser"),
            ConnectionDoctor::tr("%1 is not a superuser.").arg(role));
    }
    if (truthy(account.at(2))) {
        add(u"replication"_s, Status::Danger, ConnectionDoctor::tr("Replication"),
            ConnectionDoctor::tr("%1 has REPLICATION: it may create replication slots that "
                                 "hold WAL on the server.")
                    .arg(role),
            ConnectionDoctor::tr("ALTER ROLE %1 NOREPLICATION;").arg(role));
    }
    if (truthy(account.at(5)) || truthy(account.at(6)) || truthy(account.at(7))) {
        add(u"server_files"_s, Status::Danger, ConnectionDoctor::tr("Server files"),
            ConnectionDoctor::tr("%1 is a member of pg_read_server_files, "
                                 "pg_write_server_files or pg_execute_server_program: it may "
                                 "reach the server's files or run programs there.")
                    .arg(role),
            ConnectionDoctor::tr("REVOKE pg_read_server_files, pg_write_server_files, "
                                 "pg_execute_server_program FROM %1;")
                    .arg(role));
    }
    if (truthy(account.at(3)) || truthy(account.at(4))) {
        add(u"create_roles"_s, Status::Warning, ConnectionDoctor::tr("Roles and databases"),
            ConnectionDoctor::tr("%1 may create roles or databases.").arg(role),
            ConnectionDoctor::tr("ALTER ROLE %1 NOCREATEROLE NOCREATEDB;").arg(role));
    }
}

void Examination::postgresWrites()
{
    const Row tables = firstRow(
            m_db,
            u"SELECT count(*) FILTER (WHERE pg_has_role(c.relowner, 'USAGE')), "
            "count(*) FILTER (WHERE has_table_privilege(c.oid, 'INSERT') "
            "OR has_table_privilege(c.oid, 'UPDATE') OR has_table_privilege(c.oid, 'DELETE') "
            "OR has_table_privilege(c.oid, 'TRUNCATE')), "
            "count(*) FILTER (WHERE has_table_privilege(c.oid, 'SELECT')), count(*) "
            "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') "
            "AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
            "AND n.nspname NOT LIKE 'pg\\_%'"_s);
    const Row creates =
            firstRow(m_db,
                     u"SELECT has_database_privilege(current_database(), 'CREATE'), "
                     "(SELECT count(*) FROM pg_namespace WHERE has_schema_privilege(oid, 'CREATE') "
                     "AND nspname NOT IN ('pg_catalog', 'information_schema') "
                     "AND nspname NOT LIKE 'pg\\_%')"_s);
    if (!tables.ok() || !creates.ok()) {
        add(u"write_grants"_s, Status::Warning, ConnectionDoctor::tr("Write privileges"),
            ConnectionDoctor::tr("The privileges could not be read: %1")
                    .arg(tables.ok() ? creates.error : tables.error));
        return;
    }
    const qint64 owned = tables.at(0).toLongLong();
    const qint64 writable = tables.at(1).toLongLong();
    const qint64 readable = tables.at(2).toLongLong();
    const qint64 total = tables.at(3).toLongLong();
    const bool createDatabase = truthy(creates.at(0));
    const qint64 createSchemas = creates.at(1).toLongLong();
    const QString role = m_verdict.user;
    if (owned > 0 || writable > 0 || createDatabase || createSchemas > 0) {
        QStringList found;
        if (owned > 0)
            found << ConnectionDoctor::tr("owns %n table(s)", nullptr, int(owned));
        if (writable > 0)
            found << ConnectionDoctor::tr("may write to %n table(s)", nullptr, int(writable));
        if (createDatabase)
            found << ConnectionDoctor::tr("may create schemas in this database");
        if (createSchemas > 0)
            found << ConnectionDoctor::tr("may create objects in %n schema(s)", nullptr,
                                          int(createSchemas));
        add(u"write_grants"_s, Status::Warning, ConnectionDoctor::tr("Write privileges"),
            ConnectionDoctor::tr("%1: %2. SQLMend's read-only session and guard stop writes, but "
                                 "the account itself could write.")
                    .arg(role, found.join(u"; "_s)),
            ConnectionDoctor::tr("Use a role that owns nothing and holds only SELECT: a "
                                 "read-only role is the strongest wall."));
    } else {
        add(u"write_grants"_s, Status::Ok, ConnectionDoctor::tr("Write privileges"),
            ConnectionDoctor::tr("%1 owns no table, may write to none and may create nothing.")
                    .arg(role));
    }
    if (readable == 0) {
        add(u"read_grants"_s, Status::Info, ConnectionDoctor::tr("Read privileges"),
            ConnectionDoctor::tr("%1 may read none of the %n table(s) here.", nullptr, int(total))
                    .arg(role),
            ConnectionDoctor::tr("GRANT SELECT ON ALL TABLES IN SCHEMA public TO %1;").arg(role));
    }
}

void Examination::postgresReadOnlySession()
{
    // Inside a transaction that is rolled back whatever happens: a write the session refuses,
    // then an attempt to lift the read-only mode once the snapshot is taken.
    QSqlQuery query(m_db);
    const bool began = query.exec(u"BEGIN TRANSACTION READ ONLY"_s);
    const bool wrote = began && query.exec(u"CREATE TEMP TABLE sqlmend_doctor_probe (x integer)"_s);
    const QString code = query.lastError().nativeErrorCode();
    const QString message = query.lastError().databaseText().trimmed();
    query.exec(u"ROLLBACK"_s);
    bool lifted = false;
    if (began) {
        query.exec(u"BEGIN TRANSACTION READ ONLY"_s);
        query.exec(u"SELECT 1"_s);
        lifted = query.exec(u"SET TRANSACTION READ WRITE"_s);
        query.exec(u"ROLLBACK"_s);
    }
    if (!began) {
        add(u"read_only_session"_s, Status::Warning, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("A read-only transaction could not be started: %1")
                    .arg(query.lastError().text()));
    } else if (wrote || lifted) {
        add(u"read_only_session"_s, Status::Danger, ConnectionDoctor::tr("Read-only session"),
            wrote ? ConnectionDoctor::tr("A write ran inside a read-only transaction (it was "
                                         "rolled back): the server does not enforce read-only "
                                         "sessions for this connection.")
                  : ConnectionDoctor::tr("A read-only transaction could be switched to read "
                                         "write after its first query."),
            ConnectionDoctor::tr("Check what sits between SQLMend and the server (a pooler or "
                                 "proxy) and use a read-only role."));
    } else {
        add(u"read_only_session"_s, Status::Ok, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("The read-only session refused a write (%1 %2) and could not "
                                 "be switched to read write.")
                    .arg(code, message.section(u'\n', 0, 0)));
    }
}

void Examination::postgresSettings()
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    QHash<QString, QString> defaults;
    QHash<QString, QString> current;
    if (query.exec(u"SELECT name, reset_val, setting FROM pg_settings WHERE name IN "
                   "('standard_conforming_strings', 'backslash_quote', 'statement_timeout', "
                   "'default_transaction_read_only', 'lock_timeout')"_s)) {
        while (query.next()) {
            defaults.insert(query.value(0).toString(), query.value(1).toString());
            current.insert(query.value(0).toString(), query.value(2).toString());
        }
    }
    const QString role = m_verdict.user;
    const QString conforming = defaults.value(u"standard_conforming_strings"_s);
    if (conforming == u"off") {
        add(u"standard_conforming_strings"_s, Status::Info, ConnectionDoctor::tr("String syntax"),
            ConnectionDoctor::tr("This account's sessions start with "
                                 "standard_conforming_strings = off, where a backslash escapes a "
                                 "quote. SQLMend turns it on for its own session (its guard "
                                 "reads strings that way) and refuses a server that will not; "
                                 "now: %1.")
                    .arg(current.value(u"standard_conforming_strings"_s)),
            ConnectionDoctor::tr("ALTER ROLE %1 SET standard_conforming_strings = on;").arg(role));
    } else {
        add(u"standard_conforming_strings"_s, Status::Ok, ConnectionDoctor::tr("String syntax"),
            ConnectionDoctor::tr("standard_conforming_strings is on, as SQLMend's guard reads "
                                 "strings."));
    }
    const QString timeout = defaults.value(u"statement_timeout"_s);
    if (timeout.isEmpty() || timeout == u"0") {
        add(u"statement_timeout"_s, Status::Info, ConnectionDoctor::tr("Statement timeout"),
            ConnectionDoctor::tr("The account has no statement timeout of its own. SQLMend sets "
                                 "one for every statement it runs (--timeout-ms), other clients "
                                 "of this account get none."),
            ConnectionDoctor::tr("ALTER ROLE %1 SET statement_timeout = '30s';").arg(role));
    } else {
        add(u"statement_timeout"_s, Status::Ok, ConnectionDoctor::tr("Statement timeout"),
            ConnectionDoctor::tr("The account's statement timeout is %1 ms; SQLMend sets its "
                                 "own for each statement as well.")
                    .arg(timeout));
    }
    if (defaults.value(u"default_transaction_read_only"_s) != u"on") {
        add(u"default_read_only"_s, Status::Info, ConnectionDoctor::tr("Read-only default"),
            ConnectionDoctor::tr("The account's sessions are read write unless a client asks "
                                 "otherwise (SQLMend does)."),
            ConnectionDoctor::tr("ALTER ROLE %1 SET default_transaction_read_only = on;")
                    .arg(role));
    }
}

// MySQL and MariaDB

void Examination::mysql()
{
    mysqlPrivileges();
    mysqlReadOnlySession();
    mysqlSettings();
}

void Examination::mysqlPrivileges()
{
    const Row who = firstRow(m_db, u"SELECT CURRENT_USER(), DATABASE()"_s);
    m_verdict.user = who.at(0).toString();
    const QString account = m_verdict.user;
    // information_schema spells the grantee 'user'@'host'.
    const QString grantee = u"CONCAT('''', REPLACE(SUBSTRING_INDEX(CURRENT_USER(), '@', 1), "
                            "'''', ''''''), '''@''', SUBSTRING_INDEX(CURRENT_USER(), '@', -1), "
                            "'''')"_s;
    QString error;
    const QStringList global = column(
            m_db,
            u"SELECT PRIVILEGE_TYPE FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = %1"_s
                    .arg(grantee),
            &error);
    const QStringList schema = column(
            m_db,
            u"SELECT PRIVILEGE_TYPE FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE = %1 "
            "AND TABLE_SCHEMA = DATABASE()"_s.arg(grantee),
            &error);
    const QStringList tables =
            column(m_db,
                   u"SELECT DISTINCT PRIVILEGE_TYPE FROM information_schema.TABLE_PRIVILEGES WHERE "
                   "GRANTEE = %1 AND TABLE_SCHEMA = DATABASE()"_s.arg(grantee),
                   &error);
    if (!error.isEmpty()) {
        add(u"write_grants"_s, Status::Warning, ConnectionDoctor::tr("Write privileges"),
            ConnectionDoctor::tr("The privileges could not be read: %1").arg(error));
        return;
    }
    static const QStringList dangerous{u"SUPER"_s,           u"FILE"_s,
                                       u"SHUTDOWN"_s,        u"RELOAD"_s,
                                       u"CREATE USER"_s,     u"PROCESS"_s,
                                       u"BINLOG ADMIN"_s,    u"REPLICATION SLAVE ADMIN"_s,
                                       u"READ_ONLY ADMIN"_s, u"CONNECTION ADMIN"_s};
    static const QStringList writes{
            u"INSERT"_s,  u"UPDATE"_s,  u"DELETE"_s,      u"CREATE"_s,         u"DROP"_s,
            u"ALTER"_s,   u"INDEX"_s,   u"CREATE VIEW"_s, u"CREATE ROUTINE"_s, u"ALTER ROUTINE"_s,
            u"EXECUTE"_s, u"TRIGGER"_s, u"EVENT"_s,       u"LOCK TABLES"_s,    u"DELETE HISTORY"_s};
    QStringList danger;
    for (const QString &privilege : global) {
        if (dangerous.contains(privilege))
            danger << privilege;
    }
    if (!danger.isEmpty()) {
        add(u"server_privileges"_s, Status::Danger, ConnectionDoctor::tr("Server privileges"),
            ConnectionDoctor::tr("%1 holds %2 on the whole server: it may read or write server "
                                 "files, stop sessions or change the server.")
                    .arg(account, danger.join(u", "_s)),
            ConnectionDoctor::tr("Connect with an account that holds only SELECT: CREATE USER "
                                 "'analyst'@'%' IDENTIFIED BY '...'; GRANT SELECT ON db.* TO "
                                 "'analyst'@'%';"));
    } else {
        add(u"server_privileges"_s, Status::Ok, ConnectionDoctor::tr("Server privileges"),
            ConnectionDoctor::tr("%1 holds no server-wide privilege that reaches files or other "
                                 "sessions.")
                    .arg(account));
    }
    QStringList writing;
    for (const QStringList *level : {&global, &schema, &tables}) {
        for (const QString &privilege : *level) {
            if (writes.contains(privilege) && !writing.contains(privilege))
                writing << privilege;
        }
    }
    if (!writing.isEmpty()) {
        add(u"write_grants"_s, Status::Warning, ConnectionDoctor::tr("Write privileges"),
            ConnectionDoctor::tr("%1 holds %2 here. SQLMend's read-only session and guard stop "
                                 "writes, but the account itself could write.")
                    .arg(account, writing.join(u", "_s)),
            ConnectionDoctor::tr("Use an account that holds only SELECT: a read-only account is "
                                 "the strongest wall."));
    } else {
        add(u"write_grants"_s, Status::Ok, ConnectionDoctor::tr("Write privileges"),
            ConnectionDoctor::tr("%1 may not write here.").arg(account));
    }
}

void Examination::mysqlReadOnlySession()
{
    // A statement that would write no row even where it may run, inside a read-only
    // transaction that is rolled back.
    const Row target =
            firstRow(m_db,
                     u"SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE "
                     "TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION LIMIT 1"_s);
    if (!target.ok() || target.values.isEmpty()) {
        add(u"read_only_session"_s, Status::Info, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("No table is visible here to try a write on."));
        return;
    }
    const QString table = target.at(0).toString().replace(u'`', u"``"_s);
    const QString name = target.at(1).toString().replace(u'`', u"``"_s);
    QSqlQuery query(m_db);
    const bool began = query.exec(u"START TRANSACTION READ ONLY"_s);
    const bool wrote =
            began && query.exec(u"UPDATE `%1` SET `%2` = `%2` WHERE 1 = 0"_s.arg(table, name));
    const QString code = query.lastError().nativeErrorCode();
    const QString message = query.lastError().databaseText().trimmed();
    query.exec(u"ROLLBACK"_s);
    if (!began) {
        add(u"read_only_session"_s, Status::Warning, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("A read-only transaction could not be started: %1")
                    .arg(query.lastError().text()));
    } else if (wrote) {
        add(u"read_only_session"_s, Status::Danger, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("An UPDATE ran inside a read-only transaction (it matched no "
                                 "row and was rolled back): the server does not enforce "
                                 "read-only transactions for this connection."),
            ConnectionDoctor::tr("Check what sits between SQLMend and the server (a proxy) and "
                                 "use a read-only account."));
    } else {
        add(u"read_only_session"_s, Status::Ok, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("The read-only session refused a write (%1: %2).")
                    .arg(code, message));
    }
}

void Examination::mysqlSettings()
{
    const Row settings = firstRow(
            m_db, u"SELECT @@GLOBAL.sql_mode, @@secure_file_priv, @@GLOBAL.local_infile"_s);
    if (settings.ok()) {
        const QString mode = settings.at(0).toString();
        if (mode.contains(u"NO_BACKSLASH_ESCAPES") || mode.contains(u"ANSI_QUOTES")
            || mode.contains(u"ANSI")) {
            add(u"sql_mode"_s, Status::Info, ConnectionDoctor::tr("String syntax"),
                ConnectionDoctor::tr("The server's sql_mode (%1) changes how quotes and "
                                     "backslashes are read. SQLMend sets its own session's "
                                     "sql_mode without those modes (its guard reads strings "
                                     "that way) and refuses a server that will not.")
                        .arg(mode));
        } else {
            add(u"sql_mode"_s, Status::Ok, ConnectionDoctor::tr("String syntax"),
                ConnectionDoctor::tr("The server's sql_mode reads quotes and backslashes as "
                                     "SQLMend's guard does."));
        }
        if (settings.at(1).isNull() || settings.at(1).toString().isEmpty()) {
            add(u"secure_file_priv"_s, Status::Warning, ConnectionDoctor::tr("Server files"),
                ConnectionDoctor::tr("secure_file_priv is empty: an account with FILE may read "
                                     "and write files anywhere the server may."),
                ConnectionDoctor::tr("Set secure_file_priv to an empty, dedicated folder in the "
                                     "server's configuration."));
        }
    }
    const Row timeout = firstRow(m_db, u"SELECT @@GLOBAL.max_statement_time"_s);
    const Row mysqlTimeout =
            timeout.ok() ? timeout : firstRow(m_db, u"SELECT @@GLOBAL.max_execution_time"_s);
    if (mysqlTimeout.ok() && mysqlTimeout.at(0).toDouble() <= 0) {
        add(u"statement_timeout"_s, Status::Info, ConnectionDoctor::tr("Statement timeout"),
            ConnectionDoctor::tr("The server has no statement timeout by default. SQLMend sets "
                                 "one for every statement it runs (--timeout-ms), other clients "
                                 "get none."));
    } else if (mysqlTimeout.ok()) {
        add(u"statement_timeout"_s, Status::Ok, ConnectionDoctor::tr("Statement timeout"),
            ConnectionDoctor::tr("The server's default statement timeout is %1.")
                    .arg(mysqlTimeout.at(0).toString()));
    }
}

// SQLite

void Examination::sqlite()
{
    const Row only = firstRow(m_db, u"PRAGMA query_only"_s);
    QSqlQuery query(m_db);
    const bool wrote = query.exec(u"CREATE TEMP TABLE sqlmend_doctor_probe (x)"_s);
    const QString message = query.lastError().databaseText().trimmed();
    if (wrote)
        query.exec(u"DROP TABLE temp.sqlmend_doctor_probe"_s);
    if (wrote || !truthy(only.at(0))) {
        add(u"read_only_session"_s, Status::Danger, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("The connection is not read-only: a temporary table could be "
                                 "created."));
    } else {
        add(u"read_only_session"_s, Status::Ok, ConnectionDoctor::tr("Read-only session"),
            ConnectionDoctor::tr("The file is opened read-only with query_only on; a write was "
                                 "refused (%1).")
                    .arg(message));
    }
    const QFileInfo file(m_db.databaseName());
    if (file.exists() && file.isWritable()) {
        add(u"file_permissions"_s, Status::Info, ConnectionDoctor::tr("File permissions"),
            ConnectionDoctor::tr("You may write to %1 yourself; SQLMend opens it read-only.")
                    .arg(file.absoluteFilePath()),
            ConnectionDoctor::tr("For a shared file, take away write permission (chmod a-w)."));
    }
}

void Examination::odbcOnly()
{
    add(u"engine"_s, Status::Warning, ConnectionDoctor::tr("Engine"),
        ConnectionDoctor::tr("The ODBC driver does not say which database it reaches, so the "
                             "account's privileges cannot be read."),
        ConnectionDoctor::tr("Use an account that may only read."));
}

} // namespace

QString SafetyCheck::statusName(Status status)
{
    switch (status) {
    case Status::Ok:
        return u"ok"_s;
    case Status::Info:
        return u"info"_s;
    case Status::Warning:
        return u"warning"_s;
    case Status::Danger:
        return u"danger"_s;
    }
    return {};
}

QString SafetyVerdict::levelName(Level level)
{
    switch (level) {
    case Level::Safe:
        return u"safe"_s;
    case Level::Caution:
        return u"caution"_s;
    case Level::Unsafe:
        return u"unsafe"_s;
    case Level::Unknown:
        return u"unknown"_s;
    }
    return {};
}

QJsonObject SafetyVerdict::toJson() const
{
    QJsonArray list;
    for (const SafetyCheck &check : checks) {
        list.append(QJsonObject{{u"id"_s, check.id},
                                {u"status"_s, SafetyCheck::statusName(check.status)},
                                {u"title"_s, check.title},
                                {u"detail"_s, check.detail},
                                {u"advice"_s, check.advice}});
    }
    return QJsonObject{{u"verdict"_s, levelName(level)},
                       {u"engine"_s, engineName(engine)},
                       {u"user"_s, user},
                       {u"summary"_s, summary},
                       {u"checks"_s, list}};
}

QString SafetyVerdict::toText() const
{
    QString text = summary + u"\n\n"_s;
    for (const SafetyCheck &check : checks) {
        text += u"[%1] %2: %3\n"_s.arg(SafetyCheck::statusName(check.status), check.title,
                                       check.detail);
        if (!check.advice.isEmpty() && check.status != SafetyCheck::Status::Ok)
            text += u"    -> "_s + check.advice + u'\n';
    }
    return text;
}

SafetyVerdict ConnectionDoctor::examine(QSqlDatabase &db, Engine engine)
{
    SafetyVerdict verdict;
    verdict.engine = engine;
    if (engine == Engine::Odbc) {
        switch (db.driver()->dbmsType()) {
        case QSqlDriver::PostgreSQL:
            engine = Engine::PostgreSQL;
            break;
        case QSqlDriver::MySqlServer:
            engine = Engine::MySQL;
            break;
        default:
            break;
        }
    }
    Examination examination(db, verdict);
    if (isPostgresFamily(engine))
        examination.postgres();
    else if (isMysqlFamily(engine))
        examination.mysql();
    else if (engine == Engine::SQLite)
        examination.sqlite();
    else
        examination.odbcOnly();

    bool danger = false;
    bool warning = false;
    for (const SafetyCheck &check : std::as_const(verdict.checks)) {
        danger = danger || check.status == SafetyCheck::Status::Danger;
        warning = warning || check.status == SafetyCheck::Status::Warning;
    }
    const QString who = verdict.user.isEmpty() ? tr("This connection") : verdict.user;
    if (danger) {
        verdict.level = SafetyVerdict::Level::Unsafe;
        verdict.summary = tr("Unsafe: %1 can write, change the server or reach its files. "
                             "SQLMend's guard, read-only session and bounds still stand, but "
                             "they are the only walls left. Connect with a read-only role: it "
                             "is the strongest wall.")
                                  .arg(who);
    } else if (warning) {
        verdict.level = SafetyVerdict::Level::Caution;
        verdict.summary = tr("Caution: SQLMend's read-only session refuses writes, but %1 "
                             "could write if another client used it. A read-only role is the "
                             "strongest wall.")
                                  .arg(who);
    } else {
        verdict.level = SafetyVerdict::Level::Safe;
        verdict.summary = tr("Safe: %1 cannot write, and the read-only session refuses "
                             "writes.")
                                  .arg(who);
    }
    return verdict;
}

QFuture<SafetyVerdict> ConnectionDoctor::examine(Executor &executor)
{
    // Jobs run in order on the worker: by the time the checks run, the open has finished.
    const QFuture<Result<ServerInfo, Diagnosis>> opened = executor.open();
    const Engine urlEngine = executor.profile().engine();
    return executor.submit<SafetyVerdict>([opened, urlEngine](QSqlDatabase &db) {
        const Result<ServerInfo, Diagnosis> server = opened.result();
        if (!server || !db.isOpen()) {
            SafetyVerdict verdict;
            verdict.engine = urlEngine;
            verdict.summary =
                    tr("Unknown: the connection failed, so nothing could be checked: "
                       "%1")
                            .arg(server ? db.lastError().text() : server.error().advice.text());
            return verdict;
        }
        return examine(db, server.value().engine);
    });
}

} // namespace sqlmend::core
