#include "core/llm/tokenestimate.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_TokenEstimate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void estimates_data();
    void estimates();
    void countsMessages();
};

void tst_TokenEstimate::estimates_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("low");
    QTest::addColumn<int>("high");
    QTest::newRow("empty") << QString() << 0 << 0;
    QTest::newRow("english") << u"How many users are there in each city of the shop?"_s << 10 << 16;
    QTest::newRow("sql") << u"SELECT city, COUNT(*) FROM users GROUP BY city ORDER BY 2 DESC"_s
                         << 12 << 20;
    QTest::newRow("chinese") << u"每个城市的已支付订单总金额是多少"_s << 12 << 20;
    QTest::newRow("emoji pair counts once") << u"😀😀"_s << 2 << 2;
}

void tst_TokenEstimate::estimates()
{
    QFETCH(QString, text);
    QFETCH(int, low);
    QFETCH(int, high);
    const int tokens = TokenEstimate::forText(text);
    QVERIFY2(tokens >= low && tokens <= high, qPrintable(QString::number(tokens)));
}

void tst_TokenEstimate::countsMessages()
{
    const QList<ChatMessage> messages = {{ChatRole::System, u"abcd"_s},
                                         {ChatRole::User, u"abcdefgh"_s}};
    QCOMPARE(TokenEstimate::forMessages(messages), 3 + (4 + 1) + (4 + 2));
    QCOMPARE(TokenEstimate::forMessages({}), 3);
}

QTEST_GUILESS_MAIN(tst_TokenEstimate)
#include "tst_tokenestimate.moc"
