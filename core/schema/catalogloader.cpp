#include "core/schema/catalogloader.h"

#include "core/sql/clickhousedriver.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlIndex>
#include <QSqlQuery>
#include <QSqlRecord>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using TablesResult = Result<QList<CatalogTable>, Diagnosis>;

Diagnosis diagnoseSqlError(Engine engine, const QSqlError &error)
{
    return diagnose(EngineError::fromSqlError(engine, error));
}

// Runs one catalog query forward-only; the diagnosis when the engine refuses it.
std::optional<Diagnosis> run(QSqlQuery &query, Engine engine, const QString &sql,
                             const QVariantList &bindings = {})
{
    query.setForwardOnly(true);
    bool ok = false;
    if (bindings.isEmpty()) {
        ok = query.exec(sql);
    } else {
        ok = query.prepare(sql);
        if (ok) {
            for (const QVariant &value : bindings)
                query.addBindValue(value);
            ok = query.exec();
        }
    }
    if (ok)
        return std::nullopt;
    return diagnoseSqlError(engine, query.lastError());
}

std::optional<Diagnosis> checkOpen(QSqlDatabase &database, Engine engine)
{
    if (database.isOpen())
        return std::nullopt;
    QSqlError error = database.lastError();
    if (!error.isValid()) {
        error = QSqlError(CatalogLoader::tr("The database connection is not open."), QString(),
                          QSqlError::ConnectionError);
    }
    return diagnoseSqlError(engine, error);
}

QString quotedIdentifier(const QString &name)
{
    QString result = name;
    result.replace(u'"', u"\"\""_s);
    return u'"' + result + u'"';
}

QString quotedLiteral(const QString &text)
{
    QString result = text;
    result.replace(u'\'', u"''"_s);
    return u'\'' + result + u'\'';
}

// Groups catalog rows by table name. Rows usually arrive grouped, so the last table is checked
// before the hash.
class TableIndex
{
public:
    explicit TableIndex(QList<CatalogTable> &tables) : m_tables(tables)
    {
        m_index.reserve(tables.size());
        for (qsizetype i = 0; i < tables.size(); ++i)
            m_index.insert(tables.at(i).name, i);
    }

    CatalogTable *find(const QString &name)
    {
        if (m_last >= 0 && m_tables.at(m_last).name == name)
            return &m_tables[m_last];
        const auto it = m_index.constFind(name);
        if (it == m_index.constEnd())
            return nullptr;
        m_last = it.value();
        return &m_tables[m_last];
    }

private:
    QList<CatalogTable> &m_tables;
    QHash<QString, qsizetype> m_index;
    qsizetype m_last = -1;
};

void sortTables(QList<CatalogTable> &tables)
{
    std::sort(tables.begin(), tables.end(),
              [](const CatalogTable &a, const CatalogTable &b) { return a.name < b.name; });
}

// Appends one foreign-key column; consecutive rows with the same key id extend the same key.
void addForeignKeyColumn(CatalogTable &table, const QString &keyName, const QString &column,
                         const QString &referencedSchema, const QString &referencedTable,
                         const QString &referencedColumn)
{
    if (table.foreignKeys.isEmpty() || table.foreignKeys.last().name != keyName
        || table.foreignKeys.last().referencedTable != referencedTable) {
        CatalogForeignKey key;
        key.name = keyName;
        key.referencedSchema = referencedSchema;
        key.referencedTable = referencedTable;
        table.foreignKeys.append(key);
    }
    CatalogForeignKey &key = table.foreignKeys.last();
    key.columns.append(column);
    if (!referencedColumn.isEmpty())
        key.referencedColumns.append(referencedColumn);
}

// ---- SQLite: sqlite_master joined with the pragma table-valued functions --------------------

void readSqliteColumn(CatalogTable &table, const QSqlQuery &query, int first)
{
    if (query.isNull(first))
        return; // a table whose columns could not be read
    CatalogColumn column;
    column.name = query.value(first).toString();
    column.type = query.value(first + 1).toString();
    column.nullable = query.value(first + 2).toInt() == 0;
    column.defaultValue = query.value(first + 3).toString();
    column.primaryKeyPosition = query.value(first + 4).toInt();
    table.columns.append(std::move(column));
}

CatalogTableKind sqliteKind(const QString &type)
{
    return type == u"view" ? CatalogTableKind::View : CatalogTableKind::Table;
}

// A broken view (its table was dropped) makes the joined query fail; then read table by table
// and keep what can be read.
std::optional<Diagnosis> loadSqliteColumnsOneByOne(QSqlDatabase &database, const QString &schema,
                                                   QList<CatalogTable> &tables)
{
    const QString pragma =
            u"SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(%1, %2)"_s;
    for (CatalogTable &table : tables) {
        QSqlQuery query(database);
        query.setForwardOnly(true);
        if (!query.exec(pragma.arg(quotedLiteral(table.name), quotedLiteral(schema))))
            continue;
        while (query.next())
            readSqliteColumn(table, query, 0);
    }
    return std::nullopt;
}

std::optional<Diagnosis> loadSqliteTables(QSqlDatabase &database, const QString &schema,
                                          QList<CatalogTable> &tables)
{
    const QString master = quotedIdentifier(schema) + u".sqlite_master"_s;
    const QString filter =
            u"m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"_s;
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure = run(
                query, Engine::SQLite,
                u"SELECT m.rowid, m.name, m.type FROM %1 AS m WHERE %2"_s.arg(master, filter))) {
        return failure;
    }
    QHash<qint64, qsizetype> byRowid;
    while (query.next()) {
        CatalogTable table;
        table.schema = schema;
        table.name = query.value(1).toString();
        table.kind = sqliteKind(query.value(2).toString());
        byRowid.insert(query.value(0).toLongLong(), tables.size());
        tables.append(std::move(table));
    }
    // One pass over every column of every table; the table comes back as its rowid, which costs
    // far less per row than its name.
    const QString joined = u"SELECT m.rowid, p.name, p.type, p.\"notnull\", p.dflt_value, p.pk "
                           "FROM %1 AS m JOIN pragma_table_info(m.name, %2) AS p WHERE %3"_s.arg(
                                   master, quotedLiteral(schema), filter);
    if (!run(query, Engine::SQLite, joined)) {
        qint64 lastRowid = -1;
        CatalogTable *table = nullptr;
        while (query.next()) {
            const qint64 rowid = query.value(0).toLongLong();
            if (rowid != lastRowid) {
                const qsizetype index = byRowid.value(rowid, -1);
                table = index >= 0 ? &tables[index] : nullptr;
                lastRowid = rowid;
            }
            if (table)
                readSqliteColumn(*table, query, 1);
        }
        // The error of a broken view surfaces while stepping, not at exec().
        if (!query.lastError().isValid())
            return std::nullopt;
        for (CatalogTable &partial : tables)
            partial.columns.clear();
    }
    return loadSqliteColumnsOneByOne(database, schema, tables);
}

void loadSqliteForeignKeys(QSqlDatabase &database, const QString &schema,
                           QList<CatalogTable> &tables)
{
    QSqlQuery query(database);
    const QString sql =
            u"SELECT m.name, f.id, f.\"from\", f.\"table\", f.\"to\" FROM %1.sqlite_master AS m "
            "JOIN pragma_foreign_key_list(m.name, %2) AS f WHERE m.type = 'table'"_s.arg(
                    quotedIdentifier(schema), quotedLiteral(schema));
    if (run(query, Engine::SQLite, sql))
        return; // keys are a nicety; tables and columns are what matter
    TableIndex index(tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        addForeignKeyColumn(*table, query.value(1).toString(), query.value(2).toString(), schema,
                            query.value(3).toString(), query.value(4).toString());
    }
}

// sqlite_stat1 exists only after ANALYZE; its first number per index is the table's row count.
void loadSqliteRowEstimates(QSqlDatabase &database, const QString &schema,
                            QList<CatalogTable> &tables)
{
    QSqlQuery query(database);
    const QString master = quotedIdentifier(schema) + u".sqlite_master"_s;
    if (run(query, Engine::SQLite,
            u"SELECT 1 FROM %1 WHERE type = 'table' AND name = 'sqlite_stat1'"_s.arg(master))
        || !query.next()) {
        return;
    }
    if (run(query, Engine::SQLite,
            u"SELECT tbl, stat FROM %1.sqlite_stat1"_s.arg(quotedIdentifier(schema)))) {
        return;
    }
    TableIndex index(tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        const QString stat = query.value(1).toString();
        bool ok = false;
        const qint64 rows = QStringView(stat).left(stat.indexOf(u' ')).toLongLong(&ok);
        if (ok)
            table->rowEstimate = std::max(table->rowEstimate, rows);
    }
}

TablesResult loadSqlite(QSqlDatabase &database, const QString &schema)
{
    QList<CatalogTable> tables;
    if (std::optional<Diagnosis> failure = loadSqliteTables(database, schema, tables))
        return makeUnexpected(*failure);
    loadSqliteForeignKeys(database, schema, tables);
    loadSqliteRowEstimates(database, schema, tables);
    sortTables(tables);
    return tables;
}

// ---- PostgreSQL: pg_catalog, one query each for relations, columns and constraints ------------

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
    QList<CatalogTable> tables;
    QSqlQuery query(database);
    const QString tablesSql =
            u"SELECT c.relname, c.relkind, c.reltuples::bigint, obj_description(c.oid, 'pg_class') "
            "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = ? AND %1 AND NOT c.relispartition"_s.arg(relations);
    if (std::optional<Diagnosis> failure = run(query, engine, tablesSql, {schema}))
        return makeUnexpected(*failure);
    while (query.next()) {
        CatalogTable table;
        table.schema = schema;
        table.name = query.value(0).toString();
        table.kind = postgresKind(query.value(1).toString());
        // reltuples is -1 (PostgreSQL 14+) or 0 for a table never analyzed or vacuumed.
        const qint64 estimate = query.value(2).toLongLong();
        table.rowEstimate = estimate > 0 ? estimate : -1;
        table.comment = query.value(3).toString();
        tables.append(std::move(table));
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
    TableIndex index(tables);
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
        table->columns.append(std::move(column));
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
            for (CatalogColumn &candidate : table->columns) {
                if (candidate.name == column)
                    candidate.primaryKeyPosition = query.value(3).toInt();
            }
        } else {
            addForeignKeyColumn(*table, query.value(2).toString(), column,
                                query.value(5).toString(), query.value(6).toString(),
                                query.value(7).toString());
        }
    }
    sortTables(tables);
    return tables;
}

// ---- MySQL / MariaDB: information_schema, set-based ----------------------------------------

TablesResult loadMysql(QSqlDatabase &database, Engine engine, const QString &schema)
{
    QList<CatalogTable> tables;
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure =
                run(query, engine,
                    u"SELECT table_name, table_type, table_rows, table_comment "
                    "FROM information_schema.tables WHERE table_schema = ?"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    while (query.next()) {
        CatalogTable table;
        table.schema = schema;
        table.name = query.value(0).toString();
        table.kind = query.value(1).toString().contains(u"VIEW") ? CatalogTableKind::View
                                                                 : CatalogTableKind::Table;
        table.rowEstimate = query.isNull(2) ? -1 : query.value(2).toLongLong();
        table.comment = query.value(3).toString();
        if (table.kind == CatalogTableKind::View && table.comment == u"VIEW")
            table.comment.clear(); // MySQL fills a view's comment with its type
        tables.append(std::move(table));
    }

    if (std::optional<Diagnosis> failure =
                run(query, engine,
                    u"SELECT table_name, column_name, column_type, is_nullable, column_default, "
                    "column_comment FROM information_schema.columns WHERE table_schema = ? "
                    "ORDER BY table_name, ordinal_position"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    TableIndex index(tables);
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
        table->columns.append(std::move(column));
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
            for (CatalogColumn &candidate : table->columns) {
                if (candidate.name == column)
                    candidate.primaryKeyPosition = query.value(3).toInt();
            }
        } else {
            addForeignKeyColumn(*table, keyName, column, query.value(4).toString(),
                                query.value(5).toString(), query.value(6).toString());
        }
    }
    sortTables(tables);
    return tables;
}

// ---- ClickHouse: system.tables, system.columns and system.parts ------------------------------

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
    QList<CatalogTable> tables;
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure =
                run(query, engine, u"SELECT name, engine FROM system.tables WHERE database = ?"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    while (query.next()) {
        CatalogTable table;
        table.schema = schema;
        table.name = query.value(0).toString();
        table.engine = query.value(1).toString();
        table.kind = clickHouseKind(table.engine);
        tables.append(std::move(table));
    }

    // system.columns lists each table's columns in their order; no ORDER BY that could shuffle it.
    if (std::optional<Diagnosis> failure =
                run(query, engine,
                    u"SELECT table, name, type, default_kind, default_expression, comment "
                    "FROM system.columns WHERE database = ?"_s,
                    {schema})) {
        return makeUnexpected(*failure);
    }
    TableIndex index(tables);
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
        table->columns.append(std::move(column));
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
    sortTables(tables);
    return tables;
}

// ---- ODBC and anything else: information_schema where it exists, else the driver's API -----

TablesResult loadFromDriver(QSqlDatabase &database, Engine engine, const QString &schema)
{
    QList<CatalogTable> tables;
    const auto addAll = [&](QSql::TableType type, CatalogTableKind kind) {
        for (const QString &name : database.tables(type)) {
            CatalogTable table;
            table.schema = schema;
            table.name = name;
            table.kind = kind;
            const QSqlRecord record = database.record(name);
            const QSqlIndex primary = database.primaryIndex(name);
            for (int i = 0; i < record.count(); ++i) {
                const QSqlField field = record.field(i);
                CatalogColumn column;
                column.name = field.name();
                column.type = QString::fromLatin1(field.metaType().name());
                column.nullable = field.requiredStatus() != QSqlField::Required;
                column.primaryKeyPosition = primary.indexOf(field.name()) + 1;
                table.columns.append(std::move(column));
            }
            tables.append(std::move(table));
        }
    };
    addAll(QSql::Tables, CatalogTableKind::Table);
    addAll(QSql::Views, CatalogTableKind::View);
    if (tables.isEmpty() && database.lastError().isValid())
        return makeUnexpected(diagnoseSqlError(engine, database.lastError()));
    sortTables(tables);
    return tables;
}

TablesResult loadInformationSchema(QSqlDatabase &database, Engine engine, const QString &schema)
{
    QList<CatalogTable> tables;
    QSqlQuery query(database);
    if (run(query, engine,
            u"SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = ?"_s,
            {schema})) {
        return loadFromDriver(database, engine, schema);
    }
    while (query.next()) {
        CatalogTable table;
        table.schema = schema;
        table.name = query.value(0).toString();
        table.kind = query.value(1).toString().contains(u"VIEW", Qt::CaseInsensitive)
                ? CatalogTableKind::View
                : CatalogTableKind::Table;
        tables.append(std::move(table));
    }
    if (run(query, engine,
            u"SELECT table_name, column_name, data_type, is_nullable, column_default "
            "FROM information_schema.columns WHERE table_schema = ? "
            "ORDER BY table_name, ordinal_position"_s,
            {schema})) {
        return loadFromDriver(database, engine, schema);
    }
    TableIndex index(tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        CatalogColumn column;
        column.name = query.value(1).toString();
        column.type = query.value(2).toString();
        column.nullable = query.value(3).toString().compare(u"YES", Qt::CaseInsensitive) == 0;
        column.defaultValue = query.value(4).toString();
        table->columns.append(std::move(column));
    }
    sortTables(tables);
    return tables;
}

} // namespace

Engine CatalogLoader::engineOf(const QSqlDatabase &database)
{
    if (database.driverName() == ClickHouseDriver::qtDriverName())
        return Engine::ClickHouse;
    return engineFromName(database.driverName());
}

QString CatalogLoader::defaultSchema(QSqlDatabase &database, Engine engine)
{
    if (engine == Engine::SQLite)
        return u"main"_s;
    QSqlQuery query(database);
    if (isPostgresFamily(engine)) {
        if (!run(query, engine, u"SELECT current_schema()"_s) && query.next() && !query.isNull(0)) {
            return query.value(0).toString();
        }
        return u"public"_s;
    }
    if (isMysqlFamily(engine)) {
        if (!run(query, engine, u"SELECT DATABASE()"_s) && query.next() && !query.isNull(0))
            return query.value(0).toString();
        return database.databaseName();
    }
    if (engine == Engine::ClickHouse) {
        if (!run(query, engine, u"SELECT currentDatabase()"_s) && query.next())
            return query.value(0).toString();
        return database.databaseName();
    }
    return {};
}

Result<QStringList, Diagnosis> CatalogLoader::loadSchemas(QSqlDatabase &database, Engine engine)
{
    if (std::optional<Diagnosis> failure = checkOpen(database, engine))
        return makeUnexpected(*failure);
    QString sql;
    if (engine == Engine::SQLite) {
        sql = u"SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq"_s;
    } else if (isPostgresFamily(engine)) {
        sql = u"SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%' "
              "AND nspname <> 'information_schema' "
              "AND has_schema_privilege(oid, 'USAGE') ORDER BY nspname"_s;
    } else if (isMysqlFamily(engine)) {
        sql = u"SELECT schema_name FROM information_schema.schemata WHERE schema_name NOT IN "
              "('information_schema', 'mysql', 'performance_schema', 'sys') ORDER BY schema_name"_s;
    } else if (engine == Engine::ClickHouse) {
        sql = u"SELECT name FROM system.databases WHERE name NOT IN "
              "('system', 'INFORMATION_SCHEMA', 'information_schema') ORDER BY name"_s;
    } else {
        sql = u"SELECT schema_name FROM information_schema.schemata"_s;
    }
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure = run(query, engine, sql)) {
        if (engine == Engine::SQLite || isPostgresFamily(engine) || isMysqlFamily(engine)
            || engine == Engine::ClickHouse) {
            return makeUnexpected(*failure);
        }
        return QStringList{QString()}; // the driver's default schema only
    }
    QStringList schemas;
    while (query.next())
        schemas.append(query.value(0).toString());
    return schemas;
}

Result<QList<CatalogTable>, Diagnosis>
CatalogLoader::loadTables(QSqlDatabase &database, Engine engine, const QString &schema)
{
    if (std::optional<Diagnosis> failure = checkOpen(database, engine))
        return makeUnexpected(*failure);
    if (engine == Engine::SQLite)
        return loadSqlite(database, schema.isEmpty() ? u"main"_s : schema);
    if (isPostgresFamily(engine))
        return loadPostgres(database, engine, schema.isEmpty() ? u"public"_s : schema);
    if (isMysqlFamily(engine))
        return loadMysql(database, engine, schema.isEmpty() ? database.databaseName() : schema);
    if (engine == Engine::ClickHouse)
        return loadClickHouse(database,
                              schema.isEmpty() ? defaultSchema(database, engine) : schema);
    if (schema.isEmpty())
        return loadFromDriver(database, engine, schema);
    return loadInformationSchema(database, engine, schema);
}

Result<QStringList, Diagnosis> CatalogLoader::loadFunctions(QSqlDatabase &database, Engine engine,
                                                            const QString &schema)
{
    if (std::optional<Diagnosis> failure = checkOpen(database, engine))
        return makeUnexpected(*failure);
    QString sql;
    QVariantList bindings;
    if (engine == Engine::SQLite) {
        sql = u"SELECT DISTINCT name FROM pragma_function_list ORDER BY name"_s;
    } else if (isPostgresFamily(engine)) {
        sql = u"SELECT DISTINCT p.proname FROM pg_catalog.pg_proc p "
              "JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace "
              "WHERE n.nspname IN (?, 'pg_catalog') ORDER BY 1"_s;
        bindings = {schema};
    } else if (isMysqlFamily(engine)) {
        sql = u"SELECT DISTINCT routine_name FROM information_schema.routines "
              "WHERE routine_schema = ? AND routine_type = 'FUNCTION' ORDER BY 1"_s;
        bindings = {schema};
    } else if (engine == Engine::ClickHouse) {
        sql = u"SELECT name FROM system.functions ORDER BY name"_s;
    } else {
        return QStringList();
    }
    QSqlQuery query(database);
    // Not every build lists its functions (SQLite needs introspection pragmas): then none.
    if (run(query, engine, sql, bindings))
        return QStringList();
    QStringList functions;
    while (query.next())
        functions.append(query.value(0).toString());
    return functions;
}

} // namespace sqlmend::core
