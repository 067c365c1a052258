#include "core/repair/unwrapstatement.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_UnwrapStatement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_UnwrapStatement::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("statement in backticks")
            << u"SELECT `select count(*) from Pets where weight > 10;`"_s
            << u"no such column: select count(*) from Pets where weight > 10;"_s
            << u"select count(*) from Pets where weight > 10"_s << sqlite;
    QTest::newRow("run-on after it")
            << u"SELECT `SELECT Fname FROM Student;`  Write Sql for the following question: x"_s
            << u"near \"Sql\": syntax error"_s << u"SELECT Fname FROM Student"_s << sqlite;
    // The reply ended without its closing backtick: the rest of it is the statement.
    QTest::newRow("a backtick never closed")
            << u"SELECT `SELECT Air_Date FROM TV_series WHERE Episode = 'A Love of a Lifetime';"_s
            << u"unrecognized token: \"`SELECT Air_Date FROM TV_series WHERE Episode = 'A Love of a Lifetime';\""_s
            << u"SELECT Air_Date FROM TV_series WHERE Episode = 'A Love of a Lifetime'"_s << sqlite;
    QTest::newRow("never closed, a string left open inside")
            << u"SELECT `SELECT Air_Date FROM TV_series WHERE Episode = 'A Love"_s
            << u"unrecognized token: \"`SELECT Air_Date FROM TV_series WHERE Episode = 'A Love\""_s
            << QString() << sqlite;
    QTest::newRow("never closed, two statements")
            << u"SELECT `SELECT 1; SELECT 2"_s << u"unrecognized token: \"`SELECT 1; SELECT 2\""_s
            << QString() << sqlite;
    QTest::newRow("never closed, no statement")
            << u"SELECT `Jordan is"_s << u"unrecognized token: \"`Jordan is\""_s << QString()
            << sqlite;
    QTest::newRow("a name in backticks")
            << u"SELECT `Fnam` FROM Student"_s << u"no such column: Fnam"_s << QString() << sqlite;
    QTest::newRow("a value in backticks")
            << u"SELECT `Jordan`"_s << u"no such column: Jordan"_s << QString() << sqlite;
    QTest::newRow("two statements inside")
            << u"SELECT `SELECT 1; SELECT 2`"_s << u"no such column: SELECT 1; SELECT 2"_s
            << QString() << sqlite;
}

void tst_UnwrapStatement::proposes(){SQLMEND_REPAIR_TEST(UnwrapStatement)}

QTEST_GUILESS_MAIN(tst_UnwrapStatement)
#include "tst_unwrapstatement.moc"
