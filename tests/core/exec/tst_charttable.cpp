#include "core/exec/charttable.h"

#include <QLocale>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(sqlmend::core::ChartKind)
Q_DECLARE_METATYPE(sqlmend::core::ChartAggregation)

namespace {

using Values = QList<std::optional<double>>;

QList<ChartColumn> orderColumns()
{
    return {{u"status"_s, QMetaType::fromType<QString>()},
            {u"amount"_s, QMetaType::fromType<double>()},
            {u"items"_s, QMetaType::fromType<int>()},
            {u"day"_s, QMetaType::fromType<QDate>()}};
}

QList<QVariantList> orderRows()
{
    return {
            {u"paid"_s, 10.5, 2, QDate(2024, 7, 2)},
            {u"open"_s, 4.0, 1, QDate(2024, 7, 1)},
            {u"paid"_s, 6.0, 3, QDate(2024, 7, 1)},
            {u"refunded"_s, QVariant(), 1, QDate(2024, 7, 3)},
            {u"paid"_s, 1.5, 5, QDate(2024, 7, 2)},
    };
}

QStringList labelsOf(const QList<QVariantList> &rows, int column)
{
    QStringList labels;
    for (const QVariantList &row : rows)
        labels.append(row.at(column).toString());
    return labels;
}

} // namespace

class tst_ChartTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aggregation_data();
    void aggregation();
    void repeatedLabelsStayApart();
    void linesAreSortedByX();
    void histogram_data();
    void histogram();
    void formatNumber_data();
    void formatNumber();
};

void tst_ChartTable::initTestCase()
{
    // Group separators and a decimal point that the expectations spell.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void tst_ChartTable::aggregation_data()
{
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<int>("x");
    QTest::addColumn<QList<int>>("values");
    QTest::addColumn<ChartAggregation>("aggregation");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QList<Values>>("series");
    QTest::addColumn<QList<bool>>("integral");

    const QStringList statuses = {u"paid"_s, u"open"_s, u"refunded"_s};
    QTest::newRow("sum") << ChartKind::GroupedBar << 0 << QList<int>{1, 2} << ChartAggregation::Sum
                         << statuses << QList<Values>{{18.0, 4.0, std::nullopt}, {10.0, 1.0, 1.0}}
                         << QList<bool>{true, true} /* 10.5 + 6 + 1.5 is whole */;
    QTest::newRow("count of values")
            << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::Count << statuses
            << QList<Values>{{3.0, 1.0, 0.0}} << QList<bool>{true};
    QTest::newRow("count of rows")
            << ChartKind::Bar << 0 << QList<int>{} << ChartAggregation::Count << statuses
            << QList<Values>{{3.0, 1.0, 1.0}} << QList<bool>{true};
    QTest::newRow("average") << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::Average
                             << statuses << QList<Values>{{6.0, 4.0, std::nullopt}}
                             << QList<bool>{true};
    QTest::newRow("minimum") << ChartKind::Bar << 0 << QList<int>{2} << ChartAggregation::Minimum
                             << statuses << QList<Values>{{2.0, 1.0, 1.0}} << QList<bool>{true};
    QTest::newRow("maximum") << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::Maximum
                             << statuses << QList<Values>{{10.5, 4.0, std::nullopt}}
                             << QList<bool>{false};
    QTest::newRow("sum per day, in order")
            << ChartKind::Line << 3 << QList<int>{2} << ChartAggregation::Sum
            << QStringList{u"2024-07-01"_s, u"2024-07-02"_s, u"2024-07-03"_s}
            << QList<Values>{{4.0, 7.0, 1.0}} << QList<bool>{true};
    QTest::newRow("none: a point per row")
            << ChartKind::Bar << 0 << QList<int>{2} << ChartAggregation::None
            << QStringList{u"paid"_s, u"open"_s, u"paid (2)"_s, u"refunded"_s, u"paid (3)"_s}
            << QList<Values>{{2.0, 1.0, 3.0, 1.0, 5.0}} << QList<bool>{true};
}

void tst_ChartTable::aggregation()
{
    QFETCH(ChartKind, kind);
    QFETCH(int, x);
    QFETCH(QList<int>, values);
    QFETCH(ChartAggregation, aggregation);
    QFETCH(QStringList, labels);
    QFETCH(QList<Values>, series);
    QFETCH(QList<bool>, integral);

    const QList<ChartColumn> columns = orderColumns();
    const QList<QVariantList> rows = orderRows();
    const ChartSuggestion shown =
            ChartSuggestion::check(kind, x, values, columns, rows, aggregation);
    QVERIFY2(shown.kind == kind, qPrintable(shown.reason));
    QStringList display = labelsOf(rows, x);
    if (x == 3) {
        for (QString &label : display)
            label = QDate::fromString(label, Qt::ISODate).toString(Qt::ISODate);
    }
    const ChartTable table = ChartTable::build(shown, columns, rows, display);
    QCOMPARE(table.labels, labels);
    QCOMPARE(table.series.size(), series.size());
    for (int s = 0; s < series.size(); ++s) {
        QCOMPARE(table.series.at(s).values, series.at(s));
        QCOMPARE(table.series.at(s).integral, integral.at(s));
        QVERIFY(!table.series.at(s).name.isEmpty());
    }
}

void tst_ChartTable::repeatedLabelsStayApart()
{
    // Display text that repeats: each row keeps a bar, numbered.
    const QList<ChartColumn> columns = {{u"name"_s, QMetaType::fromType<QString>()},
                                        {u"n"_s, QMetaType::fromType<int>()}};
    const QList<QVariantList> rows = {{u"a"_s, 1}, {u"a"_s, 2}, {QString(), 3}};
    const ChartSuggestion shown = ChartSuggestion::check(ChartKind::Bar, 0, {1}, columns, rows);
    const ChartTable table = ChartTable::build(shown, columns, rows, {u"a"_s, u"a"_s, QString()});
    QCOMPARE(table.labels, (QStringList{u"a"_s, u"a (2)"_s, u"(empty)"_s}));
}

void tst_ChartTable::linesAreSortedByX()
{
    const QList<ChartColumn> columns = {{u"x"_s, QMetaType::fromType<int>()},
                                        {u"y"_s, QMetaType::fromType<double>()}};
    const QList<QVariantList> rows = {{3, 30.0}, {1, 10.0}, {QVariant(), 99.0}, {2, 20.0}};
    const ChartSuggestion shown = ChartSuggestion::check(ChartKind::Line, 0, {1}, columns, rows);
    const ChartTable table = ChartTable::build(shown, columns, rows, {});
    QCOMPARE(table.xValues, (Values{1.0, 2.0, 3.0})); // the row without an x is left out
    QCOMPARE(table.series.first().values, (Values{10.0, 20.0, 30.0}));
    QVERIFY(!table.xIsTime);
}

void tst_ChartTable::histogram_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<Values>("counts");

    QTest::newRow("few whole numbers: a bin each")
            << QList<double>{1, 2, 2, 3, 3, 3, 5}
            << QStringList{u"1"_s, u"2"_s, u"3"_s, u"4"_s, u"5"_s}
            << Values{1.0, 2.0, 3.0, 0.0, 1.0};
    QList<double> spread;
    for (int i = 0; i < 100; ++i)
        spread.append(i * 1.5); // 0 .. 148.5
    QTest::newRow("many decimals: round ranges")
            << spread << QStringList{u"0 – 20"_s,   u"20 – 40"_s,   u"40 – 60"_s,   u"60 – 80"_s,
                                     u"80 – 100"_s, u"100 – 120"_s, u"120 – 140"_s, u"140 – 160"_s}
            << Values{14.0, 13.0, 13.0, 14.0, 13.0, 13.0, 14.0, 6.0};
    QTest::newRow("one value") << QList<double>{2.5, 2.5} << QStringList{u"2 – 3"_s} << Values{2.0};
    // Where a double cannot count in steps of the range: one bin for all, and no division by 0.
    QTest::newRow("two values a step of precision apart")
            << QList<double>{1e20, 1.0000000000000002e20, 1e20} << QStringList{u"1E+20 – 1E+20"_s}
            << Values{3.0};
    QTest::newRow("a range beyond the doubles")
            << QList<double>{-1e308, 0.0, 1e308} << QStringList{u"-1E+308 – 1E+308"_s}
            << Values{3.0};
}

void tst_ChartTable::histogram()
{
    QFETCH(QList<double>, values);
    QFETCH(QStringList, labels);
    QFETCH(Values, counts);

    const QList<ChartColumn> columns = {{u"price"_s, QMetaType::fromType<double>()}};
    QList<QVariantList> rows;
    for (double value : std::as_const(values))
        rows.append(QVariantList{value});
    rows.append(QVariantList{QVariant()}); // NULL is in no bin
    const ChartSuggestion shown =
            ChartSuggestion::check(ChartKind::Histogram, 0, {}, columns, rows);
    QCOMPARE(shown.kind, ChartKind::Histogram);
    const ChartTable table = ChartTable::build(shown, columns, rows, {});
    QCOMPARE(table.labels, labels);
    QCOMPARE(table.series.size(), 1);
    QCOMPARE(table.series.first().values, counts);
    QVERIFY(table.series.first().integral);
    QCOMPARE(table.binEdges.size(), labels.size() + 1);
    double total = 0;
    for (const std::optional<double> &count : table.series.first().values)
        total += *count;
    QCOMPARE(total, double(values.size()));
}

void tst_ChartTable::formatNumber_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("integral");
    QTest::addColumn<QString>("text");

    QTest::newRow("a count") << 35.0 << true << u"35"_s;
    QTest::newRow("a large count") << 1234567.0 << true << u"1,234,567"_s;
    QTest::newRow("a negative count") << -4.0 << true << u"-4"_s;
    QTest::newRow("a decimal") << 35.5 << false << u"35.5"_s;
    QTest::newRow("no trailing zeros") << 12.25 << false << u"12.25"_s;
    QTest::newRow("a whole number among decimals") << 35.0 << false << u"35"_s;
    QTest::newRow("six digits") << 1234.56789 << false << u"1,234.57"_s;
    QTest::newRow("a small one") << 0.333333333 << false << u"0.333333"_s;
    QTest::newRow("zero") << 0.0 << false << u"0"_s;
}

void tst_ChartTable::formatNumber()
{
    QFETCH(double, value);
    QFETCH(bool, integral);
    QFETCH(QString, text);
    QCOMPARE(ChartTable::formatNumber(value, integral), text);
}

QTEST_APPLESS_MAIN(tst_ChartTable)
#include "tst_charttable.moc"
