#include "core/engines/clickhouseengine.h"

#include "core/errors/errorrules.h"
#include "core/schema/catalogquery.h"

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

} // namespace sqlmend::core
