#include "core/repair/joinreferencedtable.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_JoinReferencedTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
    void twoKeysToOneTable();
    void aColumnOfBothTablesBesideTheKey();
    void joinedTablesWithASecondWay();
};

void tst_JoinReferencedTable::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);
    const int mysql = int(Engine::MySQL);
    const QString noName = u"no such column: Name"_s;

    QTest::newRow("a column of the referenced table")
            << u"SELECT Name FROM poker_player WHERE Earnings > 300000"_s << noName
            << u"SELECT people.Name FROM poker_player LEFT JOIN people ON poker_player.People_ID = people.People_ID WHERE Earnings > 300000"_s
            << sqlite;
    QTest::newRow("under an alias, every use")
            << u"SELECT T1.Earnings, name FROM poker_player AS T1 WHERE name <> 'x' ORDER BY T1.Earnings"_s
            << u"no such column: name"_s
            << u"SELECT T1.Earnings, people.Name FROM poker_player AS T1 LEFT JOIN people ON T1.People_ID = people.People_ID WHERE people.Name <> 'x' ORDER BY T1.Earnings"_s
            << sqlite;
    QTest::newRow("an alias without AS")
            << u"SELECT Height FROM poker_player p ORDER BY p.Earnings DESC LIMIT 1"_s
            << u"no such column: Height"_s
            << u"SELECT people.Height FROM poker_player p LEFT JOIN people ON p.People_ID = people.People_ID ORDER BY p.Earnings DESC LIMIT 1"_s
            << sqlite;
    QTest::newRow("a column of both tables keeps its own table")
            << u"SELECT Height FROM poker_player WHERE People_ID = 1"_s
            << u"no such column: Height"_s
            << u"SELECT people.Height FROM poker_player LEFT JOIN people ON poker_player.People_ID = people.People_ID WHERE poker_player.People_ID = 1"_s
            << sqlite;
    QTest::newRow("one of two referenced tables has it")
            << u"SELECT PetType FROM Has_Pet WHERE StuID = 1001"_s << u"no such column: PetType"_s
            << u"SELECT Pets.PetType FROM Has_Pet LEFT JOIN Pets ON Has_Pet.PetID = Pets.PetID WHERE StuID = 1001"_s
            << sqlite;
    QTest::newRow("quoted as the model quoted it")
            << u"SELECT \"Name\" FROM poker_player"_s << noName
            << u"SELECT people.\"Name\" FROM poker_player LEFT JOIN people ON poker_player.People_ID = people.People_ID"_s
            << sqlite;
    // Of two joined tables, the one whose foreign key leads to a table that has it.
    QTest::newRow("joined tables: after the last join")
            << u"SELECT DISTINCT Course FROM course_arrange ca JOIN teacher t ON ca.Teacher_ID = t.Teacher_ID WHERE t.Name = 'x'"_s
            << u"no such column: Course"_s
            << u"SELECT DISTINCT course.Course FROM course_arrange ca JOIN teacher t ON ca.Teacher_ID = t.Teacher_ID LEFT JOIN course ON ca.Course_ID = course.Course_ID WHERE t.Name = 'x'"_s
            << sqlite;
    // Qualified with the statement's one table, the name says no more than bare.
    QTest::newRow("qualified with the one table's alias")
            << u"SELECT p.Name FROM poker_player p WHERE p.Earnings > 300000"_s
            << u"no such column: p.Name"_s
            << u"SELECT people.Name FROM poker_player p LEFT JOIN people ON p.People_ID = people.People_ID WHERE p.Earnings > 300000"_s
            << sqlite;
    QTest::newRow("qualified with the one table's name, quoted")
            << u"SELECT poker_player.\"Name\" FROM poker_player"_s
            << u"no such column: poker_player.Name"_s
            << u"SELECT people.\"Name\" FROM poker_player LEFT JOIN people ON poker_player.People_ID = people.People_ID"_s
            << sqlite;
    QTest::newRow("PostgreSQL keeps the schema's letter case")
            << u"SELECT name FROM poker_player"_s << u"column \"name\" does not exist"_s
            << u"SELECT people.\"Name\" FROM poker_player LEFT JOIN people ON poker_player.\"People_ID\" = people.\"People_ID\""_s
            << postgres;
    QTest::newRow("the tallest: each height counts once however often it is met")
            << u"SELECT MAX(Height) FROM poker_player"_s << u"no such column: Height"_s
            << u"SELECT MAX(people.Height) FROM poker_player LEFT JOIN people ON poker_player.People_ID = people.People_ID"_s
            << sqlite;
    QTest::newRow("MySQL")
            << u"SELECT Name FROM poker_player"_s << u"Unknown column 'Name' in 'field list'"_s
            << u"SELECT people.Name FROM poker_player LEFT JOIN people ON poker_player.People_ID = people.People_ID"_s
            << mysql;

    QTest::newRow("grouped by the key the join follows: one referenced row a group")
            << u"SELECT People_ID, Name, count(*) FROM poker_player GROUP BY People_ID ORDER BY count(*) DESC"_s
            << noName
            << u"SELECT poker_player.People_ID, people.Name, count(*) FROM poker_player LEFT JOIN people ON poker_player.People_ID = people.People_ID GROUP BY poker_player.People_ID ORDER BY count(*) DESC"_s
            << sqlite;
    QTest::newRow("grouped by the key, qualified, and by the column")
            << u"SELECT p.People_ID, Name, sum(p.Earnings) FROM poker_player p GROUP BY p.People_ID, Name"_s
            << noName
            << u"SELECT p.People_ID, people.Name, sum(p.Earnings) FROM poker_player p LEFT JOIN people ON p.People_ID = people.People_ID GROUP BY p.People_ID, people.Name"_s
            << sqlite;

    // Where the join is not the one reading the schema gives.
    QTest::newRow("added up: a person's height once for each of their poker players")
            << u"SELECT SUM(Height) FROM poker_player WHERE Earnings > 300000"_s
            << u"no such column: Height"_s << QString() << sqlite;
    QTest::newRow("averaged inside an expression")
            << u"SELECT AVG(Height * 100) FROM poker_player"_s << u"no such column: Height"_s
            << QString() << sqlite;
    QTest::newRow("grouped: which rows are counted is open")
            << u"SELECT Name, count(*) FROM poker_player GROUP BY Name"_s << noName << QString()
            << sqlite;
    QTest::newRow("PostgreSQL: grouped by the key, the column would still need grouping")
            << u"SELECT People_ID, name FROM poker_player GROUP BY People_ID"_s
            << u"column \"name\" does not exist"_s << QString() << postgres;
    QTest::newRow("grouped by another column of the table")
            << u"SELECT Earnings, Name FROM poker_player GROUP BY Earnings"_s << noName << QString()
            << sqlite;
    QTest::newRow("the key only in HAVING")
            << u"SELECT Name, count(*) FROM poker_player GROUP BY Earnings HAVING People_ID > 1"_s
            << noName << QString() << sqlite;
    QTest::newRow("SELECT * would return the joined columns too")
            << u"SELECT * FROM poker_player WHERE Name = 'x'"_s << noName << QString() << sqlite;
    QTest::newRow("a subquery: the name may belong to another block")
            << u"SELECT Name FROM poker_player WHERE Earnings > (SELECT avg(Earnings) FROM poker_player)"_s
            << noName << QString() << sqlite;
    QTest::newRow("a set operation")
            << u"SELECT Name FROM poker_player UNION SELECT Name FROM people"_s << noName
            << QString() << sqlite;
    QTest::newRow("two tables no condition joins")
            << u"SELECT Name FROM poker_player, Student WHERE Age > 20"_s << noName << QString()
            << sqlite;
    QTest::newRow("two joined tables, both with a key to it")
            << u"SELECT Course FROM grade g JOIN course_arrange ca ON g.Course_ID = ca.Course_ID"_s
            << u"no such column: Course"_s << QString() << sqlite;
    QTest::newRow("a joined table with two keys to it")
            << u"SELECT City FROM routes r JOIN airlines a ON r.id = a.uid"_s
            << u"no such column: City"_s << QString() << sqlite;
    QTest::newRow("joined tables: qualified, even with the one whose key leads to it")
            << u"SELECT t.Name, ca.Course FROM teacher t JOIN course_arrange ca ON t.Teacher_ID = "
               "ca.Teacher_ID ORDER BY t.Name"_s
            << u"no such column: ca.Course"_s << QString() << sqlite;
    QTest::newRow("qualified with the joined table that has no key to it")
            << u"SELECT t.Course FROM course_arrange ca JOIN teacher t ON ca.Teacher_ID = "
               "t.Teacher_ID"_s
            << u"no such column: t.Course"_s << QString() << sqlite;
    QTest::newRow("qualified with a name no source has")
            << u"SELECT x.Name FROM poker_player p"_s << u"no such column: x.Name"_s << QString()
            << sqlite;
    QTest::newRow("no referenced table has it")
            << u"SELECT Country FROM poker_player"_s << u"no such column: Country"_s << QString()
            << sqlite;
    QTest::newRow("a table with no foreign key")
            << u"SELECT LName FROM Pets"_s << u"no such column: LName"_s << QString() << sqlite;
    QTest::newRow("ClickHouse: a LEFT JOIN fills defaults, not NULL")
            << u"SELECT Name FROM poker_player"_s
            << u"Code: 47, e.displayText() = DB::Exception: Missing columns: 'Name' while processing query: 'SELECT Name FROM poker_player', required columns: 'Name', source columns: 'Earnings' 'People_ID' 'Poker_Player_ID', e.what() = DB::Exception"_s
            << QString() << int(Engine::ClickHouse);
    // The lab's room, or that of one of the course's sections: which is open.
    QTest::newRow("another key leads to part of a key of a table that has it")
            << u"SELECT Room FROM booking WHERE Hours > 2"_s << u"no such column: Room"_s
            << QString() << sqlite;
    QTest::newRow("the referenced table is already there under another name")
            << u"SELECT Name FROM poker_player AS people"_s << noName << QString() << sqlite;
}

void tst_JoinReferencedTable::proposes()
{
    SQLMEND_REPAIR_TEST_ON(JoinReferencedTable, sqlmend::test::schoolSchema())
}

// Two foreign keys onto one table (a home and an away team): which one the name comes through
// is the question's, not the schema's.
void tst_JoinReferencedTable::twoKeysToOneTable()
{
    SchemaNames schema;
    schema.tables = {
            sqlmend::test::table(u"team"_s, {u"id"_s, u"name"_s}, {u"INTEGER"_s, u"TEXT"_s},
                                 {u"id"_s}),
            sqlmend::test::table(
                    u"game"_s, {u"id"_s, u"home_id"_s, u"away_id"_s},
                    {u"INTEGER"_s, u"INTEGER"_s, u"INTEGER"_s}, {u"id"_s},
                    {{{u"home_id"_s}, u"team"_s, {u"id"_s}}, {{u"away_id"_s}, u"team"_s, {}}}),
    };
    const QString sql = u"SELECT name FROM game"_s;
    QVERIFY(!JoinReferencedTable().propose(
            sqlmend::test::repairInput(sql, u"no such column: name"_s, &schema)));
    // With one of the keys gone, the other is the one way.
    schema.tables[1].foreignKeys.removeLast();
    const auto repaired = JoinReferencedTable().propose(
            sqlmend::test::repairInput(sql, u"no such column: name"_s, &schema));
    QVERIFY(repaired);
    QCOMPARE(repaired->sql,
             u"SELECT team.name FROM game LEFT JOIN team ON game.home_id = team.id"_s);
}

// A ship lost in a battle: "SELECT name, date FROM ship" took the battle's date for the ship's,
// so its bare name may be the battle's name as well as the ship's. Only the join's key has one
// value on both sides.
void tst_JoinReferencedTable::aColumnOfBothTablesBesideTheKey()
{
    SchemaNames schema;
    schema.tables = {
            sqlmend::test::table(u"battle"_s, {u"id"_s, u"name"_s, u"date"_s},
                                 {u"INTEGER"_s, u"TEXT"_s, u"TEXT"_s}, {u"id"_s}),
            sqlmend::test::table(u"ship"_s, {u"id"_s, u"name"_s, u"lost_in_battle"_s},
                                 {u"INTEGER"_s, u"TEXT"_s, u"INTEGER"_s}, {u"id"_s},
                                 {{{u"lost_in_battle"_s}, u"battle"_s, {u"id"_s}}}),
    };
    const QString noDate = u"no such column: date"_s;
    for (const QString &sql :
         {u"SELECT name, date FROM ship WHERE name = 'Lettice'"_s,
          u"SELECT date FROM ship WHERE name = 'Lettice'"_s, u"SELECT id, date FROM ship"_s}) {
        QVERIFY2(!JoinReferencedTable().propose(sqlmend::test::repairInput(sql, noDate, &schema)),
                 qPrintable(sql));
    }
    // Qualified with the ship's alias too: the model took the ship to hold both, so which
    // table's name it meant is as open ("SELECT c.ContId, c.Continent FROM countries c" wanted
    // the name of the continent, where the country's Continent is its key).
    QVERIFY(!JoinReferencedTable().propose(sqlmend::test::repairInput(
            u"SELECT s.name, s.date FROM ship s"_s, u"no such column: s.date"_s, &schema)));
    // The key, and a column of the statement's table alone, leave nothing open.
    const auto repaired = JoinReferencedTable().propose(sqlmend::test::repairInput(
            u"SELECT date FROM ship WHERE lost_in_battle = 1"_s, noDate, &schema));
    QVERIFY(repaired);
    QCOMPARE(
            repaired->sql,
            u"SELECT battle.date FROM ship LEFT JOIN battle ON ship.lost_in_battle = battle.id WHERE lost_in_battle = 1"_s);
}

QTEST_GUILESS_MAIN(tst_JoinReferencedTable)
// Documents with their templates and template types, and the paragraphs of each document:
// among joined tables, the referenced table must be reached one way only.
void tst_JoinReferencedTable::joinedTablesWithASecondWay()
{
    const QString integer = u"INTEGER"_s;
    const QString text = u"TEXT"_s;
    SchemaNames schema;
    schema.tables = {
            sqlmend::test::table(u"Ref_Template_Types"_s,
                                 {u"Template_Type_Code"_s, u"Template_Type_Description"_s},
                                 {text, text}, {u"Template_Type_Code"_s}),
            sqlmend::test::table(u"Templates"_s,
                                 {u"Template_ID"_s, u"Template_Type_Code"_s, u"Version_Number"_s},
                                 {integer, text, integer}, {u"Template_ID"_s},
                                 {{{u"Template_Type_Code"_s}, u"Ref_Template_Types"_s, {}}}),
            sqlmend::test::table(u"Documents"_s,
                                 {u"Document_ID"_s, u"Template_ID"_s, u"Document_Name"_s},
                                 {integer, integer, text}, {u"Document_ID"_s},
                                 {{{u"Template_ID"_s}, u"Templates"_s, {}}}),
    };
    const QString noDescription = u"no such column: Template_Type_Description"_s;
    const QString sql = u"SELECT DISTINCT Template_Type_Description FROM Templates JOIN "
                        "Documents ON Templates.Template_ID = Documents.Template_ID"_s;
    const auto repaired =
            JoinReferencedTable().propose(sqlmend::test::repairInput(sql, noDescription, &schema));
    QVERIFY(repaired);
    QCOMPARE(repaired->sql,
             u"SELECT DISTINCT Ref_Template_Types.Template_Type_Description FROM Templates JOIN "
             "Documents ON Templates.Template_ID = Documents.Template_ID LEFT JOIN "
             "Ref_Template_Types ON Templates.Template_Type_Code = "
             "Ref_Template_Types.Template_Type_Code"_s);

    // A bare column the referenced table shares with another table read: the join would make it
    // ambiguous, and which one the model meant is open.
    SchemaNames shared = schema;
    shared.tables[0].columns.append(u"Document_Name"_s);
    shared.tables[0].columnTypes.append(text);
    QVERIFY(!JoinReferencedTable().propose(sqlmend::test::repairInput(
            u"SELECT Template_Type_Description, Document_Name FROM Templates JOIN Documents ON "
            "Templates.Template_ID = Documents.Template_ID"_s,
            noDescription, &shared)));

    // The referenced table has a key to another table read: a second way between them.
    SchemaNames back = schema;
    back.tables[0].columns.append(u"Example_Document_ID"_s);
    back.tables[0].columnTypes.append(integer);
    back.tables[0].foreignKeys.append({{u"Example_Document_ID"_s}, u"Documents"_s, {}});
    QVERIFY(!JoinReferencedTable().propose(sqlmend::test::repairInput(sql, noDescription, &back)));
}

#include "tst_joinreferencedtable.moc"
