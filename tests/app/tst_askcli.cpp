#include "core/demo/demodatabase.h"
#include "tests/support/cliprocess.h"
#include "tests/support/scriptedllmserver.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {
const QString Endpoint = u"/v1/chat/completions"_s;
}

// sqlmend ask, driven as a user would drive it: the built binary against the demo shop, with a
// scripted model server in this process (so the test waits with its event loop running).
class TestAskCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void correctsAgainstScriptedServer();
    void promptLanguage_data();
    void promptLanguage();
    void statuses_data();
    void statuses();
    void demoProvider();
    void storesCases();
    void badUsage_data();
    void badUsage();
    void printsTableWithoutJson();
    void saysWhenRowsAreLeftOut_data();
    void saysWhenRowsAreLeftOut();
    void cellsAsRunWritesThem();

private:
    using Outcome = sqlmend::test::CliRun;
    Outcome run(const QStringList &arguments);
    QStringList scripted(const QStringList &extra = {}) const;
    // The scripted model's next reply: sql in a fenced block.
    void answerWith(const QString &sql);
    static void checkShape(const QJsonObject &json);

    QTemporaryDir m_dir;
    QString m_url;
    std::unique_ptr<ScriptedLlmServer> m_server;
};

void TestAskCli::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    QVERIFY(m_dir.isValid());
    const auto path = sqlmend::core::DemoDatabase::ensure(m_dir.filePath(u"shop.db"_s));
    QVERIFY(path);
    m_url = u"sqlite:///"_s + path.value();
}

void TestAskCli::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
}

TestAskCli::Outcome TestAskCli::run(const QStringList &arguments)
{
    sqlmend::test::CliOptions options;
    options.environment.insert(u"SQLMEND_TEST_KEY"_s, u"test-key"_s);
    options.environment.insert(u"XDG_DATA_HOME"_s, m_dir.filePath(u"data"_s));
    options.timeoutMs = 60000;
    return sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY), QStringList{u"ask"_s} + arguments,
                                 options);
}

QStringList TestAskCli::scripted(const QStringList &extra) const
{
    return QStringList{u"--db"_s,          m_url,
                       u"--llm-url"_s,     m_server->url(u"/v1"_s).toString(),
                       u"--model"_s,       u"scripted"_s,
                       u"--api-key-env"_s, u"SQLMEND_TEST_KEY"_s,
                       u"--no-stream"_s}
    + extra;
}

void TestAskCli::answerWith(const QString &sql)
{
    m_server->enqueue(
            Endpoint,
            ScriptedResponse::json(
                    200, ScriptedLlmServer::openAiBody(u"```sql\n"_s + sql + u"\n```"_s)));
}

void TestAskCli::checkShape(const QJsonObject &json)
{
    for (const QString &key : {u"question"_s, u"status"_s, u"final_sql"_s, u"columns"_s,
                               u"row_count"_s, u"rows"_s, u"llm_calls"_s, u"attempts"_s})
        QVERIFY2(json.contains(key), qPrintable(key));
    QVERIFY(json.value(u"columns"_s).isArray());
    QVERIFY(json.value(u"rows"_s).isArray());
    for (const QJsonValue &value : json.value(u"attempts"_s).toArray()) {
        const QJsonObject attempt = value.toObject();
        for (const QString &key :
             {u"index"_s, u"origin"_s, u"sql"_s, u"outcome"_s, u"class"_s, u"terminal"_s,
              u"root_cause"_s, u"advice"_s, u"ms"_s, u"tokens"_s})
            QVERIFY2(attempt.contains(key), qPrintable(key));
    }
}

void TestAskCli::correctsAgainstScriptedServer()
{
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(
                              200,
                              ScriptedLlmServer::openAiBody(u"```sql\nSELECT resident FROM users "
                                                            u"WHERE city = 'Osaka'\n```"_s)));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(
                              200,
                              ScriptedLlmServer::openAiBody(u"```sql\nSELECT username FROM users "
                                                            u"WHERE city = 'Osaka'\n```"_s)));
    const Outcome outcome = run(scripted({u"--question"_s, u"Who lives in Osaka?"_s, u"--json"_s,
                                          u"--max-corrections"_s, u"1"_s}));
    QCOMPARE(outcome.exitCode, 0);
    checkShape(outcome.json);
    QCOMPARE(outcome.json.value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(outcome.json.value(u"llm_calls"_s).toInt(), 2);
    QCOMPARE(outcome.json.value(u"row_count"_s).toInt(), 10);
    QCOMPARE(outcome.json.value(u"columns"_s).toArray(), QJsonArray{u"username"_s});
    const QJsonArray attempts = outcome.json.value(u"attempts"_s).toArray();
    QCOMPARE(attempts.size(), 2);
    const QJsonObject first = attempts.at(0).toObject();
    QCOMPARE(first.value(u"origin"_s).toString(), u"llm"_s);
    QCOMPARE(first.value(u"outcome"_s).toString(), u"error"_s);
    QCOMPARE(first.value(u"class"_s).toString(), u"column_missing"_s);
    QCOMPARE(first.value(u"root_cause"_s).toString(), u"no such column: resident"_s);
    QVERIFY(first.value(u"advice"_s).toString().contains(u"resident"_s));
    QCOMPARE(first.value(u"terminal"_s).toBool(), false);
    QCOMPARE(attempts.at(1).toObject().value(u"outcome"_s).toString(), u"ok"_s);
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(m_server->requests().at(0).header("authorization"), QByteArray("Bearer test-key"));
}

void TestAskCli::promptLanguage_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("questionLabel");
    QTest::newRow("default") << QStringList() << u"Question: "_s;
    QTest::newRow("zh_CN") << QStringList{u"--language"_s, u"zh_CN"_s} << u"问题："_s;
    QTest::newRow("en") << QStringList{u"--language"_s, u"en"_s} << u"Question: "_s;
}

void TestAskCli::promptLanguage()
{
    QFETCH(QStringList, extra);
    QFETCH(QString, questionLabel);
    m_server->enqueue(
            Endpoint,
            ScriptedResponse::json(200, ScriptedLlmServer::openAiBody(u"```sql\nSELECT 1\n```"_s)));
    const Outcome outcome =
            run(scripted(QStringList{u"--question"_s, u"多少用户？"_s, u"--json"_s} + extra));
    QCOMPARE(outcome.exitCode, 0);
    QCOMPARE(m_server->requests().size(), 1);
    const QString body = QString::fromUtf8(m_server->requests().at(0).body);
    const QJsonArray messages =
            QJsonDocument::fromJson(body.toUtf8()).object().value(u"messages"_s).toArray();
    QVERIFY(!messages.isEmpty());
    const QString user = messages.last().toObject().value(u"content"_s).toString();
    QVERIFY2(user.contains(questionLabel + u"多少用户？"_s), qPrintable(user));
}

void TestAskCli::statuses_data()
{
    QTest::addColumn<QStringList>("replies");
    QTest::addColumn<QString>("status");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("calls");
    QTest::newRow("terminal") << QStringList{u"```sql\nDELETE FROM users\n```"_s} << u"terminal"_s
                              << 1 << 1;
    QTest::newRow("failed") << QStringList{u"```sql\nSELECT a1 FROM users\n```"_s,
                                           u"```sql\nSELECT a2 FROM users\n```"_s,
                                           u"```sql\nSELECT a3 FROM users\n```"_s}
                            << u"failed"_s << 1 << 3;
}

void TestAskCli::statuses()
{
    QFETCH(QStringList, replies);
    QFETCH(QString, status);
    QFETCH(int, exitCode);
    QFETCH(int, calls);
    for (const QString &reply : replies)
        m_server->enqueue(Endpoint,
                          ScriptedResponse::json(200, ScriptedLlmServer::openAiBody(reply)));
    const Outcome outcome = run(scripted({u"--question"_s, u"x"_s, u"--json"_s}));
    QCOMPARE(outcome.exitCode, exitCode);
    checkShape(outcome.json);
    QCOMPARE(outcome.json.value(u"status"_s).toString(), status);
    QCOMPARE(outcome.json.value(u"llm_calls"_s).toInt(), calls);
    QVERIFY(!outcome.err.isEmpty());
}

void TestAskCli::demoProvider()
{
    const Outcome outcome =
            run({u"--db"_s, m_url, u"--provider"_s, u"demo"_s, u"--question"_s,
                 u"Who are the top 10 customers by total spending?"_s, u"--json"_s});
    QCOMPARE(outcome.exitCode, 0);
    checkShape(outcome.json);
    QCOMPARE(outcome.json.value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(outcome.json.value(u"row_count"_s).toInt(), 10);
    const QJsonArray attempts = outcome.json.value(u"attempts"_s).toArray();
    QCOMPARE(attempts.size(), 2);
    QCOMPARE(attempts.at(0).toObject().value(u"class"_s).toString(), u"column_missing"_s);
    QCOMPARE(attempts.at(1).toObject().value(u"origin"_s).toString(), u"autofix:fix_spelling"_s);
    QCOMPARE(outcome.json.value(u"llm_calls"_s).toInt(), 1);
}

void TestAskCli::storesCases()
{
    const QString store = m_dir.filePath(u"cases.db"_s);
    const Outcome outcome =
            run({u"--db"_s, m_url, u"--provider"_s, u"demo"_s, u"--cases"_s, store, u"--question"_s,
                 u"How many users are there in each city?"_s, u"--json"_s});
    QCOMPARE(outcome.exitCode, 0);
    QCOMPARE(outcome.json.value(u"row_count"_s).toInt(), 6);
    QVERIFY(QFile::exists(store));
}

void TestAskCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no db") << QStringList{u"--question"_s, u"x"_s, u"--provider"_s, u"demo"_s};
    QTest::newRow("no question") << QStringList{u"--db"_s, u"sqlite::memory:"_s, u"--provider"_s,
                                                u"demo"_s};
    QTest::newRow("empty question") << QStringList{u"--db"_s, u"sqlite::memory:"_s, u"--question"_s,
                                                   u""_s,     u"--provider"_s,      u"demo"_s};
    QTest::newRow("no model") << QStringList{u"--db"_s, u"sqlite::memory:"_s, u"--question"_s,
                                             u"x"_s};
    QTest::newRow("bad provider") << QStringList{u"--db"_s, u"sqlite::memory:"_s, u"--question"_s,
                                                 u"x"_s,    u"--provider"_s,      u"oracle"_s};
    QTest::newRow("bad corrections") << QStringList{
            u"--db"_s, u"sqlite::memory:"_s,   u"--question"_s, u"x"_s, u"--provider"_s,
            u"demo"_s, u"--max-corrections"_s, u"-1"_s};
    QTest::newRow("unset key variable")
            << QStringList{u"--db"_s,          u"sqlite::memory:"_s,
                           u"--question"_s,    u"x"_s,
                           u"--model"_s,       u"m"_s,
                           u"--api-key-env"_s, u"SQLMEND_SURELY_UNSET_VARIABLE"_s};
    QTest::newRow("bad db url") << QStringList{u"--db"_s, u"ftp://x"_s,    u"--question"_s,
                                               u"x"_s,    u"--provider"_s, u"demo"_s};
    QTest::newRow("unknown option") << QStringList{u"--frobnicate"_s};
    QTest::newRow("unknown language") << QStringList{
            u"--db"_s, u"sqlite::memory:"_s, u"--question"_s, u"x"_s, u"--provider"_s,
            u"demo"_s, u"--language"_s,      u"xx"_s};
    QTest::newRow("unset password variable")
            << QStringList{u"--db"_s,           u"sqlite::memory:"_s,
                           u"--question"_s,     u"x"_s,
                           u"--provider"_s,     u"demo"_s,
                           u"--password-env"_s, u"SQLMEND_SURELY_UNSET_VARIABLE"_s};
}

void TestAskCli::badUsage()
{
    QFETCH(QStringList, arguments);
    const Outcome outcome = run(arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY(outcome.err.startsWith("sqlmend ask: "));
    QVERIFY(outcome.out.isEmpty());
}

void TestAskCli::printsTableWithoutJson()
{
    const Outcome outcome = run({u"--db"_s, m_url, u"--provider"_s, u"demo"_s, u"--question"_s,
                                 u"What is the total payment amount per payment method?"_s});
    QCOMPARE(outcome.exitCode, 0);
    QVERIFY(outcome.out.startsWith("SELECT method"));
    QVERIFY(outcome.out.contains("method\tpayments\ttotal_amount\n"));
}

// The answer keeps its first rows (LoopPolicy::keepRows, 200) of the rows fetched (maxRows,
// 1000): row_count and row_status say how many there were, and standard error says what was left
// out.
void TestAskCli::saysWhenRowsAreLeftOut_data()
{
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("rowCount");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QByteArray>("note"); // empty: no note
    QTest::newRow("all shown") << 150 << 150 << u"complete"_s << QByteArray();
    QTest::newRow("all fetched, some shown")
            << 600 << 600 << u"complete"_s << QByteArray("200 of 600 rows shown");
    QTest::newRow("the fetch stopped")
            << 1500 << 1000 << u"partial"_s << QByteArray("200 of the first 1000 rows shown");
}

void TestAskCli::saysWhenRowsAreLeftOut()
{
    QFETCH(int, total);
    QFETCH(int, rowCount);
    QFETCH(QString, status);
    QFETCH(QByteArray, note);
    const QString sql = u"WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < "
                        u"%1) SELECT n FROM c"_s.arg(total);
    answerWith(sql);
    const Outcome outcome = run(scripted({u"--question"_s, u"Count to a number"_s, u"--json"_s}));
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(outcome.json.value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(outcome.json.value(u"row_count"_s).toInt(), rowCount);
    QCOMPARE(outcome.json.value(u"row_status"_s).toString(), status);
    QCOMPARE(outcome.json.value(u"rows"_s).toArray().size(), qMin(rowCount, 200));
    if (note.isEmpty())
        QVERIFY2(!outcome.err.contains("rows shown"), outcome.err.constData());
    else
        QVERIFY2(outcome.err.contains(note), outcome.err.constData());
}

// ask --json writes its cells as run --json does: an integral real keeps its point (as sqlite3
// and Python print it), so a script comparing the two by text sees the same answer.
void TestAskCli::cellsAsRunWritesThem()
{
    const QString sql = u"SELECT 651421.0 AS whole, -3.0 AS negative, 2.5 AS half, 7 AS count, "
                        u"NULL AS missing, 'a\"b' AS text"_s;
    answerWith(sql);
    const Outcome asked = run(scripted({u"--question"_s, u"Some numbers"_s, u"--json"_s}));
    QVERIFY2(asked.exitCode == 0, asked.err.constData());
    checkShape(asked.json);
    QCOMPARE(asked.json.value(u"status"_s).toString(), u"ok"_s);
    const QByteArray cells = R"([[651421.0,-3.0,2.5,7,null,"a\"b"]])";
    QVERIFY2(asked.out.contains("\"rows\":" + cells), asked.out.constData());

    const sqlmend::test::CliRun ran =
            sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY),
                                  {u"run"_s, u"--db"_s, m_url, u"--sql"_s, sql, u"--json"_s});
    QVERIFY2(ran.exitCode == 0, ran.err.constData());
    QVERIFY2(ran.out.contains("\"rows\":" + cells), ran.out.constData());
    QCOMPARE(asked.json.value(u"rows"_s), ran.json.value(u"rows"_s));
    QCOMPARE(asked.json.value(u"columns"_s), ran.json.value(u"columns"_s));
}

QTEST_GUILESS_MAIN(TestAskCli)
#include "tst_askcli.moc"
