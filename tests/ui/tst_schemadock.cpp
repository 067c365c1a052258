#include "ui/schemadock.h"

#include "core/cases/casestore.h"
#include "core/cases/casestoreservice.h"
#include "ui/schematreemodel.h"
#include "ui/session.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
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

// Opens the tree's context menu on index and triggers the action with this text; the menu's
// texts come back.
QStringList chooseFromMenu(SchemaDock &dock, const QModelIndex &index, const QString &text)
{
    QStringList texts;
    QTimer::singleShot(0, &dock, [&texts, text] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        QAction *chosen = nullptr;
        for (QAction *action : menu->actions()) {
            if (action->isSeparator())
                continue;
            texts << action->text();
            if (action->text() == text)
                chosen = action;
        }
        menu->close();
        if (chosen)
            chosen->trigger();
    });
    QTreeView *tree = dock.tree();
    tree->scrollTo(index);
    Q_EMIT tree->customContextMenuRequested(tree->visualRect(index).center());
    return texts;
}

core::ContextSettings storedMarks(core::CaseStoreService &store, const QString &datasource)
{
    auto future = store.submit<core::ContextSettings>([datasource](core::CaseStore &cases) {
        return core::ContextSettingsStore::load(cases, datasource);
    });
    future.waitForFinished();
    const core::Result<core::ContextSettings> loaded = future.result();
    return loaded ? loaded.value() : core::ContextSettings{{u"<failed>"_s}, {}};
}

} // namespace

class TestSchemaDock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noMatches();
    void escapeClears();
    void clearingKeepsWhatWasOpen();
    void pinAndExcludeFromTheMenu();
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

void TestSchemaDock::pinAndExcludeFromTheMenu()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"shop.sqlite"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT)"_s));
        QVERIFY(query.exec(u"CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    auto store = std::make_shared<core::CaseStoreService>();
    store->open(dir.filePath(u"cases.sqlite"_s)).waitForFinished();
    const auto profile = core::ConnectionProfile::fromUrl(u"sqlite:///"_s + path);
    QVERIFY(profile);

    QModelIndex orders;
    {
        ui::Session session;
        SchemaDock dock(&session);
        QAbstractItemModelTester tester(dock.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        dock.setCaseStore(store);
        dock.show();
        const int connection = session.open(profile.value());
        SchemaTreeModel &model = *dock.model();
        QTRY_VERIFY(model.tableIndex(connection, u"main"_s, u"orders"_s).isValid());
        orders = model.tableIndex(connection, u"main"_s, u"orders"_s);
        QCOMPARE(orders.data(SchemaTreeModel::MarkRole).toInt(), int(core::TableMark::None));

        const QStringList offered = chooseFromMenu(dock, orders, u"Pin Table"_s);
        QVERIFY2(offered.contains(u"Exclude Table"_s), qPrintable(offered.join(u", ")));
        QVERIFY(!offered.contains(u"Unpin Table"_s));
        // Shown at once: the mark, in words and in the font.
        QCOMPARE(orders.data(SchemaTreeModel::MarkRole).toInt(), int(core::TableMark::Pinned));
        QVERIFY(orders.siblingAtColumn(SchemaTreeModel::TypeColumn)
                        .data()
                        .toString()
                        .contains(u"pinned"_s));
        QVERIFY(orders.data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(orders.data(Qt::ToolTipRole).toString().contains(u"Pinned"_s));
        QTRY_COMPARE(storedMarks(*store, profile->toUrl()).pinned, QStringList{u"orders"_s});

        const QStringList pinned = chooseFromMenu(dock, orders, u"Exclude Table"_s);
        QVERIFY(pinned.contains(u"Unpin Table"_s));
        QCOMPARE(orders.data(SchemaTreeModel::MarkRole).toInt(), int(core::TableMark::Excluded));
        QVERIFY(orders.data(Qt::FontRole).value<QFont>().strikeOut());
        QTRY_COMPARE(storedMarks(*store, profile->toUrl()).excluded, QStringList{u"orders"_s});
        QVERIFY(storedMarks(*store, profile->toUrl()).pinned.isEmpty());

        const QModelIndex users = model.tableIndex(connection, u"main"_s, u"users"_s);
        chooseFromMenu(dock, users, u"Pin Table"_s);
        QTRY_COMPARE(storedMarks(*store, profile->toUrl()).pinned, QStringList{u"users"_s});
    }
    // Kept per connection: a new window on the same database shows them again.
    ui::Session session;
    SchemaDock dock(&session);
    dock.setCaseStore(store);
    const int connection = session.open(profile.value());
    SchemaTreeModel &model = *dock.model();
    QTRY_VERIFY(model.tableIndex(connection, u"main"_s, u"orders"_s).isValid());
    orders = model.tableIndex(connection, u"main"_s, u"orders"_s);
    QTRY_COMPARE(orders.data(SchemaTreeModel::MarkRole).toInt(), int(core::TableMark::Excluded));
    const QStringList offered = chooseFromMenu(dock, orders, u"Include Table"_s);
    QVERIFY(offered.contains(u"Pin Table"_s));
    QCOMPARE(orders.data(SchemaTreeModel::MarkRole).toInt(), int(core::TableMark::None));
    QTRY_VERIFY(storedMarks(*store, profile->toUrl()).excluded.isEmpty());
    QCOMPARE(storedMarks(*store, profile->toUrl()).pinned, QStringList{u"users"_s});
}

QTEST_MAIN(TestSchemaDock)
#include "tst_schemadock.moc"
