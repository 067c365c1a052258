#include "core/repair/fetchfirsttolimit.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_FetchFirstToLimit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_FetchFirstToLimit::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString nearFetch = u"near \"FETCH\": syntax error"_s;
    QTest::newRow("FETCH FIRST n ROWS ONLY")
            << u"SELECT Name FROM people ORDER BY Height DESC FETCH FIRST 3 ROWS ONLY"_s
            << nearFetch << u"SELECT Name FROM people ORDER BY Height DESC LIMIT 3"_s << sqlite;
    QTest::newRow("FETCH NEXT 1 ROW ONLY, a semicolon")
            << u"SELECT Name FROM people ORDER BY Height FETCH NEXT 1 ROW ONLY;"_s << nearFetch
            << u"SELECT Name FROM people ORDER BY Height LIMIT 1"_s << sqlite;
    QTest::newRow("FETCH FIRST ROW ONLY is one row")
            << u"SELECT Name FROM people ORDER BY Height FETCH FIRST ROW ONLY"_s << nearFetch
            << u"SELECT Name FROM people ORDER BY Height LIMIT 1"_s << sqlite;
    // SQLite has OFFSET only after LIMIT: it stops at the OFFSET.
    QTest::newRow("with an OFFSET before it")
            << u"SELECT Name FROM people ORDER BY Height OFFSET 2 ROWS FETCH NEXT 3 ROWS ONLY"_s
            << u"near \"OFFSET\": syntax error"_s
            << u"SELECT Name FROM people ORDER BY Height LIMIT 3 OFFSET 2"_s << sqlite;
    QTest::newRow("clickhouse 18.16 stops at FIRST")
            << u"SELECT Name FROM people ORDER BY Height FETCH FIRST 2 ROWS ONLY"_s
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 47: "
               u"FIRST 2 ROWS ONLY. Expected one of: token, OR, AND, e.what() = DB::Exception"_s
            << u"SELECT Name FROM people ORDER BY Height LIMIT 2"_s << int(Engine::ClickHouse);
    // Refused.
    QTest::newRow("WITH TIES keeps more rows")
            << u"SELECT Name FROM people ORDER BY Height FETCH FIRST 2 ROWS WITH TIES"_s
            << nearFetch << QString() << sqlite;
    QTest::newRow("not a plain number")
            << u"SELECT Name FROM people ORDER BY Height FETCH FIRST (1 + 1) ROWS ONLY"_s
            << nearFetch << QString() << sqlite;
    QTest::newRow("a set operator before it")
            << u"SELECT Name FROM people UNION SELECT Name FROM player FETCH FIRST 2 ROWS ONLY"_s
            << nearFetch << QString() << sqlite;
    QTest::newRow("a LIMIT of its own")
            << u"SELECT Name FROM people LIMIT 5 FETCH FIRST 2 ROWS ONLY"_s << nearFetch
            << QString() << sqlite;
    QTest::newRow("text after it")
            << u"SELECT Name FROM people FETCH FIRST 2 ROWS ONLY This returns two."_s << nearFetch
            << QString() << sqlite;
    QTest::newRow("the engine stopped elsewhere")
            << u"SELECT Name FROM people WHERE FETCH FIRST 2 ROWS ONLY"_s
            << u"near \"WHERE\": syntax error"_s << QString() << sqlite;
    QTest::newRow("an engine whose limit is FETCH")
            << u"SELECT Name FROM people FETCH FIRST 2 ROWS ONLY"_s
            << u"Incorrect syntax near 'FETCH'."_s << QString() << int(Engine::SqlServer);
}

void tst_FetchFirstToLimit::proposes(){SQLMEND_REPAIR_TEST(FetchFirstToLimit)}

QTEST_GUILESS_MAIN(tst_FetchFirstToLimit)
#include "tst_fetchfirsttolimit.moc"
