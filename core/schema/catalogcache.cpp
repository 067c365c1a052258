#include "core/schema/catalogcache.h"

#include "core/schema/catalogloader.h"
#include "core/schema/schemalinker.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QStandardPaths>
#include <QThread>

#include <sqlite3.h>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcCatalogCache, "sqlmend.catalogcache", QtWarningMsg)

namespace sqlmend::core {

namespace {

// The file's user_version. Bumped whenever the table, the stored form of the tables or that of
// the index changes, or what a loader reads (5: a catalog reached through ODBC has its backend's
// keys): a file of another version is emptied and set up again on the next write.
constexpr int FormatVersion = 5;
constexpr int BusyTimeoutMs = 10000;
constexpr qint64 MaxAgeSeconds = 30 * 24 * 3600;
constexpr qint64 TouchAfterSeconds = 3600;

qint64 now()
{
    return QDateTime::currentSecsSinceEpoch();
}

// One connection to the cache file, closed when it goes out of scope.
class CacheFile
{
public:
    ~CacheFile()
    {
        for (sqlite3_stmt *statement : m_statements)
            sqlite3_finalize(statement);
        if (m_db)
            sqlite3_close(m_db);
    }

    // Opens (creating the file and its table when create is set); false when it cannot be used.
    bool open(const QString &path, bool create)
    {
        if (!create && !QFileInfo::exists(path))
            return false;
        if (create)
            QDir().mkpath(QFileInfo(path).absolutePath());
        const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
        if (sqlite3_open_v2(QFile::encodeName(path).constData(), &m_db, flags, nullptr)
            != SQLITE_OK) {
            return false;
        }
        sqlite3_busy_timeout(m_db, BusyTimeoutMs);
        // Entries are a few megabytes: mapped, they are read without a copy per page.
        exec("PRAGMA mmap_size=268435456");
        if (userVersion() == FormatVersion)
            return true;
        if (!create)
            return false; // empty, or another version's: nothing to read
        // Setting WAL on a new file answers SQLITE_BUSY at once, without the busy handler, while
        // another process does the same: retry within the same bound.
        QElapsedTimer waited;
        waited.start();
        for (;;) {
            const int code = setUp();
            if (code == SQLITE_OK)
                return true;
            if ((code != SQLITE_BUSY && code != SQLITE_LOCKED) || waited.elapsed() > BusyTimeoutMs)
                return false;
            QThread::msleep(20);
        }
    }

    int exec(const char *sql) { return sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr); }

private:
    int userVersion()
    {
        sqlite3_stmt *statement = nullptr;
        int version = -1;
        if (sqlite3_prepare_v2(m_db, "PRAGMA user_version", -1, &statement, nullptr) == SQLITE_OK
            && sqlite3_step(statement) == SQLITE_ROW)
            version = sqlite3_column_int(statement, 0);
        sqlite3_finalize(statement);
        return version;
    }

    // A new file, or one of another format version: the entries are replaced wholesale.
    int setUp()
    {
        // Large pages: an entry's blobs span fewer overflow pages (a new file only).
        exec("PRAGMA page_size=65536");
        int code = exec("PRAGMA journal_mode=WAL");
        if (code != SQLITE_OK)
            return code;
        code = exec("BEGIN IMMEDIATE");
        if (code != SQLITE_OK)
            return code;
        if (userVersion() == FormatVersion) // another process was quicker
            return exec("COMMIT");
        const QByteArray sql = "DROP TABLE IF EXISTS catalog_cache;"
                               "CREATE TABLE catalog_cache ("
                               " datasource TEXT NOT NULL,"
                               " schema_name TEXT NOT NULL,"
                               " engine TEXT NOT NULL,"
                               " fingerprint TEXT NOT NULL,"
                               " saved_at INTEGER NOT NULL,"
                               " used_at INTEGER NOT NULL,"
                               " tables BLOB NOT NULL,"
                               " functions TEXT NOT NULL,"
                               " schema_index BLOB,"
                               " PRIMARY KEY (datasource, schema_name));"
                               "PRAGMA user_version = "
                + QByteArray::number(FormatVersion) + ";";
        code = exec(sql.constData());
        if (code != SQLITE_OK) {
            exec("ROLLBACK");
            return code;
        }
        return exec("COMMIT");
    }

public:
    sqlite3_stmt *prepare(const char *sql)
    {
        sqlite3_stmt *statement = nullptr;
        if (sqlite3_prepare_v2(m_db, sql, -1, &statement, nullptr) != SQLITE_OK)
            return nullptr;
        m_statements.append(statement);
        return statement;
    }

    int errorCode() const { return m_db ? sqlite3_errcode(m_db) : SQLITE_CANTOPEN; }
    QString errorText() const { return m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QString(); }

private:
    sqlite3 *m_db = nullptr;
    QList<sqlite3_stmt *> m_statements;
};

void bindText(sqlite3_stmt *statement, int index, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    sqlite3_bind_text(statement, index, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
}

void bindBlob(sqlite3_stmt *statement, int index, const QByteArray &bytes)
{
    if (bytes.isEmpty())
        sqlite3_bind_null(statement, index);
    else
        sqlite3_bind_blob64(statement, index, bytes.constData(), sqlite3_uint64(bytes.size()),
                            SQLITE_STATIC);
}

QByteArrayView columnBlob(sqlite3_stmt *statement, int column)
{
    const void *data = sqlite3_column_blob(statement, column);
    const int size = sqlite3_column_bytes(statement, column);
    return data ? QByteArrayView(static_cast<const char *>(data), size) : QByteArrayView();
}

// Function names are identifiers; the unit separator appears in none.
constexpr QChar FunctionSeparator(0x1f);

bool isDamaged(int code)
{
    return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

// A cache file that is not one (damaged, or some other file) is worth nothing: start afresh.
void removeCacheFile(const QString &path)
{
    qCWarning(lcCatalogCache, "replacing the damaged catalog cache %s", qPrintable(path));
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s})
        QFile::remove(path + suffix);
}

} // namespace

QString CatalogCache::defaultPath()
{
    if (qEnvironmentVariableIsSet("SQLMEND_CATALOG_CACHE"))
        return qEnvironmentVariable("SQLMEND_CATALOG_CACHE");
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (folder.isEmpty())
        return {};
    return QDir(folder).filePath(u"catalog-cache.sqlite"_s);
}

CatalogCache::CatalogCache(QString path) : m_path(std::move(path)) { }

std::shared_ptr<CatalogSnapshot> CatalogCache::read(const QString &datasource,
                                                    const QString &schema,
                                                    const QString &fingerprint, Needs needs) const
{
    if (!isEnabled() || fingerprint.isEmpty())
        return nullptr;
    CacheFile file;
    if (!file.open(m_path, false)) {
        if (isDamaged(file.errorCode()))
            removeCacheFile(m_path);
        return nullptr;
    }
    sqlite3_stmt *select = file.prepare(
            needs == Needs::Index
                    ? "SELECT engine, tables, schema_index, used_at, functions FROM catalog_cache "
                      "WHERE datasource = ? AND schema_name = ? AND fingerprint = ? "
                      "AND schema_index IS NOT NULL"
                    : "SELECT engine, tables, NULL, used_at, functions FROM catalog_cache "
                      "WHERE datasource = ? AND schema_name = ? AND fingerprint = ?");
    if (!select) {
        if (isDamaged(file.errorCode()))
            removeCacheFile(m_path);
        return nullptr;
    }
    bindText(select, 1, datasource);
    bindText(select, 2, schema);
    bindText(select, 3, fingerprint);
    const int step = sqlite3_step(select);
    if (step != SQLITE_ROW) {
        if (isDamaged(step))
            removeCacheFile(m_path);
        return nullptr;
    }
    auto snapshot = std::make_shared<CatalogSnapshot>();
    snapshot->engine = engineFromName(
            QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(select, 0))));
    snapshot->datasource = datasource;
    snapshot->schema = schema;
    snapshot->fingerprint = fingerprint;
    snapshot->source = CatalogSnapshot::Source::Cache;
    // Read in place: the blobs stay valid until the statement is reset.
    const QByteArrayView tablesBlob = columnBlob(select, 1);
    const QByteArrayView indexBlob = columnBlob(select, 2);
    const qint64 usedAt = sqlite3_column_int64(select, 3);
    const QString functions =
            QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(select, 4)));
    if (!functions.isEmpty())
        snapshot->functions = functions.split(FunctionSeparator);

    std::optional<QList<CatalogTable>> tables = deserializeCatalogTables(tablesBlob);
    if (!tables) {
        qCWarning(lcCatalogCache, "a catalog cache entry for %s could not be read",
                  qPrintable(datasource));
        return nullptr;
    }
    snapshot->tables = std::move(*tables);
    if (needs == Needs::Index) {
        Result<std::shared_ptr<SchemaLinker>> linker =
                SchemaLinker::restore(snapshot->tables, indexBlob);
        if (!linker) {
            qCWarning(lcCatalogCache, "%s", qPrintable(linker.error().message));
            return nullptr;
        }
        snapshot->linker = linker.value();
    }
    sqlite3_reset(select);
    // Least recently used goes first; an hour's precision is enough and spares a write a question.
    if (now() - usedAt > TouchAfterSeconds) {
        if (sqlite3_stmt *touch = file.prepare("UPDATE catalog_cache SET used_at = ? "
                                               "WHERE datasource = ? AND schema_name = ?")) {
            sqlite3_bind_int64(touch, 1, now());
            bindText(touch, 2, datasource);
            bindText(touch, 3, schema);
            sqlite3_step(touch);
        }
    }
    return snapshot;
}

bool CatalogCache::write(const CatalogSnapshot &snapshot) const
{
    if (!isEnabled() || snapshot.fingerprint.isEmpty())
        return false;
    const QByteArray tables = serializeCatalogTables(snapshot.tables);
    const QByteArray index = snapshot.linker ? snapshot.linker->serializedIndex() : QByteArray();
    for (int round = 0; round < 2; ++round) {
        CacheFile file;
        bool ok = file.open(m_path, true);
        sqlite3_stmt *replace = nullptr;
        if (ok) {
            replace = file.prepare(
                    "INSERT OR REPLACE INTO catalog_cache (datasource, schema_name, engine, "
                    "fingerprint, saved_at, used_at, tables, functions, schema_index) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
            ok = replace != nullptr;
        }
        if (ok) {
            // One transaction: another process sees the old entry or the new one, never half.
            ok = file.exec("BEGIN IMMEDIATE") == SQLITE_OK;
        }
        if (ok) {
            bindText(replace, 1, snapshot.datasource);
            bindText(replace, 2, snapshot.schema);
            bindText(replace, 3, engineName(snapshot.engine));
            bindText(replace, 4, snapshot.fingerprint);
            sqlite3_bind_int64(replace, 5, now());
            sqlite3_bind_int64(replace, 6, now());
            bindBlob(replace, 7, tables);
            bindText(replace, 8, snapshot.functions.join(FunctionSeparator));
            bindBlob(replace, 9, index);
            ok = sqlite3_step(replace) == SQLITE_DONE;
            if (ok) {
                sqlite3_stmt *trim =
                        file.prepare("DELETE FROM catalog_cache WHERE used_at < ? OR rowid NOT IN "
                                     "(SELECT rowid FROM catalog_cache ORDER BY used_at DESC, "
                                     "rowid DESC LIMIT ?)");
                if (trim) {
                    sqlite3_bind_int64(trim, 1, now() - MaxAgeSeconds);
                    sqlite3_bind_int(trim, 2, MaxEntries);
                    ok = sqlite3_step(trim) == SQLITE_DONE;
                }
            }
            ok = ok && file.exec("COMMIT") == SQLITE_OK;
            if (!ok)
                file.exec("ROLLBACK");
        }
        if (ok)
            return true;
        if (round == 0 && isDamaged(file.errorCode())) {
            removeCacheFile(m_path);
            continue;
        }
        qCWarning(lcCatalogCache, "the catalog cache %s could not be written: %s",
                  qPrintable(m_path), qPrintable(file.errorText()));
        return false;
    }
    return false;
}

int CatalogCache::entryCount() const
{
    CacheFile file;
    if (!isEnabled() || !file.open(m_path, false))
        return -1;
    sqlite3_stmt *count = file.prepare("SELECT count(*) FROM catalog_cache");
    if (!count || sqlite3_step(count) != SQLITE_ROW)
        return -1;
    return sqlite3_column_int(count, 0);
}

Result<std::shared_ptr<const CatalogSnapshot>, Diagnosis>
CatalogCache::current(QSqlDatabase &database, Engine engine, const QString &datasource,
                      const QString &schema, Needs needs,
                      const std::shared_ptr<const CatalogSnapshot> &previous, bool reload) const
{
    const QString name = schema.isEmpty() ? CatalogLoader::defaultSchema(database, engine) : schema;
    // Taken before the catalog is read: a change made while reading shows as a new fingerprint
    // next time, never as a stale entry under the new one.
    const QString fingerprint = isEnabled() || previous
            ? CatalogLoader::fingerprint(database, engine, name)
            : QString();
    const bool sameAsPrevious = !reload && previous && !fingerprint.isEmpty()
            && previous->fingerprint == fingerprint && previous->schema == name
            && previous->datasource == datasource;
    if (sameAsPrevious && (needs == Needs::Tables || previous->linker))
        return previous;

    std::shared_ptr<CatalogSnapshot> made;
    bool store = false;
    if (sameAsPrevious) {
        made = std::make_shared<CatalogSnapshot>(*previous);
        store = true; // with the index built below
    } else if (!reload && !fingerprint.isEmpty()) {
        made = read(datasource, name, fingerprint, needs);
        // An entry read for the tree has no index yet: the first question builds and stores it.
        if (!made && needs == Needs::Index) {
            made = read(datasource, name, fingerprint, Needs::Tables);
            store = made != nullptr;
        }
    }
    if (!made) {
        Result<QList<CatalogTable>, Diagnosis> tables =
                CatalogLoader::loadTables(database, engine, name);
        if (!tables)
            return makeUnexpected(tables.error());
        made = std::make_shared<CatalogSnapshot>();
        made->engine = engine;
        made->datasource = datasource;
        made->schema = name;
        made->fingerprint = fingerprint;
        made->source = CatalogSnapshot::Source::Database;
        made->tables = std::move(tables.value());
        // Function names help function_missing advice; a failure here must not lose the tables.
        const Result<QStringList, Diagnosis> functions =
                CatalogLoader::loadFunctions(database, engine, name);
        if (functions)
            made->functions = functions.value();
        store = true;
    }
    if (needs == Needs::Index && !made->linker) {
        Result<std::shared_ptr<SchemaLinker>> linker = SchemaLinker::build(made->tables);
        if (linker)
            made->linker = linker.value();
        else
            made->indexFailure = linker.error().message;
    }
    if (needs == Needs::Index && !made->names) {
        auto names = std::make_shared<SchemaNames>();
        CatalogSnapshot::appendNames(*names, made->tables, made->functions);
        made->names = std::move(names);
    }
    if (store)
        write(*made);
    return std::shared_ptr<const CatalogSnapshot>(std::move(made));
}

} // namespace sqlmend::core
