#include "core/repair/unionalldistinct.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_UnionAllDistinct : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

namespace {

// ClickHouse 18.16's words for a UNION without ALL, stopping at the SELECT after it.
QString expectedAll(const QString &rest)
{
    return u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 26 "
           u"(line 1, col 26): %1. Expected ALL, e.what() = DB::Exception"_s.arg(rest);
}

} // namespace

void tst_UnionAllDistinct::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int clickhouse = int(Engine::ClickHouse);
    QTest::newRow("two SELECTs")
            << u"SELECT PetID FROM Pets UNION SELECT PetID FROM Has_Pet"_s
            << expectedAll(u"SELECT PetID FROM Has_Pet"_s)
            << u"SELECT DISTINCT * FROM (SELECT PetID FROM Pets UNION ALL SELECT PetID FROM "
               u"Has_Pet)"_s
            << clickhouse;
    QTest::newRow("three, with a semicolon")
            << u"SELECT a FROM t1 UNION SELECT a FROM t2 UNION SELECT a FROM t3;"_s
            << expectedAll(u"SELECT a FROM t2"_s)
            << u"SELECT DISTINCT * FROM (SELECT a FROM t1 UNION ALL SELECT a FROM t2 UNION ALL "
               u"SELECT a FROM t3)"_s
            << clickhouse;
    QTest::newRow("a UNION inside a subquery is left as it is")
            << u"SELECT a FROM t1 WHERE a IN (SELECT b FROM t2) UNION SELECT a FROM t3"_s
            << expectedAll(u"SELECT a FROM t3"_s)
            << u"SELECT DISTINCT * FROM (SELECT a FROM t1 WHERE a IN (SELECT b FROM t2) UNION ALL "
               u"SELECT a FROM t3)"_s
            << clickhouse;
    // Refused.
    QTest::newRow("an ORDER BY would bind to the last SELECT")
            << u"SELECT a FROM t1 UNION SELECT a FROM t2 ORDER BY a"_s
            << expectedAll(u"SELECT a FROM t2 ORDER BY a"_s) << QString() << clickhouse;
    QTest::newRow("a LIMIT likewise")
            << u"SELECT a FROM t1 UNION SELECT a FROM t2 LIMIT 3"_s
            << expectedAll(u"SELECT a FROM t2 LIMIT 3"_s) << QString() << clickhouse;
    QTest::newRow("UNION ALL beside it")
            << u"SELECT a FROM t1 UNION ALL SELECT a FROM t2 UNION SELECT a FROM t3"_s
            << expectedAll(u"SELECT a FROM t3"_s) << QString() << clickhouse;
    QTest::newRow("UNION DISTINCT")
            << u"SELECT a FROM t1 UNION DISTINCT SELECT a FROM t2"_s
            << expectedAll(u"DISTINCT SELECT a FROM t2"_s) << QString() << clickhouse;
    QTest::newRow("a WITH before it")
            << u"WITH x AS (SELECT 1) SELECT a FROM t1 UNION SELECT a FROM t2"_s
            << expectedAll(u"SELECT a FROM t2"_s) << QString() << clickhouse;
    QTest::newRow("another syntax error")
            << u"SELECT a FROM t1 UNION SELECT a FROM t2"_s
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 26: "
               u"SELECT a FROM t2. Expected one of: FINAL, WHERE, e.what() = DB::Exception"_s
            << QString() << clickhouse;
    QTest::newRow("an engine with UNION")
            << u"SELECT a FROM t1 UNION SELECT a FROM t2 WHERE"_s << u"incomplete input"_s
            << QString() << int(Engine::SQLite);
}

void tst_UnionAllDistinct::proposes(){SQLMEND_REPAIR_TEST(UnionAllDistinct)}

QTEST_GUILESS_MAIN(tst_UnionAllDistinct)
#include "tst_unionalldistinct.moc"
