#include "core/repair/tablenamedbykeys.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

// Spider's network_1, and beside it roles: a department's and a project's manager_id (outside
// their keys), and a member_id of two tables that refer to different tables.
SchemaNames rolesSchema()
{
    using sqlmend::test::table;
    const QString integer = u"INTEGER"_s;
    const QString text = u"TEXT"_s;
    SchemaNames schema = sqlmend::test::networkSchema();
    schema.tables.append({
            table(u"employee"_s, {u"id"_s, u"name"_s}, {integer, text}, {u"id"_s}),
            table(u"dept"_s, {u"id"_s, u"manager_id"_s}, {integer, integer}, {u"id"_s},
                  {{{u"manager_id"_s}, u"employee"_s, {u"id"_s}}}),
            table(u"project"_s, {u"id"_s, u"manager_id"_s}, {integer, integer}, {u"id"_s},
                  {{{u"manager_id"_s}, u"employee"_s, {u"id"_s}}}),
            table(u"club"_s, {u"id"_s}, {integer}, {u"id"_s}),
            table(u"club_member"_s, {u"club_id"_s, u"member_id"_s}, {integer, integer},
                  {u"club_id"_s, u"member_id"_s},
                  {{{u"club_id"_s}, u"club"_s, {u"id"_s}},
                   {{u"member_id"_s}, u"Highschooler"_s, {u"ID"_s}}}),
            table(u"band_member"_s, {u"band"_s, u"member_id"_s}, {text, integer},
                  {u"band"_s, u"member_id"_s}, {{{u"member_id"_s}, u"employee"_s, {u"id"_s}}}),
    });
    return schema;
}

} // namespace

class tst_TableNamedByKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_TableNamedByKeys::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    QTest::newRow("the statement's one table")
            << u"SELECT ID FROM student WHERE name = 'Kyle'"_s << u"no such table: student"_s
            << u"SELECT ID FROM Highschooler WHERE name = 'Kyle'"_s << sqlite;
    QTest::newRow("with an alias, joined")
            << u"SELECT T1.name FROM student AS T1 JOIN Friend AS T2 ON T1.ID = T2.student_id"_s
            << u"no such table: student"_s
            << u"SELECT T1.name FROM Highschooler AS T1 JOIN Friend AS T2 ON T1.ID = "
               u"T2.student_id"_s
            << sqlite;
    QTest::newRow("its name as a qualifier")
            << u"SELECT student.name FROM student JOIN Likes ON student.ID = Likes.liked_id"_s
            << u"no such table: student"_s
            << u"SELECT Highschooler.name FROM Highschooler JOIN Likes ON Highschooler.ID = "
               u"Likes.liked_id"_s
            << sqlite;
    QTest::newRow("in a subquery")
            << u"SELECT count(*) FROM Friend WHERE student_id IN (SELECT id FROM students WHERE "
               u"grade > 10)"_s
            << u"no such table: students"_s
            << u"SELECT count(*) FROM Friend WHERE student_id IN (SELECT id FROM Highschooler "
               u"WHERE grade > 10)"_s
            << sqlite;
    // PostgreSQL folds an unquoted name to lower case: the table is written in quotes.
    QTest::newRow("PostgreSQL") << u"SELECT name FROM student WHERE grade = 9"_s
                                << u"relation \"student\" does not exist"_s
                                << u"SELECT name FROM \"Highschooler\" WHERE grade = 9"_s
                                << int(Engine::PostgreSQL);
    // MariaDB names the database the statement reads.
    QTest::newRow("MariaDB") << u"SELECT name FROM student WHERE grade = 9"_s
                             << u"Table 'shop.student' doesn't exist"_s
                             << u"SELECT name FROM Highschooler WHERE grade = 9"_s
                             << int(Engine::MariaDB);
    QTest::newRow("qualified with its database")
            << u"SELECT name FROM main.student"_s << u"no such table: main.student"_s
            << u"SELECT name FROM main.Highschooler"_s << sqlite;
    // Refused.
    QTest::newRow("a key of one table names a role")
            << u"SELECT name FROM liked"_s << u"no such table: liked"_s << QString() << sqlite;
    QTest::newRow("keys outside their tables' primary keys")
            << u"SELECT name FROM manager"_s << u"no such table: manager"_s << QString() << sqlite;
    QTest::newRow("keys that refer to different tables")
            << u"SELECT name FROM member"_s << u"no such table: member"_s << QString() << sqlite;
    QTest::newRow("a column's name") << u"SELECT count(*) FROM grades"_s
                                     << u"no such table: grades"_s << QString() << sqlite;
    QTest::newRow("the table is read already")
            << u"SELECT H.name FROM Highschooler AS H JOIN student AS S ON H.ID = S.ID"_s
            << u"no such table: student"_s << QString() << sqlite;
    QTest::newRow("a column the table lacks")
            << u"SELECT age FROM student"_s << u"no such table: student"_s << QString() << sqlite;
    QTest::newRow("a qualified column the table lacks")
            << u"SELECT T1.age FROM student AS T1 JOIN Friend AS T2 ON T1.ID = T2.student_id"_s
            << u"no such table: student"_s << QString() << sqlite;
    QTest::newRow("another missing name")
            << u"SELECT name FROM teacher"_s << u"no such table: teacher"_s << QString() << sqlite;
}

void tst_TableNamedByKeys::proposes(){SQLMEND_REPAIR_TEST_ON(TableNamedByKeys, rolesSchema())}

QTEST_GUILESS_MAIN(tst_TableNamedByKeys)
#include "tst_tablenamedbykeys.moc"
