#include "core/repair/minustoexcept.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_MinusToExcept : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_MinusToExcept::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const QString nearSelect = u"near \"SELECT\": syntax error"_s;
    QTest::newRow("after a table")
            << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s << nearSelect
            << u"SELECT PetID FROM Pets EXCEPT SELECT PetID FROM Has_Pet"_s << sqlite;
    QTest::newRow("after a value, in lower case")
            << u"select Fname from Student where Age > 20 minus select Fname from Student where "
               u"Sex = 'F'"_s
            << u"near \"select\": syntax error"_s
            << u"select Fname from Student where Age > 20 EXCEPT select Fname from Student where "
               u"Sex = 'F'"_s
            << sqlite;
    QTest::newRow("before a parenthesis")
            << u"SELECT PetID FROM Pets MINUS (SELECT PetID FROM Has_Pet)"_s
            << u"near \"(\": syntax error"_s
            << u"SELECT PetID FROM Pets EXCEPT (SELECT PetID FROM Has_Pet)"_s << sqlite;
    QTest::newRow("postgres")
            << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s
            << u"ERROR:  syntax error at or near \"SELECT\"\nLINE 1: SELECT PetID FROM Pets MINUS "
               u"SELECT PetID FROM Has_Pet"_s
            << u"SELECT PetID FROM Pets EXCEPT SELECT PetID FROM Has_Pet"_s
            << int(Engine::PostgreSQL);
    QTest::newRow("mariadb") << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s
                             << sqlmend::test::mariadbSyntaxError(u"SELECT PetID FROM Has_Pet"_s)
                             << u"SELECT PetID FROM Pets EXCEPT SELECT PetID FROM Has_Pet"_s
                             << int(Engine::MariaDB);
    // ClickHouse 18.16 read MINUS as the table's alias, and its list of what it expected at the
    // next SELECT has no EXCEPT: this server has none.
    QTest::newRow("clickhouse 18.16: no EXCEPT in what it expected")
            << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 30: "
               u"SELECT PetID FROM Has_Pet. Expected one of: FINAL, PREWHERE, UNION ALL, JOIN, "
               u"WHERE, GROUP BY, HAVING, LIMIT, table, table function, subquery or list of "
               u"joined tables, e.what() = DB::Exception"_s
            << QString() << int(Engine::ClickHouse);
    QTest::newRow("clickhouse that lists EXCEPT")
            << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 30: "
               u"SELECT PetID FROM Has_Pet. Expected one of: UNION, EXCEPT, INTERSECT, WHERE, "
               u"e.what() = DB::Exception"_s
            << u"SELECT PetID FROM Pets EXCEPT SELECT PetID FROM Has_Pet"_s
            << int(Engine::ClickHouse);
    QTest::newRow("the engine stopped elsewhere")
            << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet WHERE"_s
            << u"incomplete input"_s << QString() << sqlite;
    QTest::newRow("a name after FROM")
            << u"SELECT a FROM minus SELECT b FROM t"_s << nearSelect << QString() << sqlite;
    QTest::newRow("a column after a comma")
            << u"SELECT a, minus SELECT b FROM t"_s << nearSelect << QString() << sqlite;
    QTest::newRow("an alias before an expression in parentheses")
            << u"SELECT price MINUS (discount) FROM t"_s << u"near \"(\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("a quoted name is a name")
            << u"SELECT a FROM t \"MINUS\" SELECT b FROM t"_s << nearSelect << QString() << sqlite;
    QTest::newRow("oracle has MINUS")
            << u"SELECT PetID FROM Pets MINUS SELECT PetID FROM Has_Pet"_s
            << u"ORA-00933: SQL command not properly ended"_s << QString() << int(Engine::Oracle);
}

void tst_MinusToExcept::proposes(){SQLMEND_REPAIR_TEST(MinusToExcept)}

QTEST_GUILESS_MAIN(tst_MinusToExcept)
#include "tst_minustoexcept.moc"
