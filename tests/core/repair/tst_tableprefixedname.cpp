#include "core/repair/tableprefixedname.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_TablePrefixedName : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_TablePrefixedName::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);

    QTest::newRow("a bare name, qualified with its table")
            << u"SELECT DISTINCT people_name FROM people JOIN poker_player ON people.People_ID = "
               "poker_player.People_ID WHERE poker_player.Earnings > 3"_s
            << u"no such column: people_name"_s
            << u"SELECT DISTINCT people.Name FROM people JOIN poker_player ON people.People_ID = "
               "poker_player.People_ID WHERE poker_player.Earnings > 3"_s
            << sqlite;
    QTest::newRow("every use, with the table's alias")
            << u"SELECT People_Name, SUM(pp.Earnings) FROM people AS p JOIN poker_player pp ON "
               "p.People_ID = pp.People_ID GROUP BY People_Name"_s
            << u"no such column: People_Name"_s
            << u"SELECT p.Name, SUM(pp.Earnings) FROM people AS p JOIN poker_player pp ON "
               "p.People_ID = pp.People_ID GROUP BY p.Name"_s
            << sqlite;
    QTest::newRow("a qualified name keeps its qualifier")
            << u"SELECT p.people_name FROM poker_player AS pp JOIN people AS p ON pp.People_ID = "
               "p.People_ID ORDER BY pp.Earnings"_s
            << u"no such column: p.people_name"_s
            << u"SELECT p.Name FROM poker_player AS pp JOIN people AS p ON pp.People_ID = "
               "p.People_ID ORDER BY pp.Earnings"_s
            << sqlite;
    QTest::newRow("a table name with an underscore of its own")
            << u"SELECT poker_player_earnings FROM poker_player"_s
            << u"no such column: poker_player_earnings"_s
            << u"SELECT poker_player.Earnings FROM poker_player"_s << sqlite;
    QTest::newRow("quoted as the model quoted it, in PostgreSQL")
            << u"SELECT \"people_name\" FROM people"_s
            << u"ERROR:  column \"people_name\" does not exist"_s
            << u"SELECT people.\"Name\" FROM people"_s << postgres;
    QTest::newRow("PostgreSQL keeps the schema's letter case")
            << u"SELECT people_name FROM people"_s
            << u"ERROR:  column \"people_name\" does not exist"_s
            << u"SELECT people.\"Name\" FROM people"_s << postgres;
    // The model's own unquoted name for the table folds as it did: it stays unquoted.
    QTest::newRow("PostgreSQL, the table's name as the model wrote it")
            << u"SELECT people_name FROM People"_s
            << u"ERROR:  column \"people_name\" does not exist"_s
            << u"SELECT People.\"Name\" FROM People"_s << postgres;
    // The qualifier names another table: which column the model meant is open.
    QTest::newRow("the qualifier is another table")
            << u"SELECT pp.people_name FROM people AS p JOIN poker_player AS pp ON p.People_ID = "
               "pp.People_ID"_s
            << u"no such column: pp.people_name"_s << QString() << sqlite;
    // A table of an outer block: the subquery would compare with the outer row.
    QTest::newRow("the table is in an outer block")
            << u"SELECT Name FROM people WHERE People_ID NOT IN (SELECT people_height FROM "
               "poker_player)"_s
            << u"no such column: people_height"_s << QString() << sqlite;
    QTest::newRow("not a column of the table")
            << u"SELECT people_age FROM people"_s << u"no such column: people_age"_s << QString()
            << sqlite;
    // Spelled like a real column but for case and underscores: a spelling matter.
    QTest::newRow("spelled like another column")
            << u"SELECT Pets_Type FROM Pets"_s << u"no such column: Pets_Type"_s << QString()
            << sqlite;
    // Another column ends with the name: poker_player.Poker_Player_ID for player_id.
    QTest::newRow("another column ends with it")
            << u"SELECT player_id FROM player"_s << u"no such column: player_id"_s << QString()
            << sqlite;
    QTest::newRow("the NULL side of an outer join")
            << u"SELECT poker_player_earnings FROM people LEFT JOIN poker_player ON "
               "people.People_ID = poker_player.People_ID"_s
            << u"no such column: poker_player_earnings"_s << QString() << sqlite;
    QTest::newRow("two sources it could stand for")
            << u"SELECT people_name FROM people AS a JOIN people AS b ON a.Height < b.Height"_s
            << u"no such column: people_name"_s << QString() << sqlite;
    QTest::newRow("a subquery among the sources")
            << u"SELECT people_name FROM people JOIN (SELECT People_ID FROM poker_player) AS x "
               "ON people.People_ID = x.People_ID"_s
            << u"no such column: people_name"_s << QString() << sqlite;
    // The join condition would compare the column with itself.
    QTest::newRow("a join condition that would compare a column with itself")
            << u"SELECT Name FROM people JOIN poker_player ON people_people_id = "
               "people.People_ID"_s
            << u"no such column: people_people_id"_s << QString() << sqlite;
    QTest::newRow("both sides of a comparison")
            << u"SELECT Name FROM people WHERE people_height > people.Height"_s
            << u"no such column: people_height"_s << QString() << sqlite;
    QTest::newRow("itself on the left of the name")
            << u"SELECT Name FROM people JOIN poker_player ON people.People_ID = "
               "people_people_id"_s
            << u"no such column: people_people_id"_s << QString() << sqlite;
    QTest::newRow("itself bare on the left of the name")
            << u"SELECT Name FROM people WHERE Height < people_height"_s
            << u"no such column: people_height"_s << QString() << sqlite;
    QTest::newRow("a comparison with another column stands")
            << u"SELECT Name FROM people JOIN poker_player ON poker_player.People_ID = "
               "people_people_id"_s
            << u"no such column: people_people_id"_s
            << u"SELECT Name FROM people JOIN poker_player ON poker_player.People_ID = "
               "people.People_ID"_s
            << sqlite;
    QTest::newRow("an output alias of that name")
            << u"SELECT Name AS people_name FROM people ORDER BY people_name, people_x"_s
            << u"no such column: people_x"_s << QString() << sqlite;
    QTest::newRow("not a missing column") << u"SELECT people_name FROM people"_s
                                          << u"no such table: people"_s << QString() << sqlite;
}

void tst_TablePrefixedName::proposes(){SQLMEND_REPAIR_TEST(TablePrefixedName)}

QTEST_GUILESS_MAIN(tst_TablePrefixedName)
#include "tst_tableprefixedname.moc"
