#include "ui/schematreemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

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
    void filterProxy_data();
    void filterProxy();
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
        QCOMPARE(requested.count(schema), 1);

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
    QCOMPARE(tableRequests.size(), schemas.size());
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

void TestSchemaTreeModel::filterProxy_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<int>("visibleTables");

    QTest::newRow("everything") << QString() << 3;
    QTest::newRow("table name") << u"ord"_s << 1;
    QTest::newRow("column name keeps its table") << u"email"_s << 1;
    QTest::newRow("nothing") << u"zzz"_s << 0;
}

void TestSchemaTreeModel::filterProxy()
{
    QFETCH(QString, filter);
    QFETCH(int, visibleTables);

    SchemaTreeModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setRecursiveFilteringEnabled(true);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.addConnection(1, u"demo"_s);
    model.setSchemas(1, {u"main"_s}, u"main"_s);
    model.setTables(1, u"main"_s,
                    {makeTable(u"main"_s, u"orders"_s, {u"id"_s, u"status"_s}),
                     makeTable(u"main"_s, u"users"_s, {u"id"_s, u"email"_s}),
                     makeTable(u"main"_s, u"items"_s, {u"id"_s, u"price"_s})});
    proxy.setFilterFixedString(filter);
    const QModelIndex connection = proxy.index(0, 0);
    if (visibleTables == 0) {
        QCOMPARE(proxy.rowCount(), 0);
        return;
    }
    const QModelIndex schema = proxy.index(0, 0, connection);
    QCOMPARE(proxy.rowCount(schema), visibleTables);
}

QTEST_MAIN(TestSchemaTreeModel)
#include "tst_schematreemodel.moc"
