#include "core/repair/quotealias.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_QuoteAlias : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_QuoteAlias::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    QTest::newRow("an alias of three words before FROM")
            << u"SELECT COUNT(*) AS number of pets FROM Pets"_s << u"near \"of\": syntax error"_s
            << u"SELECT COUNT(*) AS \"number of pets\" FROM Pets"_s << sqlite;
    QTest::newRow("before the next item")
            << u"SELECT PetType, AVG(weight) AS mean mass, MAX(pet_age) FROM Pets GROUP BY "
               u"PetType"_s
            << u"near \"mass\": syntax error"_s
            << u"SELECT PetType, AVG(weight) AS \"mean mass\", MAX(pet_age) FROM Pets GROUP BY "
               u"PetType"_s
            << sqlite;
    QTest::newRow("words joined by a hyphen")
            << u"SELECT COUNT(*) AS un-treated pets FROM Pets"_s << u"near \"-\": syntax error"_s
            << u"SELECT COUNT(*) AS \"un-treated pets\" FROM Pets"_s << sqlite;
    QTest::newRow("in a subquery's select list")
            << u"SELECT * FROM (SELECT PetType, COUNT(*) AS pet count FROM Pets GROUP BY PetType) "
               u"AS t"_s
            << u"near \"count\": syntax error"_s << QString() << sqlite; // a derived table
    QTest::newRow("postgres") << u"SELECT Name AS stage title FROM people"_s
                              << u"syntax error at or near \"title\""_s
                              << u"SELECT Name AS \"stage title\" FROM people"_s
                              << int(Engine::PostgreSQL);
    QTest::newRow("mariadb, in backticks")
            << u"SELECT Name AS stage title FROM people"_s
            << sqlmend::test::mariadbSyntaxError(u"title FROM people"_s)
            << u"SELECT Name AS `stage title` FROM people"_s << int(Engine::MariaDB);
    // Refused.
    QTest::newRow("a column of the query after the first word: a comma left out")
            << u"SELECT Name AS n Height FROM people"_s << u"near \"Height\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("a column of the query as a later word")
            << u"SELECT AVG(weight) AS average weight FROM Pets"_s
            << u"near \"weight\": syntax error"_s << QString() << sqlite;
    QTest::newRow("a qualified column after the alias")
            << u"SELECT p.Name AS player p.Height FROM people p"_s << u"near \"p\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("a misspelt FROM after it")
            << u"SELECT COUNT(*) AS n FORM Pets"_s << u"near \"FORM\": syntax error"_s << QString()
            << sqlite;
    QTest::newRow("a keyword in it") << u"SELECT COUNT(*) AS top pets FROM Pets"_s
                                     << u"near \"pets\": syntax error"_s << QString() << sqlite;
    QTest::newRow("after a clause: a table's alias")
            << u"SELECT Name FROM people AS p q WHERE Height > 2"_s << u"near \"q\": syntax error"_s
            << QString() << sqlite;
    QTest::newRow("the engine stopped elsewhere")
            << u"SELECT COUNT(*) AS number of pets FROM Pets WHERE"_s << u"incomplete input"_s
            << QString() << sqlite;
    QTest::newRow("a table the catalog does not know")
            << u"SELECT COUNT(*) AS number of rows FROM mystery"_s << u"near \"of\": syntax error"_s
            << QString() << sqlite;
}

void tst_QuoteAlias::proposes(){SQLMEND_REPAIR_TEST(QuoteAlias)}

QTEST_GUILESS_MAIN(tst_QuoteAlias)
#include "tst_quotealias.moc"
