#include "core/repair/limitoffsetcomma.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_LimitOffsetComma : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_LimitOffsetComma::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int postgres = int(Engine::PostgreSQL);
    // PostgreSQL's own words, from its parser (the guard's libpg_query, and the server).
    const QString refused = u"LIMIT #,# syntax is not supported"_s;
    QTest::newRow("offset, count")
            << u"SELECT Name FROM people ORDER BY Height DESC LIMIT 1, 2"_s << refused
            << u"SELECT Name FROM people ORDER BY Height DESC LIMIT 2 OFFSET 1"_s << postgres;
    QTest::newRow("the server's message, with a semicolon")
            << u"SELECT Name FROM people ORDER BY Name LIMIT 10,5;"_s
            << u"ERROR:  LIMIT #,# syntax is not supported\nHINT:  Use separate LIMIT and OFFSET "
               u"clauses."_s
            << u"SELECT Name FROM people ORDER BY Name LIMIT 5 OFFSET 10;"_s << postgres;
    // Refused.
    QTest::newRow("another syntax error")
            << u"SELECT Name FROM people LIMIT 1, 2"_s << u"syntax error at or near \",\""_s
            << QString() << postgres;
    QTest::newRow("an expression")
            << u"SELECT Name FROM people LIMIT 1 + 1, 2"_s << refused << QString() << postgres;
    QTest::newRow("not a plain count")
            << u"SELECT Name FROM people LIMIT 1, 2.5"_s << refused << QString() << postgres;
    QTest::newRow("an OFFSET of its own")
            << u"SELECT Name FROM people LIMIT 1, 2 OFFSET 3"_s << refused << QString() << postgres;
    QTest::newRow("a LIMIT in a subquery too")
            << u"SELECT Name FROM (SELECT Name FROM people LIMIT 5) t LIMIT 1, 2"_s << refused
            << QString() << postgres;
    QTest::newRow("only in a subquery")
            << u"SELECT Name FROM (SELECT Name FROM people LIMIT 1, 2) t"_s << refused << QString()
            << postgres;
    QTest::newRow("SQLite has it")
            << u"SELECT Name FROM people LIMIT 1, 2"_s << u"near \",\": syntax error"_s << QString()
            << int(Engine::SQLite);
}

void tst_LimitOffsetComma::proposes(){SQLMEND_REPAIR_TEST(LimitOffsetComma)}

QTEST_GUILESS_MAIN(tst_LimitOffsetComma)
#include "tst_limitoffsetcomma.moc"
