#include "core/exec/chartsuggestion.h"

#include <QTest>
#include <QTimeZone>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(sqlmend::core::ChartKind)
Q_DECLARE_METATYPE(sqlmend::core::ChartAggregation)
Q_DECLARE_METATYPE(sqlmend::core::MeasureKind)

namespace {

// "name:Type" per column; the type is a QMetaType name, or empty for "unknown" (SQLite
// expressions).
QList<ChartColumn> columnsOf(const QStringList &specs)
{
    QList<ChartColumn> columns;
    for (const QString &spec : specs) {
        const QString name = spec.section(u':', 0, 0);
        const QString type = spec.section(u':', 1);
        columns.append({name, type.isEmpty() ? QMetaType() : QMetaType::fromName(type.toUtf8())});
    }
    return columns;
}

QList<QVariantList> rowsOf(int count, const std::function<QVariantList(int)> &row)
{
    QList<QVariantList> rows;
    for (int i = 0; i < count; ++i)
        rows.append(row(i));
    return rows;
}

const QStringList regions = {u"north"_s, u"south"_s, u"east"_s,  u"west"_s,   u"centre"_s,
                             u"coast"_s, u"hills"_s, u"lakes"_s, u"plains"_s, u"islands"_s};

} // namespace

class tst_ChartSuggestion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void suggest_data();
    void suggest();
    void check_data();
    void check();
    void aggregationChoice_data();
    void aggregationChoice();
    void fromSql_data();
    void fromSql();
    void shapeOf_data();
    void shapeOf();
    void title_data();
    void title();
    void numberValue_data();
    void numberValue();
    void timeValue_data();
    void timeValue();
    void hostileInput();
};

void tst_ChartSuggestion::suggest_data()
{
    QTest::addColumn<QStringList>("columns");
    QTest::addColumn<QList<QVariantList>>("rows");
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<int>("x");
    QTest::addColumn<QList<int>>("values");

    const auto tenRegions = rowsOf(10, [](int i) {
        return QVariantList{regions.at(i), 100.0 + i * 7.5};
    });
    QTest::newRow("category + number: bar") << QStringList{u"region:QString"_s, u"revenue:double"_s}
                                            << tenRegions << ChartKind::Bar << 0 << QList<int>{1};

    const auto threeStates =
            QList<QVariantList>{{u"paid"_s, 12LL}, {u"open"_s, 3LL}, {u"refunded"_s, 0LL}};
    QTest::newRow("few categories, non-negative: pie")
            << QStringList{u"status:QString"_s, u"order_count:qlonglong"_s} << threeStates
            << ChartKind::Pie << 0 << QList<int>{1};
    QTest::newRow("few categories, a negative value: bar")
            << QStringList{u"status:QString"_s, u"balance:double"_s}
            << QList<QVariantList>{{u"a"_s, 5.0}, {u"b"_s, -2.0}, {u"c"_s, 1.0}} << ChartKind::Bar
            << 0 << QList<int>{1};
    QTest::newRow("few categories, all zero: bar")
            << QStringList{u"status:QString"_s, u"orders:int"_s}
            << QList<QVariantList>{{u"a"_s, 0}, {u"b"_s, 0}} << ChartKind::Bar << 0
            << QList<int>{1};
    QTest::newRow("nine categories: bar")
            << QStringList{u"region:QString"_s, u"revenue:double"_s} << tenRegions.mid(0, 9)
            << ChartKind::Bar << 0 << QList<int>{1};
    QTest::newRow("eight categories, a total: pie")
            << QStringList{u"region:QString"_s, u"total_revenue:double"_s} << tenRegions.mid(0, 8)
            << ChartKind::Pie << 0 << QList<int>{1};
    QTest::newRow("boolean category: pie")
            << QStringList{u"is_active:bool"_s, u"n_users:int"_s}
            << QList<QVariantList>{{true, 40}, {false, 2}} << ChartKind::Pie << 0 << QList<int>{1};

    QTest::newRow("date + number: line") << QStringList{
            u"day:QDate"_s,
            u"amount:double"_s} << rowsOf(20, [](int i) {
        return QVariantList{QDate(2024, 7, 1).addDays(i), 3.0 * i};
    }) << ChartKind::Line << 0 << QList<int>{1};
    QTest::newRow("dates as text: line")
            << QStringList{u"day:QString"_s, u"total:double"_s}
            << QList<QVariantList>{{u"2024-07-02"_s, 4.0}, {u"2024-07-01"_s, 5.0}}
            << ChartKind::Line << 0 << QList<int>{1};
    QTest::newRow("date-times as text: line")
            << QStringList{u"hour:QString"_s, u"hits:qlonglong"_s}
            << QList<QVariantList>{{u"2024-07-01 05:00:00"_s, 4LL}, {u"2024-07-01 06:00:00"_s, 9LL}}
            << ChartKind::Line << 0 << QList<int>{1};
    QTest::newRow("PostgreSQL timestamptz text: line")
            << QStringList{u"at:QString"_s, u"load:double"_s}
            << QList<QVariantList>{{u"2024-07-01 05:00:00+00"_s, 0.5},
                                   {u"2024-07-01 05:30:00.25-05"_s, 0.7}}
            << ChartKind::Line << 0 << QList<int>{1};
    QTest::newRow("months as text: line")
            << QStringList{u"month:QString"_s, u"sales:double"_s}
            << QList<QVariantList>{{u"2024-06"_s, 1.0}, {u"2024-07"_s, 2.0}} << ChartKind::Line << 0
            << QList<int>{1};
    QTest::newRow("time beats category, several values: line")
            << QStringList{u"region:QString"_s, u"at:QDateTime"_s, u"orders:int"_s,
                           u"revenue:double"_s}
            << QList<QVariantList>{{u"north"_s, QDateTime(QDate(2024, 1, 1), QTime(9, 0)), 3, 10.0}}
            << ChartKind::MultiLine << 1 << QList<int>{2, 3};

    QTest::newRow("two numbers: scatter") << QStringList{
            u"height:double"_s,
            u"weight:double"_s} << rowsOf(30, [](int i) {
        return QVariantList{150.0 + i, 50.0 + i / 2.0};
    }) << ChartKind::Scatter << 0 << QList<int>{1};
    QTest::newRow("three numbers: scatter with two series")
            << QStringList{u"x:int"_s, u"y:int"_s, u"z:int"_s}
            << QList<QVariantList>{{1, 2, 3}, {4, 5, 6}} << ChartKind::Scatter << 0
            << QList<int>{1, 2};
    QTest::newRow("identifier + number: bar") << QStringList{
            u"user_id:qlonglong"_s,
            u"total:double"_s} << rowsOf(20, [](int i) {
        return QVariantList{qlonglong(i + 1), i * 2.5};
    }) << ChartKind::Bar << 0 << QList<int>{1};
    QTest::newRow("numeric text (PostgreSQL numeric): bar") << QStringList{
            u"region:QString"_s, u"amount:QString"_s} << rowsOf(10, [](int i) {
        return QVariantList{regions.at(i), u"%1.50"_s.arg(i * 3)};
    }) << ChartKind::Bar << 0 << QList<int>{1};
    QTest::newRow("untyped SQLite expressions: scatter")
            << QStringList{u"a:"_s, u"b:"_s}
            << QList<QVariantList>{{1LL, 2.5}, {2LL, 3.5}, {3LL, QVariant()}} << ChartKind::Scatter
            << 0 << QList<int>{1};
    QTest::newRow("a column of NULLs is skipped") << QStringList{
            u"note:QString"_s, u"region:QString"_s,
            u"n:int"_s} << rowsOf(10, [](int i) {
        return QVariantList{QVariant(QMetaType::fromType<QString>()), regions.at(i), i};
    }) << ChartKind::Bar << 1 << QList<int>{2};
    QTest::newRow("at most five series")
            << QStringList{u"label:QString"_s, u"a:int"_s, u"b:int"_s, u"c:int"_s,
                           u"d:int"_s,         u"e:int"_s, u"f:int"_s, u"g:int"_s}
            << rowsOf(12,
                      [](int i) { return QVariantList{regions.at(i % 10), i, i, i, i, i, i, i}; })
            << ChartKind::GroupedBar << 0 << QList<int>{1, 2, 3, 4, 5};
    QTest::newRow("mixed text stays a category: bar") << QStringList{
            u"when:QString"_s, u"n:int"_s} << rowsOf(10, [](int i) {
        return QVariantList{i == 3 ? u"n/a"_s : u"2024-07-0%1"_s.arg(i), i};
    }) << ChartKind::Bar << 0 << QList<int>{1};

    QTest::newRow("one text column: none")
            << QStringList{u"name:QString"_s} << QList<QVariantList>{{u"ada"_s}, {u"grace"_s}}
            << ChartKind::None << -1 << QList<int>{};
    QTest::newRow("one number column: none")
            << QStringList{u"count:qlonglong"_s} << QList<QVariantList>{{42LL}} << ChartKind::None
            << -1 << QList<int>{};
    QTest::newRow("binary + number: none") << QStringList{u"picture:QByteArray"_s, u"size:int"_s}
                                           << QList<QVariantList>{{QByteArray("\x89PNG", 4), 4}}
                                           << ChartKind::None << -1 << QList<int>{};
    QTest::newRow("no rows: none")
            << QStringList{u"region:QString"_s, u"revenue:double"_s} << QList<QVariantList>{}
            << ChartKind::None << -1 << QList<int>{};
    QTest::newRow("no columns: none")
            << QStringList{} << QList<QVariantList>{} << ChartKind::None << -1 << QList<int>{};
}

void tst_ChartSuggestion::suggest()
{
    QFETCH(QStringList, columns);
    QFETCH(QList<QVariantList>, rows);
    QFETCH(ChartKind, kind);
    QFETCH(int, x);
    QFETCH(QList<int>, values);

    const ChartSuggestion suggestion = ChartSuggestion::suggest(columnsOf(columns), rows);
    QCOMPARE(suggestion.kind, kind);
    QCOMPARE(suggestion.categoryOrXColumn, x);
    QCOMPARE(suggestion.valueColumns, values);
    QVERIFY(!suggestion.reason.isEmpty());
    if (kind != ChartKind::None) {
        // The reason names the columns it draws.
        for (int value : values)
            QVERIFY2(suggestion.reason.contains(columnsOf(columns).at(value).name),
                     qPrintable(suggestion.reason));
    }
}

void tst_ChartSuggestion::check_data()
{
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<int>("x");
    QTest::addColumn<QList<int>>("values");
    QTest::addColumn<ChartKind>("expected");
    QTest::addColumn<QString>("reasonMentions");

    // region:text, day:date, balance:double (one negative), qty:int, note:text
    QTest::newRow("bar") << ChartKind::Bar << 0 << QList<int>{3} << ChartKind::Bar << u"region"_s;
    QTest::newRow("bar of two series")
            << ChartKind::Bar << 0 << QList<int>{2, 3} << ChartKind::None << u"Grouped bar"_s;
    QTest::newRow("grouped bar") << ChartKind::GroupedBar << 0 << QList<int>{2, 3}
                                 << ChartKind::GroupedBar << u"region"_s;
    QTest::newRow("stacked bar") << ChartKind::StackedBar << 0 << QList<int>{2, 3}
                                 << ChartKind::StackedBar << u"balance"_s;
    QTest::newRow("grouped bar of one series")
            << ChartKind::GroupedBar << 0 << QList<int>{3} << ChartKind::None << u"Bar"_s;
    QTest::newRow("multi-line over a date")
            << ChartKind::MultiLine << 1 << QList<int>{2, 3} << ChartKind::MultiLine << u"day"_s;
    QTest::newRow("area over a date")
            << ChartKind::Area << 1 << QList<int>{2, 3} << ChartKind::Area << u"day"_s;
    QTest::newRow("area over text")
            << ChartKind::Area << 0 << QList<int>{3} << ChartKind::None << u"region"_s;
    QTest::newRow("histogram of a number")
            << ChartKind::Histogram << 3 << QList<int>{} << ChartKind::Histogram << u"qty"_s;
    QTest::newRow("histogram of text")
            << ChartKind::Histogram << 0 << QList<int>{} << ChartKind::None << u"region"_s;
    QTest::newRow("line over a date")
            << ChartKind::Line << 1 << QList<int>{3} << ChartKind::Line << u"day"_s;
    QTest::newRow("line over a number")
            << ChartKind::Line << 3 << QList<int>{2} << ChartKind::Line << u"qty"_s;
    QTest::newRow("line over text")
            << ChartKind::Line << 0 << QList<int>{3} << ChartKind::None << u"region"_s;
    QTest::newRow("scatter over text")
            << ChartKind::Scatter << 4 << QList<int>{3} << ChartKind::None << u"note"_s;
    QTest::newRow("scatter") << ChartKind::Scatter << 3 << QList<int>{2} << ChartKind::Scatter
                             << u"balance"_s;
    QTest::newRow("pie of negatives")
            << ChartKind::Pie << 0 << QList<int>{2} << ChartKind::None << u"balance"_s;
    QTest::newRow("pie") << ChartKind::Pie << 0 << QList<int>{3} << ChartKind::Pie << u"qty"_s;
    QTest::newRow("pie of two columns")
            << ChartKind::Pie << 0 << QList<int>{2, 3} << ChartKind::None << QString();
    QTest::newRow("text as a value")
            << ChartKind::Bar << 0 << QList<int>{4} << ChartKind::None << u"note"_s;
    QTest::newRow("axis is a value")
            << ChartKind::Bar << 3 << QList<int>{3} << ChartKind::None << u"qty"_s;
    QTest::newRow("no values") << ChartKind::Bar << 0 << QList<int>{} << ChartKind::None
                               << QString();
    QTest::newRow("x out of range")
            << ChartKind::Bar << 9 << QList<int>{3} << ChartKind::None << QString();
    QTest::newRow("value out of range")
            << ChartKind::Bar << 0 << QList<int>{-1} << ChartKind::None << QString();
    QTest::newRow("none chosen") << ChartKind::None << 0 << QList<int>{3} << ChartKind::None
                                 << QString();
}

void tst_ChartSuggestion::check()
{
    QFETCH(ChartKind, kind);
    QFETCH(int, x);
    QFETCH(QList<int>, values);
    QFETCH(ChartKind, expected);
    QFETCH(QString, reasonMentions);

    const QList<ChartColumn> columns =
            columnsOf({u"region:QString"_s, u"day:QDate"_s, u"balance:double"_s, u"qty:int"_s,
                       u"note:QString"_s});
    const QList<QVariantList> rows = {
            {u"north"_s, QDate(2024, 7, 1), 10.5, 3, u"first"_s},
            {u"south"_s, QDate(2024, 7, 2), -4.0, 7, u"second"_s},
    };
    const ChartSuggestion result = ChartSuggestion::check(kind, x, values, columns, rows);
    QCOMPARE(result.kind, expected);
    QVERIFY(!result.reason.isEmpty());
    QVERIFY2(result.reason.contains(reasonMentions), qPrintable(result.reason));
    if (expected == ChartKind::None) {
        QCOMPARE(result.categoryOrXColumn, -1);
        QVERIFY(result.valueColumns.isEmpty());
    } else {
        QCOMPARE(result.categoryOrXColumn, x);
        QCOMPARE(result.valueColumns, values);
    }
}

void tst_ChartSuggestion::aggregationChoice_data()
{
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<int>("x");
    QTest::addColumn<QList<int>>("values");
    QTest::addColumn<ChartAggregation>("aggregation");
    QTest::addColumn<ChartKind>("expected");
    QTest::addColumn<QString>("reasonMentions");

    // status:text (repeats), amount:double, day:date
    QTest::newRow("sum per status") << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::Sum
                                    << ChartKind::Bar << u"sum of amount"_s;
    QTest::newRow("count of rows per status")
            << ChartKind::Bar << 0 << QList<int>{} << ChartAggregation::Count << ChartKind::Bar
            << u"number of rows"_s;
    QTest::newRow("no series without a count")
            << ChartKind::Bar << 0 << QList<int>{} << ChartAggregation::Sum << ChartKind::None
            << u"count the rows"_s;
    QTest::newRow("average per day")
            << ChartKind::Line << 2 << QList<int>{1} << ChartAggregation::Average << ChartKind::Line
            << u"average amount"_s;
    QTest::newRow("pie of counts") << ChartKind::Pie << 0 << QList<int>{} << ChartAggregation::Count
                                   << ChartKind::Pie << u"status"_s;
    QTest::newRow("histogram takes no aggregation")
            << ChartKind::Histogram << 1 << QList<int>{} << ChartAggregation::Sum << ChartKind::None
            << u"amount"_s;
}

void tst_ChartSuggestion::aggregationChoice()
{
    QFETCH(ChartKind, kind);
    QFETCH(int, x);
    QFETCH(QList<int>, values);
    QFETCH(ChartAggregation, aggregation);
    QFETCH(ChartKind, expected);
    QFETCH(QString, reasonMentions);

    const QList<ChartColumn> columns =
            columnsOf({u"status:QString"_s, u"amount:double"_s, u"day:QDate"_s});
    const QList<QVariantList> rows = {
            {u"paid"_s, 10.0, QDate(2024, 7, 1)},
            {u"open"_s, 4.5, QDate(2024, 7, 1)},
            {u"paid"_s, 2.0, QDate(2024, 7, 2)},
    };
    const ChartSuggestion result =
            ChartSuggestion::check(kind, x, values, columns, rows, aggregation);
    QCOMPARE(result.kind, expected);
    QVERIFY2(result.reason.contains(reasonMentions), qPrintable(result.reason));
    if (expected != ChartKind::None)
        QCOMPARE(result.aggregation, aggregation);
}

void tst_ChartSuggestion::fromSql_data()
{
    // Results shaped as the SQL that made them: the SQL decides between a share and the rest.
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("columns");
    QTest::addColumn<QList<QVariantList>>("rows");
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<ChartAggregation>("aggregation");

    const QList<QVariantList> fourStates = {
            {u"paid"_s, 35LL}, {u"open"_s, 12LL}, {u"refunded"_s, 3LL}, {u"void"_s, 1LL}};
    const QStringList statusAndN = {u"status:QString"_s, u"orders:qlonglong"_s};
    QTest::newRow("a count per status is a share: pie")
            << u"SELECT status, COUNT(*) AS orders FROM orders GROUP BY status"_s << statusAndN
            << fourStates << ChartKind::Pie << ChartAggregation::None;
    QTest::newRow("a sum per status is a share: pie")
            << u"select status, sum(total) orders from orders group by 1"_s << statusAndN
            << fourStates << ChartKind::Pie << ChartAggregation::None;
    QTest::newRow("a ranking (ORDER BY ... LIMIT) is not: bar")
            << u"SELECT status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY orders "
               "DESC LIMIT 4"_s
            << statusAndN << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("ORDER BY ... DESC alone is still the whole: pie")
            << u"SELECT status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY 2 DESC"_s
            << statusAndN << fourStates << ChartKind::Pie << ChartAggregation::None;
    QTest::newRow("SQL Server TOP ranks: bar")
            << u"SELECT TOP 4 status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY "
               "orders"_s
            << statusAndN << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("an average is not a share: bar")
            << u"SELECT status, AVG(total) AS orders FROM orders GROUP BY status"_s << statusAndN
            << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("a rounded average is not a share: bar")
            << u"SELECT status, ROUND(AVG(total), 2) AS orders FROM orders GROUP BY status"_s
            << statusAndN << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("a rate is not a share: bar")
            << u"SELECT status, COUNT(*) * 100.0 / (SELECT COUNT(*) FROM orders) AS orders FROM "
               "orders GROUP BY status"_s
            << statusAndN << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("a share of a window is not: bar")
            << u"SELECT status, SUM(total) OVER (PARTITION BY status) AS orders FROM orders"_s
            << statusAndN << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("a maximum is not a share: bar")
            << u"SELECT status, MAX(total) AS orders FROM orders GROUP BY status"_s << statusAndN
            << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("a plain column of unknown meaning: bar")
            << u"SELECT status, orders FROM summary"_s << statusAndN << fourStates << ChartKind::Bar
            << ChartAggregation::None;
    QTest::newRow("SELECT *: the names decide (avg_price): bar")
            << u"SELECT * FROM summary"_s << QStringList{u"status:QString"_s, u"avg_price:double"_s}
            << fourStates << ChartKind::Bar << ChartAggregation::None;
    QTest::newRow("SELECT *: the names decide (n): pie")
            << u"SELECT * FROM summary"_s << QStringList{u"status:QString"_s, u"n:qlonglong"_s}
            << fourStates << ChartKind::Pie << ChartAggregation::None;
    QTest::newRow("an unnamed COUNT(*) column: pie")
            << QString() << QStringList{u"status:QString"_s, u"COUNT(*):qlonglong"_s} << fourStates
            << ChartKind::Pie << ChartAggregation::None;
    QTest::newRow("a CTE and a comment do not confuse it: pie")
            << u"WITH t AS (SELECT status, total FROM orders ORDER BY total DESC LIMIT 9)\n"
               "-- shares\nSELECT status, COUNT(*) AS orders FROM t GROUP BY status"_s
            << statusAndN << fourStates << ChartKind::Pie << ChartAggregation::None;

    // Raw rows: repeated categories are added up, averages averaged.
    const QList<QVariantList> rawOrders = {{u"paid"_s, 10.0}, {u"open"_s, 4.0}, {u"paid"_s, 6.0}};
    QTest::newRow("raw amounts per status: bars of sums")
            << u"SELECT status, total FROM orders"_s
            << QStringList{u"status:QString"_s, u"total:double"_s} << rawOrders << ChartKind::Bar
            << ChartAggregation::Sum;
    QTest::newRow("raw averages per status: bars of averages")
            << u"SELECT status, avg_total FROM daily"_s
            << QStringList{u"status:QString"_s, u"avg_total:double"_s} << rawOrders
            << ChartKind::Bar << ChartAggregation::Average;

    // One numeric column of many rows: how it is spread.
    const auto prices = rowsOf(120, [](int i) { return QVariantList{5.0 + (i * 37 % 101) / 3.0}; });
    QTest::newRow("one number, many rows: histogram")
            << u"SELECT price FROM products"_s << QStringList{u"price:double"_s} << prices
            << ChartKind::Histogram << ChartAggregation::None;
    const auto named = rowsOf(120, [](int i) {
        return QVariantList{u"product %1"_s.arg(i), 5.0 + (i * 37 % 101) / 3.0};
    });
    QTest::newRow("a label per row and one number, many rows: histogram")
            << u"SELECT name, price FROM products"_s
            << QStringList{u"name:QString"_s, u"price:double"_s} << named << ChartKind::Histogram
            << ChartAggregation::None;
    QTest::newRow("a ranking of many rows stays bars")
            << u"SELECT name, price FROM products ORDER BY price DESC LIMIT 120"_s
            << QStringList{u"name:QString"_s, u"price:double"_s} << named << ChartKind::Bar
            << ChartAggregation::None;
    QTest::newRow("a date axis: line")
            << u"SELECT day, COUNT(*) AS orders FROM orders GROUP BY day"_s
            << QStringList{u"day:QString"_s, u"orders:qlonglong"_s}
            << QList<QVariantList>{{u"2024-07-01"_s, 3LL}, {u"2024-07-02"_s, 5LL}}
            << ChartKind::Line << ChartAggregation::None;
}

void tst_ChartSuggestion::fromSql()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, columns);
    QFETCH(QList<QVariantList>, rows);
    QFETCH(ChartKind, kind);
    QFETCH(ChartAggregation, aggregation);

    const ChartSuggestion suggestion =
            ChartSuggestion::suggest(columnsOf(columns), rows, ChartSource{QString(), sql});
    QVERIFY2(suggestion.kind == kind,
             qPrintable(u"%1: %2"_s.arg(ChartSuggestion::kindName(suggestion.kind),
                                        suggestion.reason)));
    QCOMPARE(suggestion.aggregation, aggregation);
    QVERIFY(!suggestion.reason.isEmpty());
}

void tst_ChartSuggestion::shapeOf_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QList<MeasureKind>>("measures");
    QTest::addColumn<bool>("ranking");

    using M = MeasureKind;
    QTest::newRow("counts and sums")
            << u"SELECT region, COUNT(*) AS n, SUM(total) AS revenue FROM orders GROUP BY region"_s
            << QList<M>{M::Unknown, M::Count, M::Sum} << false;
    QTest::newRow("averages, extremes, rates")
            << u"SELECT AVG(x), MIN(x), MAX(x), SUM(a) / SUM(b) FROM t"_s
            << QList<M>{M::Average, M::Extreme, M::Extreme, M::Rate} << false;
    QTest::newRow("functions inside, commas inside")
            << u"SELECT COALESCE(region, 'none'), ROUND(AVG(price), 2), CAST(COUNT(*) AS REAL) "
               "FROM t"_s
            << QList<M>{M::Unknown, M::Average, M::Count} << false;
    QTest::newRow("DISTINCT and a ranking")
            << u"SELECT DISTINCT region, SUM(x) s FROM t GROUP BY region ORDER BY s DESC LIMIT 3"_s
            << QList<M>{M::Unknown, M::Sum} << true;
    QTest::newRow("DISTINCT ON")
            << u"SELECT DISTINCT ON (region) region, MAX(x) FROM t GROUP BY region"_s
            << QList<M>{M::Unknown, M::Extreme} << false;
    QTest::newRow("a subquery's LIMIT is not the statement's")
            << u"SELECT region, COUNT(*) FROM (SELECT * FROM t ORDER BY x DESC LIMIT 5) s GROUP "
               "BY region"_s
            << QList<M>{M::Unknown, M::Count} << false;
    QTest::newRow("an ascending order without a limit is no ranking")
            << u"SELECT region, COUNT(*) FROM t GROUP BY region ORDER BY region"_s
            << QList<M>{M::Unknown, M::Count} << false;
    QTest::newRow("FETCH FIRST ranks")
            << u"SELECT region, SUM(x) FROM t GROUP BY region ORDER BY 2 FETCH FIRST 3 ROWS ONLY"_s
            << QList<M>{M::Unknown, M::Sum} << true;
    QTest::newRow("a star hides the positions")
            << u"SELECT *, COUNT(*) OVER () FROM t"_s << QList<M>{} << false;
    QTest::newRow("a qualified star too") << u"SELECT t.*, 1 FROM t"_s << QList<M>{} << false;
    QTest::newRow("COUNT(*) is no star")
            << u"SELECT COUNT(*) FROM t"_s << QList<M>{M::Count} << false;
    QTest::newRow("not a SELECT") << u"PRAGMA table_info(t)"_s << QList<M>{} << false;
    QTest::newRow("empty") << QString() << QList<M>{} << false;
    QTest::newRow("broken") << u"SELECT 'unterminated, COUNT(*"_s << QList<M>{M::Unknown} << false;
}

void tst_ChartSuggestion::shapeOf()
{
    QFETCH(QString, sql);
    QFETCH(QList<MeasureKind>, measures);
    QFETCH(bool, ranking);

    const ChartSuggestion::SqlShape shape = ChartSuggestion::shapeOf(sql);
    QCOMPARE(shape.measures, measures);
    QCOMPARE(shape.ranking, ranking);
}

void tst_ChartSuggestion::title_data()
{
    QTest::addColumn<ChartKind>("kind");
    QTest::addColumn<int>("x");
    QTest::addColumn<QList<int>>("values");
    QTest::addColumn<ChartAggregation>("aggregation");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("title");

    QTest::newRow("the question") << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::None
                                  << u"  How much did each\nregion earn? "_s
                                  << u"How much did each region earn?"_s;
    QTest::newRow("a long question is cut")
            << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::None << QString(200, u'q')
            << QString(89, u'q') + u'\u2026';
    QTest::newRow("bars from the columns")
            << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::None << QString()
            << u"Revenue by region"_s;
    QTest::newRow("sums from the columns")
            << ChartKind::Bar << 0 << QList<int>{1} << ChartAggregation::Sum << QString()
            << u"Sum of revenue by region"_s;
    QTest::newRow("a count of rows")
            << ChartKind::Pie << 0 << QList<int>{} << ChartAggregation::Count << QString()
            << u"Share of number of rows by region"_s;
    QTest::newRow("lines over time")
            << ChartKind::MultiLine << 2 << QList<int>{1, 3} << ChartAggregation::None << QString()
            << u"Revenue, orders by day"_s;
    QTest::newRow("a histogram") << ChartKind::Histogram << 1 << QList<int>{}
                                 << ChartAggregation::None << QString()
                                 << u"Distribution of revenue"_s;
    QTest::newRow("no chart, no title") << ChartKind::None << -1 << QList<int>{}
                                        << ChartAggregation::None << QString() << QString();
}

void tst_ChartSuggestion::title()
{
    QFETCH(ChartKind, kind);
    QFETCH(int, x);
    QFETCH(QList<int>, values);
    QFETCH(ChartAggregation, aggregation);
    QFETCH(QString, question);
    QFETCH(QString, title);

    const QList<ChartColumn> columns =
            columnsOf({u"region:QString"_s, u"revenue:double"_s, u"day:QDate"_s, u"orders:int"_s});
    ChartSuggestion shown;
    shown.kind = kind;
    shown.categoryOrXColumn = x;
    shown.valueColumns = values;
    shown.aggregation = aggregation;
    QCOMPARE(ChartSuggestion::title(shown, columns, ChartSource{question, u"SELECT 1"_s}), title);
}

void tst_ChartSuggestion::numberValue_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<bool>("isNumber");
    QTest::addColumn<double>("number");

    QTest::newRow("int") << QVariant(42) << true << 42.0;
    QTest::newRow("long long") << QVariant(-7LL) << true << -7.0;
    QTest::newRow("double") << QVariant(2.5) << true << 2.5;
    QTest::newRow("text") << QVariant(u" 12.50 "_s) << true << 12.5;
    QTest::newRow("exponent") << QVariant(u"1e3"_s) << true << 1000.0;
    QTest::newRow("negative text") << QVariant(u"-0.25"_s) << true << -0.25;
    QTest::newRow("NULL") << QVariant(QMetaType::fromType<double>()) << false << 0.0;
    QTest::newRow("invalid") << QVariant() << false << 0.0;
    QTest::newRow("empty") << QVariant(QString()) << false << 0.0;
    QTest::newRow("word") << QVariant(u"abc"_s) << false << 0.0;
    QTest::newRow("nan text") << QVariant(u"nan"_s) << false << 0.0;
    QTest::newRow("inf text") << QVariant(u"inf"_s) << false << 0.0;
    QTest::newRow("nan double") << QVariant(qQNaN()) << false << 0.0;
    QTest::newRow("bool") << QVariant(true) << false << 0.0;
    QTest::newRow("date") << QVariant(u"2024-07-01"_s) << false << 0.0;
    QTest::newRow("bytes") << QVariant(QByteArray("12")) << false << 0.0;
}

void tst_ChartSuggestion::numberValue()
{
    QFETCH(QVariant, value);
    QFETCH(bool, isNumber);
    QFETCH(double, number);

    const std::optional<double> parsed = ChartSuggestion::numberValue(value);
    QCOMPARE(parsed.has_value(), isNumber);
    if (isNumber)
        QCOMPARE(*parsed, number);
}

void tst_ChartSuggestion::timeValue_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QDateTime>("time");

    const QDateTime july1 = QDate(2024, 7, 1).startOfDay();
    QTest::newRow("date") << QVariant(QDate(2024, 7, 1)) << july1;
    QTest::newRow("date text") << QVariant(u"2024-07-01"_s) << july1;
    QTest::newRow("date-time text")
            << QVariant(u"2024-07-01 05:00:00"_s) << QDateTime(QDate(2024, 7, 1), QTime(5, 0));
    QTest::newRow("ISO 8601") << QVariant(u"2024-07-01T05:00:00"_s)
                              << QDateTime(QDate(2024, 7, 1), QTime(5, 0));
    QTest::newRow("UTC") << QVariant(u"2024-07-01T05:00:00Z"_s)
                         << QDateTime(QDate(2024, 7, 1), QTime(5, 0), QTimeZone::utc());
    QTest::newRow("short offset") << QVariant(u"2024-07-01 05:00:00+02"_s)
                                  << QDateTime(QDate(2024, 7, 1), QTime(3, 0), QTimeZone::utc());
    QTest::newRow("month") << QVariant(u"2024-07"_s) << july1;
    QTest::newRow("time of day") << QVariant(QTime(5, 30))
                                 << QDateTime(QDate(1970, 1, 1), QTime(5, 30));
    QTest::newRow("month 13") << QVariant(u"2024-13-01"_s) << QDateTime();
    QTest::newRow("year only") << QVariant(u"2024"_s) << QDateTime();
    QTest::newRow("number") << QVariant(20240701) << QDateTime();
    QTest::newRow("word") << QVariant(u"yesterday"_s) << QDateTime();
    QTest::newRow("NULL") << QVariant(QMetaType::fromType<QDate>()) << QDateTime();
    QTest::newRow("trailing junk") << QVariant(u"2024-07-01 garbage"_s) << QDateTime();
    QTest::newRow("day without its zero") << QVariant(u"2024-7-1"_s) << QDateTime();
    QTest::newRow("nine characters") << QVariant(u"2024-07-1"_s) << QDateTime();
}

void tst_ChartSuggestion::timeValue()
{
    QFETCH(QVariant, value);
    QFETCH(QDateTime, time);

    const std::optional<QDateTime> parsed = ChartSuggestion::timeValue(value);
    QCOMPARE(parsed.has_value(), time.isValid());
    if (time.isValid())
        QCOMPARE(parsed->toMSecsSinceEpoch(), time.toMSecsSinceEpoch());
}

void tst_ChartSuggestion::hostileInput()
{
    // 10 MB of text, binary junk, rows shorter or longer than the header: clear answers, no crash.
    const QString huge(10 * 1024 * 1024, u'7');
    QVERIFY(!ChartSuggestion::numberValue(huge).has_value());
    QVERIFY(!ChartSuggestion::timeValue(huge).has_value());
    const QString hugeDate = u"2024-07-01"_s + huge;
    QVERIFY(!ChartSuggestion::timeValue(hugeDate).has_value());

    QByteArray junk;
    for (int i = 0; i < 4096; ++i)
        junk.append(char((i * 131 + 7) % 256));
    const QString junkText = QString::fromLatin1(junk);
    QVERIFY(!ChartSuggestion::numberValue(junkText).has_value());
    QVERIFY(!ChartSuggestion::timeValue(junkText).has_value());

    const QList<ChartColumn> columns = columnsOf({u"label:QString"_s, u"n:int"_s});
    const QList<QVariantList> ragged = {{junkText, 1}, {}, {u"x"_s}, {u"y"_s, 2, u"extra"_s}};
    const ChartSuggestion suggestion = ChartSuggestion::suggest(columns, ragged);
    QCOMPARE(suggestion.kind, ChartKind::Pie);
    QCOMPARE(suggestion.categoryOrXColumn, 0);

    const ChartSuggestion empty = ChartSuggestion::suggest({{QString(), QMetaType()}}, {{}});
    QCOMPARE(empty.kind, ChartKind::None);
    QVERIFY(!empty.reason.isEmpty());
}

QTEST_GUILESS_MAIN(tst_ChartSuggestion)
#include "tst_chartsuggestion.moc"
