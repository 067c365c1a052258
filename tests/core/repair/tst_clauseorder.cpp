#include "core/repair/clauseorder.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_ClauseOrder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_ClauseOrder::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString nearWhere = u"near \"where\": syntax error"_s;
    QTest::newRow("WHERE after HAVING")
            << u"select t1.Fname from Student as t1 join Has_Pet as t2 on t1.StuID = t2.StuID "
               u"group by t1.StuID having count(*) >= 2 where Age > 20"_s
            << nearWhere
            << u"select t1.Fname from Student as t1 join Has_Pet as t2 on t1.StuID = t2.StuID "
               u"where Age > 20 group by t1.StuID having count(*) >= 2"_s
            << sqlite;
    QTest::newRow("WHERE after GROUP BY, ORDER BY kept last")
            << u"SELECT PetType, COUNT(*) FROM Pets GROUP BY PetType WHERE weight > 10 ORDER BY "
               u"COUNT(*) DESC LIMIT 1"_s
            << u"near \"WHERE\": syntax error"_s
            << u"SELECT PetType, COUNT(*) FROM Pets WHERE weight > 10 GROUP BY PetType ORDER BY "
               u"COUNT(*) DESC LIMIT 1"_s
            << sqlite;
    QTest::newRow("a JOIN after WHERE")
            << u"SELECT T1.Fname FROM Student AS T1 WHERE T1.Age > 20 JOIN Has_Pet AS T2 ON "
               u"T1.StuID = T2.StuID"_s
            << u"near \"JOIN\": syntax error"_s
            << u"SELECT T1.Fname FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID "
               u"WHERE T1.Age > 20"_s
            << sqlite;
    QTest::newRow("two joins after WHERE, in their order")
            << u"SELECT T3.PetType FROM Student AS T1 WHERE T1.Sex = 'F' LEFT OUTER JOIN Has_Pet "
               u"AS T2 ON T1.StuID = T2.StuID JOIN Pets AS T3 ON T2.PetID = T3.PetID"_s
            << u"near \"LEFT\": syntax error"_s
            << u"SELECT T3.PetType FROM Student AS T1 LEFT OUTER JOIN Has_Pet AS T2 ON T1.StuID = "
               u"T2.StuID JOIN Pets AS T3 ON T2.PetID = T3.PetID WHERE T1.Sex = 'F'"_s
            << sqlite;
    QTest::newRow("LIMIT before ORDER BY")
            << u"SELECT Name FROM people LIMIT 1 ORDER BY Height DESC"_s
            << u"near \"ORDER\": syntax error"_s
            << u"SELECT Name FROM people ORDER BY Height DESC LIMIT 1"_s << sqlite;
    QTest::newRow("WHERE after ORDER BY, with a subquery")
            << u"SELECT Name FROM people ORDER BY Name WHERE People_ID IN (SELECT People_ID FROM "
               u"poker_player WHERE Earnings > 300000)"_s
            << nearWhere
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player "
               u"WHERE Earnings > 300000) ORDER BY Name"_s
            << sqlite;
    QTest::newRow("inside a subquery")
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player "
               u"GROUP BY People_ID where Earnings > 100)"_s
            << nearWhere
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player "
               u"where Earnings > 100 GROUP BY People_ID)"_s
            << sqlite;
    QTest::newRow("postgres")
            << u"SELECT PetType FROM Pets GROUP BY PetType WHERE weight > 10"_s
            << u"ERROR:  syntax error at or near \"WHERE\"\nLINE 1: SELECT PetType FROM Pets "
               u"GROUP BY PetType WHERE weight > 10"_s
            << u"SELECT PetType FROM Pets WHERE weight > 10 GROUP BY PetType"_s
            << int(Engine::PostgreSQL);
    QTest::newRow("mariadb") << u"SELECT PetType FROM Pets GROUP BY PetType WHERE weight > 10"_s
                             << sqlmend::test::mariadbSyntaxError(u"WHERE weight > 10"_s)
                             << u"SELECT PetType FROM Pets WHERE weight > 10 GROUP BY PetType"_s
                             << int(Engine::MariaDB);
    QTest::newRow("clickhouse")
            << u"SELECT PetType FROM Pets GROUP BY PetType WHERE weight > 10"_s
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 43: "
               u"WHERE weight > 10. Expected one of: token, Comma, HAVING, ORDER BY, LIMIT, "
               u"e.what() = DB::Exception"_s
            << u"SELECT PetType FROM Pets WHERE weight > 10 GROUP BY PetType"_s
            << int(Engine::ClickHouse);
    // Refused.
    QTest::newRow("the engine stopped elsewhere")
            << u"SELECT PetType FROM Pets GROUP BY PetType WHERE weight > 10"_s
            << u"near \"PetType\": syntax error"_s << QString() << sqlite;
    QTest::newRow("an aggregate in the WHERE after GROUP BY is meant for HAVING")
            << u"SELECT PetType FROM Pets GROUP BY PetType WHERE COUNT(*) > 1"_s << nearWhere
            << QString() << sqlite;
    QTest::newRow("two WHERE clauses")
            << u"SELECT PetType FROM Pets WHERE weight > 1 GROUP BY PetType WHERE pet_age > 2"_s
            << nearWhere << QString() << sqlite;
    QTest::newRow("a set operator beside the block")
            << u"SELECT PetType FROM Pets UNION SELECT PetType FROM Pets ORDER BY PetType WHERE "
               u"weight > 1"_s
            << nearWhere << QString() << sqlite;
    QTest::newRow("a set operator after the block")
            << u"SELECT PetType FROM Pets ORDER BY PetType WHERE weight > 1 UNION SELECT PetType "
               u"FROM Pets"_s
            << nearWhere << QString() << sqlite;
    QTest::newRow("a comment")
            << u"SELECT PetType FROM Pets GROUP BY PetType -- by type\nWHERE weight > 10"_s
            << u"near \"WHERE\": syntax error"_s << QString() << sqlite;
    QTest::newRow("OFFSET without its LIMIT")
            << u"SELECT Name FROM people LIMIT 1 ORDER BY Height OFFSET 2"_s
            << u"near \"ORDER\": syntax error"_s << QString() << sqlite;
    QTest::newRow("a clause this step does not know")
            << u"SELECT Name FROM people WINDOW w AS (ORDER BY Height) LIMIT 1 ORDER BY Name"_s
            << u"near \"ORDER\": syntax error"_s << QString() << sqlite;
    QTest::newRow("clauses in order: another error")
            << u"SELECT Name, FROM people WHERE Height > 1"_s << u"near \"FROM\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("two blocks out of order")
            << u"SELECT Name FROM people ORDER BY Name WHERE People_ID IN (SELECT People_ID FROM "
               u"poker_player GROUP BY People_ID WHERE Earnings > 1)"_s
            << nearWhere << QString() << sqlite;
    QTest::newRow("not a syntax error")
            << u"SELECT PetType FROM Pets GROUP BY PetType WHERE weight > 10"_s
            << u"no such column: weight"_s << QString() << sqlite;
}

void tst_ClauseOrder::proposes(){SQLMEND_REPAIR_TEST(ClauseOrder)}

QTEST_GUILESS_MAIN(tst_ClauseOrder)
#include "tst_clauseorder.moc"
