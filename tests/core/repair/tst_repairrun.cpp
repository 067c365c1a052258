#include "core/repair/repairrun.h"

#include "core/exec/answercheck.h"
#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "core/exec/rowsink.h"
#include "core/repair/repairs.h"
#include "core/sql/connectionprofile.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

// The repairs chained the way sqlmend run --autofix chains them, each judged by a real SQLite
// database: several wrong things in one statement take several steps.
class tst_RepairRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void order();
    void chains_data();
    void chains();
    void doubtedRepairs_data();
    void doubtedRepairs();
    void sinkGetsTheAnswerOnly();
    void checkedRowsAreBounded();

private:
    std::unique_ptr<Executor> makeExecutor() const;

    QTemporaryDir m_dir;
    QString m_path;
};

void tst_RepairRun::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(u"pets.db"_s);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
    db.setDatabaseName(m_path);
    QVERIFY(db.open());
    QSqlQuery query(db);
    for (const QString &statement :
         {u"CREATE TABLE Student (StuID INTEGER PRIMARY KEY, LName TEXT, Age INTEGER)"_s,
          u"CREATE TABLE Pets (PetID INTEGER PRIMARY KEY, PetType TEXT, pet_age INTEGER)"_s,
          u"CREATE TABLE Has_Pet (StuID INTEGER REFERENCES Student(StuID), "
          u"PetID INTEGER REFERENCES Pets(PetID))"_s,
          u"INSERT INTO Student VALUES (1, 'Smith', 20), (2, 'Kim', 22)"_s,
          u"INSERT INTO Pets VALUES (10, 'cat', 3), (11, 'dog', 2)"_s,
          u"INSERT INTO Has_Pet VALUES (1, 10), (2, 11)"_s,
          // Friendships and likes of pupils, both keyed by pupil_id: the schema's name for them.
          u"CREATE TABLE Member (ID INTEGER PRIMARY KEY, name TEXT, grade INTEGER)"_s,
          u"CREATE TABLE Friend (pupil_id INTEGER REFERENCES Member(ID), friend_id INTEGER "
          u"REFERENCES Member(ID), PRIMARY KEY (pupil_id, friend_id))"_s,
          u"CREATE TABLE Likes (pupil_id INTEGER REFERENCES Member(ID), liked_id INTEGER "
          u"REFERENCES Member(ID), PRIMARY KEY (pupil_id, liked_id))"_s,
          u"INSERT INTO Member VALUES (1, 'Ann', 9), (2, 'Bo', 10), (3, 'Cy', 9)"_s,
          u"INSERT INTO Friend VALUES (1, 2), (2, 1)"_s, u"INSERT INTO Likes VALUES (3, 1)"_s})
        QVERIFY2(query.exec(statement), qPrintable(statement));
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"setup"_s);
}

std::unique_ptr<Executor> tst_RepairRun::makeExecutor() const
{
    const auto profile = ConnectionProfile::fromUrl(u"sqlite:///"_s + m_path);
    return profile ? std::make_unique<Executor>(profile.value()) : nullptr;
}

void tst_RepairRun::order()
{
    // One name a line, in the order they run.
    // clang-format off
    QCOMPARE(Repairs::names(),
             (QStringList{u"strip_marker"_s,
                          u"unwrap_statement"_s,
                          u"cut_leading_prose"_s,
                          u"cut_second_statement"_s,
                          u"plain_quotes"_s,
                          u"backslash_quote"_s,
                          u"split_quoted_name"_s,
                          u"qualifier_dot"_s,
                          u"ilike_to_like"_s,
                          u"top_to_limit"_s,
                          u"fetch_first_to_limit"_s,
                          u"limit_offset_comma"_s,
                          u"minus_to_except"_s,
                          u"union_all_distinct"_s,
                          u"colon_cast"_s,
                          u"native_function"_s,
                          u"compound_member"_s,
                          u"nested_aggregate"_s,
                          u"subquery_aggregate"_s,
                          u"group_by_selected"_s,
                          u"count_row_star"_s,
                          u"clause_order"_s,
                          u"order_direction"_s,
                          u"quote_alias"_s,
                          u"quantified_comparison"_s,
                          u"cut_trailing_prose"_s,
                          u"fix_spelling"_s,
                          u"table_named_by_keys"_s,
                          u"table_prefixed_name"_s,
                          u"id_to_key"_s,
                          u"referenced_key"_s,
                          u"qualify_column"_s,
                          u"join_referenced_table"_s,
                          u"join_named_table"_s,
                          u"join_through_key"_s,
                          u"join_through_link"_s}));
    // clang-format on
}

void tst_RepairRun::chains_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("steps");
    QTest::addColumn<QString>("status");
    QTest::addColumn<int>("rows");

    QTest::newRow("marker, then a spelling")
            << u"[SOL] SELECT pet_type FROM Pets"_s
            << QStringList{u"strip_marker"_s, u"fix_spelling"_s} << u"ok"_s << 2;
    QTest::newRow("a lead-in, then a spelling")
            << u"Here is the query you asked for:\nselect pet_type from Pets"_s
            << QStringList{u"cut_leading_prose"_s, u"fix_spelling"_s} << u"ok"_s << 2;
    QTest::newRow("two wrong names, two steps")
            << u"SELECT pet_type, petage FROM Pets"_s
            << QStringList{u"fix_spelling"_s, u"fix_spelling"_s} << u"ok"_s << 2;
    QTest::newRow("join key, then ILIKE")
            << u"SELECT StuID FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID "
               u"WHERE T1.LName ILIKE 'smith' AND T2.PetID > 0"_s
            << QStringList{u"ilike_to_like"_s, u"qualify_column"_s} << u"ok"_s << 1;
    QTest::newRow("PostgreSQL's count of a table's rows")
            << u"SELECT T1.LName, count(T2.*) FROM Student AS T1 JOIN Has_Pet AS T2 ON "
               u"T1.StuID = T2.StuID GROUP BY T1.LName"_s
            << QStringList{u"count_row_star"_s} << u"ok"_s << 2;
    // SQLite stops at the first ':'; CAST to INTEGER leaves the integer keys as they are.
    QTest::newRow("PostgreSQL's :: cast, then ILIKE")
            << u"SELECT s.LName FROM Student s JOIN Has_Pet h ON s.StuID::int = h.StuID::integer "
               u"WHERE s.LName ILIKE 'KIM'"_s
            << QStringList{u"colon_cast"_s, u"ilike_to_like"_s} << u"ok"_s << 1;
    // SQLite takes no parenthesised SELECT in a UNION: the same SELECT as a subquery.
    QTest::newRow("a UNION member in parentheses")
            << u"SELECT LName FROM Student WHERE Age > 21 UNION (SELECT LName FROM Student "
               u"WHERE StuID = 1)"_s
            << QStringList{u"compound_member"_s} << u"ok"_s << 2;
    // Oracle's MINUS, then the parenthesised member EXCEPT takes none of on SQLite.
    QTest::newRow("MINUS, then a member in parentheses")
            << u"SELECT StuID FROM Student MINUS (SELECT StuID FROM Has_Pet WHERE PetID = 11)"_s
            << QStringList{u"minus_to_except"_s, u"compound_member"_s} << u"ok"_s << 1;
    // Ranked by a count without GROUP BY: a count per grade (two in grade 9, one in grade 10).
    QTest::newRow("a ranking by a count, grouped by what it selects")
            << u"SELECT grade FROM Member ORDER BY count(*) DESC LIMIT 1"_s
            << QStringList{u"group_by_selected"_s} << u"ok"_s << 1;
    QTest::newRow("Oracle's NVL") << u"SELECT LName FROM Student WHERE NVL(Age, 0) > 21"_s
                                  << QStringList{u"native_function"_s} << u"ok"_s << 1;
    QTest::newRow("a :: cast of an expression stays an error")
            << u"SELECT AVG(Age)::int FROM Student"_s << QStringList() << u"error"_s << 0;
    QTest::newRow("a qualifier without its dot")
            << u"SELECT s.LName FROM Student s JOIN Has_Pet h ON s\"StuID\" = h\"StuID\""_s
            << QStringList{u"qualifier_dot"_s} << u"ok"_s << 2;
    // The quoted join joins on nothing SQLite knows, so it reports the column the join settles
    // as ambiguous: the names split first, then the column qualified.
    QTest::newRow("a join of names quoted as one, then the key qualified")
            << u"SELECT `StuID`, `LName` FROM `Student` JOIN `Has_Pet` ON `Student.StuID` = "
               u"`Has_Pet.StuID` WHERE `Has_Pet.PetID` > 0"_s
            << QStringList{u"split_quoted_name"_s, u"qualify_column"_s} << u"ok"_s << 2;
    QTest::newRow("a column written after its table's name")
            << u"SELECT student_lname FROM Student JOIN Has_Pet ON Student.StuID = Has_Pet.StuID "
               u"ORDER BY student_lname"_s
            << QStringList{u"table_prefixed_name"_s} << u"ok"_s << 2;
    // Nothing repaired it: the statement as given stands, with its own error, and the spelling
    // fix that ran into the next one stays on the record.
    QTest::newRow("a repair that fails again") << u"SELECT pet_type, LName FROM Pets"_s
                                               << QStringList{u"fix_spelling"_s} << u"error"_s << 0;
    QTest::newRow("a column of another table stays an error")
            << u"SELECT PetType FROM Student"_s << QStringList() << u"error"_s << 0;
    // Has_Pet references Pets: the pet type of each row is that one pet's.
    QTest::newRow("a column of a referenced table, joined on its key")
            << u"SELECT PetType FROM Has_Pet WHERE StuID = 2"_s
            << QStringList{u"join_referenced_table"_s} << u"ok"_s << 1;
    QTest::newRow("joined, then a spelling")
            << u"SELECT PetType FROM Has_Pet WHERE StuId = 2 AND pet_ag > 1"_s
            << QStringList{u"join_referenced_table"_s, u"fix_spelling"_s} << u"ok"_s << 1;
    // The model named Pets without reading it: Has_Pet's one key onto it joins it.
    QTest::newRow("a table named but not read, joined on the one key onto it")
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT StuID FROM Has_Pet WHERE "
               u"Pets.PetType = 'dog')"_s
            << QStringList{u"join_named_table"_s} << u"ok"_s << 1;
    // Has_Pet has neither column; its one key onto Pets reads both from the pet it names.
    QTest::newRow("a read table's columns its key leads to")
            << u"SELECT s.LName, h.PetType FROM Student s JOIN Has_Pet h ON s.StuID = h.StuID "
               u"WHERE h.pet_age > 2"_s
            << QStringList{u"join_through_key"_s} << u"ok"_s << 1;
    // Student has no PetID: Has_Pet, the one table that pairs students with pets, holds it.
    QTest::newRow("a join on a column a link holds")
            << u"SELECT T1.LName FROM Student AS T1 JOIN Pets AS T2 ON T1.PetID = T2.PetID "
               u"WHERE T2.PetType = 'dog'"_s
            << QStringList{u"join_through_link"_s} << u"ok"_s << 1;
    QTest::newRow("a join on a column a link holds, the table joined second")
            << u"SELECT T2.PetType FROM Pets AS T2 JOIN Student AS T1 ON T1.PetID = T2.PetID "
               u"WHERE T1.LName = 'Smith'"_s
            << QStringList{u"join_through_link"_s} << u"ok"_s << 1;
    // The outer query's alias inside the subquery's MAX: the subquery's own Pets.
    QTest::newRow("an aggregate of the outer alias in a subquery")
            << u"SELECT T2.PetType FROM Has_Pet AS T1 JOIN Pets AS T2 ON T1.PetID = T2.PetID "
               u"WHERE T2.pet_age = (SELECT max(T2.pet_age) FROM Pets)"_s
            << QStringList{u"subquery_aggregate"_s} << u"ok"_s << 1;
    // MIN where the ORDER BY's direction stands: the smallest first.
    QTest::newRow("MIN as an ORDER BY direction")
            << u"SELECT LName FROM Student ORDER BY Age MIN LIMIT 1"_s
            << QStringList{u"order_direction"_s} << u"ok"_s << 1;
    // SQLite has no ANY: = ANY is IN.
    QTest::newRow("as old as some dog")
            << u"SELECT PetID FROM Pets WHERE pet_age = ANY (SELECT pet_age FROM Pets WHERE "
               u"PetType = 'dog')"_s
            << QStringList{u"quantified_comparison"_s} << u"ok"_s << 1;
    // Two aliases of several words: the engine stops at the first, then at the second.
    QTest::newRow("two aliases of several words")
            << u"SELECT PetType, COUNT(*) AS number of pets, MAX(pet_age) AS oldest age FROM Pets "
               u"GROUP BY PetType"_s
            << QStringList{u"quote_alias"_s, u"quote_alias"_s} << u"ok"_s << 2;
    // WHERE written after GROUP BY: the same condition, in its place; then a spelling.
    QTest::newRow("a WHERE after GROUP BY, then a spelling")
            << u"SELECT PetType, COUNT(*) FROM Pets GROUP BY PetType WHERE pet_ag > 2"_s
            << QStringList{u"clause_order"_s, u"fix_spelling"_s} << u"ok"_s << 1;
    // No table pupil: the keys of Friend and Likes named for it both refer to Member, which is read
    // in its place (Cy, the one pupil of grade 9 without a friend).
    QTest::newRow("a table the keys are named for")
            << u"SELECT name FROM pupil WHERE Id NOT IN (SELECT pupil_id FROM Friend) AND "
               u"grade = 9"_s
            << QStringList{u"table_named_by_keys"_s} << u"ok"_s << 1;
    // Member has no pupil_id; every pupil_id is a key onto its ID, which EXCEPT sets it against.
    // The result keeps the name, which its ORDER BY uses.
    QTest::newRow("a key's name on the table it refers to")
            << u"SELECT pupil_id FROM Member EXCEPT SELECT pupil_id FROM Friend ORDER BY pupil_id"_s
            << QStringList{u"referenced_key"_s} << u"ok"_s << 1;
    QTest::newRow("prose is no statement")
            << u"I want you to act as a SQL terminal"_s << QStringList() << u"blocked"_s << 0;
}

void tst_RepairRun::chains()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, steps);
    QFETCH(QString, status);
    QFETCH(int, rows);
    const std::unique_ptr<Executor> executor = makeExecutor();
    QVERIFY(executor);
    RunOptions options;
    options.catalog = std::make_shared<LiveCatalog>();
    const RepairedRun run = RepairRun::run(*executor, sql, options, true);
    QStringList made;
    for (qsizetype i = 1; i < run.attempts.size(); ++i)
        made.append(run.attempts.at(i).repair);
    QCOMPARE(made, steps);
    QCOMPARE(runOutcomeName(run.final().result.outcome), status);
    QCOMPARE(int(run.final().result.rowCount), rows);
    QCOMPARE(run.repaired(), status == u"ok"_s && !steps.isEmpty());
    if (status != u"ok"_s) {
        QCOMPARE(run.answer, 0);
        QCOMPARE(run.final().sql, sql);
        QVERIFY(run.final().result.diagnosis.has_value());
    }
}

void tst_RepairRun::doubtedRepairs_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("doubt"); // empty: the repair stands

    QTest::newRow("no rows") << u"SELECT `Pets.PetType` FROM Pets WHERE PetType = 'bird'"_s
                             << u"split_quoted_name"_s << u"no_rows"_s;
    QTest::newRow("an aggregate over no rows")
            << u"SELECT MAX(`Pets.pet_age`) FROM Pets WHERE PetType = 'bird'"_s
            << u"split_quoted_name"_s << u"nulls_only"_s;
    QTest::newRow("a count of no rows is a value")
            << u"SELECT count(`Pets.pet_age`) FROM Pets WHERE PetType = 'dog' AND pet_age > 5"_s
            << u"split_quoted_name"_s << QString();
    // No pet is a bird, in any letter case: the count of 0 is about nothing in the data.
    QTest::newRow("a count of a value no row holds")
            << u"SELECT count(`Pets.pet_age`) FROM Pets WHERE PetType = 'bird'"_s
            << u"split_quoted_name"_s << u"absent_value"_s;
    QTest::newRow("a value no row holds, on the other side of an OR")
            << u"SELECT `Pets.PetID` FROM Pets WHERE PetType = \"cat\" OR PetType = \"Bird\""_s
            << u"split_quoted_name"_s << u"absent_value"_s;
    // The data's 'dog', written in another case and with a space: the value is the data's own,
    // and its count of 0 stands as the author of a question would write it.
    QTest::newRow("a value the data writes in another case stands")
            << u"SELECT count(`Pets.pet_age`) FROM Pets WHERE 'Dog ' = PetType"_s
            << u"split_quoted_name"_s << QString();
    // Every name is one member's: the first row is one of three tied.
    QTest::newRow("a ranking by a count that ties")
            << u"SELECT name FROM Member ORDER BY count(*) DESC LIMIT 1"_s << u"group_by_selected"_s
            << u"order_tie"_s;
    QTest::newRow("a pattern that keeps other values")
            << u"SELECT LName FROM Student WHERE LName ILIKE '%kim%' OR LName ILIKE '%m%'"_s
            << u"ilike_to_like"_s << u"pattern_reading"_s;
    // No name is 'm', trimmed or not: the pattern looks for a part of a name.
    QTest::newRow("a pattern for a part of a name stands")
            << u"SELECT LName FROM Student WHERE LName ILIKE '%m%'"_s << u"ilike_to_like"_s
            << QString();
    QTest::newRow("a LIMIT without ORDER BY") << u"SELECT `Pets.PetType` FROM Pets LIMIT 1"_s
                                              << u"split_quoted_name"_s << u"order_tie"_s;
    QTest::newRow("rows tied at the maximum")
            << u"SELECT StuID FROM Has_Pet GROUP BY StuID HAVING count(*) = "
               "(SELECT MAX(count(*)) FROM Has_Pet GROUP BY StuID)"_s
            << u"nested_aggregate"_s << u"extreme_tie"_s;
    QTest::newRow("the maximum of a key stands for the most of something")
            << u"SELECT `SELECT LName FROM Student WHERE StuID = (SELECT MAX(StuID) FROM "
               "Has_Pet);`"_s
            << u"unwrap_statement"_s << u"extreme_of_key"_s;
    QTest::newRow("the filter's own column next to another")
            << u"SELECT PetID, PetType FROM Pets WHERE PetType ILIKE 'cat'"_s << u"ilike_to_like"_s
            << u"shows_filter"_s;
    // The oldest student's name and age: the age is computed, not given by the question.
    QTest::newRow("a spelling fix that shows the value its subquery computes")
            << u"SELECT l_name, Age FROM Student WHERE Age = (SELECT MAX(Age) FROM Student)"_s
            << u"fix_spelling"_s << QString();
    QTest::newRow("the maximum of a measure stands")
            << u"SELECT `SELECT LName FROM Student WHERE Age = (SELECT MAX(Age) FROM "
               "Student);`"_s
            << u"unwrap_statement"_s << QString();
    // A unique spelling fix's rows stand as they come, like a statement the model wrote: a LIMIT
    // without ORDER BY is not held against it.
    QTest::newRow("a spelling fix is not held back")
            << u"SELECT pet_type FROM Pets LIMIT 1"_s << u"fix_spelling"_s << QString();
    // What the statement itself shows still holds a spelling fix back.
    QTest::newRow("a spelling fix that returns only what its filter fixes")
            << u"SELECT pet_age FROM Pets WHERE pet_type = 'dog' AND pet_age = (SELECT "
               "MIN(pet_age) FROM Pets)"_s
            << u"fix_spelling"_s << u"repeats_filter"_s;
    QTest::newRow("a spelling fix that takes the maximum of a key")
            << u"SELECT LName FROM Student WHERE StuID = (SELECT MAX(stu_id) FROM Has_Pet)"_s
            << u"fix_spelling"_s << u"extreme_of_key"_s;
    QTest::newRow("a value excluded on the many side of a join")
            << u"SELECT DISTINCT s.LName FROM Student s JOIN Has_Pet h ON s.StuID = h.StuID JOIN "
               "Pets p ON h.PetID = p.PetID WHERE p.PetType NOT ILIKE 'cat'"_s
            << u"ilike_to_like"_s << u"negated_join"_s;
    QTest::newRow("a spelling fix that excludes a value on the many side")
            << u"SELECT DISTINCT s.LName FROM Student s JOIN Has_Pet h ON s.StuID = h.StuID JOIN "
               "Pets p ON h.PetID = p.PetID WHERE p.pet_type != 'cat'"_s
            << u"fix_spelling"_s << u"negated_join"_s;
    QTest::newRow("a spelling fix that shows a name beside a count")
            << u"SELECT l_name, COUNT(*) FROM Student WHERE Age > 18"_s << u"fix_spelling"_s
            << u"arbitrary_row"_s;
    // "Which pet type is the most common?", with the count the model added beside the type.
    QTest::newRow("a spelling fix that shows the count it ranks by")
            << u"SELECT pet_type, COUNT(*) FROM Pets GROUP BY pet_type ORDER BY COUNT(*) DESC "
               "LIMIT 1"_s
            << u"fix_spelling"_s << u"shows_ranking"_s;
    // "Which pet types do more than one pet have?", with the count the model added.
    QTest::newRow("a spelling fix that shows the count its HAVING keeps groups by")
            << u"SELECT pet_type, COUNT(*) FROM Pets GROUP BY pet_type HAVING COUNT(*) >= 1"_s
            << u"fix_spelling"_s << u"shows_having"_s;
    QTest::newRow("the groups its HAVING keeps, alone, stand")
            << u"SELECT pet_type FROM Pets GROUP BY pet_type HAVING COUNT(*) >= 1"_s
            << u"fix_spelling"_s << QString();
    QTest::newRow("ranked by a count it does not show, it stands")
            << u"SELECT pet_type FROM Pets GROUP BY pet_type ORDER BY COUNT(*) DESC LIMIT 1"_s
            << u"fix_spelling"_s << QString();
    QTest::newRow("a name beside its one MAX stands on SQLite")
            << u"SELECT l_name, MAX(Age) FROM Student"_s << u"fix_spelling"_s << QString();
    QTest::newRow("a value excluded on the one side stands")
            << u"SELECT h.PetID FROM Has_Pet h JOIN Student s ON s.StuID = h.StuID WHERE "
               "s.l_name != 'Smith'"_s
            << u"fix_spelling"_s << QString();
    // Pets has no StuID: the subquery reads the student's own, and keeps every student once
    // any dog is there.
    QTest::newRow("a spelling fix whose subquery reads the outer query's column")
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT StuID FROM Pets WHERE pet_type "
               "= 'dog')"_s
            << u"fix_spelling"_s << u"outer_column"_s;
    QTest::newRow("a spelling fix that tests a comparison for NULL")
            << u"SELECT Age FROM Student WHERE l_name = 'Smith' IS NULL"_s << u"fix_spelling"_s
            << u"chained_comparison"_s;
    QTest::newRow("a spelling fix that pairs every pet with every student")
            << u"SELECT Pets.PetType FROM Pets, Student WHERE Student.l_name = 'Smith'"_s
            << u"fix_spelling"_s << u"cross_join"_s;
    QTest::newRow("a subquery that reads its own table's column stands")
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT StuID FROM Has_Pet JOIN Pets "
               "ON Has_Pet.PetID = Pets.PetID WHERE pet_type = 'dog')"_s
            << u"fix_spelling"_s << QString();
    // Ann and Cy are both in grade 9: the group shows either name.
    QTest::newRow("a column the GROUP BY leaves out, with two values in a group")
            << u"SELECT grade, `Member.name` FROM Member GROUP BY grade"_s << u"split_quoted_name"_s
            << u"ungrouped_column"_s;
    QTest::newRow("a column of the grouped key's own row stands")
            << u"SELECT `Member.ID`, name FROM Member GROUP BY Member.ID"_s
            << u"split_quoted_name"_s << QString();
    // Pets' id is its key PetID: each group is one pet, and every count is 1.
    QTest::newRow("an id fix that groups each row alone and counts it")
            << u"SELECT id, COUNT(*) FROM Pets GROUP BY id"_s << u"id_to_key"_s
            << u"one_row_groups"_s;
    QTest::newRow("an id fix that groups by the key without an aggregate stands")
            << u"SELECT id, PetType FROM Pets GROUP BY id"_s << u"id_to_key"_s << QString();
    // No pet is a bird: whatever the table's name, the statement answers about nothing in the
    // data ('North Carolina' where the data writes 'NorthCarolina').
    QTest::newRow("a spelling fix that compares with a value no row holds")
            << u"SELECT PetID FROM Pets WHERE pet_type = 'bird'"_s << u"fix_spelling"_s
            << u"absent_value"_s;
    QTest::newRow("a spelling fix that counts a value no row holds")
            << u"SELECT COUNT(*) FROM Pet WHERE PetType = 'bird'"_s << u"fix_spelling"_s
            << u"absent_value"_s;
    QTest::newRow("a spelling fix that compares with a value the data holds stands")
            << u"SELECT COUNT(*) FROM Pet WHERE PetType = 'Dog'"_s << u"fix_spelling"_s
            << QString();
    QTest::newRow("a spelling fix that returns another column of the row")
            << u"SELECT PetID FROM Pets WHERE pet_type = 'dog' AND pet_age = (SELECT "
               "MIN(pet_age) FROM Pets)"_s
            << u"fix_spelling"_s << QString();
}

void tst_RepairRun::doubtedRepairs()
{
    QFETCH(QString, sql);
    QFETCH(QString, step);
    QFETCH(QString, doubt);
    const std::unique_ptr<Executor> executor = makeExecutor();
    QVERIFY(executor);
    RunOptions options;
    options.catalog = std::make_shared<LiveCatalog>();
    const RepairedRun run = RepairRun::run(*executor, sql, options, true);
    QCOMPARE(run.attempts.size(), 2);
    const RepairedRun::Attempt &repair = run.attempts.at(1);
    QCOMPARE(repair.repair, step);
    QVERIFY(repair.result.isOk());
    QCOMPARE(answerDoubtName(repair.result.doubt), doubt);
    if (doubt.isEmpty()) {
        QVERIFY(run.repaired());
        QCOMPARE(run.answer, 1);
        return;
    }
    // The repair is on the record, but the statement as given stands, with its error.
    QVERIFY(!run.repaired());
    QCOMPARE(run.answer, 0);
    QCOMPARE(run.final().result.outcome, RunOutcome::Error);
    QVERIFY(run.final().result.diagnosis.has_value());
}

namespace {

class CollectingSink final : public RowSink
{
public:
    bool row(const QVariantList &row) override
    {
        rows.append(row);
        return true;
    }
    int begun = 0;
    QStringList columns;
    QList<QVariantList> rows;

protected:
    bool beginRows(const QStringList &names, const QList<QMetaType> &) override
    {
        ++begun;
        columns = names;
        return true;
    }
};

// Options as sqlmend run sets them: the rows only stream through the sink.
RunOptions streaming(const std::shared_ptr<RowSink> &sink)
{
    RunOptions options;
    options.catalog = std::make_shared<LiveCatalog>();
    options.rowSink = sink;
    options.keepRows = false;
    options.batches = false;
    return options;
}

} // namespace

void tst_RepairRun::sinkGetsTheAnswerOnly()
{
    const std::unique_ptr<Executor> executor = makeExecutor();
    QVERIFY(executor);
    const auto sink = std::make_shared<CollectingSink>();
    RunOptions options = streaming(sink);

    // A repair that stands: its rows reach the sink once, after its checks.
    const RepairedRun standing =
            RepairRun::run(*executor, u"SELECT pet_type FROM Pets ORDER BY 1"_s, options, true);
    QVERIFY(standing.repaired());
    QCOMPARE(sink->begun, 1);
    QCOMPARE(sink->columns, QStringList{u"PetType"_s});
    QCOMPARE(sink->rows, (QList<QVariantList>{{u"cat"_s}, {u"dog"_s}}));
    QVERIFY(standing.final().result.rows.isEmpty()); // the caller keeps no rows

    // A repair in doubt: nothing reaches the sink.
    const auto second = std::make_shared<CollectingSink>();
    options.rowSink = second;
    const RepairedRun doubted = RepairRun::run(
            *executor, u"SELECT `Pets.PetType` FROM Pets WHERE PetType = 'bird'"_s, options, true);
    QVERIFY(!doubted.repaired());
    QCOMPARE(second->begun, 0);
    QVERIFY(second->rows.isEmpty());

    // A spelling fix in doubt for what its statement shows: nothing reaches the sink either.
    const auto third = std::make_shared<CollectingSink>();
    options.rowSink = third;
    const RepairedRun echo = RepairRun::run(
            *executor, u"SELECT pet_type FROM Pets WHERE pet_type = 'dog'"_s, options, true);
    QCOMPARE(echo.attempts.size(), 2);
    QCOMPARE(echo.attempts.at(1).repair, u"fix_spelling"_s);
    QCOMPARE(echo.attempts.at(1).result.doubt, AnswerDoubt::RepeatsFilter);
    QVERIFY(!echo.repaired());
    QCOMPARE(third->begun, 0);
    QVERIFY(third->rows.isEmpty());

    // A spelling fix that compares with a value: its rows wait until the data is read for it.
    const auto fourth = std::make_shared<CollectingSink>();
    options.rowSink = fourth;
    const RepairedRun absent = RepairRun::run(
            *executor, u"SELECT PetID FROM Pets WHERE pet_type = 'bird'"_s, options, true);
    QCOMPARE(absent.attempts.size(), 2);
    QCOMPARE(absent.attempts.at(1).result.doubt, AnswerDoubt::AbsentValue);
    QVERIFY(!absent.repaired());
    QCOMPARE(fourth->begun, 0);
    const auto fifth = std::make_shared<CollectingSink>();
    options.rowSink = fifth;
    const RepairedRun held = RepairRun::run(
            *executor, u"SELECT COUNT(*) FROM Pet WHERE PetType = 'dog'"_s, options, true);
    QCOMPARE(held.attempts.size(), 2);
    QCOMPARE(held.attempts.at(1).repair, u"fix_spelling"_s);
    QVERIFY(held.repaired());
    QCOMPARE(fifth->begun, 1);
    QCOMPARE(fifth->rows.size(), 1);
    QVERIFY(held.final().result.rows.isEmpty()); // the caller keeps no rows
}

// A repair's rows wait in memory for the checks of its rows, at most
// AnswerCheck::MaxCheckedRows of them whatever the run's own cap: a result with more does not
// stand (it is not all there to check), one with exactly as many does, and a lower cap of the
// run's own still cuts as it always did. A spelling fix is judged on its statement before it runs:
// free of doubt, its rows stream to the sink without that bound; in doubt, none reach it.
void tst_RepairRun::checkedRowsAreBounded()
{
    const QString path = m_dir.filePath(u"big.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"big"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"CREATE TABLE Big (row_no INTEGER PRIMARY KEY, label TEXT)"_s));
        QVERIFY(query.exec(u"WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c "
                           u"WHERE n < %1) INSERT INTO Big SELECT n, 'r' || n FROM c"_s.arg(
                                   AnswerCheck::MaxCheckedRows + 1)));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"big"_s);
    const auto profile = ConnectionProfile::fromUrl(u"sqlite:///"_s + path);
    QVERIFY(profile);
    Executor executor(profile.value());

    const auto sink = std::make_shared<CollectingSink>();
    RunOptions options = streaming(sink);
    options.maxRows = 0; // all rows, as sqlmend run fetches by default

    // Checked on its rows: held back with more rows than the checks hold.
    const RepairedRun tooMany =
            RepairRun::run(executor, u"SELECT `Big.row_no` FROM Big"_s, options, true);
    QCOMPARE(tooMany.attempts.size(), 2);
    QCOMPARE(tooMany.attempts.at(1).repair, u"split_quoted_name"_s);
    QCOMPARE(tooMany.attempts.at(1).result.doubt, AnswerDoubt::TooManyRows);
    QCOMPARE(tooMany.attempts.at(1).result.rows.size(), AnswerCheck::MaxCheckedRows);
    QVERIFY(!tooMany.repaired());
    QCOMPARE(sink->begun, 0);

    const RepairedRun exactly = RepairRun::run(
            executor, u"SELECT `Big.row_no` FROM Big WHERE row_no > 1 ORDER BY row_no"_s, options,
            true);
    QVERIFY(exactly.repaired());
    QCOMPARE(exactly.final().result.rowStatus, RowCountStatus::Complete);
    QCOMPARE(sink->begun, 1);
    QCOMPARE(sink->rows.size(), AnswerCheck::MaxCheckedRows);
    QCOMPARE(sink->rows.constLast(), (QVariantList{AnswerCheck::MaxCheckedRows + 1}));

    // A spelling fix free of doubt: every row, as it comes, none kept by the run.
    const auto spelled = std::make_shared<CollectingSink>();
    options.rowSink = spelled;
    const RepairedRun whole = RepairRun::run(executor, u"SELECT rowno FROM Big"_s, options, true);
    QCOMPARE(whole.attempts.size(), 2);
    QCOMPARE(whole.attempts.at(1).repair, u"fix_spelling"_s);
    QVERIFY(whole.repaired());
    QCOMPARE(whole.final().result.rowStatus, RowCountStatus::Complete);
    QCOMPARE(whole.final().result.rowCount, AnswerCheck::MaxCheckedRows + 1);
    QVERIFY(whole.final().result.rows.isEmpty());
    QCOMPARE(spelled->begun, 1);
    QCOMPARE(spelled->rows.size(), AnswerCheck::MaxCheckedRows + 1);

    // A spelling fix in doubt for what its statement shows: nothing reaches the sink.
    const auto shown = std::make_shared<CollectingSink>();
    options.rowSink = shown;
    const RepairedRun echo = RepairRun::run(
            executor, u"SELECT rowno, label FROM Big WHERE rowno > 5 AND label = 'r7'"_s, options,
            true);
    QCOMPARE(echo.attempts.size(), 2);
    QCOMPARE(echo.attempts.at(1).repair, u"fix_spelling"_s);
    QCOMPARE(echo.attempts.at(1).result.doubt, AnswerDoubt::ShowsFilter);
    QVERIFY(!echo.repaired());
    QCOMPARE(shown->begun, 0);

    const auto third = std::make_shared<CollectingSink>();
    options.rowSink = third;
    options.maxRows = 10;
    const RepairedRun capped =
            RepairRun::run(executor, u"SELECT `Big.row_no` FROM Big"_s, options, true);
    QVERIFY(capped.repaired());
    QCOMPARE(capped.final().result.rowStatus, RowCountStatus::Partial);
    QCOMPARE(third->rows.size(), 10);
}

QTEST_GUILESS_MAIN(tst_RepairRun)
#include "tst_repairrun.moc"
