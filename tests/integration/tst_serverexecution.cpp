#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "tests/integration/rundigest.h"
#include "tests/integration/testservers.h"

#include <QTest>
#include <QThread>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// The executor against real PostgreSQL 15 and MariaDB servers: the read-only session, the
// server-side timeout, the cancel that reaches the server, and errors through the pipeline.
class TestServerExecution : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void selects_data();
    void selects();
    void capsRows_data();
    void capsRows();
    void sessionWallStopsSideEffects_data();
    void sessionWallStopsSideEffects();
    void timesOut_data();
    void timesOut();
    void cancelReachesServer_data();
    void cancelReachesServer();
    void classifiesServerErrors_data();
    void classifiesServerErrors();
    void checksAnswers_data();
    void checksAnswers();

private:
    std::unique_ptr<Executor> executor(const QString &urlKey) const;
    QSqlDatabase &admin(const QString &engine);

    TestServers m_servers;
    QSqlDatabase m_pgAdmin;
    QSqlDatabase m_mariaAdmin;
};

void TestServerExecution::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);
    m_pgAdmin = QSqlDatabase::addDatabase(u"QPSQL"_s, u"pg-admin"_s);
    const ConnectionProfile pg = m_servers.profile(u"SQLMEND_PG_ADMIN_URL"_s);
    m_pgAdmin.setHostName(pg.host());
    m_pgAdmin.setPort(pg.port());
    m_pgAdmin.setDatabaseName(pg.database());
    m_pgAdmin.setUserName(pg.user());
    m_pgAdmin.setPassword(m_servers.password());
    QVERIFY2(m_pgAdmin.open(), qPrintable(m_pgAdmin.lastError().text()));
    m_mariaAdmin = QSqlDatabase::addDatabase(u"QMYSQL"_s, u"maria-admin"_s);
    const ConnectionProfile maria = m_servers.profile(u"SQLMEND_MARIADB_ADMIN_URL"_s);
    m_mariaAdmin.setHostName(maria.host());
    m_mariaAdmin.setPort(maria.port());
    m_mariaAdmin.setDatabaseName(maria.database());
    m_mariaAdmin.setUserName(maria.user());
    m_mariaAdmin.setPassword(m_servers.password());
    QVERIFY2(m_mariaAdmin.open(), qPrintable(m_mariaAdmin.lastError().text()));
}

void TestServerExecution::cleanupTestCase()
{
    m_pgAdmin.close();
    m_mariaAdmin.close();
    m_pgAdmin = QSqlDatabase();
    m_mariaAdmin = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"pg-admin"_s);
    QSqlDatabase::removeDatabase(u"maria-admin"_s);
}

std::unique_ptr<Executor> TestServerExecution::executor(const QString &urlKey) const
{
    return std::make_unique<Executor>(m_servers.profile(urlKey), m_servers.password());
}

QSqlDatabase &TestServerExecution::admin(const QString &engine)
{
    return engine == u"postgresql" ? m_pgAdmin : m_mariaAdmin;
}

void TestServerExecution::selects_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<int>("engine");
    QTest::newRow("postgresql") << u"SQLMEND_PG_RO_URL"_s << int(Engine::PostgreSQL);
    QTest::newRow("mariadb") << u"SQLMEND_MARIADB_RO_URL"_s << int(Engine::MariaDB);
}

void TestServerExecution::selects()
{
    QFETCH(QString, urlKey);
    QFETCH(int, engine);
    auto exec = executor(urlKey);
    const auto opened = exec->open().result();
    QVERIFY2(opened.hasValue(), qPrintable(opened ? QString() : opened.error().error.raw));
    QCOMPARE(int(opened->engine), engine);
    QVERIFY(!opened->version.isEmpty());

    RunOptions options;
    options.batchSize = 2;
    const WaitedRun waited = waitForRun(
            exec->run(u"SELECT u.id, u.username, count(o.id) AS orders FROM users u LEFT JOIN "
                      u"orders o ON o.user_id = u.id GROUP BY u.id, u.username ORDER BY u.id"_s,
                      options)
                    .result);
    QVERIFY2(waited.result.isOk(), qPrintable(describeRun(waited.result)));
    QCOMPARE(waited.result.columns, (QStringList{u"id"_s, u"username"_s, u"orders"_s}));
    QCOMPARE(waited.result.rowCount, 5);
    QCOMPARE(waited.result.rows.at(0).at(1).toString(), u"ana"_s);
    QCOMPARE(waited.result.rows.at(0).at(2).toInt(), 2);
    QCOMPARE(waited.result.rowStatus, RowCountStatus::Complete);
    QVERIFY2(!waited.result.plan.isEmpty(), "the dry run (EXPLAIN) produced no plan");

    // A mysql:// URL that reaches MariaDB is recognised as MariaDB.
    if (Engine(engine) == Engine::MariaDB) {
        QString url = m_servers.value(urlKey);
        url.replace(u"mariadb://"_s, u"mysql://"_s);
        Executor viaMysql(*ConnectionProfile::fromUrl(url), m_servers.password());
        QCOMPARE(viaMysql.open().result()->engine, Engine::MariaDB);
    }
}

void TestServerExecution::capsRows_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("sql");
    QTest::newRow("postgresql") << u"SQLMEND_PG_RO_URL"_s
                                << u"SELECT g FROM generate_series(1, 200000) AS g"_s;
    QTest::newRow("mariadb") << u"SQLMEND_MARIADB_RO_URL"_s
                             << u"SELECT a.id FROM users a, users b, users c, users d, users e, "
                                u"users f, orders g"_s;
}

void TestServerExecution::capsRows()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, sql);
    auto exec = executor(urlKey);
    RunOptions options;
    options.maxRows = 100;
    const WaitedRun waited = waitForRun(exec->run(sql, options).result);
    QVERIFY2(waited.result.isOk(), qPrintable(describeRun(waited.result)));
    QCOMPARE(waited.result.rowCount, 100);
    QCOMPARE(waited.result.rows.size(), 100);
    QCOMPARE(waited.result.rowStatus, RowCountStatus::Partial);
}

void TestServerExecution::sessionWallStopsSideEffects_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("errorClass");

    // All pass the guard (plain function calls) or are sent past it; the session must stop them.
    // The account is the shop's owner, which may write outside a read-only session.
    QTest::newRow("pg setval") << u"postgresql"_s << u"SELECT setval('invoice_seq', 5)"_s
                               << u"read_only_violation"_s;
    QTest::newRow("pg nextval") << u"postgresql"_s << u"SELECT nextval('invoice_seq')"_s
                                << u"read_only_violation"_s;
    QTest::newRow("pg lo_import") << u"postgresql"_s << u"SELECT lo_import('/etc/hostname')"_s
                                  << u"permission"_s;
    // PostgreSQL 15 lets lo_create run in a read-only transaction; the ROLLBACK that ends every
    // run undoes it (empty class: success is allowed, a change is not).
    QTest::newRow("pg lo_create") << u"postgresql"_s << u"SELECT lo_create(0)"_s << QString();
    QTest::newRow("pg terminate admin")
            << u"postgresql"_s << u"SELECT pg_terminate_backend(%ADMINPID%)"_s << u"permission"_s;
    QTest::newRow("pg dblink_exec")
            << u"postgresql"_s
            << u"SELECT dblink_exec('dbname=sqlmend_test', 'DELETE FROM payments')"_s
            << u"permission"_s;
    QTest::newRow("pg set read write")
            << u"postgresql"_s << u"SET TRANSACTION READ WRITE"_s << u"read_only_violation"_s;
    QTest::newRow("pg data-modifying cte")
            << u"postgresql"_s << u"WITH d AS (DELETE FROM payments RETURNING *) SELECT * FROM d"_s
            << u"read_only_violation"_s;
    QTest::newRow("mariadb into outfile")
            << u"mariadb"_s << u"SELECT * FROM users INTO OUTFILE '%FILES%/users.txt'"_s
            << u"permission"_s;
    QTest::newRow("mariadb delete")
            << u"mariadb"_s << u"DELETE FROM payments"_s << u"read_only_violation"_s;
    QTest::newRow("mariadb create")
            << u"mariadb"_s << u"CREATE TABLE evil (a INT)"_s << u"read_only_violation"_s;
}

void TestServerExecution::sessionWallStopsSideEffects()
{
    QFETCH(QString, engine);
    QFETCH(QString, sql);
    QFETCH(QString, errorClass);
    const bool pg = engine == u"postgresql";
    QSqlDatabase &db = admin(engine);
    QSqlQuery pid(db);
    if (pg) {
        QVERIFY(pid.exec(u"SELECT pg_backend_pid()"_s) && pid.next());
        sql.replace(u"%ADMINPID%"_s, pid.value(0).toString());
    }
    sql.replace(u"%FILES%"_s, m_servers.value(u"SQLMEND_MARIADB_FILES_DIR"_s));
    const QString before = databaseDigest(db, pg ? Engine::PostgreSQL : Engine::MariaDB);

    auto exec = executor(pg ? u"SQLMEND_PG_OWNER_URL"_s : u"SQLMEND_MARIADB_OWNER_URL"_s);
    RunOptions options;
    options.guard = GuardMode::BypassForWallTests;
    options.dryRun = false;
    const WaitedRun waited = waitForRun(exec->run(sql, options).result);
    QVERIFY(waited.finished);
    if (errorClass.isEmpty()) {
        QVERIFY2(waited.result.outcome == RunOutcome::Ok
                         || waited.result.outcome == RunOutcome::Error,
                 qPrintable(describeRun(waited.result)));
    } else {
        QCOMPARE(waited.result.outcome, RunOutcome::Error);
        QVERIFY(waited.result.diagnosis.has_value());
        QVERIFY2(errorClassName(waited.result.diagnosis->errorClass()) == errorClass,
                 qPrintable(describeRun(waited.result)));
    }

    QVERIFY2(db.isOpen() && QSqlQuery(db).exec(u"SELECT 1"_s), "the admin session was hurt");
    QCOMPARE(databaseDigest(db, pg ? Engine::PostgreSQL : Engine::MariaDB), before);
}

void TestServerExecution::timesOut_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("sql");
    QTest::newRow("postgresql") << u"SQLMEND_PG_RO_URL"_s << u"SELECT pg_sleep(30)"_s;
    QTest::newRow("mariadb") << u"SQLMEND_MARIADB_RO_URL"_s << u"SELECT SLEEP(30)"_s;
}

void TestServerExecution::timesOut()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, sql);
    auto exec = executor(urlKey);
    QVERIFY(exec->open().result().hasValue());
    RunOptions options;
    options.timeoutMs = 1000;
    const WaitedRun waited = waitForRun(exec->run(sql, options).result);
    QVERIFY(waited.finished);
    QVERIFY2(waited.result.outcome == RunOutcome::Timeout, qPrintable(describeRun(waited.result)));
    QCOMPARE(waited.result.toJson().value(u"error").toObject().value(u"class").toString(),
             u"timeout"_s);
    // Within waitForRun()'s generous bound (20 s, the statement sleeps 30 s): no ceiling on time.
    qInfo("timed out after %lld ms; the asking thread's longest stall: %lld ms", waited.elapsedMs,
          waited.longestTickGapMs);
    QVERIFY(waitForRun(exec->run(u"SELECT 1"_s).result).result.isOk());
}

void TestServerExecution::cancelReachesServer_data()
{
    timesOut_data();
}

void TestServerExecution::cancelReachesServer()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, sql);
    auto exec = executor(urlKey);
    QVERIFY(exec->open().result().hasValue());
    RunOptions options;
    options.timeoutMs = 0;
    const RunTicket ticket = exec->run(sql, options);
    std::unique_ptr<QThread> canceller(QThread::create([&exec] {
        QThread::msleep(500);
        exec->cancel();
    }));
    canceller->start();
    const WaitedRun waited = waitForRun(ticket.result);
    canceller->wait();
    QVERIFY(waited.finished);
    // Finished within waitForRun()'s generous bound (20 s; the statement sleeps 30 s).
    QCOMPARE(waited.result.outcome, RunOutcome::Cancelled);
    const WaitedRun after = waitForRun(exec->run(u"SELECT 2"_s).result);
    QVERIFY2(after.result.isOk(), qPrintable(describeRun(after.result)));
}

void TestServerExecution::classifiesServerErrors_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("errorClass");

    const QString pg = u"SQLMEND_PG_RO_URL"_s;
    QTest::newRow("pg missing table") << pg << u"SELECT * FROM ordrs"_s << u"table_missing"_s;
    QTest::newRow("pg missing column")
            << pg << u"SELECT user_name FROM users"_s << u"column_missing"_s;
    QTest::newRow("pg missing function")
            << pg << u"SELECT datediff(created_at, created_at) FROM users"_s
            << u"function_missing"_s;
    QTest::newRow("pg cast") << pg << u"SELECT 'abc'::integer"_s << u"cast_error"_s;
    QTest::newRow("pg group by") << pg << u"SELECT user_id, total FROM orders GROUP BY user_id"_s
                                 << u"group_by"_s;
    QTest::newRow("pg ambiguous")
            << pg << u"SELECT id FROM users JOIN orders ON users.id = orders.user_id"_s
            << u"ambiguous_column"_s;
    QTest::newRow("pg division by zero")
            << pg << u"SELECT total / (id - id) FROM orders"_s << u"division_by_zero"_s;
    QTest::newRow("pg permission")
            << u"SQLMEND_PG_NOGRANT_URL"_s << u"SELECT * FROM users"_s << u"permission"_s;
    QTest::newRow("pg syntax") << pg << u"SELECT FROM WHERE users"_s << u"syntax"_s;

    const QString maria = u"SQLMEND_MARIADB_RO_URL"_s;
    QTest::newRow("mariadb missing table")
            << maria << u"SELECT * FROM ordrs"_s << u"table_missing"_s;
    QTest::newRow("mariadb missing column")
            << maria << u"SELECT user_name FROM users"_s << u"column_missing"_s;
    QTest::newRow("mariadb missing function")
            << u"SQLMEND_MARIADB_OWNER_URL"_s << u"SELECT no_such_fn(id) FROM users"_s
            << u"function_missing"_s;
    // As sqlmend_ro, which may not execute routines, MariaDB checks the EXECUTE privilege before
    // it looks the function up: "execute command denied ... for routine". A query's call of a
    // function MariaDB lacks is still a missing function, not a refusal that ends the loop.
    QTest::newRow("mariadb missing function, read-only user")
            << maria << u"SELECT strftime('%Y', created_at) FROM users"_s << u"function_missing"_s;
    QTest::newRow("mariadb ambiguous")
            << maria << u"SELECT id FROM users JOIN orders ON users.id = orders.user_id"_s
            << u"ambiguous_column"_s;
    QTest::newRow("mariadb permission")
            << u"SQLMEND_MARIADB_NOGRANT_URL"_s << u"SELECT * FROM users"_s << u"permission"_s;
    QTest::newRow("mariadb syntax") << maria << u"SELECT FROM WHERE users"_s << u"syntax"_s;
}

void TestServerExecution::classifiesServerErrors()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, sql);
    QFETCH(QString, errorClass);
    auto exec = executor(urlKey);
    for (const bool dryRun : {true, false}) {
        RunOptions options;
        options.dryRun = dryRun;
        // The guard refuses what libpg_query cannot parse; here the server's own words count.
        if (errorClass == u"syntax")
            options.guard = GuardMode::BypassForWallTests;
        const WaitedRun waited = waitForRun(exec->run(sql, options).result);
        QVERIFY(waited.finished);
        QVERIFY2(waited.result.outcome == RunOutcome::Error,
                 qPrintable(describeRun(waited.result)));
        QVERIFY2(errorClassName(waited.result.diagnosis->errorClass()) == errorClass,
                 qPrintable(describeRun(waited.result)));
        QVERIFY(!waited.result.diagnosis->advice.nextStep.isEmpty());
    }
}

void TestServerExecution::checksAnswers_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("doubt");
    // With a spelling fix's checks (AnswerChecks::Statement): only what the statement shows,
    // and the text values it compares columns with.
    QTest::addColumn<QString>("statementDoubt");

    const QList<std::pair<const char *, QString>> servers{{"postgresql", u"SQLMEND_PG_RO_URL"_s},
                                                          {"mariadb", u"SQLMEND_MARIADB_RO_URL"_s}};
    for (const auto &server : servers) {
        const char *const name = server.first;
        const QString &key = server.second;
        const auto row = [name](const char *what) -> QTestData & {
            return QTest::addRow("%s: %s", name, what);
        };
        row("clean") << key << u"SELECT username FROM users ORDER BY id LIMIT 2"_s << QString()
                     << QString();
        // Two products are in the kitchen.
        row("a tie at the LIMIT") << key << u"SELECT name FROM products ORDER BY category LIMIT 1"_s
                                  << u"order_tie"_s << QString();
        // The order of the highest user id: a key names a row, it ranks nothing.
        row("the first row by a key")
                << key << u"SELECT status FROM orders ORDER BY user_id DESC LIMIT 1"_s
                << u"extreme_of_key"_s << u"extreme_of_key"_s;
        row("a join that repeats rows")
                << key << u"SELECT u.username FROM users u JOIN orders o ON o.user_id = u.id"_s
                << u"duplicate_rows"_s << QString();
        row("a pattern that keeps another value")
                << key
                << u"SELECT name FROM products WHERE name LIKE '%Kettle%' OR name LIKE '%pot%'"_s
                << u"pattern_reading"_s << QString();
        // No name is 'pot', trimmed or not: the pattern looks for a part of a name.
        row("a pattern for a part of a name")
                << key << u"SELECT name FROM products WHERE name LIKE '%pot%'"_s << QString()
                << QString();
        row("a pattern that keeps the value only")
                << key << u"SELECT name FROM products WHERE category LIKE '%kitchen%'"_s
                << QString() << QString();
        row("no rows") << key << u"SELECT name FROM products WHERE price > 1000"_s << u"no_rows"_s
                       << QString();
        row("rows tied at the minimum")
                << key
                << u"SELECT id FROM orders WHERE user_id = (SELECT MIN(user_id) FROM orders)"_s
                << u"extreme_tie"_s << u"extreme_of_key"_s; // user_id is a foreign key
        // Read from the live catalog, after the run's limits are lifted.
        row("the maximum of the primary key")
                << key << u"SELECT username FROM users WHERE id = (SELECT MAX(id) FROM users)"_s
                << u"extreme_of_key"_s << u"extreme_of_key"_s;
        row("one row at the maximum")
                << key
                << u"SELECT name FROM products WHERE price = (SELECT MAX(price) FROM products)"_s
                << QString() << QString();
        row("only the value its filter fixes")
                << key
                << u"SELECT p.price FROM products AS p WHERE p.price = (SELECT MAX(price) FROM "
                   "products)"_s
                << u"repeats_filter"_s << u"repeats_filter"_s;
        // User 1 alone has two orders: no tie, and the count shown beside the user it picks.
        row("the count it ranks by, shown")
                << key
                << u"SELECT user_id, COUNT(*) AS n FROM orders GROUP BY user_id ORDER BY n DESC "
                   "LIMIT 1"_s
                << u"shows_ranking"_s << u"shows_ranking"_s;
        // No order is 'refunded', in any case: the count of 0 is about nothing in the data.
        // Probed on the catalog's table, with the stored values trimmed and in lower case.
        row("a count of a value no row holds")
                << key << u"SELECT COUNT(*) FROM orders WHERE status = 'refunded'"_s
                << u"absent_value"_s << u"absent_value"_s;
        row("a value the data writes in another case")
                << key << u"SELECT COUNT(*) FROM orders o WHERE 'PAID ' = o.status"_s << QString()
                << QString();
        row("the count it ranks by, not shown")
                << key
                << u"SELECT user_id FROM orders GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1"_s
                << QString() << QString();
    }
    // MariaDB takes the column from any row for a column beside an aggregate without GROUP BY
    // (PostgreSQL refuses the statement).
    QTest::newRow("mariadb: a column beside an aggregate")
            << u"SQLMEND_MARIADB_RO_URL"_s << u"SELECT status, MAX(total) FROM orders"_s
            << u"arbitrary_row"_s << u"arbitrary_row"_s;
    // json has no ordering: the tie check cannot run.
    QTest::newRow("postgresql: a check that cannot run")
            << u"SQLMEND_PG_RO_URL"_s
            << u"SELECT to_json(u) FROM users u ORDER BY username LIMIT 1"_s << u"unverified"_s
            << QString();
}

void TestServerExecution::checksAnswers()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, sql);
    QFETCH(QString, doubt);
    QFETCH(QString, statementDoubt);
    auto exec = executor(urlKey);
    RunOptions options;
    options.checkAnswer = AnswerChecks::All;
    options.catalog = std::make_shared<LiveCatalog>();
    const WaitedRun waited = waitForRun(exec->run(sql, options).result);
    QVERIFY2(waited.result.isOk(), qPrintable(describeRun(waited.result)));
    QCOMPARE(answerDoubtName(waited.result.doubt), doubt);
    // The session goes on as before (a probe that failed left no aborted transaction behind).
    const WaitedRun next = waitForRun(exec->run(u"SELECT count(*) FROM users"_s).result);
    QVERIFY2(next.result.isOk(), qPrintable(describeRun(next.result)));
    options.checkAnswer = AnswerChecks::Statement;
    const WaitedRun statement = waitForRun(exec->run(sql, options).result);
    QVERIFY2(statement.result.isOk(), qPrintable(describeRun(statement.result)));
    QCOMPARE(answerDoubtName(statement.result.doubt), statementDoubt);
}

QTEST_GUILESS_MAIN(TestServerExecution)
#include "tst_serverexecution.moc"
