#include "core/repair/countrowstar.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_CountRowStar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_CountRowStar::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int mysql = int(Engine::MySQL);
    const QString nearStar = u"near \"*\": syntax error"_s;
    QTest::newRow("inner join") << u"SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON "
                                   u"T1.uid = T2.Airline GROUP BY T1.Airline ORDER BY count(T2.*) "
                                   u"DESC LIMIT 1"_s
                                << nearStar
                                << u"SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON "
                                   u"T1.uid = T2.Airline GROUP BY T1.Airline ORDER BY count(*) "
                                   u"DESC LIMIT 1"_s
                                << sqlite;
    QTest::newRow("the table itself, on MySQL")
            << u"SELECT COUNT(Pets.*) FROM Pets WHERE weight > 10"_s
            << sqlmend::test::mariadbSyntaxError(u"*) FROM Pets WHERE weight > 10"_s)
            << u"SELECT COUNT(*) FROM Pets WHERE weight > 10"_s << mysql;
    QTest::newRow("the NULL side of a left join counts matches only")
            << u"SELECT T1.Fname, count(T2.*) FROM Student AS T1 LEFT JOIN Has_Pet AS T2 ON "
               u"T1.StuID = T2.StuID GROUP BY T1.StuID"_s
            << nearStar << QString() << sqlite;
    QTest::newRow("a table of the outer query")
            << u"SELECT Fname FROM Student AS S WHERE 1 < (SELECT count(S.*) FROM Has_Pet AS H "
               u"WHERE H.StuID = S.StuID)"_s
            << nearStar << QString() << sqlite;
    QTest::newRow("DISTINCT is another count")
            << u"SELECT count(DISTINCT T2.*) FROM Pets AS T2"_s << nearStar << QString() << sqlite;
    QTest::newRow("the engine stopped elsewhere") << u"SELECT count(T2.*) FROM Pets AS T2 WHERE"_s
                                                  << u"incomplete input"_s << QString() << sqlite;
}

void tst_CountRowStar::proposes(){SQLMEND_REPAIR_TEST(CountRowStar)}

QTEST_GUILESS_MAIN(tst_CountRowStar)
#include "tst_countrowstar.moc"
