#include "core/repair/cuttrailingprose.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_CutTrailingProse : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_CutTrailingProse::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("explanation after the statement")
            << u"SELECT PetType, COUNT(*) FROM Pets GROUP BY PetType This query counts pets."_s
            << u"near \"This\": syntax error"_s
            << u"SELECT PetType, COUNT(*) FROM Pets GROUP BY PetType"_s << sqlite;
    QTest::newRow("run-on completion, first word read as an alias")
            << u"SELECT name FROM people  Write Sql for the following question: x"_s
            << u"near \"Sql\": syntax error"_s << u"SELECT name FROM people"_s << sqlite;
    // MariaDB and MySQL quote the statement from where they stopped.
    QTest::newRow("mariadb: explanation after the statement")
            << u"SELECT PetType, COUNT(*) FROM Pets GROUP BY PetType This query counts pets."_s
            << sqlmend::test::mariadbSyntaxError(u"This query counts pets."_s)
            << u"SELECT PetType, COUNT(*) FROM Pets GROUP BY PetType"_s << int(Engine::MySQL);
    QTest::newRow("mariadb: run-on completion")
            << u"SELECT name FROM people  Write Sql for the following question: x"_s
            << sqlmend::test::mariadbSyntaxError(u"Write Sql for the following question: x"_s)
            << u"SELECT name FROM people"_s << int(Engine::MySQL);
    QTest::newRow("mariadb: the same word earlier is not where it stopped")
            << u"SELECT This FROM people WHERE x = 1 This lists them"_s
            << sqlmend::test::mariadbSyntaxError(u"This lists them"_s)
            << u"SELECT This FROM people WHERE x = 1"_s << int(Engine::MySQL);
    QTest::newRow("a keyword is no prose")
            << u"SELECT a.City ilike '%x%' FROM airlines a"_s << u"near \"ilike\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("inside parentheses") << u"SELECT (SELECT 1 This is it)"_s
                                        << u"near \"is\": syntax error"_s << QString() << sqlite;
}

void tst_CutTrailingProse::proposes(){SQLMEND_REPAIR_TEST(CutTrailingProse)}

QTEST_GUILESS_MAIN(tst_CutTrailingProse)
#include "tst_cuttrailingprose.moc"
