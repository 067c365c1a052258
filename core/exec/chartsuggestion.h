#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariant>

#include <optional>

namespace sqlmend::core {

enum class ChartKind {
    None,
    Bar,        // one series of bars
    GroupedBar, // two or more series, side by side
    StackedBar, // two or more series, one on the other
    Line,       // one series along a time or a number
    MultiLine,  // two or more series along a time or a number
    Area,       // one or more series along a time or a number, filled to zero
    Pie,        // the shares of one measure
    Scatter,    // measures against a measure
    Histogram,  // how the values of one numeric column are spread
};

// How the rows that share an axis value become one point.
enum class ChartAggregation { None, Sum, Count, Average, Minimum, Maximum };

// What a result column can be on a chart, judged from its type and a sample of its values.
enum class ColumnRole {
    Category, // text, booleans, identifiers: labels on an axis or slices
    Number,   // measures
    Time,     // dates and times, also when stored as ISO text ('2024-07-01 05:00:00')
    Unusable, // binary data, or nothing but NULLs
};

// What a measure is, as far as a pie chart cares: only counts and sums add up to a whole.
enum class MeasureKind { Unknown, Count, Sum, Average, Extreme, Rate };

struct ChartColumn
{
    QString name;
    QMetaType type;
};

// Where a result came from: the question (chat answers) and the SQL that produced it. Both may
// be empty; they only sharpen the suggestion and the title.
struct ChartSource
{
    QString question;
    QString sql;
};

// Which chart fits a result, and why: a value computed from the column types, a sample of rows
// and the SQL, without widgets (the chart panel in ui/ draws it).
struct ChartSuggestion
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ChartSuggestion)

public:
    // Pie charts stay readable up to this many slices when suggested, and this many when chosen.
    static constexpr int maxPieSlices = 8;
    static constexpr int maxChosenPieSlices = 16;
    // A single numeric column of at least this many rows is suggested as a histogram.
    static constexpr int minHistogramRows = 30;

    ChartKind kind = ChartKind::None;
    // The category (bars, pie), the x axis (lines, areas, scatter) or the measured column
    // (histogram); -1 when kind is None.
    int categoryOrXColumn = -1;
    // One or more numeric columns, drawn against categoryOrXColumn; empty for a histogram and
    // for a count of rows.
    QList<int> valueColumns;
    ChartAggregation aggregation = ChartAggregation::None;
    // Why this chart, or why none fits; for people.
    QString reason;

    static ColumnRole roleOf(const ChartColumn &column, const QList<QVariantList> &sample,
                             int index);
    static QList<ColumnRole> rolesOf(const QList<ChartColumn> &columns,
                                     const QList<QVariantList> &sample);

    // What each output column of a SELECT measures (by position; empty when the list cannot be
    // read, as with '*'), and whether the statement ranks (ORDER BY ... LIMIT, FETCH FIRST, TOP).
    struct SqlShape
    {
        QList<MeasureKind> measures;
        bool ranking = false;
    };
    static SqlShape shapeOf(const QString &sql);
    // A column's measure from the SQL when it says, else from its name ('avg_price', 'n_orders').
    static MeasureKind measureOf(const QString &name, int index, const SqlShape &shape);

    // The chart that fits best; ChartKind::None with a reason when nothing fits.
    static ChartSuggestion suggest(const QList<ChartColumn> &columns,
                                   const QList<QVariantList> &sample,
                                   const ChartSource &source = {});

    // Checks a choice a person made; yields it with a reason, or ChartKind::None with the reason
    // it cannot be drawn.
    static ChartSuggestion check(ChartKind kind, int categoryOrXColumn,
                                 const QList<int> &valueColumns, const QList<ChartColumn> &columns,
                                 const QList<QVariantList> &sample,
                                 ChartAggregation aggregation = ChartAggregation::None);

    // A title: the question when there is one, else what is drawn against what.
    static QString title(const ChartSuggestion &shown, const QList<ChartColumn> &columns,
                         const ChartSource &source);

    // The values as the chart reads them: numbers also from numeric text, times also from ISO
    // text. std::nullopt for NULL and for what does not parse.
    static std::optional<double> numberValue(const QVariant &value);
    static std::optional<QDateTime> timeValue(const QVariant &value);

    static bool isMultiSeries(ChartKind kind);
    static bool hasAxisOfValues(ChartKind kind); // lines, areas, scatter: x is a time or a number
    static QString kindName(ChartKind kind);
    static QString aggregationName(ChartAggregation aggregation);
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ChartSuggestion)
