#include "core/repair/nativefunction.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_NativeFunction : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_NativeFunction::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);
    const int mysql = int(Engine::MySQL);
    QTest::newRow("Oracle's NVL on SQLite, every call")
            << u"SELECT Name, nvl(Height, 0) FROM people WHERE NVL(Height, 0) > 180"_s
            << u"no such function: nvl"_s
            << u"SELECT Name, COALESCE(Height, 0) FROM people WHERE COALESCE(Height, 0) > 180"_s
            << sqlite;
    QTest::newRow("an argument with a call and a comma of its own")
            << u"SELECT NVL(substr(Name, 1, 3), 'none') FROM people"_s << u"no such function: NVL"_s
            << u"SELECT COALESCE(substr(Name, 1, 3), 'none') FROM people"_s << sqlite;
    QTest::newRow("MySQL's IFNULL on PostgreSQL")
            << u"SELECT ifnull(Height, 0) FROM people"_s
            << u"ERROR:  function ifnull(real, integer) does not exist\nLINE 1: SELECT "
               u"ifnull(Height, 0) FROM people\n               ^"_s
            << u"SELECT COALESCE(Height, 0) FROM people"_s << postgres;
    QTest::newRow("NVL on MySQL") << u"SELECT NVL(Height, 0) FROM people"_s
                                  << u"FUNCTION shop.NVL does not exist"_s
                                  << u"SELECT COALESCE(Height, 0) FROM people"_s << mysql;
    QTest::newRow("CHAR_LENGTH on SQLite")
            << u"SELECT Name FROM people WHERE char_length(Name) > 5"_s
            << u"no such function: char_length"_s
            << u"SELECT Name FROM people WHERE LENGTH(Name) > 5"_s << sqlite;

    QTest::newRow("NVL with three arguments") << u"SELECT NVL(Height, 0, 1) FROM people"_s
                                              << u"no such function: NVL"_s << QString() << sqlite;
    QTest::newRow("one call of the two has one argument")
            << u"SELECT NVL(Height, 0), NVL(Name) FROM people"_s << u"no such function: NVL"_s
            << QString() << sqlite;
    QTest::newRow("a schema's function of that name is its own")
            << u"SELECT util.nvl(Height, 0), NVL(Name, '') FROM people"_s
            << u"no such function: NVL"_s
            << u"SELECT util.nvl(Height, 0), COALESCE(Name, '') FROM people"_s << sqlite;
    QTest::newRow("only a schema's function of that name")
            << u"SELECT util.nvl(Height, 0) FROM people"_s << u"no such function: util.nvl"_s
            << QString() << sqlite;
    QTest::newRow("CHAR_LENGTH where length counts bytes")
            << u"SELECT char_length(Name) FROM people"_s
            << u"Code: 46, e.displayText() = DB::Exception: Unknown function char_length, "
               u"e.what() = DB::Exception"_s
            << QString() << int(Engine::ClickHouse);
    QTest::newRow("SQL Server's LEN leaves out trailing spaces")
            << u"SELECT LEN(Name) FROM people"_s << u"no such function: LEN"_s << QString()
            << sqlite;
    QTest::newRow("SQL Server's two-argument ISNULL")
            << u"SELECT ISNULL(Height, 0) FROM people"_s << u"no such function: ISNULL"_s
            << QString() << sqlite;
    QTest::newRow("another function is the missing one")
            << u"SELECT NVL(Height, 0), hex(Name) FROM people"_s << u"no such function: hex"_s
            << QString() << sqlite;
    QTest::newRow("another class of error") << u"SELECT NVL(Hight, 0) FROM people"_s
                                            << u"no such column: Hight"_s << QString() << sqlite;
}

void tst_NativeFunction::proposes(){SQLMEND_REPAIR_TEST(NativeFunction)}

QTEST_GUILESS_MAIN(tst_NativeFunction)
#include "tst_nativefunction.moc"
