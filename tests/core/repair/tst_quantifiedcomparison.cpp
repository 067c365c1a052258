#include "core/repair/quantifiedcomparison.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_QuantifiedComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_QuantifiedComparison::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString atAll = u"near \"ALL\": syntax error"_s;
    const QString atSelect = u"near \"SELECT\": syntax error"_s;
    QTest::newRow("= ANY is IN")
            << u"SELECT Name FROM people WHERE People_ID = ANY (SELECT People_ID FROM "
               u"poker_player)"_s
            << atSelect
            << u"SELECT Name FROM people WHERE People_ID IN (SELECT People_ID FROM poker_player)"_s
            << sqlite;
    QTest::newRow("<> ALL is NOT IN, inside an OR too")
            << u"SELECT Name FROM people WHERE Height > 2 OR People_ID <> ALL (SELECT People_ID "
               u"FROM poker_player)"_s
            << atAll
            << u"SELECT Name FROM people WHERE Height > 2 OR People_ID NOT IN (SELECT People_ID "
               u"FROM poker_player)"_s
            << sqlite;
    QTest::newRow("= SOME, DISTINCT, a call and parentheses inside the subquery")
            << u"SELECT Name FROM people WHERE Height = SOME (SELECT DISTINCT ROUND(Height, 1) "
               u"FROM people WHERE (Name LIKE 'A%') AND People_ID IN (SELECT People_ID FROM "
               u"poker_player))"_s
            << atSelect
            << u"SELECT Name FROM people WHERE Height IN (SELECT DISTINCT ROUND(Height, 1) FROM "
               u"people WHERE (Name LIKE 'A%') AND People_ID IN (SELECT People_ID FROM "
               u"poker_player))"_s
            << sqlite;
    // Refused. An order with a quantifier reads a question's "any" one way (every one, or at
    // least one): the advice says how to write either.
    QTest::newRow("> ANY: above the MIN, or above the MAX")
            << u"SELECT Name FROM people WHERE Height > SOME (SELECT Height FROM people WHERE Name "
               u"LIKE 'A%')"_s
            << atSelect << QString() << sqlite;
    QTest::newRow("< ANY")
            << u"SELECT Name FROM people WHERE Name <> 'x' AND Height < ANY (SELECT Height FROM "
               u"people)"_s
            << atSelect << QString() << sqlite;
    QTest::newRow("> ALL") << u"SELECT p.Name FROM people p WHERE p.Height > ALL (SELECT q.Height "
                              u"FROM people q WHERE q.Name LIKE 'A%')"_s
                           << atAll << QString() << sqlite;
    QTest::newRow("<= ALL") << u"SELECT Earnings FROM poker_player WHERE Earnings <= ALL (SELECT "
                               u"DISTINCT Earnings FROM poker_player)"_s
                            << atAll << QString() << sqlite;
    QTest::newRow("= ALL") << u"SELECT Name FROM people WHERE Height = ALL (SELECT Height FROM "
                              u"people)"_s
                           << atAll << QString() << sqlite;
    QTest::newRow("<> ANY") << u"SELECT Name FROM people WHERE Height <> ANY (SELECT Height FROM "
                               u"people)"_s
                            << atSelect << QString() << sqlite;
    QTest::newRow("a grouped subquery")
            << u"SELECT Name FROM people WHERE Height = ANY (SELECT AVG(Height) FROM people GROUP "
               u"BY Name)"_s
            << atSelect << QString() << sqlite;
    QTest::newRow("grouped after parentheses")
            << u"SELECT Name FROM people WHERE Height = ANY (SELECT MAX(Height) FROM people WHERE "
               u"(Height > 1) GROUP BY Name)"_s
            << atSelect << QString() << sqlite;
    QTest::newRow("a limited subquery")
            << u"SELECT Name FROM people WHERE Height = ANY (SELECT Height FROM people LIMIT 3)"_s
            << atSelect << QString() << sqlite;
    QTest::newRow("two items") << u"SELECT Name FROM people WHERE Height = ANY (SELECT Height, "
                                  u"Name FROM people)"_s
                               << atSelect << QString() << sqlite;
    QTest::newRow("an engine that has them")
            << u"SELECT Name FROM people WHERE Height = ANY (SELECT Height FROM people)"_s
            << u"syntax error at or near \"ANY\""_s << QString() << int(Engine::PostgreSQL);
    QTest::newRow("the statement ends at the SELECT")
            << u"SELECT Name FROM people WHERE Height <> ALL (SELECT"_s << atAll << QString()
            << sqlite;
    QTest::newRow("a comment after the SELECT")
            << u"SELECT Name FROM people WHERE Height <> ALL (SELECT-- Height FROM people)"_s
            << atAll << QString() << sqlite;
    QTest::newRow("the engine stopped elsewhere")
            << u"SELECT Name FROM people WHERE Height <> ALL (SELECT Height FROM people) LIMT 1"_s
            << u"near \"LIMT\": syntax error"_s << QString() << sqlite;
}

void tst_QuantifiedComparison::proposes(){SQLMEND_REPAIR_TEST(QuantifiedComparison)}

QTEST_GUILESS_MAIN(tst_QuantifiedComparison)
#include "tst_quantifiedcomparison.moc"
