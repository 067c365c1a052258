#include "core/repair/toptolimit.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_TopToLimit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_TopToLimit::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("top n") << u"SELECT TOP 3 Name FROM people ORDER BY Height DESC"_s
                           << u"near \"3\": syntax error"_s
                           << u"SELECT Name FROM people ORDER BY Height DESC LIMIT 3"_s << sqlite;
    QTest::newRow("distinct top") << u"SELECT DISTINCT TOP 1 Name FROM people"_s
                                  << u"near \"1\": syntax error"_s
                                  << u"SELECT DISTINCT Name FROM people LIMIT 1"_s << sqlite;
    QTest::newRow("a union: the limit would bind to the whole")
            << u"SELECT TOP 1 Name FROM people UNION SELECT Name FROM people"_s
            << u"near \"1\": syntax error"_s << QString() << sqlite;
    QTest::newRow("percent") << u"SELECT TOP 10 PERCENT Name FROM people"_s
                             << u"near \"10\": syntax error"_s << QString() << sqlite;
    // MariaDB and MySQL read TOP as a column and quote the statement from the number on.
    QTest::newRow("mariadb") << u"SELECT TOP 3 Name FROM people ORDER BY Height DESC"_s
                             << sqlmend::test::mariadbSyntaxError(
                                        u"3 Name FROM people ORDER BY Height DESC"_s)
                             << u"SELECT Name FROM people ORDER BY Height DESC LIMIT 3"_s
                             << int(Engine::MySQL);
    QTest::newRow("the engine stopped at another token")
            << u"SELECT TOP 30 Name FROM people WHERE"_s << u"near \"3\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("sql server has TOP")
            << u"SELECT TOP 3 Name FROM people"_s << u"Incorrect syntax near '3'."_s << QString()
            << int(Engine::SqlServer);
}

void tst_TopToLimit::proposes(){SQLMEND_REPAIR_TEST(TopToLimit)}

QTEST_GUILESS_MAIN(tst_TopToLimit)
#include "tst_toptolimit.moc"
