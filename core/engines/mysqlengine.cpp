#include "core/engines/mysqlengine.h"

#include "core/errors/errorrules.h"
#include "core/exec/runinterrupt.h"
#include "core/exec/safetyexamination.h"
#include "core/schema/catalogquery.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThreadPool>

#include <mysql.h>

#include <atomic>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using namespace catalog;

// The words that tell apart the errors that share errno 1290, compiled once.
QRegularExpression caseless(const QString &pattern)
{
    QRegularExpression expression(pattern, QRegularExpression::CaseInsensitiveOption);
    expression.optimize();
    return expression;
}

// ---- the catalog: information_schema, set-based

TablesResult loadMysql(QSqlDatabase &database, Engine engine, const QString &schema)
{
    Loaded loaded;
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure =
                run(query, engine,
                    u"SELECT table_name, table_type, table_rows, table_comment "
                    "FROM information_schema.tables WHERE table_schema = ?"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    while (query.next()) {
        const CatalogTableKind kind = query.value(1).toString().contains(u"VIEW")
                ? CatalogTableKind::View
                : CatalogTableKind::Table;
        CatalogTable &table = loaded.add(schema, query.value(0).toString(), kind);
        table.rowEstimate = query.isNull(2) ? -1 : query.value(2).toLongLong();
        const QString comment = query.value(3).toString();
        // MySQL fills a view's comment with its type.
        if (!(kind == CatalogTableKind::View && comment == u"VIEW"))
            table.comment = loaded.text(comment);
    }

    if (std::optional<Diagnosis> failure =
                run(query, engine,
                    u"SELECT table_name, column_name, column_type, is_nullable, column_default, "
                    "column_comment FROM information_schema.columns WHERE table_schema = ? "
                    "ORDER BY table_name, ordinal_position"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    TableIndex index(loaded.tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        CatalogColumn column;
        column.name = query.value(1).toString();
        column.type = query.value(2).toString();
        column.nullable = query.value(3).toString() == u"YES";
        column.defaultValue = query.value(4).toString();
        column.comment = query.value(5).toString();
        table->columns.append(column);
    }

    if (std::optional<Diagnosis> failure =
                run(query, engine,
                    u"SELECT table_name, constraint_name, column_name, ordinal_position, "
                    "referenced_table_schema, referenced_table_name, referenced_column_name "
                    "FROM information_schema.key_column_usage WHERE table_schema = ? "
                    "AND (constraint_name = 'PRIMARY' OR referenced_table_name IS NOT NULL) "
                    "ORDER BY table_name, constraint_name, ordinal_position"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        const QString keyName = query.value(1).toString();
        const QString column = query.value(2).toString();
        if (keyName == u"PRIMARY" && query.isNull(5)) {
            setPrimaryKeyPosition(*table, column, query.value(3).toInt());
        } else {
            addForeignKeyColumn(loaded, *table, keyName, column, query.value(4).toString(),
                                query.value(5).toString(), query.value(6).toString());
        }
    }
    return loaded.finish();
}

QString mysqlFingerprint(QSqlDatabase &database, Engine engine, const QString &schema)
{
    // Every DDL statement rewrites the table's definition, and CREATE_TIME follows it; views
    // have no time, so their text counts. Times are whole seconds: a change in the same second
    // as the one before would look the same, so a schema changed in the last two seconds gets no
    // fingerprint yet.
    const QString row = firstRow(
            database, engine,
            u"SELECT count(*), coalesce(sum(crc32(concat_ws('/', table_name, table_type, "
            "create_time, table_comment))), 0), "
            "coalesce(max(create_time) >= now() - INTERVAL 2 SECOND, 0), "
            "(SELECT coalesce(sum(crc32(concat_ws('/', v.table_name, v.view_definition))), 0) "
            "FROM information_schema.views v WHERE v.table_schema = ?) "
            "FROM information_schema.tables WHERE table_schema = ?"_s,
            {schema, schema});
    const QStringList values = row.split(u'/');
    if (values.size() != 4 || values.at(2) != u"0")
        return {};
    return u"mysql/%1/%2/%3"_s.arg(values.at(0), values.at(1), values.at(3));
}

QString selectLimit(int maxRows)
{
    // The server stops a SELECT's result one row past the cap; without it the driver would
    // buffer the whole result (QMYSQL stores every result) before the first row is read.
    return maxRows > 0 ? u"SET SESSION sql_select_limit = %1"_s.arg(qint64(maxRows) + 1)
                       : u"SET SESSION sql_select_limit = DEFAULT"_s;
}

// ---- the doctor

class MysqlExamination : public SafetyExamination
{
public:
    using SafetyExamination::SafetyExamination;
    void mysql();

private:
    void mysqlPrivileges();
    void mysqlReadOnlySession();
    void mysqlSettings();
};

void MysqlExamination::mysql()
{
    mysqlPrivileges();
    mysqlReadOnlySession();
    mysqlSettings();
}

void MysqlExamination::mysqlPrivileges()
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

void MysqlExamination::mysqlReadOnlySession()
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

void MysqlExamination::mysqlSettings()
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

// ---- the connection's native side

class MysqlSession final : public EngineSession
{
public:
    explicit MysqlSession(bool multiStatementsOff) : m_multiStatementsOff(multiStatementsOff) { }

    std::optional<QString> refusal(QSqlDatabase &database) override
    {
        if (!m_multiStatementsOff)
            return std::nullopt;
        // The connection must refuse several statements in one call, whatever the text.
        QSqlQuery several(database);
        if (several.exec(u"SELECT 1; SELECT 2"_s)) {
            return QCoreApplication::translate(
                    "sqlmend::core::ExecutorWorker",
                    "The server runs several statements sent in one call, and SQLMend could "
                    "not switch that off; the connection is refused.");
        }
        return std::nullopt;
    }

private:
    bool m_multiStatementsOff;
};

} // namespace

QStringList MysqlEngine::urlSchemes() const
{
    return {m_flavour == Engine::MariaDB ? u"mariadb"_s : u"mysql"_s};
}

QString MysqlEngine::versionQuery() const
{
    return u"SELECT VERSION()"_s;
}

Engine MysqlEngine::engineForVersion(const QString &version) const
{
    return version.contains(u"MariaDB", Qt::CaseInsensitive) ? Engine::MariaDB : Engine::MySQL;
}

SqlLexicalRules MysqlEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.backslashEscapes = true;
    rules.doubleQuotedStrings = true;
    rules.backtickIdentifiers = true;
    rules.hashComments = true;
    rules.dashCommentNeedsSpace = true;
    rules.executableComments = true;
    return rules;
}

QList<SqlLexicalRules> MysqlEngine::otherReadings(QStringView sql) const
{
    // With ANSI_QUOTES "..." is a name: the text must be read-only that way too.
    if (!sql.contains(u'"'))
        return {};
    SqlLexicalRules ansi = lexicalRules();
    ansi.doubleQuotedStrings = false;
    return {ansi};
}

QStringList MysqlEngine::denylistKeys() const
{
    return {u"mysql"_s, u"any"_s};
}

QString MysqlEngine::quoteIdentifier(QStringView identifier) const
{
    QString quoted = identifier.toString();
    quoted.replace(u'`', u"``"_s);
    return u'`' + quoted + u'`';
}

QStringList MysqlEngine::sessionSetup() const
{
    return {u"SET SESSION TRANSACTION READ ONLY"_s};
}

std::optional<QString> MysqlEngine::guardSqlMode(const QString &sqlMode)
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

QString MysqlEngine::lexingStateQuery() const
{
    return u"SELECT @@SESSION.sql_mode"_s;
}

LexingPin MysqlEngine::lexingPin(const QString &state) const
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

QStringList MysqlEngine::beginRun(int timeoutMs, int maxRows) const
{
    QStringList statements{selectLimit(maxRows)};
    if (m_flavour == Engine::MariaDB) {
        statements << u"SET SESSION max_statement_time = %1"_s.arg(qMax(0, timeoutMs) / 1000.0, 0,
                                                                   'f', 3);
    } else {
        statements << u"SET SESSION max_execution_time = %1"_s.arg(qMax(0, timeoutMs));
    }
    statements << u"START TRANSACTION READ ONLY"_s;
    return statements;
}

QStringList MysqlEngine::endRun() const
{
    // LOCK TABLES, FLUSH TABLES WITH READ LOCK and GET_LOCK() outlive ROLLBACK: nothing a run
    // took may stay held. The session's other queries (the catalog, the doctor) must see whole
    // results again.
    return {u"ROLLBACK"_s, u"UNLOCK TABLES"_s, u"DO RELEASE_ALL_LOCKS()"_s,
            u"SET SESSION sql_select_limit = DEFAULT"_s};
}

QStringList MysqlEngine::odbcBeginRun(int, int maxRows) const
{
    // MySQL and MariaDB spell the timeout differently and ODBC does not tell them apart.
    return {selectLimit(maxRows)};
}

QStringList MysqlEngine::odbcEndRun() const
{
    return {u"SET SESSION sql_select_limit = DEFAULT"_s};
}

QString MysqlEngine::defaultSchema(QSqlDatabase &database) const
{
    QSqlQuery query(database);
    if (!catalog::run(query, engine(), u"SELECT DATABASE()"_s) && query.next() && !query.isNull(0))
        return query.value(0).toString();
    return database.databaseName();
}

Result<QStringList, Diagnosis> MysqlEngine::catalogSchemas(QSqlDatabase &database) const
{
    return catalog::firstColumn(
            database, engine(),
            u"SELECT schema_name FROM information_schema.schemata WHERE schema_name NOT IN "
            "('information_schema', 'mysql', 'performance_schema', 'sys') ORDER BY schema_name"_s);
}

Result<QList<CatalogTable>, Diagnosis> MysqlEngine::catalogTables(QSqlDatabase &database,
                                                                  const QString &schema) const
{
    return loadMysql(database, engine(), schema.isEmpty() ? database.databaseName() : schema);
}

QString MysqlEngine::catalogMark(QSqlDatabase &database, const QString &schema) const
{
    return mysqlFingerprint(database, engine(), schema);
}

QStringList MysqlEngine::catalogFunctions(QSqlDatabase &database, const QString &schema) const
{
    return catalog::firstColumn(
                   database, engine(),
                   u"SELECT DISTINCT routine_name FROM information_schema.routines "
                   "WHERE routine_schema = ? AND routine_type = 'FUNCTION' ORDER BY 1"_s,
                   {schema})
            .valueOr(QStringList());
}

void MysqlEngine::examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const
{
    MysqlExamination(database, verdict).mysql();
}

EngineFamily MysqlEngine::ruleFamily() const
{
    return EngineFamily::Mysql;
}

QStringList MysqlEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"CAST(col AS DECIMAL(18,4))"_s, u"CAST(col AS SIGNED)"_s};
    case CastTarget::Date:
        return {u"STR_TO_DATE(col, '%Y-%m-%d')"_s};
    case CastTarget::Text:
        return {u"CAST(col AS CHAR)"_s};
    }
    return {};
}

QString MysqlEngine::adviceQuoted(const QString &name) const
{
    return u'`' + name + u'`';
}

QString MysqlEngine::nativeType(const QString &lowerType) const
{
    static constexpr Spelling rows[] = {
            {u"jsonb", u"JSON"},
            {u"money", u"DECIMAL(19,4)"},
            {u"nvarchar2", u"VARCHAR(255)"},
            {u"varchar2", u"VARCHAR(255)"},
            {u"serial8", u"BIGINT"},
            {u"int8", u"BIGINT"},
            {u"int4", u"INT"},
            {u"float8", u"DOUBLE"},
            {u"uuid", u"CHAR(36)"},
            {u"timestamptz", u"DATETIME"},
            {u"bytea", u"BLOB"},
            {u"text", u"CHAR"},
            {u"string", u"CHAR"},
            {u"integer", u"SIGNED"},
            {u"int", u"SIGNED"},
            {u"bigint", u"SIGNED"},
            {u"numeric", u"DECIMAL(18,4)"},
            {u"number", u"DECIMAL(18,4)"},
            {u"varchar", u"CHAR"},

    };
    return spellingOf(rows, lowerType);
}

QString MysqlEngine::functionEquivalent(QStringView lowerName) const
{
    // clang-format off
    static constexpr Spelling rows[] = {
            {u"to_char", u"DATE_FORMAT(col, '%Y-%m')"},
            {u"string_agg", u"GROUP_CONCAT(col SEPARATOR ',')"},
            {u"listagg", u"GROUP_CONCAT(col SEPARATOR ',')"},
            {u"array_agg", u"GROUP_CONCAT(col SEPARATOR ',')"},
            {u"date_trunc", u"DATE_FORMAT(col, '%Y-%m-01')"},
            {u"split_part", u"SUBSTRING_INDEX(SUBSTRING_INDEX(col, ',', n), ',', -1)"},
            {u"len", u"CHAR_LENGTH(col)"},
            {u"generate_series", u"WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10) SELECT n FROM seq"},
            {u"to_timestamp", u"STR_TO_DATE(col, '%Y-%m-%d %H:%i:%s')` or `FROM_UNIXTIME(col)"},
            {u"to_date", u"STR_TO_DATE(col, '%Y-%m-%d')"},
            {u"nvl", u"IFNULL(a, b)"},
            {u"isnull", u"IFNULL(a, b)"},
            {u"getdate", u"NOW()"},
            {u"datepart", u"EXTRACT(DAY FROM col)"},
            {u"date_part", u"EXTRACT(DAY FROM col)"},
            {u"strpos", u"LOCATE('x', col)"},
            {u"charindex", u"LOCATE('x', col)"},
            {u"age", u"TIMESTAMPDIFF(DAY, start_date, end_date)"},
            {u"strftime", u"DATE_FORMAT(col, '%Y-%m')"},
            {u"random", u"RAND()"},
    };
    // clang-format on
    return spellingOf(rows, lowerName);
}

QString MysqlEngine::lengthFunction() const
{
    return u"char_length"_s;
}

QStringList MysqlEngine::promptNotes() const
{
    return {u"- Cast with CAST(x AS DECIMAL(18,2)), CAST(x AS SIGNED), CAST(x AS CHAR)."_s,
            u"- Dates: DATE_FORMAT(ts, '%Y-%m'), YEAR(ts), NOW(), "
            u"DATE_SUB(NOW(), INTERVAL 7 DAY)."_s,
            u"- Quote identifiers with `backticks`; strings with 'single quotes'."_s};
}

QStringList MysqlEngine::errorLayers() const
{
    if (m_flavour != Engine::MySQL)
        return {};
    return {u"mysql-client"_s, u"qmysql"_s};
}

std::optional<ErrorClass> MysqlEngine::errorCodeClass(int code, QStringView text) const
{
    if (code == 1290 || code == 1836) {
        static const QRegularExpression readOnly = caseless(uR"(read[-_ ]only)"_s);
        static const QRegularExpression memory = caseless(uR"(mem|memory)"_s);
        static const QRegularExpression secureFilePriv = caseless(uR"(secure[-_]file[-_]priv)"_s);
        // "--read-only" and "--max-session-mem-used" share 1290.
        if (readOnly.match(text).hasMatch())
            return ErrorClass::ReadOnlyViolation;
        if (memory.match(text).hasMatch())
            return ErrorClass::ResourceExceeded;
        if (secureFilePriv.match(text).hasMatch())
            return ErrorClass::Permission;
        return std::nullopt;
    }
    switch (code) {
    case 1146:
    case 1051:
    case 1109:
        return ErrorClass::TableMissing;
    case 1054:
    case 1166:
        return ErrorClass::ColumnMissing;
    case 1305:
    case 1630:
    case 1582:
    case 1584:
    case 1318:
    case 1128:
        return ErrorClass::FunctionMissing;
    case 4078:
    case 1267:
    case 1270:
    case 1271:
    case 1241:
        return ErrorClass::OperatorMismatch;
    case 4161:
    case 1163:
    case 4079:
    case 1178:
        return ErrorClass::TypeUnsupported;
    case 1366:
    case 1292:
    case 1264:
    case 1406:
    case 1411:
    case 1265:
    case 1367:
    case 3140:
    case 1690:
    case 3156:
        return ErrorClass::CastError;
    case 1064:
    case 1149:
    case 1222:
        return ErrorClass::Syntax;
    case 1052:
    case 1060:
    case 1066:
        return ErrorClass::AmbiguousColumn;
    case 1055:
    case 1111:
    case 1140:
    case 1463:
    case 1056:
        return ErrorClass::GroupBy;
    case 1365:
        return ErrorClass::DivisionByZero;
    case 1792:
    case 1568:
    case 1223:
    case 1209:
        return ErrorClass::ReadOnlyViolation;
    case 1142:
    case 1143:
    case 1044:
    case 1045:
    case 1227:
    case 1370:
    case 1211:
    case 1698:
    case 1095:
    case 1410:
    case 1131:
    case 1132:
    case 1133:
    case 1141:
    case 3118:
    case 1251:
        return ErrorClass::Permission;
    case 1969:
    case 3024:
    case 1205:
    case 1317:
    case 1907:
    case 3572:
    case 1213:
        return ErrorClass::Timeout;
    case 1114:
    case 1118:
    case 1116:
    case 1456:
    case 1037:
    case 1038:
    case 1041:
    case 1040:
    case 1135:
    case 1104:
    case 1197:
    case 3170:
    case 1436:
    case 1203:
    case 1021:
    case 1153:
    case 1206:
        return ErrorClass::ResourceExceeded;
    case 1194:
    case 126:
    case 127:
    case 1033:
    case 1932:
    case 1814:
    case 1286:
    case 145:
    case 1030:
    case 1017:
    case 1812:
    case 1034:
    case 1035:
    case 1712:
    case 1877:
        return ErrorClass::StorageFormat;
    case 1927:
    case 2002:
    case 2003:
    case 2005:
    case 2006:
    case 2013:
    case 2055:
    case 2026:
    case 1152:
    case 1158:
    case 1159:
    case 1160:
    case 1161:
    case 1053:
    case 1049:
    case 1129:
    case 1130:
    case 2059:
        return ErrorClass::Connection;
    case 1048:
    case 1242:
    case 1451:
    case 1452:
    case 1062:
    case 1046:
    case 1139:
    case 1136:
    case 1050:
    case 1364:
        return ErrorClass::Other;
    default:
        return std::nullopt;
    }
}

std::unique_ptr<EngineSession> MysqlEngine::attach(QSqlDatabase &database,
                                                   const ConnectionProfile &profile,
                                                   const QString &password,
                                                   RunInterrupt &interrupt) const
{
    // QMYSQL connects with CLIENT_MULTI_STATEMENTS: switch it off, so that the server parses
    // exactly one statement per call (MysqlSession::refusal() checks that it did).
    const QVariant handle = database.driver()->handle();
    const char *type = handle.typeName();
    MYSQL *mysql = type && (qstrcmp(type, "MYSQL*") == 0 || qstrcmp(type, "st_mysql*") == 0)
            ? *static_cast<MYSQL *const *>(handle.constData())
            : nullptr;
    if (mysql)
        mysql_set_server_option(mysql, MYSQL_OPTION_MULTI_STATEMENTS_OFF);
    QSqlQuery query(database);
    if (query.exec(u"SELECT CONNECTION_ID()"_s) && query.next()) {
        const qint64 id = query.value(0).toLongLong();
        RunInterrupt::Hooks hooks;
        hooks.interrupt = [this, profile, password, id] {
            // Never block the cancelling thread on a second connection.
            QThreadPool::globalInstance()->start(
                    [this, profile, password, id] { killQuery(profile, password, id); });
        };
        interrupt.attach(std::move(hooks));
    }
    return std::make_unique<MysqlSession>(mysql != nullptr);
}

void MysqlEngine::killQuery(const ConnectionProfile &profile, const QString &password,
                            qint64 connectionId) const
{
    static std::atomic<quint64> counter{0};
    const QString name = u"sqlmend-kill-%1"_s.arg(++counter);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(profile.qtDriverName(), name);
        configure(db, profile, password);
        db.setConnectOptions(profile.qtConnectOptions());
        if (db.open()) {
            QSqlQuery query(db);
            query.exec(u"KILL QUERY %1"_s.arg(connectionId));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

QStringList MysqlEngine::connectOptions(const ConnectionProfile &profile) const
{
    QStringList options = SqlEngine::connectOptions(profile);
    if (profile.option(u"MYSQL_OPT_CONNECT_TIMEOUT").isEmpty())
        options << u"MYSQL_OPT_CONNECT_TIMEOUT=10"_s;
    return options;
}

} // namespace sqlmend::core
