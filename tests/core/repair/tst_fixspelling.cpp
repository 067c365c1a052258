#include "core/repair/fixspelling.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_FixSpelling : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
    void keepsTheSchemasWords_data();
    void keepsTheSchemasWords();
};

void tst_FixSpelling::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("underscore and case")
            << u"SELECT pet_type, COUNT(*) FROM Pets GROUP BY pet_type"_s
            << u"no such column: pet_type"_s
            << u"SELECT PetType, COUNT(*) FROM Pets GROUP BY PetType"_s << sqlite;
    QTest::newRow("one typo") << u"SELECT Name FROM people ORDER BY Heigth DESC"_s
                              << u"no such column: Heigth"_s
                              << u"SELECT Name FROM people ORDER BY Height DESC"_s << sqlite;
    QTest::newRow("qualified") << u"SELECT p.pet_id FROM Pets p"_s << u"no such column: p.pet_id"_s
                               << u"SELECT p.PetID FROM Pets p"_s << sqlite;
    QTest::newRow("table") << u"SELECT COUNT(*) FROM Flight"_s << u"no such table: Flight"_s
                           << u"SELECT COUNT(*) FROM flights"_s << sqlite;
    QTest::newRow("table repeated as qualifier")
            << u"SELECT Flight.FlightNo FROM Flight"_s << u"no such table: Flight"_s
            << u"SELECT flights.FlightNo FROM flights"_s << sqlite;
    QTest::newRow("exists in another table: a join, not a typo")
            << u"SELECT Name FROM poker_player"_s << u"no such column: Name"_s << QString()
            << sqlite;
    QTest::newRow("the one name a typo away")
            << u"SELECT Fnme FROM Student"_s << u"no such column: Fnme"_s
            << u"SELECT Fname FROM Student"_s << sqlite;
    QTest::newRow("two names as close")
            << u"SELECT Xname FROM Student"_s << u"no such column: Xname"_s << QString() << sqlite;
    QTest::newRow("a different name, not a spelling")
            << u"SELECT Paragraph_Details FROM Pets"_s << u"no such column: Paragraph_Details"_s
            << QString() << sqlite;
    // A quoted name may hold a space where the real one has an underscore (a real model wrote
    // `Production code` for Production_code); the fix keeps the quotes.
    QTest::newRow("a space for the underscore, quoted")
            << u"SELECT `pet age`, weight FROM Pets WHERE `pet age` > 1"_s
            << u"no such column: pet age"_s
            << u"SELECT \"pet_age\", weight FROM Pets WHERE \"pet_age\" > 1"_s << sqlite;
    QTest::newRow("a space, the close name only in another table")
            << u"SELECT `Flight No` FROM Pets"_s << u"no such column: Flight No"_s << QString()
            << sqlite;
    // ClickHouse tells names apart by case: a name that differs only so is a unique fix.
    const int clickhouse = int(Engine::ClickHouse);
    QTest::newRow("clickhouse case")
            << u"SELECT petid, pettype FROM Pets WHERE pettype = 'dog'"_s
            << u"Code: 47, e.displayText() = DB::Exception: Unknown identifier: pettype, "
               "e.what() = DB::Exception"_s
            << u"SELECT petid, PetType FROM Pets WHERE PetType = 'dog'"_s << clickhouse;
    QTest::newRow("clickhouse case, the other spelling untouched")
            << u"SELECT PetType, pettype FROM Pets"_s
            << u"Code: 47, e.displayText() = DB::Exception: Unknown identifier: pettype, "
               "e.what() = DB::Exception"_s
            << u"SELECT PetType, PetType FROM Pets"_s << clickhouse;
    QTest::newRow("clickhouse typo") << u"SELECT Fnme FROM Student"_s
                                     << u"Code: 47, e.displayText() = DB::Exception: Unknown "
                                        "identifier: Fnme, e.what() = DB::Exception"_s
                                     << u"SELECT Fname FROM Student"_s << clickhouse;
}

void tst_FixSpelling::proposes()
{
    SQLMEND_REPAIR_TEST(FixSpelling)
}

void tst_FixSpelling::keepsTheSchemasWords_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    // Spider's car_1: "maker" is a word of the schema (model_list.Maker, car_makers), "make" is
    // another (car_names.Make, car_names.MakeId). A real model wrote MakerId for the maker's id.
    QTest::newRow("a word of the schema into another: Maker is not a misspelt Make")
            << u"SELECT DISTINCT MakerId FROM car_names GROUP BY MakerId"_s
            << u"no such column: MakerId"_s << QString() << sqlite;
    QTest::newRow("a misspelt word no name has")
            << u"SELECT FullNme FROM car_makers"_s << u"no such column: FullNme"_s
            << u"SELECT FullName FROM car_makers"_s << sqlite;
    QTest::newRow("a plural of the word")
            << u"SELECT FullNames FROM car_makers"_s << u"no such column: FullNames"_s
            << u"SELECT FullName FROM car_makers"_s << sqlite;
    QTest::newRow("a misspelt word beside a kept one")
            << u"SELECT full_nam FROM car_makers"_s << u"no such column: full_nam"_s
            << u"SELECT FullName FROM car_makers"_s << sqlite;
    // "user" is a word of the schema (the table users), but no word changes here.
    QTest::newRow("the words run together")
            << u"SELECT user_name FROM users"_s << u"no such column: user_name"_s
            << u"SELECT username FROM users"_s << sqlite;
    QTest::newRow("a table: one word of the schema into another")
            << u"SELECT COUNT(*) FROM maker"_s << u"no such table: maker"_s << QString() << sqlite;
    QTest::newRow("a table: the plural")
            << u"SELECT COUNT(*) FROM car_maker"_s << u"no such table: car_maker"_s
            << u"SELECT COUNT(*) FROM car_makers"_s << sqlite;
}

void tst_FixSpelling::keepsTheSchemasWords()
{
    using sqlmend::test::table;
    SchemaNames carSchema;
    carSchema.tables = {
            table(u"car_makers"_s, {u"Id"_s, u"Maker"_s, u"FullName"_s, u"Country"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"TEXT"_s, u"TEXT"_s}, {u"Id"_s}),
            table(u"model_list"_s, {u"ModelId"_s, u"Maker"_s, u"Model"_s},
                  {u"INTEGER"_s, u"INTEGER"_s, u"TEXT"_s}, {u"ModelId"_s},
                  {{{u"Maker"_s}, u"car_makers"_s, {u"Id"_s}}}),
            table(u"car_names"_s, {u"MakeId"_s, u"Model"_s, u"Make"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"TEXT"_s}, {u"MakeId"_s}),
            table(u"users"_s, {u"id"_s, u"username"_s}, {u"INTEGER"_s, u"TEXT"_s}, {u"id"_s}),
            table(u"makes"_s, {u"Id"_s, u"Name"_s}, {u"INTEGER"_s, u"TEXT"_s}, {u"Id"_s}),
    };
    SQLMEND_REPAIR_TEST_ON(FixSpelling, carSchema)
}

QTEST_GUILESS_MAIN(tst_FixSpelling)
#include "tst_fixspelling.moc"
