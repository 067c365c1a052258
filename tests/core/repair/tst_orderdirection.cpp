#include "core/repair/orderdirection.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_OrderDirection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_OrderDirection::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    QTest::newRow("MIN after a count, before LIMIT")
            << u"SELECT A.Abbreviation FROM airlines AS A JOIN flights AS F ON A.uid = F.Airline "
               u"GROUP BY A.uid ORDER BY COUNT(F.FlightNo) MIN LIMIT 1"_s
            << u"near \"MIN\": syntax error"_s
            << u"SELECT A.Abbreviation FROM airlines AS A JOIN flights AS F ON A.uid = F.Airline "
               u"GROUP BY A.uid ORDER BY COUNT(F.FlightNo) ASC LIMIT 1"_s
            << sqlite;
    QTest::newRow("MAX after a column, at the end")
            << u"SELECT Name FROM people ORDER BY Height max"_s << u"near \"max\": syntax error"_s
            << u"SELECT Name FROM people ORDER BY Height DESC"_s << sqlite;
    QTest::newRow("two terms") << u"SELECT Name FROM people ORDER BY Height MAX, Name MIN"_s
                               << u"near \"MAX\": syntax error"_s
                               << u"SELECT Name FROM people ORDER BY Height DESC, Name ASC"_s
                               << sqlite;
    QTest::newRow("in a subquery")
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player "
               u"ORDER BY Earnings MAX LIMIT 3)"_s
            << u"near \"MAX\": syntax error"_s
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player "
               u"ORDER BY Earnings DESC LIMIT 3)"_s
            << sqlite;
    QTest::newRow("postgres") << u"SELECT Name FROM people ORDER BY Height MIN LIMIT 1"_s
                              << u"syntax error at or near \"MIN\""_s
                              << u"SELECT Name FROM people ORDER BY Height ASC LIMIT 1"_s
                              << int(Engine::PostgreSQL);
    QTest::newRow("mariadb") << u"SELECT Name FROM people ORDER BY Height MIN LIMIT 1"_s
                             << sqlmend::test::mariadbSyntaxError(u"MIN LIMIT 1"_s)
                             << u"SELECT Name FROM people ORDER BY Height ASC LIMIT 1"_s
                             << int(Engine::MariaDB);
    // Refused.
    QTest::newRow("a call") << u"SELECT Name FROM people ORDER BY MIN(Height) LIMIT 1"_s
                            << u"near \"LIMIT\": syntax error"_s << QString() << sqlite;
    QTest::newRow("a name after a comma")
            << u"SELECT Name FROM people ORDER BY Height, min LIMIT 1"_s
            << u"near \"min\": syntax error"_s << QString() << sqlite;
    QTest::newRow("after a direction")
            << u"SELECT Name FROM people ORDER BY Height DESC MIN LIMIT 1"_s
            << u"near \"MIN\": syntax error"_s << QString() << sqlite;
    QTest::newRow("not in ORDER BY") << u"SELECT Name FROM people GROUP BY Height MIN"_s
                                     << u"near \"MIN\": syntax error"_s << QString() << sqlite;
    QTest::newRow("followed by more of the term")
            << u"SELECT Name FROM people ORDER BY Height MIN + 1"_s
            << u"near \"MIN\": syntax error"_s << QString() << sqlite;
    QTest::newRow("the engine stopped elsewhere")
            << u"SELECT Name FROM people ORDER BY Height MIN LIMIT 1"_s
            << u"near \"LIMIT\": syntax error"_s << QString() << sqlite;
}

void tst_OrderDirection::proposes(){SQLMEND_REPAIR_TEST(OrderDirection)}

QTEST_GUILESS_MAIN(tst_OrderDirection)
#include "tst_orderdirection.moc"
