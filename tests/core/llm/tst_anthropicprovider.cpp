#include "core/llm/anthropicprovider.h"

#include "tests/core/llm/llmtestrun.h"
#include "tests/support/scriptedllmserver.h"

#include <QJsonArray>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {
const QString Endpoint = u"/v1/messages"_s;
}

class tst_AnthropicProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void nonStreamingReply();
    void streamingReply_data();
    void streamingReply();
    void errorEvent_data();
    void errorEvent();
    void creditTooLowIsQuota();
    void overloadedThenSuccess();

private:
    ProviderSettings settings() const;
    static ChatRequest request();

    std::unique_ptr<ScriptedLlmServer> m_server;
};

void tst_AnthropicProvider::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
}

ProviderSettings tst_AnthropicProvider::settings() const
{
    ProviderSettings result;
    result.kind = ProviderKind::Anthropic;
    result.baseUrl = m_server->url();
    result.model = u"claude-test"_s;
    result.apiKey = u"sk-ant-test"_s;
    result.retryBaseDelayMs = 20;
    result.retryMaxDelayMs = 3000;
    return result;
}

ChatRequest tst_AnthropicProvider::request()
{
    ChatRequest request;
    request.messages = {{ChatRole::System, u"You write PostgreSQL."_s},
                        {ChatRole::User, u"Top products?"_s}};
    request.temperature = 0.2;
    return request;
}

void tst_AnthropicProvider::nonStreamingReply()
{
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(200, ScriptedLlmServer::anthropicBody(u"SELECT 1"_s)));
    ProviderSettings s = settings();
    s.stream = false;
    const LlmTestRun run = LlmTestRun::run(s, request());
    QVERIFY(run.result.hasValue());
    QCOMPARE(run.result->text, u"SELECT 1"_s);
    QCOMPARE(run.result->usage.prompt, 13);
    QCOMPARE(run.result->usage.completion, 9);
    QCOMPARE(run.result->usage.total, 22);
    QCOMPARE(run.result->finishReason, u"end_turn"_s);
    QCOMPARE(run.result->model, u"scripted-claude"_s);

    const RecordedRequest &sent = m_server->requests().constFirst();
    QCOMPARE(sent.path, Endpoint);
    QCOMPARE(sent.header("x-api-key"), QByteArray("sk-ant-test"));
    QCOMPARE(sent.header("anthropic-version"), QByteArray("2023-06-01"));
    QVERIFY(sent.header("authorization").isEmpty());
    const QJsonObject body = sent.json();
    QCOMPARE(body.value(u"system"_s).toString(), u"You write PostgreSQL."_s);
    const QJsonArray messages = body.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.at(0).toObject().value(u"role"_s).toString(), u"user"_s);
    QVERIFY(body.value(u"max_tokens"_s).toInt() > 0);
    QVERIFY(!body.contains(u"stream"_s));
}

void tst_AnthropicProvider::streamingReply_data()
{
    QTest::addColumn<QList<QByteArray>>("events");
    QTest::addColumn<int>("delayMs");
    const QStringList pieces = {u"```sql\nSELECT name"_s, u" FROM products\n```"_s};
    const QList<QByteArray> events = ScriptedLlmServer::anthropicStream(pieces);
    QTest::newRow("event per chunk") << events << 5;
    QTest::newRow("one chunk") << QList<QByteArray>{events.join()} << 0;
    const QByteArray all = events.join();
    QList<QByteArray> bytes;
    for (qsizetype i = 0; i < all.size(); i += 7)
        bytes.append(all.mid(i, 7));
    QTest::newRow("seven-byte chunks") << bytes << 1;
}

void tst_AnthropicProvider::streamingReply()
{
    QFETCH(QList<QByteArray>, events);
    QFETCH(int, delayMs);
    m_server->enqueue(Endpoint, ScriptedResponse::sse(events, delayMs));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY2(run.result.hasValue(),
             qPrintable(run.result.hasValue() ? QString() : run.result.error().message));
    const QString expected = u"```sql\nSELECT name FROM products\n```"_s;
    QCOMPARE(run.result->text, expected);
    QCOMPARE(run.text(), expected);
    QVERIFY(run.result->usage.known);
    QCOMPARE(run.result->usage.prompt, 25);
    QCOMPARE(run.result->usage.completion, 15);
    QCOMPARE(run.result->usage.total, 40);
    QCOMPARE(run.result->finishReason, u"end_turn"_s);
    QCOMPARE(m_server->requests().constFirst().json().value(u"stream"_s).toBool(), true);
}

void tst_AnthropicProvider::errorEvent_data()
{
    QTest::addColumn<bool>("afterOutput");
    QTest::addColumn<int>("requests");
    QTest::newRow("before any text: retried") << false << 2;
    QTest::newRow("after text: final") << true << 1;
}

void tst_AnthropicProvider::errorEvent()
{
    QFETCH(bool, afterOutput);
    QFETCH(int, requests);
    QList<QByteArray> events = ScriptedLlmServer::anthropicStream({u"SELECT "_s});
    events = events.mid(0, afterOutput ? 4 : 3); // up to (and maybe including) the first delta
    events.append(
            "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\","
            "\"message\":\"Overloaded\"}}\n\n");
    m_server->enqueue(Endpoint, ScriptedResponse::sse(events, 2));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::anthropicStream({u"SELECT 1"_s})));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QCOMPARE(m_server->requests().size(), requests);
    QCOMPARE(run.finishedCount, 1);
    if (afterOutput) {
        QVERIFY(!run.result.hasValue());
        QCOMPARE(run.result.error().kind, LlmError::Kind::Server);
        QVERIFY(run.result.error().message.contains(u"Overloaded"_s));
        QCOMPARE(run.text(), u"SELECT "_s);
    } else {
        QVERIFY(run.result.hasValue());
        QCOMPARE(run.result->text, u"SELECT 1"_s);
        QCOMPARE(run.result->transportRetries, 1);
    }
}

void tst_AnthropicProvider::creditTooLowIsQuota()
{
    m_server->enqueue(
            Endpoint,
            ScriptedResponse::json(
                    400,
                    R"({"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."}})"));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.result.error().kind, LlmError::Kind::Quota);
    QVERIFY(run.result.error().message.contains(u"credit balance is too low"_s));
    QCOMPARE(m_server->requests().size(), 1);
}

void tst_AnthropicProvider::overloadedThenSuccess()
{
    m_server->enqueue(
            Endpoint,
            ScriptedResponse::json(
                    529,
                    R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})"));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::anthropicStream({u"SELECT 5"_s})));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(run.result.hasValue());
    QCOMPARE(run.result->text, u"SELECT 5"_s);
    QCOMPARE(run.result->transportRetries, 1);
}

QTEST_GUILESS_MAIN(tst_AnthropicProvider)
#include "tst_anthropicprovider.moc"
