#include "core/engines/clickhouseengine.h"

#include "core/errors/errorrules.h"
#include "core/exec/runinterrupt.h"
#include "core/schema/catalogquery.h"
#include "core/sql/clickhousedriver.h"

#include <QPointer>
#include <QSqlDatabase>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using namespace catalog;

// ---- the catalog: system.tables, system.columns and system.parts

CatalogTableKind clickHouseKind(const QString &engine)
{
    if (engine == u"View")
        return CatalogTableKind::View;
    if (engine == u"MaterializedView")
        return CatalogTableKind::MaterializedView;
    if (engine == u"Distributed")
        return CatalogTableKind::DistributedTable;
    // Engines whose rows live in another system.
    static const QStringList outside = {u"MySQL"_s,
                                        u"PostgreSQL"_s,
                                        u"ODBC"_s,
                                        u"JDBC"_s,
                                        u"URL"_s,
                                        u"HDFS"_s,
                                        u"S3"_s,
                                        u"MongoDB"_s,
                                        u"Kafka"_s,
                                        u"RabbitMQ"_s,
                                        u"SQLite"_s,
                                        u"Redis"_s,
                                        u"AzureBlobStorage"_s};
    return outside.contains(engine) ? CatalogTableKind::ForeignTable : CatalogTableKind::Table;
}

bool isNullableClickHouseType(QStringView type)
{
    return type.startsWith(u"Nullable(") || type.startsWith(u"LowCardinality(Nullable(");
}

TablesResult loadClickHouse(QSqlDatabase &database, const QString &schema)
{
    const Engine engine = Engine::ClickHouse;
    Loaded loaded;
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure =
                run(query, engine, u"SELECT name, engine FROM system.tables WHERE database = ?"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    while (query.next()) {
        const QString tableEngine = query.value(1).toString();
        CatalogTable &table =
                loaded.add(schema, query.value(0).toString(), clickHouseKind(tableEngine));
        table.engine = loaded.text(tableEngine);
    }

    // system.columns lists each table's columns in their order; no ORDER BY that could shuffle it.
    if (std::optional<Diagnosis> failure =
                run(query, engine,
                    u"SELECT table, name, type, default_kind, default_expression, comment "
                    "FROM system.columns WHERE database = ?"_s,
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
        column.nullable = isNullableClickHouseType(column.type);
        // MATERIALIZED and ALIAS columns are computed, not defaults a row may leave out.
        if (query.value(3).toString() == u"DEFAULT")
            column.defaultValue = query.value(4).toString();
        column.comment = query.value(5).toString();
        // A ClickHouse primary key orders and indexes; it does not make rows unique, so no
        // column is marked as one.
        table->columns.append(column);
    }

    // Row counts of the active parts: exact for MergeTree tables, free to read, absent for others.
    if (!run(query, engine,
             u"SELECT table, sum(rows) FROM system.parts WHERE database = ? AND active "
             "GROUP BY table"_s,
             {schema})) {
        while (query.next()) {
            if (CatalogTable *table = index.find(query.value(0).toString()))
                table->rowEstimate = query.value(1).toLongLong();
        }
    }
    return loaded.finish();
}

QString clickHouseFingerprint(QSqlDatabase &database, const QString &schema)
{
    // A hash over what the catalog reads (row counts aside): the server sends one row, and a
    // change in the same second as the one before shows as well.
    const QString row = firstRow(
            database, Engine::ClickHouse,
            u"SELECT (SELECT concat(toString(count()), ':', toString(sum(cityHash64(name, "
            "engine)))) FROM system.tables WHERE database = ?), "
            "(SELECT concat(toString(count()), ':', toString(sum(cityHash64(table, name, type, "
            "default_kind, default_expression, comment)))) FROM system.columns "
            "WHERE database = ?)"_s,
            {schema, schema});
    return row.isEmpty() ? QString() : u"clickhouse/"_s + row;
}

// ---- the connection's native side

class ClickHouseSession final : public EngineSession
{
public:
    explicit ClickHouseSession(ClickHouseDriver *driver) : m_driver(driver) { }

    // No session to SET: the timeout and the row cap travel with each request of the run. A
    // profile at readonly=1 refuses every setting; there only the cancel (KILL QUERY at the
    // deadline) bounds the run.
    void beginRun(int timeoutMs, int maxRows) override
    {
        if (m_driver && m_driver->profileReadonly() != 1)
            m_driver->setQuerySettings(ClickHouseDriver::runSettings(timeoutMs, maxRows));
    }
    // The catalog's look-ups after a run are not bounded by the run's row cap.
    void endRun() override
    {
        if (m_driver)
            m_driver->setQuerySettings({});
    }

private:
    QPointer<ClickHouseDriver> m_driver; // owned by the QSqlDatabase
};

} // namespace

QStringList ClickHouseEngine::urlSchemes() const
{
    return {u"clickhouse"_s, u"clickhouses"_s};
}

SqlLexicalRules ClickHouseEngine::lexicalRules() const
{
    // ClickHouse's lexer reads backslash escapes in strings and in both kinds of quoted names;
    // '--' and '#' start comments.
    SqlLexicalRules rules;
    rules.backslashEscapes = true;
    rules.backslashInIdentifiers = true;
    rules.backtickIdentifiers = true;
    rules.hashComments = true;
    return rules;
}

QList<SqlLexicalRules> ClickHouseEngine::otherReadings(QStringView sql) const
{
    // Newer servers nest block comments and read $tag$...$tag$ as a string (heredoc); older
    // ones do neither.
    SqlLexicalRules newer = lexicalRules();
    newer.nestedComments = sql.contains(u"/*");
    newer.dollarQuotes = sql.contains(u'$');
    if (newer.nestedComments || newer.dollarQuotes)
        return {newer};
    return {};
}

QStringList ClickHouseEngine::denylistKeys() const
{
    // Its own rows (the table functions that reach outside) before the others', which it keeps
    // as they were.
    return {u"clickhouse"_s, u"any"_s, u"postgresql"_s, u"mysql"_s, u"sqlserver"_s};
}

QString ClickHouseEngine::trimmed(QStringView expression) const
{
    return u"replaceRegexpAll("_s + expression.toString() + uR"(, '^ +| +$', ''))"_s;
}

QString ClickHouseEngine::quoteIdentifier(QStringView identifier) const
{
    // Backquotes, with backslash and backquote escaped: ClickHouse reads backslash escapes in
    // quoted names too.
    QString quoted = identifier.toString();
    quoted.replace(u'\\', u"\\\\"_s);
    quoted.replace(u'`', u"\\`"_s);
    return u'`' + quoted + u'`';
}

QString ClickHouseEngine::dryRunSql(QStringView sql) const
{
    // 18.16 has no EXPLAIN: LIMIT 0 makes the server analyse the query (names, types) without
    // producing rows.
    return u"SELECT * FROM (\n%1\n) LIMIT 0"_s.arg(statementBody(sql));
}

QString ClickHouseEngine::defaultSchema(QSqlDatabase &database) const
{
    QSqlQuery query(database);
    if (!catalog::run(query, engine(), u"SELECT currentDatabase()"_s) && query.next())
        return query.value(0).toString();
    return database.databaseName();
}

Result<QStringList, Diagnosis> ClickHouseEngine::catalogSchemas(QSqlDatabase &database) const
{
    return catalog::firstColumn(database, engine(),
                                u"SELECT name FROM system.databases WHERE name NOT IN "
                                "('system', 'INFORMATION_SCHEMA', 'information_schema') "
                                "ORDER BY name"_s);
}

Result<QList<CatalogTable>, Diagnosis> ClickHouseEngine::catalogTables(QSqlDatabase &database,
                                                                       const QString &schema) const
{
    return loadClickHouse(database, schema.isEmpty() ? defaultSchema(database) : schema);
}

QString ClickHouseEngine::catalogMark(QSqlDatabase &database, const QString &schema) const
{
    return clickHouseFingerprint(database, schema.isEmpty() ? defaultSchema(database) : schema);
}

QStringList ClickHouseEngine::catalogFunctions(QSqlDatabase &database, const QString &) const
{
    return catalog::firstColumn(database, engine(),
                                u"SELECT name FROM system.functions ORDER BY name"_s)
            .valueOr(QStringList());
}

EngineFamily ClickHouseEngine::ruleFamily() const
{
    return EngineFamily::ClickHouse;
}

QStringList ClickHouseEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"toInt64OrNull(col)"_s, u"toFloat64OrNull(col)"_s};
    case CastTarget::Date:
        return {u"toDate(col)"_s, u"parseDateTimeBestEffortOrNull(col)"_s};
    case CastTarget::Text:
        return {u"toString(col)"_s};
    }
    return {};
}

QString ClickHouseEngine::adviceQuoted(const QString &name) const
{
    return u'`' + name + u'`';
}

QString ClickHouseEngine::functionEquivalent(QStringView lowerName) const
{
    // clang-format off
    static constexpr Spelling rows[] = {
            {u"to_char", u"formatDateTime(col, '%Y-%m')"},
            {u"date_format", u"formatDateTime(col, '%Y-%m')"},
            {u"nvl", u"ifNull(a, b)"},
            {u"string_agg", u"arrayStringConcat(groupArray(col), ',')"},
            {u"group_concat", u"arrayStringConcat(groupArray(col), ',')"},
            {u"len", u"length(col)"},
            {u"current_date", u"today()"},
            {u"curdate", u"today()"},
            {u"getdate", u"now()"},
            {u"sysdate", u"now()"},
            {u"to_date", u"toDate(col)"},
            {u"str_to_date", u"parseDateTimeBestEffort(col)"},
            {u"to_timestamp", u"parseDateTimeBestEffort(col)"},
            {u"date_trunc", u"toStartOfMonth(col)"},
            {u"year", u"toYear(col)"},
            {u"month", u"toMonth(col)"},
            {u"day", u"toDayOfMonth(col)"},
            {u"datediff", u"dateDiff('day', a, b)"},
            {u"date_add", u"addDays(col, n)"},
            {u"date_sub", u"subtractDays(col, n)"},
            {u"unnest", u"arrayJoin(arr)"},
            {u"explode", u"arrayJoin(arr)"},
            {u"array_agg", u"groupArray(col)"},
            {u"listagg", u"arrayStringConcat(groupArray(col), ',')"},
            {u"ifnull", u"ifNull(a, b)"},
            {u"isnull", u"ifNull(a, b)"},
            {u"to_number", u"toInt64OrNull(col)"},
            {u"try_cast", u"toInt64OrNull(col)"},
            {u"char_length", u"lengthUTF8(col)"},
            {u"strpos", u"position(haystack, needle)"},
            {u"instr", u"position(haystack, needle)"},
            {u"split_part", u"splitByChar(',', col)[1]"},
            {u"approx_count_distinct", u"uniq(col)"},
    };
    // clang-format on
    return spellingOf(rows, lowerName);
}

QStringList ClickHouseEngine::promptNotes() const
{
    return {u"- Functions are ClickHouse's, case-sensitive: count(), uniq(x), "
            u"toDate(ts), toStartOfMonth(ts), toYear(ts), today(), now(), "
            u"dateDiff('day', a, b), formatDateTime(ts, '%Y-%m'), ifNull(a, b), "
            u"arrayJoin(arr), groupArray(x). Not CURRENT_DATE(), DATE_FORMAT(), NVL() or "
            u"STRING_AGG()."_s,
            u"- Cast with toInt64(x), toFloat64(x), toDecimal64(x, 2), toString(x), "
            u"toDate('2024-01-31'); toInt64OrNull(x) where a value may not parse."_s,
            u"- Tables with the Distributed engine span shards: query them, not their "
            u"local parts; join two Distributed tables with GLOBAL JOIN or GLOBAL IN."_s,
            u"- There are no unique or foreign keys: a join can multiply rows; "
            u"count(DISTINCT x) or uniqExact(x) where that matters."_s,
            u"- Quote identifiers with `backticks` or \"double quotes\"; strings with "
            u"'single quotes' (backslash escapes apply). No FORMAT or SETTINGS clause."_s};
}

QStringList ClickHouseEngine::errorLayers() const
{
    return {u"clickhouse"_s};
}

// ClickHouse error codes ("Code: 60"); src/Common/ErrorCodes.cpp names them.
std::optional<ErrorClass> ClickHouseEngine::errorCodeClass(int code, QStringView text) const
{
    switch (code) {
    case 62: // SYNTAX_ERROR, also for a query longer than max_query_size
        return text.contains(u"Max query size exceeded") ? ErrorClass::ResourceExceeded
                                                         : ErrorClass::Syntax;
    case 179: // MULTIPLE_EXPRESSIONS_FOR_ALIAS: two expressions under one alias
        return ErrorClass::AmbiguousColumn;
    case 161: // TOO_MANY_COLUMNS (max_columns_to_read)
    case 160: // TOO_SLOW
    case 157: // TOO_DEEP_SUBQUERIES
    case 166: // TOO_DEEP_AST
    case 165: // TOO_MANY_TEMPORARY_COLUMNS
    case 169: // TOO_BIG_AST
        return ErrorClass::ResourceExceeded;
    case 291: // DATABASE_ACCESS_DENIED
        return ErrorClass::Permission;
    case 358: // INTO_OUTFILE_NOT_ALLOWED
        return ErrorClass::ReadOnlyViolation;
    // The server failed, not the query or SQLMend's connection: no class fits better, and the
    // words (a bridge's "Connection refused") would mislead the text rules.
    case 1000: // POCO_EXCEPTION: the server's own outgoing connection
    case 410:  // EXTERNAL_SERVER_IS_NOT_RESPONDING
    case 49:   // LOGICAL_ERROR
    case 395:  // FUNCTION_THROW_IF_VALUE_IS_NON_ZERO: the query's own throwIf()
    case 125:  // INCORRECT_RESULT_OF_SCALAR_SUBQUERY
    case 141:  // SAMPLING_NOT_SUPPORTED
    case 181:  // ILLEGAL_FINAL
    case 288:  // DISTRIBUTED_IN_JOIN_SUBQUERY_DENIED: the advice says GLOBAL JOIN
        return ErrorClass::Other;
    case 47:
    case 16:
    case 10:
        return ErrorClass::ColumnMissing;
    case 60:
    case 81:
        return ErrorClass::TableMissing;
    case 46:
    case 42:
    case 63:
        return ErrorClass::FunctionMissing;
    case 241:
    case 158:
    case 307:
    case 396:
    case 252:
    case 306:
    case 167:
    case 168:
    case 202:
    case 173:
    case 243:
        return ErrorClass::ResourceExceeded;
    case 159:
    case 394:
        return ErrorClass::Timeout;
    case 215:
    case 184:
        return ErrorClass::GroupBy;
    case 497:
    case 516:
    case 192:
    case 193:
        return ErrorClass::Permission;
    case 164:
        return ErrorClass::ReadOnlyViolation;
    case 386:
    case 43:
    case 44:
    case 53:
        return ErrorClass::OperatorMismatch;
    case 153:
        return ErrorClass::DivisionByZero;
    case 6:
    case 41:
    case 72:
    case 38:
    case 70:
    case 321:
    case 376:
        return ErrorClass::CastError;
    case 50:
        return ErrorClass::TypeUnsupported;
    case 209:
    case 210:
    case 279:
    case 32:
        return ErrorClass::Connection;
    case 33:
    case 73:
    case 27:
    case 117:
    case 40:
    case 246:
    case 636:
        return ErrorClass::StorageFormat;
    case 352:
    case 207:
        return ErrorClass::AmbiguousColumn;
    default: // 1001 STD_EXCEPTION, 1002 UNKNOWN_EXCEPTION, ...
        return std::nullopt;
    }
}

ReachedServer ClickHouseEngine::reached(QSqlDatabase &database) const
{
    ReachedServer server;
    server.engine = engine();
    server.session = this;
    // The driver read version() when it connected; asking again costs a request.
    if (auto *driver = qobject_cast<ClickHouseDriver *>(database.driver()))
        server.version = driver->serverVersion();
    return server;
}

std::unique_ptr<EngineSession> ClickHouseEngine::attach(QSqlDatabase &database,
                                                        const ConnectionProfile &, const QString &,
                                                        RunInterrupt &interrupt) const
{
    auto *driver = qobject_cast<ClickHouseDriver *>(database.driver());
    if (!driver)
        return std::make_unique<EngineSession>();
    // KILL QUERY by the running statement's query id, from a pool thread.
    RunInterrupt::Hooks hooks;
    hooks.interrupt = driver->canceller();
    interrupt.attach(std::move(hooks));
    return std::make_unique<ClickHouseSession>(driver);
}

QString ClickHouseEngine::qtDriverName() const
{
    return ClickHouseDriver::qtDriverName();
}

std::optional<Failure> ClickHouseEngine::readUrl(QStringView scheme, const QString &rest,
                                                 const QString &url, ConnectionProfile &profile,
                                                 QString *password) const
{
    if (std::optional<Failure> failure = SqlEngine::readUrl(scheme, rest, url, profile, password))
        return failure;
    const auto failure = [](const QString &message) { return Failure{message, u"url_invalid"_s}; };
    // HTTP needs a host; every option but the connection's own becomes a server setting, and
    // the session stays read-only (readonly=1, or 2 where settings must stay changeable).
    if (profile.host().isEmpty()) {
        return failure(ConnectionProfile::tr("A ClickHouse URL names a host: "
                                             "clickhouse://user@host:8123/database."));
    }
    static const QStringList own = {u"secure"_s, u"ca_file"_s, u"connect_timeout"_s,
                                    u"read_timeout"_s};
    for (const auto &item : profile.options()) {
        if (!own.contains(item.first) && !ClickHouseDriver::isSettingName(item.first)) {
            return failure(ConnectionProfile::tr("'%1' is not a ClickHouse setting name.")
                                   .arg(item.first.left(40)));
        }
        if (ClickHouseDriver::isReservedParameter(item.first)) {
            return failure(ConnectionProfile::tr("'%1' is a parameter of ClickHouse's HTTP "
                                                 "interface, not a setting; SQLMend sets the "
                                                 "user, the database and each request's own "
                                                 "parameters itself, and opens no session.")
                                   .arg(item.first.left(40)));
        }
    }
    const QString readonly = profile.option(u"readonly");
    if (!readonly.isEmpty() && readonly != u"1" && readonly != u"2") {
        return failure(ConnectionProfile::tr("SQLMend opens ClickHouse read-only: readonly is 1 "
                                             "or 2, not '%1'.")
                               .arg(readonly.left(20)));
    }
    if (scheme == u"clickhouses" && profile.option(u"secure").isEmpty()) {
        QList<QPair<QString, QString>> options = profile.options();
        options.append({u"secure"_s, u"1"_s});
        profile.setOptions(options);
    }
    return std::nullopt;
}

QStringList ClickHouseEngine::connectOptions(const ConnectionProfile &profile) const
{
    QStringList options;
    for (const auto &item : profile.options()) {
        if (item.first == u"secure")
            options << u"CLICKHOUSE_SECURE="_s + item.second;
        else if (item.first == u"ca_file")
            options << u"CLICKHOUSE_CA_FILE="_s + item.second;
        else if (item.first == u"connect_timeout")
            options << u"CLICKHOUSE_CONNECT_TIMEOUT="_s + item.second;
        else if (item.first == u"read_timeout")
            options << u"CLICKHOUSE_READ_TIMEOUT="_s + item.second;
        else
            options << item.first + u'=' + item.second;
    }
    if (profile.option(u"connect_timeout").isEmpty())
        options << u"CLICKHOUSE_CONNECT_TIMEOUT=10"_s;
    // Wall 2 for ClickHouse: every request runs under readonly (1 unless the URL says 2).
    if (profile.option(u"readonly").isEmpty())
        options << u"readonly=1"_s;
    return options;
}

QString ClickHouseEngine::firstRowPerGroup() const
{
    return u"SELECT ... ORDER BY ... LIMIT 1 BY ..."_s;
}

} // namespace sqlmend::core
