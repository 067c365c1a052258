#include "core/repair/qualifierdot.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_QualifierDot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_QualifierDot::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);
    QTest::newRow("each alias gets its dot")
            << u"SELECT p.Name FROM people p LEFT JOIN poker_player pp ON p\"People_ID\" = "
               "pp\"People_ID\" WHERE pp\"People_ID\" IS NULL"_s
            << u"near \"\"People_ID\"\": syntax error"_s
            << u"SELECT p.Name FROM people p LEFT JOIN poker_player pp ON p.\"People_ID\" = "
               "pp.\"People_ID\" WHERE pp.\"People_ID\" IS NULL"_s
            << sqlite;
    QTest::newRow("a table's own name, in PostgreSQL")
            << u"SELECT people\"Name\" FROM people WHERE people\"Height\" > 2"_s
            << u"ERROR:  syntax error at or near \"\"Height\"\""_s
            << u"SELECT people.\"Name\" FROM people WHERE people.\"Height\" > 2"_s << postgres;
    QTest::newRow("not a column of that table")
            << u"SELECT p.Name FROM people p JOIN poker_player pp ON p\"Earnings\" > 0"_s
            << u"near \"\"Earnings\"\": syntax error"_s << QString() << sqlite;
    // A subquery's columns are not known here: p may be one of them.
    QTest::newRow("a subquery among the sources")
            << u"SELECT Name FROM people p JOIN (SELECT People_ID FROM poker_player) pp ON "
               "p\"People_ID\" = pp.People_ID"_s
            << u"near \"\"People_ID\"\": syntax error"_s << QString() << sqlite;
    QTest::newRow("not a table of the query")
            << u"SELECT Name FROM people WHERE q\"Height\" > 2"_s
            << u"near \"\"Height\"\": syntax error"_s << QString() << sqlite;
    // A space between: a name and its quoted alias, or two names; not a missing dot.
    QTest::newRow("a space between")
            << u"SELECT Name FROM people p WHERE p \"Height\" > 2"_s
            << u"near \"\"Height\"\": syntax error"_s << QString() << sqlite;
    // Two plain words: the column of a table of the query, after its name.
    QTest::newRow("a table and its column, a space between")
            << u"SELECT Name FROM people WHERE people Height > 2"_s
            << u"near \"Height\": syntax error"_s
            << u"SELECT Name FROM people WHERE people.Height > 2"_s << sqlite;
    QTest::newRow("an alias and its column, in PostgreSQL")
            << u"SELECT p.Name FROM people p JOIN poker_player pp ON p.People_ID = pp People_ID"_s
            << u"ERROR:  syntax error at or near \"People_ID\""_s
            << u"SELECT p.Name FROM people p JOIN poker_player pp ON p.People_ID = pp.People_ID"_s
            << postgres;
    QTest::newRow("two words: not a column of that table")
            << u"SELECT Name FROM people WHERE people Earnings > 2"_s
            << u"near \"Earnings\": syntax error"_s << QString() << sqlite;
    QTest::newRow("two words: a column, not a table")
            << u"SELECT Name FROM people WHERE Name Height > 2"_s
            << u"near \"Height\": syntax error"_s << QString() << sqlite;
    QTest::newRow("two words after AS: an alias")
            << u"SELECT Height AS people Height FROM people"_s << u"near \"Height\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("two words after a qualified name")
            << u"SELECT Name FROM people p WHERE p.people Height > 2"_s
            << u"near \"Height\": syntax error"_s << QString() << sqlite;
    // The engine stopped elsewhere: the glued name is not what it refused.
    QTest::newRow("the engine stopped elsewhere")
            << u"SELECT Name FROM people p WHERE p\"Height\" > 2 ORDER"_s << u"incomplete input"_s
            << QString() << sqlite;
    QTest::newRow("not a syntax error")
            << u"SELECT p\"Name\" FROM people p"_s << u"no such column: p"_s << QString() << sqlite;
}

void tst_QualifierDot::proposes(){SQLMEND_REPAIR_TEST(QualifierDot)}

QTEST_GUILESS_MAIN(tst_QualifierDot)
#include "tst_qualifierdot.moc"
