#include "tests/support/cliprocess.h"
#include "tests/support/scriptedllmserver.h"
#include "tests/support/shareddata.h"
#include "tests/support/wirerecording.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {
const QString FirstRecording = u"01-openai-gpt4o-mini-stream-usage.json"_s;
}

// The real model-server replies recorded in ../shared/wire (29 exchanges), replayed byte for byte
// to `sqlmend ask` by a scripted server: each one is parsed as its "expect" block says, verbatim
// and with SQL spliced into its answer text, including the two replies cut off by the token limit.
class TestWireReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void replays_data();
    void replays();

private:
    QTemporaryDir m_dir;
    QString m_url;
    QList<WireRecording> m_recordings;
};

void TestWireReplay::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The orders the spliced answers are written for (README of the recordings).
    const QString path = m_dir.filePath(u"orders.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(
                u"CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, total REAL)"_s));
        QVERIFY(query.exec(
                u"INSERT INTO orders VALUES (1, 'ann', 60), (2, 'bob', 75), (3, 'cid', 20), "
                "(4, 'dee', 5), (5, 'ann', 90)"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    m_url = u"sqlite:///"_s + path;
}

void TestWireReplay::replays_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("spliced");
    const QString dir = sharedDataDir("SQLMEND_WIRE_DIR", u"wire/recordings"_s, FirstRecording);
    if (dir.isEmpty())
        return; // replays() skips (or fails under CI) with the reason
    m_recordings = WireRecording::loadAll(dir);
    for (int i = 0; i < m_recordings.size(); ++i) {
        const WireRecording &recording = m_recordings.at(i);
        if (recording.expect.contains(u"verbatim"))
            QTest::addRow("%s/verbatim", qPrintable(recording.id)) << i << false;
        if (recording.expect.contains(u"spliced") && !recording.splice.isEmpty())
            QTest::addRow("%s/spliced", qPrintable(recording.id)) << i << true;
    }
}

void TestWireReplay::replays()
{
    QString dir;
    SQLMEND_REQUIRE_SHARED_DATA(dir, "SQLMEND_WIRE_DIR", u"wire/recordings"_s, FirstRecording);
    QVERIFY2(m_recordings.size() == 29, qPrintable(dir));
    QFETCH(int, index);
    QFETCH(bool, spliced);
    const WireRecording &recording = m_recordings.at(index);
    const QJsonObject expect =
            recording.expect.value(spliced ? u"spliced"_s : u"verbatim"_s).toObject();

    ScriptedLlmServer server;
    QVERIFY(server.listen());
    const bool anthropic = recording.provider == u"anthropic"_s;
    const QString endpoint = anthropic ? u"/v1/messages"_s : u"/v1/chat/completions"_s;
    const int requests = expect.value(u"requests").toInt(1);
    for (int i = 0; i < requests; ++i)
        server.enqueue(endpoint, recording.response(spliced));

    QStringList arguments{u"ask"_s,
                          u"--db"_s,
                          m_url,
                          u"--question"_s,
                          u"Which customers spent the most?"_s,
                          u"--llm-url"_s,
                          server.url(u"/v1"_s).toString(),
                          u"--model"_s,
                          u"recorded"_s,
                          u"--api-key-env"_s,
                          u"SQLMEND_TEST_KEY"_s,
                          u"--max-corrections"_s,
                          u"0"_s,
                          u"--json"_s};
    if (anthropic)
        arguments << u"--provider"_s << u"anthropic"_s;
    if (!recording.stream)
        arguments << u"--no-stream"_s;
    CliOptions options;
    options.environment.insert(u"SQLMEND_TEST_KEY"_s, u"test-key"_s);
    isolate(options.environment, m_dir.filePath(u"home"_s));
    options.timeoutMs = 120000;
    const CliRun run = runCli(QStringLiteral(SQLMEND_BINARY), arguments, options);

    const QJsonObject &json = run.json;
    QVERIFY2(!json.isEmpty(), run.err.constData());
    QCOMPARE(run.exitCode, expect.value(u"exit").toInt());
    QCOMPARE(int(server.requests().size()), requests);

    const QString reason = json.value(u"reason").toString();
    for (const QJsonValue &part : expect.value(u"reason_has").toArray())
        QVERIFY2(reason.contains(part.toString(), Qt::CaseInsensitive),
                 qPrintable(part.toString() + u" not in: "_s + reason));
    if (expect.contains(u"reason_has_any")) {
        bool any = false;
        for (const QJsonValue &part : expect.value(u"reason_has_any").toArray())
            any = any || reason.contains(part.toString(), Qt::CaseInsensitive);
        QVERIFY2(any, qPrintable(u"none of the words in: "_s + reason));
    }
    if (expect.contains(u"tokens"))
        QCOMPARE(json.value(u"tokens").toInteger(), expect.value(u"tokens").toInteger());
    if (expect.value(u"tokens_estimated").toBool())
        QVERIFY(json.value(u"tokens").toInteger() > 0);

    // What the client took from the reply: the first model attempt's text.
    const QJsonArray attempts = json.value(u"attempts").toArray();
    QVERIFY(!attempts.isEmpty());
    const QJsonObject first = attempts.first().toObject();
    QCOMPARE(first.value(u"reply_text").toString(), expect.value(u"answer_text").toString());
    if (expect.contains(u"kind_in")) {
        QStringList outcomes;
        for (const QJsonValue &span : first.value(u"spans").toArray()) {
            if (span.toObject().value(u"name").toString() == u"generate")
                outcomes.append(span.toObject().value(u"outcome").toString());
        }
        bool known = false;
        for (const QJsonValue &kind : expect.value(u"kind_in").toArray())
            known = known || outcomes.contains(kind.toString());
        QVERIFY2(known, qPrintable(outcomes.join(u", ")));
    }
    if (expect.contains(u"status"))
        QCOMPARE(json.value(u"status").toString(), expect.value(u"status").toString());
    if (expect.contains(u"sql"))
        QCOMPARE(json.value(u"final_sql").toString(), expect.value(u"sql").toString());
    if (expect.contains(u"row_count"))
        QCOMPARE(json.value(u"row_count").toInt(), expect.value(u"row_count").toInt());
    // A reply cut off by the token limit is never run, and says so.
    if (recording.id.startsWith(u"probe-length"_s)) {
        QVERIFY(first.value(u"truncated").toBool());
        QCOMPARE(first.value(u"finish_reason").toString(), u"length"_s);
        QCOMPARE(first.value(u"row_count").toInt(), 0);
    }
}

QTEST_GUILESS_MAIN(TestWireReplay)
#include "tst_wirereplay.moc"
