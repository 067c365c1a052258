#include "core/engines/postgresengine.h"

#include "core/errors/errorrules.h"
#include "core/exec/runinterrupt.h"
#include "core/exec/safetyexamination.h"
#include "core/schema/catalogquery.h"

#include <QCoreApplication>
#include <QHash>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

#include <libpq-fe.h>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using namespace catalog;

// ---- the catalog: pg_catalog, one query each for relations, columns and constraints

CatalogTableKind postgresKind(const QString &relkind)
{
    if (relkind == u"v")
        return CatalogTableKind::View;
    if (relkind == u"m")
        return CatalogTableKind::MaterializedView;
    if (relkind == u"f")
        return CatalogTableKind::ForeignTable;
    return CatalogTableKind::Table;
}

TablesResult loadPostgres(QSqlDatabase &database, Engine engine, const QString &schema)
{
    const QString relations = u"c.relkind IN ('r', 'p', 'v', 'm', 'f')"_s;
    Loaded loaded;
    QSqlQuery query(database);
    const QString tablesSql =
            u"SELECT c.relname, c.relkind, c.reltuples::bigint, obj_description(c.oid, 'pg_class') "
            "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = ? AND %1 AND NOT c.relispartition"_s.arg(relations);
    if (std::optional<Diagnosis> failure = run(query, engine, tablesSql, {schema}))
        return makeUnexpected(*failure);
    while (query.next()) {
        CatalogTable &table = loaded.add(schema, query.value(0).toString(),
                                         postgresKind(query.value(1).toString()));
        // reltuples is -1 (PostgreSQL 14+) or 0 for a table never analyzed or vacuumed.
        const qint64 estimate = query.value(2).toLongLong();
        table.rowEstimate = estimate > 0 ? estimate : -1;
        table.comment = loaded.text(query.value(3).toString());
    }

    const QString columnsSql =
            u"SELECT c.relname, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), "
            "a.attnotnull, pg_catalog.pg_get_expr(d.adbin, d.adrelid), "
            "pg_catalog.col_description(a.attrelid, a.attnum) "
            "FROM pg_catalog.pg_attribute a "
            "JOIN pg_catalog.pg_class c ON c.oid = a.attrelid "
            "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
            "LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
            "WHERE n.nspname = ? AND %1 AND NOT c.relispartition AND a.attnum > 0 "
            "AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum"_s.arg(relations);
    if (std::optional<Diagnosis> failure = run(query, engine, columnsSql, {schema}))
        return makeUnexpected(*failure);
    TableIndex index(loaded.tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        CatalogColumn column;
        column.name = query.value(1).toString();
        column.type = query.value(2).toString();
        column.nullable = !query.value(3).toBool();
        column.defaultValue = query.value(4).toString();
        column.comment = query.value(5).toString();
        table->columns.append(column);
    }

    const QString keysSql =
            u"SELECT c.relname, con.contype, con.conname, k.ord, a.attname, fn.nspname, "
            "fc.relname, fa.attname "
            "FROM pg_catalog.pg_constraint con "
            "JOIN pg_catalog.pg_class c ON c.oid = con.conrelid "
            "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
            "CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord) "
            "JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum "
            "LEFT JOIN pg_catalog.pg_class fc ON fc.oid = con.confrelid "
            "LEFT JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace "
            "LEFT JOIN pg_catalog.pg_attribute fa "
            "ON fa.attrelid = con.confrelid AND fa.attnum = con.confkey[k.ord] "
            "WHERE n.nspname = ? AND con.contype IN ('p', 'f') "
            "ORDER BY c.relname, con.conname, k.ord"_s;
    if (std::optional<Diagnosis> failure = run(query, engine, keysSql, {schema}))
        return makeUnexpected(*failure);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        const QString column = query.value(4).toString();
        if (query.value(1).toString() == u"p") {
            setPrimaryKeyPosition(*table, column, query.value(3).toInt());
        } else {
            addForeignKeyColumn(loaded, *table, query.value(2).toString(), column,
                                query.value(5).toString(), query.value(6).toString(),
                                query.value(7).toString());
        }
    }
    return loaded.finish();
}

QString postgresFingerprint(QSqlDatabase &database, Engine engine, const QString &schema)
{
    // DDL writes new row versions into these catalogs, and each carries the writing transaction's
    // id (xmin); statistics (reltuples) are updated in place and leave xmin alone.
    const QString marks = u"(SELECT count(*) || ':' || coalesce(sum(x.xmin::text::bigint), 0) "
                          "FROM %1 x WHERE %2)"_s;
    const QString inSchema = u"IN (SELECT c.oid FROM pg_catalog.pg_class c "
                             "WHERE c.relnamespace = n.oid)"_s;
    const QStringList parts = {
            marks.arg(u"pg_catalog.pg_class"_s, u"x.relnamespace = n.oid"_s),
            marks.arg(u"pg_catalog.pg_attribute"_s, u"x.attnum > 0 AND x.attrelid "_s + inSchema),
            marks.arg(u"pg_catalog.pg_attrdef"_s, u"x.adrelid "_s + inSchema),
            marks.arg(u"pg_catalog.pg_constraint"_s, u"x.connamespace = n.oid"_s),
            marks.arg(u"pg_catalog.pg_description"_s,
                      u"x.classoid = 'pg_catalog.pg_class'::regclass AND x.objoid "_s + inSchema),
    };
    const QString sql =
            u"SELECT n.oid, %1 FROM pg_catalog.pg_namespace n WHERE n.nspname = ?"_s.arg(
                    parts.join(u", "_s));
    const QString row = firstRow(database, engine, sql, {schema});
    return row.isEmpty() ? QString() : u"postgresql/"_s + row;
}

// ---- the doctor

class PostgresExamination : public SafetyExamination
{
public:
    using SafetyExamination::SafetyExamination;
    void postgres();

private:
    void postgresAccount();
    void postgresWrites();
    void postgresReadOnlySession();
    void postgresSettings();
};

void PostgresExamination::postgres()
{
    postgresAccount();
    postgresWrites();
    postgresReadOnlySession();
    postgresSettings();
}

void PostgresExamination::postgresAccount()
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

void PostgresExamination::postgresWrites()
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

void PostgresExamination::postgresReadOnlySession()
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

void PostgresExamination::postgresSettings()
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

// ---- the connection's native side

class PostgresSession final : public EngineSession
{
public:
    explicit PostgresSession(PGconn *connection) : m_connection(connection) { }

    // The unnamed prepared statement: the server parses the text and refuses more than one
    // statement ("cannot insert multiple commands into a prepared statement"). Nothing runs.
    Parse parse(const QString &text, QSqlError *error) override
    {
        const QByteArray utf8 = text.toUtf8();
        PGresult *result = PQprepare(m_connection, "", utf8.constData(), 0, nullptr);
        const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
        Parse parse = Parse::One;
        if (status != PGRES_COMMAND_OK) {
            const QString code = result
                    ? QString::fromLatin1(PQresultErrorField(result, PG_DIAG_SQLSTATE))
                    : QString();
            const QString message = result ? QString::fromUtf8(PQresultErrorMessage(result))
                                           : QString::fromUtf8(PQerrorMessage(m_connection));
            const bool several = code == u"42601"
                    && message.contains(
                            u"cannot insert multiple commands into a prepared statement");
            parse = several ? Parse::Several : Parse::Failed;
            if (error) {
                *error = QSqlError(u"QPSQL: Unable to prepare statement"_s, message.trimmed(),
                                   QSqlError::StatementError, code);
            }
        }
        PQclear(result);
        return parse;
    }

private:
    PGconn *m_connection; // owned by the QSqlDatabase
};

} // namespace

QStringList PostgresEngine::urlSchemes() const
{
    if (m_flavour != Engine::PostgreSQL)
        return {};
    return {u"postgresql"_s, u"postgres"_s, u"pgsql"_s};
}

QString PostgresEngine::versionQuery() const
{
    return u"SHOW server_version"_s;
}

SqlLexicalRules PostgresEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.nestedComments = true;
    rules.dollarQuotes = true;
    rules.escapeStrings = true;
    rules.numberedDollarParameters = true;
    rules.colonParameters = false;
    rules.questionMarkParameters = false;
    return rules;
}

QStringList PostgresEngine::denylistKeys() const
{
    return {u"postgresql"_s, u"any"_s};
}

QStringList PostgresEngine::sessionSetup() const
{
    return {u"SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"_s};
}

LexingPin PostgresEngine::lexingPin(const QString &) const
{
    // The guard and libpg_query read '\' as a backslash, never as an escape. Each run's
    // transaction ends in ROLLBACK, which also undoes a set_config() inside it.
    LexingPin pin;
    pin.statements = {u"SET standard_conforming_strings = on"_s};
    pin.probe = u"SELECT length('\\\\')"_s;
    pin.expected = u"2"_s;
    return pin;
}

QStringList PostgresEngine::beginRun(int timeoutMs, int) const
{
    QStringList statements{u"BEGIN TRANSACTION READ ONLY"_s};
    statements << u"SET LOCAL statement_timeout = %1"_s.arg(qMax(0, timeoutMs));
    statements << u"SET LOCAL lock_timeout = %1"_s.arg(qMax(0, timeoutMs));
    // Taking a snapshot fixes the transaction's access mode: a later
    // "SET TRANSACTION READ WRITE" fails with "must be called before any query".
    statements << u"SELECT 1"_s;
    return statements;
}

QStringList PostgresEngine::endRun() const
{
    // ROLLBACK ends every lock of the transaction; advisory session locks outlive it.
    return {u"ROLLBACK"_s, u"SELECT pg_advisory_unlock_all()"_s};
}

QString PostgresEngine::unrunnableReason(QStringView kind) const
{
    // COPY ... TO STDOUT would leave the connection in the copy protocol, which QPSQL cannot
    // read: every later statement would wait forever.
    if (kind == u"copy")
        return QCoreApplication::translate("sqlmend::core::Dialect",
                                           "COPY is not run: it streams data through a protocol "
                                           "the database driver cannot read.");
    return {};
}

QStringList PostgresEngine::odbcSessionSetup() const
{
    // The connection runs in autocommit mode: a read-only default covers every statement.
    // psqlODBC with ReadOnly=1 passes only SELECTs, hence set_config rather than SET.
    return {u"SELECT set_config('default_transaction_read_only', 'on', false)"_s};
}

LexingPin PostgresEngine::odbcLexingPin(const QString &state) const
{
    // psqlODBC with ReadOnly=1 passes only SELECTs; it follows the server's
    // standard_conforming_strings for its own reading of the text. Autocommit: no rollback
    // undoes a set_config() between runs, so the pin is renewed before each.
    LexingPin pin = lexingPin(state);
    pin.statements = {u"SELECT set_config('standard_conforming_strings', 'on', false)"_s};
    pin.beforeEachRun = true;
    return pin;
}

QStringList PostgresEngine::odbcBeginRun(int timeoutMs, int) const
{
    return {u"SELECT set_config('statement_timeout', '%1', false)"_s.arg(qMax(0, timeoutMs))};
}

QString PostgresEngine::defaultSchema(QSqlDatabase &database) const
{
    QSqlQuery query(database);
    if (!catalog::run(query, engine(), u"SELECT current_schema()"_s) && query.next()
        && !query.isNull(0)) {
        return query.value(0).toString();
    }
    return u"public"_s;
}

Result<QStringList, Diagnosis> PostgresEngine::catalogSchemas(QSqlDatabase &database) const
{
    return catalog::firstColumn(
            database, engine(),
            u"SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%' "
            "AND nspname <> 'information_schema' "
            "AND has_schema_privilege(oid, 'USAGE') ORDER BY nspname"_s);
}

Result<QList<CatalogTable>, Diagnosis> PostgresEngine::catalogTables(QSqlDatabase &database,
                                                                     const QString &schema) const
{
    return loadPostgres(database, engine(), schema.isEmpty() ? u"public"_s : schema);
}

QString PostgresEngine::catalogMark(QSqlDatabase &database, const QString &schema) const
{
    return postgresFingerprint(database, engine(), schema);
}

QStringList PostgresEngine::catalogFunctions(QSqlDatabase &database, const QString &schema) const
{
    return catalog::firstColumn(database, engine(),
                                u"SELECT DISTINCT p.proname FROM pg_catalog.pg_proc p "
                                "JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace "
                                "WHERE n.nspname IN (?, 'pg_catalog') ORDER BY 1"_s,
                                {schema})
            .valueOr(QStringList());
}

void PostgresEngine::examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const
{
    PostgresExamination(database, verdict).postgres();
}

EngineFamily PostgresEngine::ruleFamily() const
{
    return EngineFamily::Postgres;
}

QStringList PostgresEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"col::FLOAT8"_s, u"col::numeric"_s};
    case CastTarget::Date:
        return {u"to_date(col, 'YYYY-MM-DD')"_s, u"col::date"_s};
    case CastTarget::Text:
        return {u"col::text"_s};
    }
    return {};
}

QString PostgresEngine::nativeType(const QString &lowerType) const
{
    static constexpr Spelling rows[] = {
            {u"datetime", u"timestamp"},
            {u"string", u"text"},
            {u"nvarchar", u"varchar"},
            {u"nvarchar2", u"varchar"},
            {u"varchar2", u"varchar"},
            {u"int64", u"bigint"},
            {u"float64", u"double precision"},
            {u"double", u"double precision"},
            {u"long", u"bigint"},
            {u"tinyint", u"smallint"},
            {u"number", u"numeric"},
            {u"clob", u"text"},
            {u"blob", u"bytea"},
            {u"signed", u"integer"},
            {u"unsigned", u"bigint"},
            {u"datetime2", u"timestamp"},
            {u"bit", u"boolean"},

    };
    return spellingOf(rows, lowerType);
}

QString PostgresEngine::functionEquivalent(QStringView lowerName) const
{
    // clang-format off
    static constexpr Spelling rows[] = {
            {u"date_format", u"to_char(col, 'YYYY-MM')"},
            {u"ifnull", u"COALESCE(a, b)"},
            {u"nvl", u"COALESCE(a, b)"},
            {u"isnull", u"COALESCE(a, b)"},
            {u"datediff", u"end_date::date - start_date::date` or `age(end_date, start_date)"},
            {u"timestampdiff", u"EXTRACT(EPOCH FROM end_ts - start_ts)"},
            {u"group_concat", u"string_agg(col, ',')"},
            {u"listagg", u"string_agg(col, ',')"},
            {u"hex", u"to_hex(int_col)` or `encode(col::bytea, 'hex')"},
            {u"len", u"length(col)"},
            {u"curdate", u"CURRENT_DATE"},
            {u"getdate", u"now()"},
            {u"sysdate", u"now()"},
            {u"date_add", u"col + interval '1 day'"},
            {u"adddate", u"col + interval '1 day'"},
            {u"dateadd", u"col + interval '1 day'"},
            {u"date_sub", u"col - interval '1 day'"},
            {u"str_to_date", u"to_date(col, 'YYYY-MM-DD')"},
            {u"instr", u"strpos(col, 'x')"},
            {u"charindex", u"strpos(col, 'x')"},
            {u"locate", u"strpos(col, 'x')"},
            {u"unix_timestamp", u"EXTRACT(EPOCH FROM col)"},
            {u"from_unixtime", u"to_timestamp(col)"},
            {u"datepart", u"date_part('day', col)"},
            {u"rand", u"random()"},
            {u"iif", u"CASE WHEN cond THEN a ELSE b END"},
            {u"if", u"CASE WHEN cond THEN a ELSE b END"},
            {u"year", u"EXTRACT(YEAR FROM col)"},
            {u"month", u"EXTRACT(MONTH FROM col)"},
            {u"day", u"EXTRACT(DAY FROM col)"},
            {u"strftime", u"to_char(col, 'YYYY-MM')"},
            {u"json_extract", u"col->>'key'"},
    };
    // clang-format on
    return spellingOf(rows, lowerName);
}

bool PostgresEngine::isBuiltinFunction(QStringView lowerName) const
{
    // Built-ins whose "does not exist" means wrong argument types, not a missing function.
    // clang-format off
    static constexpr const char16_t *builtins[] = {
    u"round", u"trunc", u"to_char", u"to_date", u"to_timestamp", u"to_number", u"date_trunc",
    u"date_part", u"substring", u"substr", u"left", u"right", u"length", u"lower", u"upper",
    u"btrim", u"trim", u"replace", u"concat", u"jsonb_set", u"json_extract_path_text",
    u"jsonb_extract_path_text", u"sum", u"avg", u"min", u"max", u"string_agg", u"array_agg",
    u"abs", u"ceil", u"floor", u"generate_series", u"age", u"split_part", u"strpos",
    u"regexp_replace", u"lpad", u"rpad", u"repeat", u"md5", u"encode", u"decode", u"make_date",
    u"position", u"format", u"extract", u"percentile_cont", u"json_build_object", u"array_length",
    u"unnest", u"mod", u"power", u"sqrt", u"log", u"ln", u"exp", u"random", u"nullif",
    };
    // clang-format on
    for (const char16_t *builtin : builtins) {
        if (lowerName == QStringView(builtin))
            return true;
    }
    return false;
}

QString PostgresEngine::nullFallbackFunction() const
{
    return u"coalesce"_s;
}

QStringList PostgresEngine::promptNotes() const
{
    return {u"- Cast with CAST(x AS numeric) or x::numeric; integer division truncates, "
            u"cast to numeric for ratios."_s,
            u"- Dates: date_trunc('month', ts), EXTRACT(YEAR FROM ts), now(); "
            u"intervals as INTERVAL '7 days'."_s,
            u"- Quote identifiers with \"double quotes\"; strings with 'single quotes'. "
            u"Unquoted names fold to lower case."_s};
}

std::unique_ptr<EngineSession> PostgresEngine::attach(QSqlDatabase &database,
                                                      const ConnectionProfile &, const QString &,
                                                      RunInterrupt &interrupt) const
{
    const QVariant handle = database.driver()->handle();
    const char *type = handle.typeName();
    // Qt 6 names the type after the struct behind the typedef: "pg_conn*".
    PGconn *connection = type && (qstrcmp(type, "PGconn*") == 0 || qstrcmp(type, "pg_conn*") == 0)
            ? *static_cast<PGconn *const *>(handle.constData())
            : nullptr;
    if (!connection)
        return std::make_unique<EngineSession>();
    const std::shared_ptr<PGcancel> cancel(PQgetCancel(connection), &PQfreeCancel);
    const auto sendCancel = [cancel] {
        char message[256];
        PQcancel(cancel.get(), message, int(sizeof message));
    };
    RunInterrupt::Hooks hooks;
    hooks.interrupt = sendCancel;
    // PQcancel returns once the server has it: discarding the rest of the result does not wait
    // for the server to produce it.
    hooks.stopAtCap = sendCancel;
    interrupt.attach(std::move(hooks));
    return std::make_unique<PostgresSession>(connection);
}

QStringList PostgresEngine::connectOptions(const ConnectionProfile &profile) const
{
    QStringList options = SqlEngine::connectOptions(profile);
    if (profile.option(u"connect_timeout").isEmpty())
        options << u"connect_timeout=10"_s;
    return options;
}

} // namespace sqlmend::core
