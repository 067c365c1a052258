#include "core/repair/cutleadingprose.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_CutLeadingProse : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void afterTheGuardsRefusal_data();
    void afterTheGuardsRefusal();
    void afterTheEnginesError_data();
    void afterTheEnginesError();
};

namespace {

// How a fine-tuned model that echoes its prompt begins its reply (DB-GPT-Hub's prompt, with a
// schema of our own).
const QString echo = u"I want you to act as a SQL terminal in front of an example database, you "
                     "need to return the sql command to me.Below is an instruction that describes "
                     "a task, Write a response that appropriately completes the request.  The "
                     "instruction is pets_1 contains tables such as Student, Has_Pet, Pets. Table "
                     "Pets has columns such as PetID, PetType, pet_age, weight. PetID is the "
                     "primary key. The PetID of Has_Pet is the foreign key of PetID of Pets., "_s;

} // namespace

// Replies that do not start as a query never reach the engine: the guard refuses them as not one
// statement.
void tst_CutLeadingProse::afterTheGuardsRefusal_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("repaired");
    const QString leadIn = u"Here is the query you asked for:\n"_s;
    QTest::newRow("a sentence") << leadIn + u"SELECT PetID FROM Pets"_s
                                << u"SELECT PetID FROM Pets"_s;
    QTest::newRow("a trailing semicolon")
            << leadIn + u"select PetType from Pets;"_s << u"select PetType from Pets"_s;
    QTest::newRow("a sentence, then a common table expression")
            << u"Here is the query you asked for: WITH t AS (SELECT 1 AS x) SELECT x FROM t"_s
            << u"WITH t AS (SELECT 1 AS x) SELECT x FROM t"_s;
    QTest::newRow("with as a word of the sentence")
            << u"List the students with a pet: SELECT StuID FROM Has_Pet"_s
            << u"SELECT StuID FROM Has_Pet"_s;
    QTest::newRow("a quoted select is a value of the sentence")
            << u"Find the pets typed 'select' in the list: SELECT PetID FROM Pets"_s
            << u"SELECT PetID FROM Pets"_s;
    QTest::newRow("a subquery in the answer")
            << leadIn + u"select PetID from Pets where pet_age = (select max(pet_age) from Pets)"_s
            << u"select PetID from Pets where pet_age = (select max(pet_age) from Pets)"_s;
    QTest::newRow("a label") << u"### Response:\nSELECT PetID FROM Pets"_s
                             << u"SELECT PetID FROM Pets"_s;
    QTest::newRow("a label in bold")
            << u"**SQL query:** SELECT PetID FROM Pets"_s << u"SELECT PetID FROM Pets"_s;

    // A model that echoes its whole prompt and then writes a statement: on the unseen databases
    // (1,328 real errors), cutting the echo answered 0 right and 82 wrong, the statement answering
    // another question. It stays an error with advice.
    QTest::newRow("the echoed prompt, then a statement")
            << echo + u"So select PetType from Pets where PetID = 2001"_s << QString();
    QTest::newRow("the echoed question, then a statement")
            << echo + u"So please tell me Show the types of the pets select PetType from Pets"_s
            << QString();
    QTest::newRow("the echo alone")
            << echo + u"So please tell me How many pets are there?"_s << QString();
    QTest::newRow("a lead-in longer than a line")
            << u"I want you to act as a SQL terminal in front of an example database and return "
               "the sql command to me for the question of how many pets there are in the table "
               "of pets:\nSELECT count(*) FROM Pets"_s
            << QString();
    QTest::newRow("a lead-in after another sentence")
            << u"I read the schema. Here is the query:\nSELECT PetID FROM Pets"_s << QString();
    QTest::newRow("a label of SQL words is no label")
            << u"FROM Pets: SELECT PetID FROM Pets"_s << QString();
    QTest::newRow("a list before the colon is no label")
            << u"SELCT PetID, weight: SELECT PetID FROM Pets"_s << QString();
    QTest::newRow("a misspelt keyword is no lead-in")
            << u"SELCT PetType FROM Pets UNION SELECT PetType FROM Pets"_s << QString();
    QTest::newRow("a misspelt keyword and a name are no lead-in")
            << u"SELCT PetType, weight FROM Pets p WHERE p.PetID IN (SELECT PetID FROM Has_Pet)"_s
            << QString();
    // The first statement answers the prompt's own example, the last one a question the model
    // made up: neither is known to answer the question asked.
    QTest::newRow("a few-shot prompt's example before the answer")
            << u"Write Sql for the following question: How many pets? Answer : SELECT count(*) "
               "FROM Pets  Write Sql for the following question: Which types? Answer : SELECT "
               "PetType FROM Pets"_s
            << QString();
    QTest::newRow("prose after the answer")
            << leadIn + u"select PetType from Pets This lists the types"_s << QString();
    QTest::newRow("a parenthesis the answer does not open")
            << u"Here they are counted: (select count(*) from Pets)"_s << QString();
    QTest::newRow("a parenthesis the answer closes before it opens one")
            << u"Here are both of them: select PetType from Pets) and (select PetID from Pets"_s
            << QString();
    QTest::newRow("a parenthesis left open")
            << leadIn + u"select PetID from Pets where pet_age = (select max(pet_age) from Pets"_s
            << QString();
    QTest::newRow("a string left open")
            << leadIn + u"select PetType from Pets where PetType = 'cat"_s << QString();
    QTest::newRow("two statements")
            << leadIn + u"select PetType from Pets; select PetID from Pets"_s << QString();
}

void tst_CutLeadingProse::afterTheGuardsRefusal()
{
    QFETCH(QString, sql);
    QFETCH(QString, repaired);
    const SchemaNames schema = sqlmend::test::repairSchema();
    const std::optional<RepairInput> input = sqlmend::test::guardRefusedInput(sql, &schema);
    QVERIFY2(input, qPrintable(sql));
    QCOMPARE(input->errorClass(), ErrorClass::Syntax);
    const auto proposed = CutLeadingProse().propose(*input);
    if (repaired.isEmpty()) {
        QVERIFY2(!proposed, qPrintable(proposed ? proposed->sql : QString()));
    } else {
        QVERIFY2(proposed, qPrintable(sql));
        QCOMPARE(proposed->sql, repaired);
        QCOMPARE(proposed->step, u"cut_leading_prose"_s);
    }
}

void tst_CutLeadingProse::afterTheEnginesError_data()
{
    SQLMEND_REPAIR_COLUMNS();
    QTest::newRow("postgresql: a sentence before the statement")
            << u"Here is the query you asked for: SELECT PetID FROM Pets"_s
            << u"syntax error at or near \"Here\""_s << u"SELECT PetID FROM Pets"_s
            << int(Engine::PostgreSQL);
    QTest::newRow("mariadb: a sentence before the statement")
            << u"Here is the query you asked for: SELECT PetID FROM Pets"_s
            << sqlmend::test::mariadbSyntaxError(
                       u"Here is the query you asked for: SELECT PetID FROM Pets"_s)
            << u"SELECT PetID FROM Pets"_s << int(Engine::MySQL);
    // The guard lets SHOW through (MySQL's statement); the engine stops at it.
    QTest::newRow("sqlite: a sentence that starts with show")
            << u"Show the students with a pet: SELECT StuID FROM Has_Pet"_s
            << u"near \"Show\": syntax error"_s << u"SELECT StuID FROM Has_Pet"_s
            << int(Engine::SQLite);
    QTest::newRow("not a syntax error")
            << u"Here is the query you asked for: SELECT PetID FROM Pets"_s
            << u"no such column: Here"_s << QString() << int(Engine::SQLite);
}

void tst_CutLeadingProse::afterTheEnginesError(){SQLMEND_REPAIR_TEST(CutLeadingProse)}

QTEST_GUILESS_MAIN(tst_CutLeadingProse)
#include "tst_cutleadingprose.moc"
