#include "core/bench/spiderset.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// SpiderSet on Spider-format folders made here: the good layout and every way it can be broken.
class TestSpiderSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loadsGoodSet();
    void rejects_data();
    void rejects();
    void environment();

private:
    static bool write(const QString &path, const QByteArray &bytes);
};

bool TestSpiderSet::write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

void TestSpiderSet::loadsGoodSet()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(write(dir.filePath(u"dev.json"_s),
                  R"([{"db_id": "zoo", "question": "How many?", "query": "SELECT count(*) FROM a"},
                      {"db_id": "bank", "question": "Names?", "query": "SELECT name FROM b",
                       "query_toks": ["SELECT"]},
                      {"db_id": "zoo", "question": "Ids?", "query": "SELECT id FROM a"}])"));
    QVERIFY(write(dir.filePath(u"database/zoo/zoo.sqlite"_s), "x"));
    QVERIFY(write(dir.filePath(u"database/bank/bank.sqlite"_s), "x"));

    const auto set = SpiderSet::load(dir.path());
    QVERIFY2(set.hasValue(), qPrintable(set.hasValue() ? QString() : set.error().message));
    QCOMPARE(set->questions().size(), 3);
    QCOMPARE(set->questions().at(1).index, 1);
    QCOMPARE(set->questions().at(1).dbId, u"bank"_s);
    QCOMPARE(set->questions().at(1).question, u"Names?"_s);
    QCOMPARE(set->questions().at(2).goldSql, u"SELECT id FROM a"_s);
    QCOMPARE(set->databaseIds(), QStringList({u"bank"_s, u"zoo"_s}));
    QCOMPARE(set->databasePath(u"zoo"_s),
             QFileInfo(dir.filePath(u"database/zoo/zoo.sqlite"_s)).absoluteFilePath());
    QVERIFY(set->databasePath(u"nothere"_s).isEmpty());
    QCOMPARE(set->dir(), QDir(dir.path()).absolutePath());
}

void TestSpiderSet::rejects_data()
{
    QTest::addColumn<QByteArray>("devJson"); // empty: no dev.json at all
    QTest::addColumn<bool>("makeDatabase");
    QTest::addColumn<QString>("messagePart");

    const QByteArray good = R"([{"db_id": "zoo", "question": "q", "query": "SELECT 1"}])";
    QTest::newRow("no dev.json") << QByteArray() << true << u"dev.json"_s;
    QTest::newRow("malformed json")
            << QByteArray("[{\"db_id\": \"zoo\",") << true << u"not valid JSON"_s;
    QTest::newRow("binary junk") << QByteArray("\x00\xff\xfe junk", 9) << true
                                 << u"not valid JSON"_s;
    QTest::newRow("object, not array")
            << QByteArray(R"({"db_id": "zoo"})") << true << u"JSON array"_s;
    QTest::newRow("empty array") << QByteArray("[]") << true << u"no questions"_s;
    QTest::newRow("missing query")
            << QByteArray(R"([{"db_id": "zoo", "question": "q"}])") << true << u"lacks"_s;
    QTest::newRow("number as db_id")
            << QByteArray(R"([{"db_id": 5, "question": "q", "query": "SELECT 1"}])") << true
            << u"lacks"_s;
    QTest::newRow("path in db_id")
            << QByteArray(R"([{"db_id": "../zoo", "question": "q", "query": "SELECT 1"}])") << true
            << u"invalid db_id"_s;
    QTest::newRow("missing database") << good << false << u"has no file"_s;
}

void TestSpiderSet::rejects()
{
    QFETCH(QByteArray, devJson);
    QFETCH(bool, makeDatabase);
    QFETCH(QString, messagePart);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (!devJson.isEmpty() || QByteArray(QTest::currentDataTag()) != "no dev.json")
        QVERIFY(write(dir.filePath(u"dev.json"_s), devJson));
    if (makeDatabase)
        QVERIFY(write(dir.filePath(u"database/zoo/zoo.sqlite"_s), "x"));

    const auto set = SpiderSet::load(dir.path());
    QVERIFY(!set.hasValue());
    QVERIFY2(set.error().message.contains(messagePart), qPrintable(set.error().message));
}

void TestSpiderSet::environment()
{
    QVERIFY(!SpiderSet::load(u"/nonexistent/spider/folder"_s).hasValue());
    QVERIFY(!SpiderSet::load(QString()).hasValue());
    QTemporaryDir dir;
    QVERIFY(write(dir.filePath(u"file"_s), "x"));
    const auto file = SpiderSet::load(dir.filePath(u"file"_s));
    QVERIFY(!file.hasValue());
    QVERIFY2(file.error().message.contains(u"not a folder"_s), qPrintable(file.error().message));
    const QByteArray saved = qgetenv("SQLMEND_SPIDER_DIR");
    qputenv("SQLMEND_SPIDER_DIR", "/some/where");
    QCOMPARE(SpiderSet::dirFromEnvironment(), u"/some/where"_s);
    qunsetenv("SQLMEND_SPIDER_DIR");
    QVERIFY(SpiderSet::dirFromEnvironment().isEmpty());
    if (!saved.isEmpty())
        qputenv("SQLMEND_SPIDER_DIR", saved);
}

QTEST_GUILESS_MAIN(TestSpiderSet)
#include "tst_spiderset.moc"
