#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include "tests/support/cliprocess.h"
#include "tests/support/shareddata.h"

#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// sqlmend bench correction without a model, driven as a user would drive it: the built binary on
// a small Spider-format set made here (the real Spider set: tst_benchspider).
class TestBenchCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void smallSet();
    void fromEnvironment();
    void textTable();
    void selection_data();
    void selection();
    void unreadableSet_data();
    void unreadableSet();
    void badUsage_data();
    void badUsage();
    void realPredictions();

private:
    using Outcome = sqlmend::test::CliRun;
    static Outcome run(const QStringList &arguments, const QString &spiderEnvironment = {},
                       int timeoutMs = 60000);
    static bool makeDatabase(const QString &path, const QStringList &statements);

    QTemporaryDir m_dir;
    QString m_set;
    int m_questions = 0;
};

bool TestBenchCli::makeDatabase(const QString &path, const QStringList &statements)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString &statement : statements) {
            QSqlQuery query(db);
            if (ok && !query.exec(statement)) {
                qWarning("%s: %s", qPrintable(statement), qPrintable(query.lastError().text()));
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    return ok;
}

void TestBenchCli::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    QVERIFY(m_dir.isValid());
    m_set = m_dir.filePath(u"spider"_s);
    QVERIFY(makeDatabase(
            m_set + u"/database/shop/shop.sqlite"_s,
            {u"CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INT)"_s,
             u"CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INT, amount REAL, "
             "status TEXT)"_s,
             u"INSERT INTO customers VALUES (1, 'Ann', 'Paris', 31), (2, 'Bob', 'Oslo', 45), "
             "(3, 'Cy', 'Paris', 22)"_s,
             u"INSERT INTO orders VALUES (1, 1, 10.5, 'paid'), (2, 1, 3, 'open'), "
             "(3, 2, 7.25, 'paid')"_s}));
    QVERIFY(makeDatabase(m_set + u"/database/zoo/zoo.sqlite"_s,
                         {u"CREATE TABLE animals (animal_id INTEGER, species TEXT, weight REAL)"_s,
                          u"INSERT INTO animals VALUES (1, 'cat', 4.5), (2, 'dog', 20), "
                          "(3, 'cat', 3.5)"_s}));
    const QByteArray devJson = R"([
 {"db_id": "shop", "question": "Names of customers older than 30?",
  "query": "SELECT name FROM customers WHERE age > 30"},
 {"db_id": "shop", "question": "Customers per city?",
  "query": "SELECT city, count(*) FROM customers GROUP BY city"},
 {"db_id": "shop", "question": "Order amounts of Ann?",
  "query": "SELECT T2.amount FROM customers AS T1 JOIN orders AS T2 ON T1.id = T2.customer_id WHERE T1.name = 'Ann' ORDER BY T2.amount"},
 {"db_id": "shop", "question": "Ids of paid orders?",
  "query": "SELECT T2.id FROM customers AS T1 JOIN orders AS T2 ON T1.id = T2.customer_id WHERE T2.status = 'paid'"},
 {"db_id": "zoo", "question": "Heaviest species?",
  "query": "SELECT species FROM animals ORDER BY weight DESC LIMIT 1"},
 {"db_id": "zoo", "question": "Weight per species?",
  "query": "SELECT species, avg(weight) FROM animals GROUP BY species"}
])";
    QFile dev(m_set + u"/dev.json"_s);
    QVERIFY(dev.open(QIODevice::WriteOnly));
    QCOMPARE(dev.write(devJson), devJson.size());
    dev.close();
    m_questions = 6;
}

TestBenchCli::Outcome TestBenchCli::run(const QStringList &arguments,
                                        const QString &spiderEnvironment, int timeoutMs)
{
    sqlmend::test::CliOptions options;
    options.environment.remove(u"SQLMEND_SPIDER_DIR"_s);
    if (!spiderEnvironment.isEmpty())
        options.environment.insert(u"SQLMEND_SPIDER_DIR"_s, spiderEnvironment);
    options.timeoutMs = timeoutMs;
    return sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY),
                                 QStringList{u"bench"_s} + arguments, options);
}

void TestBenchCli::smallSet()
{
    const Outcome outcome = run({u"correction"_s, u"--spider"_s, m_set, u"--json"_s});
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    const QJsonObject &json = outcome.json;
    QCOMPARE(json.value(u"mode").toString(), u"deterministic"_s);
    QCOMPARE(json.value(u"engine").toString(), u"sqlite"_s);
    QCOMPARE(json.value(u"questions").toInt(), m_questions);
    QCOMPARE(json.value(u"gold_failed").toInt(), 0);
    QCOMPARE(json.value(u"spider_dir").toString(), QDir(m_set).absolutePath());
    QVERIFY(json.value(u"ms").isDouble());

    const QJsonObject kinds = json.value(u"kinds").toObject();
    QCOMPARE(kinds.keys(),
             QStringList({u"ambiguous_column"_s, u"column_misspelled"_s, u"foreign_function"_s,
                          u"group_by_dropped"_s, u"string_number"_s, u"table_misspelled"_s}));
    // Every question has a column and a table to misspell; SQLite names both in its errors.
    for (const QString &kind : {u"column_misspelled"_s, u"table_misspelled"_s}) {
        const QJsonObject figures = kinds.value(kind).toObject();
        QCOMPARE(figures.value(u"broken").toInt(), m_questions);
        QCOMPARE(figures.value(u"errors").toInt(), m_questions);
        QCOMPARE(figures.value(u"class_accuracy").toDouble(), 1.0);
        QCOMPARE(figures.value(u"advice_hit_rate").toDouble(), 1.0);
        QCOMPARE(figures.value(u"autofix_precision").toDouble(), 1.0);
        QVERIFY(figures.value(u"autofix_correct").toInt() <= figures.value(u"autofixed").toInt());
    }
    // Two questions qualify an id that both joined tables have.
    const QJsonObject ambiguous = kinds.value(u"ambiguous_column").toObject();
    QCOMPARE(ambiguous.value(u"broken").toInt(), 2);
    QCOMPARE(ambiguous.value(u"class_correct").toInt(), ambiguous.value(u"errors").toInt());
    // SQLite runs a bare column beside an aggregate: the break is accepted, not misclassified.
    const QJsonObject groupBy = kinds.value(u"group_by_dropped").toObject();
    QCOMPARE(groupBy.value(u"broken").toInt(), 2);
    QCOMPARE(groupBy.value(u"accepted").toInt(), 2);
    QCOMPARE(groupBy.value(u"errors").toInt(), 0);

    const QJsonObject totals = json.value(u"totals").toObject();
    QCOMPARE(totals.value(u"autofix_precision").toDouble(), 1.0);
    QVERIFY(totals.value(u"autofixed").toInt() > 0);
    QCOMPARE(totals.value(u"broken").toInt(),
             totals.value(u"errors").toInt() + totals.value(u"accepted").toInt()
                     + totals.value(u"other").toInt());
    // Same breaks on every run.
    const Outcome again = run({u"correction"_s, u"--spider"_s, m_set, u"--json"_s});
    QCOMPARE(again.json.value(u"kinds"), json.value(u"kinds"));
}

void TestBenchCli::fromEnvironment()
{
    const Outcome outcome = run({u"correction"_s, u"--json"_s}, m_set);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(outcome.json.value(u"questions").toInt(), m_questions);
}

void TestBenchCli::textTable()
{
    const Outcome outcome = run({u"correction"_s, u"--spider"_s, m_set});
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QVERIFY(outcome.json.isEmpty());
    for (const char *kind : {"column_misspelled", "table_misspelled", "group_by_dropped",
                             "foreign_function", "string_number", "ambiguous_column", "precision"})
        QVERIFY2(outcome.out.contains(kind), outcome.out.constData());
}

void TestBenchCli::selection_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("questions");

    QTest::newRow("limit") << QStringList{u"--limit"_s, u"2"_s} << 2;
    QTest::newRow("limit 0 is all") << QStringList{u"--limit"_s, u"0"_s} << 6;
    QTest::newRow("one database") << QStringList{u"--db"_s, u"zoo"_s} << 2;
    QTest::newRow("two databases") << QStringList{u"--db"_s, u"zoo"_s, u"--db"_s, u"shop"_s} << 6;
    QTest::newRow("database and limit")
            << QStringList{u"--db"_s, u"shop"_s, u"--limit"_s, u"3"_s} << 3;
}

void TestBenchCli::selection()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, questions);
    const Outcome outcome =
            run(QStringList{u"correction"_s, u"--spider"_s, m_set, u"--json"_s} + arguments);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(outcome.json.value(u"questions").toInt(), questions);
}

void TestBenchCli::unreadableSet_data()
{
    QTest::addColumn<QByteArray>("devJson");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("malformed dev.json") << QByteArray("[{\"db_id\": ") << u"not valid JSON"_s;
    QTest::newRow("binary junk") << QByteArray("\x00\x01\xff", 3) << u"not valid JSON"_s;
    QTest::newRow("unknown database")
            << QByteArray(R"([{"db_id": "nope", "question": "q", "query": "SELECT 1"}])")
            << u"nope"_s;
    QTest::newRow("database file is junk")
            << QByteArray(R"([{"db_id": "junk", "question": "q", "query": "SELECT 1"}])")
            << u"junk"_s;
}

void TestBenchCli::unreadableSet()
{
    QFETCH(QByteArray, devJson);
    QFETCH(QString, messagePart);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile dev(dir.filePath(u"dev.json"_s));
    QVERIFY(dev.open(QIODevice::WriteOnly));
    dev.write(devJson);
    dev.close();
    QVERIFY(QDir().mkpath(dir.filePath(u"database/junk"_s)));
    QFile junk(dir.filePath(u"database/junk/junk.sqlite"_s));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write(QByteArray(4096, '\x5a'));
    junk.close();
    const Outcome outcome = run({u"correction"_s, u"--spider"_s, dir.path(), u"--json"_s});
    QCOMPARE(outcome.exitCode, 1);
    QVERIFY(outcome.out.isEmpty());
    QVERIFY2(QString::fromUtf8(outcome.err).contains(messagePart), outcome.err.constData());
}

void TestBenchCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("messagePart");

    QTest::newRow("no benchmark") << QStringList{u"--spider"_s, u"x"_s} << u"correction"_s;
    QTest::newRow("unknown benchmark") << QStringList{u"speed"_s} << u"speed"_s;
    QTest::newRow("replay without input") << QStringList{u"replay"_s} << u"--input"_s;
    QTest::newRow("replay option for correction")
            << QStringList{u"correction"_s, u"--no-repairs"_s} << u"bench replay"_s;
    QTest::newRow("correction option for replay")
            << QStringList{u"replay"_s, u"--input"_s, u"x.jsonl"_s, u"--no-advice"_s}
            << u"bench correction"_s;
    QTest::newRow("extra argument") << QStringList{u"correction"_s, u"more"_s} << u"more"_s;
    QTest::newRow("no spider folder") << QStringList{u"correction"_s} << u"--spider"_s;
    QTest::newRow("unknown option")
            << QStringList{u"correction"_s, u"--frobnicate"_s} << u"frobnicate"_s;
    QTest::newRow("negative limit")
            << QStringList{u"correction"_s, u"--limit"_s, u"-1"_s} << u"--limit"_s;
    QTest::newRow("word limit") << QStringList{u"correction"_s, u"--limit"_s, u"ten"_s}
                                << u"--limit"_s;
    QTest::newRow("ablation without a model")
            << QStringList{u"correction"_s, u"--no-advice"_s} << u"--no-advice"_s;
    QTest::newRow("postgres takes a postgres url")
            << QStringList{u"correction"_s, u"--postgres"_s, u"sqlite:///tmp/x.db"_s}
            << u"postgresql://"_s;
    QTest::newRow("bad postgres url")
            << QStringList{u"correction"_s, u"--postgres"_s, u""_s} << u"URL"_s;
    QTest::newRow("password without postgres")
            << QStringList{u"correction"_s, u"--password-env"_s, u"HOME"_s} << u"--postgres"_s;
    QTest::newRow("password variable unset")
            << QStringList{u"correction"_s, u"--postgres"_s, u"postgresql://u@127.0.0.1/db"_s,
                           u"--password-env"_s, u"SQLMEND_SURELY_UNSET_VARIABLE"_s}
            << u"SQLMEND_SURELY_UNSET_VARIABLE"_s;
    QTest::newRow("demo provider")
            << QStringList{u"correction"_s, u"--provider"_s, u"demo"_s} << u"--provider"_s;
    QTest::newRow("model mode without model")
            << QStringList{u"correction"_s, u"--llm-url"_s, u"http://127.0.0.1:9/v1"_s}
            << u"--model"_s;
    QTest::newRow("model mode with postgres")
            << QStringList{u"correction"_s, u"--model"_s, u"m"_s, u"--postgres"_s,
                           u"postgresql://u@127.0.0.1/db"_s}
            << u"--postgres"_s;
    QTest::newRow("bad language") << QStringList{u"correction"_s, u"--model"_s, u"m"_s,
                                                 u"--language"_s, u"fr"_s}
                                  << u"zh_CN"_s;
    QTest::newRow("bad max corrections")
            << QStringList{u"correction"_s, u"--model"_s, u"m"_s, u"--max-corrections"_s, u"-2"_s}
            << u"--max-corrections"_s;
}

void TestBenchCli::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, messagePart);
    QStringList withSet = arguments;
    // Usage is checked before the set is read; a real set must not turn usage errors into runs.
    if (!arguments.contains(u"--spider"_s)
        && QByteArray(QTest::currentDataTag()) != "no spider folder")
        withSet << u"--spider"_s << m_set;
    const Outcome outcome = run(withSet);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY(outcome.out.isEmpty());
    QVERIFY2(QString::fromUtf8(outcome.err).contains(messagePart), outcome.err.constData());
}

void TestBenchCli::realPredictions()
{
    // The real models' failing predictions of ../shared/bench/real-errors on the Spider folder.
    QString errors;
    SQLMEND_REQUIRE_SHARED_DATA(errors, "SQLMEND_REAL_ERRORS_DIR", u"bench/real-errors"_s,
                                u"real_errors.jsonl"_s);
    QString spider;
    SQLMEND_REQUIRE_SHARED_DATA(spider, "SQLMEND_SPIDER_DIR", u"bench/spider"_s, u"dev.json"_s);
    const Outcome outcome = run({u"replay"_s, u"--input"_s, errors + u"/real_errors.jsonl"_s,
                                 u"--spider"_s, spider, u"--json"_s},
                                {}, 600000);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    const QJsonObject totals = outcome.json.value(u"totals").toObject();
    qInfo("errors %d, class accuracy %.4f, advice hit %.4f, repairs right %d (%.4f of all), "
          "wrong %d, precision %.4f",
          totals.value(u"errors").toInt(), totals.value(u"class_accuracy").toDouble(),
          totals.value(u"advice_hit_rate").toDouble(), totals.value(u"repairs_right").toInt(),
          totals.value(u"repairs_right_rate").toDouble(), totals.value(u"repairs_wrong").toInt(),
          totals.value(u"repair_precision").toDouble());
    QCOMPARE(outcome.json.value(u"skipped").toInt(), 0);
    QVERIFY(totals.value(u"errors").toInt() >= 500);
    // The goals of the issue that this set meets.
    QVERIFY(totals.value(u"class_accuracy").toDouble() >= 0.98);
    QVERIFY(totals.value(u"advice_hit_rate").toDouble() >= 0.85);
    QVERIFY(totals.value(u"repairs_right_rate").toDouble() >= 0.10);
    // Repair precision's goal (100%) is not met on this set: the repairs still wrong leave the
    // model's query as it meant, and that query answers another question (README). No change
    // may add to them: at most the 16 of today, 11 of those the gold's columns in another order
    // (2 are joins of join_referenced_table, which answered 45 right; 1 groups where the gold
    // does not, and qualify_column answered 10 more right beside it; 1 is join_through_link's, a
    // count of 0 by the model's filter on the wrong column, beside its 12 right).
    const int answered = totals.value(u"repairs_answered").toInt();
    QVERIFY(answered > 0);
    QVERIFY2(totals.value(u"repairs_wrong").toInt() <= 16,
             qPrintable(QString::number(totals.value(u"repairs_wrong").toInt())));
    QVERIFY(totals.value(u"repairs_right_any_column_order").toInt() >= answered - 5);
    QVERIFY(!outcome.json.value(u"by_source_model").toObject().isEmpty());
    QVERIFY(outcome.json.value(u"by_category").toObject().contains(u"column_missing"));
}

QTEST_GUILESS_MAIN(TestBenchCli)
#include "tst_benchcli.moc"
