#include "core/llm/openaicompatibleprovider.h"

#include "tests/core/llm/llmtestrun.h"
#include "tests/support/scriptedllmserver.h"

#include <QJsonArray>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {
const QString Endpoint = u"/v1/chat/completions"_s;
}

class tst_OpenAiCompatibleProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void nonStreamingReply();
    void streamingReply_data();
    void streamingReply();
    void splitAtEveryByteBoundary();
    void retryAfterIsHonoured_data();
    void retryAfterIsHonoured();
    void serviceUnavailableTwiceThenSuccess();
    void retriesExhausted();
    void noRetryAfterOutputStreamed();
    void streamErrorBeforeOutputIsRetried();
    void notRetried_data();
    void notRetried();
    void badReplies_data();
    void badReplies();
    void connectionRefused();
    void requestTimeout();
    void connectTimeout();
    void cancelMidStream();
    void cancelWhileWaitingToRetry();
    void invalidSettingsFailClearly();
    void worksOnAWorkerThread();

private:
    ProviderSettings settings() const;
    static ChatRequest request();

    std::unique_ptr<ScriptedLlmServer> m_server;
};

void tst_OpenAiCompatibleProvider::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
}

ProviderSettings tst_OpenAiCompatibleProvider::settings() const
{
    ProviderSettings result;
    result.kind = ProviderKind::OpenAiCompatible;
    result.baseUrl = m_server->url(u"/v1/"_s);
    result.model = u"scripted-model"_s;
    result.apiKey = u"sk-test"_s;
    result.retryBaseDelayMs = 20;
    result.retryMaxDelayMs = 3000;
    result.connectTimeoutMs = 5000;
    result.requestTimeoutMs = 10000;
    return result;
}

ChatRequest tst_OpenAiCompatibleProvider::request()
{
    ChatRequest request;
    request.messages = {{ChatRole::System, u"You write SQLite SQL."_s},
                        {ChatRole::User, u"How many users are there?"_s}};
    return request;
}

void tst_OpenAiCompatibleProvider::nonStreamingReply()
{
    const QString answer = u"Here:\n```sql\nSELECT count(*) FROM users\n```"_s;
    m_server->enqueue(Endpoint, ScriptedResponse::json(200, ScriptedLlmServer::openAiBody(answer)));
    ProviderSettings s = settings();
    s.stream = false;
    const LlmTestRun run = LlmTestRun::run(s, request());
    QVERIFY(!run.timedOut);
    QVERIFY2(run.result.hasValue(),
             qPrintable(run.result.hasValue() ? QString() : run.result.error().message));
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result->text, answer);
    QCOMPARE(run.text(), answer);
    QVERIFY(run.result->usage.known);
    QCOMPARE(run.result->usage.prompt, 11);
    QCOMPARE(run.result->usage.completion, 7);
    QCOMPARE(run.result->usage.total, 18);
    QCOMPARE(run.result->model, u"scripted-model"_s);
    QCOMPARE(run.result->finishReason, u"stop"_s);
    QCOMPARE(run.result->transportRetries, 0);

    QCOMPARE(m_server->requests().size(), 1);
    const RecordedRequest &sent = m_server->requests().constFirst();
    QCOMPARE(sent.path, Endpoint);
    QCOMPARE(sent.header("authorization"), QByteArray("Bearer sk-test"));
    const QJsonObject body = sent.json();
    QCOMPARE(body.value(u"model"_s).toString(), u"scripted-model"_s);
    QCOMPARE(body.value(u"stream"_s).toBool(true), false);
    const QJsonArray messages = body.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages.at(1).toObject().value(u"content"_s).toString(),
             u"How many users are there?"_s);
}

void tst_OpenAiCompatibleProvider::streamingReply_data()
{
    QTest::addColumn<QList<QByteArray>>("events");
    QTest::addColumn<bool>("usageKnown");
    const QStringList pieces = {u"```sql\nSELECT "_s, u"count(*) "_s, u"FROM users\n```"_s};
    const QList<QByteArray> plain = ScriptedLlmServer::openAiStream(pieces);
    QTest::newRow("lf") << plain << true;
    QList<QByteArray> crlf;
    for (QByteArray event : plain)
        crlf.append(event.replace("\n", "\r\n"));
    QTest::newRow("crlf") << crlf << true;
    QList<QByteArray> keepAlive;
    for (const QByteArray &event : plain)
        keepAlive << QByteArray(": keep-alive\n\n") << event << QByteArray(":\n");
    QTest::newRow("comments and keep-alive") << keepAlive << true;
    QTest::newRow("no usage reported") << ScriptedLlmServer::openAiStream(pieces, false) << false;
    QTest::newRow("finish_reason without [DONE]")
            << ScriptedLlmServer::openAiStream(pieces, true, false) << true;
    QTest::newRow("all in one chunk") << QList<QByteArray>{plain.join()} << true;
}

void tst_OpenAiCompatibleProvider::streamingReply()
{
    QFETCH(QList<QByteArray>, events);
    QFETCH(bool, usageKnown);
    m_server->enqueue(Endpoint, ScriptedResponse::sse(events, 5));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY2(run.result.hasValue(),
             qPrintable(run.result.hasValue() ? QString() : run.result.error().message));
    QCOMPARE(run.finishedCount, 1);
    const QString expected = u"```sql\nSELECT count(*) FROM users\n```"_s;
    QCOMPARE(run.result->text, expected);
    QCOMPARE(run.text(), expected);
    QCOMPARE(run.result->usage.known, usageKnown);
    if (usageKnown) {
        QCOMPARE(run.result->usage.prompt, 21);
        QCOMPARE(run.result->usage.completion, 5);
        QCOMPARE(run.result->usage.total, 26);
    } else {
        QVERIFY(run.result->usage.prompt > 0); // estimated
        QVERIFY(run.result->usage.completion > 0);
    }
    const QJsonObject body = m_server->requests().constFirst().json();
    QCOMPARE(body.value(u"stream"_s).toBool(), true);
    QCOMPARE(body.value(u"stream_options"_s).toObject().value(u"include_usage"_s).toBool(), true);
}

void tst_OpenAiCompatibleProvider::splitAtEveryByteBoundary()
{
    const QByteArray stream =
            "data: {\"choices\":[{\"delta\":{\"content\":\"\xE4\xBD\x99\xE9\xA2\x9D \"}}]}\n\n"
            ": ping\r\n\r\n"
            "data: "
            "{\"choices\":[{\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\r\n\r\n"
            "data: [DONE]\n\n";
    for (int offset = 1; offset < stream.size(); ++offset) {
        m_server->enqueue(Endpoint, ScriptedResponse::sseSplit(stream, {offset}, 3));
        const LlmTestRun run = LlmTestRun::run(settings(), request());
        if (!run.result.hasValue())
            QFAIL(qPrintable(u"split at %1: %2"_s.arg(offset).arg(run.result.error().message)));
        QCOMPARE(run.result->text, u"余额 ok"_s);
        QCOMPARE(run.finishedCount, 1);
    }
}

void tst_OpenAiCompatibleProvider::retryAfterIsHonoured_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<int>("delayMs");
    QTest::newRow("retry-after-ms") << QByteArray("retry-after-ms") << QByteArray("150") << 150;
    QTest::newRow("Retry-After seconds") << QByteArray("Retry-After") << QByteArray("1") << 1000;
}

void tst_OpenAiCompatibleProvider::retryAfterIsHonoured()
{
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, value);
    QFETCH(int, delayMs);
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(
                              429, R"({"error":{"message":"Rate limit reached for requests"}})",
                              {{header, value}}));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::openAiStream({u"SELECT 1"_s})));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(run.result.hasValue());
    QCOMPARE(run.result->text, u"SELECT 1"_s);
    QCOMPARE(run.result->transportRetries, 1);
    QCOMPARE(run.retryDelays, QList<int>{delayMs});
    QVERIFY2(run.elapsedMs >= delayMs - 20, qPrintable(QString::number(run.elapsedMs)));
    QCOMPARE(m_server->requests().size(), 2);
    // The same prompt went out twice.
    QCOMPARE(m_server->requests().at(0).body, m_server->requests().at(1).body);
}

void tst_OpenAiCompatibleProvider::serviceUnavailableTwiceThenSuccess()
{
    m_server->enqueue(Endpoint, ScriptedResponse::json(503, "overloaded"));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(502, "<html><body>Bad gateway</body></html>"));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::openAiStream({u"SELECT 2"_s})));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(run.result.hasValue());
    QCOMPARE(run.result->text, u"SELECT 2"_s);
    QCOMPARE(run.result->transportRetries, 2);
    QCOMPARE(run.retryDelays.size(), 2);
    QCOMPARE(m_server->requests().size(), 3);
}

void tst_OpenAiCompatibleProvider::retriesExhausted()
{
    for (int i = 0; i < 5; ++i)
        m_server->enqueue(Endpoint, ScriptedResponse::json(503, R"({"error":{"message":"busy"}})"));
    ProviderSettings s = settings();
    s.maxTransportRetries = 2;
    const LlmTestRun run = LlmTestRun::run(s, request());
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.result.error().kind, LlmError::Kind::Server);
    QCOMPARE(run.result.error().httpStatus, 503);
    QCOMPARE(run.result.error().transportRetries, 2);
    QVERIFY2(run.result.error().message.contains(u"gave up after 2"_s),
             qPrintable(run.result.error().message));
    QCOMPARE(m_server->requests().size(), 3);
}

void tst_OpenAiCompatibleProvider::noRetryAfterOutputStreamed()
{
    QList<QByteArray> events = ScriptedLlmServer::openAiStream({u"SELECT "_s, u"1"_s});
    events = events.mid(0, 3); // role chunk and two deltas, then the connection resets
    ScriptedResponse broken = ScriptedResponse::sse(events, 5);
    broken.dropAfterChunks = true;
    m_server->enqueue(Endpoint, broken);
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::openAiStream({u"SELECT 3"_s})));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(run.text(), u"SELECT 1"_s);
    QVERIFY(run.retryDelays.isEmpty());
    QCOMPARE(run.result.error().transportRetries, 0);
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(m_server->pending(Endpoint), 1);
}

void tst_OpenAiCompatibleProvider::streamErrorBeforeOutputIsRetried()
{
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse({"data: {\"error\":{\"message\":\"The server is "
                                             "overloaded\",\"type\":\"server_error\"}}\n\n"}));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::openAiStream({u"SELECT 4"_s})));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(run.result.hasValue());
    QCOMPARE(run.result->text, u"SELECT 4"_s);
    QCOMPARE(run.result->transportRetries, 1);
    QCOMPARE(m_server->requests().size(), 2);
}

void tst_OpenAiCompatibleProvider::notRetried_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<LlmError::Kind>("kind");
    QTest::newRow("openai insufficient_quota 429")
            << 429
            << QByteArray(
                       R"({"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}})")
            << LlmError::Kind::Quota;
    QTest::newRow("deepseek 402")
            << 402
            << QByteArray(
                       R"({"error":{"message":"Insufficient Balance","type":"unknown_error","param":null,"code":"invalid_request_error"}})")
            << LlmError::Kind::Quota;
    QTest::newRow("qwen arrearage")
            << 400
            << QByteArray(
                       R"({"error":{"code":"Arrearage","message":"Access denied, please make sure your account is in good standing.","type":"Arrearage"}})")
            << LlmError::Kind::Quota;
    QTest::newRow("余额不足") << 403 << QByteArray(R"({"error":{"message":"余额不足"}})")
                              << LlmError::Kind::Quota;
    QTest::newRow("401")
            << 401 << QByteArray(R"({"error":{"message":"Incorrect API key provided: sk-test"}})")
            << LlmError::Kind::Auth;
    QTest::newRow("404 unknown model")
            << 404 << QByteArray(R"({"error":"model \"nope\" not found"})")
            << LlmError::Kind::BadRequest;
}

void tst_OpenAiCompatibleProvider::notRetried()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(LlmError::Kind, kind);
    m_server->enqueue(Endpoint, ScriptedResponse::json(status, body));
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(200, ScriptedLlmServer::openAiBody(u"SELECT 1"_s)));
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.result.error().kind, kind);
    QCOMPARE(run.result.error().httpStatus, status);
    QVERIFY(!run.result.error().bodyExcerpt.isEmpty());
    QVERIFY(run.retryDelays.isEmpty());
    QCOMPARE(m_server->requests().size(), 1);
}

void tst_OpenAiCompatibleProvider::badReplies_data()
{
    QTest::addColumn<ScriptedResponse>("response");
    QTest::addColumn<LlmError::Kind>("kind");
    QTest::addColumn<QString>("mentions");

    QTest::newRow("empty body") << ScriptedResponse::json(200, QByteArray())
                                << LlmError::Kind::MalformedReply << u"empty"_s;
    QTest::newRow("malformed json") << ScriptedResponse::json(200, R"({"choices": [)")
                                    << LlmError::Kind::MalformedReply << u"not valid JSON"_s;
    ScriptedResponse html =
            ScriptedResponse::json(200, "<!DOCTYPE html><html><body>Login</body></html>");
    html.headers = {{"Content-Type", "text/html"}};
    QTest::newRow("html page") << html << LlmError::Kind::MalformedReply << u"HTML page"_s;
    QTest::newRow("non-utf-8 json") << ScriptedResponse::json(
            200, "{\"choices\":[{\"message\":{\"content\":\"\xff\xfe\xc3\"}}]}")
                                    << LlmError::Kind::MalformedReply << u"not valid JSON"_s;
    QTest::newRow("no choices") << ScriptedResponse::json(200, R"({"id": "x"})")
                                << LlmError::Kind::MalformedReply << u"no choices"_s;
    QTest::newRow("10 MB body") << ScriptedResponse::json(200, QByteArray(10 * 1024 * 1024, 'x'))
                                << LlmError::Kind::TooLarge << u"larger than"_s;
    QList<QByteArray> noEnd = ScriptedLlmServer::openAiStream({u"SELECT 1"_s}, false, false);
    noEnd.removeLast(); // the finish_reason chunk
    QTest::newRow("stream without end")
            << ScriptedResponse::sse(noEnd) << LlmError::Kind::MalformedReply << u"ended before"_s;
    QTest::newRow("error object inside 200 stream")
            << ScriptedResponse::sse(
                       {"data: {\"error\":{\"message\":\"This model's maximum context length is "
                        "8192 tokens\",\"type\":\"invalid_request_error\"}}\n\n"})
            << LlmError::Kind::Server << u"maximum context length"_s;
    QTest::newRow("quota error inside 200 stream") << ScriptedResponse::sse(
            {"data: {\"error\":{\"message\":\"quota\",\"code\":\"insufficient_quota\"}}\n\n"})
                                                   << LlmError::Kind::Quota << u"quota"_s;
    QTest::newRow("stream event not json") << ScriptedResponse::sse({"data: {oops\n\n"})
                                           << LlmError::Kind::MalformedReply << u"not JSON"_s;
    QTest::newRow("stream event not utf-8") << ScriptedResponse::sse(
            {"data: {\"choices\":[{\"delta\":{\"content\":\"\xff\xff\"}}]}\n\n"})
                                            << LlmError::Kind::MalformedReply << u"not JSON"_s;
    const QByteArray huge = "data: {\"choices\":[{\"delta\":{\"content\":\""
            + QByteArray(5 * 1024 * 1024, 'y') + "\"}}]}\n\n";
    QTest::newRow("answer beyond the text cap")
            << ScriptedResponse::sse({huge}) << LlmError::Kind::TooLarge << u"beyond"_s;
    QTest::newRow("endless line") << ScriptedResponse::sse(
            QList<QByteArray>(10, QByteArray(1024 * 1024, 'z')))
                                  << LlmError::Kind::TooLarge << u"longer than"_s;
}

void tst_OpenAiCompatibleProvider::badReplies()
{
    QFETCH(ScriptedResponse, response);
    QFETCH(LlmError::Kind, kind);
    QFETCH(QString, mentions);
    m_server->enqueue(Endpoint, response);
    const LlmTestRun run = LlmTestRun::run(settings(), request());
    QVERIFY(!run.timedOut);
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.finishedCount, 1);
    QCOMPARE(LlmError::kindName(run.result.error().kind), LlmError::kindName(kind));
    QVERIFY2(run.result.error().message.contains(mentions), qPrintable(run.result.error().message));
    QCOMPARE(m_server->requests().size(), 1); // none of these is retried
}

void tst_OpenAiCompatibleProvider::connectionRefused()
{
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    } // closed: nothing listens there now
    ProviderSettings s = settings();
    QUrl url = s.baseUrl;
    url.setPort(port);
    s.baseUrl = url;
    s.maxTransportRetries = 2;
    const LlmTestRun run = LlmTestRun::run(s, request());
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.result.error().kind, LlmError::Kind::Network);
    QCOMPARE(run.result.error().transportRetries, 2);
    QCOMPARE(run.retryDelays.size(), 2);
    QVERIFY(run.result.error().message.contains(QString::number(port)));
}

void tst_OpenAiCompatibleProvider::requestTimeout()
{
    ScriptedResponse silent;
    silent.silent = true;
    m_server->enqueue(Endpoint, silent);
    m_server->enqueue(Endpoint, silent);
    ProviderSettings s = settings();
    s.requestTimeoutMs = 300;
    s.maxTransportRetries = 1;
    const LlmTestRun run = LlmTestRun::run(s, request());
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.result.error().kind, LlmError::Kind::Timeout);
    QCOMPARE(run.result.error().transportRetries, 1);
    QVERIFY(run.elapsedMs >= 500);
    QVERIFY(run.elapsedMs < 10000);
    QCOMPARE(m_server->requests().size(), 2);
}

void tst_OpenAiCompatibleProvider::connectTimeout()
{
    // A listener with a full accept queue that never accepts: further SYNs are dropped, so a
    // connect hangs the way it does towards a host that does not answer.
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    QCOMPARE(::listen(fd, 0), 0);
    socklen_t length = sizeof address;
    QCOMPARE(::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length), 0);
    const quint16 port = ntohs(address.sin_port);
    std::vector<std::unique_ptr<QTcpSocket>> fillers;
    for (int i = 0; i < 4; ++i) {
        fillers.push_back(std::make_unique<QTcpSocket>());
        fillers.back()->connectToHost(QHostAddress::LocalHost, port);
        fillers.back()->waitForConnected(200);
    }

    ProviderSettings s = settings();
    QUrl url = s.baseUrl;
    url.setPort(port);
    s.baseUrl = url;
    s.connectTimeoutMs = 300;
    s.maxTransportRetries = 1;
    const LlmTestRun run = LlmTestRun::run(s, request());
    fillers.clear();
    ::close(fd);
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.result.error().kind, LlmError::Kind::Timeout);
    QVERIFY2(run.result.error().message.contains(u"connect"_s),
             qPrintable(run.result.error().message));
    QCOMPARE(run.result.error().transportRetries, 1);
    QVERIFY(run.elapsedMs >= 500);
    QVERIFY(run.elapsedMs < 10000);
}

void tst_OpenAiCompatibleProvider::cancelMidStream()
{
    QStringList pieces;
    for (int i = 0; i < 20; ++i)
        pieces.append(u"piece%1 "_s.arg(i));
    m_server->enqueue(Endpoint, ScriptedResponse::sse(ScriptedLlmServer::openAiStream(pieces), 50));
    const Result<std::shared_ptr<LlmProvider>> provider = LlmProvider::create(settings());
    QVERIFY(provider.hasValue());
    std::unique_ptr<LlmCall> call((*provider)->start(request()));
    QSignalSpy finished(call.get(), &LlmCall::finished);
    QSignalSpy deltas(call.get(), &LlmCall::textDelta);
    QTRY_VERIFY_WITH_TIMEOUT(deltas.size() >= 2, 10000);
    call->cancel();
    QCOMPARE(finished.size(), 1);
    const qsizetype seen = deltas.size();
    QTest::qWait(300); // the server keeps sending; nothing may reach us
    QCOMPARE(deltas.size(), seen);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(call->result().error().kind, LlmError::Kind::Cancelled);
    call->cancel(); // a second cancel is harmless
    QCOMPARE(finished.size(), 1);
}

void tst_OpenAiCompatibleProvider::cancelWhileWaitingToRetry()
{
    m_server->enqueue(Endpoint, ScriptedResponse::json(429, "{}", {{"retry-after-ms", "2500"}}));
    const Result<std::shared_ptr<LlmProvider>> provider = LlmProvider::create(settings());
    QVERIFY(provider.hasValue());
    std::unique_ptr<LlmCall> call((*provider)->start(request()));
    QSignalSpy finished(call.get(), &LlmCall::finished);
    QSignalSpy retrying(call.get(), &LlmCall::retrying);
    QVERIFY(retrying.wait(10000));
    QCOMPARE(retrying.constFirst().at(1).toInt(), 2500);
    call->cancel();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(call->result().error().kind, LlmError::Kind::Cancelled);
    QCOMPARE(call->result().error().transportRetries, 1);
    QTest::qWait(100);
    QCOMPARE(m_server->requests().size(), 1);
}

void tst_OpenAiCompatibleProvider::invalidSettingsFailClearly()
{
    ProviderSettings s = settings();
    s.model.clear();
    const LlmTestRun run = LlmTestRun::run(s, request());
    QVERIFY(!run.result.hasValue());
    QCOMPARE(run.result.error().kind, LlmError::Kind::InvalidSettings);
    QVERIFY(run.result.error().message.contains(u"model"_s));
    // Started directly, the call also fails cleanly instead of sending.
    OpenAiCompatibleProvider direct(s);
    std::unique_ptr<LlmCall> call(direct.start(request()));
    QSignalSpy finished(call.get(), &LlmCall::finished);
    QVERIFY(finished.wait(5000));
    QCOMPARE(call->result().error().kind, LlmError::Kind::InvalidSettings);
    QVERIFY(m_server->requests().isEmpty());
}

void tst_OpenAiCompatibleProvider::worksOnAWorkerThread()
{
    m_server->enqueue(
            Endpoint,
            ScriptedResponse::sse(ScriptedLlmServer::openAiStream({u"SELECT "_s, u"7"_s}), 5));
    const Result<std::shared_ptr<LlmProvider>> provider = LlmProvider::create(settings());
    QVERIFY(provider.hasValue());
    QThread thread;
    auto *context = new QObject;
    context->moveToThread(&thread);
    connect(&thread, &QThread::finished, context, &QObject::deleteLater);
    thread.start();

    // The call lives on the worker; its values reach this thread through queued signals.
    QObject receiver;
    QStringList deltas;
    ChatResult result = makeUnexpected(LlmError());
    bool done = false;
    bool onWorker = false;
    QMetaObject::invokeMethod(context, [&, context] {
        LlmCall *call = (*provider)->start(request(), context);
        onWorker = call->thread() == &thread;
        connect(call, &LlmCall::textDelta, &receiver,
                [&](const QString &delta) { deltas << delta; });
        connect(call, &LlmCall::finished, &receiver, [&](const ChatResult &value) {
            result = value;
            done = true;
        });
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    thread.quit();
    QVERIFY(thread.wait(5000));
    QVERIFY(onWorker);
    QVERIFY(result.hasValue());
    QCOMPARE(result->text, u"SELECT 7"_s);
    QCOMPARE(deltas.join(QString()), u"SELECT 7"_s);
}

QTEST_GUILESS_MAIN(tst_OpenAiCompatibleProvider)
#include "tst_openaicompatibleprovider.moc"
