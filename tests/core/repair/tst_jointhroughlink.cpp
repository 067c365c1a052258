#include "core/repair/jointhroughlink.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

// The school's tables, and Spider's document templates: a document's template, a template's type
// (Documents -> Templates -> Ref_Template_Types), a draft with a key of its own onto a template,
// two links between students and pets, and Spider's concerts: singer_in_concert pairs singers
// with concerts, each held in a stadium.
SchemaNames linkSchema()
{
    using sqlmend::test::table;
    SchemaNames schema = sqlmend::test::schoolSchema();
    const QString integer = u"INTEGER"_s;
    const QString text = u"TEXT"_s;
    schema.tables.append({
            table(u"Ref_Template_Types"_s,
                  {u"Template_Type_Code"_s, u"Template_Type_Description"_s}, {text, text},
                  {u"Template_Type_Code"_s}),
            table(u"Templates"_s, {u"Template_ID"_s, u"Template_Type_Code"_s, u"Version_Number"_s},
                  {integer, text, integer}, {u"Template_ID"_s},
                  {{{u"Template_Type_Code"_s},
                    u"Ref_Template_Types"_s,
                    {u"Template_Type_Code"_s}}}),
            table(u"Documents"_s, {u"Document_ID"_s, u"Template_ID"_s, u"Document_Name"_s},
                  {integer, integer, text}, {u"Document_ID"_s},
                  {{{u"Template_ID"_s}, u"Templates"_s, {u"Template_ID"_s}}}),
            table(u"Drafts"_s, {u"Draft_ID"_s, u"Document_ID"_s, u"Base_Template"_s},
                  {integer, integer, integer}, {u"Draft_ID"_s},
                  {{{u"Document_ID"_s}, u"Documents"_s, {u"Document_ID"_s}},
                   {{u"Base_Template"_s}, u"Templates"_s, {u"Template_ID"_s}}}),
            table(u"stadium"_s, {u"Stadium_ID"_s, u"Name"_s}, {integer, text}, {u"Stadium_ID"_s}),
            table(u"concert"_s, {u"concert_ID"_s, u"Stadium_ID"_s, u"Year"_s},
                  {integer, text, text}, {u"concert_ID"_s},
                  {{{u"Stadium_ID"_s}, u"stadium"_s, {u"Stadium_ID"_s}}}),
            table(u"singer"_s, {u"Singer_ID"_s, u"Name"_s}, {integer, text}, {u"Singer_ID"_s}),
            table(u"singer_in_concert"_s, {u"concert_ID"_s, u"Singer_ID"_s}, {integer, integer},
                  {u"concert_ID"_s, u"Singer_ID"_s},
                  {{{u"concert_ID"_s}, u"concert"_s, {u"concert_ID"_s}},
                   {{u"Singer_ID"_s}, u"singer"_s, {u"Singer_ID"_s}}}),
            table(u"Adoption"_s, {u"StuID"_s, u"PetID"_s, u"Since"_s}, {integer, integer, text}, {},
                  {{{u"StuID"_s}, u"Student"_s, {u"StuID"_s}},
                   {{u"PetID"_s}, u"Pets"_s, {u"PetID"_s}}}),
    });
    return schema;
}

} // namespace

class tst_JoinThroughLink : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
    void refusesOtherKeys_data();
    void refusesOtherKeys();
};

void tst_JoinThroughLink::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString noTeacher = u"no such column: T1.Teacher_ID"_s;

    QTest::newRow("a link between the two, the table first")
            << u"SELECT T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID WHERE T1.Course = 'Math'"_s
            << noTeacher
            << u"SELECT T2.Name FROM course AS T1 JOIN course_arrange ON T1.Course_ID = course_arrange.Course_ID JOIN teacher AS T2 ON course_arrange.Teacher_ID = T2.Teacher_ID WHERE T1.Course = 'Math'"_s
            << sqlite;
    QTest::newRow("the table after a join: in parentheses with the link, every use read from it")
            << u"SELECT T2.Name, T1.Teacher_ID FROM teacher AS T2 JOIN course AS T1 ON T2.Teacher_ID = T1.Teacher_ID GROUP BY T1.Teacher_ID"_s
            << noTeacher
            << u"SELECT T2.Name, course_arrange.Teacher_ID FROM teacher AS T2 JOIN (course AS T1 JOIN course_arrange ON T1.Course_ID = course_arrange.Course_ID) ON T2.Teacher_ID = course_arrange.Teacher_ID GROUP BY course_arrange.Teacher_ID"_s
            << sqlite;
    QTest::newRow("tables in a list, the condition in WHERE, no alias")
            << u"SELECT COUNT(*) FROM teacher, course WHERE course.Course = 'Math' AND teacher.Teacher_ID = course.Teacher_ID"_s
            << u"no such column: course.Teacher_ID"_s
            << u"SELECT COUNT(*) FROM teacher, course JOIN course_arrange ON course.Course_ID = course_arrange.Course_ID WHERE course.Course = 'Math' AND teacher.Teacher_ID = course_arrange.Teacher_ID"_s
            << sqlite;
    QTest::newRow("a chain: the table's key leads to the link, the link's to the other")
            << u"SELECT T1.Template_Type_Code, COUNT(*) FROM Ref_Template_Types AS T1 JOIN Documents AS T2 ON T1.Template_Type_Code = T2.Template_Type_Code GROUP BY T1.Template_Type_Code"_s
            << u"no such column: T2.Template_Type_Code"_s
            << u"SELECT T1.Template_Type_Code, COUNT(*) FROM Ref_Template_Types AS T1 JOIN (Documents AS T2 JOIN Templates ON T2.Template_ID = Templates.Template_ID) ON T1.Template_Type_Code = Templates.Template_Type_Code GROUP BY T1.Template_Type_Code"_s
            << sqlite;
    QTest::newRow("a bare column the link has, in a subquery whose own table has it")
            << u"SELECT T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID WHERE T1.Course_ID IN (SELECT Course_ID FROM grade)"_s
            << noTeacher
            << u"SELECT T2.Name FROM course AS T1 JOIN course_arrange ON T1.Course_ID = course_arrange.Course_ID JOIN teacher AS T2 ON course_arrange.Teacher_ID = T2.Teacher_ID WHERE T1.Course_ID IN (SELECT Course_ID FROM grade)"_s
            << sqlite;
    QTest::newRow("MySQL: the link's key named as the column, the other side's key id")
            << u"SELECT T2.Course FROM teacher AS T1 JOIN course AS T2 ON T1.Course_ID = T2.Course_ID"_s
            << u"Unknown column 'T1.Course_ID' in 'on clause'"_s
            << u"SELECT T2.Course FROM teacher AS T1 JOIN course_arrange ON T1.Teacher_ID = course_arrange.Teacher_ID JOIN course AS T2 ON course_arrange.Course_ID = T2.Course_ID"_s
            << int(Engine::MySQL);
    QTest::newRow("PostgreSQL, quoted")
            << u"SELECT t2.\"Name\" FROM course t1 JOIN teacher t2 ON t1.\"Teacher_ID\" = t2.\"Teacher_ID\""_s
            << u"column t1.Teacher_ID does not exist"_s
            << u"SELECT t2.\"Name\" FROM course t1 JOIN course_arrange ON t1.\"Course_ID\" = course_arrange.\"Course_ID\" JOIN teacher t2 ON course_arrange.\"Teacher_ID\" = t2.\"Teacher_ID\""_s
            << int(Engine::PostgreSQL);
    QTest::newRow("a table of pairs read for the rows it pairs, not counted")
            << u"SELECT DISTINCT T1.Name FROM stadium AS T1 JOIN singer_in_concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID WHERE T2.Singer_ID = 1"_s
            << u"no such column: T2.Stadium_ID"_s
            << u"SELECT DISTINCT T1.Name FROM stadium AS T1 JOIN (singer_in_concert AS T2 JOIN concert ON T2.concert_ID = concert.concert_ID) ON T1.Stadium_ID = concert.Stadium_ID WHERE T2.Singer_ID = 1"_s
            << sqlite;

    // Where the way is open, or the join would change which rows the statement keeps.
    QTest::newRow("two links between the tables")
            << u"SELECT T1.Fname FROM Student AS T1 JOIN Pets AS T2 ON T1.PetID = T2.PetID WHERE T2.PetType = 'dog'"_s
            << u"no such column: T1.PetID"_s << QString() << sqlite;
    QTest::newRow("a key straight between the two tables")
            << u"SELECT D.Draft_ID FROM Drafts AS D JOIN Templates AS T ON D.Template_ID = T.Template_ID"_s
            << u"no such column: D.Template_ID"_s << QString() << sqlite;
    QTest::newRow("the link already read: a qualifier problem")
            << u"SELECT T2.Name FROM course AS T1 JOIN course_arrange AS ca ON ca.Course_ID = T1.Course_ID JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID"_s
            << noTeacher << QString() << sqlite;
    QTest::newRow("an outer join")
            << u"SELECT T2.Name FROM course AS T1 LEFT JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID"_s
            << noTeacher << QString() << sqlite;
    QTest::newRow("a bare column the link has too")
            << u"SELECT Course_ID, T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID"_s
            << noTeacher << QString() << sqlite;
    QTest::newRow("the other side is no primary key")
            << u"SELECT T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Name = T2.Name"_s
            << u"no such column: T1.Name"_s << QString() << sqlite;
    QTest::newRow("set equal to another column of the table whose key it names")
            << u"SELECT T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Name"_s
            << noTeacher << QString() << sqlite;
    QTest::newRow("set equal to a column of another name")
            << u"SELECT T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher = T2.Teacher_ID"_s
            << u"no such column: T1.Teacher"_s << QString() << sqlite;
    QTest::newRow("another column the table lacks")
            << u"SELECT T1.Room FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID"_s
            << noTeacher << QString() << sqlite;
    QTest::newRow("set equal to two tables")
            << u"SELECT T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID JOIN teacher AS T3 ON T1.Teacher_ID = T3.Teacher_ID"_s
            << noTeacher << QString() << sqlite;
    QTest::newRow("a schema's table after a join")
            << u"SELECT T2.Name FROM teacher AS T2 JOIN main.course AS T1 ON T2.Teacher_ID = T1.Teacher_ID"_s
            << noTeacher << QString() << sqlite;
    QTest::newRow("SELECT *")
            << u"SELECT * FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID"_s
            << noTeacher << QString() << sqlite;
    // A table of pairs taken for the table it refers to: counted, each concert once per singer.
    QTest::newRow("a table of pairs counted per group")
            << u"SELECT T1.Name, COUNT(*) FROM stadium AS T1 JOIN singer_in_concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID GROUP BY T1.Name"_s
            << u"no such column: T2.Stadium_ID"_s << QString() << sqlite;
    QTest::newRow("a table of pairs counted, ungrouped")
            << u"SELECT COUNT(T2.concert_ID) FROM stadium AS T1 JOIN singer_in_concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID WHERE T1.Name = 'Hampden'"_s
            << u"no such column: T2.Stadium_ID"_s << QString() << sqlite;
    QTest::newRow("ClickHouse")
            << u"SELECT T2.Name FROM course AS T1 JOIN teacher AS T2 ON T1.Teacher_ID = T2.Teacher_ID"_s
            << u"Code: 47, e.displayText() = DB::Exception: Unknown identifier: T1.Teacher_ID, e.what() = DB::Exception"_s
            << QString() << int(Engine::ClickHouse);
}

void tst_JoinThroughLink::proposes()
{
    SQLMEND_REPAIR_TEST_ON(JoinThroughLink, linkSchema())
}

// Clubs and members: the link's key onto a member under another name, and a member's own key onto a
// club.
void tst_JoinThroughLink::refusesOtherKeys_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("repaired");
    QTest::addColumn<bool>("nickname"); // membership's key onto member is its Nick
    QTest::addColumn<bool>("homeClub"); // member has a key onto club
    const QString members =
            u"SELECT c.Name FROM club c JOIN member m ON c.Member_ID = m.Member_ID"_s;
    const QString noMember = u"no such column: c.Member_ID"_s;
    QTest::newRow("the link, its key named as the column")
            << members << noMember
            << u"SELECT c.Name FROM club c JOIN membership ON c.Club_ID = membership.Club_ID JOIN member m ON membership.Member_ID = m.Member_ID"_s
            << false << false;
    QTest::newRow("the link's key onto the other table under another name")
            << members << noMember << QString() << true << false;
    QTest::newRow("a column the other table has that is not its key")
            << u"SELECT c.Name FROM club c JOIN member m ON c.Nick = m.Nick"_s
            << u"no such column: c.Nick"_s << QString() << true << false;
    QTest::newRow("the other table's own key onto the table")
            << members << noMember << QString() << false << true;
}

void tst_JoinThroughLink::refusesOtherKeys()
{
    QFETCH(QString, sql);
    QFETCH(QString, message);
    QFETCH(QString, repaired);
    QFETCH(bool, nickname);
    QFETCH(bool, homeClub);
    using sqlmend::test::table;
    const QString integer = u"INTEGER"_s;
    SchemaNames schema;
    schema.tables = {
            table(u"club"_s, {u"Club_ID"_s, u"Name"_s}, {integer, u"TEXT"_s}, {u"Club_ID"_s}),
            table(u"member"_s, {u"Member_ID"_s, u"Nick"_s, u"Home_Club"_s},
                  {integer, u"TEXT"_s, integer}, {u"Member_ID"_s}),
            table(u"membership"_s, {u"Club_ID"_s, nickname ? u"Nick"_s : u"Member_ID"_s},
                  {integer, integer}, {},
                  {{{u"Club_ID"_s}, u"club"_s, {u"Club_ID"_s}},
                   {{nickname ? u"Nick"_s : u"Member_ID"_s}, u"member"_s, {u"Member_ID"_s}}}),
    };
    if (homeClub)
        schema.tables[1].foreignKeys.append({{u"Home_Club"_s}, u"club"_s, {u"Club_ID"_s}});
    const auto proposed =
            JoinThroughLink().propose(sqlmend::test::repairInput(sql, message, &schema));
    if (repaired.isEmpty()) {
        QVERIFY2(!proposed, qPrintable(proposed ? proposed->sql : QString()));
    } else {
        QVERIFY(proposed);
        QCOMPARE(proposed->sql, repaired);
    }
}

QTEST_GUILESS_MAIN(tst_JoinThroughLink)
#include "tst_jointhroughlink.moc"
