#include "core/bench/resultcompare.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

Q_DECLARE_METATYPE(sqlmend::core::ResultTable)

// Spider's execution-accuracy rule and the outer ORDER BY test it depends on.
class TestResultCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameResult_data();
    void sameResult();
    void outerOrderBy_data();
    void outerOrderBy();
};

namespace {

ResultTable table(int columns, const QList<QVariantList> &rows)
{
    ResultTable result;
    for (int i = 0; i < columns; ++i)
        result.columns.append(u"c%1"_s.arg(i));
    result.rows = rows;
    return result;
}

} // namespace

void TestResultCompare::sameResult_data()
{
    QTest::addColumn<ResultTable>("gold");
    QTest::addColumn<ResultTable>("predicted");
    QTest::addColumn<bool>("ordered");
    QTest::addColumn<bool>("expected");

    const QVariant null;
    QTest::newRow("identical") << table(2, {{1, u"a"_s}, {2, u"b"_s}})
                               << table(2, {{1, u"a"_s}, {2, u"b"_s}}) << false << true;
    QTest::newRow("other order, unordered")
            << table(2, {{1, u"a"_s}, {2, u"b"_s}}) << table(2, {{2, u"b"_s}, {1, u"a"_s}}) << false
            << true;
    QTest::newRow("other order, ordered") << table(2, {{1, u"a"_s}, {2, u"b"_s}})
                                          << table(2, {{2, u"b"_s}, {1, u"a"_s}}) << true << false;
    QTest::newRow("1 == 1.0") << table(1, {{qlonglong(1)}}) << table(1, {{1.0}}) << false << true;
    QTest::newRow("1 != 1.5") << table(1, {{qlonglong(1)}}) << table(1, {{1.5}}) << false << false;
    QTest::newRow("doubles within 1e-6")
            << table(1, {{3.14159265}}) << table(1, {{3.141592651}}) << false << true;
    QTest::newRow("doubles apart")
            << table(1, {{3.1415}}) << table(1, {{3.1416}}) << false << false;
    QTest::newRow("NULL == NULL") << table(1, {{null}}) << table(1, {{QVariant()}}) << false
                                  << true;
    QTest::newRow("NULL != 0") << table(1, {{null}}) << table(1, {{0}}) << false << false;
    QTest::newRow("NULL != empty text")
            << table(1, {{null}}) << table(1, {{u""_s}}) << false << false;
    QTest::newRow("text exact") << table(1, {{u"Ann"_s}}) << table(1, {{u"ann"_s}}) << false
                                << false;
    QTest::newRow("text '1' != number 1")
            << table(1, {{u"1"_s}}) << table(1, {{1}}) << false << false;
    QTest::newRow("column names ignored")
            << ResultTable{{u"a"_s}, {{1}}} << ResultTable{{u"b"_s}, {{1}}} << false << true;
    QTest::newRow("row count differs") << table(1, {{1}, {1}}) << table(1, {{1}}) << false << false;
    QTest::newRow("multiset, not set")
            << table(1, {{1}, {1}, {2}}) << table(1, {{1}, {2}, {2}}) << false << false;
    QTest::newRow("column count differs")
            << table(1, {{1}}) << table(2, {{1, 2}}) << false << false;
    QTest::newRow("both empty") << table(1, {}) << table(1, {}) << true << true;
    QTest::newRow("empty, other columns") << table(1, {}) << table(2, {}) << false << false;
    QTest::newRow("bool as number")
            << table(1, {{true}}) << table(1, {{qlonglong(1)}}) << false << true;
}

void TestResultCompare::sameResult()
{
    QFETCH(ResultTable, gold);
    QFETCH(ResultTable, predicted);
    QFETCH(bool, ordered);
    QFETCH(bool, expected);
    QCOMPARE(sqlmend::core::sameResult(gold, predicted, ordered), expected);
    QCOMPARE(sqlmend::core::sameResult(predicted, gold, ordered), expected);
}

void TestResultCompare::outerOrderBy_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("expected");

    QTest::newRow("plain") << u"SELECT a FROM t ORDER BY a"_s << true;
    QTest::newRow("lower case, spaces") << u"select a from t order   by a desc limit 1"_s << true;
    QTest::newRow("none") << u"SELECT a FROM t"_s << false;
    QTest::newRow("only in a subquery")
            << u"SELECT a FROM t WHERE a IN (SELECT b FROM u ORDER BY b LIMIT 3)"_s << false;
    QTest::newRow("window") << u"SELECT rank() OVER (ORDER BY a) FROM t"_s << false;
    QTest::newRow("in a string") << u"SELECT 'ORDER BY x' FROM t"_s << false;
    QTest::newRow("in a comment") << u"SELECT a FROM t -- ORDER BY a"_s << false;
    QTest::newRow("quoted names") << u"SELECT \"order\" FROM t GROUP BY \"order\""_s << false;
    QTest::newRow("after a subquery")
            << u"SELECT a FROM (SELECT a FROM t ORDER BY a) AS s ORDER BY a"_s << true;
    QTest::newRow("after union") << u"SELECT a FROM t UNION SELECT b FROM u ORDER BY 1"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("unterminated") << u"SELECT 'a FROM t ORDER BY a"_s << false;
}

void TestResultCompare::outerOrderBy()
{
    QFETCH(QString, sql);
    QFETCH(bool, expected);
    QCOMPARE(hasOuterOrderBy(sql), expected);
}

QTEST_GUILESS_MAIN(TestResultCompare)
#include "tst_resultcompare.moc"
