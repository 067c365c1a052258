#include "core/repair/compoundmember.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_CompoundMember : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_CompoundMember::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString paren = u"near \"(\": syntax error"_s;

    QTest::newRow("a UNION member in parentheses")
            << u"SELECT LName FROM Student WHERE Age > 20 UNION (SELECT LName FROM Student WHERE StuID = 1)"_s
            << paren
            << u"SELECT LName FROM Student WHERE Age > 20 UNION SELECT * FROM (SELECT LName FROM Student WHERE StuID = 1)"_s
            << sqlite;
    QTest::newRow("the first member too, UNION ALL and the statement's ORDER BY")
            << u"(SELECT LName FROM Student) UNION ALL (SELECT PetType FROM Pets) ORDER BY 1"_s
            << paren
            << u"SELECT * FROM (SELECT LName FROM Student) UNION ALL SELECT * FROM (SELECT PetType FROM Pets) ORDER BY 1"_s
            << sqlite;
    QTest::newRow("a member's own LIMIT stays its own")
            << u"SELECT LName FROM Student EXCEPT (SELECT LName FROM Student ORDER BY Age LIMIT 1)"_s
            << paren
            << u"SELECT LName FROM Student EXCEPT SELECT * FROM (SELECT LName FROM Student ORDER BY Age LIMIT 1)"_s
            << sqlite;

    QTest::newRow("a subquery of the first member stays as it is")
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT StuID FROM Has_Pet) UNION (SELECT PetType FROM Pets)"_s
            << paren
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT StuID FROM Has_Pet) UNION SELECT * FROM (SELECT PetType FROM Pets)"_s
            << sqlite;
    QTest::newRow("no set operator")
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT StuID FROM Has_Pet)"_s << paren
            << QString() << sqlite;
    QTest::newRow("an expression in parentheses")
            << u"SELECT Age FROM Student UNION (SELECT 1) + 1"_s << paren << QString() << sqlite;
    QTest::newRow("a member that is not a query")
            << u"SELECT Age FROM Student UNION (VALUES (1))"_s << paren << QString() << sqlite;
    QTest::newRow("an alias after the parenthesis")
            << u"SELECT Age FROM Student UNION (SELECT Age FROM Student) AS t"_s << paren
            << QString() << sqlite;
    QTest::newRow("stopped elsewhere")
            << u"SELECT Age FROM Student UNION (SELECT Age FROM Student)"_s
            << u"near \"SELECT\": syntax error"_s << QString() << sqlite;
    QTest::newRow("PostgreSQL takes parentheses")
            << u"SELECT Age FROM Student UNION (SELECT Age FROM Student)"_s
            << u"syntax error at or near \"(\""_s << QString() << int(Engine::PostgreSQL);
}

void tst_CompoundMember::proposes(){SQLMEND_REPAIR_TEST(CompoundMember)}

QTEST_GUILESS_MAIN(tst_CompoundMember)
#include "tst_compoundmember.moc"
