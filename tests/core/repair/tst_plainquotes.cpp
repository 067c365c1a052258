#include "core/repair/plainquotes.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_PlainQuotes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_PlainQuotes::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("typographic double quotes")
            << u"SELECT StuID FROM Student WHERE LName = \u201CSmith\u201D"_s
            << u"no such column: \u201CSmith\u201D"_s
            << u"SELECT StuID FROM Student WHERE LName = 'Smith'"_s << sqlite;
    QTest::newRow("typographic single quotes")
            << u"SELECT StuID FROM Student WHERE LName = \u2018Smith\u2019"_s
            << u"unrecognized token: \"\u2018Smith\u2019\""_s
            << u"SELECT StuID FROM Student WHERE LName = 'Smith'"_s << sqlite;
    QTest::newRow("the error is elsewhere")
            << u"SELECT x FROM Student WHERE LName = \u201CSmith\u201D"_s << u"no such column: x"_s
            << QString() << sqlite;
}

void tst_PlainQuotes::proposes(){SQLMEND_REPAIR_TEST(PlainQuotes)}

QTEST_GUILESS_MAIN(tst_PlainQuotes)
#include "tst_plainquotes.moc"
