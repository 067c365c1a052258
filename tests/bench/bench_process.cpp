// bench_process [version|schema|ask|export|classify|all ...] [--pairs N] [--tables N[,N...]]
//               [--rows N] [--lines N]
// Whole processes, measured from outside as a user runs them: the built sqlmend binary against
// a reference client on the same input, in pairs (the order alternating), each pair's wall time
// and peak RSS taken by wait4(). Prints every pair, then the median, min and max of each side and
// of the pair's ratio. Never fails on time.
//   version  sqlmend --version against psql --version (the psql binary, not Debian's wrapper)
//   schema   sqlmend schema --json against the raw catalog queries in sqlite3 (and in psql with
//            SQLMEND_BENCH_PG_URL=postgresql://user@host:port/db, password in PGPASSWORD), with
//            no catalog cache, for each table count; then from the catalog cache
//   ask      a second sqlmend ask on an unchanged database against the first (a scripted model)
//   export   sqlmend run of 1,000,000 rows x 8 columns (into /dev/null) against sqlite3 -csv:
//            --format csv, the default TSV, --json (rows inside the object) and --format jsonl
//   classify sqlmend classify over 100,000 JSON lines (the error corpus of ../shared/errors
//            repeated) against bench_plainclassify, plain regex rules as a command; then the
//            same with --threads 1
// tests/scripts/servers.sh start DIR starts a throwaway PostgreSQL; its servers.env names the
// URL and the password (sqlmend_admin may create the scratch schema).

#include "core/sql/connectionprofile.h"
#include "tests/bench/catalogfixture.h"
#include "tests/bench/errorcorpus.h"
#include "tests/support/scriptedllmserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

using sqlmend::bench::FixtureColumns;

struct Measure
{
    double ms = -1;
    double rssMb = 0;
    int status = -1;
    bool ok() const { return ms >= 0 && status == 0; }
};

// Peak RSS needs care: Linux starts a child's ru_maxrss at the high-water mark of the memory it
// was forked from, so a child spawned by this process, which holds 50,000-table schemas, would
// report this process's peak. Children are therefore started by a launcher forked at the very
// start, while this process is still small, and driven over two pipes.
class Launcher
{
public:
    // Call first thing in main(), before any thread or large allocation.
    static void start()
    {
        int requests[2], replies[2];
        if (pipe(requests) != 0 || pipe(replies) != 0)
            return;
        const pid_t pid = fork();
        if (pid == 0) {
            close(requests[1]);
            close(replies[0]);
            serve(requests[0], replies[1]);
            _exit(0);
        }
        close(requests[0]);
        close(replies[1]);
        s_requests = requests[1];
        s_replies = replies[0];
    }

    // Runs argv (a full path first) with stdout into out, stdin from in (when given) and stderr
    // dropped, in the given environment; the wall time from spawn to exit, the peak RSS and the
    // exit status.
    static Measure run(const QList<QByteArray> &argv, const QByteArray &out,
                       const QList<QByteArray> &environment, const QByteArray &in = {})
    {
        Measure measure;
        QByteArray request;
        const auto put = [&request](const QList<QByteArray> &list) {
            const quint32 count = quint32(list.size());
            request.append(reinterpret_cast<const char *>(&count), sizeof count);
            for (const QByteArray &item : list) {
                const quint32 size = quint32(item.size());
                request.append(reinterpret_cast<const char *>(&size), sizeof size);
                request.append(item);
            }
        };
        put(argv);
        put({out, in});
        put(environment);
        const quint32 size = quint32(request.size());
        if (s_requests < 0 || !writeAll(s_requests, &size, sizeof size)
            || !writeAll(s_requests, request.constData(), request.size())
            || !readAll(s_replies, &measure, sizeof measure))
            return Measure();
        return measure;
    }

private:
    static bool writeAll(int fd, const void *data, qsizetype size)
    {
        const char *at = static_cast<const char *>(data);
        while (size > 0) {
            const ssize_t written = write(fd, at, size_t(size));
            if (written <= 0)
                return false;
            at += written;
            size -= written;
        }
        return true;
    }
    static bool readAll(int fd, void *data, qsizetype size)
    {
        char *at = static_cast<char *>(data);
        while (size > 0) {
            const ssize_t got = read(fd, at, size_t(size));
            if (got <= 0)
                return false;
            at += got;
            size -= got;
        }
        return true;
    }

    // The launcher's loop: plain POSIX, nothing that allocates much.
    static void serve(int requests, int replies)
    {
        for (;;) {
            quint32 size = 0;
            if (!readAll(requests, &size, sizeof size))
                return;
            std::vector<char> buffer(size);
            if (!readAll(requests, buffer.data(), size))
                return;
            size_t at = 0;
            const auto list = [&] {
                std::vector<std::string> items;
                quint32 count = 0;
                std::memcpy(&count, buffer.data() + at, sizeof count);
                at += sizeof count;
                for (quint32 i = 0; i < count; ++i) {
                    quint32 length = 0;
                    std::memcpy(&length, buffer.data() + at, sizeof length);
                    at += sizeof length;
                    items.emplace_back(buffer.data() + at, length);
                    at += length;
                }
                return items;
            };
            std::vector<std::string> argv = list();
            const std::vector<std::string> files = list();
            const std::string &out = files.at(0);
            const std::string &in = files.at(1);
            std::vector<std::string> environment = list();
            std::vector<char *> args, envp;
            for (std::string &arg : argv)
                args.push_back(arg.data());
            args.push_back(nullptr);
            for (std::string &entry : environment)
                envp.push_back(entry.data());
            envp.push_back(nullptr);

            posix_spawn_file_actions_t actions;
            posix_spawn_file_actions_init(&actions);
            posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                             0644);
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
            if (!in.empty())
                posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
            Measure measure;
            timespec begin = {}, end = {};
            clock_gettime(CLOCK_MONOTONIC, &begin);
            pid_t pid = 0;
            const int spawned =
                    posix_spawn(&pid, args.front(), &actions, nullptr, args.data(), envp.data());
            posix_spawn_file_actions_destroy(&actions);
            int status = 0;
            struct rusage usage = {};
            if (spawned == 0 && wait4(pid, &status, 0, &usage) == pid) {
                clock_gettime(CLOCK_MONOTONIC, &end);
                measure.ms = double(end.tv_sec - begin.tv_sec) * 1e3
                        + double(end.tv_nsec - begin.tv_nsec) / 1e6;
                measure.rssMb = double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
                measure.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            if (!writeAll(replies, &measure, sizeof measure))
                return;
        }
    }

    static inline int s_requests = -1;
    static inline int s_replies = -1;
};

Measure spawn(const QStringList &argv, const QString &out = u"/dev/null"_s,
              const QMap<QString, QString> &environment = {}, const QString &in = {})
{
    QList<QByteArray> arguments;
    for (const QString &argument : argv)
        arguments.append(argument.toLocal8Bit());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (auto it = environment.cbegin(); it != environment.cend(); ++it)
        env.insert(it.key(), it.value());
    QList<QByteArray> entries;
    for (const QString &entry : env.toStringList())
        entries.append(entry.toLocal8Bit());
    const Measure measure = Launcher::run(arguments, out.toLocal8Bit(), entries, in.toLocal8Bit());
    if (measure.ms < 0)
        std::fprintf(stderr, "cannot run %s\n", qPrintable(argv.value(0)));
    return measure;
}

struct Summary
{
    double median = 0;
    double min = 0;
    double max = 0;
};

Summary summarize(QList<double> values)
{
    Summary s;
    if (values.isEmpty())
        return s;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    s.median = n % 2 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2;
    s.min = values.first();
    s.max = values.last();
    return s;
}

// One comparison: pairs of (ours, reference) and their ratios.
class Pairs
{
public:
    Pairs(QString name, QString ours, QString reference, QString goal = {})
        : m_name(std::move(name)),
          m_ours(std::move(ours)),
          m_reference(std::move(reference)),
          m_goal(std::move(goal))
    {
    }

    void add(const Measure &ours, const Measure &reference)
    {
        if (!ours.ok() || !reference.ok()) {
            std::printf("  %s: a run failed (exit %d / %d); pair left out\n", qPrintable(m_name),
                        ours.status, reference.status);
            return;
        }
        m_oursMs.append(ours.ms);
        m_referenceMs.append(reference.ms);
        m_oursMb.append(ours.rssMb);
        m_referenceMb.append(reference.rssMb);
        m_ratios.append(ours.ms / std::max(reference.ms, 0.001));
        m_memoryRatios.append(ours.rssMb / std::max(reference.rssMb, 0.001));
        std::printf("  %s pair %lld: %s %.0f ms %.1f MB, %s %.0f ms %.1f MB, ratio %.2fx\n",
                    qPrintable(m_name), static_cast<long long>(m_ratios.size()), qPrintable(m_ours),
                    ours.ms, ours.rssMb, qPrintable(m_reference), reference.ms, reference.rssMb,
                    m_ratios.last());
        std::fflush(stdout);
    }

    void print() const
    {
        if (m_ratios.isEmpty()) {
            std::printf("%s: no complete pair\n", qPrintable(m_name));
            return;
        }
        const Summary ours = summarize(m_oursMs);
        const Summary reference = summarize(m_referenceMs);
        const Summary ratio = summarize(m_ratios);
        const Summary oursMb = summarize(m_oursMb);
        const Summary referenceMb = summarize(m_referenceMb);
        const Summary memory = summarize(m_memoryRatios);
        std::printf("%s (%lld pairs)\n", qPrintable(m_name),
                    static_cast<long long>(m_ratios.size()));
        std::printf("  %-24s median %8.0f ms (min %.0f, max %.0f), peak RSS median %.1f MB "
                    "(min %.1f, max %.1f)\n",
                    qPrintable(m_ours), ours.median, ours.min, ours.max, oursMb.median, oursMb.min,
                    oursMb.max);
        std::printf("  %-24s median %8.0f ms (min %.0f, max %.0f), peak RSS median %.1f MB "
                    "(min %.1f, max %.1f)\n",
                    qPrintable(m_reference), reference.median, reference.min, reference.max,
                    referenceMb.median, referenceMb.min, referenceMb.max);
        std::printf("  time ratio median %.2fx (min %.2f, max %.2f)%s; memory ratio median %.2fx "
                    "(min %.2f, max %.2f)\n",
                    ratio.median, ratio.min, ratio.max,
                    m_goal.isEmpty() ? "" : qPrintable(u" (goal "_s + m_goal + u')'), memory.median,
                    memory.min, memory.max);
        std::fflush(stdout);
    }

    double medianOursMs() const { return summarize(m_oursMs).median; }
    double medianReferenceMs() const { return summarize(m_referenceMs).median; }

private:
    QString m_name;
    QString m_ours;
    QString m_reference;
    QString m_goal;
    QList<double> m_oursMs, m_referenceMs, m_oursMb, m_referenceMb, m_ratios, m_memoryRatios;
};

// Runs ours and the reference n times, alternating which goes first.
void runPairs(Pairs &pairs, int n, const std::function<Measure()> &ours,
              const std::function<Measure()> &reference)
{
    for (int i = 0; i < n; ++i) {
        Measure a, b;
        if (i % 2 == 0) {
            a = ours();
            b = reference();
        } else {
            b = reference();
            a = ours();
        }
        pairs.add(a, b);
    }
    pairs.print();
}

// How time grows with the tables: ours and the reference, each against its own smallest run.
struct Growth
{
    int tables = 0;
    double oursMs = 0;
    double referenceMs = 0;
};

void printLinearity(const QString &name, const QList<Growth> &runs)
{
    for (qsizetype i = 1; i < runs.size(); ++i) {
        const Growth &small = runs.at(0);
        const Growth &large = runs.at(i);
        std::printf("%s linearity: %.0fx the tables took %.2fx the time (%.3f ms a table at %d, "
                    "%.3f at %d); the reference took %.2fx\n",
                    qPrintable(name), double(large.tables) / small.tables,
                    large.oursMs / std::max(small.oursMs, 0.001), small.oursMs / small.tables,
                    small.tables, large.oursMs / large.tables, large.tables,
                    large.referenceMs / std::max(small.referenceMs, 0.001));
    }
    std::fflush(stdout);
}

QString binary()
{
    return QStringLiteral(SQLMEND_BINARY);
}

QString psqlBinary()
{
    const QString configured = qEnvironmentVariable("SQLMEND_BENCH_PSQL");
    if (!configured.isEmpty())
        return configured;
    // Debian's /usr/bin/psql is a Perl wrapper that adds ~40 ms to every call.
    const QString real = u"/usr/lib/postgresql/15/bin/psql"_s;
    return QFile::exists(real) ? real : QStandardPaths::findExecutable(u"psql"_s);
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

const QString SqliteCatalogQueries =
        u"SELECT m.rowid, m.name, m.type FROM sqlite_master AS m "
        "WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'; "
        "SELECT m.rowid, p.name, p.type, p.\"notnull\", p.dflt_value, p.pk "
        "FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p "
        "WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'; "
        "SELECT m.name, f.id, f.\"from\", f.\"table\", f.\"to\" FROM sqlite_master AS m "
        "JOIN pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table';"_s;

// ---- version -------------------------------------------------------------------------------

void benchVersion(int pairs)
{
    const QString psql = psqlBinary();
    if (psql.isEmpty()) {
        std::printf("version: skipped (no psql binary)\n");
        return;
    }
    Pairs version(u"sqlmend --version vs psql --version"_s, u"sqlmend --version"_s,
                  u"psql --version"_s, u"<= 3x"_s);
    runPairs(
            version, pairs,
            [] {
                return spawn({binary(), u"--version"_s});
            },
            [&psql] {
                return spawn({psql, u"--version"_s});
            });
}

// ---- schema --------------------------------------------------------------------------------

void benchSqliteSchema(const QTemporaryDir &dir, const QList<int> &tableCounts, int pairs)
{
    const QString sqlite3 = QStandardPaths::findExecutable(u"sqlite3"_s);
    if (sqlite3.isEmpty()) {
        std::printf("schema: skipped (no sqlite3)\n");
        return;
    }
    QList<Growth> coldRuns, warmRuns;
    for (const int tables : tableCounts) {
        const QString file = sqlmend::bench::catalogFixture(tables);
        if (file.isEmpty())
            return;
        Pairs cold(u"schema --json, %1 tables x %2 columns, SQLite, no cache"_s.arg(tables).arg(
                           FixtureColumns),
                   u"sqlmend schema --json"_s, u"sqlite3 (raw queries)"_s,
                   u"<= 1.5x, memory <= 3x"_s);
        runPairs(
                cold, pairs,
                [&] {
                    return spawn(
                            {binary(), u"schema"_s, u"--db"_s, u"sqlite://"_s + file, u"--json"_s},
                            u"/dev/null"_s, {{u"SQLMEND_CATALOG_CACHE"_s, QString()}});
                },
                [&] {
                    return spawn({sqlite3, file, SqliteCatalogQueries});
                });
        coldRuns.append({tables, cold.medianOursMs(), cold.medianReferenceMs()});

        const QString cache = dir.filePath(u"cache-%1.sqlite"_s.arg(tables));
        const QMap<QString, QString> cached = {{u"SQLMEND_CATALOG_CACHE"_s, cache}};
        spawn({binary(), u"schema"_s, u"--db"_s, u"sqlite://"_s + file, u"--json"_s},
              u"/dev/null"_s, cached); // fills the cache
        Pairs warm(u"schema --json, %1 tables, SQLite, from the catalog cache"_s.arg(tables),
                   u"sqlmend schema --json"_s, u"sqlite3 (raw queries)"_s);
        runPairs(
                warm, pairs,
                [&] {
                    return spawn(
                            {binary(), u"schema"_s, u"--db"_s, u"sqlite://"_s + file, u"--json"_s},
                            u"/dev/null"_s, cached);
                },
                [&] {
                    return spawn({sqlite3, file, SqliteCatalogQueries});
                });
        warmRuns.append({tables, warm.medianOursMs(), warm.medianReferenceMs()});
    }
    // SQLite's own schema parse grows faster than the tables (its hash tables stop growing at
    // a fixed size), which the reference pays as well; from the cache nothing parses the schema.
    printLinearity(u"schema --json SQLite, no cache"_s, coldRuns);
    printLinearity(u"schema --json SQLite, from the catalog cache"_s, warmRuns);
}

void benchPostgresSchema(const QString &url, QList<int> tableCounts, int pairs)
{
    QString password;
    const auto profile = sqlmend::core::ConnectionProfile::fromUrl(url, &password);
    if (!profile) {
        std::printf("schema PostgreSQL: bad SQLMEND_BENCH_PG_URL: %s\n",
                    qPrintable(profile.error().message));
        return;
    }
    if (password.isEmpty())
        password = qEnvironmentVariable("PGPASSWORD");
    const QString psql = psqlBinary();
    if (psql.isEmpty()) {
        std::printf("schema PostgreSQL: skipped (no psql binary)\n");
        return;
    }
    const QString schema = u"sqlmend_bench_process"_s;
    const auto configure = [&](QSqlDatabase &db) {
        db.setHostName(profile->host());
        if (profile->port() > 0)
            db.setPort(profile->port());
        db.setDatabaseName(profile->database());
        db.setUserName(profile->user());
        db.setPassword(password);
    };
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QPSQL"_s, u"bench_pg_setup"_s);
        configure(database);
        if (!database.open()) {
            std::printf("schema PostgreSQL: cannot connect: %s\n",
                        qPrintable(database.lastError().text()));
            return;
        }
        exec(database, u"DROP SCHEMA IF EXISTS %1 CASCADE"_s.arg(schema));
        exec(database, u"CREATE SCHEMA %1"_s.arg(schema));
        database.close();
    }
    QSqlDatabase::removeDatabase(u"bench_pg_setup"_s);
    // The schema grows from one count to the next.
    std::sort(tableCounts.begin(), tableCounts.end());
    int created = 0;
    const auto grow = [&](int tables) {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QPSQL"_s, u"bench_pg_grow"_s);
        configure(database);
        bool ok = database.open();
        // In chunks: one transaction cannot lock 10,000 new tables (max_locks_per_transaction).
        for (int t = created; ok && t < tables; t += 500) {
            exec(database, u"BEGIN"_s);
            for (int i = t; i < std::min(tables, t + 500); ++i)
                ok = ok
                        && exec(database,
                                sqlmend::bench::createFixtureTable(
                                        u"%1.table_%2"_s.arg(schema).arg(i)));
            exec(database, u"COMMIT"_s);
        }
        exec(database, u"VACUUM ANALYZE pg_catalog.pg_class"_s);
        exec(database, u"VACUUM ANALYZE pg_catalog.pg_attribute"_s);
        database.close();
        database = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"bench_pg_grow"_s);
        if (ok)
            created = tables;
        return ok;
    };
    // The catalog queries our loader runs, as psql runs them.
    const QString sql =
            u"SELECT c.relname, c.relkind, c.reltuples::bigint, obj_description(c.oid, 'pg_class') "
            "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = '%1' AND c.relkind IN ('r','p','v','m','f') AND NOT "
            "c.relispartition;"
            "SELECT c.relname, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), "
            "a.attnotnull, pg_catalog.pg_get_expr(d.adbin, d.adrelid), "
            "pg_catalog.col_description(a.attrelid, a.attnum) FROM pg_catalog.pg_attribute a "
            "JOIN pg_catalog.pg_class c ON c.oid = a.attrelid JOIN pg_catalog.pg_namespace n ON "
            "n.oid = c.relnamespace LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid "
            "AND d.adnum = a.attnum WHERE n.nspname = '%1' AND c.relkind IN ('r','p','v','m','f') "
            "AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped "
            "ORDER BY a.attrelid, a.attnum;"
            "SELECT c.relname, con.contype, con.conname, k.ord, a.attname "
            "FROM pg_catalog.pg_constraint con JOIN pg_catalog.pg_class c ON c.oid = con.conrelid "
            "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace CROSS JOIN LATERAL "
            "unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord) JOIN pg_catalog.pg_attribute a "
            "ON a.attrelid = con.conrelid AND a.attnum = k.attnum WHERE n.nspname = '%1' "
            "AND con.contype IN ('p','f') ORDER BY c.relname, con.conname, k.ord;"_s.arg(schema);
    const QMap<QString, QString> environment = {{u"PGPASSWORD"_s, password},
                                                {u"SQLMEND_CATALOG_CACHE"_s, QString()}};
    QList<Growth> runs;
    for (const int tables : std::as_const(tableCounts)) {
        if (!grow(tables)) {
            std::printf("schema PostgreSQL: could not create %d tables\n", tables);
            break;
        }
        Pairs cold(u"schema --json, %1 tables x %2 columns, PostgreSQL, no cache"_s.arg(tables).arg(
                           FixtureColumns),
                   u"sqlmend schema --json"_s, u"psql (raw queries)"_s, u"<= 1.5x, memory <= 3x"_s);
        runPairs(
                cold, pairs,
                [&] {
                    return spawn({binary(), u"schema"_s, u"--db"_s, url, u"--schema"_s, schema,
                                  u"--json"_s, u"--password-env"_s, u"PGPASSWORD"_s},
                                 u"/dev/null"_s, environment);
                },
                [&] {
                    return spawn(
                            {psql, u"-X"_s, u"-q"_s, u"-A"_s, u"-t"_s, u"-h"_s, profile->host(),
                             u"-p"_s, QString::number(profile->port() > 0 ? profile->port() : 5432),
                             u"-U"_s, profile->user(), u"-d"_s, profile->database(), u"-c"_s, sql},
                            u"/dev/null"_s, environment);
                });
        runs.append({tables, cold.medianOursMs(), cold.medianReferenceMs()});
    }
    printLinearity(u"schema --json PostgreSQL"_s, runs);

    QSqlDatabase database = QSqlDatabase::addDatabase(u"QPSQL"_s, u"bench_pg_cleanup"_s);
    configure(database);
    if (database.open()) {
        for (int t = 0; t < created; t += 500) {
            exec(database, u"BEGIN"_s);
            for (int i = t; i < std::min(created, t + 500); ++i)
                exec(database, u"DROP TABLE IF EXISTS %1.table_%2"_s.arg(schema).arg(i));
            exec(database, u"COMMIT"_s);
        }
        exec(database, u"DROP SCHEMA %1 CASCADE"_s.arg(schema));
        database.close();
    }
    QSqlDatabase::removeDatabase(u"bench_pg_cleanup"_s);
}

// ---- ask -----------------------------------------------------------------------------------

// The scripted model answers on its own thread, so that this one may block in wait4().
class ModelThread : public QThread
{
public:
    void run() override
    {
        sqlmend::test::ScriptedLlmServer server;
        if (server.listen()) {
            for (int i = 0; i < 1000; ++i) {
                server.enqueue(u"/v1/chat/completions"_s,
                               sqlmend::test::ScriptedResponse::json(
                                       200,
                                       sqlmend::test::ScriptedLlmServer::openAiBody(
                                               u"```sql\nSELECT count(*) FROM table_42\n```"_s)));
            }
            m_url = server.url(u"/v1"_s).toString();
        }
        m_ready.release();
        exec();
    }
    QString waitForUrl()
    {
        m_ready.acquire();
        return m_url;
    }

private:
    QSemaphore m_ready;
    QString m_url;
};

// The "catalog" span of the first attempt, from ask's JSON.
double catalogMs(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return -1;
    const QJsonObject json = QJsonDocument::fromJson(in.readAll()).object();
    for (const QJsonValue &attempt : json.value(u"attempts"_s).toArray()) {
        for (const QJsonValue &span : attempt.toObject().value(u"spans"_s).toArray()) {
            const QJsonObject object = span.toObject();
            if (object.value(u"name"_s).toString() == u"catalog")
                return object.value(u"end_ms"_s).toDouble()
                        - object.value(u"start_ms"_s).toDouble();
        }
    }
    return -1;
}

void benchAsk(const QTemporaryDir &dir, int tables, int pairs)
{
    // A copy of its own: nothing else may touch the file the two asks compare on.
    const QString fixture = sqlmend::bench::catalogFixture(tables);
    const QString file = dir.filePath(u"ask-%1.db"_s.arg(tables));
    if (fixture.isEmpty() || !QFile::copy(fixture, file))
        return;
    ModelThread model;
    model.start();
    const QString url = model.waitForUrl();
    if (url.isEmpty()) {
        std::printf("ask: the scripted model could not listen\n");
        return;
    }
    QList<double> firstCatalog, secondCatalog;
    Pairs asks(u"ask on %1 tables: the second process against the first"_s.arg(tables),
               u"second ask"_s, u"first ask"_s);
    for (int i = 0; i < pairs; ++i) {
        const QMap<QString, QString> environment = {
                {u"SQLMEND_CATALOG_CACHE"_s, dir.filePath(u"ask-cache-%1.sqlite"_s.arg(i))},
                {u"SQLMEND_BENCH_KEY"_s, u"key"_s}};
        const auto ask = [&](const QString &out) {
            return spawn({binary(), u"ask"_s, u"--db"_s, u"sqlite://"_s + file, u"--question"_s,
                          u"How many rows has table 42?"_s, u"--llm-url"_s, url, u"--model"_s,
                          u"scripted"_s, u"--api-key-env"_s, u"SQLMEND_BENCH_KEY"_s,
                          u"--no-stream"_s, u"--json"_s},
                         out, environment);
        };
        const QString firstOut = dir.filePath(u"first.json"_s);
        const QString secondOut = dir.filePath(u"second.json"_s);
        const Measure first = ask(firstOut);
        const Measure second = ask(secondOut);
        firstCatalog.append(catalogMs(firstOut));
        secondCatalog.append(catalogMs(secondOut));
        std::printf("  catalog span: first %.0f ms, second %.0f ms\n", firstCatalog.last(),
                    secondCatalog.last());
        asks.add(second, first);
    }
    asks.print();
    const Summary a = summarize(firstCatalog);
    const Summary b = summarize(secondCatalog);
    std::printf("  catalog span: first ask median %.0f ms (min %.0f, max %.0f), second ask median "
                "%.0f ms (min %.0f, max %.0f) (goal <= 100 ms)\n",
                a.median, a.min, a.max, b.median, b.min, b.max);
    model.quit();
    model.wait();
}

// ---- export --------------------------------------------------------------------------------

void benchExport(const QTemporaryDir &dir, qint64 rows, int pairs)
{
    const QString sqlite3 = QStandardPaths::findExecutable(u"sqlite3"_s);
    if (sqlite3.isEmpty()) {
        std::printf("export: skipped (no sqlite3)\n");
        return;
    }
    const QString file = dir.filePath(u"export.db"_s);
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"bench_export_setup"_s);
        database.setDatabaseName(file);
        if (!database.open()
            || !exec(database,
                     u"CREATE TABLE t (id INTEGER, qty INTEGER, price REAL, name TEXT, city TEXT, "
                     "ratio REAL, maybe INTEGER, note TEXT)"_s)
            || !exec(database,
                     u"INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM "
                     "n WHERE i < %1) SELECT i, i % 97, i * 0.25, 'name ' || i, CASE i % 3 WHEN 0 "
                     "THEN 'Berlin' WHEN 1 THEN 'Zoë, \"QC\"' ELSE '北京' END, i / 7.0, CASE WHEN "
                     "i % 5 = 0 THEN NULL ELSE i END, CASE WHEN i % 2 = 0 THEN NULL ELSE 'note ' "
                     "|| i END FROM n"_s.arg(rows)))
            return;
        database.close();
    }
    QSqlDatabase::removeDatabase(u"bench_export_setup"_s);
    QProcess help;
    help.start(binary(), {u"run"_s, u"--help"_s});
    help.waitForFinished();
    const bool hasFormat = help.readAllStandardOutput().contains("--format");
    QList<std::pair<QString, QStringList>> forms;
    if (hasFormat)
        forms.append({u"CSV"_s, {u"--format"_s, u"csv"_s}});
    forms.append({u"TSV (run's text output)"_s, {}});
    forms.append({u"JSON (--json)"_s, {u"--json"_s}});
    if (hasFormat)
        forms.append({u"JSON Lines"_s, {u"--format"_s, u"jsonl"_s}});
    const QString limit = QString::number(rows);
    for (const auto &[name, extra] : std::as_const(forms)) {
        Pairs pair(u"run, %1 rows x 8 columns, %2"_s.arg(rows).arg(name), u"sqlmend run"_s,
                   u"sqlite3 -csv"_s, u"<= 1.2x, <= 64 MB"_s);
        runPairs(
                pair, pairs,
                [&] {
                    return spawn(QStringList{binary(), u"run"_s, u"--db"_s, u"sqlite://"_s + file,
                                             u"--sql"_s, u"SELECT * FROM t"_s, u"--max-rows"_s,
                                             limit}
                                 + extra);
                },
                [&] {
                    return spawn({sqlite3, u"-csv"_s, file, u"SELECT * FROM t"_s});
                });
    }
}

// ---- classify ------------------------------------------------------------------------------

void benchClassify(const QTemporaryDir &dir, int lines, int pairs)
{
    const QString corpusPath = sqlmend::bench::defaultCorpusPath();
    const QList<sqlmend::bench::Sample> samples = sqlmend::bench::loadCorpus(corpusPath);
    if (samples.isEmpty()) {
        std::printf("classify: skipped (no error corpus at %s; set SQLMEND_ERRORS_DIR)\n",
                    qPrintable(corpusPath));
        return;
    }
    // The corpus over and over, as JSON Lines: the input both commands read.
    const QString input = dir.filePath(u"errors.jsonl"_s);
    {
        QFile file(input);
        if (!file.open(QIODevice::WriteOnly))
            return;
        for (int i = 0; i < lines; ++i) {
            const sqlmend::bench::Sample &sample = samples.at(i % samples.size());
            QJsonObject record;
            record.insert(u"engine"_s, sqlmend::core::engineName(sample.error.engine));
            record.insert(u"message"_s, sample.error.rawText());
            if (!sample.code.isEmpty())
                record.insert(u"code"_s, sample.code);
            file.write(QJsonDocument(record).toJson(QJsonDocument::Compact));
            file.write("\n");
        }
    }
    Pairs pair(u"classify, %1 JSON lines (the error corpus repeated)"_s.arg(lines),
               u"sqlmend classify"_s, u"plain regex rules"_s, u">= 1x the throughput"_s);
    runPairs(
            pair, pairs,
            [&] {
                return spawn({binary(), u"classify"_s}, u"/dev/null"_s, {}, input);
            },
            [&] {
                return spawn({QStringLiteral(SQLMEND_PLAIN_CLASSIFY)}, u"/dev/null"_s, {}, input);
            });
    std::printf("  throughput: sqlmend classify %.0f lines/s, plain regex rules %.0f lines/s\n",
                lines * 1000.0 / std::max(pair.medianOursMs(), 0.001),
                lines * 1000.0 / std::max(pair.medianReferenceMs(), 0.001));
    // The same on one thread: what each line costs, whatever the cores.
    Pairs single(u"classify on one thread (--threads 1), %1 JSON lines"_s.arg(lines),
                 u"sqlmend classify --threads 1"_s, u"plain regex rules"_s);
    runPairs(
            single, pairs,
            [&] {
                return spawn({binary(), u"classify"_s, u"--threads"_s, u"1"_s}, u"/dev/null"_s, {},
                             input);
            },
            [&] {
                return spawn({QStringLiteral(SQLMEND_PLAIN_CLASSIFY)}, u"/dev/null"_s, {}, input);
            });
}

} // namespace

int main(int argc, char *argv[])
{
    Launcher::start();
    QCoreApplication app(argc, argv);
    QStringList parts;
    int pairs = 5;
    QList<int> tables = {10000, 50000};
    qint64 rows = 1000000;
    int lines = 100000;
    const QStringList arguments = app.arguments().mid(1);
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == u"--pairs" && i + 1 < arguments.size()) {
            pairs = std::max(1, arguments.at(++i).toInt());
        } else if (argument == u"--tables" && i + 1 < arguments.size()) {
            tables.clear();
            for (const QString &count : arguments.at(++i).split(u','))
                tables.append(std::max(1, count.toInt()));
        } else if (argument == u"--lines" && i + 1 < arguments.size()) {
            lines = std::max(1, arguments.at(++i).toInt());
        } else if (argument == u"--rows" && i + 1 < arguments.size()) {
            rows = std::max<qint64>(1, arguments.at(++i).toLongLong());
        } else {
            parts.append(argument);
        }
    }
    if (parts.isEmpty() || parts.contains(u"all"_s))
        parts = {u"version"_s, u"schema"_s, u"ask"_s, u"export"_s, u"classify"_s};
    QTemporaryDir dir;
    std::printf("bench_process: %s, %d pairs each\n", qPrintable(binary()), pairs);
    if (parts.contains(u"version"_s))
        benchVersion(pairs);
    if (parts.contains(u"schema"_s)) {
        benchSqliteSchema(dir, tables, pairs);
        const QString pg = qEnvironmentVariable("SQLMEND_BENCH_PG_URL");
        if (pg.isEmpty())
            std::printf("schema PostgreSQL: skipped (set SQLMEND_BENCH_PG_URL)\n");
        else
            benchPostgresSchema(pg, tables, pairs);
    }
    if (parts.contains(u"ask"_s))
        benchAsk(dir, tables.first(), pairs);
    if (parts.contains(u"export"_s))
        benchExport(dir, rows, pairs);
    if (parts.contains(u"classify"_s))
        benchClassify(dir, lines, pairs);
    return 0;
}
