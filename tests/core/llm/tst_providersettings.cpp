#include "core/llm/anthropicprotocol.h"
#include "core/llm/llmprovider.h"
#include "core/llm/openaiprotocol.h"
#include "core/llm/providersettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_ProviderSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validates_data();
    void validates();
    void endpoints_data();
    void endpoints();
    void anthropicSeparatesTheSystemPrompt();
    void openAiRequestShape();
};

void tst_ProviderSettings::validates_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("code"); // empty: valid
    QTest::newRow("ollama") << u"http://localhost:11434/v1"_s << u"qwen2.5-coder:7b"_s << QString();
    QTest::newRow("default url") << QString() << u"gpt-4o-mini"_s << QString();
    QTest::newRow("no scheme") << u"localhost:11434/v1"_s << u"m"_s << u"invalid_base_url"_s;
    QTest::newRow("ftp") << u"ftp://example.com/v1"_s << u"m"_s << u"invalid_base_url"_s;
    QTest::newRow("garbage") << u"http://exa mple.com"_s << u"m"_s << u"invalid_base_url"_s;
    QTest::newRow("query") << u"http://example.com/v1?x=1"_s << u"m"_s << u"invalid_base_url"_s;
    QTest::newRow("empty model") << u"http://localhost:8080/v1"_s << u"  "_s << u"empty_model"_s;
}

void tst_ProviderSettings::validates()
{
    QFETCH(QString, url);
    QFETCH(QString, model);
    QFETCH(QString, code);
    ProviderSettings settings;
    settings.baseUrl = QUrl(url);
    settings.model = model;
    const Result<Done> valid = settings.validate();
    QCOMPARE(valid.hasValue(), code.isEmpty());
    if (!code.isEmpty()) {
        QCOMPARE(valid.error().code, code);
        QVERIFY(!valid.error().message.isEmpty());
        QVERIFY(!LlmProvider::create(settings).hasValue());
    } else {
        QVERIFY(LlmProvider::create(settings).hasValue());
    }
}

void tst_ProviderSettings::endpoints_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("endpoint");
    const int openai = int(ProviderKind::OpenAiCompatible);
    const int anthropic = int(ProviderKind::Anthropic);
    QTest::newRow("ollama") << openai << u"http://localhost:11434/v1"_s
                            << u"http://localhost:11434/v1/chat/completions"_s;
    QTest::newRow("trailing slash") << openai << u"http://localhost:8080/v1/"_s
                                    << u"http://localhost:8080/v1/chat/completions"_s;
    QTest::newRow("dashscope")
            << openai << u"https://dashscope.aliyuncs.com/compatible-mode/v1"_s
            << u"https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions"_s;
    QTest::newRow("full endpoint pasted")
            << openai << u"https://api.deepseek.com/v1/chat/completions"_s
            << u"https://api.deepseek.com/v1/chat/completions"_s;
    QTest::newRow("openai default")
            << openai << QString() << u"https://api.openai.com/v1/chat/completions"_s;
    QTest::newRow("anthropic default")
            << anthropic << QString() << u"https://api.anthropic.com/v1/messages"_s;
    QTest::newRow("anthropic with v1") << anthropic << u"https://api.anthropic.com/v1/"_s
                                       << u"https://api.anthropic.com/v1/messages"_s;
}

void tst_ProviderSettings::endpoints()
{
    QFETCH(int, kind);
    QFETCH(QString, base);
    QFETCH(QString, endpoint);
    ProviderSettings settings;
    settings.kind = ProviderKind(kind);
    settings.baseUrl = QUrl(base);
    settings.model = u"m"_s;
    const QUrl url = settings.kind == ProviderKind::Anthropic
            ? AnthropicProtocol().endpoint(settings)
            : OpenAiProtocol().endpoint(settings);
    QCOMPARE(url.toString(), endpoint);
}

void tst_ProviderSettings::anthropicSeparatesTheSystemPrompt()
{
    ProviderSettings settings;
    settings.kind = ProviderKind::Anthropic;
    settings.model = u"claude-x"_s;
    ChatRequest request;
    request.messages = {{ChatRole::System, u"You write SQLite."_s},
                        {ChatRole::User, u"Count users."_s}};
    const QJsonObject body =
            QJsonDocument::fromJson(AnthropicProtocol().body(settings, request, true)).object();
    QCOMPARE(body.value(u"system"_s).toString(), u"You write SQLite."_s);
    QCOMPARE(body.value(u"messages"_s).toArray().size(), 1);
    QCOMPARE(body.value(u"max_tokens"_s).toInt(), AnthropicProtocol::DefaultMaxTokens);
    QCOMPARE(body.value(u"stream"_s).toBool(), true);
    const QNetworkRequest network = AnthropicProtocol().networkRequest(settings, request, true);
    QCOMPARE(network.rawHeader("anthropic-version"), QByteArray("2023-06-01"));
}

void tst_ProviderSettings::openAiRequestShape()
{
    ProviderSettings settings;
    settings.model = u"gpt-x"_s;
    settings.apiKey = u"sk-test"_s;
    settings.extraHeaders = {{"X-Team", "analytics"}};
    ChatRequest request;
    request.messages = {{ChatRole::System, u"s"_s}, {ChatRole::User, u"u"_s}};
    request.temperature = 0.0;
    request.maxTokens = 300;
    const QJsonObject body =
            QJsonDocument::fromJson(OpenAiProtocol().body(settings, request, true)).object();
    QCOMPARE(body.value(u"model"_s).toString(), u"gpt-x"_s);
    QCOMPARE(body.value(u"messages"_s).toArray().size(), 2);
    QCOMPARE(body.value(u"temperature"_s).toDouble(-1), 0.0);
    QCOMPARE(body.value(u"max_tokens"_s).toInt(), 300);
    QCOMPARE(body.value(u"stream_options"_s).toObject().value(u"include_usage"_s).toBool(), true);
    const QNetworkRequest network = OpenAiProtocol().networkRequest(settings, request, true);
    QCOMPARE(network.rawHeader("Authorization"), QByteArray("Bearer sk-test"));
    QCOMPARE(network.rawHeader("X-Team"), QByteArray("analytics"));
}

QTEST_GUILESS_MAIN(tst_ProviderSettings)
#include "tst_providersettings.moc"
