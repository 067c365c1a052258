#include "core/repair/referencedkey.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

// Spider's network_1, tvshow and world_1 shapes: keys onto a table named otherwise than its own
// key (Friend.student_id onto Highschooler.ID, Cartoon.Channel onto TV_Channel.id,
// countrylanguage.CountryCode onto country.Code), and an owner_id of which one is no key.
SchemaNames keysSchema()
{
    using sqlmend::test::table;
    const QString integer = u"INTEGER"_s;
    const QString text = u"TEXT"_s;
    SchemaNames schema = sqlmend::test::networkSchema();
    schema.tables.append({
            table(u"TV_Channel"_s, {u"id"_s, u"series_name"_s, u"Language"_s}, {text, text, text},
                  {u"id"_s}),
            table(u"Cartoon"_s, {u"id"_s, u"Title"_s, u"Channel"_s}, {integer, text, text},
                  {u"id"_s}, {{{u"Channel"_s}, u"TV_Channel"_s, {u"id"_s}}}),
            table(u"TV_series"_s, {u"id"_s, u"Episode"_s, u"Channel"_s}, {integer, text, text},
                  {u"id"_s}, {{{u"Channel"_s}, u"TV_Channel"_s, {}}}),
            table(u"country"_s, {u"Code"_s, u"Name"_s}, {text, text}, {u"Code"_s}),
            table(u"countrylanguage"_s, {u"CountryCode"_s, u"Language"_s}, {text, text},
                  {u"CountryCode"_s, u"Language"_s},
                  {{{u"CountryCode"_s}, u"country"_s, {u"Code"_s}}}),
            table(u"owner"_s, {u"id"_s, u"name"_s}, {integer, text}, {u"id"_s}),
            // First, so that the key of pet comes after it.
            table(u"car"_s, {u"id"_s, u"owner_id"_s}, {integer, integer}, {u"id"_s}),
            table(u"pet"_s, {u"id"_s, u"owner_id"_s}, {integer, integer}, {u"id"_s},
                  {{{u"owner_id"_s}, u"owner"_s, {u"id"_s}}}),
    });
    return schema;
}

} // namespace

class tst_ReferencedKey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_ReferencedKey::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    QTest::newRow("a member of EXCEPT")
            << u"SELECT student_id FROM Highschooler EXCEPT SELECT student_id FROM Friend"_s
            << u"no such column: student_id"_s
            << u"SELECT ID AS student_id FROM Highschooler EXCEPT SELECT student_id FROM Friend"_s
            << sqlite;
    // The compound's result keeps the column's name, which its ORDER BY names.
    QTest::newRow("a compound ordered by the name")
            << u"SELECT student_id FROM Highschooler EXCEPT SELECT student_id FROM Likes ORDER BY "
               u"student_id"_s
            << u"no such column: student_id"_s
            << u"SELECT ID AS student_id FROM Highschooler EXCEPT SELECT student_id FROM Likes "
               u"ORDER BY student_id"_s
            << sqlite;
    QTest::newRow("the left side of NOT IN")
            << u"SELECT series_name FROM TV_Channel WHERE Channel NOT IN (SELECT Channel FROM "
               u"Cartoon WHERE Title = 'x')"_s
            << u"no such column: Channel"_s
            << u"SELECT series_name FROM TV_Channel WHERE id NOT IN (SELECT Channel FROM Cartoon "
               u"WHERE Title = 'x')"_s
            << sqlite;
    QTest::newRow("qualified, the left side of IN")
            << u"SELECT T.Name FROM country AS T WHERE T.CountryCode IN (SELECT CountryCode FROM "
               u"countrylanguage WHERE Language = 'English')"_s
            << u"no such column: T.CountryCode"_s
            << u"SELECT T.Name FROM country AS T WHERE T.Code IN (SELECT CountryCode FROM "
               u"countrylanguage WHERE Language = 'English')"_s
            << sqlite;
    QTest::newRow("the second column of INTERSECT")
            << u"SELECT Language, Channel FROM TV_Channel INTERSECT SELECT Episode, Channel FROM "
               u"TV_series"_s
            << u"no such column: Channel"_s
            << u"SELECT Language, id AS Channel FROM TV_Channel INTERSECT SELECT Episode, Channel "
               u"FROM TV_series"_s
            << sqlite;
    QTest::newRow("both members")
            << u"SELECT CountryCode FROM country WHERE Name = 'x' UNION SELECT CountryCode FROM "
               u"countrylanguage EXCEPT SELECT CountryCode FROM country WHERE Name = 'y'"_s
            << u"no such column: CountryCode"_s
            << u"SELECT Code AS CountryCode FROM country WHERE Name = 'x' UNION SELECT "
               u"CountryCode FROM countrylanguage EXCEPT SELECT Code AS CountryCode FROM country "
               u"WHERE Name = 'y'"_s
            << sqlite;
    QTest::newRow("a join on the key of the same name")
            << u"SELECT T2.Title FROM TV_Channel AS T1 JOIN Cartoon AS T2 ON T1.Channel = "
               u"T2.Channel WHERE T1.Language = 'English'"_s
            << u"no such column: T1.Channel"_s
            << u"SELECT T2.Title FROM TV_Channel AS T1 JOIN Cartoon AS T2 ON T1.id = T2.Channel "
               u"WHERE T1.Language = 'English'"_s
            << sqlite;
    QTest::newRow("the right side of =, a join in WHERE")
            << u"SELECT H.name FROM Friend AS F, Highschooler AS H WHERE F.student_id = "
               u"H.student_id AND F.friend_id > 3"_s
            << u"no such column: H.student_id"_s
            << u"SELECT H.name FROM Friend AS F, Highschooler AS H WHERE F.student_id = H.ID AND "
               u"F.friend_id > 3"_s
            << sqlite;
    QTest::newRow("= one value of a subquery")
            << u"SELECT series_name FROM TV_Channel WHERE Channel = (SELECT Channel FROM Cartoon "
               u"WHERE Title = 'x')"_s
            << u"no such column: Channel"_s
            << u"SELECT series_name FROM TV_Channel WHERE id = (SELECT Channel FROM Cartoon WHERE "
               u"Title = 'x')"_s
            << sqlite;
    // PostgreSQL folds an unquoted name to lower case: the key is written in quotes.
    QTest::newRow("PostgreSQL")
            << u"SELECT student_id FROM Highschooler EXCEPT SELECT student_id FROM Friend"_s
            << u"column \"student_id\" does not exist"_s
            << u"SELECT \"ID\" AS student_id FROM Highschooler EXCEPT SELECT student_id FROM "
               u"Friend"_s
            << int(Engine::PostgreSQL);
    // Refused.
    QTest::newRow("selected, set against nothing")
            << u"SELECT student_id, name FROM Highschooler"_s << u"no such column: student_id"_s
            << QString() << sqlite;
    QTest::newRow("one use tied, another not")
            << u"SELECT student_id FROM Highschooler WHERE student_id IN (SELECT student_id FROM "
               u"Likes)"_s
            << u"no such column: student_id"_s << QString() << sqlite;
    QTest::newRow("set against a key of another name")
            << u"SELECT name FROM Highschooler WHERE student_id IN (SELECT friend_id FROM "
               u"Friend)"_s
            << u"no such column: student_id"_s << QString() << sqlite;
    QTest::newRow("a member's column of another name")
            << u"SELECT student_id FROM Highschooler EXCEPT SELECT liked_id FROM Likes"_s
            << u"no such column: student_id"_s << QString() << sqlite;
    QTest::newRow("an IN subquery that is a compound")
            << u"SELECT name FROM Highschooler WHERE student_id NOT IN (SELECT student_id FROM "
               u"Friend UNION SELECT student_id FROM Likes)"_s
            << u"no such column: student_id"_s << QString() << sqlite;
    QTest::newRow("compared with a value")
            << u"SELECT series_name FROM TV_Channel WHERE Channel = 'x'"_s
            << u"no such column: Channel"_s << QString() << sqlite;
    QTest::newRow("a join on a key of another name")
            << u"SELECT H.name FROM Highschooler H JOIN Friend F ON H.student_id = F.friend_id"_s
            << u"no such column: H.student_id"_s << QString() << sqlite;
    QTest::newRow("an operand of an expression")
            << u"SELECT H.name FROM Highschooler H JOIN Friend F ON H.student_id = F.student_id "
               u"+ 1"_s
            << u"no such column: H.student_id"_s << QString() << sqlite;
    QTest::newRow("the right side of =, in an expression")
            << u"SELECT H.name FROM Friend AS F, Highschooler AS H WHERE F.student_id = "
               u"H.student_id + 1"_s
            << u"no such column: H.student_id"_s << QString() << sqlite;
    QTest::newRow("compared otherwise")
            << u"SELECT H.name FROM Highschooler H JOIN Friend F ON H.student_id < F.student_id"_s
            << u"no such column: H.student_id"_s << QString() << sqlite;
    QTest::newRow("in an aggregate")
            << u"SELECT count(student_id) FROM Highschooler EXCEPT SELECT student_id FROM Friend"_s
            << u"no such column: student_id"_s << QString() << sqlite;
    QTest::newRow("a column of the name that is no key")
            << u"SELECT owner_id FROM owner EXCEPT SELECT owner_id FROM pet"_s
            << u"no such column: owner_id"_s << QString() << sqlite;
    QTest::newRow("the NULL side of an outer join")
            << u"SELECT c.Title FROM Cartoon c LEFT JOIN TV_Channel t ON c.id = t.id WHERE "
               u"t.Channel IN (SELECT Channel FROM TV_series)"_s
            << u"no such column: t.Channel"_s << QString() << sqlite;
    QTest::newRow("another table lacks it")
            << u"SELECT Title FROM Cartoon WHERE student_id IN (SELECT student_id FROM Friend)"_s
            << u"no such column: student_id"_s << QString() << sqlite;
}

void tst_ReferencedKey::proposes(){SQLMEND_REPAIR_TEST_ON(ReferencedKey, keysSchema())}

QTEST_GUILESS_MAIN(tst_ReferencedKey)
#include "tst_referencedkey.moc"
