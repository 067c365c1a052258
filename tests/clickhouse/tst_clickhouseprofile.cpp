#include "core/sql/clickhousedriver.h"
#include "core/sql/connectionprofile.h"

#include <QSqlDatabase>
#include <QTest>

using namespace Qt::StringLiterals;
using sqlmend::core::ClickHouseDriver;
using sqlmend::core::ConnectionProfile;
using sqlmend::core::Engine;

// clickhouse:// URLs: what they name, what the driver is told (read-only unless readonly=2),
// and what they refuse.
class TestClickHouseProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registersDriverOnce();
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
    void roundTrips_data();
    void roundTrips();
};

void TestClickHouseProfile::parses_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("options");

    QTest::newRow("http") << u"clickhouse://ana@ch.example.com:8123/shop"_s << u"ch.example.com"_s
                          << 8123 << u"ana"_s << u"shop"_s << QString()
                          << u"CLICKHOUSE_CONNECT_TIMEOUT=10;readonly=1"_s;
    QTest::newRow("https scheme, password")
            << u"clickhouses://ana:s%40cret@ch.example.com/shop"_s << u"ch.example.com"_s << -1
            << u"ana"_s << u"shop"_s << u"s@cret"_s
            << u"CLICKHOUSE_SECURE=1;CLICKHOUSE_CONNECT_TIMEOUT=10;readonly=1"_s;
    QTest::newRow("secure option, CA file, settings")
            << u"ClickHouse://ana@h:8443/shop?secure=1&ca_file=/etc/ch/ca.pem&readonly=2&"
               u"max_threads=4&connect_timeout=3"_s
            << u"h"_s << 8443 << u"ana"_s << u"shop"_s << QString()
            << u"CLICKHOUSE_SECURE=1;CLICKHOUSE_CA_FILE=/etc/ch/ca.pem;readonly=2;max_threads=4;"
               u"CLICKHOUSE_CONNECT_TIMEOUT=3"_s;
    QTest::newRow("no database") << u"clickhouse://h"_s << u"h"_s << -1 << QString() << QString()
                                 << QString() << u"CLICKHOUSE_CONNECT_TIMEOUT=10;readonly=1"_s;
}

void TestClickHouseProfile::parses()
{
    QFETCH(QString, url);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, user);
    QFETCH(QString, database);
    QFETCH(QString, password);
    QFETCH(QString, options);
    QString given;
    const auto profile = ConnectionProfile::fromUrl(url, &given);
    QVERIFY2(profile.hasValue(), qPrintable(profile ? QString() : profile.error().message));
    QCOMPARE(profile->driver(), ConnectionProfile::Driver::ClickHouse);
    QCOMPARE(profile->engine(), Engine::ClickHouse);
    QCOMPARE(profile->host(), host);
    QCOMPARE(profile->port(), port);
    QCOMPARE(profile->user(), user);
    QCOMPARE(profile->database(), database);
    QCOMPARE(given, password);
    QCOMPARE(profile->qtConnectOptions(), options);
    QCOMPARE(profile->qtDriverName(), u"QCLICKHOUSE"_s);
    QVERIFY(profile->needsPassword());
    QVERIFY(!profile->toUrl().contains(u"cret"));
}

void TestClickHouseProfile::rejects_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("no host") << u"clickhouse:///shop"_s;
    QTest::newRow("no slashes") << u"clickhouse:shop"_s;
    QTest::newRow("writable session") << u"clickhouse://h/shop?readonly=0"_s;
    QTest::newRow("readonly word") << u"clickhouse://h/shop?readonly=yes"_s;
    QTest::newRow("not a setting name") << u"clickhouse://h/shop?max-threads=2"_s;
    // The HTTP interface's own parameters: a session would let a SET outlive its request.
    QTest::newRow("session") << u"clickhouse://h/shop?session_id=sqlmend&session_timeout=3600"_s;
    QTest::newRow("session, other case") << u"clickhouse://h/shop?Session_Id=sqlmend"_s;
    QTest::newRow("query id") << u"clickhouse://h/shop?query_id=fixed"_s;
    QTest::newRow("another database") << u"clickhouse://h/shop?database=system"_s;
    QTest::newRow("another user") << u"clickhouse://h/shop?user=default"_s;
    QTest::newRow("another format") << u"clickhouse://h/shop?default_format=JSON"_s;
    QTest::newRow("option with ;") << u"clickhouse://h/shop?max_threads=2%3Breadonly%3D0"_s;
    QTest::newRow("nested path") << u"clickhouse://h/shop/more"_s;
}

void TestClickHouseProfile::rejects()
{
    QFETCH(QString, url);
    const auto profile = ConnectionProfile::fromUrl(url);
    QVERIFY(!profile.hasValue());
    QCOMPARE(profile.error().code, u"url_invalid"_s);
    QVERIFY(!profile.error().message.isEmpty());
}

void TestClickHouseProfile::roundTrips_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("http") << u"clickhouse://ana@h:8123/shop"_s;
    QTest::newRow("https") << u"clickhouses://ana@h/shop"_s;
    QTest::newRow("settings") << u"clickhouse://h/shop?readonly=2&max_threads=4"_s;
}

void TestClickHouseProfile::roundTrips()
{
    QFETCH(QString, url);
    const auto first = ConnectionProfile::fromUrl(url);
    QVERIFY(first.hasValue());
    const auto second = ConnectionProfile::fromUrl(first->toUrl());
    QVERIFY2(second.hasValue(), qPrintable(first->toUrl()));
    QCOMPARE(*second, *first);
    QCOMPARE(second->qtConnectOptions(), first->qtConnectOptions());
}

void TestClickHouseProfile::registersDriverOnce()
{
    QVERIFY(!QSqlDatabase::drivers().contains(u"QCLICKHOUSE"_s));
    QCOMPARE(ClickHouseDriver::qtDriverName(), u"QCLICKHOUSE"_s);
    QCOMPARE(ClickHouseDriver::qtDriverName(), u"QCLICKHOUSE"_s);
    QCOMPARE(QSqlDatabase::drivers().count(u"QCLICKHOUSE"_s), 1);
    QVERIFY(QSqlDatabase::isDriverAvailable(u"QCLICKHOUSE"_s));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QCLICKHOUSE"_s, u"ch-registered"_s);
        QVERIFY(db.isValid());
        QVERIFY(db.driver()->hasFeature(QSqlDriver::CancelQuery));
        QVERIFY(!db.driver()->hasFeature(QSqlDriver::QuerySize));
        QVERIFY(!db.open()); // no host
        QVERIFY(db.lastError().text().contains(u"no host"));
    }
    QSqlDatabase::removeDatabase(u"ch-registered"_s);
}

QTEST_GUILESS_MAIN(TestClickHouseProfile)
#include "tst_clickhouseprofile.moc"
