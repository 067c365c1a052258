#include "ui/chartdrawing.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDateTimeAxis>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPieSeries>
#include <QPieSlice>
#include <QScatterSeries>
#include <QSet>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

constexpr qreal labelGap = 10;
// The share of the width the plot area gets, roughly, after the value axis and margins.
constexpr qreal plotShare = 0.8;

double roundStep(double raw)
{
    if (raw <= 0 || !std::isfinite(raw))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double fraction = raw / magnitude;
    const double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
    return nice * magnitude;
}

// A value axis over [low, high]; whole numbers get whole ticks and labels without decimals.
void fitValueAxis(QValueAxis *axis, double low, double high, bool integral, bool fromZero)
{
    if (low > high) {
        low = 0;
        high = 1;
    }
    if (fromZero) {
        low = std::min(low, 0.0);
        high = std::max(high, 0.0);
    }
    if (!integral) {
        if (low == high) {
            low -= 1;
            high += 1;
        }
        axis->setRange(low, high);
        axis->applyNiceNumbers();
        // As many decimals as the ticks need: "5,000", not "5,000.0"; "0.25" where it must.
        const double interval = (axis->max() - axis->min()) / std::max(1, axis->tickCount() - 1);
        const int decimals =
                interval >= 1 ? 0 : std::clamp(int(std::ceil(-std::log10(interval) - 1e-9)), 0, 6);
        axis->setLabelFormat(u"%.%1f"_s.arg(decimals));
        return;
    }
    const double step = std::max(1.0, std::ceil(roundStep((high - low) / 5.0)));
    low = std::floor(low / step) * step;
    high = std::ceil(high / step) * step;
    if (high <= low)
        high = low + step;
    axis->setRange(low, high);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    axis->setMinorTickCount(0);
    axis->setLabelFormat(u"%.0f"_s);
}

bool allIntegral(const core::ChartTable &table)
{
    return std::all_of(table.series.cbegin(), table.series.cend(),
                       [](const core::ChartTable::Series &series) { return series.integral; });
}

QStringList uniqueElided(const QStringList &labels)
{
    // A category axis drops repeated labels: cut labels that collide are numbered.
    QStringList shown;
    QHash<QString, int> seen;
    for (const QString &label : labels) {
        const QString cut = ChartDrawing::elided(label);
        const int count = ++seen[cut];
        shown.append(count == 1 ? cut : ChartDrawing::tr("%1 (%2)").arg(cut).arg(count));
    }
    return shown;
}

} // namespace

QString ChartDrawing::elided(const QString &label)
{
    const QString simple = label.simplified();
    if (simple.size() <= maxLabelLength)
        return simple;
    // Cut in the middle: labels often differ at their ends ("... model 3", "... 2024-07").
    const int tail = (maxLabelLength - 1) * 2 / 5;
    const int head = maxLabelLength - 1 - tail;
    return simple.left(head).trimmed() + u'\u2026' + simple.right(tail).trimmed();
}

QString ChartDrawing::sliceLabel(const QString &label, double value, double total, bool integral)
{
    const QString number = core::ChartTable::formatNumber(value, integral);
    if (total <= 0)
        return tr("%1: %2").arg(elided(label), number);
    const double percent = 100.0 * value / total;
    return tr("%1: %2 (%3%)")
            .arg(elided(label), number,
                 core::ChartTable::formatNumber(
                         std::round(percent * 10) / 10,
                         core::ChartTable::isIntegral(std::round(percent * 10) / 10)));
}

void ChartDrawing::draw(QChart *chart, QSizeF size) const
{
    chart->removeAllSeries();
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(title);
    chart->setLocalizeNumbers(true);
    chart->legend()->setShowToolTips(true); // a cut legend entry shows its full name
    chart->legend()->setAlignment(Qt::AlignBottom);

    switch (kind) {
    case core::ChartKind::None:
        break;
    case core::ChartKind::Bar:
    case core::ChartKind::GroupedBar:
    case core::ChartKind::StackedBar:
    case core::ChartKind::Histogram:
        drawBars(chart, size);
        break;
    case core::ChartKind::Line:
    case core::ChartKind::MultiLine:
    case core::ChartKind::Area:
    case core::ChartKind::Scatter:
        drawXY(chart, size);
        break;
    case core::ChartKind::Pie:
        drawPie(chart, size);
        break;
    }
    chart->legend()->setVisible(kind == core::ChartKind::Pie || table.series.size() > 1);
    applyColors(chart);
    // Labels are cut here, in the middle and with the whole text in the tooltip (elided());
    // Qt's own cut at the end leaves "..." where a short name would have fitted.
    const QList<QAbstractAxis *> drawnAxes = chart->axes();
    for (QAbstractAxis *axis : drawnAxes)
        axis->setTruncateLabels(false);
    fitCategoryLabels(chart, size.width());
}

bool ChartDrawing::wantsHorizontalBars(const QStringList &labels, const QFont &font, qreal width)
{
    if (labels.isEmpty() || labels.size() > maxHorizontalBars)
        return false;
    const QFontMetricsF metrics(font);
    qreal widest = 0;
    for (const QString &label : labels)
        widest = std::max(widest, metrics.horizontalAdvance(elided(label)));
    return widest + labelGap > width * plotShare / labels.size();
}

void ChartDrawing::drawBars(QChart *chart, QSizeF size) const
{
    const bool histogram = kind == core::ChartKind::Histogram;
    const bool stacked = kind == core::ChartKind::StackedBar;
    // Long names (a ranking of products) read across, on the left, rather than turned.
    const bool horizontal =
            !histogram && wantsHorizontalBars(table.labels, chart->font(), size.width());
    QAbstractBarSeries *series = nullptr;
    if (horizontal)
        series = stacked ? static_cast<QAbstractBarSeries *>(new QHorizontalStackedBarSeries)
                         : static_cast<QAbstractBarSeries *>(new QHorizontalBarSeries);
    else
        series = stacked ? static_cast<QAbstractBarSeries *>(new QStackedBarSeries)
                         : static_cast<QAbstractBarSeries *>(new QBarSeries);
    // Across, the first row is drawn at the top, as it reads.
    series->setProperty(reversedProperty, horizontal);
    const auto at = [&](const QList<std::optional<double>> &values, int i) {
        return values.at(horizontal ? values.size() - 1 - i : i);
    };
    double low = 0;
    double high = 0;
    QList<double> stackedHigh(table.labels.size(), 0.0);
    QList<double> stackedLow(table.labels.size(), 0.0);
    for (const core::ChartTable::Series &one : table.series) {
        auto *set = new QBarSet(one.name);
        QList<qreal> numbers;
        numbers.reserve(one.values.size());
        for (int i = 0; i < one.values.size(); ++i) {
            const double value = at(one.values, i).value_or(0.0);
            numbers.append(value);
            if (kind == core::ChartKind::StackedBar) {
                (value >= 0 ? stackedHigh[i] : stackedLow[i]) += value;
                high = std::max(high, stackedHigh.at(i));
                low = std::min(low, stackedLow.at(i));
            } else {
                high = std::max(high, value);
                low = std::min(low, value);
            }
        }
        set->append(numbers);
        series->append(set);
    }
    if (histogram)
        series->setBarWidth(0.98); // ranges that touch
    const qsizetype bars = table.labels.size() * std::max<qsizetype>(1, table.series.size());
    if (bars <= maxValueLabels) {
        // "@value" prints 35 as "35"; decimals only where the values have them.
        series->setLabelsVisible(true);
        series->setLabelsFormat(u"@value"_s);
        series->setLabelsPrecision(allIntegral(table) ? 15 : 6);
        series->setLabelsPosition(kind == core::ChartKind::StackedBar
                                          ? QAbstractBarSeries::LabelsCenter
                                          : QAbstractBarSeries::LabelsOutsideEnd);
    }
    chart->addSeries(series);

    auto *categoryAxis = new QBarCategoryAxis;
    QStringList labels = uniqueElided(table.labels);
    if (horizontal)
        std::reverse(labels.begin(), labels.end());
    categoryAxis->append(labels);
    categoryAxis->setTitleText(xTitle);
    auto *valueAxis = new QValueAxis;
    // Room beyond the longest bar for its value label.
    const double headroom = series->isLabelsVisible() ? (high - low) * 0.08 : 0.0;
    fitValueAxis(valueAxis, low, high + headroom, allIntegral(table), true);
    valueAxis->setTitleText(yTitle);
    chart->addAxis(categoryAxis, horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    chart->addAxis(valueAxis, horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    series->attachAxis(categoryAxis);
    series->attachAxis(valueAxis);
}

void ChartDrawing::drawXY(QChart *chart, QSizeF size) const
{
    const bool scatter = kind == core::ChartKind::Scatter;
    const bool area = kind == core::ChartKind::Area;
    double firstX = std::numeric_limits<double>::max();
    double lastX = std::numeric_limits<double>::lowest();
    double low = std::numeric_limits<double>::max();
    double high = std::numeric_limits<double>::lowest();
    QList<QAbstractSeries *> drawn;
    for (const core::ChartTable::Series &one : table.series) {
        QList<QPointF> points;
        points.reserve(one.values.size());
        for (int i = 0; i < one.values.size(); ++i) {
            const std::optional<double> x = table.xValues.value(i);
            const std::optional<double> y = one.values.at(i);
            if (!x || !y)
                continue;
            points.append(QPointF(*x, *y));
            firstX = std::min(firstX, *x);
            lastX = std::max(lastX, *x);
            low = std::min(low, *y);
            high = std::max(high, *y);
        }
        QAbstractSeries *series = nullptr;
        if (scatter) {
            auto *dots = new QScatterSeries;
            dots->setMarkerSize(8.0);
            dots->replace(points);
            series = dots;
        } else if (area) {
            auto *upper = new QLineSeries;
            upper->replace(points);
            auto *filled = new QAreaSeries(upper);
            upper->setParent(filled); // the area series does not own its line
            filled->setOpacity(table.series.size() > 1 ? 0.55 : 0.8);
            series = filled;
        } else {
            auto *line = new QLineSeries;
            line->replace(points);
            line->setPointsVisible(points.size() <= 40);
            series = line;
        }
        series->setName(one.name);
        chart->addSeries(series);
        drawn.append(series);
    }
    QAbstractAxis *xAxis = nullptr;
    if (table.xIsTime) {
        auto *timeAxis = new QDateTimeAxis;
        // The coarsest format the values need: "2024", "2024-07", "2024-07-01", with the time.
        bool months = !table.xHasTimeOfDay;
        bool years = months;
        for (const std::optional<double> &x : table.xValues) {
            if (!x)
                continue;
            const QDate day = QDateTime::fromMSecsSinceEpoch(qint64(*x)).date();
            months = months && day.day() == 1;
            years = years && day.day() == 1 && day.month() == 1;
        }
        const QString format = table.xHasTimeOfDay ? u"yyyy-MM-dd HH:mm"_s
                : years                            ? u"yyyy"_s
                : months                           ? u"yyyy-MM"_s
                                                   : u"yyyy-MM-dd"_s;
        timeAxis->setFormat(format);
        const double days = (lastX - firstX) / (24.0 * 60 * 60 * 1000);
        // A tick per day over a short span of dates, so no label falls between two days.
        int ticks = !table.xHasTimeOfDay && !months && days >= 1 && days <= 10
                ? int(std::lround(days)) + 1
                : 6;
        // Level while the labels fit side by side, else turned and fewer: never cut.
        const QFontMetricsF metrics(timeAxis->labelsFont());
        const qreal label = metrics.horizontalAdvance(
                QDateTime(QDate(2024, 12, 28), QTime(23, 59)).toString(format));
        const qreal plot = size.width() * plotShare;
        const int flat = int(plot / (label + 2 * labelGap));
        if (flat >= std::min(ticks, 3)) {
            ticks = std::clamp(std::min(ticks, flat), 2, ticks);
            timeAxis->setLabelsAngle(0);
        } else {
            ticks = std::clamp(int(plot / (metrics.height() * 2)), 2, ticks);
            timeAxis->setLabelsAngle(-45);
        }
        timeAxis->setTickCount(ticks);
        if (firstX < lastX) {
            timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(qint64(firstX)),
                               QDateTime::fromMSecsSinceEpoch(qint64(lastX)));
        }
        xAxis = timeAxis;
    } else {
        auto *valueAxis = new QValueAxis;
        bool integralX = true;
        for (const std::optional<double> &x : table.xValues)
            integralX = integralX && (!x || core::ChartTable::isIntegral(*x));
        if (firstX <= lastX)
            fitValueAxis(valueAxis, firstX, lastX, integralX, false);
        xAxis = valueAxis;
    }
    xAxis->setTitleText(xTitle);
    auto *yAxis = new QValueAxis;
    if (low <= high)
        fitValueAxis(yAxis, low, high, allIntegral(table), area);
    yAxis->setTitleText(yTitle);
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    for (QAbstractSeries *series : std::as_const(drawn)) {
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
}

qreal ChartDrawing::pieSizeFor(const QPieSeries *series, const QFont &font, QSizeF size)
{
    // The pie leaves room on each side for the widest label and its arm, so that Qt never cuts a
    // label at the chart's edge; pieSize is relative to the smaller side of the plot area.
    const QFontMetricsF metrics(font);
    qreal widest = 0;
    const QList<QPieSlice *> slices = series->slices();
    for (const QPieSlice *slice : slices)
        widest = std::max(widest, metrics.horizontalAdvance(slice->label()));
    const qreal plotWidth = size.width() * 0.92;
    const qreal plotHeight = size.height() - 4 * metrics.height() - 40; // title, legend, margins
    const qreal side = std::max<qreal>(1, std::min(plotWidth, plotHeight));
    const qreal arm = 24;
    const qreal across = plotWidth - 2 * (widest + arm);
    const qreal down = plotHeight - 2 * (metrics.height() + arm);
    return std::clamp(std::min(across, down) / side, 0.25, 0.65);
}

void ChartDrawing::drawPie(QChart *chart, QSizeF size) const
{
    if (table.series.isEmpty())
        return;
    const core::ChartTable::Series &one = table.series.first();
    auto *series = new QPieSeries;
    series->setName(one.name);
    double total = 0;
    for (const std::optional<double> &value : one.values)
        total += value && *value > 0 ? *value : 0.0;
    for (int i = 0; i < one.values.size(); ++i) {
        const std::optional<double> value = one.values.at(i);
        if (!value || *value < 0)
            continue;
        auto *slice =
                new QPieSlice(sliceLabel(table.labels.at(i), *value, total, one.integral), *value);
        // The legend names the category; the label outside the pie adds its value and share.
        slice->setProperty("category", table.labels.at(i));
        series->append(slice);
    }
    const bool labelled = series->count() <= maxValueLabels;
    // Room around the pie for the labels, so none is clipped by the chart's edge.
    series->setPieSize(labelled ? pieSizeFor(series, chart->font(), size) : 0.8);
    const QList<QPieSlice *> slices = series->slices();
    for (QPieSlice *slice : slices) {
        slice->setLabelVisible(labelled);
        slice->setLabelPosition(QPieSlice::LabelOutside);
        slice->setLabelArmLengthFactor(0.12);
    }
    chart->addSeries(series);
    // Legend entries: the category alone (the value is on the slice).
    const QList<QLegendMarker *> markers = chart->legend()->markers(series);
    for (int i = 0; i < markers.size() && i < slices.size(); ++i)
        markers.at(i)->setLabel(elided(slices.at(i)->property("category").toString()));
    // Below, so that the labels beside the pie keep the width.
    chart->legend()->setAlignment(Qt::AlignBottom);
}

void ChartDrawing::applyColors(QChart *chart) const
{
    // The chart follows the widget palette (dark mode included), not a fixed theme.
    const bool dark = background.lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() != theme)
        chart->setTheme(theme);
    chart->setBackgroundBrush(background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setTitleBrush(text);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setLabelColor(text);
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(lines);
        axis->setGridLineColor(dark ? lines.darker(150) : lines.lighter(130));
    }
    const QList<QAbstractSeries *> series = chart->series();
    for (QAbstractSeries *one : series) {
        if (auto *pie = qobject_cast<QPieSeries *>(one)) {
            const QList<QPieSlice *> slices = pie->slices();
            for (QPieSlice *slice : slices) {
                slice->setLabelColor(text);
                slice->setBorderColor(background);
            }
        } else if (auto *bars = qobject_cast<QAbstractBarSeries *>(one)) {
            const QList<QBarSet *> sets = bars->barSets();
            for (QBarSet *set : sets)
                set->setLabelColor(bars->labelsPosition() == QAbstractBarSeries::LabelsCenter
                                           ? QColor(Qt::white)
                                           : text);
        }
    }
}

void ChartDrawing::fitCategoryLabels(QChart *chart, qreal width)
{
    const QList<QAbstractAxis *> axes = chart->axes(Qt::Horizontal);
    for (QAbstractAxis *axis : axes) {
        auto *categories = qobject_cast<QBarCategoryAxis *>(axis);
        if (!categories)
            continue;
        const QStringList labels = categories->categories();
        const QFontMetricsF metrics(categories->labelsFont());
        qreal widest = 0;
        for (const QString &label : labels)
            widest = std::max(widest, metrics.horizontalAdvance(label));
        const qreal slot =
                std::max<qreal>(1, width * plotShare / std::max<qsizetype>(1, labels.size()));
        const bool readable =
                labels.size() <= maxReadableCategoryLabels && slot >= metrics.height() * 0.9;
        categories->setLabelsVisible(readable);
        // Level while they fit, turned when they do not, upright when even that is tight.
        const qreal angle = widest + labelGap <= slot ? 0
                : slot >= metrics.height() * 1.6      ? -45
                                                      : -90;
        categories->setLabelsAngle(angle);
    }
}

} // namespace sqlmend::ui
