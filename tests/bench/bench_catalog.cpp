// bench_catalog [tables]: our catalog load of a 10,000-table x 20-column SQLite database against
// the same catalog queries through the sqlite3 command-line client, in the same run. With
// SQLMEND_BENCH_PG_URL set (postgresql://user@host:port/db; password in PGPASSWORD), the same for
// PostgreSQL against psql, in a scratch schema that is dropped afterwards. Prints times and
// ratios (goal <= 1.5x); never asserts.

#include "core/schema/schemacatalog.h"
#include "core/sql/connectionprofile.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

constexpr int Repeats = 3;
constexpr int Columns = 20;

QString createTable(const QString &name)
{
    QStringList columns = {u"id INTEGER PRIMARY KEY"_s};
    for (int c = 1; c < Columns; ++c)
        columns.append(u"col_%1 %2"_s.arg(c).arg(c % 3 == 0 ? u"TEXT"_s : u"INTEGER"_s));
    return u"CREATE TABLE %1 (%2)"_s.arg(name, columns.join(u", "));
}

bool exec(QSqlDatabase &database, const QString &sql)
{
    QSqlQuery query(database);
    if (query.exec(sql))
        return true;
    std::fprintf(stderr, "%s: %s\n", qPrintable(sql.left(80)),
                 qPrintable(query.lastError().text()));
    return false;
}

// Milliseconds for a fresh connection plus a full load of one schema; -1 on failure.
qint64 timeOurs(const QString &driver, const std::function<void(QSqlDatabase &)> &configure,
                const QString &schema, qsizetype *tables)
{
    QElapsedTimer clock;
    clock.start();
    qint64 ms = -1;
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(driver, u"bench_catalog_run"_s);
        configure(database);
        if (database.open()) {
            SchemaCatalog catalog;
            const auto loaded = catalog.tables(database, schema);
            if (loaded) {
                *tables = loaded->size();
                ms = clock.elapsed();
            } else {
                std::fprintf(stderr, "%s\n", qPrintable(loaded.error().advice.text()));
            }
        }
        database.close();
    }
    QSqlDatabase::removeDatabase(u"bench_catalog_run"_s);
    return ms;
}

// The same queries stepped through QtSql without building anything: what the driver costs.
qint64 timeRawQtSql(const QString &file, const QString &sql)
{
    QElapsedTimer clock;
    clock.start();
    qint64 ms = -1;
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"bench_catalog_raw"_s);
        database.setDatabaseName(file);
        if (database.open()) {
            qint64 cells = 0;
            for (const QString &statement : sql.split(u';', Qt::SkipEmptyParts)) {
                if (statement.trimmed().isEmpty())
                    continue;
                QSqlQuery query(database);
                query.setForwardOnly(true);
                if (!query.exec(statement))
                    break;
                const int columns = query.record().count();
                while (query.next()) {
                    for (int i = 0; i < columns; ++i)
                        cells += query.value(i).isValid();
                }
            }
            ms = cells > 0 ? clock.elapsed() : -1;
        }
        database.close();
    }
    QSqlDatabase::removeDatabase(u"bench_catalog_raw"_s);
    return ms;
}

qint64 timeClient(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer clock;
    clock.start();
    process.start(program, arguments);
    if (!process.waitForFinished(600000) || process.exitCode() != 0) {
        std::fprintf(stderr, "%s failed: %s\n", qPrintable(program),
                     process.readAllStandardError().constData());
        return -1;
    }
    return clock.elapsed();
}

void report(const char *engine, const char *client, qint64 ours, qint64 theirs, qsizetype tables)
{
    std::printf("%s: ours %lld ms (%lld tables loaded), %s %lld ms, ratio %.2fx (goal <= 1.5x)\n",
                engine, static_cast<long long>(ours), static_cast<long long>(tables), client,
                static_cast<long long>(theirs), double(ours) / double(std::max<qint64>(theirs, 1)));
}

void benchSqlite(int tableCount)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(u"catalog.db"_s);
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"bench_catalog_setup"_s);
        database.setDatabaseName(file);
        if (!database.open() || !exec(database, u"BEGIN"_s))
            return;
        for (int t = 0; t < tableCount; ++t) {
            if (!exec(database, createTable(u"table_%1"_s.arg(t))))
                return;
        }
        exec(database, u"COMMIT"_s);
        database.close();
    }
    QSqlDatabase::removeDatabase(u"bench_catalog_setup"_s);

    // The same set-based queries our loader runs: columns, foreign keys, statistics.
    const QString sql =
            u"SELECT m.rowid, m.name, m.type FROM sqlite_master AS m "
            "WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'; "
            "SELECT m.rowid, p.name, p.type, p.\"notnull\", p.dflt_value, p.pk "
            "FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p "
            "WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'; "
            "SELECT m.name, f.id, f.\"from\", f.\"table\", f.\"to\" FROM sqlite_master AS m "
            "JOIN pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table';"_s;
    const QString client = QStandardPaths::findExecutable(u"sqlite3"_s);
    qint64 ours = -1;
    qint64 theirs = -1;
    qint64 raw = -1;
    qsizetype tables = 0;
    for (int i = 0; i < Repeats; ++i) {
        const qint64 r = timeRawQtSql(file, sql);
        if (r >= 0)
            raw = raw < 0 ? r : std::min(raw, r);
        const qint64 a = timeOurs(
                u"QSQLITE"_s, [&file](QSqlDatabase &db) { db.setDatabaseName(file); }, u"main"_s,
                &tables);
        if (a >= 0)
            ours = ours < 0 ? a : std::min(ours, a);
        if (!client.isEmpty()) {
            const qint64 b = timeClient(client, {file, sql});
            if (b >= 0)
                theirs = theirs < 0 ? b : std::min(theirs, b);
        }
    }
    std::printf("SQLite: %d tables x %d columns\n", tableCount, Columns);
    std::printf("SQLite: the same queries stepped through QtSql alone: %lld ms\n",
                static_cast<long long>(raw));
    if (theirs < 0)
        std::printf("SQLite: ours %lld ms; sqlite3 not available\n", static_cast<long long>(ours));
    else
        report("SQLite", "sqlite3", ours, theirs, tables);
}

void benchPostgres(const QString &url, int tableCount)
{
    QString password;
    const Result<ConnectionProfile> profile = ConnectionProfile::fromUrl(url, &password);
    if (!profile) {
        std::printf("PostgreSQL: bad SQLMEND_BENCH_PG_URL: %s\n",
                    qPrintable(profile.error().message));
        return;
    }
    if (password.isEmpty())
        password = qEnvironmentVariable("PGPASSWORD");
    const auto configure = [&](QSqlDatabase &db) {
        db.setHostName(profile->host());
        if (profile->port() > 0)
            db.setPort(profile->port());
        db.setDatabaseName(profile->database());
        db.setUserName(profile->user());
        db.setPassword(password);
    };
    const QString schema = u"sqlmend_bench_catalog"_s;
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QPSQL"_s, u"bench_catalog_setup"_s);
        configure(database);
        if (!database.open()) {
            std::printf("PostgreSQL: cannot connect: %s\n",
                        qPrintable(database.lastError().text()));
            return;
        }
        exec(database, u"DROP SCHEMA IF EXISTS %1 CASCADE"_s.arg(schema));
        exec(database, u"CREATE SCHEMA %1"_s.arg(schema));
        // In chunks: one transaction cannot lock 10,000 new tables (max_locks_per_transaction).
        for (int t = 0; t < tableCount; ++t) {
            if (t % 500 == 0 && !exec(database, u"BEGIN"_s))
                return;
            if (!exec(database, createTable(u"%1.table_%2"_s.arg(schema).arg(t)))) {
                exec(database, u"ROLLBACK"_s);
                return;
            }
            if ((t + 1) % 500 == 0 || t + 1 == tableCount)
                exec(database, u"COMMIT"_s);
        }
        database.close();
    }
    QSqlDatabase::removeDatabase(u"bench_catalog_setup"_s);

    // The raw catalog queries, as psql would run them by hand.
    const QString sql =
            u"SELECT c.relname, c.relkind, c.reltuples::bigint, obj_description(c.oid, 'pg_class') "
            "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = "
            "'%1' AND c.relkind IN ('r','p','v','m','f');"
            "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, "
            "pg_get_expr(d.adbin, d.adrelid), col_description(a.attrelid, a.attnum) "
            "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON "
            "n.oid = c.relnamespace LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum "
            "= a.attnum WHERE n.nspname = '%1' AND c.relkind IN ('r','p','v','m','f') AND "
            "a.attnum > 0 AND NOT a.attisdropped;"
            "SELECT c.relname, con.contype, con.conname, k.ord, a.attname FROM pg_constraint con "
            "JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = "
            "c.relnamespace CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, "
            "ord) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum WHERE "
            "n.nspname = '%1' AND con.contype IN ('p','f');"_s.arg(schema);
    const QString psql = QStandardPaths::findExecutable(u"psql"_s);
    qint64 ours = -1;
    qint64 theirs = -1;
    qsizetype tables = 0;
    for (int i = 0; i < Repeats; ++i) {
        const qint64 a = timeOurs(u"QPSQL"_s, configure, schema, &tables);
        if (a >= 0)
            ours = ours < 0 ? a : std::min(ours, a);
        if (!psql.isEmpty()) {
            const qint64 b = timeClient(
                    psql,
                    {u"-X"_s, u"-q"_s, u"-A"_s, u"-t"_s, u"-h"_s, profile->host(), u"-p"_s,
                     QString::number(profile->port() > 0 ? profile->port() : 5432), u"-U"_s,
                     profile->user(), u"-d"_s, profile->database(), u"-c"_s, sql});
            if (b >= 0)
                theirs = theirs < 0 ? b : std::min(theirs, b);
        }
    }
    std::printf("PostgreSQL: %d tables x %d columns\n", tableCount, Columns);
    report("PostgreSQL", "psql", ours, theirs, tables);

    QSqlDatabase database = QSqlDatabase::addDatabase(u"QPSQL"_s, u"bench_catalog_cleanup"_s);
    configure(database);
    if (!database.open())
        return;
    // In chunks again, for the same lock limit.
    for (int t = 0; t < tableCount; t += 500) {
        exec(database, u"BEGIN"_s);
        for (int i = t; i < std::min(tableCount, t + 500); ++i)
            exec(database, u"DROP TABLE IF EXISTS %1.table_%2"_s.arg(schema).arg(i));
        exec(database, u"COMMIT"_s);
    }
    exec(database, u"DROP SCHEMA %1 CASCADE"_s.arg(schema));
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int tables = argc > 1 ? QByteArray(argv[1]).toInt() : 10000;
    benchSqlite(tables);
    const QString pgUrl = qEnvironmentVariable("SQLMEND_BENCH_PG_URL");
    if (pgUrl.isEmpty())
        std::printf("PostgreSQL: skipped (set SQLMEND_BENCH_PG_URL)\n");
    else
        benchPostgres(pgUrl, tables);
    return 0;
}
