#include "core/repair/splitquotedname.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_SplitQuotedName : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_SplitQuotedName::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("backticks around table.column")
            << u"SELECT `people.Name` FROM `poker_player` JOIN `people` ON `poker_player.People_ID` = `people.People_ID`"_s
            << u"no such column: people.Name"_s
            << u"SELECT `people`.`Name` FROM `poker_player` JOIN `people` ON `poker_player`.`People_ID` = `people`.`People_ID`"_s
            << sqlite;
    // SQLite reports the bare column the quoted join would settle before the quoted names.
    QTest::newRow("an ambiguous column before the quoted names")
            << u"SELECT `People_ID`, `Name` FROM `people` JOIN `poker_player` ON `people.People_ID` = `poker_player.People_ID`"_s
            << u"ambiguous column name: People_ID"_s
            << u"SELECT `People_ID`, `Name` FROM `people` JOIN `poker_player` ON `people`.`People_ID` = `poker_player`.`People_ID`"_s
            << sqlite;
    QTest::newRow("an ambiguous column, no quoted name")
            << u"SELECT People_ID FROM people JOIN poker_player ON people.People_ID = poker_player.People_ID"_s
            << u"ambiguous column name: People_ID"_s << QString() << sqlite;
    QTest::newRow("an ambiguous column, a quoted name of no table of the query")
            << u"SELECT People_ID, `players.Name` FROM people JOIN poker_player ON people.People_ID = poker_player.People_ID"_s
            << u"ambiguous column name: People_ID"_s << QString() << sqlite;
    QTest::newRow("not a table of the query")
            << u"SELECT `people.Name` FROM poker_player"_s << u"no such column: people.Name"_s
            << QString() << sqlite;
    QTest::newRow("not a column of the table")
            << u"SELECT `people.Age` FROM people"_s << u"no such column: people.Age"_s << QString()
            << sqlite;
}

void tst_SplitQuotedName::proposes(){SQLMEND_REPAIR_TEST(SplitQuotedName)}

QTEST_GUILESS_MAIN(tst_SplitQuotedName)
#include "tst_splitquotedname.moc"
