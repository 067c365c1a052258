// sqlmend ask from outside: the linked tables of each attempt in --json, and --pin-table /
// --exclude-table (with the pins and excludes the case store keeps) in what the model received,
// as recorded by a scripted model server.
#include "core/cases/casestore.h"
#include "core/cases/contextsettings.h"
#include "core/demo/demodatabase.h"
#include "core/sql/connectionprofile.h"
#include "tests/support/cliprocess.h"
#include "tests/support/scriptedllmserver.h"

#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {

const QString Endpoint = u"/v1/chat/completions"_s;

ScriptedResponse answer(const QString &sql)
{
    return ScriptedResponse::json(200,
                                  ScriptedLlmServer::openAiBody(u"```sql\n%1\n```"_s.arg(sql)));
}

QString userMessage(const RecordedRequest &request)
{
    const QJsonArray messages = request.json().value(u"messages"_s).toArray();
    return messages.isEmpty() ? QString()
                              : messages.last().toObject().value(u"content"_s).toString();
}

bool promptShowsTable(const QString &prompt, const QString &table)
{
    return prompt.contains(u'\n' + table + u'(');
}

// The reasons' kinds of one table in an attempt's linked_tables, or empty when it is not there.
QStringList reasonsOf(const QJsonObject &attempt, const QString &table)
{
    for (const QJsonValue &value : attempt.value(u"linked_tables"_s).toArray()) {
        const QJsonObject entry = value.toObject();
        if (entry.value(u"table"_s).toString() != table)
            continue;
        QStringList kinds;
        for (const QJsonValue &reason : entry.value(u"reasons"_s).toArray())
            kinds << reason.toObject().value(u"kind"_s).toString();
        return kinds;
    }
    return {};
}

} // namespace

class TestAskContext : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void jsonShowsLinkedTablesPerAttempt();
    void pinnedTableInAnUnrelatedPrompt();
    void excludedTableNeverInAPrompt();
    void storedMarksAndFlagsForOneRun();
    void badUsage_data();
    void badUsage();

private:
    CliRun run(const QStringList &extra);

    QTemporaryDir m_dir;
    QString m_url;
    std::unique_ptr<ScriptedLlmServer> m_server;
};

void TestAskContext::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    QVERIFY(m_dir.isValid());
    const auto path = DemoDatabase::ensure(m_dir.filePath(u"shop.db"_s));
    QVERIFY(path);
    // The demo shop among tables it does not need, so that linking shows a part of the schema.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(path.value());
        QVERIFY(db.open());
        QSqlQuery query(db);
        for (int i = 0; i < 40; ++i) {
            QVERIFY2(query.exec(
                             u"CREATE TABLE audit_%1 (id INTEGER PRIMARY KEY, payload TEXT)"_s.arg(
                                     i)),
                     qPrintable(query.lastError().text()));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    m_url = u"sqlite:///"_s + path.value();
}

void TestAskContext::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
}

CliRun TestAskContext::run(const QStringList &extra)
{
    CliOptions options;
    isolate(options.environment, m_dir.filePath(u"home"_s));
    options.environment.insert(u"SQLMEND_TEST_KEY"_s, u"test-key"_s);
    options.timeoutMs = 60000;
    return runCli(QStringLiteral(SQLMEND_BINARY),
                  QStringList{u"ask"_s, u"--db"_s, m_url, u"--llm-url"_s,
                              m_server->url(u"/v1"_s).toString(), u"--model"_s, u"scripted"_s,
                              u"--api-key-env"_s, u"SQLMEND_TEST_KEY"_s, u"--no-stream"_s,
                              u"--json"_s}
                          + extra,
                  options);
}

void TestAskContext::jsonShowsLinkedTablesPerAttempt()
{
    // category is a column of products, which a question about users does not link.
    m_server->enqueue(Endpoint, answer(u"SELECT category FROM users WHERE city = 'Osaka'"_s));
    m_server->enqueue(Endpoint, answer(u"SELECT username FROM users WHERE city = 'Osaka'"_s));
    const CliRun outcome = run({u"--question"_s, u"Which users live in Osaka?"_s});
    QCOMPARE(outcome.exitCode, 0);
    const QJsonArray attempts = outcome.json.value(u"attempts"_s).toArray();
    QCOMPARE(attempts.size(), 2);
    const QJsonObject first = attempts.at(0).toObject();
    QVERIFY(reasonsOf(first, u"users"_s).contains(u"matched"_s));
    QVERIFY(reasonsOf(first, u"orders"_s).contains(u"foreign_key"_s));
    QVERIFY(reasonsOf(first, u"products"_s).isEmpty());
    const QJsonObject users = first.value(u"linked_tables"_s).toArray().at(0).toObject();
    QCOMPARE(users.value(u"table"_s).toString(), u"users"_s);
    QCOMPARE(users.value(u"columns"_s).toArray().size(), 5);
    QVERIFY2(first.value(u"advice"_s)
                     .toString()
                     .contains(u"`category` exists in table `products`, which was not in the "
                               u"schema the "
                               "model was given; it is added to the next prompt."_s),
             qPrintable(first.value(u"advice"_s).toString()));
    QCOMPARE(reasonsOf(attempts.at(1).toObject(), u"products"_s), QStringList{u"named_by_error"_s});

    QCOMPARE(m_server->requests().size(), 2);
    QVERIFY(!promptShowsTable(userMessage(m_server->requests().at(0)), u"products"_s));
    QVERIFY(promptShowsTable(userMessage(m_server->requests().at(1)), u"products"_s));
}

void TestAskContext::pinnedTableInAnUnrelatedPrompt()
{
    m_server->enqueue(Endpoint, answer(u"SELECT username FROM users WHERE city = 'Osaka'"_s));
    const CliRun outcome = run({u"--question"_s, u"Which users live in Osaka?"_s, u"--pin-table"_s,
                                u"audit_7"_s, u"--pin-table"_s, u"no_such_table"_s});
    QCOMPARE(outcome.exitCode, 0);
    QCOMPARE(m_server->requests().size(), 1);
    QVERIFY(promptShowsTable(userMessage(m_server->requests().at(0)), u"audit_7"_s));
    const QJsonObject attempt = outcome.json.value(u"attempts"_s).toArray().at(0).toObject();
    QCOMPARE(reasonsOf(attempt, u"audit_7"_s), QStringList{u"pinned"_s});
    QVERIFY(reasonsOf(attempt, u"audit_8"_s).isEmpty());
    // A pin that names no table is said, and costs nothing else.
    QVERIFY2(outcome.err.contains("--pin-table no_such_table: the database has no such table"),
             outcome.err.constData());
}

void TestAskContext::excludedTableNeverInAPrompt()
{
    // The model reaches for the excluded table anyway: it is not run, and no prompt names it.
    m_server->enqueue(Endpoint, answer(u"SELECT status, count(*) FROM orders GROUP BY status"_s));
    m_server->enqueue(Endpoint, answer(u"SELECT count(*) FROM payments"_s));
    const CliRun outcome = run(
            {u"--question"_s, u"How many orders per status?"_s, u"--exclude-table"_s, u"orders"_s});
    QCOMPARE(outcome.exitCode, 0);
    const QJsonArray attempts = outcome.json.value(u"attempts"_s).toArray();
    QCOMPARE(attempts.size(), 2);
    QVERIFY(attempts.at(0).toObject().value(u"root_cause"_s).toString().contains(u"excluded"_s));
    for (const QJsonValue &attempt : attempts)
        QVERIFY(reasonsOf(attempt.toObject(), u"orders"_s).isEmpty());
    QCOMPARE(m_server->requests().size(), 2);
    for (const RecordedRequest &request : m_server->requests()) {
        const QString prompt = userMessage(request);
        QVERIFY2(!promptShowsTable(prompt, u"orders"_s), qPrintable(prompt));
        QVERIFY2(!prompt.contains(u"-> orders"_s), qPrintable(prompt));
    }
}

void TestAskContext::storedMarksAndFlagsForOneRun()
{
    // Marks set in the window live in the case store, per datasource: the command line sees
    // them; its own flags count for the run only.
    const QString storePath = m_dir.filePath(u"cases.sqlite"_s);
    const QString datasource = ConnectionProfile::fromUrl(m_url).value().toUrl();
    {
        CaseStore store;
        QVERIFY(store.open(storePath));
        QVERIFY(ContextSettingsStore::setMark(store, datasource, u"audit_3"_s, TableMark::Pinned));
        QVERIFY(ContextSettingsStore::setMark(store, datasource, u"orders"_s, TableMark::Excluded));
    }
    m_server->enqueue(Endpoint, answer(u"SELECT username FROM users WHERE city = 'Osaka'"_s));
    const CliRun outcome = run({u"--question"_s, u"Which users live in Osaka?"_s, u"--cases"_s,
                                storePath, u"--pin-table"_s, u"audit_5"_s});
    QCOMPARE(outcome.exitCode, 0);
    const QString prompt = userMessage(m_server->requests().value(0));
    QVERIFY(promptShowsTable(prompt, u"audit_3"_s));
    QVERIFY(promptShowsTable(prompt, u"audit_5"_s));
    QVERIFY(!promptShowsTable(prompt, u"orders"_s)); // else users' foreign-key neighbour
    CaseStore store;
    QVERIFY(store.open(storePath));
    const Result<ContextSettings> after = ContextSettingsStore::load(store, datasource);
    QVERIFY(after);
    QCOMPARE(after.value().pinned, QStringList{u"audit_3"_s});
    QCOMPARE(after.value().excluded, QStringList{u"orders"_s});
}

void TestAskContext::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("empty pin") << QStringList{u"--pin-table"_s, u" "_s}
                               << QByteArray("take a table name");
    QTest::newRow("pinned and excluded")
            << QStringList{u"--pin-table"_s, u"users"_s, u"--exclude-table"_s, u"USERS"_s}
            << QByteArray("both pinned and excluded");
}

void TestAskContext::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, message);
    const CliRun outcome =
            run(QStringList{u"--question"_s, u"Which users live in Osaka?"_s} + arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.contains(message), outcome.err.constData());
    QCOMPARE(m_server->requests().size(), 0);
}

QTEST_MAIN(TestAskContext)
#include "tst_askcontext.moc"
