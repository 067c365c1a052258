#include "testservers.h"
#include "tests/support/shareddata.h"

#include "core/bench/breakbench.h"
#include "core/bench/spidermirror.h"
#include "core/bench/spiderset.h"

#include <QDir>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// The deterministic correction benchmark on the test PostgreSQL: Spider databases copied into
// their own schemas, where the breaks SQLite accepts (a dropped GROUP BY column, text compared
// with a number) become real errors to classify and advise.
class TestBenchPostgres : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void mirrorCopiesEveryRow();
    void breaksOnPostgres();

private:
    QString spiderDir() const { return m_spider; }

    QString m_spider; // the Spider set (tests/support/shareddata.h)

    TestServers m_servers;
    ConnectionProfile m_owner;
};

void TestBenchPostgres::initTestCase()
{
    SQLMEND_REQUIRE_SHARED_DATA(m_spider, "SQLMEND_SPIDER_DIR", u"bench/spider"_s, u"dev.json"_s);
    SQLMEND_REQUIRE_SERVERS(m_servers);
    m_owner = m_servers.profile(u"SQLMEND_PG_OWNER_URL"_s);
    QCOMPARE(m_owner.driver(), ConnectionProfile::Driver::PostgreSQL);
}

void TestBenchPostgres::mirrorCopiesEveryRow()
{
    const auto set = SpiderSet::load(spiderDir());
    QVERIFY(set.hasValue());
    const QString dbId = u"pets_1"_s;
    QVERIFY(set->databaseIds().contains(dbId));
    // Twice: a second copy replaces the first.
    for (int round = 0; round < 2; ++round) {
        const auto copied =
                SpiderMirror::copy(set->databasePath(dbId), dbId, m_owner, m_servers.password());
        QVERIFY2(copied.hasValue(),
                 qPrintable(copied.hasValue() ? QString() : copied.error().message));
    }

    QHash<QString, qlonglong> sqliteCounts;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"source"_s);
        db.setDatabaseName(set->databasePath(dbId));
        QVERIFY(db.open());
        QSqlQuery tables(db);
        QVERIFY(tables.exec(u"SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT "
                            "LIKE 'sqlite_%'"_s));
        QStringList names;
        while (tables.next())
            names.append(tables.value(0).toString());
        for (const QString &name : names) {
            QSqlQuery count(db);
            QVERIFY(count.exec(u"SELECT count(*) FROM \"%1\""_s.arg(name)) && count.next());
            sqliteCounts.insert(name.toLower(), count.value(0).toLongLong());
        }
    }
    QSqlDatabase::removeDatabase(u"source"_s);
    QVERIFY(!sqliteCounts.isEmpty());

    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"target"_s);
        db.setHostName(m_owner.host());
        db.setPort(m_owner.port());
        db.setUserName(m_owner.user());
        db.setPassword(m_servers.password());
        db.setDatabaseName(m_owner.database());
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
        const QString schema = SpiderMirror::schemaName(dbId);
        QCOMPARE(schema, u"spider_pets_1"_s);
        for (auto it = sqliteCounts.cbegin(); it != sqliteCounts.cend(); ++it) {
            QSqlQuery count(db);
            QVERIFY2(count.exec(u"SELECT count(*) FROM \"%1\".\"%2\""_s.arg(schema, it.key()))
                             && count.next(),
                     qPrintable(count.lastError().text()));
            QCOMPARE(count.value(0).toLongLong(), it.value());
        }
        // A declared INTEGER column that holds only integers stays a number.
        QSqlQuery type(db);
        QVERIFY(type.exec(u"SELECT data_type FROM information_schema.columns WHERE table_schema "
                          "= 'spider_pets_1' AND table_name = 'pets' AND column_name = 'pet_age'"_s)
                && type.next());
        QCOMPARE(type.value(0).toString(), u"bigint"_s);
    }
    QSqlDatabase::removeDatabase(u"target"_s);
}

void TestBenchPostgres::breaksOnPostgres()
{
    BreakBenchOptions options;
    options.spiderDir = spiderDir();
    options.postgresUrl = m_owner.toUrl();
    options.postgresPassword = m_servers.password();
    options.databases = {u"pets_1"_s, u"battle_death"_s};
    const auto report = runBreakBench(options);
    QVERIFY2(report.hasValue(), qPrintable(report.hasValue() ? QString() : report.error().message));
    QCOMPARE(report->engine, u"postgresql"_s);
    QVERIFY(report->questions > 0);
    // Spider's SQLite spellings ("double quoted" strings, bare columns) do not all run here.
    QVERIFY(report->goldFailed < report->questions);

    const BreakKindFigures groupBy = report->kinds.value(BreakKind::GroupByDropped);
    QVERIFY(groupBy.errors > 0);
    QCOMPARE(groupBy.accepted, 0);
    QCOMPARE(groupBy.classCorrect, groupBy.errors);
    QCOMPARE(groupBy.adviceHits, groupBy.errors);

    const BreakKindFigures stringNumber = report->kinds.value(BreakKind::StringNumber);
    QVERIFY(stringNumber.errors > 0);
    QCOMPARE(stringNumber.classCorrect, stringNumber.errors);

    const BreakKindFigures totals = report->totals();
    QVERIFY(totals.errors > 0);
    QCOMPARE(totals.classCorrect, totals.errors);
    QVERIFY(totals.adviceHitRate() >= 0.95);
    QVERIFY(totals.autofixed > 0);
    QCOMPARE(totals.autofixCorrect, totals.autofixed);
    QCOMPARE(totals.other, 0);
}

QTEST_GUILESS_MAIN(TestBenchPostgres)
#include "tst_benchpostgres.moc"
