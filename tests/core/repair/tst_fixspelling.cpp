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

void tst_FixSpelling::proposes(){SQLMEND_REPAIR_TEST(FixSpelling)}

QTEST_GUILESS_MAIN(tst_FixSpelling)
#include "tst_fixspelling.moc"
