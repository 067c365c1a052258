#include "core/repair/backslashquote.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_BackslashQuote : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_BackslashQuote::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);
    // The guard's words: its lexer, the engine's, found a string that never closes.
    const QString unclosed = u"syntax error: The query has a string that is never closed."_s;
    QTest::newRow("a name with an apostrophe")
            << u"SELECT Fname FROM Student WHERE LName = 'O\\'Brien' AND Age > 20"_s << unclosed
            << u"SELECT Fname FROM Student WHERE LName = 'O''Brien' AND Age > 20"_s << sqlite;
    QTest::newRow("at the end, on PostgreSQL")
            << u"SELECT Fname FROM Student WHERE LName = 'it\\'s'"_s << unclosed
            << u"SELECT Fname FROM Student WHERE LName = 'it''s'"_s << postgres;
    QTest::newRow("two strings, one already doubled")
            << u"SELECT Fname FROM Student WHERE LName IN ('D\\'Arcy', 'O''Neil')"_s << unclosed
            << u"SELECT Fname FROM Student WHERE LName IN ('D''Arcy', 'O''Neil')"_s << sqlite;
    // An even number of quotes: nothing is left open, the engine stops after the first string.
    QTest::newRow("two of them: the engine stops at the word after the quote")
            << u"SELECT Fname FROM Student WHERE LName = 'O\\'Brien' OR LName = 'D\\'Arcy'"_s
            << u"near \"Brien\": syntax error"_s
            << u"SELECT Fname FROM Student WHERE LName = 'O''Brien' OR LName = 'D''Arcy'"_s
            << sqlite;
    QTest::newRow("SQLite's own message")
            << u"SELECT Fname FROM Student WHERE LName = 'O\\'Brien' AND Age > 20"_s
            << u"unrecognized token: \"' AND Age > 20\""_s
            << u"SELECT Fname FROM Student WHERE LName = 'O''Brien' AND Age > 20"_s << sqlite;
    // Refused.
    QTest::newRow("another backslash reads differently")
            << u"SELECT Fname FROM Student WHERE LName = 'O\\'Brien\\n' AND Age > 20"_s << unclosed
            << QString() << sqlite;
    QTest::newRow("a backslash before a backslash")
            << u"SELECT Fname FROM Student WHERE LName = 'C:\\\\' OR LName = 'it\\'s'"_s << unclosed
            << QString() << sqlite;
    QTest::newRow("unclosed either way: a reply cut off")
            << u"SELECT Fname FROM Student WHERE LName = 'O\\'Brien"_s << unclosed << QString()
            << sqlite;
    // MySQL would read ' OR Sex = ' as the string's end; a path's backslash may end the string.
    QTest::newRow("not inside a word")
            << u"SELECT Fname FROM Student WHERE LName = 'C:\\' OR Sex = 'F"_s << unclosed
            << QString() << sqlite;
    QTest::newRow("nothing unclosed")
            << u"SELECT Fname FROM Student WHERE LName = 'O''Brien' AND Age > 2O"_s
            << u"near \"O\": syntax error"_s << QString() << sqlite;
    QTest::newRow("MySQL reads the backslash itself")
            << u"SELECT Fname FROM Student WHERE LName = 'O\\'Brien' AND Agee > 20"_s
            << u"Unknown column 'Agee' in 'where clause'"_s << QString() << int(Engine::MySQL);
}

void tst_BackslashQuote::proposes(){SQLMEND_REPAIR_TEST(BackslashQuote)}

QTEST_GUILESS_MAIN(tst_BackslashQuote)
#include "tst_backslashquote.moc"
