#include "core/repair/jointhroughkey.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_JoinThroughKey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_JoinThroughKey::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString noCourse = u"no such column: ca.Course"_s;

    QTest::newRow("selected, after the item's joins")
            << u"SELECT t.Name, ca.Course FROM teacher t JOIN course_arrange ca ON t.Teacher_ID = ca.Teacher_ID ORDER BY t.Name"_s
            << noCourse
            << u"SELECT t.Name, course.Course FROM teacher t JOIN course_arrange ca ON t.Teacher_ID = ca.Teacher_ID LEFT JOIN course ON ca.Course_ID = course.Course_ID ORDER BY t.Name"_s
            << sqlite;
    QTest::newRow("in WHERE, the table first in FROM")
            << u"SELECT t.Name FROM course_arrange AS ca JOIN teacher AS t ON t.Teacher_ID = ca.Teacher_ID WHERE ca.Course = 'Math'"_s
            << noCourse
            << u"SELECT t.Name FROM course_arrange AS ca JOIN teacher AS t ON t.Teacher_ID = ca.Teacher_ID LEFT JOIN course ON ca.Course_ID = course.Course_ID WHERE course.Course = 'Math'"_s
            << sqlite;
    QTest::newRow("qualified with the table's own name, quoted")
            << u"SELECT \"course_arrange\".\"Course\" FROM course_arrange WHERE Grade > 5"_s
            << u"no such column: course_arrange.Course"_s
            << u"SELECT course.\"Course\" FROM course_arrange LEFT JOIN course ON course_arrange.Course_ID = course.Course_ID WHERE Grade > 5"_s
            << sqlite;
    QTest::newRow("counted in a grouped statement")
            << u"SELECT t.Name, COUNT(DISTINCT ca.Course) FROM teacher t JOIN course_arrange ca ON t.Teacher_ID = ca.Teacher_ID GROUP BY t.Name"_s
            << noCourse
            << u"SELECT t.Name, COUNT(DISTINCT course.Course) FROM teacher t JOIN course_arrange ca ON t.Teacher_ID = ca.Teacher_ID LEFT JOIN course ON ca.Course_ID = course.Course_ID GROUP BY t.Name"_s
            << sqlite;

    QTest::newRow("the largest of them: each value counts once however often it is met")
            << u"SELECT MAX(e.Age) FROM enrolment e WHERE e.Course_ID = 3"_s
            << u"no such column: e.Age"_s
            << u"SELECT MAX(Student.Age) FROM enrolment e LEFT JOIN Student ON e.StuID = Student.StuID WHERE e.Course_ID = 3"_s
            << sqlite;
    QTest::newRow("added up where each row has its own referenced row")
            << u"SELECT SUM(ca.Course) FROM course_arrange ca"_s << noCourse
            << u"SELECT SUM(course.Course) FROM course_arrange ca LEFT JOIN course ON ca.Course_ID = course.Course_ID"_s
            << sqlite;

    QTest::newRow("averaged: a student's age once for each of their enrolments")
            << u"SELECT AVG(e.Age + 0) FROM enrolment e WHERE e.Course_ID = 3"_s
            << u"no such column: e.Age"_s << QString() << sqlite;
    QTest::newRow("the GROUP BY's column: which rows are grouped is open")
            << u"SELECT ca.Course, COUNT(*) FROM course_arrange ca GROUP BY ca.Course"_s << noCourse
            << QString() << sqlite;
    QTest::newRow("a table in scope has it: the qualifier may be the mistake")
            << u"SELECT T1.Course FROM course_arrange AS T1 JOIN course AS T3 ON T1.Course_ID = T3.Course_ID"_s
            << u"no such column: T1.Course"_s << QString() << sqlite;
    QTest::newRow("a table of the outer query has it")
            << u"SELECT Course FROM course WHERE Course_ID IN (SELECT ca.Course_ID FROM course_arrange ca WHERE ca.Course = 'Math')"_s
            << noCourse << QString() << sqlite;
    QTest::newRow("two keys to tables that have it")
            << u"SELECT r.City FROM routes r"_s << u"no such column: r.City"_s << QString()
            << sqlite;
    QTest::newRow("a key onto part of the key: several rows each")
            << u"SELECT e.StuID, e.Room FROM enrolment e"_s << u"no such column: e.Room"_s
            << QString() << sqlite;
    QTest::newRow("a table with one key: a thing of its own, not a link")
            << u"SELECT g.Mark, g.Course FROM grade g"_s << u"no such column: g.Course"_s
            << QString() << sqlite;
    QTest::newRow("a second missing column the joined table lacks")
            << u"SELECT ca.Course, ca.Hometown FROM course_arrange ca"_s << noCourse << QString()
            << sqlite;
    QTest::newRow("SELECT *: the join would add columns")
            << u"SELECT * FROM course_arrange ca WHERE ca.Course = 'Math'"_s << noCourse
            << QString() << sqlite;
    QTest::newRow("a subquery's alias")
            << u"SELECT ca.Course FROM (SELECT Course_ID FROM course_arrange) ca"_s << noCourse
            << QString() << sqlite;
    QTest::newRow("a column no table has") << u"SELECT ca.Room FROM course_arrange ca"_s
                                           << u"no such column: ca.Room"_s << QString() << sqlite;
    QTest::newRow("in a join condition before the join would stand")
            << u"SELECT t.Name FROM teacher t JOIN course_arrange ca ON t.Name = ca.Course"_s
            << noCourse << QString() << sqlite;
    QTest::newRow("a bare column") << u"SELECT Course FROM course_arrange"_s
                                   << u"no such column: Course"_s << QString() << sqlite;
    QTest::newRow("ClickHouse: LEFT JOIN fills defaults")
            << u"SELECT ca.Course FROM course_arrange ca"_s
            << u"Code: 47, e.displayText() = DB::Exception: Unknown identifier: ca.Course, e.what() = DB::Exception"_s
            << QString() << int(Engine::ClickHouse);
}

void tst_JoinThroughKey::proposes(){
        SQLMEND_REPAIR_TEST_ON(JoinThroughKey, sqlmend::test::schoolSchema())}

QTEST_GUILESS_MAIN(tst_JoinThroughKey)
#include "tst_jointhroughkey.moc"
