#include "core/llm/modelprobe.h"

#include "tests/support/scriptedllmserver.h"

#include <QSignalSpy>
#include <QTest>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {
const QString Endpoint = u"/v1/chat/completions"_s;
constexpr int waitMs = 30000;
} // namespace

// Settings' "Test model": one tiny request to a scripted OpenAI-compatible server, and what the
// answer showed about the model.
class tst_ModelProbe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void streamedWithUsage();
    void onePieceWithoutUsage();
    void serverError();
    void invalidSettings();
    void cancelEndsOnce();

private:
    ProviderSettings settings(bool stream = true) const;
    ModelProbeResult probe(const ProviderSettings &settings);

    std::unique_ptr<ScriptedLlmServer> m_server;
};

void tst_ModelProbe::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
}

ProviderSettings tst_ModelProbe::settings(bool stream) const
{
    ProviderSettings result;
    result.kind = ProviderKind::OpenAiCompatible;
    result.baseUrl = m_server->url(u"/v1/"_s);
    result.model = u"asked-model"_s;
    result.stream = stream;
    result.maxTransportRetries = 0;
    result.requestTimeoutMs = 10000;
    return result;
}

ModelProbeResult tst_ModelProbe::probe(const ProviderSettings &settings)
{
    ModelProbe probe;
    QSignalSpy finished(&probe, &ModelProbe::finished);
    probe.start(settings);
    if (!finished.wait(waitMs) && finished.isEmpty())
        return {};
    [&] {
        QCOMPARE(finished.size(), 1);
        QVERIFY2(!probe.isRunning(), "still running after finished()");
    }();
    return finished.first().first().value<ModelProbeResult>();
}

void tst_ModelProbe::streamedWithUsage()
{
    m_server->enqueue(
            Endpoint,
            ScriptedResponse::sse(
                    ScriptedLlmServer::openAiStream({u"one"_s, u" two"_s, u" three"_s}, true), 5));
    const ModelProbeResult result = probe(settings());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.model, u"scripted-model"_s);
    QCOMPARE(result.reply, u"one two three"_s);
    QCOMPARE(result.pieces, 3);
    QVERIFY(result.streamed);
    QVERIFY(result.usageReported);
    QVERIFY(result.firstPieceMs >= 0);
    QVERIFY(result.totalMs >= result.firstPieceMs);
    // One small request: few tokens asked for, streaming with usage.
    QCOMPARE(m_server->requests().size(), 1);
    const QJsonObject body = m_server->requests().first().json();
    QCOMPARE(body.value(u"max_tokens"_s).toInt(), ModelProbe::maxTokens);
    QCOMPARE(body.value(u"model"_s).toString(), u"asked-model"_s);
    QVERIFY(body.value(u"stream"_s).toBool());
    const QString summary = result.summary();
    QVERIFY2(summary.contains(u"scripted-model"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"Streaming works"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"Token usage is reported"_s), qPrintable(summary));
}

void tst_ModelProbe::onePieceWithoutUsage()
{
    m_server->enqueue(Endpoint,
                      ScriptedResponse::sse(ScriptedLlmServer::openAiStream(
                              {u"one two three four five"_s}, false)));
    const ModelProbeResult result = probe(settings());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.pieces, 1);
    QVERIFY(!result.streamed);
    QVERIFY(!result.usageReported);
    QVERIFY2(result.summary().contains(u"one piece"_s), qPrintable(result.summary()));
    QVERIFY2(result.summary().contains(u"not reported"_s), qPrintable(result.summary()));
}

void tst_ModelProbe::serverError()
{
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(404, R"({"error":{"message":"model not found"}})"));
    const ModelProbeResult result = probe(settings());
    QVERIFY(!result.ok);
    QVERIFY(!result.error.isEmpty());
    QVERIFY2(result.summary().startsWith(u"The model did not answer"_s),
             qPrintable(result.summary()));
}

void tst_ModelProbe::invalidSettings()
{
    ProviderSettings bad = settings();
    bad.baseUrl = QUrl(u"ftp://127.0.0.1/v1"_s);
    const ModelProbeResult result = probe(bad);
    QVERIFY(!result.ok);
    QVERIFY(!result.error.isEmpty());
    QVERIFY(m_server->requests().isEmpty());
}

void tst_ModelProbe::cancelEndsOnce()
{
    ScriptedResponse silent;
    silent.silent = true;
    m_server->enqueue(Endpoint, silent);
    ModelProbe probe;
    QSignalSpy finished(&probe, &ModelProbe::finished);
    QVERIFY(probe.start(settings()));
    QTRY_VERIFY_WITH_TIMEOUT(!m_server->requests().isEmpty(), waitMs);
    QVERIFY(probe.isRunning());
    probe.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, waitMs);
    QTest::qWait(50);
    QCOMPARE(finished.size(), 1);
    QVERIFY(!finished.first().first().value<ModelProbeResult>().ok);
    QVERIFY(!probe.isRunning());
}

QTEST_GUILESS_MAIN(tst_ModelProbe)
#include "tst_modelprobe.moc"
