#include "core/schema/catalogloader.h"
#include "core/schema/schemacatalog.h"
#include "tests/clickhouse/testclickhouse.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// The schema catalog of a real ClickHouse server: databases as schemas, tables with their
// engines, the Distributed table shown as such, columns with types, nullability, defaults and
// comments, row counts from system.parts, and the function list.
class TestClickHouseCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void knowsEngineAndDefaultSchema();
    void listsDatabases();
    void loadsTables();
    void loadsShardDatabase();
    void listsFunctions();
    void refusesDatabaseWithoutAccess();
    void loadsThroughSchemaCatalog();
    void fingerprintFollowsDdl();

private:
    const CatalogTable *table(const QList<CatalogTable> &tables, const QString &name);

    TestClickHouse m_server;
    QSqlDatabase m_db;
};

void TestClickHouseCatalog::initTestCase()
{
    SQLMEND_REQUIRE_CLICKHOUSE(m_server);
    m_db = m_server.open(u"SQLMEND_CH_RO_URL"_s, u"ch-catalog"_s);
    QVERIFY2(m_db.isOpen(), qPrintable(m_db.lastError().text()));
}

void TestClickHouseCatalog::fingerprintFollowsDdl()
{
    // In a database of its own, changed by the admin's writable session; each change at once
    // after the one before (no waiting for the next second).
    QSqlDatabase admin = m_server.open(u"SQLMEND_CH_ADMIN_URL"_s, u"ch-fingerprint"_s, {}, false);
    QVERIFY2(admin.isOpen(), qPrintable(admin.lastError().text()));
    const auto exec = [&admin](const QString &sql) {
        QSqlQuery query(admin);
        const bool ok = query.exec(sql);
        if (!ok)
            qWarning("%s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
        return ok;
    };
    const QString schema = u"sqlmend_fingerprint"_s;
    QVERIFY(exec(u"DROP DATABASE IF EXISTS sqlmend_fingerprint"_s));
    QVERIFY(exec(u"CREATE DATABASE sqlmend_fingerprint"_s));
    QVERIFY(exec(
            u"CREATE TABLE sqlmend_fingerprint.a (id UInt32, note String) ENGINE = MergeTree() ORDER BY id"_s));
    const auto mark = [&] { return CatalogLoader::fingerprint(admin, Engine::ClickHouse, schema); };
    const QString first = mark();
    QVERIFY(!first.isEmpty());
    QCOMPARE(mark(), first);
    QVERIFY(exec(u"INSERT INTO sqlmend_fingerprint.a VALUES (1, 'x')"_s));
    QCOMPARE(mark(), first); // rows are not the schema
    QVERIFY(exec(u"ALTER TABLE sqlmend_fingerprint.a ADD COLUMN extra Nullable(Int64)"_s));
    const QString added = mark();
    QVERIFY(added != first);
    QVERIFY(exec(u"ALTER TABLE sqlmend_fingerprint.a MODIFY COLUMN note Nullable(String)"_s));
    const QString modified = mark();
    QVERIFY(modified != added);
    QVERIFY(exec(u"CREATE TABLE sqlmend_fingerprint.b (id UInt32) ENGINE = Memory"_s));
    const QString created = mark();
    QVERIFY(created != modified);
    QVERIFY(exec(u"DROP TABLE sqlmend_fingerprint.b"_s));
    QCOMPARE(mark(), modified);
    // Another database has another fingerprint, and the default database is the one it names.
    QVERIFY(CatalogLoader::fingerprint(m_db, Engine::ClickHouse, u"sqlmend_test"_s) != modified);
    QCOMPARE(CatalogLoader::fingerprint(m_db, Engine::ClickHouse, QString()),
             CatalogLoader::fingerprint(m_db, Engine::ClickHouse, u"sqlmend_test"_s));
    QVERIFY(exec(u"DROP DATABASE sqlmend_fingerprint"_s));
    admin = QSqlDatabase();
    TestClickHouse::remove(u"ch-fingerprint"_s);
}

void TestClickHouseCatalog::cleanupTestCase()
{
    m_db = QSqlDatabase();
    TestClickHouse::remove(u"ch-catalog"_s);
}

const CatalogTable *TestClickHouseCatalog::table(const QList<CatalogTable> &tables,
                                                 const QString &name)
{
    for (const CatalogTable &candidate : tables) {
        if (candidate.name == name)
            return &candidate;
    }
    return nullptr;
}

void TestClickHouseCatalog::knowsEngineAndDefaultSchema()
{
    QCOMPARE(CatalogLoader::engineOf(m_db), Engine::ClickHouse);
    QCOMPARE(CatalogLoader::defaultSchema(m_db, Engine::ClickHouse), u"sqlmend_test"_s);
}

void TestClickHouseCatalog::listsDatabases()
{
    const auto schemas = CatalogLoader::loadSchemas(m_db, Engine::ClickHouse);
    QVERIFY2(schemas.hasValue(), qPrintable(schemas ? QString() : schemas.error().error.raw));
    QVERIFY(schemas->contains(u"sqlmend_test"_s));
    QVERIFY(schemas->contains(u"sqlmend_shard1"_s));
    QVERIFY(schemas->contains(u"sqlmend_shard2"_s));
    QVERIFY(!schemas->contains(u"system"_s));
}

void TestClickHouseCatalog::loadsTables()
{
    const auto loaded = CatalogLoader::loadTables(m_db, Engine::ClickHouse, u"sqlmend_test"_s);
    QVERIFY2(loaded.hasValue(), qPrintable(loaded ? QString() : loaded.error().error.raw));
    QStringList names;
    for (const CatalogTable &t : *loaded)
        names.append(t.name);
    QCOMPARE(names,
             (QStringList{u"order_items"_s, u"orders"_s, u"paid_orders"_s, u"payments"_s,
                          u"products"_s, u"users"_s}));

    const CatalogTable *orders = table(*loaded, u"orders"_s);
    QVERIFY(orders);
    QCOMPARE(orders->kind, CatalogTableKind::DistributedTable);
    QCOMPARE(catalogTableKindName(orders->kind), u"distributed_table"_s);
    QCOMPARE(orders->engine, u"Distributed"_s);
    QVERIFY(!orders->isView());
    QCOMPARE(orders->rowEstimate, qint64(-1)); // its rows live on the shards
    QCOMPARE(orders->columnNames(),
             (QStringList{u"id"_s, u"user_id"_s, u"status"_s, u"created_at"_s, u"total"_s}));
    QCOMPARE(orders->findColumn(u"id")->comment, u"the order id"_s);
    QCOMPARE(orders->findColumn(u"total")->type, u"Decimal(10, 2)"_s);

    const CatalogTable *users = table(*loaded, u"users"_s);
    QVERIFY(users);
    QCOMPARE(users->kind, CatalogTableKind::Table);
    QCOMPARE(users->engine, u"MergeTree"_s);
    QCOMPARE(users->rowEstimate, qint64(5));
    QCOMPARE(users->findColumn(u"username")->comment, u"login name"_s);
    QVERIFY(!users->findColumn(u"username")->nullable);
    QVERIFY(users->findColumn(u"email")->nullable);
    QCOMPARE(users->findColumn(u"email")->type, u"Nullable(String)"_s);
    QVERIFY(!users->findColumn(u"id")->isPrimaryKey()); // sorting keys are not unique

    const CatalogTable *paid = table(*loaded, u"paid_orders"_s);
    QVERIFY(paid);
    QCOMPARE(paid->kind, CatalogTableKind::View);
    QCOMPARE(paid->columnNames(), (QStringList{u"id"_s, u"user_id"_s, u"total"_s}));
}

void TestClickHouseCatalog::loadsShardDatabase()
{
    const auto loaded = CatalogLoader::loadTables(m_db, Engine::ClickHouse, u"sqlmend_shard2"_s);
    QVERIFY2(loaded.hasValue(), qPrintable(loaded ? QString() : loaded.error().error.raw));
    QCOMPARE(loaded->size(), 1);
    QCOMPARE(loaded->first().name, u"orders_local"_s);
    QCOMPARE(loaded->first().rowEstimate, qint64(3));
}

void TestClickHouseCatalog::listsFunctions()
{
    const auto functions =
            CatalogLoader::loadFunctions(m_db, Engine::ClickHouse, u"sqlmend_test"_s);
    QVERIFY(functions.hasValue());
    for (const QString &name : {u"toDate"_s, u"today"_s, u"toInt64OrNull"_s, u"arrayJoin"_s})
        QVERIFY2(functions->contains(name), qPrintable(name));
    QVERIFY(!functions->contains(u"CURDATE"_s));
}

void TestClickHouseCatalog::refusesDatabaseWithoutAccess()
{
    {
        QSqlDatabase db = m_server.open(u"SQLMEND_CH_NOGRANT_URL"_s, u"ch-nogrant"_s);
        QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
        const auto loaded = CatalogLoader::loadTables(db, Engine::ClickHouse, u"sqlmend_test"_s);
        // system.tables lists no table of a database the user may not read.
        QVERIFY(!loaded.hasValue() || loaded->isEmpty());
        const auto own = CatalogLoader::loadTables(db, Engine::ClickHouse, QString());
        QVERIFY2(own.hasValue(), qPrintable(own ? QString() : own.error().error.raw));
        QCOMPARE(own->size(), 1);
        QCOMPARE(own->first().name, u"orders_local"_s);
    }
    TestClickHouse::remove(u"ch-nogrant"_s);
}

void TestClickHouseCatalog::loadsThroughSchemaCatalog()
{
    SchemaCatalog catalog;
    const auto schemas = catalog.schemas(m_db);
    QVERIFY(schemas.hasValue());
    QCOMPARE(catalog.engine(), Engine::ClickHouse);
    const auto tables = catalog.tables(m_db, u"sqlmend_test"_s);
    QVERIFY2(tables.hasValue(), qPrintable(tables ? QString() : tables.error().error.raw));
    QCOMPARE(tables->size(), 6);
}

QTEST_GUILESS_MAIN(TestClickHouseCatalog)
#include "tst_clickhousecatalog.moc"
