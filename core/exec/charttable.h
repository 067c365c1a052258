#pragma once

#include "core/exec/chartsuggestion.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>

namespace sqlmend::core {

// The numbers a chart draws, computed from a result and a checked ChartSuggestion: one point per
// row, or per axis value when rows are aggregated, or per range of values for a histogram. Pure
// and without widgets; the chart panel hands it to Qt Charts.
struct ChartTable
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ChartTable)

public:
    struct Series
    {
        QString name;
        QList<std::optional<double>> values; // one per point; nullopt where nothing is drawn
        bool integral = true;                // every value is a whole number: print no decimals
    };

    // Per point: the full label (the category's text, the range of a histogram bin) and, on an
    // axis of values, the x value (milliseconds since the epoch for times).
    QStringList labels;
    QList<std::optional<double>> xValues;
    bool xIsTime = false;
    bool xHasTimeOfDay = false; // some x value is not midnight
    QList<Series> series;
    // Histogram: the edges of the bins (labels.size() + 1 of them).
    QList<double> binEdges;

    bool isEmpty() const { return labels.isEmpty(); }

    // labels holds the display text of categoryOrXColumn for each row (the model's DisplayRole).
    static ChartTable build(const ChartSuggestion &shown, const QList<ChartColumn> &columns,
                            const QList<QVariantList> &rows, const QStringList &labels);

    // The bins of a histogram: whole numbers get one bin each while there are few, else about
    // log2(n) + 1 bins (5 to 30) of a round width.
    static QList<double> binEdgesOf(const QList<double> &values);

    // "35", not "35.0"; "1,234.5", not "1234.50000"; in the locale's digits.
    static QString formatNumber(double value, bool integral);
    static bool isIntegral(double value);
};

} // namespace sqlmend::core
