#include "core/repair/qualifycolumn.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_QualifyColumn : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_QualifyColumn::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("inner-join key")
            << u"SELECT StuID FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID WHERE T1.Age > 20 AND T2.PetID > 0"_s
            << u"ambiguous column name: StuID"_s
            << u"SELECT T1.StuID FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID WHERE T1.Age > 20 AND T2.PetID > 0"_s
            << sqlite;
    QTest::newRow("same name, another meaning (and type)")
            << u"SELECT Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline"_s
            << u"ambiguous column name: Airline"_s << QString() << sqlite;
    QTest::newRow("outer join: the NULL side differs")
            << u"SELECT StuID FROM Student AS T1 LEFT JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID WHERE T2.PetID IS NULL"_s
            << u"ambiguous column name: StuID"_s << QString() << sqlite;
    QTest::newRow("not joined on that column")
            << u"SELECT People_ID FROM people, poker_player WHERE Height > 1 AND Earnings > 2"_s
            << u"ambiguous column name: People_ID"_s << QString() << sqlite;
    QTest::newRow("a table joined only to be joined")
            << u"SELECT PetID, COUNT(*) FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID GROUP BY PetID"_s
            << u"ambiguous column name: PetID"_s << QString() << sqlite;
    QTest::newRow("a table that only confirms the key")
            << u"SELECT PetID FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID WHERE Has_Pet.StuID > 1"_s
            << u"ambiguous column name: PetID"_s
            << u"SELECT Pets.PetID FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID WHERE Has_Pet.StuID > 1"_s
            << sqlite;
    QTest::newRow("both only joined: the key's side confirms it, the other repeats rows")
            << u"SELECT PetID FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID"_s
            << u"ambiguous column name: PetID"_s << QString() << sqlite;
    QTest::newRow("a table that only confirms the key, in a grouped statement")
            << u"SELECT Has_Pet.StuID, COUNT(PetID) FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID GROUP BY Has_Pet.StuID"_s
            << u"ambiguous column name: PetID"_s
            << u"SELECT Has_Pet.StuID, COUNT(Pets.PetID) FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID GROUP BY Has_Pet.StuID"_s
            << sqlite;
    QTest::newRow("grouped, the many side only joined: it repeats what is counted")
            << u"SELECT PetID, COUNT(*) FROM Pets JOIN Has_Pet ON Pets.PetID = Has_Pet.PetID WHERE Pets.weight > 1 GROUP BY PetID"_s
            << u"ambiguous column name: PetID"_s << QString() << sqlite;
    QTest::newRow("the key's side only joined, the other read")
            << u"SELECT StuID FROM Student JOIN Has_Pet ON Student.StuID = Has_Pet.StuID WHERE PetID > 0"_s
            << u"ambiguous column name: StuID"_s
            << u"SELECT Student.StuID FROM Student JOIN Has_Pet ON Student.StuID = Has_Pet.StuID WHERE PetID > 0"_s
            << sqlite;
    QTest::newRow("the many side only joined: it repeats and drops rows")
            << u"SELECT StuID, Fname FROM Student JOIN Has_Pet ON Student.StuID = Has_Pet.StuID"_s
            << u"ambiguous column name: StuID"_s << QString() << sqlite;
    QTest::newRow("an output alias of that name")
            << u"SELECT T1.StuID AS StuID FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID ORDER BY StuID"_s
            << u"ambiguous column name: StuID"_s << QString() << sqlite;
}

void tst_QualifyColumn::proposes(){SQLMEND_REPAIR_TEST(QualifyColumn)}

QTEST_GUILESS_MAIN(tst_QualifyColumn)
#include "tst_qualifycolumn.moc"
