#include "core/llm/llmerror.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_LlmError : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classifiesHttp_data();
    void classifiesHttp();
    void classifiesStreamErrors_data();
    void classifiesStreamErrors();
};

void tst_LlmError::classifiesHttp_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("retryable");
    QTest::addColumn<QString>("mentions");

    QTest::newRow("openai insufficient_quota 429")
            << 429
            << QByteArray(
                       R"({"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","code":"insufficient_quota"}})")
            << u"quota"_s << false << u"exceeded your current quota"_s;
    QTest::newRow("openai billing_hard_limit_reached")
            << 400
            << QByteArray(
                       R"({"error":{"message":"Billing hard limit has been reached","code":"billing_hard_limit_reached"}})")
            << u"quota"_s << false << u"Billing hard limit"_s;
    QTest::newRow("deepseek 402")
            << 402
            << QByteArray(R"({"error":{"message":"Insufficient Balance","type":"unknown_error"}})")
            << u"quota"_s << false << u"Insufficient Balance"_s;
    QTest::newRow("dashscope arrearage")
            << 400
            << QByteArray(
                       R"({"code":"Arrearage","message":"Access denied, please make sure your account is in good standing."})")
            << u"quota"_s << false << u"good standing"_s;
    QTest::newRow("chinese balance")
            << 403 << QByteArray(R"({"error":{"message":"账户余额不足，请充值"}})") << u"quota"_s
            << false << u"余额不足"_s;
    QTest::newRow("anthropic credit")
            << 400
            << QByteArray(
                       R"({"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API."}})")
            << u"quota"_s << false << u"credit balance"_s;
    QTest::newRow("plain 429") << 429 << QByteArray(R"({"error":{"message":"Rate limit reached"}})")
                               << u"rate_limited"_s << true << u"Rate limit reached"_s;
    QTest::newRow("401") << 401
                         << QByteArray(R"({"error":{"message":"Incorrect API key provided"}})")
                         << u"auth"_s << false << u"Incorrect API key"_s;
    QTest::newRow("403 without body") << 403 << QByteArray() << u"auth"_s << false << u"403"_s;
    QTest::newRow("503") << 503 << QByteArray("upstream unavailable") << u"server"_s << true
                         << u"upstream unavailable"_s;
    QTest::newRow("anthropic 529 overloaded")
            << 529
            << QByteArray(
                       R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})")
            << u"server"_s << true << u"Overloaded"_s;
    QTest::newRow("404 model") << 404 << QByteArray(R"({"error":"model 'x' not found"})")
                               << u"bad_request"_s << false << u"model 'x' not found"_s;
    QTest::newRow("html error page")
            << 502 << QByteArray("<!DOCTYPE html><html><head><title>502</title></head></html>")
            << u"server"_s << true << u"HTML"_s;
    QTest::newRow("501") << 501 << QByteArray() << u"server"_s << false << u"501"_s;
}

void tst_LlmError::classifiesHttp()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, kind);
    QFETCH(bool, retryable);
    QFETCH(QString, mentions);
    const LlmError error = LlmError::fromHttp(status, body);
    QCOMPARE(LlmError::kindName(error.kind), kind);
    QCOMPARE(error.retryable, retryable);
    QCOMPARE(error.httpStatus, status);
    QVERIFY2(error.message.contains(mentions), qPrintable(error.message));
}

void tst_LlmError::classifiesStreamErrors_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("retryable");
    QTest::newRow("anthropic overloaded") << QByteArray(
            R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})")
                                          << u"server"_s << true;
    QTest::newRow("openai quota in stream")
            << QByteArray(R"({"error":{"message":"quota","code":"insufficient_quota"}})")
            << u"quota"_s << false;
    QTest::newRow("generic") << QByteArray(R"({"error":{"message":"context length exceeded"}})")
                             << u"server"_s << false;
}

void tst_LlmError::classifiesStreamErrors()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, kind);
    QFETCH(bool, retryable);
    const LlmError error = LlmError::fromErrorPayload(payload);
    QCOMPARE(LlmError::kindName(error.kind), kind);
    QCOMPARE(error.retryable, retryable);
    QVERIFY(!error.message.isEmpty());
}

QTEST_GUILESS_MAIN(tst_LlmError)
#include "tst_llmerror.moc"
