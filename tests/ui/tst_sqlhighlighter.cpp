#include "ui/sqlhighlighter.h"

#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace sqlmend;
using namespace Qt::StringLiterals;

namespace {

// The format applied at a position of the document's text, as the highlighter left it.
QTextCharFormat formatAt(const QTextDocument &document, int position)
{
    const QTextBlock block = document.findBlock(position);
    const int offset = position - block.position();
    for (const QTextLayout::FormatRange &range : block.layout()->formats()) {
        if (offset >= range.start && offset < range.start + range.length)
            return range.format;
    }
    return {};
}

} // namespace

class TestSqlHighlighter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void categories_data();
    void categories();
};

void TestSqlHighlighter::categories_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("probe");    // the first occurrence of this text is looked at
    QTest::addColumn<QString>("category"); // keyword, string, number, comment, identifier, plain

    QTest::newRow("keyword") << u"select a from t"_s << u"select"_s << u"keyword"_s;
    QTest::newRow("keyword upper") << u"SELECT a FROM t"_s << u"FROM"_s << u"keyword"_s;
    QTest::newRow("plain name") << u"select total from t"_s << u"total"_s << u"plain"_s;
    QTest::newRow("keyword inside a name")
            << u"select from_date from t"_s << u"from_date"_s << u"plain"_s;
    QTest::newRow("string") << u"select 'from' from t"_s << u"'from'"_s << u"string"_s;
    QTest::newRow("escaped quote") << u"select 'it''s select' x"_s << u"s select"_s << u"string"_s;
    QTest::newRow("number") << u"select 42.5"_s << u"42.5"_s << u"number"_s;
    QTest::newRow("line comment") << u"select 1 -- from here"_s << u"from"_s << u"comment"_s;
    QTest::newRow("block comment") << u"select /* where */ 1"_s << u"where"_s << u"comment"_s;
    QTest::newRow("block comment over lines")
            << u"select 1 /* first\\nselect second */ from t"_s << u"second"_s << u"comment"_s;
    QTest::newRow("after block comment")
            << u"/* a\\nb */ select 1"_s << u"select"_s << u"keyword"_s;
    QTest::newRow("string over lines")
            << u"select 'a\\nwhere' from t"_s << u"where"_s << u"string"_s;
    QTest::newRow("quoted identifier")
            << u"select \"select\" from t"_s << u"\"select\""_s << u"identifier"_s;
}

void TestSqlHighlighter::categories()
{
    QFETCH(QString, sql);
    QFETCH(QString, probe);
    QFETCH(QString, category);

    sql.replace(u"\\n"_s, u"\n"_s);
    QTextDocument document;
    ui::SqlHighlighter highlighter(&document);
    document.setPlainText(sql);
    // A new highlighter formats on its first event loop turn; do it now.
    highlighter.rehighlight();
    // Format ranges are per block: probe each block's text for the first match.
    const int position = int(sql.indexOf(probe));
    QVERIFY(position >= 0);
    const QTextCharFormat format = formatAt(document, position);

    // Reference formats: one probe of each category in a fresh document.
    QTextDocument reference;
    ui::SqlHighlighter referenceHighlighter(&reference);
    reference.setPlainText(u"select 'x' 7 -- c\n\"q\""_s);
    referenceHighlighter.rehighlight();
    const QHash<QString, QTextCharFormat> formats = {
            {u"keyword"_s, formatAt(reference, 0)},     {u"string"_s, formatAt(reference, 7)},
            {u"number"_s, formatAt(reference, 11)},     {u"comment"_s, formatAt(reference, 13)},
            {u"identifier"_s, formatAt(reference, 18)},
    };
    if (category == u"plain"_s) {
        QVERIFY2(!format.hasProperty(QTextFormat::ForegroundBrush),
                 qPrintable(format.foreground().color().name()));
        return;
    }
    QVERIFY(formats.contains(category));
    QVERIFY(format.hasProperty(QTextFormat::ForegroundBrush));
    QCOMPARE(format.foreground().color(), formats.value(category).foreground().color());
    QCOMPARE(format.fontWeight(), formats.value(category).fontWeight());
}

QTEST_MAIN(TestSqlHighlighter)
#include "tst_sqlhighlighter.moc"
