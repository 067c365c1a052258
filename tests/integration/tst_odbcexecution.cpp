#include "core/cases/casestoreservice.h"
#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "tests/integration/rundigest.h"
#include "tests/integration/testservers.h"
#include "tests/support/scriptedloop.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;
using namespace sqlmend::test;

// psqlODBC through QODBC against the same PostgreSQL: queries, the read-only connection, and one
// error through the pipeline.
class TestOdbcExecution : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void selects_data();
    void selects();
    void refusesWrites_data();
    void refusesWrites();
    void classifiesError();
    void adviceFollowsTheBackendsKeys();
    void adviceSpeaksTheBackendsDialect_data();
    void adviceSpeaksTheBackendsDialect();
    void loopAsksInTheBackendsDialect();

private:
    TestServers m_servers;
};

void TestOdbcExecution::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);
}

void TestOdbcExecution::selects_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::newRow("dsn") << u"SQLMEND_ODBC_RO_URL"_s;
    QTest::newRow("connection string") << u"SQLMEND_ODBC_STRING_URL"_s;
}

void TestOdbcExecution::selects()
{
    QFETCH(QString, urlKey);
    Executor executor(m_servers.profile(urlKey), m_servers.password());
    const auto opened = executor.open().result();
    QVERIFY2(opened.hasValue(), qPrintable(opened ? QString() : opened.error().error.raw));
    QCOMPARE(opened->engine, Engine::Odbc);
    QCOMPARE(opened->dialect, Engine::PostgreSQL);

    const WaitedRun users =
            waitForRun(executor.run(u"SELECT id, username FROM users ORDER BY id"_s).result);
    QVERIFY2(users.result.isOk(), qPrintable(describeRun(users.result)));
    QCOMPARE(users.result.rowCount, 5);
    QCOMPARE(users.result.rows.at(4).at(1).toString(), u"emeka"_s);

    RunOptions capped;
    capped.maxRows = 3;
    const WaitedRun sum = waitForRun(
            executor.run(u"SELECT o.id, sum(i.quantity * i.unit_price) FROM orders o JOIN "
                         u"order_items i ON i.order_id = o.id GROUP BY o.id ORDER BY o.id"_s,
                         capped)
                    .result);
    QVERIFY2(sum.result.isOk(), qPrintable(describeRun(sum.result)));
    QCOMPARE(sum.result.rowCount, 3);
    QCOMPARE(sum.result.rowStatus, RowCountStatus::Partial);
    QCOMPARE(sum.result.rows.at(0).at(1).toDouble(), 43.40);
}

void TestOdbcExecution::refusesWrites_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("delete") << u"DELETE FROM payments"_s;
    QTest::newRow("update") << u"UPDATE users SET email = NULL"_s;
    QTest::newRow("setval") << u"SELECT setval('invoice_seq', 9)"_s;
}

void TestOdbcExecution::refusesWrites()
{
    QFETCH(QString, sql);
    // The owner may write; psqlODBC's ReadOnly=1 and the access mode must stop it.
    QString url = m_servers.value(u"SQLMEND_ODBC_STRING_URL"_s);
    url.replace(u"UID=sqlmend_ro"_s, u"UID=sqlmend_owner"_s);
    const auto profile = ConnectionProfile::fromUrl(url);
    QVERIFY(profile.hasValue());
    QCOMPARE(profile->user(), u"sqlmend_owner"_s);

    QSqlDatabase admin = QSqlDatabase::addDatabase(u"QPSQL"_s, u"odbc-digest"_s);
    const ConnectionProfile adminProfile = m_servers.profile(u"SQLMEND_PG_ADMIN_URL"_s);
    admin.setHostName(adminProfile.host());
    admin.setPort(adminProfile.port());
    admin.setDatabaseName(adminProfile.database());
    admin.setUserName(adminProfile.user());
    admin.setPassword(m_servers.password());
    QVERIFY(admin.open());
    const QString before = databaseDigest(admin, Engine::PostgreSQL);
    {
        Executor executor(*profile, m_servers.password());
        RunOptions guarded;
        const RunOutcome outcome = waitForRun(executor.run(sql, guarded).result).result.outcome;
        QVERIFY(outcome == RunOutcome::Blocked || outcome == RunOutcome::Error);
        RunOptions bypass;
        bypass.guard = GuardMode::BypassForWallTests;
        bypass.dryRun = false;
        const WaitedRun waited = waitForRun(executor.run(sql, bypass).result);
        QVERIFY2(waited.result.outcome == RunOutcome::Error,
                 qPrintable(describeRun(waited.result)));
    }
    QCOMPARE(databaseDigest(admin, Engine::PostgreSQL), before);
    admin.close();
    admin = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"odbc-digest"_s);
}

void TestOdbcExecution::classifiesError()
{
    Executor executor(m_servers.profile(u"SQLMEND_ODBC_RO_URL"_s), m_servers.password());
    const WaitedRun waited = waitForRun(executor.run(u"SELECT * FROM ordrs"_s).result);
    QCOMPARE(waited.result.outcome, RunOutcome::Error);
    QVERIFY2(waited.result.diagnosis->errorClass() == ErrorClass::TableMissing,
             qPrintable(describeRun(waited.result)));
}

// The read-only user reaches PostgreSQL through psqlODBC, whose information_schema hides the
// keys from it: the catalog is read from pg_catalog, so the advice joins on the foreign key
// (not on two columns that happen to be called id) and so does the repair.
void TestOdbcExecution::adviceFollowsTheBackendsKeys()
{
    Executor executor(m_servers.profile(u"SQLMEND_ODBC_RO_URL"_s), m_servers.password());
    RunOptions options;
    options.catalog = std::make_shared<LiveCatalog>();
    const WaitedRun waited = waitForRun(
            executor.run(u"SELECT username FROM orders WHERE total > 20"_s, options).result);
    QCOMPARE(waited.result.outcome, RunOutcome::Error);
    const Diagnosis &diagnosis = *waited.result.diagnosis;
    QVERIFY2(diagnosis.errorClass() == ErrorClass::ColumnMissing,
             qPrintable(describeRun(waited.result)));
    QVERIFY2(diagnosis.advice.nextStep.contains(u"JOIN users ON users.id = orders.user_id"),
             qPrintable(diagnosis.advice.nextStep));
    const std::shared_ptr<const SchemaNames> names = options.catalog->cached();
    QVERIFY(names);
    const SchemaNames::Table *orders = names->findTable(u"orders"_s);
    QVERIFY(orders);
    QCOMPARE(orders->primaryKey, QStringList{u"id"_s});
    QCOMPARE(orders->foreignKeys.size(), 1);
    QCOMPARE(orders->foreignKeys.constFirst().referencedTable, u"users"_s);
}

void TestOdbcExecution::adviceSpeaksTheBackendsDialect_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("spelling"); // what PostgreSQL's advice names
    QTest::newRow("YEAR()") << u"SELECT YEAR(created_at) FROM orders"_s
                            << u"EXTRACT(YEAR FROM col)"_s;
    QTest::newRow("GROUP_CONCAT") << u"SELECT GROUP_CONCAT(status) FROM orders"_s
                                  << u"string_agg"_s;
    QTest::newRow("backticks") << u"SELECT `id` FROM orders"_s << u"double quotes"_s;
    QTest::newRow("double-quoted value")
            << u"SELECT id FROM orders WHERE status = \"paid\""_s << u"'paid'"_s;
    QTest::newRow("DATEDIFF unit") << u"SELECT DATEDIFF(day, created_at, created_at) FROM orders"_s
                                   << u"age(end_date, start_date)"_s;
    QTest::newRow("TOP n") << u"SELECT TOP 2 id FROM orders ORDER BY id"_s << u"LIMIT n"_s;
}

// The errors come from psqlODBC, the SQL is PostgreSQL's: the advice names PostgreSQL's
// spellings, word for word what the same error gets on a direct connection, never "ODBC has no
// function year".
void TestOdbcExecution::adviceSpeaksTheBackendsDialect()
{
    QFETCH(QString, sql);
    QFETCH(QString, spelling);
    RunOptions options;
    options.catalog = std::make_shared<LiveCatalog>();
    Executor odbc(m_servers.profile(u"SQLMEND_ODBC_RO_URL"_s), m_servers.password());
    const WaitedRun throughOdbc = waitForRun(odbc.run(sql, options).result);
    QCOMPARE(throughOdbc.result.outcome, RunOutcome::Error);
    const Diagnosis &diagnosis = *throughOdbc.result.diagnosis;
    QCOMPARE(diagnosis.engine, Engine::Odbc);
    QCOMPARE(diagnosis.dialect, Engine::PostgreSQL);
    QVERIFY2(diagnosis.advice.nextStep.contains(spelling), qPrintable(diagnosis.advice.nextStep));
    QVERIFY2(!diagnosis.advice.nextStep.contains(u"ODBC"), qPrintable(diagnosis.advice.nextStep));

    RunOptions direct;
    direct.catalog = std::make_shared<LiveCatalog>();
    Executor postgres(m_servers.profile(u"SQLMEND_PG_RO_URL"_s), m_servers.password());
    const WaitedRun onServer = waitForRun(postgres.run(sql, direct).result);
    QVERIFY(onServer.result.diagnosis);
    QCOMPARE(diagnosis.errorClass(), onServer.result.diagnosis->errorClass());
    QCOMPARE(diagnosis.advice.nextStep, onServer.result.diagnosis->advice.nextStep);
}

// The model is told the SQL is PostgreSQL's, and its second round gets PostgreSQL's spelling.
void TestOdbcExecution::loopAsksInTheBackendsDialect()
{
    Executor executor(m_servers.profile(u"SQLMEND_ODBC_RO_URL"_s), m_servers.password());
    ScriptedLlmServer server;
    QVERIFY(server.listen());
    const QString endpoint = u"/v1/chat/completions"_s;
    for (const QString &sql : {u"SELECT YEAR(created_at) AS y FROM orders"_s,
                               u"SELECT EXTRACT(YEAR FROM created_at) AS y FROM orders"_s}) {
        server.enqueue(endpoint,
                       ScriptedResponse::json(
                               200, ScriptedLlmServer::openAiBody(u"```sql\n%1\n```"_s.arg(sql))));
    }
    CorrectionLoop loop(&executor, scriptedProvider(server));
    LoopPolicy policy;
    policy.maxCorrections = 1;
    policy.autofix = false;
    policy.similarCases = 0;
    loop.setPolicy(policy);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(store->open(dir.filePath(u"cases.db"_s)).result().hasValue());
    loop.setCaseStore(store);
    const QuestionOutcome outcome = askAndWait(loop, u"In which years were orders placed?"_s);

    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.attempts.size(), 2);
    QCOMPARE(server.requests().size(), 2);
    for (const RecordedRequest &request : server.requests()) {
        QVERIFY2(request.body.contains("PostgreSQL"), request.body.constData());
        QVERIFY2(!request.body.contains("ODBC"), request.body.constData());
    }
    QVERIFY2(server.requests().at(1).body.contains("EXTRACT(YEAR FROM col)"),
             server.requests().at(1).body.constData());

    // The good case and the history name the SQL they hold: PostgreSQL's, not "odbc". Queued
    // after the loop's writes, so they are seen.
    const auto cases = store->submit<QList<CaseRecord>>([](CaseStore &open) {
                                return open.listCases();
                            }).result();
    QVERIFY(cases.hasValue());
    QCOMPARE(cases->size(), 1);
    QCOMPARE(cases->at(0).kind, CaseKind::Good);
    QCOMPARE(cases->at(0).dialect, u"postgresql"_s);
    const auto history = store->submit<QList<QuestionTrace>>([](CaseStore &open) {
                                  return open.listHistory();
                              }).result();
    QVERIFY(history.hasValue());
    QCOMPARE(history->size(), 1);
    QCOMPARE(history->at(0).dialect, u"postgresql"_s);
}

QTEST_GUILESS_MAIN(TestOdbcExecution)
#include "tst_odbcexecution.moc"
