#include "ui/schemadock.h"

#include "ui/schematreemodel.h"
#include "ui/session.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QTest>
#include <QTreeView>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using ui::SchemaDock;
using ui::SchemaTreeModel;

namespace {

core::CatalogTable makeTable(const QString &schema, const QString &name, const QStringList &columns)
{
    core::CatalogTable table;
    table.schema = schema;
    table.name = name;
    table.kind = core::CatalogTableKind::Table;
    for (const QString &name : columns) {
        core::CatalogColumn column;
        column.name = name;
        column.type = u"integer"_s;
        table.columns.append(column);
    }
    return table;
}

// One connection with two schemas: main (orders, users) and audit (events, logins).
void fill(SchemaTreeModel &model)
{
    model.addConnection(1, u"Shop"_s);
    model.setSchemas(1, {u"audit"_s, u"main"_s}, u"main"_s);
    model.setTables(1, u"main"_s,
                    {makeTable(u"main"_s, u"orders"_s, {u"id"_s, u"status"_s}),
                     makeTable(u"main"_s, u"users"_s, {u"id"_s, u"email"_s})});
    model.setTables(1, u"audit"_s,
                    {makeTable(u"audit"_s, u"events"_s, {u"id"_s, u"kind"_s}),
                     makeTable(u"audit"_s, u"logins"_s, {u"id"_s, u"email"_s})});
}

} // namespace

class TestSchemaDock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noMatches();
    void escapeClears();
    void clearingKeepsWhatWasOpen();
};

void TestSchemaDock::noMatches()
{
    ui::Session session;
    SchemaDock dock(&session);
    QAbstractItemModelTester tester(dock.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    fill(*dock.model());
    dock.show();
    QVERIFY(!dock.isNoMatchesShown());
    dock.filterEdit()->setText(u"email"_s);
    QVERIFY(!dock.isNoMatchesShown());
    dock.filterEdit()->setText(u"no_such_thing"_s);
    QVERIFY(dock.isNoMatchesShown());
    // Tables that arrive while the filter stands may match it.
    Q_EMIT session.tablesLoaded(1, u"audit"_s,
                                {makeTable(u"audit"_s, u"no_such_thing"_s, {u"id"_s})});
    QVERIFY(!dock.isNoMatchesShown());
    dock.filterEdit()->clear();
    QVERIFY(!dock.isNoMatchesShown());
}

void TestSchemaDock::escapeClears()
{
    ui::Session session;
    SchemaDock dock(&session);
    fill(*dock.model());
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    dock.filterEdit()->setFocus();
    QTest::keyClicks(dock.filterEdit(), u"ord"_s);
    QCOMPARE(dock.model()->filter(), u"ord"_s);
    QTest::keyClick(dock.filterEdit(), Qt::Key_Escape);
    QCOMPARE(dock.filterEdit()->text(), QString());
    QCOMPARE(dock.model()->filter(), QString());
}

void TestSchemaDock::clearingKeepsWhatWasOpen()
{
    ui::Session session;
    SchemaDock dock(&session);
    SchemaTreeModel &model = *dock.model();
    fill(model);
    QTreeView *tree = dock.tree();
    dock.show();
    // The person opened main and its orders table; audit stays closed.
    tree->expand(model.connectionIndex(1));
    tree->expand(model.schemaIndex(1, u"main"_s));
    tree->expand(model.tableIndex(1, u"main"_s, u"orders"_s));
    QVERIFY(!tree->isExpanded(model.schemaIndex(1, u"audit"_s)));

    // The filter opens what matches, audit included...
    dock.filterEdit()->setText(u"email"_s);
    QVERIFY(tree->isExpanded(model.schemaIndex(1, u"audit"_s)));
    QVERIFY(tree->isExpanded(model.tableIndex(1, u"audit"_s, u"logins"_s)));
    dock.filterEdit()->setText(u"emai"_s); // typing on changes nothing of what is remembered

    // ... and clearing it brings back the tree as it was: not collapsed, not all open.
    dock.filterEdit()->clear();
    QVERIFY(tree->isExpanded(model.connectionIndex(1)));
    QVERIFY(tree->isExpanded(model.schemaIndex(1, u"main"_s)));
    QVERIFY(tree->isExpanded(model.tableIndex(1, u"main"_s, u"orders"_s)));
    QVERIFY(!tree->isExpanded(model.tableIndex(1, u"main"_s, u"users"_s)));
    QVERIFY(!tree->isExpanded(model.schemaIndex(1, u"audit"_s)));
}

QTEST_MAIN(TestSchemaDock)
#include "tst_schemadock.moc"
