#include "core/errors/namesuggester.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_NameSuggester : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void closest_data();
    void closest();
    void uniqueBest_data();
    void uniqueBest();
    void respectsMax();
    void hostileInput_data();
    void hostileInput();
    void uniqueSpelling_data();
    void uniqueSpelling();
};

void tst_NameSuggester::closest_data()
{
    QTest::addColumn<QString>("wrong");
    QTest::addColumn<QStringList>("candidates");
    QTest::addColumn<QStringList>("expectedStart"); // the result must start with these, in order
    QTest::addColumn<QStringList>("absent");        // and must not contain these

    const QStringList users{u"id"_s, u"username"_s, u"email"_s, u"user_id"_s, u"created_at"_s};
    QTest::newRow("separator") << "user_name" << users << QStringList{u"username"_s}
                               << QStringList{u"created_at"_s};
    QTest::newRow("camel case") << "userName" << users << QStringList{u"username"_s}
                                << QStringList{};
    QTest::newRow("qualified") << "o.user_name" << users << QStringList{u"username"_s}
                               << QStringList{};
    QTest::newRow("quoted") << u"\"user_name\""_s << users << QStringList{u"username"_s}
                            << QStringList{};
    QTest::newRow("case") << "ORDERS" << QStringList{u"users"_s, u"orders"_s}
                          << QStringList{u"orders"_s} << QStringList{};
    QTest::newRow("plural") << "order" << QStringList{u"users"_s, u"order_items"_s, u"orders"_s}
                            << QStringList{u"orders"_s} << QStringList{u"users"_s};
    QTest::newRow("ies plural") << "category" << QStringList{u"products"_s, u"categories"_s}
                                << QStringList{u"categories"_s} << QStringList{u"products"_s};
    QTest::newRow("singular") << "order_items" << QStringList{u"order_item"_s, u"orders"_s}
                              << QStringList{u"order_item"_s} << QStringList{};
    QTest::newRow("word prefix") << "pay_time" << QStringList{u"created_at"_s, u"payment_time"_s}
                                 << QStringList{u"payment_time"_s} << QStringList{u"created_at"_s};
    QTest::newRow("typo") << "cusomers" << QStringList{u"orders"_s, u"customers"_s}
                          << QStringList{u"customers"_s} << QStringList{};
    QTest::newRow("transposition") << "usres" << QStringList{u"users"_s, u"uses_count"_s}
                                   << QStringList{u"users"_s} << QStringList{};
    QTest::newRow("abbreviation") << "qty" << QStringList{u"price"_s, u"quantity"_s}
                                  << QStringList{u"quantity"_s} << QStringList{u"price"_s};
    QTest::newRow("unrelated") << "xyz" << QStringList{u"orders"_s, u"users"_s} << QStringList{}
                               << QStringList{u"orders"_s, u"users"_s};
    QTest::newRow("empty wrong") << "" << QStringList{u"orders"_s} << QStringList{}
                                 << QStringList{u"orders"_s};
    QTest::newRow("no candidates") << "orders" << QStringList{} << QStringList{} << QStringList{};
}

void tst_NameSuggester::closest()
{
    QFETCH(QString, wrong);
    QFETCH(QStringList, candidates);
    QFETCH(QStringList, expectedStart);
    QFETCH(QStringList, absent);
    const QStringList result = NameSuggester::closest(wrong, candidates, 5);
    QVERIFY2(result.size() >= expectedStart.size(), qPrintable(result.join(u',')));
    QCOMPARE(result.mid(0, expectedStart.size()), expectedStart);
    if (expectedStart.isEmpty())
        QVERIFY2(result.isEmpty() || !absent.isEmpty(), qPrintable(result.join(u',')));
    for (const QString &name : absent)
        QVERIFY2(!result.contains(name), qPrintable(result.join(u',')));
}

void tst_NameSuggester::uniqueBest_data()
{
    QTest::addColumn<QString>("wrong");
    QTest::addColumn<QStringList>("candidates");
    QTest::addColumn<QString>("expected"); // empty: no unique answer

    QTest::newRow("separator") << "user_name"
                               << QStringList{u"username"_s, u"user_id"_s, u"email"_s}
                               << "username";
    QTest::newRow("plural table") << "order"
                                  << QStringList{u"orders"_s, u"order_items"_s, u"users"_s}
                                  << "orders";
    QTest::newRow("word prefix") << "pay_time" << QStringList{u"payment_time"_s, u"pay_type"_s}
                                 << "payment_time";
    QTest::newRow("typo") << "emial" << QStringList{u"email"_s, u"id"_s, u"username"_s} << "email";
    QTest::newRow("case only") << "Orders" << QStringList{u"orders"_s, u"users"_s} << "orders";
    QTest::newRow("two equally plausible")
            << "name" << QStringList{u"first_name"_s, u"last_name"_s} << "";
    QTest::newRow("two spellings of one name")
            << "username" << QStringList{u"user_name"_s, u"userName"_s} << "";
    QTest::newRow("abbreviation is a stretch")
            << "qty" << QStringList{u"quantity"_s, u"price"_s} << "";
    QTest::newRow("short typo") << "ib" << QStringList{u"id"_s, u"ip"_s} << "";
    QTest::newRow("short name one typo") << "ib" << QStringList{u"id"_s, u"email"_s} << "";
    QTest::newRow("unrelated") << "revenue" << QStringList{u"orders"_s, u"users"_s} << "";
    QTest::newRow("empty") << "" << QStringList{u"orders"_s} << "";
    QTest::newRow("no candidates") << "orders" << QStringList{} << "";
}

void tst_NameSuggester::uniqueBest()
{
    QFETCH(QString, wrong);
    QFETCH(QStringList, candidates);
    QFETCH(QString, expected);
    const std::optional<QString> best = NameSuggester::uniqueBest(wrong, candidates);
    if (expected.isEmpty())
        QVERIFY2(!best, qPrintable(best.value_or(QString())));
    else
        QCOMPARE(best.value_or(QString()), expected);
}

void tst_NameSuggester::respectsMax()
{
    const QStringList candidates{u"order"_s, u"orders"_s, u"order_s"_s,
                                 u"Order"_s, u"ordr"_s,   u"orderz"_s};
    QCOMPARE(NameSuggester::closest(u"order", candidates, 2).size(), 2);
    QCOMPARE(NameSuggester::closest(u"order", candidates, 0).size(), 0);
    // Duplicates differing only in case are offered once.
    QCOMPARE(NameSuggester::closest(u"order", candidates, 10).count(u"Order"_s)
                     + NameSuggester::closest(u"order", candidates, 10).count(u"order"_s),
             1);
}

void tst_NameSuggester::hostileInput_data()
{
    QTest::addColumn<QString>("wrong");
    QTest::newRow("1 MB name") << QString(1024 * 1024, u'a');
    QTest::newRow("1 MB name that starts like a candidate")
            << QString(200, u'a') + u'0' + QString(1024 * 1024, u'a');
    QTest::newRow("binary") << QString::fromLatin1(QByteArray("\x00\xff\x01\x80\x7f", 5));
    QTest::newRow("only separators") << "__..--  ";
}

void tst_NameSuggester::hostileInput()
{
    QFETCH(QString, wrong);
    QStringList candidates;
    for (int i = 0; i < 2000; ++i)
        candidates.append(QString(200, QChar(u'a' + i % 26)) + QString::number(i));
    // Nothing here is close to a real name. A name longer than any identifier is refused before
    // any comparison, so the work does not grow with its length (the result is asserted, never
    // the time: benchmarks measure time).
    QCOMPARE(NameSuggester::closest(wrong, candidates, 3), QStringList());
    QVERIFY(!NameSuggester::uniqueBest(wrong, candidates).has_value());
    QVERIFY(!NameSuggester::uniqueBest(wrong, {u"x"_s, u"y"_s}).has_value());
    QVERIFY(!NameSuggester::uniqueSpelling(wrong, candidates).has_value());
}

void tst_NameSuggester::uniqueSpelling_data()
{
    QTest::addColumn<QString>("wrong");
    QTest::addColumn<QStringList>("candidates");
    QTest::addColumn<QString>("expected"); // empty: none
    const QStringList pets{u"PetID"_s, u"PetType"_s, u"pet_age"_s, u"weight"_s};
    QTest::newRow("underscores and case") << u"pet_type"_s << pets << u"PetType"_s;
    QTest::newRow("one letter dropped") << u"wieght"_s << pets << u"weight"_s;
    QTest::newRow("one typo, another name two away") << u"pettye"_s << pets << u"PetType"_s;
    QTest::newRow("two typos") << u"wieghtt"_s << pets << QString();
    QTest::newRow("two names one away")
            << u"Xname"_s << QStringList{u"Fname"_s, u"LName"_s} << QString();
    QTest::newRow("two spellings of one name")
            << u"petid"_s << QStringList{u"PetID"_s, u"Pet_ID"_s} << QString();
    QTest::newRow("too short to tell") << u"id"_s << QStringList{u"ID"_s, u"uid"_s} << QString();
    QTest::newRow("a letter in front is another word")
            << u"sname"_s << QStringList{u"Name"_s, u"Singer_ID"_s} << QString();
    QTest::newRow("another number is another name")
            << u"address_line_3"_s << QStringList{u"address_line_1"_s, u"city"_s} << QString();
    QTest::newRow("a number dropped is another name")
            << u"phone"_s << QStringList{u"phone2"_s, u"email"_s} << QString();
    QTest::newRow("a letter typo beside a number")
            << u"adress_line1"_s << QStringList{u"address_line1"_s, u"address_line2"_s}
            << u"address_line1"_s;
    QTest::newRow("another name, not a spelling")
            << u"Country"_s << QStringList{u"CountryId"_s, u"City"_s} << QString();
}

void tst_NameSuggester::uniqueSpelling()
{
    QFETCH(QString, wrong);
    QFETCH(QStringList, candidates);
    QFETCH(QString, expected);
    QCOMPARE(NameSuggester::uniqueSpelling(wrong, candidates).value_or(QString()), expected);
}

QTEST_GUILESS_MAIN(tst_NameSuggester)
#include "tst_namesuggester.moc"
