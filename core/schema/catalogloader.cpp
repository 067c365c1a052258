#include "core/schema/catalogloader.h"

#include "core/sql/clickhousedriver.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>
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

#include <sqlite3.h>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using TablesResult = Result<QList<CatalogTable>, Diagnosis>;

// The tables of one load and the pool their text goes into: each distinct name, type and
// comment is held once, however many tables repeat it.
struct Loaded
{
    QList<CatalogTable> tables;
    std::shared_ptr<CatalogStrings> strings = std::make_shared<CatalogStrings>();

    CatalogTable &add(const QString &schema, const QString &name, CatalogTableKind kind)
    {
        CatalogTable table;
        table.schema = strings->shared(schema);
        table.name = strings->shared(name);
        table.kind = kind;
        table.columns = CatalogColumns(strings);
        tables.append(std::move(table));
        return tables.last();
    }
    QString text(const QString &value) { return strings->shared(value); }
    // Sorted by name, and the pool sealed: from here on the tables may go to any thread.
    QList<CatalogTable> finish()
    {
        std::sort(tables.begin(), tables.end(),
                  [](const CatalogTable &a, const CatalogTable &b) { return a.name < b.name; });
        for (CatalogTable &table : tables)
            table.columns.squeeze(); // lists grow by doubling; 50,000 tables keep the slack
        strings->seal();
        return std::move(tables);
    }
};

void setPrimaryKeyPosition(CatalogTable &table, const QString &column, int position)
{
    const qsizetype at = table.columns.indexOf(column);
    if (at >= 0)
        table.columns.setPrimaryKeyPosition(at, position);
}

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

// Appends one foreign-key column; consecutive rows with the same key id extend the same key.
void addForeignKeyColumn(Loaded &loaded, CatalogTable &table, const QString &keyName,
                         const QString &column, const QString &referencedSchema,
                         const QString &referencedTable, const QString &referencedColumn)
{
    if (table.foreignKeys.isEmpty() || table.foreignKeys.last().name != keyName
        || table.foreignKeys.last().referencedTable != referencedTable) {
        CatalogForeignKey key;
        key.name = loaded.text(keyName);
        key.referencedSchema = loaded.text(referencedSchema);
        key.referencedTable = loaded.text(referencedTable);
        table.foreignKeys.append(key);
    }
    CatalogForeignKey &key = table.foreignKeys.last();
    key.columns.append(loaded.text(column));
    if (!referencedColumn.isEmpty())
        key.referencedColumns.append(loaded.text(referencedColumn));
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
    table.columns.append(column);
}

CatalogTableKind sqliteKind(const QString &type)
{
    return type == u"view" ? CatalogTableKind::View : CatalogTableKind::Table;
}

// A broken view (its table was dropped) makes the joined query fail; then read table by table
// and keep what can be read.
std::optional<Diagnosis> loadSqliteColumnsOneByOne(QSqlDatabase &database, const QString &schema,
                                                   Loaded &loaded)
{
    const QString pragma =
            u"SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(%1, %2)"_s;
    for (CatalogTable &table : loaded.tables) {
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
                                          Loaded &loaded)
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
        byRowid.insert(query.value(0).toLongLong(), loaded.tables.size());
        loaded.add(schema, query.value(1).toString(), sqliteKind(query.value(2).toString()));
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
                table = index >= 0 ? &loaded.tables[index] : nullptr;
                lastRowid = rowid;
            }
            if (table)
                readSqliteColumn(*table, query, 1);
        }
        // The error of a broken view surfaces while stepping, not at exec().
        if (!query.lastError().isValid())
            return std::nullopt;
        for (CatalogTable &partial : loaded.tables)
            partial.columns.clear();
    }
    return loadSqliteColumnsOneByOne(database, schema, loaded);
}

void loadSqliteForeignKeys(QSqlDatabase &database, const QString &schema, Loaded &loaded)
{
    QSqlQuery query(database);
    const QString sql =
            u"SELECT m.name, f.id, f.\"from\", f.\"table\", f.\"to\" FROM %1.sqlite_master AS m "
            "JOIN pragma_foreign_key_list(m.name, %2) AS f WHERE m.type = 'table'"_s.arg(
                    quotedIdentifier(schema), quotedLiteral(schema));
    if (run(query, Engine::SQLite, sql))
        return; // keys are a nicety; tables and columns are what matter
    TableIndex index(loaded.tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        addForeignKeyColumn(loaded, *table, query.value(1).toString(), query.value(2).toString(),
                            schema, query.value(3).toString(), query.value(4).toString());
    }
}

// sqlite_stat1 exists only after ANALYZE; its first number per index is the table's row count.
void loadSqliteRowEstimates(QSqlDatabase &database, const QString &schema, Loaded &loaded)
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
    TableIndex index(loaded.tables);
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

// ---- SQLite through its own API: the same queries, without a QVariant per value -------------

sqlite3 *sqliteHandle(const QSqlDatabase &database)
{
    const QVariant handle = database.driver()->handle();
    const char *type = handle.typeName();
    if (!type || qstrcmp(type, "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

// Interns UTF-8 text as SQLite hands it out: names seen before (column names, types) are found
// by their bytes, without decoding them again.
class Utf8Interner
{
public:
    explicit Utf8Interner(CatalogStrings &strings) : m_strings(strings), m_slots(4096) { }

    quint32 intern(sqlite3_stmt *statement, int column)
    {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
        const int size = sqlite3_column_bytes(statement, column);
        if (!text || size == 0)
            return 0;
        const QByteArrayView bytes(text, size);
        const size_t hash = qHash(bytes);
        Slot &slot = m_slots[hash & (m_slots.size() - 1)];
        if (slot.hash == hash && slot.bytes == bytes)
            return slot.id;
        slot.hash = hash;
        slot.bytes = bytes.toByteArray();
        slot.id = m_strings.intern(QString::fromUtf8(bytes));
        return slot.id;
    }
    QString text(sqlite3_stmt *statement, int column)
    {
        return m_strings.at(intern(statement, column));
    }

private:
    struct Slot
    {
        size_t hash = 0;
        QByteArray bytes;
        quint32 id = 0;
    };
    CatalogStrings &m_strings;
    std::vector<Slot> m_slots;
};

class Statement
{
public:
    Statement(sqlite3 *db, const QString &sql)
    {
        const QByteArray utf8 = sql.toUtf8();
        if (sqlite3_prepare_v2(db, utf8.constData(), int(utf8.size()), &m_statement, nullptr)
            != SQLITE_OK) {
            sqlite3_finalize(m_statement);
            m_statement = nullptr;
        }
    }
    ~Statement() { sqlite3_finalize(m_statement); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    bool isValid() const { return m_statement != nullptr; }
    // SQLITE_ROW, SQLITE_DONE or the error.
    int step() { return sqlite3_step(m_statement); }
    sqlite3_stmt *get() const { return m_statement; }

private:
    sqlite3_stmt *m_statement = nullptr;
};

// The tables and their columns; nullopt when the direct path cannot answer (QtSql then runs the
// same queries and diagnoses what went wrong).
std::optional<Loaded> loadSqliteDirect(sqlite3 *db, const QString &schema)
{
    Loaded loaded;
    Utf8Interner interner(*loaded.strings);
    const QString master = quotedIdentifier(schema) + u".sqlite_master"_s;
    const QString filter =
            u"m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"_s;
    Statement tables(db,
                     u"SELECT m.rowid, m.name, m.type FROM %1 AS m WHERE %2"_s.arg(master, filter));
    if (!tables.isValid())
        return std::nullopt;
    QHash<qint64, qsizetype> byRowid;
    int step = SQLITE_ROW;
    while ((step = tables.step()) == SQLITE_ROW) {
        byRowid.insert(sqlite3_column_int64(tables.get(), 0), loaded.tables.size());
        const auto *type = reinterpret_cast<const char *>(sqlite3_column_text(tables.get(), 2));
        CatalogTable table;
        table.schema = loaded.text(schema);
        table.name = interner.text(tables.get(), 1);
        table.kind = type && qstrcmp(type, "view") == 0 ? CatalogTableKind::View
                                                        : CatalogTableKind::Table;
        table.columns = CatalogColumns(loaded.strings);
        loaded.tables.append(std::move(table));
    }
    if (step != SQLITE_DONE)
        return std::nullopt;

    Statement columns(db,
                      u"SELECT m.rowid, p.name, p.type, p.\"notnull\", p.dflt_value, p.pk "
                      "FROM %1 AS m JOIN pragma_table_info(m.name, %2) AS p WHERE %3"_s.arg(
                              master, quotedLiteral(schema), filter));
    if (!columns.isValid())
        return std::nullopt;
    qint64 lastRowid = -1;
    CatalogTable *table = nullptr;
    while ((step = columns.step()) == SQLITE_ROW) {
        sqlite3_stmt *row = columns.get();
        const qint64 rowid = sqlite3_column_int64(row, 0);
        if (rowid != lastRowid) {
            const qsizetype index = byRowid.value(rowid, -1);
            table = index >= 0 ? &loaded.tables[index] : nullptr;
            lastRowid = rowid;
        }
        if (!table || sqlite3_column_type(row, 1) == SQLITE_NULL)
            continue;
        const quint32 name = interner.intern(row, 1);
        const quint32 type = interner.intern(row, 2);
        const quint32 defaultValue = interner.intern(row, 4);
        table->columns.appendInterned(name, type, sqlite3_column_int(row, 3) == 0,
                                      sqlite3_column_int(row, 5), defaultValue);
    }
    // A broken view (its table was dropped) stops the joined query: QtSql's path reads table by
    // table and keeps what it can.
    if (step != SQLITE_DONE)
        return std::nullopt;

    Statement keys(db,
                   u"SELECT m.rowid, f.id, f.\"from\", f.\"table\", f.\"to\" FROM %1 AS m "
                   "JOIN pragma_foreign_key_list(m.name, %2) AS f WHERE m.type = 'table'"_s.arg(
                           master, quotedLiteral(schema)));
    while (keys.isValid() && keys.step() == SQLITE_ROW) {
        sqlite3_stmt *row = keys.get();
        const qsizetype index = byRowid.value(sqlite3_column_int64(row, 0), -1);
        if (index < 0)
            continue;
        addForeignKeyColumn(loaded, loaded.tables[index], interner.text(row, 1),
                            interner.text(row, 2), schema, interner.text(row, 3),
                            interner.text(row, 4));
    }
    return loaded;
}

TablesResult loadSqlite(QSqlDatabase &database, const QString &schema)
{
    if (sqlite3 *db = sqliteHandle(database)) {
        if (std::optional<Loaded> loaded = loadSqliteDirect(db, schema)) {
            loadSqliteRowEstimates(database, schema, *loaded);
            return loaded->finish();
        }
    }
    Loaded loaded;
    if (std::optional<Diagnosis> failure = loadSqliteTables(database, schema, loaded))
        return makeUnexpected(*failure);
    loadSqliteForeignKeys(database, schema, loaded);
    loadSqliteRowEstimates(database, schema, loaded);
    return loaded.finish();
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

// ---- MySQL / MariaDB: information_schema, set-based ----------------------------------------

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

// ---- ODBC and anything else: information_schema where it exists, else the driver's API -----

TablesResult loadFromDriver(QSqlDatabase &database, Engine engine, const QString &schema)
{
    Loaded loaded;
    const auto addAll = [&](QSql::TableType type, CatalogTableKind kind) {
        for (const QString &name : database.tables(type)) {
            CatalogTable &table = loaded.add(schema, name, kind);
            const QSqlRecord record = database.record(name);
            const QSqlIndex primary = database.primaryIndex(name);
            for (int i = 0; i < record.count(); ++i) {
                const QSqlField field = record.field(i);
                CatalogColumn column;
                column.name = field.name();
                column.type = QString::fromLatin1(field.metaType().name());
                column.nullable = field.requiredStatus() != QSqlField::Required;
                column.primaryKeyPosition = primary.indexOf(field.name()) + 1;
                table.columns.append(column);
            }
        }
    };
    addAll(QSql::Tables, CatalogTableKind::Table);
    addAll(QSql::Views, CatalogTableKind::View);
    if (loaded.tables.isEmpty() && database.lastError().isValid())
        return makeUnexpected(diagnoseSqlError(engine, database.lastError()));
    return loaded.finish();
}

TablesResult loadInformationSchema(QSqlDatabase &database, Engine engine, const QString &schema)
{
    Loaded loaded;
    QSqlQuery query(database);
    if (run(query, engine,
            u"SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = ?"_s,
            {schema})) {
        return loadFromDriver(database, engine, schema);
    }
    while (query.next()) {
        loaded.add(schema, query.value(0).toString(),
                   query.value(1).toString().contains(u"VIEW", Qt::CaseInsensitive)
                           ? CatalogTableKind::View
                           : CatalogTableKind::Table);
    }
    if (run(query, engine,
            u"SELECT table_name, column_name, data_type, is_nullable, column_default "
            "FROM information_schema.columns WHERE table_schema = ? "
            "ORDER BY table_name, ordinal_position"_s,
            {schema})) {
        return loadFromDriver(database, engine, schema);
    }
    TableIndex index(loaded.tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        CatalogColumn column;
        column.name = query.value(1).toString();
        column.type = query.value(2).toString();
        column.nullable = query.value(3).toString().compare(u"YES", Qt::CaseInsensitive) == 0;
        column.defaultValue = query.value(4).toString();
        table->columns.append(column);
    }
    return loaded.finish();
}

// ---- fingerprints --------------------------------------------------------------------------

// The values of a query's single row, joined: "" when it fails or returns nothing.
QString firstRow(QSqlDatabase &database, Engine engine, const QString &sql,
                 const QVariantList &bindings)
{
    QSqlQuery query(database);
    if (run(query, engine, sql, bindings) || !query.next())
        return {};
    QStringList values;
    for (int i = 0; i < query.record().count(); ++i)
        values.append(query.isNull(i) ? u"-"_s : query.value(i).toString());
    return values.join(u'/');
}

// SQLite's attached databases in order, with their files ("" for memory and temporary ones).
using SqliteDatabases = QList<std::pair<QString, QString>>;
Result<SqliteDatabases, Diagnosis> sqliteDatabases(QSqlDatabase &database)
{
    SqliteDatabases databases;
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure = run(query, Engine::SQLite, u"PRAGMA database_list"_s))
        return makeUnexpected(*failure);
    while (query.next())
        databases.append({query.value(1).toString(), query.value(2).toString()});
    return databases;
}

// A file replaced by another one with the same schema version is told apart by its identity.
QString fileIdentity(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    QString identity = info.canonicalFilePath();
#ifdef Q_OS_UNIX
    struct stat status;
    if (::stat(QFile::encodeName(identity).constData(), &status) == 0)
        identity += u"@%1:%2"_s.arg(quint64(status.st_dev)).arg(quint64(status.st_ino));
#endif
    const QDateTime born = info.birthTime();
    if (born.isValid())
        identity += u'@' + QString::number(born.toMSecsSinceEpoch());
    return identity;
}

QString sqliteFingerprint(QSqlDatabase &database, const QString &schema)
{
    // PRAGMA statements, not the pragma functions in a SELECT: these do not make SQLite parse
    // the schema, so a 50,000-table file answers at once.
    QString file;
    for (const auto &[name, path] : sqliteDatabases(database).valueOr({})) {
        if (name == schema)
            file = path;
    }
    const QString identity = fileIdentity(file);
    if (identity.isEmpty())
        return {}; // in memory or temporary: nothing outlives the connection
    const QString version =
            firstRow(database, Engine::SQLite,
                     u"PRAGMA %1.schema_version"_s.arg(quotedIdentifier(schema)), {});
    if (version.isEmpty())
        return {};
    return u"sqlite/%1/%2"_s.arg(version, identity);
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

QString countsFingerprint(QSqlDatabase &database, Engine engine, const QString &schema)
{
    if (schema.isEmpty())
        return {};
    const QString row = firstRow(
            database, engine,
            u"SELECT (SELECT count(*) FROM information_schema.tables WHERE table_schema = ?), "
            "(SELECT count(*) FROM information_schema.columns WHERE table_schema = ?)"_s,
            {schema, schema});
    return row.isEmpty() ? QString() : u"counts/"_s + row;
}

} // namespace

QString CatalogLoader::fingerprint(QSqlDatabase &database, Engine engine, const QString &schema)
{
    if (!database.isOpen())
        return {};
    QString mark;
    if (engine == Engine::SQLite)
        mark = sqliteFingerprint(database, schema.isEmpty() ? u"main"_s : schema);
    else if (isPostgresFamily(engine))
        mark = postgresFingerprint(database, engine, schema);
    else if (isMysqlFamily(engine))
        mark = mysqlFingerprint(database, engine, schema);
    else if (engine == Engine::ClickHouse)
        mark = clickHouseFingerprint(database,
                                     schema.isEmpty() ? defaultSchema(database, engine) : schema);
    else
        mark = countsFingerprint(database, engine, schema);
    if (mark.isEmpty())
        return {};
    // Short and of one length, whatever the engine wrote.
    return QString::fromLatin1(
            QCryptographicHash::hash(mark.toUtf8(), QCryptographicHash::Sha1).toHex());
}

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
        // Not SELECT ... FROM pragma_database_list, which parses the whole schema first.
        const Result<SqliteDatabases, Diagnosis> databases = sqliteDatabases(database);
        if (!databases)
            return makeUnexpected(databases.error());
        QStringList schemas;
        for (const auto &[name, path] : databases.value()) {
            if (name != u"temp")
                schemas.append(name);
        }
        return schemas;
    }
    if (isPostgresFamily(engine)) {
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
