#include "core/exec/chartsuggestion.h"

#include <QTest>
#include <QTimeZone>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(sqlmend::core::ChartKind)

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
            << QStringList{u"status:QString"_s, u"orders:qlonglong"_s} << threeStates
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
    QTest::newRow("eight categories: pie")
            << QStringList{u"region:QString"_s, u"revenue:double"_s} << tenRegions.mid(0, 8)
            << ChartKind::Pie << 0 << QList<int>{1};
    QTest::newRow("boolean category: pie")
            << QStringList{u"is_active:bool"_s, u"users:int"_s}
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
            << ChartKind::Line << 1 << QList<int>{2, 3};

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
            << ChartKind::Bar << 0 << QList<int>{1, 2, 3, 4, 5};
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
    QTest::newRow("bar") << ChartKind::Bar << 0 << QList<int>{2, 3} << ChartKind::Bar
                         << u"region"_s;
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
