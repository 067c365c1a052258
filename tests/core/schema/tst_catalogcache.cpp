#include "core/schema/catalogcache.h"
#include "core/schema/catalogloader.h"
#include "core/schema/schemalinker.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

CatalogTable handMade(const QString &name, const QStringList &columns)
{
    CatalogTable table;
    table.schema = u"main"_s;
    table.name = name;
    table.comment = u"about %1"_s.arg(name);
    table.rowEstimate = 42;
    for (qsizetype i = 0; i < columns.size(); ++i) {
        CatalogColumn column;
        column.name = columns.at(i);
        column.type = i == 0 ? u"INTEGER"_s : u"varchar(%1)"_s.arg(i * 10);
        column.nullable = i != 0;
        column.primaryKeyPosition = i == 0 ? 1 : 0;
        column.defaultValue = i == 1 ? u"'none'"_s : QString();
        column.comment = i == 2 ? u"列 %1"_s.arg(columns.at(i)) : QString();
        table.columns.append(column);
    }
    return table;
}

} // namespace

// The lean catalog (one string pool per load, packed column records), its binary form, the
// schema fingerprints of SQLite, and the catalog cache that processes share: read through,
// kept by fingerprint, refreshed on change, safe with many writers, replaced when damaged.
class tst_CatalogCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void namesAreHeldOnce();
    void sealedPoolIsCopiedOnWrite();
    void roundTrip_data();
    void roundTrip();
    void damagedBytesAreRefused();
    void sqliteFingerprint_data();
    void sqliteFingerprint();
    void replacedFileHasAnotherFingerprint();
    void memoryDatabaseIsNotCached();
    void readsThroughTheCache();
    void indexFromTheCacheLinksAlike();
    void tablesEntryGainsAnIndex();
    void damagedCacheFileIsReplaced();
    void disabledCacheReadsTheDatabase();
    void manyWritersAtOnce();
    void keepsTheNewestEntries();
    void restoreRefusesAnotherCatalogsIndex();

private:
    QSqlDatabase open(const QString &file);
    void exec(QSqlDatabase &database, const QString &sql);
    QString freshCachePath();
    QString shopFile(const QString &name);

    QTemporaryDir m_dir;
    int m_connections = 0;
    int m_caches = 0;
};

QSqlDatabase tst_CatalogCache::open(const QString &file)
{
    QSqlDatabase database =
            QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tst_catalogcache_%1"_s.arg(++m_connections));
    database.setDatabaseName(file);
    if (!database.open())
        qFatal("cannot open %s", qPrintable(file));
    return database;
}

void tst_CatalogCache::exec(QSqlDatabase &database, const QString &sql)
{
    QSqlQuery query(database);
    if (!query.exec(sql))
        qFatal("setup failed: %s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
}

QString tst_CatalogCache::freshCachePath()
{
    return m_dir.filePath(u"cache-%1/catalog-cache.sqlite"_s.arg(++m_caches));
}

// A small shop whose tables share column names and types.
QString tst_CatalogCache::shopFile(const QString &name)
{
    const QString file = m_dir.filePath(name);
    QSqlDatabase database = open(file);
    for (const QString &sql : {
                 u"CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, "
                 "created_at TEXT DEFAULT CURRENT_TIMESTAMP)"_s,
                 u"CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES "
                 "users(id), created_at TEXT, total REAL)"_s,
                 u"CREATE TABLE payments (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES "
                 "orders(id), created_at TEXT, amount REAL)"_s,
                 u"CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100"_s,
         }) {
        exec(database, sql);
    }
    database.close();
    return file;
}

void tst_CatalogCache::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void tst_CatalogCache::namesAreHeldOnce()
{
    QSqlDatabase database = open(shopFile(u"held-once.db"_s));
    const auto loaded = CatalogLoader::loadTables(database, Engine::SQLite, u"main"_s);
    QVERIFY(loaded);
    const QList<CatalogTable> &tables = loaded.value();
    QCOMPARE(tables.size(), 4);
    // One pool for the whole load, and "id" or "created_at" one buffer however many tables.
    const auto pool = tables.first().columns.strings();
    QVERIFY(pool->isSealed());
    QStringList ids;
    for (const CatalogTable &table : tables) {
        QCOMPARE(table.columns.strings(), pool);
        const qsizetype id = table.columns.indexOf(u"id");
        QVERIFY(id >= 0);
        QCOMPARE(table.columns.name(id).constData(),
                 tables.first().columns.name(tables.first().columns.indexOf(u"id")).constData());
    }
    const QStringList pooled = pool->strings();
    QCOMPARE(pooled.count(u"created_at"_s), 1);
    QCOMPARE(pooled.count(u"INTEGER"_s), 1);
    QCOMPARE(QSet<QString>(pooled.cbegin(), pooled.cend()).size(), pooled.size());
    // The values handed out are whole columns, equal to what was read.
    const auto orders = std::find_if(tables.cbegin(), tables.cend(),
                                     [](const CatalogTable &t) { return t.name == u"orders"; });
    QVERIFY(orders != tables.cend());
    QCOMPARE(orders->columnNames(),
             (QStringList{u"id"_s, u"user_id"_s, u"created_at"_s, u"total"_s}));
    const std::optional<CatalogColumn> id = orders->findColumn(u"ID");
    QVERIFY(id);
    QCOMPARE(id->type, u"INTEGER"_s);
    QVERIFY(id->isPrimaryKey());
    QCOMPARE(orders->foreignKeys.size(), 1);
    QCOMPARE(orders->foreignKeys.first().referencedTable, u"users"_s);
    database.close();
}

void tst_CatalogCache::sealedPoolIsCopiedOnWrite()
{
    QSqlDatabase database = open(shopFile(u"copy-on-write.db"_s));
    const QList<CatalogTable> tables =
            CatalogLoader::loadTables(database, Engine::SQLite, u"main"_s).value();
    const auto pool = tables.first().columns.strings();
    const qsizetype poolSize = pool->size();
    CatalogTable changed = tables.first();
    CatalogColumn extra;
    extra.name = u"added_later"_s;
    extra.type = u"BLOB"_s;
    changed.columns.append(extra);
    // The copy has a pool of its own; the load's pool and its other tables are as they were.
    QVERIFY(changed.columns.strings() != pool);
    QCOMPARE(pool->size(), poolSize);
    QCOMPARE(changed.columns.size(), tables.first().columns.size() + 1);
    QCOMPARE(changed.columns.last().name, u"added_later"_s);
    QCOMPARE(changed.columns.first(), tables.first().columns.first());
    QVERIFY(!tables.first().columns.names().contains(u"added_later"_s));
    database.close();
}

void tst_CatalogCache::roundTrip_data()
{
    QTest::addColumn<QList<CatalogTable>>("tables");
    QTest::newRow("nothing") << QList<CatalogTable>();
    QTest::newRow("hand-made, a pool each")
            << QList<CatalogTable>{handMade(u"users"_s, {u"id"_s, u"name"_s, u"city"_s}),
                                   handMade(u"订单"_s, {u"id"_s, u"用户"_s, u"金额"_s, u"x"_s})};
    CatalogTable keyed = handMade(u"orders"_s, {u"id"_s, u"user_id"_s, u"note"_s});
    keyed.kind = CatalogTableKind::MaterializedView;
    keyed.rowEstimate = -1;
    CatalogForeignKey key;
    key.name = u"orders_user_fk"_s;
    key.columns = {u"user_id"_s};
    key.referencedSchema = u"main"_s;
    key.referencedTable = u"users"_s;
    key.referencedColumns = {u"id"_s};
    keyed.foreignKeys = {key, key};
    CatalogTable empty;
    empty.name = u"no columns"_s;
    QTest::newRow("keys, kinds, no columns") << QList<CatalogTable>{keyed, empty};
    QSqlDatabase database = open(shopFile(u"round-trip.db"_s));
    QTest::newRow("a load, one pool")
            << CatalogLoader::loadTables(database, Engine::SQLite, u"main"_s).value();
    database.close();
}

void tst_CatalogCache::roundTrip()
{
    QFETCH(QList<CatalogTable>, tables);
    const QByteArray bytes = serializeCatalogTables(tables);
    const std::optional<QList<CatalogTable>> back = deserializeCatalogTables(bytes);
    QVERIFY(back);
    QCOMPARE(back->size(), tables.size());
    for (qsizetype i = 0; i < tables.size(); ++i) {
        QCOMPARE(back->at(i).name, tables.at(i).name);
        QCOMPARE(back->at(i).columnNames(), tables.at(i).columnNames());
        QVERIFY(back->at(i) == tables.at(i));
    }
    // Restored tables share one pool too.
    if (back->size() > 1 && !back->first().columns.isEmpty())
        QCOMPARE(back->first().columns.strings(), back->last().columns.strings());
}

void tst_CatalogCache::damagedBytesAreRefused()
{
    const QList<CatalogTable> tables = {handMade(u"users"_s, {u"id"_s, u"name"_s, u"city"_s}),
                                        handMade(u"orders"_s, {u"id"_s, u"user_id"_s})};
    const QByteArray bytes = serializeCatalogTables(tables);
    // Every cut short is refused, and so is anything after the end.
    for (qsizetype size = 0; size < bytes.size(); ++size)
        QVERIFY2(!deserializeCatalogTables(bytes.left(size)), qPrintable(QString::number(size)));
    QVERIFY(!deserializeCatalogTables(bytes + "x"));
    QByteArray otherVersion = bytes;
    otherVersion[4] = char(99);
    QVERIFY(!deserializeCatalogTables(otherVersion));
    // Bytes flipped anywhere never crash and never hand out a number outside the pool.
    QRandomGenerator random(16);
    for (int round = 0; round < 2000; ++round) {
        QByteArray damaged = bytes;
        for (int flips = 0; flips < 3; ++flips)
            damaged[random.bounded(int(damaged.size()))] = char(random.bounded(256));
        const std::optional<QList<CatalogTable>> read = deserializeCatalogTables(damaged);
        if (read) {
            for (const CatalogTable &table : *read) {
                for (const CatalogColumn &column : table.columns)
                    Q_UNUSED(column.name.size());
            }
        }
    }
}

void tst_CatalogCache::sqliteFingerprint_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<bool>("changes");
    QTest::newRow("rows") << u"INSERT INTO users (username) VALUES ('ann')"_s << false;
    QTest::newRow("update") << u"UPDATE users SET username = 'bob'"_s << false;
    QTest::newRow("new table") << u"CREATE TABLE extra (a INTEGER)"_s << true;
    QTest::newRow("new column") << u"ALTER TABLE users ADD COLUMN city TEXT"_s << true;
    QTest::newRow("renamed column")
            << u"ALTER TABLE users RENAME COLUMN username TO login"_s << true;
    QTest::newRow("renamed table") << u"ALTER TABLE payments RENAME TO settlements"_s << true;
    QTest::newRow("new view") << u"CREATE VIEW v AS SELECT 1 AS one"_s << true;
    QTest::newRow("dropped view") << u"DROP VIEW big_orders"_s << true;
}

void tst_CatalogCache::sqliteFingerprint()
{
    QFETCH(QString, statement);
    QFETCH(bool, changes);
    QSqlDatabase database =
            open(shopFile(u"fingerprint-%1.db"_s.arg(QString::fromUtf8(QTest::currentDataTag()))
                                  .replace(u' ', u'-')));
    const QString before = CatalogLoader::fingerprint(database, Engine::SQLite, u"main"_s);
    QVERIFY(!before.isEmpty());
    QCOMPARE(CatalogLoader::fingerprint(database, Engine::SQLite, u"main"_s), before);
    exec(database, statement);
    const QString after = CatalogLoader::fingerprint(database, Engine::SQLite, u"main"_s);
    QCOMPARE(after != before, changes);
    // A second connection, as another process would have, sees the same.
    QSqlDatabase other = open(database.databaseName());
    QCOMPARE(CatalogLoader::fingerprint(other, Engine::SQLite, u"main"_s), after);
    other.close();
    database.close();
}

void tst_CatalogCache::replacedFileHasAnotherFingerprint()
{
    const QString file = shopFile(u"replaced.db"_s);
    QSqlDatabase database = open(file);
    const QString first = CatalogLoader::fingerprint(database, Engine::SQLite, u"main"_s);
    database.close();
    // Moved aside rather than deleted, so that the new file cannot take over its identity.
    QVERIFY(QFile::rename(file, file + u".old"_s));
    QCOMPARE(shopFile(u"replaced.db"_s), file);
    QSqlDatabase again = open(file);
    const QString second = CatalogLoader::fingerprint(again, Engine::SQLite, u"main"_s);
    QVERIFY(!second.isEmpty());
    QVERIFY(second != first); // the same schema version, another file
    again.close();
}

void tst_CatalogCache::memoryDatabaseIsNotCached()
{
    QSqlDatabase database = open(u":memory:"_s);
    exec(database, u"CREATE TABLE t (a INTEGER)"_s);
    QVERIFY(CatalogLoader::fingerprint(database, Engine::SQLite, u"main"_s).isEmpty());
    const CatalogCache cache(freshCachePath());
    const auto snapshot = cache.current(database, Engine::SQLite, u"sqlite://:memory:"_s, {},
                                        CatalogCache::Needs::Tables);
    QVERIFY(snapshot);
    QCOMPARE(snapshot.value()->tables.size(), 1);
    QVERIFY(snapshot.value()->fingerprint.isEmpty());
    QCOMPARE(cache.entryCount(), -1); // nothing was written, not even the file
    database.close();
}

void tst_CatalogCache::readsThroughTheCache()
{
    const QString file = shopFile(u"through.db"_s);
    const QString datasource = u"sqlite://"_s + file;
    const CatalogCache cache(freshCachePath());
    QSqlDatabase database = open(file);
    const auto first =
            cache.current(database, Engine::SQLite, datasource, {}, CatalogCache::Needs::Tables);
    QVERIFY(first);
    QCOMPARE(first.value()->source, CatalogSnapshot::Source::Database);
    QCOMPARE(first.value()->schema, u"main"_s);
    QCOMPARE(first.value()->tables.size(), 4);
    QCOMPARE(cache.entryCount(), 1);

    // Another process: no snapshot of its own, the same entry.
    QSqlDatabase other = open(file);
    const auto second =
            cache.current(other, Engine::SQLite, datasource, {}, CatalogCache::Needs::Tables);
    QVERIFY(second);
    QCOMPARE(second.value()->source, CatalogSnapshot::Source::Cache);
    QCOMPARE(second.value()->tables, first.value()->tables);
    QCOMPARE(second.value()->functions, first.value()->functions);
    // The same process again, nothing changed: the same snapshot.
    const auto again = cache.current(other, Engine::SQLite, datasource, {},
                                     CatalogCache::Needs::Tables, second.value());
    QVERIFY(again);
    QCOMPARE(again.value(), second.value());

    // A change anywhere shows at the next question, from any connection.
    exec(database, u"ALTER TABLE users ADD COLUMN city TEXT"_s);
    const auto changed = cache.current(other, Engine::SQLite, datasource, {},
                                       CatalogCache::Needs::Tables, second.value());
    QVERIFY(changed);
    QCOMPARE(changed.value()->source, CatalogSnapshot::Source::Database);
    const auto users =
            std::find_if(changed.value()->tables.cbegin(), changed.value()->tables.cend(),
                         [](const CatalogTable &t) { return t.name == u"users"; });
    QVERIFY(users->columnNames().contains(u"city"_s));
    QCOMPARE(cache.entryCount(), 1); // replaced, not added
    // Asked to reload: the database, whatever the fingerprint says.
    const auto reloaded = cache.current(other, Engine::SQLite, datasource, {},
                                        CatalogCache::Needs::Tables, changed.value(), true);
    QVERIFY(reloaded);
    QCOMPARE(reloaded.value()->source, CatalogSnapshot::Source::Database);
    other.close();
    database.close();
}

void tst_CatalogCache::indexFromTheCacheLinksAlike()
{
    const QString file = shopFile(u"index.db"_s);
    const QString datasource = u"sqlite://"_s + file;
    const CatalogCache cache(freshCachePath());
    QSqlDatabase database = open(file);
    const auto built =
            cache.current(database, Engine::SQLite, datasource, {}, CatalogCache::Needs::Index);
    QVERIFY(built);
    QVERIFY(built.value()->linker);
    QVERIFY(built.value()->names);
    QCOMPARE(built.value()->names->tables.size(), 4);
    const auto restored =
            cache.current(database, Engine::SQLite, datasource, {}, CatalogCache::Needs::Index);
    QVERIFY(restored);
    QCOMPARE(restored.value()->source, CatalogSnapshot::Source::Cache);
    QVERIFY(restored.value()->linker);
    for (const QString &question :
         {u"total of orders per user"_s, u"payments amount"_s, u"用户"_s, u"nothing matches"_s}) {
        const LinkedSchema fresh = built.value()->linker->link(question, 500);
        const LinkedSchema cached = restored.value()->linker->link(question, 500);
        QCOMPARE(cached.tables, fresh.tables);
        QCOMPARE(cached.matched, fresh.matched);
        QCOMPARE(cached.text, fresh.text);
    }
    QCOMPARE(restored.value()->names->tableNames(), built.value()->names->tableNames());
    QCOMPARE(restored.value()->names->columnNames(), built.value()->names->columnNames());
    database.close();
}

void tst_CatalogCache::tablesEntryGainsAnIndex()
{
    const QString file = shopFile(u"gains-index.db"_s);
    const QString datasource = u"sqlite://"_s + file;
    const CatalogCache cache(freshCachePath());
    QSqlDatabase database = open(file);
    // The schema tree came first: an entry without an index.
    QVERIFY(cache.current(database, Engine::SQLite, datasource, {}, CatalogCache::Needs::Tables));
    QVERIFY(!cache.read(datasource, u"main"_s,
                        CatalogLoader::fingerprint(database, Engine::SQLite, u"main"_s),
                        CatalogCache::Needs::Index));
    // The first question builds the index over the cached tables and stores it.
    const auto question =
            cache.current(database, Engine::SQLite, datasource, {}, CatalogCache::Needs::Index);
    QVERIFY(question);
    QCOMPARE(question.value()->source, CatalogSnapshot::Source::Cache);
    QVERIFY(question.value()->linker);
    const auto entry = cache.read(datasource, u"main"_s, question.value()->fingerprint,
                                  CatalogCache::Needs::Index);
    QVERIFY(entry);
    QVERIFY(entry->linker);
    QCOMPARE(entry->linker->tableCount(), 4);
    database.close();
}

void tst_CatalogCache::damagedCacheFileIsReplaced()
{
    const QString path = freshCachePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    {
        QFile garbage(path);
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write(QByteArray(8192, 'x'));
    }
    const QString file = shopFile(u"damaged-cache.db"_s);
    const CatalogCache cache(path);
    QSqlDatabase database = open(file);
    const auto first = cache.current(database, Engine::SQLite, u"sqlite://"_s + file, {},
                                     CatalogCache::Needs::Tables);
    QVERIFY(first);
    QCOMPARE(first.value()->tables.size(), 4);
    const auto second = cache.current(database, Engine::SQLite, u"sqlite://"_s + file, {},
                                      CatalogCache::Needs::Tables);
    QVERIFY(second);
    QCOMPARE(second.value()->source, CatalogSnapshot::Source::Cache);
    QCOMPARE(cache.entryCount(), 1);
    database.close();
}

void tst_CatalogCache::disabledCacheReadsTheDatabase()
{
    const QString file = shopFile(u"disabled.db"_s);
    const CatalogCache cache{QString()};
    QVERIFY(!cache.isEnabled());
    QSqlDatabase database = open(file);
    for (int i = 0; i < 2; ++i) {
        const auto snapshot = cache.current(database, Engine::SQLite, u"sqlite://"_s + file, {},
                                            CatalogCache::Needs::Tables);
        QVERIFY(snapshot);
        QCOMPARE(snapshot.value()->source, CatalogSnapshot::Source::Database);
    }
    qputenv("SQLMEND_CATALOG_CACHE", "");
    QVERIFY(CatalogCache::defaultPath().isEmpty());
    qputenv("SQLMEND_CATALOG_CACHE", "/somewhere/else.sqlite");
    QCOMPARE(CatalogCache::defaultPath(), u"/somewhere/else.sqlite"_s);
    qunsetenv("SQLMEND_CATALOG_CACHE");
    QVERIFY(CatalogCache::defaultPath().endsWith(u"catalog-cache.sqlite"_s));
    database.close();
}

void tst_CatalogCache::manyWritersAtOnce()
{
    // Four writers, as four processes would, each on its own connection to the same file:
    // entries of their own and one they all replace, read back as they go.
    const QString path = freshCachePath();
    const QString file = shopFile(u"writers.db"_s);
    QSqlDatabase database = open(file);
    CatalogSnapshot snapshot;
    snapshot.engine = Engine::SQLite;
    snapshot.schema = u"main"_s;
    snapshot.tables = CatalogLoader::loadTables(database, Engine::SQLite, u"main"_s).value();
    snapshot.linker = SchemaLinker::build(snapshot.tables).value();
    database.close();
    std::atomic<int> failures{0};
    std::vector<std::thread> writers;
    for (int w = 0; w < 4; ++w) {
        writers.emplace_back([&, w] {
            const CatalogCache cache(path);
            for (int round = 0; round < 15; ++round) {
                CatalogSnapshot mine = snapshot;
                mine.datasource = round % 3 == 0 ? u"shared"_s : u"writer-%1"_s.arg(w);
                mine.fingerprint = u"f%1"_s.arg(round);
                if (!cache.write(mine))
                    ++failures;
                const auto back = cache.read(mine.datasource, u"main"_s, mine.fingerprint,
                                             CatalogCache::Needs::Index);
                // The shared entry may already hold another writer's round: never half of one.
                if (mine.datasource != u"shared" && (!back || back->tables != snapshot.tables))
                    ++failures;
            }
        });
    }
    for (std::thread &writer : writers)
        writer.join();
    QCOMPARE(failures.load(), 0);
    const CatalogCache cache(path);
    QCOMPARE(cache.entryCount(), 5);
    for (int w = 0; w < 4; ++w) {
        const auto entry =
                cache.read(u"writer-%1"_s.arg(w), u"main"_s, u"f14"_s, CatalogCache::Needs::Index);
        QVERIFY(entry);
        QCOMPARE(entry->tables, snapshot.tables);
    }
}

void tst_CatalogCache::keepsTheNewestEntries()
{
    const CatalogCache cache(freshCachePath());
    CatalogSnapshot snapshot;
    snapshot.schema = u"main"_s;
    snapshot.fingerprint = u"f"_s;
    snapshot.tables = {handMade(u"t"_s, {u"id"_s})};
    for (int i = 0; i < CatalogCache::MaxEntries + 3; ++i) {
        snapshot.datasource = u"source-%1"_s.arg(i);
        QVERIFY(cache.write(snapshot));
    }
    QCOMPARE(cache.entryCount(), CatalogCache::MaxEntries);
    QVERIFY(cache.read(u"source-%1"_s.arg(CatalogCache::MaxEntries + 2), u"main"_s, u"f"_s,
                       CatalogCache::Needs::Tables));
    // No fingerprint, nothing to key it by: not written.
    snapshot.fingerprint.clear();
    QVERIFY(!cache.write(snapshot));
}

void tst_CatalogCache::restoreRefusesAnotherCatalogsIndex()
{
    const QList<CatalogTable> five = {handMade(u"a"_s, {u"id"_s}), handMade(u"b"_s, {u"id"_s}),
                                      handMade(u"c"_s, {u"id"_s}), handMade(u"d"_s, {u"id"_s}),
                                      handMade(u"e"_s, {u"id"_s})};
    const QByteArray index = SchemaLinker::build(five).value()->serializedIndex();
    QVERIFY(!index.isEmpty());
    QVERIFY(SchemaLinker::restore(five, index));
    QVERIFY(!SchemaLinker::restore(five.mid(0, 3), index));
    QVERIFY(!SchemaLinker::restore(five, QByteArray()));
    QVERIFY(!SchemaLinker::restore(five, QByteArray(4096, 'x')));
}

QTEST_GUILESS_MAIN(tst_CatalogCache)
#include "tst_catalogcache.moc"
