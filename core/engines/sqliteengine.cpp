#include "core/engines/sqliteengine.h"

#include "core/errors/errorrules.h"
#include "core/exec/runinterrupt.h"
#include "core/exec/safetyexamination.h"
#include "core/schema/catalogquery.h"
#include "core/sql/databasefile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUrl>

#include <sqlite3.h>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using namespace catalog;

// ---- the catalog: sqlite_master joined with the pragma table-valued functions

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

// ---- the doctor

class SqliteExamination : public SafetyExamination
{
public:
    using SafetyExamination::SafetyExamination;
    void sqlite();
};

void SqliteExamination::sqlite()
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

// ---- the connection's native side

// Wall 3's resource bound: one value may not grow past this, so that a single heavy function
// call (randomblob, zeroblob, printf, replace) ends within the progress handler's reach of the
// timeout and memory stays bounded.
constexpr int SqliteMaxValueBytes = 64 * 1024 * 1024;

// Part of wall 2. Row and schema changes already fail (the file is opened read-only, query_only
// is on); this refuses at prepare time what could still leave a trace or lower the wall: ATTACH
// (VACUUM INTO and ATTACH create files), pragma assignments (query_only = OFF) and functions
// that reach outside the database.
int readOnlyAuthorizer(void *, int action, const char *first, const char *second, const char *,
                       const char *)
{
    switch (action) {
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
        return SQLITE_DENY;
    case SQLITE_PRAGMA: {
        // first: the pragma's name; second: its argument, as in "= OFF" or "(users)". Only the
        // pragmas whose argument names what to read may have one.
        if (second == nullptr)
            return SQLITE_OK;
        static const QByteArrayList readsWithArgument = {
                "table_info",  "table_xinfo",     "table_list",       "index_list",
                "index_info",  "index_xinfo",     "foreign_key_list", "foreign_key_check",
                "quick_check", "integrity_check", "function_list",    "pragma_list",
        };
        return readsWithArgument.contains(QByteArray(first).toLower()) ? SQLITE_OK : SQLITE_DENY;
    }
    case SQLITE_FUNCTION: {
        const QByteArray name = QByteArray(second ? second : "").toLower();
        const bool outside = name == "load_extension" || name == "fts3_tokenizer"
                || name == "writefile" || name == "readfile" || name == "edit";
        return outside ? SQLITE_DENY : SQLITE_OK;
    }
    default:
        return SQLITE_OK;
    }
}

int interruptCheckpoint(void *interrupt)
{
    return static_cast<RunInterrupt *>(interrupt)->checkpoint() ? 1 : 0;
}

} // namespace

QStringList SqliteEngine::urlSchemes() const
{
    return {u"sqlite"_s, u"sqlite3"_s};
}

QString SqliteEngine::versionQuery() const
{
    return u"SELECT sqlite_version()"_s;
}

SqlLexicalRules SqliteEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.backtickIdentifiers = true;
    rules.bracketIdentifiers = true;
    return rules;
}

QStringList SqliteEngine::denylistKeys() const
{
    return {u"sqlite"_s, u"any"_s};
}

QStringList SqliteEngine::sessionSetup() const
{
    // The connection is opened with QSQLITE_OPEN_READONLY as well; query_only also covers
    // ATTACHed files and temp tables.
    return {u"PRAGMA query_only = ON"_s};
}

QString SqliteEngine::dryRunSql(QStringView sql) const
{
    return u"EXPLAIN QUERY PLAN "_s + statementBody(sql);
}

QString SqliteEngine::defaultSchema(QSqlDatabase &) const
{
    return u"main"_s;
}

Result<QStringList, Diagnosis> SqliteEngine::catalogSchemas(QSqlDatabase &database) const
{
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

Result<QList<CatalogTable>, Diagnosis> SqliteEngine::catalogTables(QSqlDatabase &database,
                                                                   const QString &schema) const
{
    return loadSqlite(database, schema.isEmpty() ? u"main"_s : schema);
}

QString SqliteEngine::catalogMark(QSqlDatabase &database, const QString &schema) const
{
    return sqliteFingerprint(database, schema.isEmpty() ? u"main"_s : schema);
}

QStringList SqliteEngine::catalogFunctions(QSqlDatabase &database, const QString &) const
{
    // Not every build lists its functions (SQLite needs introspection pragmas): then none.
    return catalog::firstColumn(database, engine(),
                                u"SELECT DISTINCT name FROM pragma_function_list ORDER BY name"_s)
            .valueOr(QStringList());
}

void SqliteEngine::examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const
{
    SqliteExamination(database, verdict).sqlite();
}

EngineFamily SqliteEngine::ruleFamily() const
{
    return EngineFamily::Sqlite;
}

QStringList SqliteEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"CAST(col AS REAL)"_s};
    case CastTarget::Date:
        return {u"date(col)"_s};
    case CastTarget::Text:
        return {u"CAST(col AS TEXT)"_s};
    }
    return {};
}

QString SqliteEngine::functionEquivalent(QStringView lowerName) const
{
    // clang-format off
    static constexpr Spelling rows[] = {
            {u"date_trunc", u"strftime('%Y-%m-01', col)` or `date(col, 'start of month')"},
            {u"to_char", u"strftime('%Y-%m', col)"},
            {u"date_format", u"strftime('%Y-%m', col)"},
            {u"datediff", u"julianday(end_date) - julianday(start_date)"},
            {u"timestampdiff", u"julianday(end_date) - julianday(start_date)"},
            {u"now", u"datetime('now')"},
            {u"getdate", u"datetime('now')"},
            {u"curdate", u"date('now')"},
            {u"concat", u"a || b"},
            {u"string_agg", u"group_concat(col, ',')"},
            {u"listagg", u"group_concat(col, ',')"},
            {u"array_agg", u"group_concat(col, ',')"},
            {u"json_extract_path_text", u"json_extract(col, '$.key')"},
            {u"len", u"length(col)"},
            {u"char_length", u"length(col)"},
            {u"nvl", u"ifnull(a, b)"},
            {u"isnull", u"ifnull(a, b)"},
            {u"year", u"strftime('%Y', col)"},
            {u"month", u"strftime('%m', col)"},
            {u"day", u"strftime('%d', col)"},
            {u"hour", u"strftime('%H', col)"},
            {u"extract", u"strftime('%Y', col)"},
            {u"left", u"substr(col, 1, n)"},
            {u"right", u"substr(col, -n)"},
            {u"date_add", u"date(col, '+1 day')"},
            {u"to_date", u"date(col)"},
            {u"str_to_date", u"date(col)"},
            {u"date_part", u"strftime('%Y', col)` for the year, or for the month "
                           u"`strftime('%m', col)"},
            {u"split_part", u"substr(col, 1, instr(col, ',') - 1)"},
    };
    // clang-format on
    return spellingOf(rows, lowerName);
}

QString SqliteEngine::ilikeReplacement() const
{
    return u"col LIKE 'pattern'"_s;
}

QString SqliteEngine::ilikeNote() const
{
    return QCoreApplication::translate("sqlmend::core::Advisor",
                                       "(SQLite's LIKE already ignores the case of ASCII "
                                       "letters.)");
}

QString SqliteEngine::colonCastType(QStringView lowerType, QStringView declaredType) const
{
    // A column's affinity comes from its declared type: INT anywhere in it is an integer column,
    // else CHAR, CLOB or TEXT a text one (https://sqlite.org/datatype3.html, 3.1). CAST to
    // INTEGER or TEXT leaves such values as PostgreSQL's cast does: an integer stays itself or
    // becomes its digits, and a text that PostgreSQL reads as an integer gives that integer. A
    // real value is another matter (PostgreSQL rounds it, SQLite cuts it; '3' against '3.0'), as
    // is a length (varchar(3) cuts the text in PostgreSQL, and char alone means char(1)).
    const bool integerColumn = declaredType.contains(u"INT", Qt::CaseInsensitive);
    const bool textColumn = !integerColumn
            && (declaredType.contains(u"CHAR", Qt::CaseInsensitive)
                || declaredType.contains(u"CLOB", Qt::CaseInsensitive)
                || declaredType.contains(u"TEXT", Qt::CaseInsensitive));
    if (!integerColumn && !textColumn)
        return {};
    static const QList<QStringView> integers{u"int",  u"integer",  u"int2",  u"int4",
                                             u"int8", u"smallint", u"bigint"};
    static const QList<QStringView> texts{u"text", u"varchar", u"character varying"};
    if (integers.contains(lowerType))
        return u"INTEGER"_s;
    if (texts.contains(lowerType))
        return u"TEXT"_s;
    return {};
}

QString SqliteEngine::nullFallbackFunction() const
{
    return u"ifnull"_s;
}

QStringList SqliteEngine::promptNotes() const
{
    return {u"- Cast with CAST(x AS REAL) or CAST(x AS INTEGER); integer division "
            u"truncates."_s,
            u"- Dates are TEXT: strftime('%Y-%m', col), date('now', '-7 days'); "
            u"there is no YEAR() or DATE_TRUNC()."_s,
            u"- Quote identifiers with \"double quotes\"; strings with 'single quotes'."_s};
}

QStringList SqliteEngine::errorLayers() const
{
    return {u"sqlite-shell"_s, u"qsqlite"_s};
}

// SQLite primary result codes (QSQLITE hands over only these).
std::optional<ErrorClass> SqliteEngine::errorCodeClass(int code, QStringView /*text*/) const
{
    switch (code & 0xff) {
    case 8: // SQLITE_READONLY
        return ErrorClass::ReadOnlyViolation;
    case 5: // SQLITE_BUSY
    case 6: // SQLITE_LOCKED
    case 9: // SQLITE_INTERRUPT
        return ErrorClass::Timeout;
    case 7:  // SQLITE_NOMEM
    case 13: // SQLITE_FULL
    case 18: // SQLITE_TOOBIG
        return ErrorClass::ResourceExceeded;
    case 10: // SQLITE_IOERR
    case 11: // SQLITE_CORRUPT
    case 24: // SQLITE_FORMAT
    case 26: // SQLITE_NOTADB
        return ErrorClass::StorageFormat;
    case 14: // SQLITE_CANTOPEN
        return ErrorClass::Connection;
    case 3:  // SQLITE_PERM
    case 23: // SQLITE_AUTH
        return ErrorClass::Permission;
    case 20: // SQLITE_MISMATCH
        return ErrorClass::CastError;
    default: // SQLITE_ERROR, SQLITE_CONSTRAINT, SQLITE_SCHEMA...: the text decides
        return std::nullopt;
    }
}

std::optional<QString> SqliteEngine::configure(QSqlDatabase &database,
                                               const ConnectionProfile &profile,
                                               const QString &) const
{
    // A FIFO would block the open forever; a device or a socket is no database.
    if (std::optional<QString> refusal = DatabaseFile::refusal(profile.database()))
        return refusal;
    database.setDatabaseName(profile.database());
    return std::nullopt;
}

std::unique_ptr<EngineSession> SqliteEngine::attach(QSqlDatabase &database,
                                                    const ConnectionProfile &, const QString &,
                                                    RunInterrupt &interrupt) const
{
    const QVariant handle = database.driver()->handle();
    const char *type = handle.typeName();
    sqlite3 *db = type && qstrcmp(type, "sqlite3*") == 0
            ? *static_cast<sqlite3 *const *>(handle.constData())
            : nullptr;
    if (db) {
        sqlite3_set_authorizer(db, &readOnlyAuthorizer, nullptr);
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, SqliteMaxValueBytes);
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
        // Checked every few thousand virtual machine steps: a timeout needs no timer thread.
        sqlite3_progress_handler(db, 4000, &interruptCheckpoint, &interrupt);
        RunInterrupt::Hooks hooks;
        hooks.interrupt = [db] { sqlite3_interrupt(db); };
        hooks.release = [db] { sqlite3_progress_handler(db, 0, nullptr, nullptr); };
        hooks.serverTimeout = false;
        interrupt.attach(std::move(hooks));
    }
    return std::make_unique<EngineSession>();
}

std::optional<Failure> SqliteEngine::readUrl(QStringView, const QString &rest, const QString &,
                                             ConnectionProfile &profile, QString *) const
{
    QString path = rest;
    if (path.startsWith(u"//")) {
        path = path.mid(2);
        if (path.startsWith(u"localhost/"))
            path = path.mid(9);
        if (!path.startsWith(u'/')) {
            return Failure{ConnectionProfile::tr("A SQLite URL names a file, not a host: write "
                                                 "sqlite:///absolute/path.db or "
                                                 "sqlite:relative/path.db."),
                           u"url_invalid"_s};
        }
        path = QUrl::fromPercentEncoding(path.toUtf8());
    }
    if (path.isEmpty())
        return Failure{ConnectionProfile::tr("The SQLite URL names no file."), u"url_invalid"_s};
    profile.setDatabase(path);
    return std::nullopt;
}

QString SqliteEngine::writeUrl(const ConnectionProfile &profile) const
{
    if (profile.database().startsWith(u'/'))
        return u"sqlite://"_s + QString::fromUtf8(QUrl::toPercentEncoding(profile.database(), "/"));
    return u"sqlite:"_s + profile.database();
}

QString SqliteEngine::displayName(const ConnectionProfile &profile) const
{
    return QDir::fromNativeSeparators(profile.database()).section(u'/', -1);
}

QStringList SqliteEngine::connectOptions(const ConnectionProfile &) const
{
    // Wall 2 for SQLite: the file is opened read-only (plus PRAGMA query_only once open).
    return {u"QSQLITE_OPEN_READONLY"_s, u"QSQLITE_BUSY_TIMEOUT=2000"_s};
}

} // namespace sqlmend::core
