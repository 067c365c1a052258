#include "core/exec/executor.h"
#include "tests/integration/datafiles.h"
#include "tests/integration/rundigest.h"
#include "tests/integration/testservers.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

namespace {

struct WriteAttempt
{
    QString id;
    QStringList engines; // "postgresql", "mysql", "mariadb", "sqlite"
    QString sql;
};

QList<WriteAttempt> loadAttempts(QString *error)
{
    QFile file(QStringLiteral(SQLMEND_TEST_DATA_DIR "/write_attempts.tsv"));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"cannot read "_s + file.fileName();
        return {};
    }
    QList<WriteAttempt> attempts;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(u'\n')) {
        if (line.trimmed().isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList fields = line.split(u'\t');
        if (fields.size() < 3)
            continue;
        WriteAttempt attempt;
        attempt.id = fields.at(0);
        attempt.engines = fields.at(1) == u"all"
                ? QStringList{u"postgresql"_s, u"mysql"_s, u"mariadb"_s, u"sqlite"_s}
                : fields.at(1).split(u',');
        attempt.sql = unescapeSqlField(fields.at(2));
        attempts << attempt;
    }
    return attempts;
}

} // namespace

// Every row of tests/data/write_attempts.tsv on SQLite, PostgreSQL and MariaDB through the full
// executor path: once with the guard, once without it (walls 2 and 3 alone, on an account that
// may write). Before and after each row, a digest of every table (and sequences, roles, large
// objects, users, files) must be the same.
class TestWriteAttempts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void guarded_data();
    void guarded();
    void unguarded_data();
    void unguarded();

private:
    void addRows();
    void runRow(GuardMode mode);
    Executor &executor(const QString &engine);
    QString digest(const QString &engine);

    TestServers m_servers;
    QList<WriteAttempt> m_attempts;
    QTemporaryDir m_dir;
    QHash<QString, std::shared_ptr<Executor>> m_executors;
    QHash<QString, QString> m_baseline;
    int m_unguardedSucceeded = 0;
};

void TestWriteAttempts::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);
    QString error;
    m_attempts = loadAttempts(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(m_attempts.size() >= 170, qPrintable(QString::number(m_attempts.size())));

    // The SQLite shop, from the same fixture as the servers'.
    QVERIFY(m_dir.isValid());
    QSqlDatabase sqlite = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"sqlite-admin"_s);
    sqlite.setDatabaseName(m_dir.filePath(u"shop.db"_s));
    QVERIFY(sqlite.open());
    const QString loaded = loadSampleShop(sqlite);
    QVERIFY2(loaded.isEmpty(), qPrintable(loaded));

    const struct
    {
        QString name;
        QString driver;
        QString urlKey;
    } servers[] = {{u"pg-admin"_s, u"QPSQL"_s, u"SQLMEND_PG_ADMIN_URL"_s},
                   {u"maria-admin"_s, u"QMYSQL"_s, u"SQLMEND_MARIADB_ADMIN_URL"_s}};
    for (const auto &server : servers) {
        QSqlDatabase db = QSqlDatabase::addDatabase(server.driver, server.name);
        const ConnectionProfile profile = m_servers.profile(server.urlKey);
        db.setHostName(profile.host());
        db.setPort(profile.port());
        db.setDatabaseName(profile.database());
        db.setUserName(profile.user());
        db.setPassword(m_servers.password());
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
    }
    for (const QString &engine : {u"sqlite"_s, u"postgresql"_s, u"mariadb"_s})
        m_baseline.insert(engine, digest(engine));
}

void TestWriteAttempts::cleanupTestCase()
{
    m_executors.clear();
    for (const QString &name : {u"sqlite-admin"_s, u"pg-admin"_s, u"maria-admin"_s}) {
        QSqlDatabase::database(name, false).close();
        QSqlDatabase::removeDatabase(name);
    }
    qInfo("unguarded runs that ended without an error (and changed nothing): %d",
          m_unguardedSucceeded);
}

Executor &TestWriteAttempts::executor(const QString &engine)
{
    auto &slot = m_executors[engine];
    if (!slot) {
        if (engine == u"sqlite") {
            slot = std::make_shared<Executor>(
                    *ConnectionProfile::fromUrl(u"sqlite://"_s + m_dir.filePath(u"shop.db"_s)));
        } else {
            // The owner may write outside a read-only session: the walls must hold anyway.
            const QString key = engine == u"postgresql" ? u"SQLMEND_PG_OWNER_URL"_s
                                                        : u"SQLMEND_MARIADB_OWNER_URL"_s;
            slot = std::make_shared<Executor>(m_servers.profile(key), m_servers.password());
        }
    }
    return *slot;
}

QString TestWriteAttempts::digest(const QString &engine)
{
    if (engine == u"sqlite") {
        QSqlDatabase db = QSqlDatabase::database(u"sqlite-admin"_s);
        return databaseDigest(db, Engine::SQLite) + u'\n'
                + QDir(m_dir.path()).entryList(QDir::Files).join(u',');
    }
    if (engine == u"postgresql") {
        QSqlDatabase db = QSqlDatabase::database(u"pg-admin"_s);
        return databaseDigest(db, Engine::PostgreSQL);
    }
    QSqlDatabase db = QSqlDatabase::database(u"maria-admin"_s);
    return databaseDigest(db, Engine::MariaDB) + u'\n'
            + QDir(m_servers.value(u"SQLMEND_MARIADB_FILES_DIR"_s))
                      .entryList(QDir::Files)
                      .join(u',');
}

void TestWriteAttempts::addRows()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("applies");
    for (const QString &engine : {u"sqlite"_s, u"postgresql"_s, u"mariadb"_s}) {
        for (const WriteAttempt &attempt : std::as_const(m_attempts)) {
            QTest::addRow("%s %s", qPrintable(engine), qPrintable(attempt.id))
                    << engine << attempt.sql << attempt.engines.contains(engine);
        }
    }
}

void TestWriteAttempts::runRow(GuardMode mode)
{
    QFETCH(QString, engine);
    QFETCH(QString, sql);
    QFETCH(bool, applies);

    RunOptions options;
    options.guard = mode;
    options.timeoutMs = 5000;
    options.maxRows = 10;
    const WaitedRun waited = waitForRun(executor(engine).run(sql, options).result, 30000);
    QVERIFY2(waited.finished, "the run did not end");
    const RunResult &result = waited.result;
    if (mode == GuardMode::Enforce && applies)
        QVERIFY2(result.outcome == RunOutcome::Blocked, qPrintable(describeRun(result)));
    if (result.outcome != RunOutcome::Ok)
        QVERIFY2(result.diagnosis.has_value() || result.outcome == RunOutcome::Cancelled,
                 qPrintable(describeRun(result)));
    if (mode == GuardMode::BypassForWallTests && result.outcome == RunOutcome::Ok)
        ++m_unguardedSucceeded;

    const QString after = digest(engine);
    if (after != m_baseline.value(engine)) {
        const QStringList before = m_baseline.value(engine).split(u'\n');
        QStringList changed;
        for (const QString &line : after.split(u'\n')) {
            if (!before.contains(line))
                changed << line.left(200);
        }
        m_baseline.insert(engine, after); // later rows are judged on their own change
        QFAIL(qPrintable(
                u"the database changed (%1): %2"_s.arg(changed.join(u" / "), describeRun(result))));
    }
}

void TestWriteAttempts::guarded_data()
{
    addRows();
}

void TestWriteAttempts::guarded()
{
    runRow(GuardMode::Enforce);
}

void TestWriteAttempts::unguarded_data()
{
    addRows();
}

void TestWriteAttempts::unguarded()
{
    runRow(GuardMode::BypassForWallTests);
}

QTEST_GUILESS_MAIN(TestWriteAttempts)
#include "tst_writeattempts.moc"
