#include "core/engines/engineregistry.h"
#include "core/sql/connectionprofile.h"
#include "core/sql/inmemorysecretstore.h"

#include <QTest>

using namespace Qt::StringLiterals;
using sqlmend::core::ConnectionProfile;
using sqlmend::core::Engine;
using Driver = ConnectionProfile::Driver;

class TestConnectionProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
    void unknownSchemeNamesTheRegisteredOnes();
    void roundTrips_data();
    void roundTrips();
    void neverKeepsThePassword();
    void passwordOptionsGoToTheCaller_data();
    void passwordOptionsGoToTheCaller();
    void withoutPassword_data();
    void withoutPassword();
    void readOnlyConnectOptions();
    void secretStore();
};

void TestConnectionProfile::parses_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("driver");
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("password");

    QTest::newRow("sqlite absolute")
            << u"sqlite:///var/data/shop.db"_s << int(Driver::SQLite) << int(Engine::SQLite)
            << QString() << -1 << QString() << u"/var/data/shop.db"_s << QString();
    QTest::newRow("sqlite relative")
            << u"sqlite:shop.db"_s << int(Driver::SQLite) << int(Engine::SQLite) << QString() << -1
            << QString() << u"shop.db"_s << QString();
    QTest::newRow("sqlite encoded space")
            << u"sqlite:///tmp/my%20shop.db"_s << int(Driver::SQLite) << int(Engine::SQLite)
            << QString() << -1 << QString() << u"/tmp/my shop.db"_s << QString();
    QTest::newRow("sqlite memory")
            << u"sqlite::memory:"_s << int(Driver::SQLite) << int(Engine::SQLite) << QString() << -1
            << QString() << u":memory:"_s << QString();
    QTest::newRow("postgresql") << u"postgresql://ana@db.example.com:5433/sales"_s
                                << int(Driver::PostgreSQL) << int(Engine::PostgreSQL)
                                << u"db.example.com"_s << 5433 << u"ana"_s << u"sales"_s
                                << QString();
    QTest::newRow("postgres alias, password")
            << u"postgres://ana:s%40cret@localhost/sales?sslmode=require"_s
            << int(Driver::PostgreSQL) << int(Engine::PostgreSQL) << u"localhost"_s << -1
            << u"ana"_s << u"sales"_s << u"s@cret"_s;
    QTest::newRow("postgres socket dir")
            << u"postgresql://ana@/sales?host=/run/pg"_s << int(Driver::PostgreSQL)
            << int(Engine::PostgreSQL) << u"/run/pg"_s << -1 << u"ana"_s << u"sales"_s << QString();
    QTest::newRow("mysql") << u"mysql://root@127.0.0.1:3306/shop"_s << int(Driver::MySQL)
                           << int(Engine::MySQL) << u"127.0.0.1"_s << 3306 << u"root"_s << u"shop"_s
                           << QString();
    QTest::newRow("mariadb") << u"MariaDB://bo:pw@h:3307/shop"_s << int(Driver::MySQL)
                             << int(Engine::MariaDB) << u"h"_s << 3307 << u"bo"_s << u"shop"_s
                             << u"pw"_s;
    QTest::newRow("odbc dsn") << u"odbc://Warehouse"_s << int(Driver::Odbc) << int(Engine::Odbc)
                              << QString() << -1 << QString() << u"Warehouse"_s << QString();
    QTest::newRow("odbc dsn with user")
            << u"odbc://ana@Warehouse"_s << int(Driver::Odbc) << int(Engine::Odbc) << QString()
            << -1 << u"ana"_s << u"Warehouse"_s << QString();
    QTest::newRow("odbc connection string")
            << u"odbc:DRIVER={PostgreSQL Unicode};SERVER=10.0.0.5;PORT=5432;DATABASE=sales;"
               u"UID=ana;PWD={p;w}"_s
            << int(Driver::Odbc) << int(Engine::Odbc) << u"10.0.0.5"_s << 5432 << u"ana"_s
            << u"DRIVER={PostgreSQL Unicode};SERVER=10.0.0.5;PORT=5432;DATABASE=sales"_s
            << u"p;w"_s;
}

void TestConnectionProfile::parses()
{
    QFETCH(QString, url);
    QFETCH(int, driver);
    QFETCH(int, engine);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, user);
    QFETCH(QString, database);
    QFETCH(QString, password);

    QString givenPassword;
    const auto profile = ConnectionProfile::fromUrl(url, &givenPassword);
    QVERIFY2(profile.hasValue(), qPrintable(profile ? QString() : profile.error().message));
    QCOMPARE(int(profile->driver()), driver);
    QCOMPARE(int(profile->engine()), engine);
    QCOMPARE(profile->host(), host);
    QCOMPARE(profile->port(), port);
    QCOMPARE(profile->user(), user);
    QCOMPARE(profile->database(), database);
    QCOMPARE(givenPassword, password);
}

void TestConnectionProfile::rejects_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("code");

    QTest::newRow("empty") << QString() << u"url_empty"_s;
    QTest::newRow("blank") << u"   "_s << u"url_empty"_s;
    QTest::newRow("no scheme") << u"just some words"_s << u"url_no_scheme"_s;
    QTest::newRow("unknown scheme") << u"oracle://x@y/z"_s << u"url_unknown_scheme"_s;
    QTest::newRow("sqlite host") << u"sqlite://server/file.db"_s << u"url_invalid"_s;
    QTest::newRow("sqlite nothing") << u"sqlite:"_s << u"url_invalid"_s;
    QTest::newRow("postgres without slashes") << u"postgresql:db"_s << u"url_invalid"_s;
    QTest::newRow("bad port") << u"postgresql://a@h:99999/db"_s << u"url_invalid"_s;
    QTest::newRow("port not a number") << u"mysql://a@h:abc/db"_s << u"url_invalid"_s;
    QTest::newRow("nested path") << u"mysql://a@h/db/extra"_s << u"url_invalid"_s;
    QTest::newRow("option with space") << u"postgresql://a@h/db?x=a%20b"_s << u"url_invalid"_s;
    QTest::newRow("odbc dsn with equals") << u"odbc://A=B"_s << u"url_invalid"_s;
    QTest::newRow("odbc string without driver") << u"odbc:SERVER=x;UID=a"_s << u"url_invalid"_s;
    QTest::newRow("odbc garbage part") << u"odbc:DRIVER=x;garbage"_s << u"url_invalid"_s;
    QTest::newRow("control characters")
            << (u"postgresql://a@h/db"_s + QChar(1)) << u"url_invalid"_s;
    QTest::newRow("binary junk") << QString::fromLatin1(QByteArray("\x00\xff\xfe:\x01\x02", 6))
                                 << u"url_invalid"_s;
    QTest::newRow("10 MB") << u"sqlite:///"_s + QString(10 * 1024 * 1024, u'a')
                           << u"url_too_long"_s;
}

void TestConnectionProfile::rejects()
{
    QFETCH(QString, url);
    QFETCH(QString, code);
    QString password = u"stale"_s;
    const auto profile = ConnectionProfile::fromUrl(url, &password);
    QVERIFY(!profile.hasValue());
    QCOMPARE(profile.error().code, code);
    QVERIFY(!profile.error().message.isEmpty());
    QVERIFY(password.isEmpty());
}

void TestConnectionProfile::roundTrips_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("sqlite absolute") << u"sqlite:///var/data/my shop.db"_s;
    QTest::newRow("sqlite relative") << u"sqlite:data/shop.db"_s;
    QTest::newRow("postgresql") << u"postgresql://ana@db.example.com:5433/sales?sslmode=require"_s;
    QTest::newRow("postgresql socket") << u"postgresql://ana@/sales?host=/run/pg"_s;
    QTest::newRow("mariadb") << u"mariadb://bo@h:3307/shop"_s;
    QTest::newRow("mysql no user") << u"mysql://h/shop"_s;
    QTest::newRow("odbc dsn") << u"odbc://ana@Ware%20house"_s;
    QTest::newRow("odbc string") << u"odbc:DRIVER={PostgreSQL Unicode};SERVER=h;UID=ana"_s;
}

void TestConnectionProfile::roundTrips()
{
    QFETCH(QString, url);
    const auto first = ConnectionProfile::fromUrl(url);
    QVERIFY(first.hasValue());
    const auto second = ConnectionProfile::fromUrl(first->toUrl());
    QVERIFY2(second.hasValue(), qPrintable(first->toUrl()));
    QCOMPARE(*second, *first);
}

void TestConnectionProfile::neverKeepsThePassword()
{
    QString password;
    const auto pg = ConnectionProfile::fromUrl(u"postgresql://ana:hunter2@h:5432/db"_s, &password);
    QVERIFY(pg.hasValue());
    QCOMPARE(password, u"hunter2"_s);
    QVERIFY(!pg->toUrl().contains(u"hunter2"));
    QVERIFY(!pg->secretKey().contains(u"hunter2"));
    QVERIFY(pg->needsPassword());

    const auto odbc =
            ConnectionProfile::fromUrl(u"odbc:DRIVER={X};PWD=hunter2;UID=ana"_s, &password);
    QVERIFY(odbc.hasValue());
    QCOMPARE(password, u"hunter2"_s);
    QVERIFY(!odbc->database().contains(u"hunter2"));
    QVERIFY(!odbc->toUrl().contains(u"hunter2"));
}

void TestConnectionProfile::passwordOptionsGoToTheCaller_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("pg ?password") << u"postgresql://ana@h/db?password=hunter2"_s;
    QTest::newRow("pg ?PASSWORD among others")
            << u"postgresql://ana@h/db?sslmode=require&PASSWORD=hunter2"_s;
    QTest::newRow("mysql ?pwd") << u"mysql://ana@h/db?pwd=hunter2"_s;
    QTest::newRow("mariadb ?passwd") << u"mariadb://ana@h/db?passwd=hunter2"_s;
    QTest::newRow("odbc dsn ?PWD") << u"odbc://ana@dsn?PWD=hunter2"_s;
    QTest::newRow("odbc string Password") << u"odbc:DSN=x;Password=hunter2"_s;
}

// A ?password= option never stays in the profile, so it never reaches a stored URL.
void TestConnectionProfile::passwordOptionsGoToTheCaller()
{
    QFETCH(QString, url);
    QString password;
    const auto profile = ConnectionProfile::fromUrl(url, &password);
    QVERIFY2(profile.hasValue(), qPrintable(profile ? QString() : profile.error().message));
    QCOMPARE(password, u"hunter2"_s);
    QVERIFY2(!profile->toUrl().contains(u"hunter2"), qPrintable(profile->toUrl()));
    QVERIFY(!profile->secretKey().contains(u"hunter2"));
    QVERIFY(!profile->qtConnectOptions().contains(u"hunter2"));
}

void TestConnectionProfile::withoutPassword_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("clean");
    QTest::newRow("authority") << u"postgresql://ana:hunter2@h:5432/db"_s
                               << u"postgresql://ana@h:5432/db"_s;
    QTest::newRow("query only") << u"postgresql://ana@h/db?password=hunter2"_s
                                << u"postgresql://ana@h/db"_s;
    QTest::newRow("query first") << u"mysql://h/db?Password=hunter2&ssl=1"_s
                                 << u"mysql://h/db?ssl=1"_s;
    QTest::newRow("query last") << u"mysql://h/db?ssl=1&pwd=hunter2"_s << u"mysql://h/db?ssl=1"_s;
    QTest::newRow("odbc string") << u"odbc:DSN=x;PWD={hun;ter2};UID=ana"_s
                                 << u"odbc:DSN=x;UID=ana"_s;
    QTest::newRow("odbc dsn") << u"odbc://ana:hunter2@dsn"_s << u"odbc://ana@dsn"_s;
    QTest::newRow("libpq") << u"host=h password=hunter2 dbname=d"_s << u"host=h  dbname=d"_s;
    QTest::newRow("nothing to take") << u"sqlite:///tmp/pass.db"_s << u"sqlite:///tmp/pass.db"_s;
    QTest::newRow("user only") << u"postgresql://ana@h:5432/db"_s
                               << u"postgresql://ana@h:5432/db"_s;
}

void TestConnectionProfile::withoutPassword()
{
    QFETCH(QString, url);
    QFETCH(QString, clean);
    QCOMPARE(ConnectionProfile::withoutPassword(url), clean);
}

void TestConnectionProfile::readOnlyConnectOptions()
{
    const auto sqlite = ConnectionProfile::fromUrl(u"sqlite:///tmp/x.db"_s);
    QVERIFY(sqlite->qtConnectOptions().contains(u"QSQLITE_OPEN_READONLY"));
    QCOMPARE(sqlite->qtDriverName(), u"QSQLITE"_s);
    const auto odbc = ConnectionProfile::fromUrl(u"odbc://dsn"_s);
    QVERIFY(odbc->qtConnectOptions().contains(u"SQL_ATTR_ACCESS_MODE=SQL_MODE_READ_ONLY"));
    const auto pg = ConnectionProfile::fromUrl(u"postgresql://a@h/db?sslmode=disable"_s);
    QVERIFY(pg->qtConnectOptions().contains(u"sslmode=disable"));
    QCOMPARE(pg->qtDriverName(), u"QPSQL"_s);
}

void TestConnectionProfile::secretStore()
{
    sqlmend::core::InMemorySecretStore store;
    const QString key = u"sqlmend:postgresql://ana@h/db"_s;
    auto missing = store.lookup(key).result();
    QVERIFY(!missing.hasValue());
    QCOMPARE(missing.error().code, u"not_found"_s);
    QVERIFY(store.store(key, u"pw"_s).result().hasValue());
    QCOMPARE(store.lookup(key).result().value(), u"pw"_s);
    QVERIFY(store.remove(key).result().hasValue());
    QVERIFY(!store.lookup(key).result().hasValue());
    QVERIFY(!store.store(QString(), u"pw"_s).result().hasValue());
}

QTEST_GUILESS_MAIN(TestConnectionProfile)
void TestConnectionProfile::unknownSchemeNamesTheRegisteredOnes()
{
    // The message is built from the registry: every engine with a driver of its own is named by
    // its first scheme, and each of those parses.
    const auto refused = ConnectionProfile::fromUrl(u"oracle://x@y/z");
    QVERIFY(!refused);
    int named = 0;
    for (const sqlmend::core::SqlEngine *engine : sqlmend::core::EngineRegistry::engines()) {
        if (!engine->driver() || engine->urlSchemes().isEmpty())
            continue;
        const QString scheme = engine->urlSchemes().constFirst();
        QVERIFY2(refused.error().message.contains(scheme), qPrintable(refused.error().message));
        ++named;
    }
    QCOMPARE(named, 6); // sqlite, postgresql, mysql, mariadb, clickhouse, odbc
    QVERIFY(!refused.error().message.contains(u"duckdb"));
}

#include "tst_connectionprofile.moc"
