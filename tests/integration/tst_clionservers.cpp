#include "tests/integration/testservers.h"
#include "tests/support/cliprocess.h"
#include "tests/support/scriptedllmserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;
using sqlmend::test::ScriptedLlmServer;
using sqlmend::test::ScriptedResponse;

// The command line against the real servers: SIGINT and SIGTERM during run, schema, ask and bench
// cancel the statement on the server and exit 130 / 143 with a message; sqlmend doctor's verdict
// on each of the fixture's accounts; a repair chosen from the server's own error and the live
// catalog's keys.
namespace {
// A database of the network_1 shape, made on both servers for the run of this test.
const QString NetworkDatabase = QStringLiteral("sqlmend_cli_network");
} // namespace

class TestCliOnServers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void interruptCancelsOnTheServer_data();
    void interruptCancelsOnTheServer();
    void doctorVerdicts_data();
    void doctorVerdicts();
    void autofixOnServers_data();
    void autofixOnServers();

private:
    struct Interrupted
    {
        int exitCode = -1;
        qint64 exitMs = -1; // from the signal to the process's end
        QByteArray err;
    };
    Interrupted interrupt(const QStringList &arguments, int signal, int afterMs);
    int activeStatements(const QString &engine, const QString &marker);
    QString spiderSet();
    QProcessEnvironment environment() const;

    TestServers m_servers;
    QTemporaryDir m_dir;
    QSqlDatabase m_pg;
    QSqlDatabase m_maria;
    ScriptedLlmServer m_model;
};

void TestCliOnServers::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);
    QVERIFY(m_dir.isValid());
    QVERIFY(m_model.listen());
    const struct
    {
        QSqlDatabase *db;
        QString driver;
        QString key;
        QString name;
    } admins[] = {{&m_pg, u"QPSQL"_s, u"SQLMEND_PG_ADMIN_URL"_s, u"cli-pg"_s},
                  {&m_maria, u"QMYSQL"_s, u"SQLMEND_MARIADB_ADMIN_URL"_s, u"cli-maria"_s}};
    for (const auto &admin : admins) {
        const ConnectionProfile profile = m_servers.profile(admin.key);
        *admin.db = QSqlDatabase::addDatabase(admin.driver, admin.name);
        admin.db->setHostName(profile.host());
        admin.db->setPort(profile.port());
        admin.db->setDatabaseName(profile.database());
        admin.db->setUserName(profile.user());
        admin.db->setPassword(m_servers.password());
        QVERIFY2(admin.db->open(), qPrintable(admin.db->lastError().text()));
    }
    // Spider's network_1 in a database of its own (the shop's tables stay as every other test
    // knows them): keys of two tables name a high schooler a student.
    const QStringList network{
            u"CREATE TABLE Highschooler (ID INTEGER PRIMARY KEY, name VARCHAR(20), grade INTEGER)"_s,
            u"CREATE TABLE Friend (student_id INTEGER REFERENCES Highschooler (ID), friend_id "
            u"INTEGER REFERENCES Highschooler (ID), PRIMARY KEY (student_id, friend_id))"_s,
            u"CREATE TABLE Likes (student_id INTEGER REFERENCES Highschooler (ID), liked_id "
            u"INTEGER REFERENCES Highschooler (ID), PRIMARY KEY (student_id, liked_id))"_s,
            u"INSERT INTO Highschooler VALUES (1, 'Ann', 9), (2, 'Bo', 10), (3, 'Cy', 9)"_s,
            u"INSERT INTO Friend VALUES (1, 2), (2, 1)"_s,
            u"INSERT INTO Likes VALUES (3, 1)"_s,
    };
    QSqlQuery maria(m_maria);
    for (const QString &statement :
         QStringList{u"DROP DATABASE IF EXISTS %1"_s.arg(NetworkDatabase),
                     u"CREATE DATABASE %1"_s.arg(NetworkDatabase), u"USE %1"_s.arg(NetworkDatabase)}
                 + network
                 + QStringList{
                         u"GRANT SELECT ON %1.* TO sqlmend_ro"_s.arg(NetworkDatabase),
                         u"USE %1"_s.arg(
                                 m_servers.profile(u"SQLMEND_MARIADB_ADMIN_URL"_s).database())})
        QVERIFY2(maria.exec(statement), qPrintable(statement + maria.lastError().text()));
    QSqlQuery pg(m_pg);
    for (const QString &statement :
         {u"DROP DATABASE IF EXISTS %1 WITH (FORCE)"_s.arg(NetworkDatabase),
          u"CREATE DATABASE %1"_s.arg(NetworkDatabase)})
        QVERIFY2(pg.exec(statement), qPrintable(statement + pg.lastError().text()));
    {
        QSqlDatabase db = QSqlDatabase::cloneDatabase(m_pg, u"cli-pg-network"_s);
        db.setDatabaseName(NetworkDatabase);
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
        QSqlQuery query(db);
        for (const QString &statement :
             network + QStringList{u"GRANT SELECT ON ALL TABLES IN SCHEMA public TO sqlmend_ro"_s})
            QVERIFY2(query.exec(statement), qPrintable(statement + query.lastError().text()));
    }
    QSqlDatabase::removeDatabase(u"cli-pg-network"_s);
}

void TestCliOnServers::cleanupTestCase()
{
    if (m_maria.isOpen())
        QSqlQuery(m_maria).exec(u"DROP DATABASE IF EXISTS %1"_s.arg(NetworkDatabase));
    if (m_pg.isOpen())
        QSqlQuery(m_pg).exec(u"DROP DATABASE IF EXISTS %1 WITH (FORCE)"_s.arg(NetworkDatabase));
    m_pg.close();
    m_maria.close();
    m_pg = QSqlDatabase();
    m_maria = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"cli-pg"_s);
    QSqlDatabase::removeDatabase(u"cli-maria"_s);
}

QProcessEnvironment TestCliOnServers::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    sqlmend::test::isolate(env, m_dir.filePath(u"home"_s));
    env.insert(u"SQLMEND_TEST_DB_PASSWORD"_s, m_servers.password());
    env.insert(u"SQLMEND_TEST_KEY"_s, u"test-key"_s);
    return env;
}

TestCliOnServers::Interrupted TestCliOnServers::interrupt(const QStringList &arguments, int signal,
                                                          int afterMs)
{
    Interrupted interrupted;
    QProcess process;
    process.setProcessEnvironment(environment());
    process.start(QStringLiteral(SQLMEND_BINARY), arguments);
    if (!process.waitForStarted(10000))
        return interrupted;
    // The test thread keeps its event loop going: the scripted model lives on it.
    QEventLoop wait;
    QTimer::singleShot(afterMs, &wait, &QEventLoop::quit);
    wait.exec();
    QElapsedTimer sinceSignal;
    sinceSignal.start();
    const qint64 pid = process.processId();
    if (process.state() != QProcess::Running || pid <= 0) {
        // It ended before the signal: nothing was interrupted (and kill(0) would hit us).
        process.waitForFinished();
        interrupted.err = process.readAllStandardError();
        interrupted.exitCode = process.exitCode();
        return interrupted;
    }
    ::kill(pid_t(pid), signal);
    QEventLoop end;
    QObject::connect(&process, &QProcess::finished, &end, &QEventLoop::quit);
    QTimer::singleShot(60000, &end, &QEventLoop::quit);
    if (process.state() != QProcess::NotRunning)
        end.exec();
    interrupted.exitMs = sinceSignal.elapsed();
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
        return interrupted;
    }
    interrupted.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    interrupted.err = process.readAllStandardError();
    return interrupted;
}

int TestCliOnServers::activeStatements(const QString &engine, const QString &marker)
{
    QSqlQuery query(engine == u"postgresql" ? m_pg : m_maria);
    const QString sql = engine == u"postgresql"
            ? u"SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> "
              "pg_backend_pid() AND query LIKE '%%%1%%'"_s.arg(marker)
            : u"SELECT count(*) FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query' "
              "AND ID <> CONNECTION_ID() AND INFO LIKE '%%%1%%'"_s.arg(marker);
    if (!query.exec(sql) || !query.next())
        return -1;
    return query.value(0).toInt();
}

// A Spider-format set of one SQLite database and one question, made here.
QString TestCliOnServers::spiderSet()
{
    const QString set = m_dir.filePath(u"spider"_s);
    const QString file = set + u"/database/shop/shop.sqlite"_s;
    if (QFile::exists(file))
        return set;
    QDir().mkpath(QFileInfo(file).absolutePath());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"spider"_s);
        db.setDatabaseName(file);
        if (db.open()) {
            QSqlQuery(u"CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)"_s, db);
            QSqlQuery(u"INSERT INTO customers VALUES (1, 'Ann'), (2, 'Bob')"_s, db);
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(u"spider"_s);
    QFile dev(set + u"/dev.json"_s);
    if (dev.open(QIODevice::WriteOnly)) {
        dev.write(R"([{"db_id": "shop", "question": "How many customers?",
                       "query": "SELECT count(*) FROM customers"}])");
    }
    return set;
}

void TestCliOnServers::interruptCancelsOnTheServer_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("signal");
    QTest::addColumn<QString>("marker"); // what the running statement's text contains
    for (const int signal : {SIGINT, SIGTERM}) {
        const char *name = signal == SIGINT ? "SIGINT" : "SIGTERM";
        for (const QString &engine : {u"postgresql"_s, u"mariadb"_s, u"sqlite"_s}) {
            for (const QString &command : {u"run"_s, u"ask"_s, u"schema"_s, u"bench"_s}) {
                // A catalog load can be held up on PostgreSQL only (a lock on a catalog table);
                // the benchmark with a model runs Spider's SQLite files.
                if ((command == u"schema" && engine != u"postgresql")
                    || (command == u"bench" && engine != u"sqlite"))
                    continue;
                QTest::addRow("%s %s %s", qPrintable(command), qPrintable(engine), name)
                        << engine << command << signal << u"sqlmend_sleep_%1"_s.arg(signal);
            }
        }
    }
}

void TestCliOnServers::interruptCancelsOnTheServer()
{
    QFETCH(QString, engine);
    QFETCH(QString, command);
    QFETCH(int, signal);
    QFETCH(QString, marker);

    QString url;
    QString sleep;
    if (engine == u"postgresql") {
        url = m_servers.value(u"SQLMEND_PG_RO_URL"_s);
        sleep = u"SELECT pg_sleep(60) AS %1"_s.arg(marker);
    } else if (engine == u"mariadb") {
        url = m_servers.value(u"SQLMEND_MARIADB_RO_URL"_s);
        sleep = u"SELECT SLEEP(60) AS %1"_s.arg(marker);
    } else {
        const QString path = m_dir.filePath(u"numbers.db"_s);
        if (!QFile::exists(path)) {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"numbers"_s);
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery(u"CREATE TABLE n (x INTEGER)"_s, db);
            db.close();
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(u"numbers"_s);
        }
        url = u"sqlite://"_s + path;
        sleep = u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT "
                "count(*) AS %1 FROM c"_s.arg(marker);
    }
    QStringList arguments{command, u"--db"_s, url};
    if (engine != u"sqlite")
        arguments << u"--password-env"_s << u"SQLMEND_TEST_DB_PASSWORD"_s;
    if (command == u"run") {
        arguments << u"--sql"_s << sleep << u"--timeout-ms"_s << u"120000"_s << u"--no-dry-run"_s;
    } else if (command == u"ask") {
        m_model.enqueue(
                u"/v1/chat/completions"_s,
                ScriptedResponse::json(
                        200, ScriptedLlmServer::openAiBody(u"```sql\n"_s + sleep + u"\n```"_s)));
        arguments << u"--question"_s << u"How long is a minute?"_s << u"--llm-url"_s
                  << m_model.url(u"/v1"_s).toString() << u"--model"_s << u"scripted"_s
                  << u"--api-key-env"_s << u"SQLMEND_TEST_KEY"_s << u"--no-stream"_s
                  << u"--timeout-ms"_s << u"120000"_s;
    } else if (command == u"bench") {
        // One question whose model answer never ends; an empty queue after it stops the run.
        m_model.enqueue(
                u"/v1/chat/completions"_s,
                ScriptedResponse::json(
                        200, ScriptedLlmServer::openAiBody(u"```sql\n"_s + sleep + u"\n```"_s)));
        arguments = QStringList{u"bench"_s,         u"correction"_s,
                                u"--spider"_s,      spiderSet(),
                                u"--llm-url"_s,     m_model.url(u"/v1"_s).toString(),
                                u"--model"_s,       u"scripted"_s,
                                u"--api-key-env"_s, u"SQLMEND_TEST_KEY"_s,
                                u"--no-stream"_s,   u"--json"_s};
    } else {
        // A catalog load held up by a lock on a catalog table its first query reads.
        QSqlQuery lock(m_pg);
        QVERIFY(lock.exec(u"BEGIN"_s));
        QVERIFY2(lock.exec(u"LOCK TABLE pg_catalog.pg_description IN ACCESS EXCLUSIVE MODE"_s),
                 qPrintable(lock.lastError().text()));
        const Interrupted interrupted = interrupt(arguments, signal, 1500);
        const int waiting = activeStatements(engine, u"obj_description"_s);
        QVERIFY(lock.exec(u"ROLLBACK"_s));
        QCOMPARE(interrupted.exitCode, 128 + signal);
        QVERIFY2(interrupted.err.contains("cancel"), interrupted.err.constData());
        QCOMPARE(waiting, 0);
        qInfo("%s %s: exited %lld ms after the signal", qPrintable(command), qPrintable(engine),
              interrupted.exitMs);
        return;
    }

    const Interrupted interrupted = interrupt(arguments, signal, 2000);
    QVERIFY2(interrupted.exitCode == 128 + signal,
             qPrintable(u"exit %1: %2"_s.arg(interrupted.exitCode)
                                .arg(QString::fromUtf8(interrupted.err))));
    QVERIFY2(interrupted.err.contains("cancel"), interrupted.err.constData());
    if (engine != u"sqlite")
        QCOMPARE(activeStatements(engine, marker), 0);
    qInfo("%s %s: exited %lld ms after the signal", qPrintable(command), qPrintable(engine),
          interrupted.exitMs);
}

void TestCliOnServers::doctorVerdicts_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("mustFlag"); // a check id that must be a warning or danger
    QTest::newRow("postgresql admin") << u"SQLMEND_PG_ADMIN_URL"_s << u"unsafe"_s << u"superuser"_s;
    QTest::newRow("postgresql legacy")
            << u"SQLMEND_PG_LEGACY_URL"_s << u"unsafe"_s << u"superuser"_s;
    QTest::newRow("postgresql owner")
            << u"SQLMEND_PG_OWNER_URL"_s << u"caution"_s << u"write_grants"_s;
    QTest::newRow("postgresql ro") << u"SQLMEND_PG_RO_URL"_s << u"safe"_s << QString();
    QTest::newRow("postgresql nogrant") << u"SQLMEND_PG_NOGRANT_URL"_s << u"safe"_s << QString();
    QTest::newRow("mariadb admin")
            << u"SQLMEND_MARIADB_ADMIN_URL"_s << u"unsafe"_s << u"server_privileges"_s;
    QTest::newRow("mariadb owner")
            << u"SQLMEND_MARIADB_OWNER_URL"_s << u"caution"_s << u"write_grants"_s;
    QTest::newRow("mariadb ro") << u"SQLMEND_MARIADB_RO_URL"_s << u"safe"_s << QString();
    // MariaDB lets it connect to no database at all: nothing can be checked.
    QTest::newRow("mariadb nogrant")
            << u"SQLMEND_MARIADB_NOGRANT_URL"_s << u"unknown"_s << QString();
}

void TestCliOnServers::doctorVerdicts()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, verdict);
    QFETCH(QString, mustFlag);
    sqlmend::test::CliOptions options;
    options.environment = environment();
    const sqlmend::test::CliRun run =
            sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY),
                                  {u"doctor"_s, u"--db"_s, m_servers.value(urlKey),
                                   u"--password-env"_s, u"SQLMEND_TEST_DB_PASSWORD"_s, u"--json"_s},
                                  options);
    QVERIFY2(!run.json.isEmpty(), run.err.constData());
    QCOMPARE(run.json.value(u"verdict"_s).toString(), verdict);
    QCOMPARE(run.exitCode, verdict == u"safe" ? 0 : 1);
    QStringList flagged;
    bool readOnlyRefused = false;
    for (const QJsonValue &value : run.json.value(u"checks"_s).toArray()) {
        const QJsonObject check = value.toObject();
        const QString status = check.value(u"status"_s).toString();
        if (status == u"warning" || status == u"danger")
            flagged << check.value(u"id"_s).toString();
        if (check.value(u"id"_s).toString() == u"read_only_session" && status == u"ok")
            readOnlyRefused = true;
        if (status != u"ok" && status != u"info")
            QVERIFY(!check.value(u"advice"_s).toString().isEmpty());
    }
    if (!mustFlag.isEmpty())
        QVERIFY2(flagged.contains(mustFlag), qPrintable(flagged.join(u", ")));
    if (verdict == u"safe")
        QVERIFY2(flagged.isEmpty(), qPrintable(flagged.join(u", ")));
    if (verdict != u"unknown")
        QVERIFY2(readOnlyRefused, run.out.constData());
    else
        QVERIFY(run.json.value(u"summary"_s).toString().contains(u"denied"_s));
    qInfo("%s: %s (%s)", qPrintable(urlKey), qPrintable(verdict),
          qPrintable(flagged.isEmpty() ? u"nothing flagged"_s : flagged.join(u", ")));

    // The same verdict for people.
    const sqlmend::test::CliRun text =
            sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY),
                                  {u"doctor"_s, u"--db"_s, m_servers.value(urlKey),
                                   u"--password-env"_s, u"SQLMEND_TEST_DB_PASSWORD"_s},
                                  options);
    QVERIFY2(text.out.toLower().startsWith(verdict.toUtf8()), text.out.constData());
}

// Repairs through sqlmend run --autofix on the real servers, each from the engine's own message:
// a table named but not read (with the live catalog's keys), the clause a syntax error stopped at
// (on PostgreSQL the guard's reading with the server's grammar, on MariaDB the server's), and an
// aggregate PostgreSQL places in the outer query. MariaDB takes max(o.total) in the subquery as the
// subquery's own (each outer row's total) and runs the statement, so it has no row of that kind.
void TestCliOnServers::autofixOnServers_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("repaired");
    QTest::addColumn<QStringList>("firstColumn");
    const QString pg = u"SQLMEND_PG_RO_URL"_s;
    const QString maria = u"SQLMEND_MARIADB_RO_URL"_s;
    const QString misplaced =
            u"SELECT user_id, COUNT(*) FROM orders GROUP BY user_id WHERE total > 20 ORDER BY "
            u"user_id"_s;
    const QString ordered =
            u"SELECT user_id, COUNT(*) FROM orders WHERE total > 20 GROUP BY user_id ORDER BY "
            u"user_id"_s;
    // A table named but not read, joined on the one foreign key onto it (the live catalog's keys):
    // PostgreSQL calls it a missing FROM-clause entry, MariaDB an unknown column.
    const QString named = u"SELECT users.username, total FROM orders WHERE total > 20 ORDER BY "
                          u"orders.id"_s;
    const QString joined = u"SELECT users.username, total FROM orders LEFT JOIN users ON "
                           u"orders.user_id = users.id WHERE total > 20 ORDER BY orders.id"_s;
    const QStringList names{u"ana"_s, u"ana"_s, u"dara"_s};
    QTest::newRow("postgresql: a table named but not read")
            << pg << named << u"table_missing"_s << u"join_named_table"_s << joined << names;
    QTest::newRow("mariadb: a table named but not read")
            << maria << named << u"column_missing"_s << u"join_named_table"_s << joined << names;
    // A column its qualifier's table (a link of an order and a product) lacks, read from the table
    // its one key with that column leads to. With the link alone in FROM, join_referenced_table
    // takes it first.
    const QString through =
            u"SELECT oi.name, oi.quantity, o.status FROM order_items oi JOIN orders o ON o.id = "
            u"oi.order_id WHERE oi.quantity > 1 ORDER BY oi.order_id"_s;
    const QString throughJoined =
            u"SELECT products.name, oi.quantity, o.status FROM order_items oi JOIN orders o ON "
            u"o.id = oi.order_id LEFT JOIN products ON oi.product_id = products.id WHERE "
            u"oi.quantity > 1 ORDER BY oi.order_id"_s;
    const QStringList items{u"Notebook"_s, u"Notebook"_s};
    QTest::newRow("postgresql: a column its qualifier's table lacks")
            << pg << through << u"column_missing"_s << u"join_through_key"_s << throughJoined
            << items;
    QTest::newRow("mariadb: a column its qualifier's table lacks")
            << maria << through << u"column_missing"_s << u"join_through_key"_s << throughJoined
            << items;
    // A join on a column orders lacks, which order_items, the one table that pairs orders with
    // products, holds as its key onto products.id: read from it, joined after orders (in
    // parentheses with it where orders is joined second).
    const QString linkFirst =
            u"SELECT p.name, o.id FROM orders o JOIN products p ON o.product_id = "
            u"p.id WHERE o.total > 30 ORDER BY o.id, p.name"_s;
    const QString linkFirstJoined =
            u"SELECT p.name, o.id FROM orders o JOIN order_items ON o.id = order_items.order_id "
            u"JOIN products p ON order_items.product_id = p.id WHERE o.total > 30 ORDER BY o.id, "
            u"p.name"_s;
    const QStringList linkFirstNames{u"Kettle"_s, u"Teapot"_s, u"Desk lamp"_s};
    const QString linkSecond = u"SELECT DISTINCT p.name FROM products p JOIN orders o ON "
                               u"o.product_id = p.id WHERE o.status = 'paid' ORDER BY p.name"_s;
    const QString linkSecondJoined =
            u"SELECT DISTINCT p.name FROM products p JOIN (orders o JOIN order_items ON o.id = "
            u"order_items.order_id) ON order_items.product_id = p.id WHERE o.status = 'paid' ORDER "
            u"BY p.name"_s;
    const QStringList linkSecondNames{u"Kettle"_s, u"Notebook"_s, u"Teapot"_s};
    for (const QString &server : {pg, maria}) {
        const QString engine = server == pg ? u"postgresql"_s : u"mariadb"_s;
        QTest::newRow(qPrintable(engine + u": a join on a column a link holds"_s))
                << server << linkFirst << u"column_missing"_s << u"join_through_link"_s
                << linkFirstJoined << linkFirstNames;
        QTest::newRow(qPrintable(engine + u": the same, the table joined second"_s))
                << server << linkSecond << u"column_missing"_s << u"join_through_link"_s
                << linkSecondJoined << linkSecondNames;
    }
    // A column users lacks, named as every key onto its id is (orders.user_id), on the left of an
    // IN whose subquery selects that key: the users' own id.
    const QString referenced = u"SELECT username FROM users WHERE user_id IN (SELECT user_id FROM "
                               u"orders WHERE total > 30) ORDER BY username"_s;
    const QString keyed = u"SELECT username FROM users WHERE id IN (SELECT user_id FROM orders "
                          u"WHERE total > 30) ORDER BY username"_s;
    QTest::newRow("postgresql: a key's name on the table it refers to")
            << pg << referenced << u"column_missing"_s << u"referenced_key"_s << keyed
            << QStringList{u"ana"_s};
    QTest::newRow("mariadb: a key's name on the table it refers to")
            << maria << referenced << u"column_missing"_s << u"referenced_key"_s << keyed
            << QStringList{u"ana"_s};
    // The same name as a member of EXCEPT: the key keeps the name, which PostgreSQL's ORDER BY of
    // a compound reads from the first member's result.
    const QString member =
            u"SELECT user_id FROM users EXCEPT SELECT user_id FROM orders ORDER BY user_id"_s;
    const QString memberKeyed =
            u"SELECT id AS user_id FROM users EXCEPT SELECT user_id FROM orders ORDER BY user_id"_s;
    QTest::newRow("postgresql: a key's name as a member of EXCEPT")
            << pg << member << u"column_missing"_s << u"referenced_key"_s << memberKeyed
            << QStringList{u"3"_s};
    QTest::newRow("mariadb: a key's name as a member of EXCEPT")
            << maria << member << u"column_missing"_s << u"referenced_key"_s << memberKeyed
            << QStringList{u"3"_s};
    // No table student: the keys of Friend and Likes named for it both refer to Highschooler
    // (which PostgreSQL folds to lower case). MariaDB names the database before the table (Table
    // 'db.student' doesn't exist).
    const QString student = u"SELECT name FROM student WHERE ID NOT IN (SELECT student_id FROM "
                            u"Friend) ORDER BY name"_s;
    const QString highschooler = u"SELECT name FROM Highschooler WHERE ID NOT IN (SELECT "
                                 u"student_id FROM Friend) ORDER BY name"_s;
    QTest::newRow("postgresql: a table the keys are named for")
            << pg + u'#' + NetworkDatabase << student << u"table_missing"_s
            << u"table_named_by_keys"_s
            << u"SELECT name FROM highschooler WHERE ID NOT IN (SELECT student_id FROM Friend) "
               u"ORDER BY name"_s
            << QStringList{u"Cy"_s};
    QTest::newRow("mariadb: a table the keys are named for")
            << maria + u'#' + NetworkDatabase << student << u"table_missing"_s
            << u"table_named_by_keys"_s << highschooler << QStringList{u"Cy"_s};
    QTest::newRow("postgresql: a WHERE after GROUP BY")
            << pg << misplaced << u"syntax"_s << u"clause_order"_s << ordered
            << QStringList{u"1"_s, u"4"_s};
    QTest::newRow("mariadb: a WHERE after GROUP BY")
            << maria << misplaced << u"syntax"_s << u"clause_order"_s << ordered
            << QStringList{u"1"_s, u"4"_s};
    QTest::newRow("postgresql: the outer alias in a subquery's MAX")
            << pg
            << u"SELECT o.id FROM orders AS o WHERE o.total = (SELECT max(o.total) FROM orders)"_s
            << u"group_by"_s << u"subquery_aggregate"_s
            << u"SELECT o.id FROM orders AS o WHERE o.total = (SELECT max(orders.total) FROM "
               u"orders)"_s
            << QStringList{u"1"_s};
    // ana has two orders, everyone else one.
    QTest::newRow("postgresql: a ranking by a count without GROUP BY")
            << pg
            << u"SELECT u.username FROM users AS u JOIN orders AS o ON o.user_id = u.id ORDER BY "
               u"count(*) DESC LIMIT 1"_s
            << u"group_by"_s << u"group_by_selected"_s
            << u"SELECT u.username FROM users AS u JOIN orders AS o ON o.user_id = u.id GROUP BY "
               u"u.username ORDER BY count(*) DESC LIMIT 1"_s
            << QStringList{u"ana"_s};
    QTest::newRow("postgresql: Oracle's MINUS")
            << pg << u"SELECT id FROM orders MINUS SELECT id FROM orders WHERE total > 20"_s
            << u"syntax"_s << u"minus_to_except"_s
            << u"SELECT id FROM orders EXCEPT SELECT id FROM orders WHERE total > 20"_s
            << QStringList{u"3"_s, u"5"_s};
    QTest::newRow("postgresql: SELECT TOP n")
            << pg << u"SELECT TOP 2 id FROM orders ORDER BY total DESC"_s << u"syntax"_s
            << u"top_to_limit"_s << u"SELECT id FROM orders ORDER BY total DESC LIMIT 2"_s
            << QStringList{u"1"_s, u"2"_s};
    QTest::newRow("postgresql: a lead-in before the statement")
            << pg << u"Here is the query you asked for:\nselect id from orders where total > 20"_s
            << u"syntax"_s << u"cut_leading_prose"_s << u"select id from orders where total > 20"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("postgresql: prose after the statement")
            << pg << u"SELECT id FROM orders WHERE total > 20 This query lists the big orders"_s
            << u"syntax"_s << u"cut_trailing_prose"_s << u"SELECT id FROM orders WHERE total > 20"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("postgresql: a note after the statement")
            << pg << u"SELECT id FROM orders WHERE total > 20 Note: it lists the big orders"_s
            << u"syntax"_s << u"cut_trailing_prose"_s << u"SELECT id FROM orders WHERE total > 20"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("postgresql: an alias of several words")
            << pg
            << u"SELECT user_id, COUNT(*) AS orders placed FROM orders GROUP BY user_id ORDER BY "
               u"user_id"_s
            << u"syntax"_s << u"quote_alias"_s
            << u"SELECT user_id, COUNT(*) AS \"orders placed\" FROM orders GROUP BY user_id ORDER "
               u"BY user_id"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s, u"5"_s};
    QTest::newRow("mariadb: an alias of several words")
            << maria
            << u"SELECT user_id, COUNT(*) AS orders placed FROM orders GROUP BY user_id ORDER BY "
               u"user_id"_s
            << u"syntax"_s << u"quote_alias"_s
            << u"SELECT user_id, COUNT(*) AS `orders placed` FROM orders GROUP BY user_id ORDER BY "
               u"user_id"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s, u"5"_s};
    QTest::newRow("postgresql: a qualifier and its column without the dot")
            << pg << u"SELECT o.id FROM orders o WHERE o total > 20 ORDER BY o.id"_s << u"syntax"_s
            << u"qualifier_dot"_s << u"SELECT o.id FROM orders o WHERE o.total > 20 ORDER BY o.id"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("mariadb: a qualifier and its column without the dot")
            << maria << u"SELECT o.id FROM orders o WHERE o total > 20 ORDER BY o.id"_s
            << u"syntax"_s << u"qualifier_dot"_s
            << u"SELECT o.id FROM orders o WHERE o.total > 20 ORDER BY o.id"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("postgresql: MySQL's LIMIT offset, count")
            << pg << u"SELECT id FROM orders ORDER BY id LIMIT 1, 2"_s << u"syntax"_s
            << u"limit_offset_comma"_s << u"SELECT id FROM orders ORDER BY id LIMIT 2 OFFSET 1"_s
            << QStringList{u"2"_s, u"3"_s};
    // PostgreSQL's strings take no backslash escapes: 'O\'Brien' ends at the backslash's quote.
    QTest::newRow("postgresql: MySQL's \\' inside a string")
            << pg << u"SELECT id FROM users WHERE username <> 'O\\'Brien' AND id < 3 ORDER BY id"_s
            << u"syntax"_s << u"backslash_quote"_s
            << u"SELECT id FROM users WHERE username <> 'O''Brien' AND id < 3 ORDER BY id"_s
            << QStringList{u"1"_s, u"2"_s};
    // MariaDB quotes the statement from where it stopped, where the others name one token.
    QTest::newRow("mariadb: SELECT TOP n")
            << maria << u"SELECT TOP 2 id FROM orders ORDER BY total DESC"_s << u"syntax"_s
            << u"top_to_limit"_s << u"SELECT id FROM orders ORDER BY total DESC LIMIT 2"_s
            << QStringList{u"1"_s, u"2"_s};
    QTest::newRow("mariadb: a lead-in before the statement")
            << maria
            << u"Here is the query you asked for:\nselect id from orders where total > 20"_s
            << u"syntax"_s << u"cut_leading_prose"_s << u"select id from orders where total > 20"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("mariadb: prose after the statement")
            << maria << u"SELECT id FROM orders WHERE total > 20 This query lists the big orders"_s
            << u"syntax"_s << u"cut_trailing_prose"_s << u"SELECT id FROM orders WHERE total > 20"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("mariadb: a note after the statement")
            << maria << u"SELECT id FROM orders WHERE total > 20 Note: it lists the big orders"_s
            << u"syntax"_s << u"cut_trailing_prose"_s << u"SELECT id FROM orders WHERE total > 20"_s
            << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("postgresql: a run-on that repeats the statement")
            << pg
            << u"SELECT id FROM orders WHERE total > 20 SELECT id FROM orders WHERE total > 20"_s
            << u"syntax"_s << u"cut_second_statement"_s
            << u"SELECT id FROM orders WHERE total > 20"_s << QStringList{u"1"_s, u"2"_s, u"4"_s};
    QTest::newRow("mariadb: a run-on that repeats the statement")
            << maria
            << u"SELECT id FROM orders WHERE total > 20 SELECT id FROM orders WHERE total > 20"_s
            << u"syntax"_s << u"cut_second_statement"_s
            << u"SELECT id FROM orders WHERE total > 20"_s << QStringList{u"1"_s, u"2"_s, u"4"_s};
}

void TestCliOnServers::autofixOnServers()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, sql);
    QFETCH(QString, errorClass);
    QFETCH(QString, step);
    QFETCH(QString, repaired);
    QFETCH(QStringList, firstColumn);
    sqlmend::test::CliOptions options;
    options.environment = environment();
    // "KEY#database": the server's URL for another database.
    QString url = m_servers.value(urlKey.section(u'#', 0, 0));
    if (urlKey.contains(u'#'))
        url = url.section(u'/', 0, -2) + u'/' + urlKey.section(u'#', 1);
    const sqlmend::test::CliRun run = sqlmend::test::runCli(
            QStringLiteral(SQLMEND_BINARY),
            {u"run"_s, u"--db"_s, url, u"--password-env"_s, u"SQLMEND_TEST_DB_PASSWORD"_s,
             u"--sql"_s, sql, u"--json"_s, u"--autofix"_s},
            options);
    QVERIFY2(!run.json.isEmpty(), run.err.constData());
    const QJsonArray attempts = run.json.value(u"attempts"_s).toArray();
    QVERIFY2(attempts.size() == 2, QJsonDocument(run.json).toJson().constData());
    QCOMPARE(attempts.at(0).toObject().value(u"error"_s).toObject().value(u"class"_s).toString(),
             errorClass);
    const QJsonObject attempt = attempts.at(1).toObject();
    QCOMPARE(attempt.value(u"origin"_s).toString(), u"autofix:"_s + step);
    QCOMPARE(attempt.value(u"sql"_s).toString(), repaired);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.json.value(u"status"_s).toString(), u"ok"_s);
    QStringList values;
    for (const QJsonValue &row : run.json.value(u"rows"_s).toArray())
        values << row.toArray().at(0).toVariant().toString();
    QCOMPARE(values, firstColumn);
}

QTEST_GUILESS_MAIN(TestCliOnServers)
#include "tst_clionservers.moc"
