#include "core/bench/spidermirror.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// How a Spider SQLite database is named and typed on PostgreSQL (the copy itself runs in the
// integration tests against a real server).
class TestSpiderMirror : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void postgresType_data();
    void postgresType();
    void schemaName_data();
    void schemaName();
    void unreadableSource();
};

void TestSpiderMirror::postgresType_data()
{
    QTest::addColumn<QString>("sqlite");
    QTest::addColumn<QString>("postgres");

    // SQLite's affinity rules, in their order: INT wins over CHAR ("CHARINT"), CHAR over REAL.
    QTest::newRow("INTEGER") << u"INTEGER"_s << u"bigint"_s;
    QTest::newRow("int lower case") << u"int"_s << u"bigint"_s;
    QTest::newRow("BIGINT") << u"BIGINT"_s << u"bigint"_s;
    QTest::newRow("POINT: INT inside") << u"POINT"_s << u"bigint"_s;
    QTest::newRow("varchar(20)") << u"varchar(20)"_s << u"text"_s;
    QTest::newRow("TEXT") << u"TEXT"_s << u"text"_s;
    QTest::newRow("CLOB") << u"CLOB"_s << u"text"_s;
    QTest::newRow("BLOB") << u"BLOB"_s << u"bytea"_s;
    QTest::newRow("no type") << QString() << u"text"_s;
    QTest::newRow("REAL") << u"REAL"_s << u"double precision"_s;
    QTest::newRow("FLOAT") << u"FLOAT"_s << u"double precision"_s;
    QTest::newRow("double") << u"double"_s << u"double precision"_s;
    QTest::newRow("NUMERIC") << u"NUMERIC"_s << u"numeric"_s;
    QTest::newRow("decimal(10,2)") << u"decimal(10,2)"_s << u"numeric"_s;
    QTest::newRow("DATE") << u"DATE"_s << u"text"_s;
    QTest::newRow("DATETIME") << u"DATETIME"_s << u"text"_s;
    QTest::newRow("BOOLEAN") << u"BOOLEAN"_s << u"text"_s;
}

void TestSpiderMirror::postgresType()
{
    QFETCH(QString, sqlite);
    QFETCH(QString, postgres);
    QCOMPARE(SpiderMirror::postgresType(sqlite), postgres);
}

void TestSpiderMirror::schemaName_data()
{
    QTest::addColumn<QString>("dbId");
    QTest::addColumn<QString>("schema");
    QTest::newRow("plain") << u"pets_1"_s << u"spider_pets_1"_s;
    QTest::newRow("mixed case") << u"cre_Doc_Template_Mgt"_s << u"spider_cre_doc_template_mgt"_s;
    QTest::newRow("odd characters") << u"a-b \"c\"é"_s << u"spider_a_b__c__"_s;
    QTest::newRow("long") << QString(100, u'x') << u"spider_"_s + QString(56, u'x');
}

void TestSpiderMirror::schemaName()
{
    QFETCH(QString, dbId);
    QFETCH(QString, schema);
    QCOMPARE(SpiderMirror::schemaName(dbId), schema);
}

void TestSpiderMirror::unreadableSource()
{
    const auto profile = ConnectionProfile::fromUrl(u"postgresql://u@127.0.0.1:1/db"_s);
    QVERIFY(profile.hasValue());
    const auto copied =
            SpiderMirror::copy(u"/nonexistent/folder/x.sqlite"_s, u"x"_s, *profile, QString());
    QVERIFY(!copied.hasValue());
    QVERIFY(!copied.error().message.isEmpty());
}

QTEST_GUILESS_MAIN(TestSpiderMirror)
#include "tst_spidermirror.moc"
