#include "core/exec/executor.h"
#include "tests/integration/datafiles.h"
#include "tests/integration/rundigest.h"
#include "tests/integration/testservers.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QMap>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

namespace {

struct Row
{
    QString id;
    QStringList engines;
    QString sql;
    bool guardOnly = false; // only the guard can stop it: not run around the guard
};

QList<Row> readRows(const QString &name)
{
    QFile file(QStringLiteral(SQLMEND_TEST_DATA_DIR "/") + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Row> rows;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(u'\n')) {
        if (line.trimmed().isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList fields = line.split(u'\t');
        if (fields.size() < 3)
            continue;
        QStringList engines = fields.at(1) == u"all"
                ? QStringList{u"postgresql"_s, u"mysql"_s, u"mariadb"_s, u"sqlite"_s}
                : fields.at(1).split(u',');
        rows.append({fields.at(0), engines, unescapeSqlField(fields.at(2)),
                     fields.size() > 4 && fields.at(4).trimmed() == u"guard"});
    }
    return rows;
}

// One server configuration the attacks run in, as a privileged login.
struct Target
{
    QString name;   // "postgresql/default", "mariadb/no_backslash_escapes", ...
    QString engine; // the rows' engine column
    QString urlKey; // the executor's login; empty for SQLite
    QString admin;  // the digest connection's name
};

} // namespace

// tests/data/escape_attacks.tsv on SQLite, PostgreSQL and MariaDB, in the default string syntax
// and in the other one (standard_conforming_strings = off, NO_BACKSLASH_ESCAPES), as privileged
// logins, through the guard and around it. After each run a digest of everything a write could
// reach must be unchanged (data, catalog, users, slots, large objects, settings, files), and WAL
// may not grow beyond noise. Then the harmless reads of read_only_queries.tsv run on every
// target: at most 3 of them may fail.
class TestEscapeAttacks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void attacks_data();
    void attacks();
    void harmlessReadsRun();

private:
    Executor &executor(const Target &target);
    QString digest(const Target &target);
    qint64 walBytes();
    QString substitute(QString sql, const Target &target) const;
    QList<Target> targets() const;
    Target target(const QString &name) const;

    TestServers m_servers;
    QTemporaryDir m_dir;   // the SQLite shop
    QTemporaryDir m_files; // what COPY, ATTACH and VACUUM INTO would write into
    QHash<QString, std::shared_ptr<Executor>> m_executors;
    QHash<QString, QString> m_baseline;
    // target -> outcome name -> count, for the summary
    QMap<QString, QMap<QString, int>> m_outcomes;
    qint64 m_largestWalGrowth = 0;
};

QList<Target> TestEscapeAttacks::targets() const
{
    return {
            {u"sqlite/default"_s, u"sqlite"_s, QString(), u"esc-sqlite"_s},
            {u"postgresql/default"_s, u"postgresql"_s, u"SQLMEND_PG_ADMIN_URL"_s, u"esc-pg"_s},
            {u"postgresql/standard_conforming_strings_off"_s, u"postgresql"_s,
             u"SQLMEND_PG_LEGACY_URL"_s, u"esc-pg"_s},
            {u"mariadb/default"_s, u"mariadb"_s, u"SQLMEND_MARIADB_ADMIN_URL"_s, u"esc-maria"_s},
            {u"mariadb/no_backslash_escapes"_s, u"mariadb"_s, u"SQLMEND_MARIADB_NBE_ADMIN_URL"_s,
             u"esc-maria-nbe"_s},
    };
}

Target TestEscapeAttacks::target(const QString &name) const
{
    for (const Target &candidate : targets()) {
        if (candidate.name == name)
            return candidate;
    }
    return {};
}

void TestEscapeAttacks::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);
    QVERIFY(m_dir.isValid());
    QVERIFY(m_files.isValid());
    // The servers run as their own users: the folder must let them write, or an attack that got
    // through would fail for want of permission and prove nothing.
    QVERIFY(QFile::setPermissions(m_files.path(), QFileDevice::Permissions(0x7777)));

    QSqlDatabase sqlite = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"esc-sqlite"_s);
    sqlite.setDatabaseName(m_dir.filePath(u"shop.db"_s));
    QVERIFY(sqlite.open());
    const QString loaded = loadSampleShop(sqlite);
    QVERIFY2(loaded.isEmpty(), qPrintable(loaded));

    const struct
    {
        QString name;
        QString driver;
        QString urlKey;
    } admins[] = {{u"esc-pg"_s, u"QPSQL"_s, u"SQLMEND_PG_ADMIN_URL"_s},
                  {u"esc-maria"_s, u"QMYSQL"_s, u"SQLMEND_MARIADB_ADMIN_URL"_s},
                  {u"esc-maria-nbe"_s, u"QMYSQL"_s, u"SQLMEND_MARIADB_NBE_ADMIN_URL"_s}};
    for (const auto &admin : admins) {
        const ConnectionProfile profile = m_servers.profile(admin.urlKey);
        QVERIFY2(!profile.host().isEmpty(),
                 qPrintable(admin.urlKey + u" is missing: restart the servers fixture"_s));
        QSqlDatabase db = QSqlDatabase::addDatabase(admin.driver, admin.name);
        db.setHostName(profile.host());
        db.setPort(profile.port());
        db.setDatabaseName(profile.database());
        db.setUserName(profile.user());
        db.setPassword(m_servers.password());
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    }
    // The other string syntax really is in force where the escape rows expect it.
    QSqlQuery nbe(QSqlDatabase::database(u"esc-maria-nbe"_s));
    QVERIFY(nbe.exec(u"SELECT @@GLOBAL.sql_mode"_s) && nbe.next());
    QVERIFY2(nbe.value(0).toString().contains(u"NO_BACKSLASH_ESCAPES"_s),
             qPrintable(nbe.value(0).toString()));
    QSqlQuery legacy(QSqlDatabase::database(u"esc-pg"_s));
    QVERIFY(legacy.exec(u"SELECT setconfig::text FROM pg_db_role_setting s JOIN pg_roles r ON "
                        u"r.oid = s.setrole WHERE r.rolname = 'sqlmend_legacy'"_s));
    QVERIFY(legacy.next());
    QVERIFY2(legacy.value(0).toString().contains(u"standard_conforming_strings=off"_s),
             qPrintable(legacy.value(0).toString()));

    for (const Target &each : targets())
        m_baseline.insert(each.name, digest(each));
}

void TestEscapeAttacks::cleanupTestCase()
{
    m_executors.clear();
    for (auto it = m_outcomes.constBegin(); it != m_outcomes.constEnd(); ++it) {
        QStringList parts;
        int total = 0;
        for (auto count = it->constBegin(); count != it->constEnd(); ++count) {
            parts << u"%1 %2"_s.arg(count.value()).arg(count.key());
            total += count.value();
        }
        qInfo("%s: %d runs (%s), no change", qPrintable(it.key()), total,
              qPrintable(parts.join(u", ")));
    }
    qInfo("largest WAL growth during one PostgreSQL run: %lld bytes", m_largestWalGrowth);
    for (const QString &name : {u"esc-sqlite"_s, u"esc-pg"_s, u"esc-maria"_s, u"esc-maria-nbe"_s}) {
        QSqlDatabase::database(name, false).close();
        QSqlDatabase::removeDatabase(name);
    }
}

Executor &TestEscapeAttacks::executor(const Target &target)
{
    auto &slot = m_executors[target.name];
    if (!slot) {
        if (target.engine == u"sqlite") {
            slot = std::make_shared<Executor>(
                    *ConnectionProfile::fromUrl(u"sqlite://"_s + m_dir.filePath(u"shop.db"_s)));
        } else {
            slot = std::make_shared<Executor>(m_servers.profile(target.urlKey),
                                              m_servers.password());
        }
    }
    return *slot;
}

QString TestEscapeAttacks::substitute(QString sql, const Target &target) const
{
    sql.replace(u"{files}"_s, m_files.path());
    sql.replace(u"{mfiles}"_s,
                m_servers.value(target.admin == u"esc-maria-nbe"
                                        ? u"SQLMEND_MARIADB_NBE_FILES_DIR"_s
                                        : u"SQLMEND_MARIADB_FILES_DIR"_s));
    return sql;
}

QString TestEscapeAttacks::digest(const Target &target)
{
    QSqlDatabase db = QSqlDatabase::database(target.admin);
    QStringList parts;
    const auto collect = [&](const QString &sql) {
        QSqlQuery query(db);
        if (!query.exec(sql)) {
            parts << u"error: "_s + query.lastError().text();
            return;
        }
        while (query.next()) {
            QStringList row;
            for (int i = 0; i < query.record().count(); ++i)
                row << query.value(i).toString();
            parts << row.join(u'|');
        }
    };
    const QString files = QDir(m_files.path())
                                  .entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)
                                  .join(u',');
    if (target.engine == u"sqlite") {
        return databaseDigest(db, Engine::SQLite) + u'\n'
                + QDir(m_dir.path()).entryList(QDir::Files).join(u',') + u'\n' + files;
    }
    if (target.engine == u"postgresql") {
        parts << databaseDigest(db, Engine::PostgreSQL);
        collect(u"SELECT slot_name, slot_type, restart_lsn IS NULL FROM pg_replication_slots "
                u"ORDER BY 1"_s);
        collect(u"SELECT roname FROM pg_replication_origin ORDER BY 1"_s);
        collect(u"SELECT count(*), coalesce(sum(length(data)), 0) FROM pg_largeobject"_s);
        collect(u"SELECT pg_read_file('postgresql.auto.conf')"_s);
        collect(u"SELECT d FROM (SELECT pg_ls_dir('pg_snapshots') AS d UNION ALL "
                u"SELECT pg_ls_dir('pg_replslot') UNION ALL "
                u"SELECT pg_ls_dir('pg_logical/snapshots')) s ORDER BY 1"_s);
        collect(u"SELECT grantee, table_name, privilege_type FROM "
                u"information_schema.role_table_grants WHERE grantee = 'PUBLIC' ORDER BY 1, 2, 3"_s);
        collect(u"SELECT relname, relkind FROM pg_class c JOIN pg_namespace n ON "
                u"n.oid = c.relnamespace WHERE nspname = 'public' ORDER BY 1"_s);
        return parts.join(u'\n') + u'\n' + files;
    }
    parts << databaseDigest(db, Engine::MariaDB);
    collect(u"SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES "
            u"WHERE VARIABLE_NAME IN ('MAX_CONNECTIONS', 'GENERAL_LOG', 'READ_ONLY', "
            u"'EVENT_SCHEDULER', 'SQL_MODE', 'LOCAL_INFILE', 'GENERAL_LOG_FILE') ORDER BY 1"_s);
    collect(u"SELECT GRANTEE, PRIVILEGE_TYPE FROM information_schema.USER_PRIVILEGES "
            u"ORDER BY 1, 2"_s);
    collect(u"SELECT GRANTEE, TABLE_SCHEMA, PRIVILEGE_TYPE FROM "
            u"information_schema.SCHEMA_PRIVILEGES ORDER BY 1, 2, 3"_s);
    const QString mariaFiles = target.admin == u"esc-maria-nbe"
            ? m_servers.value(u"SQLMEND_MARIADB_NBE_FILES_DIR"_s)
            : m_servers.value(u"SQLMEND_MARIADB_FILES_DIR"_s);
    return parts.join(u'\n') + u'\n' + QDir(mariaFiles).entryList(QDir::Files).join(u',') + u'\n'
            + files;
}

qint64 TestEscapeAttacks::walBytes()
{
    QSqlQuery query(QSqlDatabase::database(u"esc-pg"_s));
    if (query.exec(u"SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint"_s)
        && query.next()) {
        return query.value(0).toLongLong();
    }
    return -1;
}

void TestEscapeAttacks::attacks_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("guarded");
    const QList<Row> rows = readRows(u"escape_attacks.tsv"_s);
    QVERIFY2(rows.size() >= 80, qPrintable(QString::number(rows.size())));
    // Rows of one target run in file order on one executor, so that a statement that tries to
    // change the session's lexing is followed by the escape that would use it.
    for (const bool guarded : {true, false}) {
        for (const Target &each : targets()) {
            for (const Row &row : rows) {
                if (!row.engines.contains(each.engine) || (!guarded && row.guardOnly))
                    continue;
                QTest::addRow("%s %s %s", guarded ? "guarded" : "unguarded", qPrintable(each.name),
                              qPrintable(row.id))
                        << each.name << row.sql << guarded;
            }
        }
    }
}

void TestEscapeAttacks::attacks()
{
    QFETCH(QString, target);
    QFETCH(QString, sql);
    QFETCH(bool, guarded);
    const Target where = this->target(target);
    RunOptions options;
    options.guard = guarded ? GuardMode::Enforce : GuardMode::BypassForWallTests;
    options.timeoutMs = 5000;
    options.maxRows = 10;
    const qint64 walBefore = where.engine == u"postgresql" ? walBytes() : 0;
    const WaitedRun waited =
            waitForRun(executor(where).run(substitute(sql, where), options).result, 30000);
    QVERIFY2(waited.finished, "the run did not end");
    const RunResult &result = waited.result;
    m_outcomes[target + (guarded ? u" guarded"_s : u" unguarded"_s)]
              [runOutcomeName(result.outcome)]++;
    if (result.outcome != RunOutcome::Ok)
        QVERIFY2(result.diagnosis.has_value() || result.outcome == RunOutcome::Cancelled,
                 qPrintable(describeRun(result)));

    const QString after = digest(where);
    if (after != m_baseline.value(target)) {
        const QString before = m_baseline.value(target);
        m_baseline.insert(target, after); // later rows are judged on their own change
        QStringList changed;
        const QStringList beforeLines = before.split(u'\n');
        for (const QString &line : after.split(u'\n')) {
            if (!beforeLines.contains(line))
                changed << line.left(200);
        }
        QFAIL(qPrintable(
                u"the server changed (%1): %2"_s.arg(changed.join(u" / "), describeRun(result))));
    }
    if (where.engine == u"postgresql") {
        const qint64 growth = walBytes() - walBefore;
        m_largestWalGrowth = qMax(m_largestWalGrowth, growth);
        // A large object write alone wrote 16 MB of WAL; other suites on the same server write
        // a little now and then.
        QVERIFY2(growth < 4 * 1024 * 1024, qPrintable(u"WAL grew by %1 bytes"_s.arg(growth)));
    }
}

void TestEscapeAttacks::harmlessReadsRun()
{
    const QList<Row> rows = readRows(u"read_only_queries.tsv"_s);
    QVERIFY(rows.size() >= 140);
    int runs = 0;
    QStringList failures;
    for (const Target &each : targets()) {
        for (const Row &row : rows) {
            if (!row.engines.contains(each.engine))
                continue;
            ++runs;
            RunOptions options;
            options.timeoutMs = 10000;
            options.maxRows = 50;
            const WaitedRun waited = waitForRun(executor(each).run(row.sql, options).result, 30000);
            if (!waited.finished || !waited.result.isOk())
                failures << u"%1 %2: %3"_s.arg(each.name, row.id, describeRun(waited.result));
        }
    }
    qInfo("harmless reads: %lld of %d failed", qint64(failures.size()), runs);
    for (const QString &failure : std::as_const(failures))
        qInfo("  %s", qPrintable(failure));
    QVERIFY2(failures.size() <= 3, qPrintable(failures.join(u'\n')));
    for (const Target &each : targets()) {
        const QStringList before = m_baseline.value(each.name).split(u'\n');
        QStringList changed;
        for (const QString &line : digest(each).split(u'\n')) {
            if (!before.contains(line))
                changed << line.left(200);
        }
        QVERIFY2(changed.isEmpty(), qPrintable(each.name + u": "_s + changed.join(u" / ")));
    }
}

QTEST_GUILESS_MAIN(TestEscapeAttacks)
#include "tst_escapeattacks.moc"
