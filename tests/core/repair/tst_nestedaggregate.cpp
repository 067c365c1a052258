#include "core/repair/nestedaggregate.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_NestedAggregate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_NestedAggregate::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString misuse = u"misuse of aggregate function count()"_s;
    QTest::newRow("in a subquery")
            << u"SELECT Airline FROM flights GROUP BY Airline HAVING count(*) = (SELECT "
               u"max(count(*)) FROM flights GROUP BY Airline)"_s
            << misuse
            << u"SELECT Airline FROM flights GROUP BY Airline HAVING count(*) = (SELECT "
               u"max(nested_value) FROM (SELECT count(*) AS nested_value FROM flights GROUP BY "
               u"Airline) AS nested_groups)"_s
            << sqlite;
    QTest::newRow("the whole statement, an alias, a WHERE and a HAVING kept inside")
            << u"SELECT AVG(SUM(Earnings)) AS mean FROM poker_player WHERE Earnings > 0 GROUP BY "
               u"People_ID HAVING count(*) > 1"_s
            << u"misuse of aggregate function SUM()"_s
            << u"SELECT AVG(nested_value) AS mean FROM (SELECT SUM(Earnings) AS nested_value FROM "
               u"poker_player WHERE Earnings > 0 GROUP BY People_ID HAVING count(*) > 1) AS "
               u"nested_groups"_s
            << sqlite;
    QTest::newRow("two of them")
            << u"SELECT (SELECT MAX(COUNT(*)) FROM Has_Pet GROUP BY StuID), (SELECT "
               u"MIN(COUNT(*)) FROM Has_Pet GROUP BY StuID)"_s
            << misuse
            << u"SELECT (SELECT MAX(nested_value) FROM (SELECT COUNT(*) AS nested_value FROM "
               u"Has_Pet GROUP BY StuID) AS nested_groups), (SELECT MIN(nested_value) FROM "
               u"(SELECT COUNT(*) AS nested_value FROM Has_Pet GROUP BY StuID) AS "
               u"nested_groups)"_s
            << sqlite;
    QTest::newRow("one inside another: the inner one first")
            << u"SELECT MAX(COUNT(Name)) FROM (SELECT MAX(COUNT(*)) AS Name FROM flights GROUP BY "
               u"Airline) GROUP BY Name"_s
            << misuse
            << u"SELECT MAX(COUNT(Name)) FROM (SELECT MAX(nested_value) AS Name FROM (SELECT "
               u"COUNT(*) AS nested_value FROM flights GROUP BY Airline) AS nested_groups) GROUP "
               u"BY Name"_s
            << sqlite;
    QTest::newRow("three deep: the innermost first")
            << u"SELECT MAX(COUNT(b)) FROM (SELECT MAX(COUNT(a)) AS b FROM (SELECT MAX(COUNT(*)) "
               u"AS a FROM flights GROUP BY Airline) GROUP BY a) GROUP BY b"_s
            << misuse
            << u"SELECT MAX(COUNT(b)) FROM (SELECT MAX(COUNT(a)) AS b FROM (SELECT "
               u"MAX(nested_value) AS a FROM (SELECT COUNT(*) AS nested_value FROM flights GROUP "
               u"BY Airline) AS nested_groups) GROUP BY a) GROUP BY b"_s
            << sqlite;
    QTest::newRow("PostgreSQL's words for it")
            << u"SELECT max(count(*)) FROM flights GROUP BY Airline"_s
            << u"ERROR:  aggregate function calls cannot be nested"_s
            << u"SELECT max(nested_value) FROM (SELECT count(*) AS nested_value FROM flights "
               u"GROUP BY Airline) AS nested_groups"_s
            << int(Engine::PostgreSQL);
    QTest::newRow("no GROUP BY: no groups to aggregate over")
            << u"SELECT max(count(*)) FROM flights"_s << misuse << QString() << sqlite;
    QTest::newRow("another output beside it")
            << u"SELECT Airline, max(count(*)) FROM flights GROUP BY Airline"_s << misuse
            << QString() << sqlite;
    QTest::newRow("an expression around the inner aggregate")
            << u"SELECT max(count(*) + 1) FROM flights GROUP BY Airline"_s << misuse << QString()
            << sqlite;
    QTest::newRow("an ORDER BY in the block")
            << u"SELECT max(count(*)) FROM flights GROUP BY Airline ORDER BY 1"_s << misuse
            << QString() << sqlite;
    QTest::newRow("a set operator in the block")
            << u"SELECT max(count(*)) FROM flights GROUP BY Airline UNION SELECT 1"_s << misuse
            << QString() << sqlite;
    QTest::newRow("another error class") << u"SELECT max(count(*)) FROM flights GROUP BY Airline"_s
                                         << u"no such column: x"_s << QString() << sqlite;
    QTest::newRow("an aggregate where the rows are not grouped")
            << u"SELECT Name FROM people WHERE count(*) > 1"_s << misuse << QString() << sqlite;
}

void tst_NestedAggregate::proposes(){SQLMEND_REPAIR_TEST(NestedAggregate)}

QTEST_GUILESS_MAIN(tst_NestedAggregate)
#include "tst_nestedaggregate.moc"
