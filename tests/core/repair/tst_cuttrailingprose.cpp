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
    void afterTheGuardsRefusal_data();
    void afterTheGuardsRefusal();
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
    QTest::newRow("mariadb: a note after the statement")
            << u"SELECT name FROM people Note: it lists every name"_s
            << sqlmend::test::mariadbSyntaxError(u": it lists every name"_s)
            << u"SELECT name FROM people"_s << int(Engine::MySQL);
    QTest::newRow("mariadb: the same word earlier is not where it stopped")
            << u"SELECT This FROM people WHERE x = 1 This lists them"_s
            << sqlmend::test::mariadbSyntaxError(u"This lists them"_s)
            << u"SELECT This FROM people WHERE x = 1"_s << int(Engine::MySQL);
    QTest::newRow("prose whose second word is a keyword")
            << u"SELECT name FROM people LIMIT 1 This is the tallest."_s
            << u"near \"This\": syntax error"_s << u"SELECT name FROM people LIMIT 1"_s << sqlite;
    QTest::newRow("a note after the statement, its first word read as an alias")
            << u"SELECT name FROM people Note: it lists every name"_s
            << u"near \":\": syntax error"_s << u"SELECT name FROM people"_s << sqlite;
    QTest::newRow("a word with an underscore is a name, not prose")
            << u"SELECT a FROM t Pet_type counts"_s << u"near \"counts\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("a keyword is no prose")
            << u"SELECT a.City ilike '%x%' FROM airlines a"_s << u"near \"ilike\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("a word after a comma or JOIN is a name")
            << u"SELECT a, Total cost FROM t JOIN Dogs d ON 1"_s << u"near \"cost\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("inside parentheses") << u"SELECT (SELECT 1 This is it)"_s
                                        << u"near \"is\": syntax error"_s << QString() << sqlite;
}

void tst_CutTrailingProse::proposes()
{
    SQLMEND_REPAIR_TEST(CutTrailingProse)
}

// A reply the guard refuses as not one statement has no place where the engine stopped: the
// prose starts at its first capitalised word of prose outside parentheses.
void tst_CutTrailingProse::afterTheGuardsRefusal_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("repaired");
    // A base model's few-shot completion that runs on until its token limit cuts it inside a
    // parenthesis (as one did on Spider's network_1).
    QTest::newRow("run-on completion")
            << u"SELECT grade FROM Highschooler WHERE name = 'Kyle'  Write Sql for the following "
               "question: Show me all students that have no friends. Answer : SELECT * FROM "
               "Highschooler where ID not in (select student_id from Friend where"_s
            << u"SELECT grade FROM Highschooler WHERE name = 'Kyle'"_s;
    // The prose's apostrophe opens a string the guard never sees closed.
    QTest::newRow("an apostrophe in the prose")
            << u"SELECT ID FROM Highschooler WHERE name = 'Kyle'  Write Sql for the following "
               "question: What is Kyle's grade? Answer : SELECT grade FROM"_s
            << u"SELECT ID FROM Highschooler WHERE name = 'Kyle'"_s;
    QTest::newRow("prose inside parentheses is no end")
            << u"SELECT ID FROM t WHERE x IN (SELECT y FROM u Write Sql for it) Answer : SELECT (1 "
               "Write Sql for"_s
            << QString();
    // A run-on list of values cut by the token limit: the capitalised word after FROM names a
    // table, and cutting before it would leave "SELECT ... FROM" (as one did on dog_kennels).
    QTest::newRow("a table after FROM is no prose")
            << u"SELECT p.professional_id FROM Professionals p WHERE p.zip_code IN ('46201', "
               "'46202',"_s
            << QString();
    QTest::newRow("two statements: the semicolon comes first")
            << u"SELECT 1; SELECT 2 Write Sql for it"_s << QString();
    QTest::newRow("no statement before the prose")
            << u"Write Sql for the following question: SELECT 1"_s << QString();
}

void tst_CutTrailingProse::afterTheGuardsRefusal()
{
    QFETCH(QString, sql);
    QFETCH(QString, repaired);
    const SchemaNames schema = sqlmend::test::repairSchema();
    const std::optional<RepairInput> input = sqlmend::test::guardRefusedInput(sql, &schema);
    QVERIFY2(input, qPrintable(sql));
    QCOMPARE(input->diagnosis().error.origin, ErrorOrigin::Guard);
    const auto proposed = CutTrailingProse().propose(*input);
    if (repaired.isEmpty()) {
        QVERIFY2(!proposed, qPrintable(proposed ? proposed->sql : QString()));
    } else {
        QVERIFY2(proposed, qPrintable(errorClassName(input->errorClass())));
        QCOMPARE(proposed->sql, repaired);
    }
}

QTEST_GUILESS_MAIN(tst_CutTrailingProse)
#include "tst_cuttrailingprose.moc"
