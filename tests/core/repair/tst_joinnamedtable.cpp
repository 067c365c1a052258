#include "core/repair/joinnamedtable.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_JoinNamedTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_JoinNamedTable::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString noCourse = u"no such column: course.Course"_s;

    QTest::newRow("after the JOIN it is used beside")
            << u"SELECT teacher.Name, course.Course FROM teacher JOIN course_arrange ON teacher.Teacher_ID = course_arrange.Teacher_ID ORDER BY teacher.Name"_s
            << noCourse
            << u"SELECT teacher.Name, course.Course FROM teacher JOIN course_arrange ON teacher.Teacher_ID = course_arrange.Teacher_ID LEFT JOIN course ON course_arrange.Course_ID = course.Course_ID ORDER BY teacher.Name"_s
            << sqlite;
    QTest::newRow("a comma list: beside the table with the key")
            << u"SELECT teacher.Name, course.Course FROM course_arrange, teacher WHERE teacher.Teacher_ID = course_arrange.Teacher_ID"_s
            << noCourse
            << u"SELECT teacher.Name, course.Course FROM course_arrange LEFT JOIN course ON course_arrange.Course_ID = course.Course_ID, teacher WHERE teacher.Teacher_ID = course_arrange.Teacher_ID"_s
            << sqlite;
    QTest::newRow("under an alias, grouped")
            << u"SELECT t.Name, COUNT(course.Course_ID) FROM teacher t JOIN course_arrange ca ON t.Teacher_ID = ca.Teacher_ID GROUP BY t.Name"_s
            << u"no such column: course.Course_ID"_s
            << u"SELECT t.Name, COUNT(course.Course_ID) FROM teacher t JOIN course_arrange ca ON t.Teacher_ID = ca.Teacher_ID LEFT JOIN course ON ca.Course_ID = course.Course_ID GROUP BY t.Name"_s
            << sqlite;
    QTest::newRow("inside a subquery, joined there")
            << u"SELECT Age FROM Student WHERE StuID NOT IN (SELECT StuID FROM Has_Pet WHERE Pets.PetType = 'cat')"_s
            << u"no such column: Pets.PetType"_s
            << u"SELECT Age FROM Student WHERE StuID NOT IN (SELECT StuID FROM Has_Pet LEFT JOIN Pets ON Has_Pet.PetID = Pets.PetID WHERE Pets.PetType = 'cat')"_s
            << sqlite;
    QTest::newRow("another letter case: the name as written stays the alias")
            << u"SELECT COURSE.Course FROM course_arrange"_s << u"no such column: COURSE.Course"_s
            << u"SELECT COURSE.Course FROM course_arrange LEFT JOIN course AS COURSE ON course_arrange.Course_ID = COURSE.Course_ID"_s
            << sqlite;
    QTest::newRow("PostgreSQL: a missing FROM-clause entry")
            << u"SELECT course.\"Course\" FROM course_arrange"_s
            << u"missing FROM-clause entry for table \"course\""_s
            << u"SELECT course.\"Course\" FROM course_arrange LEFT JOIN course ON course_arrange.\"Course_ID\" = course.\"Course_ID\""_s
            << int(Engine::PostgreSQL);
    QTest::newRow("MySQL")
            << u"SELECT course.Course FROM course_arrange WHERE Grade > 1"_s
            << u"Unknown column 'course.Course' in 'field list'"_s
            << u"SELECT course.Course FROM course_arrange LEFT JOIN course ON course_arrange.Course_ID = course.Course_ID WHERE Grade > 1"_s
            << int(Engine::MySQL);

    // Where the way to the table is open, or the name is no table.
    QTest::newRow("grouped by its column: whose rows are counted is open")
            << u"SELECT course.Course, COUNT(*) FROM course_arrange GROUP BY course.Course"_s
            << noCourse << QString() << sqlite;
    QTest::newRow("grouped by the statement's own column, its column counted")
            << u"SELECT Teacher_ID, COUNT(course.Course) FROM course_arrange GROUP BY Teacher_ID HAVING COUNT(course.Course) > 1"_s
            << noCourse
            << u"SELECT Teacher_ID, COUNT(course.Course) FROM course_arrange LEFT JOIN course ON course_arrange.Course_ID = course.Course_ID GROUP BY Teacher_ID HAVING COUNT(course.Course) > 1"_s
            << sqlite;
    QTest::newRow("two keys onto the table")
            << u"SELECT airports.City FROM routes"_s << u"no such column: airports.City"_s
            << QString() << sqlite;
    QTest::newRow("two tables with a key onto it")
            << u"SELECT course.Course FROM course_arrange JOIN grade ON grade.Course_ID = course_arrange.Course_ID"_s
            << noCourse << QString() << sqlite;
    QTest::newRow("its key onto a table read: many rows per row")
            << u"SELECT course_arrange.Grade FROM course"_s
            << u"no such column: course_arrange.Grade"_s << QString() << sqlite;
    QTest::newRow("a key each way: the employee's department, or the one they manage")
            << u"SELECT employee.Title, dept.Budget FROM employee"_s
            << u"no such column: dept.Budget"_s << QString() << sqlite;
    QTest::newRow("the key is in the block around")
            << u"SELECT Grade FROM course_arrange WHERE EXISTS (SELECT 1 FROM teacher WHERE course.Course = 'x')"_s
            << noCourse << QString() << sqlite;
    QTest::newRow("read under another name")
            << u"SELECT course.Course FROM course AS c"_s << noCourse << QString() << sqlite;
    QTest::newRow("a column the table does not have")
            << u"SELECT course.Name FROM course_arrange"_s << u"no such column: course.Name"_s
            << QString() << sqlite;
    QTest::newRow("uses in two blocks")
            << u"SELECT course.Course FROM course_arrange WHERE Grade IN (SELECT Grade FROM course_arrange WHERE course.Course_ID = 1)"_s
            << noCourse << QString() << sqlite;
    QTest::newRow("SELECT * would return the joined columns too")
            << u"SELECT * FROM course_arrange WHERE course.Course = 'x'"_s << noCourse << QString()
            << sqlite;
    QTest::newRow("an alias that is no table")
            << u"SELECT c.Course FROM course_arrange"_s << u"no such column: c.Course"_s
            << QString() << sqlite;
    QTest::newRow("cut off after AS")
            << u"SELECT course.Course FROM course_arrange AS"_s << noCourse << QString() << sqlite;
    QTest::newRow("a bare name") << u"SELECT Course FROM course_arrange"_s
                                 << u"no such column: Course"_s << QString() << sqlite;
    QTest::newRow("ClickHouse: a LEFT JOIN fills defaults, not NULL")
            << u"SELECT course.Course FROM course_arrange"_s
            << u"Code: 47, e.displayText() = DB::Exception: Unknown identifier: course.Course, e.what() = DB::Exception"_s
            << QString() << int(Engine::ClickHouse);
}

void tst_JoinNamedTable::proposes(){
        SQLMEND_REPAIR_TEST_ON(JoinNamedTable, sqlmend::test::schoolSchema())}

QTEST_GUILESS_MAIN(tst_JoinNamedTable)
#include "tst_joinnamedtable.moc"
