#include "core/repair/stripmarker.h"

#include "tests/core/repair/repairtesting.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_StripMarker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proposes_data();
    void proposes();
};

void tst_StripMarker::proposes_data()
{
    SQLMEND_REPAIR_COLUMNS();
    const int sqlite = int(Engine::SQLite);
    Q_UNUSED(sqlite);
    QTest::newRow("leading [SOL]")
            << u"[SOL] SELECT COUNT(*) FROM Pets"_s << u"near \"[SOL]\": syntax error"_s
            << u"SELECT COUNT(*) FROM Pets"_s << sqlite;
    QTest::newRow("both ends") << u"[SQL] SELECT 1 [/SQL]"_s << u"near \"[SQL]\": syntax error"_s
                               << u"SELECT 1"_s << sqlite;
    QTest::newRow("chat template end")
            << u"SELECT 1<|im_end|>"_s << u"unrecognized token: \"<\""_s << u"SELECT 1"_s << sqlite;
    QTest::newRow("what is left is no query")
            << u"[SOL] Jordan"_s << u"near \"[SOL]\": syntax error"_s << QString() << sqlite;
    QTest::newRow("no marker") << u"SELECT FROM"_s << u"near \"FROM\": syntax error"_s << QString()
                               << sqlite;
    QTest::newRow("not a syntax error")
            << u"[SOL] SELECT x FROM Pets"_s << u"no such column: x"_s << QString() << sqlite;
}

void tst_StripMarker::proposes(){SQLMEND_REPAIR_TEST(StripMarker)}

QTEST_GUILESS_MAIN(tst_StripMarker)
#include "tst_stripmarker.moc"
