#include "ui/sqleditor.h"

#include "ui/findbar.h"
#include "ui/sqlhistory.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace sqlmend;
using namespace Qt::StringLiterals;

// The Run SQL editor's completion, its find bar and the history of hand-run SQL, offscreen.
class tst_SqlEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aliases_data();
    void aliases();
    void completes_data();
    void completes();
    void namesAreAskedForLazily();
    void typingOpensThePopup();
    void findAndReplace();
    void historyPerConnection();

private:
    static std::shared_ptr<const core::SchemaNames> shop();
};

void tst_SqlEditor::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

std::shared_ptr<const core::SchemaNames> tst_SqlEditor::shop()
{
    auto names = std::make_shared<core::SchemaNames>();
    names->tables.append({QString(), u"customers"_s, {u"id"_s, u"name"_s, u"city"_s}, false});
    names->tables.append({QString(),
                          u"orders"_s,
                          {u"id"_s, u"customer_id"_s, u"total"_s, u"placed_at"_s},
                          false});
    return names;
}

void tst_SqlEditor::aliases_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("alias");
    QTest::addColumn<QString>("table");
    QTest::newRow("AS") << u"SELECT * FROM orders AS o"_s << u"o"_s << u"orders"_s;
    QTest::newRow("bare") << u"select * from orders o where"_s << u"o"_s << u"orders"_s;
    QTest::newRow("join") << u"SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id"_s
                          << u"c"_s << u"customers"_s;
    QTest::newRow("comma list") << u"SELECT 1 FROM orders o, customers cu"_s << u"cu"_s
                                << u"customers"_s;
    QTest::newRow("schema") << u"SELECT 1 FROM main.orders x"_s << u"x"_s << u"orders"_s;
    QTest::newRow("keyword is not an alias")
            << u"SELECT 1 FROM orders WHERE 1"_s << u"where"_s << QString();
    QTest::newRow("alias in a string is not") << u"SELECT 'FROM orders q'"_s << u"q"_s << QString();
}

void tst_SqlEditor::aliases()
{
    QFETCH(QString, sql);
    QFETCH(QString, alias);
    QFETCH(QString, table);
    QCOMPARE(ui::SqlEditor::aliases(sql, core::Engine::SQLite).value(alias), table);
}

void tst_SqlEditor::completes_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QStringList>("expected"); // in the list
    QTest::addColumn<QStringList>("absent");
    QTest::newRow("alias columns") << u"SELECT o.to FROM orders o"_s << u"to"_s
                                   << QStringList{u"total"_s} << QStringList{u"city"_s};
    QTest::newRow("table") << u"SELECT * FROM cus"_s << u"cus"_s << QStringList{u"customers"_s}
                           << QStringList{u"orders"_s};
    QTest::newRow("keyword upper")
            << u"SEL"_s << u"SEL"_s << QStringList{u"SELECT"_s} << QStringList{u"select"_s};
    QTest::newRow("keyword lower")
            << u"sel"_s << u"sel"_s << QStringList{u"select"_s} << QStringList{};
    QTest::newRow("column anywhere")
            << u"SELECT plac"_s << u"plac"_s << QStringList{u"placed_at"_s} << QStringList{};
}

void tst_SqlEditor::completes()
{
    QFETCH(QString, sql);
    QFETCH(QString, prefix);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, absent);
    ui::SqlEditor editor;
    editor.setEngine(core::Engine::SQLite);
    editor.setNamesProvider([] { return shop(); });
    editor.setPlainText(sql);
    QTextCursor cursor = editor.textCursor();
    // The cursor goes right after the prefix's first occurrence.
    cursor.setPosition(int(sql.indexOf(prefix) + prefix.size()));
    editor.setTextCursor(cursor);
    QCOMPARE(editor.completionPrefix(), prefix);
    const QStringList words = editor.completions();
    for (const QString &word : expected)
        QVERIFY2(words.contains(word), qPrintable(words.join(u", "_s)));
    for (const QString &word : absent)
        QVERIFY2(!words.contains(word), qPrintable(words.join(u", "_s)));
}

void tst_SqlEditor::namesAreAskedForLazily()
{
    ui::SqlEditor editor;
    std::shared_ptr<const core::SchemaNames> names;
    editor.setNamesProvider([&names] { return names; });
    QSignalSpy wanted(&editor, &ui::SqlEditor::namesWanted);
    editor.setPlainText(u"SELECT * FROM cu"_s);
    editor.moveCursor(QTextCursor::End);
    QVERIFY(wanted.isEmpty()); // nothing asked before completion is wanted
    editor.complete();
    QCOMPARE(wanted.size(), 1);
    QVERIFY(!editor.completions().contains(u"customers"_s));
    names = shop(); // the catalog arrived from the worker
    editor.complete();
    QCOMPARE(wanted.size(), 1);
    QVERIFY(editor.completions().contains(u"customers"_s));
}

void tst_SqlEditor::typingOpensThePopup()
{
    ui::SqlEditor editor;
    editor.setNamesProvider([] { return shop(); });
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.setFocus();
    QTest::keyClicks(&editor, u"SELECT * FROM or"_s);
    QTRY_VERIFY(editor.completer()->popup()->isVisible());
    QCOMPARE(editor.completer()->currentCompletion(), u"orders"_s);
    QTest::keyClick(editor.completer()->popup(), Qt::Key_Return);
    QCOMPARE(editor.toPlainText(), u"SELECT * FROM orders"_s);
    // One undo step takes the completion back to what was typed.
    editor.undo();
    QCOMPARE(editor.toPlainText(), u"SELECT * FROM or"_s);
}

void tst_SqlEditor::findAndReplace()
{
    ui::SqlEditor editor;
    ui::FindBar bar(&editor);
    editor.setPlainText(u"SELECT nme FROM t WHERE nme > 1 ORDER BY nmex"_s);
    bar.start(true);
    bar.findEdit()->setText(u"nme"_s);
    QVERIFY2(bar.statusText().contains(u"3"_s), qPrintable(bar.statusText()));
    bar.setWholeWords(true);
    bar.findEdit()->setText(u"nm"_s);
    bar.findEdit()->setText(u"nme"_s);
    QVERIFY2(bar.statusText().contains(u"2"_s), qPrintable(bar.statusText()));
    QVERIFY(bar.findNext());
    QCOMPARE(editor.textCursor().selectedText(), u"nme"_s);
    bar.replaceEdit()->setText(u"name"_s);
    QCOMPARE(bar.replaceAll(), 2);
    QCOMPARE(editor.toPlainText(), u"SELECT name FROM t WHERE name > 1 ORDER BY nmex"_s);
    editor.undo(); // one step
    QCOMPARE(editor.toPlainText(), u"SELECT nme FROM t WHERE nme > 1 ORDER BY nmex"_s);
    bar.findEdit()->setText(u"zzz"_s);
    QVERIFY(!bar.findNext());
}

void tst_SqlEditor::historyPerConnection()
{
    const QString a = u"sqlite:///tmp/a.db"_s;
    const QString b = u"postgresql://ana@db.example:5432/shop"_s;
    ui::SqlHistory::clear(a);
    ui::SqlHistory::clear(b);
    ui::SqlHistory::add(a, u"SELECT 1"_s);
    ui::SqlHistory::add(a, u"  SELECT 2  "_s);
    ui::SqlHistory::add(b, u"SELECT 3"_s);
    ui::SqlHistory::add(a, u"SELECT 1"_s); // again: to the top, once
    ui::SqlHistory::add(a, u"   "_s);      // nothing
    QCOMPARE(ui::SqlHistory::load(a), (QStringList{u"SELECT 1"_s, u"SELECT 2"_s}));
    QCOMPARE(ui::SqlHistory::load(b), (QStringList{u"SELECT 3"_s}));
    for (int i = 0; i < ui::SqlHistory::maxEntries + 5; ++i)
        ui::SqlHistory::add(a, u"SELECT %1"_s.arg(i + 10));
    QCOMPARE(ui::SqlHistory::load(a).size(), ui::SqlHistory::maxEntries);
    QCOMPARE(ui::SqlHistory::load(a).first(), u"SELECT %1"_s.arg(ui::SqlHistory::maxEntries + 14));
    ui::SqlHistory::clear(a);
    QVERIFY(ui::SqlHistory::load(a).isEmpty());
    QCOMPARE(ui::SqlHistory::load(b).size(), 1);
}

QTEST_MAIN(tst_SqlEditor)
#include "tst_sqleditor.moc"
