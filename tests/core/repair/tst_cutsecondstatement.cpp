#include "core/repair/cutsecondstatement.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_CutSecondStatement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_CutSecondStatement::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("after a semicolon")
            << u"SELECT 1; This query returns one."_s << u"syntax error: several statements"_s
            << u"SELECT 1"_s << sqlite;
    QTest::newRow("the same query after a semicolon")
            << u"SELECT Fname FROM Student; SELECT Fname FROM Student;"_s
            << u"syntax error: several statements"_s << u"SELECT Fname FROM Student"_s << sqlite;
    // The first only prepares the second: keeping it answers another question.
    QTest::newRow("a different query after a semicolon")
            << u"SELECT MAX(Age) FROM Student; SELECT Fname FROM Student WHERE Age = (SELECT "
               "MAX(Age) FROM Student);"_s
            << u"syntax error: several statements"_s << QString() << sqlite;
    QTest::newRow("a query that starts alike and asks otherwise")
            << u"SELECT Fname FROM Student WHERE Age = 18; SELECT Fname FROM Student WHERE Age = "
               "19"_s
            << u"syntax error: several statements"_s << QString() << sqlite;
    QTest::newRow("a parenthesised query after a semicolon")
            << u"SELECT MAX(Age) FROM Student; (SELECT MIN(Age) FROM Student)"_s
            << u"syntax error: several statements"_s << QString() << sqlite;
    QTest::newRow("run-on repetition")
            << u"SELECT Fname, Age FROM Student SELECT Fname, Age FROM Student SELECT Fname, Age"_s
            << u"near \"SELECT\": syntax error"_s << u"SELECT Fname, Age FROM Student"_s << sqlite;
    QTest::newRow("a different second query may be half the answer")
            << u"SELECT MAX(Age) FROM Student SELECT MIN(Age) FROM Student"_s
            << u"near \"SELECT\": syntax error"_s << QString() << sqlite;
    // MariaDB and MySQL quote the statement from where they stopped.
    QTest::newRow("mariadb: run-on repetition")
            << u"SELECT Fname, Age FROM Student SELECT Fname, Age FROM Student SELECT Fname, Age"_s
            << sqlmend::test::mariadbSyntaxError(
                       u"SELECT Fname, Age FROM Student SELECT Fname, Age"_s)
            << u"SELECT Fname, Age FROM Student"_s << int(Engine::MySQL);
    QTest::newRow("mariadb: a different second query")
            << u"SELECT MAX(Age) FROM Student SELECT MIN(Age) FROM Student"_s
            << sqlmend::test::mariadbSyntaxError(u"SELECT MIN(Age) FROM Student"_s) << QString()
            << int(Engine::MySQL);
    QTest::newRow("MINUS is a set operator elsewhere")
            << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s
            << u"near \"SELECT\": syntax error"_s << QString() << sqlite;
    QTest::newRow("union is not a second statement")
            << u"SELECT PetID FROM Pets UNION SELECT PetID FROM Has_Pet ("_s
            << u"near \"(\": syntax error"_s << QString() << sqlite;
}

void tst_CutSecondStatement::proposes(){SQLMEND_REPAIR_TEST(CutSecondStatement)}

QTEST_GUILESS_MAIN(tst_CutSecondStatement)
#include "tst_cutsecondstatement.moc"
