#include "core/llm/transportretrypolicy.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_TransportRetryPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void retryAfter_data();
    void retryAfter();
    void backoff_data();
    void backoff();
    void decides_data();
    void decides();
};

void tst_TransportRetryPolicy::retryAfter_data()
{
    QTest::addColumn<QByteArray>("ms");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<int>("expected"); // -1: none
    QTest::newRow("seconds") << QByteArray() << QByteArray("2") << 2000;
    QTest::newRow("fractional seconds") << QByteArray() << QByteArray(" 0.5 ") << 500;
    QTest::newRow("http date") << QByteArray() << QByteArray("Wed, 21 Oct 2015 07:28:30 GMT")
                               << 30000;
    QTest::newRow("date in the past")
            << QByteArray() << QByteArray("Wed, 21 Oct 2015 07:27:00 GMT") << 0;
    QTest::newRow("retry-after-ms wins") << QByteArray("250") << QByteArray("9") << 250;
    QTest::newRow("garbage") << QByteArray() << QByteArray("soon") << -1;
    QTest::newRow("negative") << QByteArray() << QByteArray("-3") << -1;
    QTest::newRow("absent") << QByteArray() << QByteArray() << -1;
}

void tst_TransportRetryPolicy::retryAfter()
{
    QFETCH(QByteArray, ms);
    QFETCH(QByteArray, value);
    QFETCH(int, expected);
    const QDateTime now(QDate(2015, 10, 21), QTime(7, 28, 0), Qt::UTC);
    const std::optional<int> parsed = TransportRetryPolicy::retryAfterFromHeaders(ms, value, now);
    QCOMPARE(parsed.value_or(-1), expected);
}

void tst_TransportRetryPolicy::backoff_data()
{
    QTest::addColumn<int>("retry");
    QTest::addColumn<double>("random");
    QTest::addColumn<int>("expected");
    QTest::newRow("first, no jitter") << 1 << 0.5 << 1000;
    QTest::newRow("second doubles") << 2 << 0.5 << 2000;
    QTest::newRow("third, low jitter") << 3 << 0.0 << 3000;
    QTest::newRow("third, high jitter") << 3 << 1.0 << 5000;
    QTest::newRow("capped") << 12 << 0.5 << 30000;
}

void tst_TransportRetryPolicy::backoff()
{
    QFETCH(int, retry);
    QFETCH(double, random);
    QFETCH(int, expected);
    TransportRetryPolicy policy;
    policy.random = [random] { return random; };
    QCOMPARE(policy.delayMs(retry, std::nullopt), expected);
    QCOMPARE(policy.delayMs(retry, 1234), 1234); // the server's wish, not the backoff
    QCOMPARE(policy.delayMs(retry, 10'000'000), policy.maxDelayMs);
}

void tst_TransportRetryPolicy::decides_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("retriesSoFar");
    QTest::addColumn<bool>("outputStarted");
    QTest::addColumn<int>("retryAfterMs");
    QTest::addColumn<bool>("retry");
    QTest::newRow("429") << 429 << QByteArray() << 0 << false << -1 << true;
    QTest::newRow("503") << 503 << QByteArray() << 2 << false << -1 << true;
    QTest::newRow("budget spent") << 503 << QByteArray() << 3 << false << -1 << false;
    QTest::newRow("after output") << 503 << QByteArray() << 0 << true << -1 << false;
    QTest::newRow("401") << 401 << QByteArray() << 0 << false << -1 << false;
    QTest::newRow("quota 429") << 429 << QByteArray(R"({"error":{"code":"insufficient_quota"}})")
                               << 0 << false << -1 << false;
    QTest::newRow("400") << 400 << QByteArray() << 0 << false << -1 << false;
    QTest::newRow("retry-after within cap") << 429 << QByteArray() << 0 << false << 20000 << true;
    QTest::newRow("retry-after beyond cap") << 429 << QByteArray() << 0 << false << 600000 << false;
}

void tst_TransportRetryPolicy::decides()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(int, retriesSoFar);
    QFETCH(bool, outputStarted);
    QFETCH(int, retryAfterMs);
    QFETCH(bool, retry);
    TransportRetryPolicy policy;
    const LlmError error = LlmError::fromHttp(
            status, body, retryAfterMs < 0 ? std::nullopt : std::optional<int>(retryAfterMs));
    QCOMPARE(policy.shouldRetry(error, retriesSoFar, outputStarted), retry);
}

QTEST_GUILESS_MAIN(tst_TransportRetryPolicy)
#include "tst_transportretrypolicy.moc"
