#include "core/exec/executor.h"
#include "tests/integration/testservers.h"
#include "tests/support/scriptedloop.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

// No row value in any prompt: distinctive values are seeded into a table on SQLite, PostgreSQL
// and MariaDB; the scripted model writes statements that read them and fail in ways that quote
// them (a cast, JSON), then an empty result, then an answer. Not one request body the model
// server receives may contain a seeded value, unless sample values are on.
class TestPromptRedaction : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void noSeededValueReachesTheModel_data();
    void noSeededValueReachesTheModel();

private:
    bool seed(QSqlDatabase &db, const QString &grant, QString *error);
    TestServers m_servers;
    QTemporaryDir m_dir;
    QString m_sqlitePath;
};

namespace {

const QString Secret = u"Qx7-otter-lagoon"_s;
const QString Endpoint = u"/v1/chat/completions"_s;

QString fenced(const QString &sql)
{
    return u"```sql\n%1\n```"_s.arg(sql);
}

QSqlDatabase adminConnection(const TestServers &servers, const QString &key, const QString &driver)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(driver, key);
    const ConnectionProfile profile = servers.profile(key);
    db.setHostName(profile.host());
    db.setPort(profile.port());
    db.setDatabaseName(profile.database());
    db.setUserName(profile.user());
    db.setPassword(servers.password());
    return db;
}

} // namespace

bool TestPromptRedaction::seed(QSqlDatabase &db, const QString &grant, QString *error)
{
    QSqlQuery query(db);
    for (const QString &statement :
         {u"DROP TABLE IF EXISTS sealed_notes"_s,
          u"CREATE TABLE sealed_notes (id INTEGER PRIMARY KEY, note VARCHAR(80))"_s,
          u"INSERT INTO sealed_notes VALUES (1, '%1'), (2, '{\"k\": \"%1\"}')"_s.arg(Secret),
          grant}) {
        if (statement.isEmpty())
            continue;
        if (!query.exec(statement)) {
            *error = statement + u": "_s + query.lastError().text();
            return false;
        }
    }
    return true;
}

void TestPromptRedaction::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);
    QVERIFY(m_dir.isValid());
    QString error;
    m_sqlitePath = m_dir.filePath(u"notes.db"_s);
    {
        QSqlDatabase sqlite = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"sqlite-seed"_s);
        sqlite.setDatabaseName(m_sqlitePath);
        QVERIFY(sqlite.open());
        QVERIFY2(seed(sqlite, QString(), &error), qPrintable(error));
        sqlite.close();
    }
    QSqlDatabase::removeDatabase(u"sqlite-seed"_s);
    {
        QSqlDatabase pg = adminConnection(m_servers, u"SQLMEND_PG_ADMIN_URL"_s, u"QPSQL"_s);
        QVERIFY2(pg.open(), qPrintable(pg.lastError().text()));
        QVERIFY2(seed(pg, u"GRANT SELECT ON sealed_notes TO sqlmend_ro"_s, &error),
                 qPrintable(error));
        pg.close();
    }
    QSqlDatabase::removeDatabase(u"SQLMEND_PG_ADMIN_URL"_s);
    {
        QSqlDatabase maria =
                adminConnection(m_servers, u"SQLMEND_MARIADB_ADMIN_URL"_s, u"QMYSQL"_s);
        QVERIFY2(maria.open(), qPrintable(maria.lastError().text()));
        QVERIFY2(seed(maria, QString(), &error), qPrintable(error));
        maria.close();
    }
    QSqlDatabase::removeDatabase(u"SQLMEND_MARIADB_ADMIN_URL"_s);
}

void TestPromptRedaction::cleanupTestCase()
{
    for (const auto &[key, driver] : {std::pair{u"SQLMEND_PG_ADMIN_URL"_s, u"QPSQL"_s},
                                      std::pair{u"SQLMEND_MARIADB_ADMIN_URL"_s, u"QMYSQL"_s}}) {
        {
            QSqlDatabase db = adminConnection(m_servers, key, driver);
            if (db.open())
                QSqlQuery(db).exec(u"DROP TABLE IF EXISTS sealed_notes"_s);
        }
        QSqlDatabase::removeDatabase(key);
    }
}

void TestPromptRedaction::noSeededValueReachesTheModel_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QStringList>("failing"); // statements that read the value and fail
    QTest::addColumn<bool>("quotesTheValue"); // the engine's message holds the value
    QTest::addColumn<bool>("sampleValues");
    const QStringList sqlite{u"SELECT json_extract(note, '$.k') + nosuch FROM sealed_notes"_s};
    const QStringList pg{u"SELECT CAST(note AS integer) FROM sealed_notes"_s,
                         u"SELECT note::json FROM sealed_notes WHERE id = 1"_s};
    const QStringList maria{u"SELECT note FROM sealed_notes WHERE nosuch = 1"_s};
    QTest::newRow("sqlite") << u"sqlite"_s << sqlite << false << false;
    QTest::newRow("postgresql") << u"postgresql"_s << pg << true << false;
    QTest::newRow("mariadb") << u"mariadb"_s << maria << false << false;
    QTest::newRow("postgresql, sample values on") << u"postgresql"_s << pg << true << true;
}

void TestPromptRedaction::noSeededValueReachesTheModel()
{
    QFETCH(QString, engine);
    QFETCH(QStringList, failing);
    QFETCH(bool, quotesTheValue);
    QFETCH(bool, sampleValues);

    std::unique_ptr<Executor> executor;
    if (engine == u"sqlite"_s)
        executor = std::make_unique<Executor>(
                *ConnectionProfile::fromUrl(u"sqlite:///"_s + m_sqlitePath));
    else
        executor = std::make_unique<Executor>(
                m_servers.profile(engine == u"postgresql"_s ? u"SQLMEND_PG_RO_URL"_s
                                                            : u"SQLMEND_MARIADB_RO_URL"_s),
                m_servers.password());

    ScriptedLlmServer server;
    QVERIFY(server.listen());
    for (const QString &sql : failing)
        server.enqueue(Endpoint,
                       ScriptedResponse::json(200, ScriptedLlmServer::openAiBody(fenced(sql))));
    server.enqueue(Endpoint,
                   ScriptedResponse::json(
                           200,
                           ScriptedLlmServer::openAiBody(fenced(
                                   u"SELECT note FROM sealed_notes WHERE note = 'none'"_s))));
    server.enqueue(
            Endpoint,
            ScriptedResponse::json(200,
                                   ScriptedLlmServer::openAiBody(fenced(
                                           u"SELECT id, note FROM sealed_notes ORDER BY id"_s))));

    CorrectionLoop loop(executor.get(), scriptedProvider(server));
    LoopPolicy policy;
    policy.maxCorrections = int(failing.size()) + 1;
    policy.sampleValues = sampleValues;
    policy.autofix = false;
    policy.similarCases = 0;
    loop.setPolicy(policy);

    const QuestionOutcome outcome = askAndWait(loop, u"What do the notes say?"_s);

    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.attempts.size(), failing.size() + 2);
    // The engine did quote the value where expected: redaction had something to do.
    bool quoted = false;
    for (const LoopAttempt &attempt : outcome.attempts)
        quoted = quoted || (attempt.diagnosis && attempt.diagnosis->error.raw.contains(Secret));
    QCOMPARE(quoted, quotesTheValue);
    bool seen = false;
    for (const RecordedRequest &request : server.requests())
        seen = seen || request.body.contains(Secret.toUtf8());
    QCOMPARE(seen, sampleValues);
    QCOMPARE(int(server.requests().size()), int(failing.size()) + 2);
}

QTEST_GUILESS_MAIN(TestPromptRedaction)
#include "tst_promptredaction.moc"
