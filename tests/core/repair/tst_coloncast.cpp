#include "core/repair/coloncast.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_ColonCast : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_ColonCast::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);
    const int mysql = int(Engine::MySQL);
    const QString colon = u"unrecognized token: \":\""_s;

    QTest::newRow("a qualified integer column")
            << u"SELECT s.LName FROM Student s JOIN Has_Pet h ON s.StuID::int = h.StuID"_s << colon
            << u"SELECT s.LName FROM Student s JOIN Has_Pet h ON CAST(s.StuID AS INTEGER) = h.StuID"_s
            << sqlite;
    QTest::newRow("a text column to an integer, and an integer column to text, each")
            << u"SELECT Name FROM people WHERE Name::integer = People_ID::text"_s << colon
            << u"SELECT Name FROM people WHERE CAST(Name AS INTEGER) = CAST(People_ID AS TEXT)"_s
            << sqlite;
    QTest::newRow("spaces around ::, and character varying")
            << u"SELECT LName :: character varying FROM Student"_s << u"near \"::\": syntax error"_s
            << u"SELECT CAST(LName AS TEXT) FROM Student"_s << sqlite;
    QTest::newRow("literals")
            << u"SELECT Name FROM people WHERE People_ID = '7'::int4 OR Name = 12::varchar"_s
            << colon
            << u"SELECT Name FROM people WHERE People_ID = CAST('7' AS INTEGER) OR Name = CAST(12 AS TEXT)"_s
            << sqlite;
    QTest::newRow("a bare column of a subquery's own table")
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT PetID::bigint FROM Pets)"_s
            << colon
            << u"SELECT LName FROM Student WHERE StuID IN (SELECT CAST(PetID AS INTEGER) FROM Pets)"_s
            << sqlite;

    QTest::newRow("a real column: rounded in PostgreSQL, cut in SQLite")
            << u"SELECT Height::int FROM people"_s << colon << QString() << sqlite;
    QTest::newRow("an expression")
            << u"SELECT AVG(Age)::int FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("a parenthesised expression")
            << u"SELECT (Age + 1)::text FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("a decimal literal")
            << u"SELECT 2.5::int FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("a date type") << u"SELECT LName FROM Student WHERE LName::date > '2014-01-01'"_s
                                 << colon << QString() << sqlite;
    QTest::newRow("a length") << u"SELECT LName::varchar(3) FROM Student"_s << colon << QString()
                              << sqlite;
    QTest::newRow("char is one character in PostgreSQL")
            << u"SELECT LName::char FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("a cast of a cast")
            << u"SELECT LName::text::int FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("one cast that cannot be made: none is")
            << u"SELECT StuID::int, Age::numeric FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("a column two tables have")
            << u"SELECT StuID::text FROM Student JOIN Has_Pet USING (StuID)"_s << colon << QString()
            << sqlite;
    QTest::newRow("a column of a subquery")
            << u"SELECT n::int FROM (SELECT Age AS n FROM Student) AS t"_s << colon << QString()
            << sqlite;
    QTest::newRow("an output alias") << u"SELECT Age AS years FROM Student ORDER BY years::text"_s
                                     << colon << QString() << sqlite;
    QTest::newRow("schema.table.column is not read")
            << u"SELECT main.Student.StuID::int FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("a column the schema lacks")
            << u"SELECT nothing::int FROM Student"_s << colon << QString() << sqlite;
    QTest::newRow("PostgreSQL has ::")
            << u"SELECT StuID::int FROM Student"_s << u"syntax error at or near \"FROM\""_s
            << QString() << postgres;
    QTest::newRow("MySQL's CAST names other types")
            << u"SELECT StuID::int FROM Student"_s
            << sqlmend::test::mariadbSyntaxError(u"::int FROM Student"_s) << QString() << mysql;
}

void tst_ColonCast::proposes(){SQLMEND_REPAIR_TEST(ColonCast)}

QTEST_GUILESS_MAIN(tst_ColonCast)
#include "tst_coloncast.moc"
