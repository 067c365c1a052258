#include "core/exec/executor.h"
#include "core/schema/catalogcache.h"
#include "core/schema/catalogloader.h"
#include "core/schema/schemacatalog.h"
#include "core/schema/schemalinker.h"
#include "tests/integration/testservers.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QDeadlineTimer>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

// The catalog of the real PostgreSQL 15 and MariaDB servers of the "servers" fixture: the sample
// shop read through the executor's worker as the read-only role, and a scratch schema with
// comments, a view and statistics that the test creates as admin and drops again.
class tst_CatalogServers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void sampleShop_data();
    void sampleShop();
    void scratchSchema_data();
    void scratchSchema();
    void suggestionsFromTheLiveSchema_data();
    void suggestionsFromTheLiveSchema();
    void fingerprintFollowsChanges_data();
    void fingerprintFollowsChanges();
    void cacheReadsThrough_data();
    void cacheReadsThrough();

private:
    QSqlDatabase adminConnection(const QString &key);
    QString fingerprint(QSqlDatabase &database, const QString &schema);
    bool exec(QSqlDatabase &database, const QString &sql);

    TestServers m_servers;
    int m_connections = 0;
};

namespace {

const QString Scratch = u"sqlmend_catalog_test"_s;

} // namespace

QSqlDatabase tst_CatalogServers::adminConnection(const QString &key)
{
    const ConnectionProfile profile = m_servers.profile(key);
    QSqlDatabase database = QSqlDatabase::addDatabase(
            profile.qtDriverName(), u"tst_catalog_servers_%1"_s.arg(++m_connections));
    database.setHostName(profile.host());
    if (profile.port() > 0)
        database.setPort(profile.port());
    database.setDatabaseName(profile.database());
    database.setUserName(profile.user());
    database.setPassword(m_servers.password());
    if (!database.open())
        qWarning("cannot connect to %s: %s", qPrintable(key),
                 qPrintable(database.lastError().text()));
    return database;
}

bool tst_CatalogServers::exec(QSqlDatabase &database, const QString &sql)
{
    QSqlQuery query(database);
    if (query.exec(sql))
        return true;
    qWarning("%s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
    return false;
}

void tst_CatalogServers::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);

    QSqlDatabase pg = adminConnection(u"SQLMEND_PG_ADMIN_URL"_s);
    QVERIFY(pg.isOpen());
    const QStringList pgSetup = {
            u"DROP SCHEMA IF EXISTS %1 CASCADE"_s.arg(Scratch),
            u"CREATE SCHEMA %1"_s.arg(Scratch),
            u"CREATE TABLE %1.customers (id integer PRIMARY KEY, full_name varchar(60) NOT NULL, "
            "tier text DEFAULT 'basic')"_s.arg(Scratch),
            u"CREATE TABLE %1.invoices (id integer, line integer, customer_id integer REFERENCES "
            "%1.customers (id), amount numeric(12,2), PRIMARY KEY (id, line))"_s.arg(Scratch),
            u"CREATE VIEW %1.big_invoices AS SELECT * FROM %1.invoices WHERE amount > 100"_s.arg(
                    Scratch),
            u"COMMENT ON TABLE %1.customers IS 'People who buy'"_s.arg(Scratch),
            u"COMMENT ON COLUMN %1.customers.full_name IS 'As printed on invoices'"_s.arg(Scratch),
            u"INSERT INTO %1.customers SELECT g, 'name ' || g FROM generate_series(1, 500) g"_s.arg(
                    Scratch),
            u"ANALYZE %1.customers"_s.arg(Scratch),
    };
    for (const QString &sql : pgSetup)
        QVERIFY(exec(pg, sql));
    pg.close();

    QSqlDatabase my = adminConnection(u"SQLMEND_MARIADB_ADMIN_URL"_s);
    QVERIFY(my.isOpen());
    const QStringList mySetup = {
            u"DROP DATABASE IF EXISTS %1"_s.arg(Scratch),
            u"CREATE DATABASE %1"_s.arg(Scratch),
            u"CREATE TABLE %1.customers (id INT PRIMARY KEY, full_name VARCHAR(60) NOT NULL "
            "COMMENT 'As printed on invoices', tier VARCHAR(10) DEFAULT 'basic') ENGINE=InnoDB "
            "COMMENT='People who buy'"_s.arg(Scratch),
            u"CREATE TABLE %1.invoices (id INT, line INT, customer_id INT, amount DECIMAL(12,2), "
            "PRIMARY KEY (id, line), CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES "
            "%1.customers (id)) ENGINE=InnoDB"_s.arg(Scratch),
            u"CREATE VIEW %1.big_invoices AS SELECT * FROM %1.invoices WHERE amount > 100"_s.arg(
                    Scratch),
    };
    for (const QString &sql : mySetup)
        QVERIFY(exec(my, sql));
    my.close();
}

void tst_CatalogServers::cleanupTestCase()
{
    QSqlDatabase pg = adminConnection(u"SQLMEND_PG_ADMIN_URL"_s);
    if (pg.isOpen())
        exec(pg, u"DROP SCHEMA IF EXISTS %1 CASCADE"_s.arg(Scratch));
    QSqlDatabase my = adminConnection(u"SQLMEND_MARIADB_ADMIN_URL"_s);
    if (my.isOpen())
        exec(my, u"DROP DATABASE IF EXISTS %1"_s.arg(Scratch));
}

void tst_CatalogServers::sampleShop_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("schema");
    QTest::newRow("postgresql") << u"SQLMEND_PG_RO_URL"_s << u"public"_s;
    QTest::newRow("mariadb") << u"SQLMEND_MARIADB_RO_URL"_s << u"sqlmend_test"_s;
}

void tst_CatalogServers::sampleShop()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, schema);
    // The realistic path: the executor's worker thread owns the connection, the catalog comes
    // back by value.
    Executor executor(m_servers.profile(urlKey), m_servers.password());
    const auto server = executor.open().result();
    QVERIFY2(server, qPrintable(server ? QString() : server.error().advice.text()));
    const Engine engine = server->engine;
    const auto loaded =
            executor.submit<Result<SchemaCatalog, Diagnosis>>(
                            [engine](QSqlDatabase &database) -> Result<SchemaCatalog, Diagnosis> {
                                SchemaCatalog catalog(engine);
                                const auto schemas = catalog.schemas(database);
                                if (!schemas)
                                    return makeUnexpected(schemas.error());
                                const auto tables = catalog.tables(database);
                                if (!tables)
                                    return makeUnexpected(tables.error());
                                return catalog;
                            })
                    .result();
    QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().advice.text()));
    const SchemaCatalog &catalog = loaded.value();
    QCOMPARE(catalog.loadedSchemas(), QStringList{schema});
    const QList<CatalogTable> tables = catalog.loadedTables(schema);
    QStringList names;
    for (const CatalogTable &table : tables)
        names.append(table.name);
    QCOMPARE(
            names,
            (QStringList{u"order_items"_s, u"orders"_s, u"payments"_s, u"products"_s, u"users"_s}));

    const CatalogTable *users = catalog.findTable(u"users");
    QVERIFY(users);
    QCOMPARE(users->columnNames(),
             (QStringList{u"id"_s, u"username"_s, u"email"_s, u"country"_s, u"created_at"_s}));
    QVERIFY(users->findColumn(u"id")->isPrimaryKey());
    QVERIFY(!users->findColumn(u"username")->nullable);
    QVERIFY(users->findColumn(u"email")->nullable);
    QVERIFY(users->findColumn(u"username")->type.contains(u"40"));

    const CatalogTable *items = catalog.findTable(u"order_items");
    QVERIFY(items);
    QCOMPARE(items->findColumn(u"order_id")->primaryKeyPosition, 1);
    QCOMPARE(items->findColumn(u"product_id")->primaryKeyPosition, 2);
    QCOMPARE(items->foreignKeys.size(), 2);
    QStringList referenced;
    for (const CatalogForeignKey &key : items->foreignKeys) {
        QCOMPARE(key.columns.size(), 1);
        QCOMPARE(key.referencedColumns, QStringList{u"id"_s});
        referenced.append(key.referencedTable);
    }
    referenced.sort();
    QCOMPARE(referenced, (QStringList{u"orders"_s, u"products"_s}));
}

void tst_CatalogServers::scratchSchema_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::newRow("postgresql") << u"SQLMEND_PG_ADMIN_URL"_s;
    QTest::newRow("mariadb") << u"SQLMEND_MARIADB_ADMIN_URL"_s;
}

void tst_CatalogServers::scratchSchema()
{
    QFETCH(QString, urlKey);
    QSqlDatabase database = adminConnection(urlKey);
    QVERIFY(database.isOpen());
    SchemaCatalog catalog;
    const auto schemas = catalog.schemas(database);
    QVERIFY(schemas);
    QVERIFY2(schemas->contains(Scratch), qPrintable(schemas->join(u", ")));
    QVERIFY(!catalog.isLoaded(Scratch)); // listed, not loaded
    const auto tables = catalog.tables(database, Scratch);
    QVERIFY2(tables, qPrintable(tables ? QString() : tables.error().advice.text()));
    QCOMPARE(tables->size(), 3);

    const CatalogTable *customers = catalog.findTable(Scratch + u".customers"_s);
    QVERIFY(customers);
    QCOMPARE(customers->kind, CatalogTableKind::Table);
    QCOMPARE(customers->comment, u"People who buy"_s);
    QCOMPARE(customers->findColumn(u"full_name")->comment, u"As printed on invoices"_s);
    QVERIFY(customers->findColumn(u"tier")->defaultValue.contains(u"basic"));
    if (urlKey.contains(u"PG"))
        QCOMPARE(customers->rowEstimate, qint64(500)); // ANALYZE ran
    else
        QVERIFY(customers->rowEstimate >= 0); // InnoDB always estimates

    const CatalogTable *invoices = catalog.findTable(u"invoices");
    QVERIFY(invoices);
    QCOMPARE(invoices->findColumn(u"line")->primaryKeyPosition, 2);
    QCOMPARE(invoices->foreignKeys.size(), 1);
    QCOMPARE(invoices->foreignKeys.first().columns, QStringList{u"customer_id"_s});
    QCOMPARE(invoices->foreignKeys.first().referencedTable, u"customers"_s);
    QCOMPARE(invoices->foreignKeys.first().referencedSchema, Scratch);
    QVERIFY(invoices->findColumn(u"amount")->type.contains(u"12,2"));

    const CatalogTable *view = catalog.findTable(u"big_invoices");
    QVERIFY(view);
    QCOMPARE(view->kind, CatalogTableKind::View);
    QCOMPARE(view->columns.size(), 4);
    QVERIFY(view->comment.isEmpty());
    database.close();
}

void tst_CatalogServers::suggestionsFromTheLiveSchema_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("suggestion");
    QTest::newRow("pg column") << u"SQLMEND_PG_RO_URL"_s << u"SELECT user_name FROM users"_s
                               << u"column_missing"_s << u"username"_s;
    QTest::newRow("pg table") << u"SQLMEND_PG_RO_URL"_s << u"SELECT * FROM payment"_s
                              << u"table_missing"_s << u"payments"_s;
    QTest::newRow("mariadb column")
            << u"SQLMEND_MARIADB_RO_URL"_s << u"SELECT pay_time FROM payments"_s
            << u"column_missing"_s << u"payment_time"_s;
    QTest::newRow("mariadb table") << u"SQLMEND_MARIADB_RO_URL"_s << u"SELECT * FROM payment"_s
                                   << u"table_missing"_s << u"payments"_s;
}

void tst_CatalogServers::suggestionsFromTheLiveSchema()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, sql);
    QFETCH(QString, errorClass);
    QFETCH(QString, suggestion);
    const ConnectionProfile profile = m_servers.profile(urlKey);
    QSqlDatabase database = adminConnection(urlKey);
    database.close();
    database.setUserName(profile.user());
    QVERIFY(database.open());
    SchemaCatalog catalog;
    QVERIFY(catalog.tables(database));
    const SchemaNames names = catalog.names();
    QSqlQuery query(database);
    QVERIFY(!query.exec(sql));
    const Diagnosis diagnosis =
            diagnose(EngineError::fromSqlError(catalog.engine(), query.lastError()), &names);
    QCOMPARE(errorClassName(diagnosis.errorClass()), errorClass);
    if (!suggestion.isEmpty()) {
        QVERIFY2(diagnosis.advice.suggestions.contains(suggestion),
                 qPrintable(diagnosis.advice.suggestions.join(u", ")));
    }
    database.close();
}

// MariaDB gives none for two seconds after a change (its times count seconds): wait that out.
QString tst_CatalogServers::fingerprint(QSqlDatabase &database, const QString &schema)
{
    const Engine engine = CatalogLoader::engineOf(database);
    QDeadlineTimer deadline(15000);
    for (;;) {
        const QString mark = CatalogLoader::fingerprint(database, engine, schema);
        if (!mark.isEmpty() || deadline.hasExpired())
            return mark;
        QThread::msleep(250);
    }
}

void tst_CatalogServers::fingerprintFollowsChanges_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<bool>("changes");
    // %1 is the scratch schema, %2 a table of the row's own: id, name, a_id.
    const QList<std::tuple<const char *, QString, bool>> postgres = {
            {"rows", u"INSERT INTO %1.%2 VALUES (1, 'x', NULL)"_s, false},
            {"analyze", u"ANALYZE %1.%2"_s, false},
            {"temporary table", u"CREATE TEMPORARY TABLE temp_%2 (x int) /* not in %1 */"_s, false},
            {"renamed column", u"ALTER TABLE %1.%2 RENAME COLUMN name TO label"_s, true},
            {"not null", u"ALTER TABLE %1.%2 ALTER COLUMN name SET NOT NULL"_s, true},
            {"type", u"ALTER TABLE %1.%2 ALTER COLUMN name TYPE varchar(90)"_s, true},
            {"default", u"ALTER TABLE %1.%2 ALTER COLUMN name SET DEFAULT 'n'"_s, true},
            {"dropped column", u"ALTER TABLE %1.%2 DROP COLUMN name"_s, true},
            {"column comment", u"COMMENT ON COLUMN %1.%2.name IS 'said'"_s, true},
            {"foreign key", u"ALTER TABLE %1.%2 ADD FOREIGN KEY (a_id) REFERENCES %1.%2 (id)"_s,
             true},
            {"renamed table", u"ALTER TABLE %1.%2 RENAME TO %2_renamed"_s, true},
    };
    for (const auto &[tag, statement, changes] : postgres)
        QTest::addRow("postgresql %s", tag) << u"SQLMEND_PG_ADMIN_URL"_s << statement << changes;
    const QList<std::tuple<const char *, QString, bool>> mariadb = {
            {"rows", u"INSERT INTO %1.%2 VALUES (1, 'x', NULL)"_s, false},
            {"renamed column", u"ALTER TABLE %1.%2 RENAME COLUMN name TO label"_s, true},
            {"type", u"ALTER TABLE %1.%2 MODIFY name VARCHAR(90) NOT NULL"_s, true},
            {"column comment", u"ALTER TABLE %1.%2 MODIFY name VARCHAR(40) COMMENT 'said'"_s, true},
            {"view", u"CREATE VIEW %1.%2_view AS SELECT id FROM %1.%2"_s, true},
    };
    for (const auto &[tag, statement, changes] : mariadb)
        QTest::addRow("mariadb %s", tag) << u"SQLMEND_MARIADB_ADMIN_URL"_s << statement << changes;
}

void tst_CatalogServers::fingerprintFollowsChanges()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, statement);
    QFETCH(bool, changes);
    QSqlDatabase database = adminConnection(urlKey);
    QVERIFY(database.isOpen());
    const QString table = u"fp_%1"_s.arg(++m_connections);
    QVERIFY(exec(database,
                 u"CREATE TABLE %1.%2 (id integer PRIMARY KEY, name varchar(40), "
                 "a_id integer)"_s.arg(Scratch, table)));
    const QString before = fingerprint(database, Scratch);
    QVERIFY(!before.isEmpty());
    QVERIFY(exec(database, statement.arg(Scratch, table)));
    const QString after = fingerprint(database, Scratch);
    QVERIFY(!after.isEmpty());
    QCOMPARE(after != before, changes);
    // What the statement did not change stays put for a connection of another role too.
    database.close();
}

void tst_CatalogServers::cacheReadsThrough_data()
{
    QTest::addColumn<QString>("urlKey");
    QTest::addColumn<QString>("schema");
    QTest::newRow("postgresql") << u"SQLMEND_PG_RO_URL"_s << u"public"_s;
    QTest::newRow("mariadb") << u"SQLMEND_MARIADB_RO_URL"_s << u"sqlmend_test"_s;
}

// The cache on a server's catalog as the read-only role reads it: read, cached, read back, the
// same index. The sample shop does not change during the run.
void tst_CatalogServers::cacheReadsThrough()
{
    QFETCH(QString, urlKey);
    QFETCH(QString, schema);
    QTemporaryDir dir;
    const CatalogCache cache(dir.filePath(u"catalog-cache.sqlite"_s));
    const ConnectionProfile profile = m_servers.profile(urlKey);
    Executor executor(profile, m_servers.password());
    QVERIFY(executor.open().result());
    using Snapshot = Result<std::shared_ptr<const CatalogSnapshot>, Diagnosis>;
    const auto current = [&] {
        return executor
                .submit<Snapshot>([&](QSqlDatabase &database) {
                    QDeadlineTimer settled(15000); // MariaDB: no fingerprint right after a change
                    while (CatalogLoader::fingerprint(database, CatalogLoader::engineOf(database),
                                                      schema)
                                   .isEmpty()
                           && !settled.hasExpired())
                        QThread::msleep(250);
                    return cache.current(database, CatalogLoader::engineOf(database),
                                         profile.toUrl(), schema, CatalogCache::Needs::Index);
                })
                .result();
    };
    const Snapshot first = current();
    QVERIFY2(first, qPrintable(first ? QString() : first.error().advice.text()));
    QCOMPARE(first.value()->source, CatalogSnapshot::Source::Database);
    QVERIFY(!first.value()->fingerprint.isEmpty());
    QVERIFY(first.value()->tables.size() >= 5);
    const Snapshot second = current();
    QVERIFY(second);
    QCOMPARE(second.value()->source, CatalogSnapshot::Source::Cache);
    QCOMPARE(second.value()->tables, first.value()->tables);
    QCOMPARE(second.value()->linker->link(u"payments of users"_s).text,
             first.value()->linker->link(u"payments of users"_s).text);
}

QTEST_GUILESS_MAIN(tst_CatalogServers)
#include "tst_catalog_servers.moc"
