#include "core/cases/searchtext.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

class tst_SearchText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void terms_data();
    void terms();
    void queryTermsAreDistinctAndBounded();
    void documentIsBounded();
};

void tst_SearchText::terms_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("english") << u"How many Customers, per country?"_s
                             << QStringList{u"how"_s, u"many"_s, u"customers"_s, u"per"_s,
                                            u"country"_s};
    QTest::newRow("chinese bigrams")
            << u"每个国家"_s << QStringList{u"每个"_s, u"个国"_s, u"国家"_s};
    QTest::newRow("mixed") << u"2023年收入 by month"_s
                           << QStringList{u"2023"_s, u"年收"_s, u"收入"_s, u"by"_s, u"month"_s};
    QTest::newRow("single han") << u"a 表 b"_s << QStringList{u"a"_s, u"表"_s, u"b"_s};
    QTest::newRow("japanese and korean")
            << u"顧客の数 고객수"_s
            << QStringList{u"顧客"_s, u"客の"_s, u"の数"_s, u"고객"_s, u"객수"_s};
    QTest::newRow("fts syntax is text")
            << u"a\" OR NEAR(b*) c:"_s << QStringList{u"a"_s, u"or"_s, u"near"_s, u"b"_s, u"c"_s};
    QTest::newRow("empty") << QString() << QStringList();
    QTest::newRow("punctuation only") << u"?!… —"_s << QStringList();
}

void tst_SearchText::terms()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QCOMPARE(searchTerms(text), expected);
}

void tst_SearchText::queryTermsAreDistinctAndBounded()
{
    QCOMPARE(queryTerms(u"a b a B c"_s), (QStringList{u"a"_s, u"b"_s, u"c"_s}));
    QString many;
    for (int i = 0; i < 100; ++i)
        many += u"w%1 "_s.arg(i);
    QCOMPARE(queryTerms(many, 10).size(), 10);
}

void tst_SearchText::documentIsBounded()
{
    const QString huge(10 * 1024 * 1024, u'x');
    const QString document = searchDocument(u"question"_s, huge);
    QVERIFY(document.startsWith(u"question "_s));
    QCOMPARE_LE(document.size(), 70 * 1024);
}

QTEST_GUILESS_MAIN(tst_SearchText)
#include "tst_searchtext.moc"
