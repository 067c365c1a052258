#include "core/exec/charttable.h"

#include <QHash>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Histograms: whole numbers get a bin each up to this many values.
constexpr int maxUnitBins = 30;
constexpr int minBins = 5;
constexpr int maxBins = 30;
// Doubles hold whole numbers exactly below 2^53.
constexpr double largestExactInteger = 9007199254740992.0;

// What the rows of one point add up to, per series.
struct Accumulator
{
    double sum = 0;
    double minimum = 0;
    double maximum = 0;
    int count = 0;

    void add(double value)
    {
        minimum = count == 0 ? value : std::min(minimum, value);
        maximum = count == 0 ? value : std::max(maximum, value);
        sum += value;
        ++count;
    }

    std::optional<double> result(ChartAggregation aggregation) const
    {
        if (aggregation == ChartAggregation::Count)
            return double(count);
        if (count == 0)
            return std::nullopt;
        switch (aggregation) {
        case ChartAggregation::None:
        case ChartAggregation::Sum:
            return sum;
        case ChartAggregation::Count:
            return double(count);
        case ChartAggregation::Average:
            return sum / count;
        case ChartAggregation::Minimum:
            return minimum;
        case ChartAggregation::Maximum:
            return maximum;
        }
        return std::nullopt;
    }
};

double roundStep(double raw)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double fraction = raw / magnitude;
    const double nice = fraction <= 1 ? 1
            : fraction <= 2           ? 2
            : fraction <= 2.5         ? 2.5
            : fraction <= 5           ? 5
                                      : 10;
    return nice * magnitude;
}

void markIntegral(ChartTable::Series &series)
{
    series.integral = std::all_of(series.values.cbegin(), series.values.cend(),
                                  [](const std::optional<double> &value) {
                                      return !value || ChartTable::isIntegral(*value);
                                  });
}

ChartTable histogramOf(const ChartSuggestion &shown, const QList<ChartColumn> &columns,
                       const QList<QVariantList> &rows)
{
    ChartTable table;
    const int column = shown.categoryOrXColumn;
    QList<double> values;
    values.reserve(rows.size());
    for (const QVariantList &row : rows) {
        if (column < row.size()) {
            if (const auto number = ChartSuggestion::numberValue(row.at(column)))
                values.append(*number);
        }
    }
    table.binEdges = ChartTable::binEdgesOf(values);
    if (table.binEdges.size() < 2)
        return table;
    const int bins = int(table.binEdges.size()) - 1;
    const double start = table.binEdges.first();
    const double width = table.binEdges.at(1) - start;
    ChartTable::Series counts;
    counts.name = ChartTable::tr("Rows");
    counts.values.fill(0.0, bins);
    for (double value : std::as_const(values)) {
        // The bin whose lower edge is the last one at or below the value: found among the edges,
        // not by dividing by the width, which at the ends of the doubles' range is 0 or infinite.
        const auto above = std::upper_bound(table.binEdges.cbegin(), table.binEdges.cend(), value);
        const int bin = std::clamp(int(above - table.binEdges.cbegin()) - 1, 0, bins - 1);
        counts.values[bin] = *counts.values.at(bin) + 1;
    }
    const bool unitBins = width == 1.0 && ChartTable::isIntegral(start + 0.5);
    const bool integralEdges =
            std::all_of(table.binEdges.cbegin(), table.binEdges.cend(), &ChartTable::isIntegral);
    for (int bin = 0; bin < bins; ++bin) {
        const double low = table.binEdges.at(bin);
        if (unitBins) {
            table.labels.append(ChartTable::formatNumber(low + 0.5, true));
        } else {
            table.labels.append(ChartTable::tr("%1 – %2").arg(
                    ChartTable::formatNumber(low, integralEdges),
                    ChartTable::formatNumber(table.binEdges.at(bin + 1), integralEdges)));
        }
        table.xValues.append(low);
    }
    counts.integral = true;
    table.series.append(counts);
    Q_UNUSED(columns);
    return table;
}

} // namespace

bool ChartTable::isIntegral(double value)
{
    return std::isfinite(value) && std::abs(value) < largestExactInteger
            && value == std::trunc(value);
}

QString ChartTable::formatNumber(double value, bool integral)
{
    const QLocale locale;
    if (!std::isfinite(value))
        return locale.toString(value);
    if (integral && std::abs(value) < largestExactInteger)
        return locale.toString(qlonglong(std::llround(value)));
    const double magnitude = std::abs(value);
    if (magnitude >= 1e15 || (magnitude > 0 && magnitude < 1e-6))
        return locale.toString(value, 'g', 6);
    // Six significant digits, then no trailing zeros: "12.5", "0.3333", "1,234.57".
    const int whole = magnitude >= 1 ? int(std::floor(std::log10(magnitude))) + 1 : 0;
    const int decimals = std::clamp(6 - whole, 0, 6);
    QString text = locale.toString(value, 'f', decimals);
    const QString point = locale.decimalPoint();
    if (decimals > 0 && text.contains(point)) {
        const QString zero = locale.zeroDigit();
        while (text.endsWith(zero))
            text.chop(zero.size());
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

QList<double> ChartTable::binEdgesOf(const QList<double> &values)
{
    if (values.isEmpty())
        return {};
    const auto [low, high] = std::minmax_element(values.cbegin(), values.cend());
    const double minimum = *low;
    const double maximum = *high;
    const bool integral = std::all_of(values.cbegin(), values.cend(), &ChartTable::isIntegral);
    if (integral && maximum - minimum + 1 <= maxUnitBins) {
        QList<double> edges;
        for (double edge = minimum - 0.5; edge <= maximum + 0.5; edge += 1.0)
            edges.append(edge);
        return edges;
    }
    if (minimum == maximum)
        return {minimum - 0.5, maximum + 0.5};
    // Where the range or its step is beyond what a double can count in (the range overflows, or
    // the step is below the values' precision), one bin holds them all.
    const QList<double> whole = {minimum, maximum};
    if (!std::isfinite(maximum - minimum))
        return whole;
    const int wanted =
            std::clamp(int(std::ceil(std::log2(double(values.size())))) + 1, minBins, maxBins);
    double step = roundStep((maximum - minimum) / wanted);
    if (integral)
        step = std::max(1.0, std::ceil(step));
    const double start = std::floor(minimum / step) * step;
    QList<double> edges;
    // The last edge lies above the maximum, so the maximum falls in the last bin.
    for (int i = 0; i <= maxBins * 3; ++i) {
        const double edge = start + i * step;
        if (!edges.isEmpty() && !(edge > edges.last()))
            return whole;
        edges.append(edge);
        if (edge > maximum)
            break;
    }
    return edges;
}

ChartTable ChartTable::build(const ChartSuggestion &shown, const QList<ChartColumn> &columns,
                             const QList<QVariantList> &rows, const QStringList &labels)
{
    ChartTable table;
    const int x = shown.categoryOrXColumn;
    if (shown.kind == ChartKind::None || x < 0 || x >= columns.size())
        return table;
    if (shown.kind == ChartKind::Histogram)
        return histogramOf(shown, columns, rows);

    const bool axisOfValues = ChartSuggestion::hasAxisOfValues(shown.kind);
    table.xIsTime =
            axisOfValues && ChartSuggestion::roleOf(columns.at(x), rows, x) == ColumnRole::Time;
    // A count of rows is a series without a column.
    QList<int> sources = shown.valueColumns;
    if (sources.isEmpty())
        sources.append(-1);
    for (int column : std::as_const(sources)) {
        Series series;
        series.name = column < 0 ? ChartTable::tr("Rows")
                : shown.aggregation == ChartAggregation::None
                ? columns.at(column).name
                : ChartSuggestion::tr("%1 (%2)").arg(
                        columns.at(column).name,
                        ChartSuggestion::aggregationName(shown.aggregation).toLower());
        table.series.append(series);
    }

    const bool aggregated = shown.aggregation != ChartAggregation::None;
    QHash<QString, int> pointOf;   // aggregated: the point of each axis value
    QHash<QString, int> repeatsOf; // not aggregated: bars keep one label each
    QList<QList<Accumulator>> accumulators;
    for (int row = 0; row < rows.size(); ++row) {
        const QVariantList &values = rows.at(row);
        const QVariant xValue = x < values.size() ? values.at(x) : QVariant();
        QString label = row < labels.size() ? labels.at(row) : xValue.toString();
        if (label.isEmpty())
            label = ChartTable::tr("(empty)");
        std::optional<double> xNumber;
        if (axisOfValues) {
            if (table.xIsTime) {
                if (const auto time = ChartSuggestion::timeValue(xValue)) {
                    xNumber = double(time->toMSecsSinceEpoch());
                    table.xHasTimeOfDay = table.xHasTimeOfDay || time->time() != QTime(0, 0);
                }
            } else {
                xNumber = ChartSuggestion::numberValue(xValue);
            }
            if (!xNumber)
                continue; // no place on the axis
        }
        const QString key = axisOfValues ? QString::number(*xNumber, 'g', 17) : label;
        int point = -1;
        if (aggregated) {
            point = pointOf.value(key, -1);
            if (point < 0) {
                point = int(table.labels.size());
                pointOf.insert(key, point);
                table.labels.append(label);
                table.xValues.append(xNumber);
                accumulators.append(QList<Accumulator>(sources.size()));
            }
        } else {
            point = int(table.labels.size());
            const int repeat = ++repeatsOf[label];
            table.labels.append(axisOfValues || repeat == 1
                                        ? label
                                        : ChartTable::tr("%1 (%2)").arg(label).arg(repeat));
            table.xValues.append(xNumber);
            accumulators.append(QList<Accumulator>(sources.size()));
        }
        for (int s = 0; s < sources.size(); ++s) {
            const int column = sources.at(s);
            if (column < 0) {
                accumulators[point][s].add(1);
                continue;
            }
            if (const auto number = column < values.size()
                        ? ChartSuggestion::numberValue(values.at(column))
                        : std::nullopt) {
                accumulators[point][s].add(*number);
            }
        }
    }
    const ChartAggregation aggregation =
            sources.first() < 0 ? ChartAggregation::Count : shown.aggregation;
    for (int s = 0; s < sources.size(); ++s) {
        Series &series = table.series[s];
        series.values.reserve(accumulators.size());
        for (const QList<Accumulator> &point : std::as_const(accumulators))
            series.values.append(point.at(s).result(aggregation));
        markIntegral(series);
    }

    // Lines and areas are drawn in the order of their x values, whatever the query's order.
    if (axisOfValues && shown.kind != ChartKind::Scatter) {
        QList<int> order(table.labels.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&table](int a, int b) {
            return *table.xValues.at(a) < *table.xValues.at(b);
        });
        ChartTable sorted = table;
        for (int i = 0; i < order.size(); ++i) {
            sorted.labels[i] = table.labels.at(order.at(i));
            sorted.xValues[i] = table.xValues.at(order.at(i));
            for (int s = 0; s < table.series.size(); ++s)
                sorted.series[s].values[i] = table.series.at(s).values.at(order.at(i));
        }
        table = std::move(sorted);
    }
    return table;
}

} // namespace sqlmend::core
