#include "core/repair/idtokey.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_IdToKey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_IdToKey::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    QTest::newRow("the statement's one table")
            << u"SELECT avg(Age) FROM Student WHERE id NOT IN (SELECT StuID FROM Has_Pet)"_s
            << u"no such column: id"_s
            << u"SELECT avg(Age) FROM Student WHERE StuID NOT IN (SELECT StuID FROM Has_Pet)"_s
            << sqlite;
    QTest::newRow("qualified, beside a join")
            << u"SELECT T1.id, T1.Fname FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = "
               u"T2.StuID WHERE T2.PetID = 2"_s
            << u"no such column: T1.id"_s
            << u"SELECT T1.StuID, T1.Fname FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = "
               u"T2.StuID WHERE T2.PetID = 2"_s
            << sqlite;
    QTest::newRow("compared with the key's own name on another table")
            << u"SELECT Pets.PetType FROM Pets JOIN Has_Pet ON Pets.id = Has_Pet.PetID"_s
            << u"no such column: Pets.id"_s
            << u"SELECT Pets.PetType FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID"_s
            << sqlite;
    // PostgreSQL folds an unquoted name to lower case: the key is written in quotes.
    QTest::newRow("PostgreSQL, compared with a value")
            << u"SELECT Name FROM people WHERE id = 3"_s << u"column \"id\" does not exist"_s
            << u"SELECT Name FROM people WHERE \"People_ID\" = 3"_s << int(Engine::PostgreSQL);
    // Refused.
    QTest::newRow("a join by convention on both sides")
            << u"SELECT T1.Fname FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.id = T2.id"_s
            << u"no such column: T1.id"_s << QString() << sqlite;
    QTest::newRow("compared with another column")
            << u"SELECT Pets.PetType FROM Pets JOIN Has_Pet ON Pets.id = Has_Pet.StuID"_s
            << u"no such column: Pets.id"_s << QString() << sqlite;
    QTest::newRow("compared with a bare column") << u"SELECT PetType FROM Pets WHERE id = pet_age"_s
                                                 << u"no such column: id"_s << QString() << sqlite;
    QTest::newRow("two tables: either's id")
            << u"SELECT Fname FROM Student JOIN Has_Pet ON Student.StuID = Has_Pet.StuID WHERE "
               u"id = 1"_s
            << u"no such column: id"_s << QString() << sqlite;
    QTest::newRow("a table without a declared key")
            << u"SELECT id FROM Has_Pet"_s << u"no such column: id"_s << QString() << sqlite;
    QTest::newRow("a key not named for its table")
            << u"SELECT id FROM airlines"_s << u"no such column: id"_s << QString() << sqlite;
    QTest::newRow("the NULL side of an outer join")
            << u"SELECT Student.Fname, Pets.id FROM Student LEFT JOIN Has_Pet ON Student.StuID = "
               u"Has_Pet.StuID LEFT JOIN Pets ON Pets.PetID = Has_Pet.PetID"_s
            << u"no such column: Pets.id"_s << QString() << sqlite;
    QTest::newRow("a table that has a column id")
            << u"SELECT id FROM player WHERE nosuch = 1"_s << u"no such column: nosuch"_s
            << QString() << sqlite;
    QTest::newRow("another missing name") << u"SELECT StuID_x FROM Student"_s
                                          << u"no such column: StuID_x"_s << QString() << sqlite;
}

void tst_IdToKey::proposes(){SQLMEND_REPAIR_TEST(IdToKey)}

QTEST_GUILESS_MAIN(tst_IdToKey)
#include "tst_idtokey.moc"
