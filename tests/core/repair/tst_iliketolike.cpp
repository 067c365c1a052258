#include "core/repair/iliketolike.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_IlikeToLike : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_IlikeToLike::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("ascii pattern")
            << u"SELECT Country FROM airlines WHERE Airline ILIKE '%jetblue%'"_s
            << u"near \"ILIKE\": syntax error"_s
            << u"SELECT Country FROM airlines WHERE Airline LIKE '%jetblue%'"_s << sqlite;
    QTest::newRow("not ilike") << u"SELECT 1 FROM airlines WHERE Airline NOT ilike 'a%'"_s
                               << u"near \"ilike\": syntax error"_s
                               << u"SELECT 1 FROM airlines WHERE Airline NOT LIKE 'a%'"_s << sqlite;
    QTest::newRow("non-ascii pattern: LIKE would differ")
            << u"SELECT 1 FROM airlines WHERE Airline ILIKE '%\u00C9lan%'"_s
            << u"near \"ILIKE\": syntax error"_s << QString() << sqlite;
    QTest::newRow("pattern from a column")
            << u"SELECT 1 FROM airlines WHERE Airline ILIKE Country"_s
            << u"near \"ILIKE\": syntax error"_s << QString() << sqlite;
    QTest::newRow("postgresql has ILIKE")
            << u"SELECT 1 FROM airlines WHERE Airline ILIKE 'a'"_s
            << u"syntax error at or near \"ILIKE\""_s << QString() << int(Engine::PostgreSQL);
}

void tst_IlikeToLike::proposes(){SQLMEND_REPAIR_TEST(IlikeToLike)}

QTEST_GUILESS_MAIN(tst_IlikeToLike)
#include "tst_iliketolike.moc"
