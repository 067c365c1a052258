#include "core/repair/subqueryaggregate.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_SubqueryAggregate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_SubqueryAggregate::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString misuse = u"misuse of aggregate: max()"_s;
    const QString outer = u"SELECT T1.Earnings FROM poker_player AS T1 JOIN people AS T2 ON "
                          u"T1.People_ID = T2.People_ID WHERE T2.Height = "_s;
    QTest::newRow("the outer alias of the table the subquery reads")
            << outer + u"(SELECT max(T2.Height) FROM people)"_s << misuse
            << outer + u"(SELECT max(people.Height) FROM people)"_s << sqlite;
    QTest::newRow("the subquery's own alias")
            << u"SELECT p.Name FROM people p WHERE p.Height > (SELECT AVG(p.Height) FROM people "
               u"AS q WHERE q.Name <> 'x')"_s
            << u"misuse of aggregate: AVG()"_s
            << u"SELECT p.Name FROM people p WHERE p.Height > (SELECT AVG(q.Height) FROM people "
               u"AS q WHERE q.Name <> 'x')"_s
            << sqlite;
    QTest::newRow("two aggregates")
            << u"SELECT p.Name FROM people p WHERE p.Height BETWEEN (SELECT MIN(p.Height) FROM "
               u"people) AND (SELECT MAX(p.Height) FROM people)"_s
            << u"misuse of aggregate: MIN()"_s
            << u"SELECT p.Name FROM people p WHERE p.Height BETWEEN (SELECT MIN(people.Height) "
               u"FROM people) AND (SELECT MAX(people.Height) FROM people)"_s
            << sqlite;
    QTest::newRow("postgres")
            << outer + u"(SELECT max(T2.Height) FROM people)"_s
            << u"ERROR:  aggregate functions are not allowed in WHERE\nLINE 1: ..."_s
            << outer + u"(SELECT max(people.Height) FROM people)"_s << int(Engine::PostgreSQL);
    QTest::newRow("mysql") << outer + u"(SELECT max(T2.Height) FROM people)"_s
                           << u"Invalid use of group function"_s
                           << outer + u"(SELECT max(people.Height) FROM people)"_s
                           << int(Engine::MySQL);
    // Refused.
    QTest::newRow("a bare column of the outer table")
            << u"SELECT Name FROM airlines WHERE uid = (SELECT MIN(uid) FROM flights GROUP BY "
               u"Airline)"_s
            << u"misuse of aggregate: MIN()"_s << QString() << sqlite;
    QTest::newRow("the subquery reads another table")
            << outer + u"(SELECT max(T2.Height) FROM poker_player)"_s << misuse << QString()
            << sqlite;
    QTest::newRow("the alias correlates the subquery")
            << outer + u"(SELECT max(T2.Height) FROM people WHERE people.Name = T2.Name)"_s
            << misuse << QString() << sqlite;
    QTest::newRow("the subquery reads the table twice") << outer
                    + u"(SELECT max(T2.Height) FROM people AS a JOIN people AS b ON a.People_ID "
                      u"= b.People_ID)"_s << misuse << QString()
                                                        << sqlite;
    QTest::newRow("a column of another outer table beside it")
            << outer + u"(SELECT max(T2.Height + T1.Earnings) FROM people)"_s << misuse << QString()
            << sqlite;
    QTest::newRow("a subquery inside the aggregate") << outer
                    + u"(SELECT max(T2.Height * (SELECT COUNT(*) FROM poker_player)) FROM "
                      u"people)"_s << misuse << QString()
                                                     << sqlite;
    QTest::newRow("the subquery's own columns")
            << u"SELECT Name FROM people WHERE Height = (SELECT Height FROM people AS q WHERE "
               u"q.Height = max(q.Height))"_s
            << misuse << QString() << sqlite;
    QTest::newRow("not an aggregate error")
            << outer + u"(SELECT max(T2.Height) FROM people)"_s << u"no such column: T2.Height"_s
            << QString() << sqlite;
}

void tst_SubqueryAggregate::proposes(){SQLMEND_REPAIR_TEST(SubqueryAggregate)}

QTEST_GUILESS_MAIN(tst_SubqueryAggregate)
#include "tst_subqueryaggregate.moc"
