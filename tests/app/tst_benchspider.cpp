#include "tests/support/cliprocess.h"
#include "tests/support/shareddata.h"

#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

// sqlmend bench correction without a model on the real Spider 1.0 dev subset, which is not part
// of the repository: SQLMEND_SPIDER_DIR names it, else it is ../shared/bench/spider beside the
// source tree. Without it the suite is skipped (a failure when CI is set).
class TestBenchSpider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void realSpiderSet();

private:
    QString m_dir;
};

void TestBenchSpider::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    SQLMEND_REQUIRE_SHARED_DATA(m_dir, "SQLMEND_SPIDER_DIR", u"bench/spider"_s, u"dev.json"_s);
}

void TestBenchSpider::realSpiderSet()
{
    sqlmend::test::CliOptions options;
    options.timeoutMs = 600000;
    const sqlmend::test::CliRun outcome = sqlmend::test::runCli(
            QStringLiteral(SQLMEND_BINARY),
            {u"bench"_s, u"correction"_s, u"--spider"_s, m_dir, u"--json"_s}, options);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    const QJsonObject &json = outcome.json;
    QVERIFY(json.value(u"questions").toInt() > 0);
    QCOMPARE(json.value(u"gold_failed").toInt(), 0); // every gold query runs on SQLite

    const QJsonObject totals = json.value(u"totals").toObject();
    qInfo("errors %d, class accuracy %.4f, advice hit rate %.4f, autofix rate %.4f, "
          "autofix precision %.4f, %d ms",
          totals.value(u"errors").toInt(), totals.value(u"class_accuracy").toDouble(),
          totals.value(u"advice_hit_rate").toDouble(), totals.value(u"autofix_rate").toDouble(),
          totals.value(u"autofix_precision").toDouble(), json.value(u"ms").toInt());
    QVERIFY(totals.value(u"errors").toInt() > 0);
    // The goals of the benchmark: advice names the right thing, and autofix never repairs wrongly.
    QVERIFY(totals.value(u"advice_hit_rate").toDouble() >= 0.95);
    QCOMPARE(totals.value(u"autofix_precision").toDouble(), 1.0);
    QVERIFY(totals.value(u"autofixed").toInt() > 0);
    const QJsonObject kinds = json.value(u"kinds").toObject();
    for (auto it = kinds.constBegin(); it != kinds.constEnd(); ++it) {
        const QJsonObject figures = it.value().toObject();
        QVERIFY2(figures.value(u"autofix_precision").toDouble() == 1.0, qPrintable(it.key()));
        QVERIFY2(figures.value(u"broken").toInt() > 0, qPrintable(it.key()));
    }
    // Misspelled names are the errors SQLite names exactly; a dropped GROUP BY column SQLite does
    // not name, and the advice reads it from the statement. Every one is classified and advised.
    for (const QString &kind :
         {u"column_misspelled"_s, u"table_misspelled"_s, u"group_by_dropped"_s}) {
        const QJsonObject figures = kinds.value(kind).toObject();
        QCOMPARE(figures.value(u"class_accuracy").toDouble(), 1.0);
        QVERIFY(figures.value(u"advice_hit_rate").toDouble() >= 0.95);
    }
}

QTEST_GUILESS_MAIN(TestBenchSpider)
#include "tst_benchspider.moc"
