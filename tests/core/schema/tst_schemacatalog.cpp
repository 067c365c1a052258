#include "core/errors/diagnosis.h"
#include "core/schema/catalogloader.h"
#include "core/schema/schemacatalog.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_SchemaCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void schemasAreListedFirst();
    void columns_data();
    void columns();
    void foreignKeys();
    void kindsAndRowEstimates_data();
    void kindsAndRowEstimates();
    void attachedSchemaLoadsOnDemand();
    void brokenViewKeepsTheRest();
    void invalidateRereads();
    void namesForTheAdvisor();
    void suggestions_data();
    void suggestions();
    void diagnoseEndToEnd_data();
    void diagnoseEndToEnd();
    void closedConnectionIsDiagnosed();

private:
    QSqlDatabase open(const QString &file);
    void exec(QSqlDatabase &database, const QString &sql);

    QTemporaryDir m_dir;
    QString m_shopFile;
    QSqlDatabase m_shop;
    int m_connections = 0;
};

QSqlDatabase tst_SchemaCatalog::open(const QString &file)
{
    QSqlDatabase database =
            QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tst_schemacatalog_%1"_s.arg(++m_connections));
    database.setDatabaseName(file);
    if (!database.open())
        qFatal("cannot open %s", qPrintable(file));
    return database;
}

void tst_SchemaCatalog::exec(QSqlDatabase &database, const QString &sql)
{
    QSqlQuery query(database);
    if (!query.exec(sql))
        qFatal("setup failed: %s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
}

void tst_SchemaCatalog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_shopFile = m_dir.filePath(u"shop.db"_s);
    m_shop = open(m_shopFile);
    const QStringList setup = {
            u"CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, "
            "email VARCHAR(80) DEFAULT 'none', created_at TIMESTAMP)"_s,
            u"CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES "
            "users(id), amount REAL, payment_time TEXT)"_s,
            u"CREATE TABLE order_items (order_id INTEGER, line INTEGER, sku TEXT, qty INTEGER, "
            "PRIMARY KEY (order_id, line), FOREIGN KEY (order_id) REFERENCES orders(id))"_s,
            u"CREATE TABLE \"odd \"\"name\"\"\" (\"a b\" TEXT)"_s,
            u"CREATE VIEW user_orders AS SELECT u.username, o.amount FROM users u JOIN orders o "
            "ON o.user_id = u.id"_s,
            u"CREATE INDEX orders_user ON orders(user_id)"_s,
    };
    for (const QString &sql : setup)
        exec(m_shop, sql);
    exec(m_shop, u"BEGIN"_s);
    for (int i = 1; i <= 40; ++i) {
        exec(m_shop, u"INSERT INTO users (username) VALUES ('user%1')"_s.arg(i));
        exec(m_shop, u"INSERT INTO orders (user_id, amount) VALUES (%1, %1.5)"_s.arg(i));
    }
    exec(m_shop, u"COMMIT"_s);
    exec(m_shop, u"ANALYZE"_s);
}

void tst_SchemaCatalog::cleanupTestCase()
{
    m_shop.close();
}

void tst_SchemaCatalog::schemasAreListedFirst()
{
    SchemaCatalog catalog;
    const auto schemas = catalog.schemas(m_shop);
    QVERIFY(schemas);
    QCOMPARE(catalog.engine(), Engine::SQLite);
    QCOMPARE(schemas.value(), QStringList{u"main"_s});
    QVERIFY(catalog.hasSchemaList());
    QVERIFY(!catalog.isLoaded(u"main"_s));
    QVERIFY(catalog.names().isEmpty());
}

void tst_SchemaCatalog::columns_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("type");
    QTest::addColumn<bool>("nullable");
    QTest::addColumn<int>("primaryKey");
    QTest::addColumn<QString>("defaultValue");
    QTest::newRow("integer pk") << u"users"_s << u"id"_s << u"INTEGER"_s << true << 1 << QString();
    QTest::newRow("not null") << u"users"_s << u"username"_s << u"TEXT"_s << false << 0
                              << QString();
    QTest::newRow("default") << u"users"_s << u"email"_s << u"VARCHAR(80)"_s << true << 0
                             << u"'none'"_s;
    QTest::newRow("composite pk 1")
            << u"order_items"_s << u"order_id"_s << u"INTEGER"_s << true << 1 << QString();
    QTest::newRow("composite pk 2")
            << u"order_items"_s << u"line"_s << u"INTEGER"_s << true << 2 << QString();
    QTest::newRow("quoted names") << u"odd \"name\""_s << u"a b"_s << u"TEXT"_s << true << 0
                                  << QString();
    QTest::newRow("view column") << u"user_orders"_s << u"amount"_s << u"REAL"_s << true << 0
                                 << QString();
}

void tst_SchemaCatalog::columns()
{
    QFETCH(QString, table);
    QFETCH(QString, column);
    QFETCH(QString, type);
    QFETCH(bool, nullable);
    QFETCH(int, primaryKey);
    QFETCH(QString, defaultValue);

    SchemaCatalog catalog;
    const auto tables = catalog.tables(m_shop);
    QVERIFY2(tables, qPrintable(tables ? QString() : tables.error().advice.text()));
    QCOMPARE(tables->size(), 5);
    const CatalogTable *found = catalog.findTable(table);
    QVERIFY(found);
    QCOMPARE(found->schema, u"main"_s);
    const std::optional<CatalogColumn> foundColumn = found->findColumn(column);
    QVERIFY(foundColumn);
    QCOMPARE(foundColumn->name, column);
    QCOMPARE(foundColumn->type, type);
    QCOMPARE(foundColumn->nullable, nullable);
    QCOMPARE(foundColumn->primaryKeyPosition, primaryKey);
    QCOMPARE(foundColumn->defaultValue, defaultValue);
    QVERIFY(foundColumn->comment.isEmpty());
}

void tst_SchemaCatalog::foreignKeys()
{
    SchemaCatalog catalog;
    QVERIFY(catalog.tables(m_shop));
    const CatalogTable *orders = catalog.findTable(u"orders");
    QVERIFY(orders);
    QCOMPARE(orders->foreignKeys.size(), 1);
    QCOMPARE(orders->foreignKeys.first().columns, QStringList{u"user_id"_s});
    QCOMPARE(orders->foreignKeys.first().referencedTable, u"users"_s);
    QCOMPARE(orders->foreignKeys.first().referencedColumns, QStringList{u"id"_s});
    const CatalogTable *items = catalog.findTable(u"order_items");
    QVERIFY(items);
    QCOMPARE(items->foreignKeys.size(), 1);
    QCOMPARE(items->foreignKeys.first().referencedTable, u"orders"_s);
    const CatalogTable *users = catalog.findTable(u"users");
    QVERIFY(users);
    QVERIFY(users->foreignKeys.isEmpty());
}

void tst_SchemaCatalog::kindsAndRowEstimates_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("rowEstimate");
    // ANALYZE wrote sqlite_stat1 for indexed tables only; the others stay unknown.
    QTest::newRow("orders") << u"orders"_s << int(CatalogTableKind::Table) << qint64(40);
    QTest::newRow("order_items") << u"order_items"_s << int(CatalogTableKind::Table) << qint64(-1);
    QTest::newRow("view") << u"user_orders"_s << int(CatalogTableKind::View) << qint64(-1);
}

void tst_SchemaCatalog::kindsAndRowEstimates()
{
    QFETCH(QString, table);
    QFETCH(int, kind);
    QFETCH(qint64, rowEstimate);
    SchemaCatalog catalog;
    QVERIFY(catalog.tables(m_shop));
    const CatalogTable *found = catalog.findTable(table);
    QVERIFY(found);
    QCOMPARE(int(found->kind), kind);
    QCOMPARE(found->rowEstimate, rowEstimate);
    QCOMPARE(found->isView(), kind == int(CatalogTableKind::View));
}

void tst_SchemaCatalog::attachedSchemaLoadsOnDemand()
{
    const QString otherFile = m_dir.filePath(u"other.db"_s);
    {
        QSqlDatabase other = open(otherFile);
        exec(other, u"CREATE TABLE IF NOT EXISTS archive (id INTEGER PRIMARY KEY, note TEXT)"_s);
        other.close();
    }
    QSqlDatabase database = open(m_shopFile);
    exec(database, u"ATTACH DATABASE '%1' AS aux"_s.arg(otherFile));
    // A named schema first: the engine comes from the driver, not from an earlier call.
    SchemaCatalog direct;
    QVERIFY(direct.tables(database, u"aux"_s));
    QCOMPARE(direct.engine(), Engine::SQLite);
    SchemaCatalog catalog;
    const auto schemas = catalog.schemas(database);
    QVERIFY(schemas);
    QCOMPARE(schemas.value(), (QStringList{u"main"_s, u"aux"_s}));
    QVERIFY(catalog.tables(database));
    QVERIFY(catalog.isLoaded(u"main"_s));
    QVERIFY(!catalog.isLoaded(u"aux"_s));
    QVERIFY(!catalog.findTable(u"archive"));
    const auto aux = catalog.tables(database, u"aux"_s);
    QVERIFY(aux);
    QCOMPARE(aux->size(), 1);
    QCOMPARE(aux->first().schema, u"aux"_s);
    QCOMPARE(aux->first().columnNames(), (QStringList{u"id"_s, u"note"_s}));
    QVERIFY(catalog.findTable(u"aux.archive"));
    QCOMPARE(catalog.loadedSchemas(), (QStringList{u"main"_s, u"aux"_s}));
    database.close();
}

void tst_SchemaCatalog::brokenViewKeepsTheRest()
{
    QSqlDatabase database = open(m_dir.filePath(u"broken.db"_s));
    exec(database, u"CREATE TABLE gone (a INTEGER)"_s);
    exec(database, u"CREATE TABLE kept (b INTEGER, c TEXT)"_s);
    exec(database, u"CREATE VIEW dangling AS SELECT a FROM gone"_s);
    exec(database, u"DROP TABLE gone"_s);
    SchemaCatalog catalog;
    const auto tables = catalog.tables(database);
    QVERIFY(tables);
    QCOMPARE(tables->size(), 2);
    const CatalogTable *kept = catalog.findTable(u"kept");
    QVERIFY(kept);
    QCOMPARE(kept->columnNames(), (QStringList{u"b"_s, u"c"_s}));
    const CatalogTable *dangling = catalog.findTable(u"dangling");
    QVERIFY(dangling);
    QVERIFY(dangling->isView());
    QVERIFY(dangling->columns.isEmpty());
    database.close();
}

void tst_SchemaCatalog::invalidateRereads()
{
    QSqlDatabase database = open(m_dir.filePath(u"changing.db"_s));
    exec(database, u"CREATE TABLE first (a INTEGER)"_s);
    SchemaCatalog catalog;
    QCOMPARE(catalog.tables(database)->size(), 1);
    exec(database, u"CREATE TABLE second (b INTEGER)"_s);
    QCOMPARE(catalog.tables(database)->size(), 1); // cached
    catalog.invalidate(u"main"_s);
    QVERIFY(!catalog.isLoaded(u"main"_s));
    QCOMPARE(catalog.tables(database)->size(), 2);
    exec(database, u"CREATE TABLE third (c INTEGER)"_s);
    catalog.invalidate();
    QVERIFY(!catalog.hasSchemaList());
    QCOMPARE(catalog.tables(database)->size(), 3);
    database.close();
}

void tst_SchemaCatalog::namesForTheAdvisor()
{
    SchemaCatalog catalog;
    QVERIFY(catalog.tables(m_shop));
    const SchemaNames names = catalog.names();
    QCOMPARE(names.tables.size(), 5);
    QCOMPARE(names.tableNames(),
             (QStringList{u"odd \"name\""_s, u"order_items"_s, u"orders"_s, u"user_orders"_s,
                          u"users"_s}));
    const SchemaNames::Table *users = names.findTable(u"users");
    QVERIFY(users);
    QCOMPARE(users->columns, (QStringList{u"id"_s, u"username"_s, u"email"_s, u"created_at"_s}));
    QVERIFY(names.findTable(u"user_orders")->isView);
    QCOMPARE(names.tablesWithColumn(u"user_id"), QStringList{u"main.orders"_s});
}

void tst_SchemaCatalog::suggestions_data()
{
    QTest::addColumn<bool>("table");
    QTest::addColumn<QString>("wrong");
    QTest::addColumn<QStringList>("within");
    QTest::addColumn<QString>("expected");
    QTest::newRow("order -> orders") << true << u"order"_s << QStringList() << u"orders"_s;
    QTest::newRow("user -> users") << true << u"user"_s << QStringList() << u"users"_s;
    QTest::newRow("user_name -> username")
            << false << u"user_name"_s << QStringList() << u"username"_s;
    QTest::newRow("pay_time -> payment_time")
            << false << u"pay_time"_s << QStringList{u"orders"_s} << u"payment_time"_s;
}

void tst_SchemaCatalog::suggestions()
{
    QFETCH(bool, table);
    QFETCH(QString, wrong);
    QFETCH(QStringList, within);
    QFETCH(QString, expected);
    SchemaCatalog catalog;
    QVERIFY(catalog.tables(m_shop));
    const QStringList suggested =
            table ? catalog.suggestTables(wrong) : catalog.suggestColumns(wrong, within);
    QVERIFY2(!suggested.isEmpty(), qPrintable(wrong));
    QCOMPARE(suggested.first(), expected);
}

void tst_SchemaCatalog::diagnoseEndToEnd_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("suggestion");
    QTest::newRow("column_missing")
            << u"SELECT user_name FROM users"_s << u"column_missing"_s << u"username"_s;
    QTest::newRow("table_missing")
            << u"SELECT * FROM \"order\""_s << u"table_missing"_s << u"orders"_s;
}

void tst_SchemaCatalog::diagnoseEndToEnd()
{
    QFETCH(QString, sql);
    QFETCH(QString, errorClass);
    QFETCH(QString, suggestion);
    SchemaCatalog catalog;
    QVERIFY(catalog.tables(m_shop));
    const SchemaNames names = catalog.names();
    QSqlQuery query(m_shop);
    QVERIFY(!query.exec(sql));
    const Diagnosis diagnosis =
            diagnose(EngineError::fromSqlError(Engine::SQLite, query.lastError()), &names);
    QCOMPARE(errorClassName(diagnosis.errorClass()), errorClass);
    QVERIFY2(diagnosis.advice.suggestions.contains(suggestion),
             qPrintable(diagnosis.advice.suggestions.join(u", ")));
}

void tst_SchemaCatalog::closedConnectionIsDiagnosed()
{
    QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tst_schemacatalog_closed"_s);
    database.setDatabaseName(m_dir.filePath(u"never-opened.db"_s));
    SchemaCatalog catalog(Engine::SQLite);
    const auto schemas = catalog.schemas(database);
    QVERIFY(!schemas);
    QVERIFY(!schemas.error().advice.text().isEmpty());
    QVERIFY(!catalog.hasSchemaList());
    const auto tables = catalog.tables(database);
    QVERIFY(!tables);
    QVERIFY(!catalog.isLoaded(u"main"_s));
}

QTEST_GUILESS_MAIN(tst_SchemaCatalog)
#include "tst_schemacatalog.moc"
