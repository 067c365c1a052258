#include "core/repair/groupbyselected.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_GroupBySelected : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_GroupBySelected::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);
    const QString misuse = u"misuse of aggregate: COUNT()"_s;
    QTest::newRow("the selected columns of a join, ranked by a count")
            << u"SELECT T1.Name, T1.Height FROM people AS T1 JOIN poker_player AS T2 ON "
               u"T1.People_ID = T2.People_ID ORDER BY COUNT(T2.Poker_Player_ID) DESC LIMIT 1"_s
            << misuse
            << u"SELECT T1.Name, T1.Height FROM people AS T1 JOIN poker_player AS T2 ON "
               u"T1.People_ID = T2.People_ID GROUP BY T1.Name, T1.Height ORDER BY "
               u"COUNT(T2.Poker_Player_ID) DESC LIMIT 1"_s
            << sqlite;
    QTest::newRow("after the WHERE, in lower case")
            << u"select name from people where Height > 180 order by count(*) desc limit 1"_s
            << misuse
            << u"select name from people where Height > 180 GROUP BY name order by count(*) desc "
               u"limit 1"_s
            << sqlite;
    QTest::newRow("keys naming an alias, a selected column and a position")
            << u"SELECT DISTINCT Name AS n, Height FROM people ORDER BY SUM(Height) DESC NULLS "
               u"LAST, n, Height ASC, 2"_s
            << u"misuse of aggregate: SUM()"_s
            << u"SELECT DISTINCT Name AS n, Height FROM people GROUP BY Name, Height ORDER BY "
               u"SUM(Height) DESC NULLS LAST, n, Height ASC, 2"_s
            << sqlite;
    QTest::newRow("PostgreSQL names the column")
            << u"SELECT name FROM people ORDER BY count(*) DESC LIMIT 1"_s
            << u"ERROR:  column \"people.name\" must appear in the GROUP BY clause or be used in "
               u"an "
               u"aggregate function"_s
            << u"SELECT name FROM people GROUP BY name ORDER BY count(*) DESC LIMIT 1"_s
            << postgres;
    QTest::newRow("a subquery's aggregates are its own")
            << u"SELECT Name FROM people WHERE Height > (SELECT avg(Height) FROM people) ORDER BY "
               u"count(*) DESC LIMIT 1"_s
            << misuse
            << u"SELECT Name FROM people WHERE Height > (SELECT avg(Height) FROM people) GROUP BY "
               u"Name ORDER BY count(*) DESC LIMIT 1"_s
            << sqlite;

    QTest::newRow("an aggregate in the list: another error")
            << u"SELECT Name, count(*) FROM people ORDER BY count(*) DESC"_s
            << u"ERROR:  column \"people.name\" must appear in the GROUP BY clause or be used in "
               u"an "
               u"aggregate function"_s
            << QString() << postgres;
    QTest::newRow("an expression in the list")
            << u"SELECT upper(Name) FROM people ORDER BY count(*) DESC LIMIT 1"_s << misuse
            << QString() << sqlite;
    QTest::newRow("every column") << u"SELECT * FROM people ORDER BY count(*) DESC LIMIT 1"_s
                                  << misuse << QString() << sqlite;
    QTest::newRow("a key that is not selected")
            << u"SELECT Name FROM people ORDER BY count(*) DESC, Height LIMIT 1"_s << misuse
            << QString() << sqlite;
    QTest::newRow("an expression of the aggregate")
            << u"SELECT Name FROM people ORDER BY count(*) + 1 DESC LIMIT 1"_s << misuse
            << QString() << sqlite;
    QTest::newRow("already grouped")
            << u"SELECT Name FROM people GROUP BY Name ORDER BY max(count(*)) LIMIT 1"_s << misuse
            << QString() << sqlite;
    QTest::newRow("an aggregate in the WHERE")
            << u"SELECT Name FROM people WHERE count(*) > 1 ORDER BY count(*) DESC"_s << misuse
            << QString() << sqlite;
    QTest::newRow("HAVING") << u"SELECT Name FROM people HAVING Name > 'A' ORDER BY count(*)"_s
                            << misuse << QString() << sqlite;
    QTest::newRow("a set operation")
            << u"SELECT Name FROM people UNION SELECT Name FROM singer ORDER BY count(*)"_s
            << misuse << QString() << sqlite;
    QTest::newRow("a window")
            << u"SELECT Name FROM people WINDOW w AS (ORDER BY Height) ORDER BY count(*)"_s
            << misuse << QString() << sqlite;
    QTest::newRow("the ranking is in a subquery")
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player "
               u"ORDER BY count(*) DESC LIMIT 1)"_s
            << misuse << QString() << sqlite;
    QTest::newRow("no aggregate among the keys")
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player "
               u"ORDER BY count(*) DESC LIMIT 1) ORDER BY Name"_s
            << misuse << QString() << sqlite;
    QTest::newRow("another class of error")
            << u"SELECT Nme FROM people ORDER BY count(*) DESC LIMIT 1"_s
            << u"no such column: Nme"_s << QString() << sqlite;
}

void tst_GroupBySelected::proposes(){SQLMEND_REPAIR_TEST(GroupBySelected)}

QTEST_GUILESS_MAIN(tst_GroupBySelected)
#include "tst_groupbyselected.moc"
