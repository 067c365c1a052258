#include "ui/schematreemodel.h"
#include "ui/slicedrelease.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QIcon>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using ui::SchemaTreeModel;

namespace {

core::CatalogTable makeTable(const QString &schema, const QString &name, const QStringList &columns,
                             bool view = false)
{
    core::CatalogTable table;
    table.schema = schema;
    table.name = name;
    table.kind = view ? core::CatalogTableKind::View : core::CatalogTableKind::Table;
    table.comment = u"comment of %1"_s.arg(name);
    for (qsizetype i = 0; i < columns.size(); ++i) {
        core::CatalogColumn column;
        column.name = columns.at(i);
        column.type = u"integer"_s;
        column.primaryKeyPosition = i == 0 && !view ? 1 : 0;
        column.comment = u"about %1"_s.arg(columns.at(i));
        table.columns.append(column);
    }
    return table;
}

} // namespace

class TestSchemaTreeModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lazyLoading_data();
    void lazyLoading();
    void reloadAndRemove();
    void filter_data();
    void filter();
    void defaultSchemaIsDeliveredOnce();
    void largeSchemaShowsInBatches();
    void iconsAreMadeOnce();
    void bigListsAreFreedInSlices();
};

void TestSchemaTreeModel::lazyLoading_data()
{
    QTest::addColumn<QStringList>("schemas");
    QTest::addColumn<int>("tablesPerSchema");

    QTest::newRow("sqlite main") << QStringList{u"main"_s} << 3;
    QTest::newRow("postgres several") << QStringList{u"public"_s, u"sales"_s, u"audit"_s} << 5;
    QTest::newRow("empty schema") << QStringList{u"empty"_s} << 0;
}

void TestSchemaTreeModel::lazyLoading()
{
    QFETCH(QStringList, schemas);
    QFETCH(int, tablesPerSchema);

    SchemaTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy schemaRequests(&model, &SchemaTreeModel::schemasRequested);
    QSignalSpy tableRequests(&model, &SchemaTreeModel::tablesRequested);

    model.addConnection(7, u"demo"_s);
    const QModelIndex connection = model.connectionIndex(7);
    QVERIFY(connection.isValid());
    QVERIFY(model.hasChildren(connection));
    QCOMPARE(model.rowCount(connection), 0);
    // The tester may have fetched already, as a view would; either way exactly one request.
    if (model.canFetchMore(connection))
        model.fetchMore(connection);
    QCOMPARE(schemaRequests.size(), 1);
    QCOMPARE(schemaRequests.first().first().toInt(), 7);
    // A second fetch while the first is on its way asks nothing more.
    QVERIFY(!model.canFetchMore(connection));

    model.setSchemas(7, schemas, schemas.first());
    QCOMPARE(model.rowCount(connection), schemas.size());
    for (const QString &schema : schemas) {
        const QModelIndex schemaIndex = model.schemaIndex(7, schema);
        if (model.canFetchMore(schemaIndex))
            model.fetchMore(schemaIndex);
        QStringList requested;
        for (const QList<QVariant> &request : tableRequests)
            requested << request.at(1).toString();
        // The default schema's tables come with the schema list; the others are asked for once.
        QCOMPARE(requested.count(schema), schema == schemas.first() ? 0 : 1);

        QList<core::CatalogTable> tables;
        for (int t = 0; t < tablesPerSchema; ++t)
            tables.append(makeTable(schema, u"t%1"_s.arg(t), {u"id"_s, u"name"_s}, t == 1));
        model.setTables(7, schema, tables);
        QCOMPARE(model.rowCount(schemaIndex), tablesPerSchema);
        QVERIFY(!model.canFetchMore(schemaIndex));
        QCOMPARE(model.hasChildren(schemaIndex), tablesPerSchema > 0);
        if (tablesPerSchema == 0)
            continue;
        const QModelIndex table = model.tableIndex(7, schema, u"t0"_s);
        QCOMPARE(model.rowCount(table), 2);
        const QModelIndex id = model.index(0, 0, table);
        QCOMPARE(id.data().toString(), u"id"_s);
        QCOMPARE(id.siblingAtColumn(1).data().toString(), u"integer"_s);
        QVERIFY(id.data(Qt::ToolTipRole).toString().contains(u"about id"_s));
        QCOMPARE(id.data(SchemaTreeModel::QualifiedNameRole).toString(), u"t0.id"_s);
        QCOMPARE(table.data(SchemaTreeModel::QualifiedNameRole).toString(), u"%1.t0"_s.arg(schema));
        QVERIFY(table.data(Qt::ToolTipRole).toString().contains(u"comment of t0"_s));
        QCOMPARE(SchemaTreeModel::NodeKind(id.data(SchemaTreeModel::KindRole).toInt()),
                 SchemaTreeModel::NodeKind::Column);
        QCOMPARE(model.parent(id), table.siblingAtColumn(0));
    }
    QCOMPARE(tableRequests.size(), schemas.size() - 1);
}

void TestSchemaTreeModel::reloadAndRemove()
{
    SchemaTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy schemaRequests(&model, &SchemaTreeModel::schemasRequested);
    model.addConnection(1, u"one"_s);
    model.addConnection(2, u"two"_s);
    model.setSchemas(1, {u"main"_s}, u"main"_s);
    model.setTables(1, u"main"_s, {makeTable(u"main"_s, u"orders"_s, {u"id"_s, u"status"_s})});
    QCOMPARE(model.rowCount(model.schemaIndex(1, u"main"_s)), 1);

    const qsizetype requestsBefore = schemaRequests.size();
    model.resetConnection(1);
    QCOMPARE(model.rowCount(model.connectionIndex(1)), 0);
    if (model.canFetchMore(model.connectionIndex(1)))
        model.fetchMore(model.connectionIndex(1));
    QCOMPARE(schemaRequests.size(), requestsBefore + 1);

    model.setLoadFailed(1, QString(), u"no such file"_s);
    QCOMPARE(model.rowCount(model.connectionIndex(1)), 1);
    QCOMPARE(model.index(0, 0, model.connectionIndex(1)).data().toString(), u"no such file"_s);

    model.removeConnection(1);
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(!model.connectionIndex(1).isValid());
    QCOMPARE(model.connectionIndex(2).row(), 0);
    // Answers for a connection that is gone are ignored.
    model.setSchemas(1, {u"main"_s}, u"main"_s);
    QCOMPARE(model.rowCount(), 1);
}

void TestSchemaTreeModel::filter_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QStringList>("tables");
    QTest::addColumn<QList<int>>("columns"); // shown under each of those tables

    QTest::newRow("everything") << QString() << QStringList{u"items"_s, u"orders"_s, u"users"_s}
                                << QList<int>{2, 2, 2};
    QTest::newRow("table name keeps every column")
            << u"ORD"_s << QStringList{u"orders"_s} << QList<int>{2};
    QTest::newRow("column name shows that column")
            << u"email"_s << QStringList{u"users"_s} << QList<int>{1};
    QTest::newRow("a column several tables share")
            << u"id"_s << QStringList{u"items"_s, u"orders"_s, u"users"_s} << QList<int>{1, 1, 1};
    QTest::newRow("spaces around") << u"  price "_s << QStringList{u"items"_s} << QList<int>{1};
    QTest::newRow("nothing") << u"zzz"_s << QStringList{} << QList<int>{};
}

void TestSchemaTreeModel::filter()
{
    QFETCH(QString, filter);
    QFETCH(QStringList, tables);
    QFETCH(QList<int>, columns);

    SchemaTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy applied(&model, &SchemaTreeModel::filterApplied);
    model.addConnection(1, u"demo"_s);
    model.setSchemas(1, {u"main"_s, u"later"_s}, u"main"_s);
    model.setTables(1, u"main"_s,
                    {makeTable(u"main"_s, u"items"_s, {u"id"_s, u"price"_s}),
                     makeTable(u"main"_s, u"orders"_s, {u"id"_s, u"status"_s}),
                     makeTable(u"main"_s, u"users"_s, {u"id"_s, u"email"_s})});
    model.setFilter(filter);
    QCOMPARE(applied.size(), filter.isEmpty() ? 0 : 1);
    // Connections and schemas stay; the tables and columns are what the filter narrows.
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex schema = model.schemaIndex(1, u"main"_s);
    QCOMPARE(model.rowCount(model.connectionIndex(1)), 2);
    QStringList shown;
    for (int row = 0; row < model.rowCount(schema); ++row) {
        const QModelIndex table = model.index(row, 0, schema);
        shown << table.data().toString();
        QCOMPARE(model.rowCount(table), columns.at(row));
        QCOMPARE(table.data(SchemaTreeModel::ColumnsFilteredRole).toBool(),
                 !filter.isEmpty()
                         && !table.data().toString().contains(filter.trimmed(),
                                                              Qt::CaseInsensitive));
        for (int c = 0; c < model.rowCount(table); ++c) {
            const QModelIndex column = model.index(c, 0, table);
            QCOMPARE(model.parent(column), table);
            if (table.data(SchemaTreeModel::ColumnsFilteredRole).toBool())
                QVERIFY(column.data().toString().contains(filter.trimmed(), Qt::CaseInsensitive));
        }
    }
    QCOMPARE(shown, tables);
    QCOMPARE(model.matchingTableCount(1, u"main"_s), tables.size());

    // A schema loaded under the filter is filtered as it arrives.
    model.setTables(1, u"later"_s,
                    {makeTable(u"later"_s, u"zzz_archive"_s, {u"id"_s}),
                     makeTable(u"later"_s, u"audit"_s, {u"email"_s})});
    QStringList later;
    for (int row = 0; row < model.rowCount(model.schemaIndex(1, u"later"_s)); ++row)
        later << model.index(row, 0, model.schemaIndex(1, u"later"_s)).data().toString();
    QStringList expected;
    for (const QString &name : {u"audit"_s, u"zzz_archive"_s}) {
        const bool columnMatch = name == u"audit" ? u"email"_s.contains(filter.trimmed())
                                                  : u"id"_s.contains(filter.trimmed());
        if (filter.isEmpty() || name.contains(filter.trimmed(), Qt::CaseInsensitive) || columnMatch)
            expected << name;
    }
    std::sort(later.begin(), later.end());
    QCOMPARE(later, expected);

    // Clearing shows everything again.
    model.setFilter(QString());
    QCOMPARE(model.rowCount(schema), 3);
    for (int row = 0; row < 3; ++row)
        QCOMPARE(model.rowCount(model.index(row, 0, schema)), 2);
}

void TestSchemaTreeModel::defaultSchemaIsDeliveredOnce()
{
    SchemaTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy tableRequests(&model, &SchemaTreeModel::tablesRequested);
    model.addConnection(3, u"big"_s);
    model.setSchemas(3, {u"main"_s, u"other"_s}, u"main"_s);
    // Expanding the default schema, as the dock does, asks for nothing: its tables are coming.
    const QModelIndex main = model.schemaIndex(3, u"main"_s);
    QVERIFY(model.hasChildren(main));
    QVERIFY(!model.canFetchMore(main));
    model.fetchMore(main);
    model.setTables(3, u"main"_s, {makeTable(u"main"_s, u"a"_s, {u"id"_s})});
    QCOMPARE(model.rowCount(main), 1);
    // Another schema asks once (the tester, like a view, may have asked already).
    const QModelIndex other = model.schemaIndex(3, u"other"_s);
    if (model.canFetchMore(other))
        model.fetchMore(other);
    QVERIFY(!model.canFetchMore(other));
    QCOMPARE(tableRequests.size(), 1);
    QCOMPARE(tableRequests.first().at(1).toString(), u"other"_s);
    // A failed default load shows why, in place of the tables.
    model.setSchemas(3, {u"main"_s}, u"main"_s);
    model.setLoadFailed(3, u"main"_s, u"no such file"_s);
    QCOMPARE(model.rowCount(model.schemaIndex(3, u"main"_s)), 1);
    QCOMPARE(model.index(0, 0, model.schemaIndex(3, u"main"_s)).data().toString(),
             u"no such file"_s);
}

void TestSchemaTreeModel::largeSchemaShowsInBatches()
{
    constexpr int Tables = 2 * SchemaTreeModel::BatchSize + 500;
    QList<core::CatalogTable> tables;
    for (int t = 0; t < Tables; ++t)
        tables.append(makeTable(u"main"_s, u"t%1"_s.arg(t, 5, 10, QChar(u'0')),
                                {u"id"_s, u"c%1"_s.arg(t % 7)}));
    SchemaTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.addConnection(1, u"warehouse"_s);
    model.setSchemas(1, {u"main"_s}, u"main"_s);
    model.setTables(1, u"main"_s, tables);
    const QModelIndex schema = model.schemaIndex(1, u"main"_s);
    QCOMPARE(model.rowCount(schema), int(SchemaTreeModel::BatchSize));
    QCOMPARE(model.matchingTableCount(1, u"main"_s), Tables);
    // Rows know their place: the last one shown, its parent, a column's parent.
    const QModelIndex last = model.index(SchemaTreeModel::BatchSize - 1, 0, schema);
    QCOMPARE(last.row(), SchemaTreeModel::BatchSize - 1);
    QCOMPARE(model.parent(last), schema);
    QCOMPARE(model.parent(model.index(1, 0, last)), last);
    QCOMPARE(model.tableIndex(1, u"main"_s, last.data().toString()), last);
    QVERIFY(!model.tableIndex(1, u"main"_s, u"t%1"_s.arg(Tables - 1, 5, 10, QChar(u'0')))
                     .isValid()); // not shown yet
    while (model.canFetchMore(schema))
        model.fetchMore(schema);
    QCOMPARE(model.rowCount(schema), Tables);
    QVERIFY(model.tableIndex(1, u"main"_s, u"t%1"_s.arg(Tables - 1, 5, 10, QChar(u'0'))).isValid());
    // The filter searches every table, shown or not, and starts over in batches.
    model.setFilter(u"c3"_s);
    QCOMPARE(model.matchingTableCount(1, u"main"_s), (Tables + 3) / 7);
    QCOMPARE(model.rowCount(schema), std::min(SchemaTreeModel::BatchSize, (Tables + 3) / 7));
    for (int row = 0; row < model.rowCount(schema); ++row)
        QCOMPARE(model.rowCount(model.index(row, 0, schema)), 1);
    model.setFilter(u"t02"_s);
    QCOMPARE(model.matchingTableCount(1, u"main"_s), 500);
    model.setFilter(QString());
    QCOMPARE(model.rowCount(schema), int(SchemaTreeModel::BatchSize));
}

void TestSchemaTreeModel::iconsAreMadeOnce()
{
    SchemaTreeModel model;
    model.addConnection(1, u"demo"_s);
    model.setSchemas(1, {u"main"_s}, u"main"_s);
    model.setTables(1, u"main"_s,
                    {makeTable(u"main"_s, u"orders"_s, {u"id"_s, u"status"_s}),
                     makeTable(u"main"_s, u"users"_s, {u"id"_s, u"email"_s})});
    const QModelIndex orders = model.tableIndex(1, u"main"_s, u"orders"_s);
    const QModelIndex users = model.tableIndex(1, u"main"_s, u"users"_s);
    const auto icon = [](const QModelIndex &index) {
        return index.data(Qt::DecorationRole).value<QIcon>();
    };
    QVERIFY(!icon(orders).isNull());
    QCOMPARE(icon(orders).cacheKey(), icon(users).cacheKey());
    // The primary key's icon, the same one for every key column; none for a plain column.
    QVERIFY(!icon(model.index(0, 0, orders)).isNull());
    QCOMPARE(icon(model.index(0, 0, orders)).cacheKey(), icon(model.index(0, 0, users)).cacheKey());
    QVERIFY(icon(model.index(1, 0, orders)).isNull());
    QVERIFY(icon(model.index(0, SchemaTreeModel::TypeColumn, orders)).isNull());
}

// What a closed connection leaves (its catalog) is freed from the event loop a slice at a time,
// all of it in the end; a list another owner shares is let go whole, untouched.
void TestSchemaTreeModel::bigListsAreFreedInSlices()
{
    QList<std::shared_ptr<int>> items;
    QList<std::weak_ptr<int>> watched;
    for (int i = 0; i < 10000; ++i) {
        items.append(std::make_shared<int>(i));
        watched.append(items.constLast());
    }
    const auto alive = [&watched] {
        return std::count_if(watched.cbegin(), watched.cend(),
                             [](const std::weak_ptr<int> &item) { return !item.expired(); });
    };
    sqlmend::ui::releaseInSlices(std::move(items), 1000);
    QCOMPARE(alive(), 10000); // nothing freed before the event loop runs
    QTRY_COMPARE(alive(), 0);

    QList<std::shared_ptr<int>> shared;
    for (int i = 0; i < 5000; ++i)
        shared.append(std::make_shared<int>(i));
    const QList<std::shared_ptr<int>> other = shared;
    const std::shared_ptr<int> *data = other.constData();
    sqlmend::ui::releaseInSlices(std::move(shared), 1000);
    QCoreApplication::processEvents();
    QCOMPARE(other.size(), 5000);
    QCOMPARE(other.constData(), data); // not copied
    QCOMPARE(other.at(4999).use_count(), 1);
}

QTEST_MAIN(TestSchemaTreeModel)
#include "tst_schematreemodel.moc"
