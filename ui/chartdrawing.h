#pragma once

#include "core/exec/charttable.h"

#include <QColor>
#include <QFont>
#include <QCoreApplication>
#include <QSizeF>
#include <QString>

QT_BEGIN_NAMESPACE
    class QChart;
    class QPieSeries;
QT_END_NAMESPACE

namespace sqlmend::ui {

// What a chart shows, as a value: the same drawing goes on the screen and, at another size, into
// an export (a fresh QChart off screen), so an export never depends on what the screen laid out.
struct ChartDrawing
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::ui::ChartDrawing)

public:
    // Category labels longer than this are cut with an ellipsis; the tooltip has the full text.
    static constexpr int maxLabelLength = 22;
    // Labels stop being readable long before the point cap.
    static constexpr int maxReadableCategoryLabels = 60;
    // Bars and slices carry their values up to this many of them.
    static constexpr int maxValueLabels = 24;
    // Up to this many bars lie across when their labels are too long to stand under them.
    static constexpr int maxHorizontalBars = 30;
    // Set on a bar series drawn across: its bars run from the last row to the first.
    static constexpr const char *reversedProperty = "sqlmendReversed";

    core::ChartKind kind = core::ChartKind::None;
    core::ChartTable table;
    QString title;
    QString xTitle;
    QString yTitle;
    QColor background = Qt::white;
    QColor text = Qt::black;
    QColor lines = Qt::gray;

    // Empties the chart and draws this on it, fitted to size.
    void draw(QChart *chart, QSizeF size) const;
    // Turns or hides category labels so that they fit the width (after a resize).
    static void fitCategoryLabels(QChart *chart, qreal width);

    static QString elided(const QString &label);
    static bool wantsHorizontalBars(const QStringList &labels, const QFont &font, qreal width);
    // The pie's share of the plot that leaves its labels room at size.
    static qreal pieSizeFor(const QPieSeries *series, const QFont &font, QSizeF size);
    // "north: 35 (22%)"
    static QString sliceLabel(const QString &label, double value, double total, bool integral);

private:
    void drawBars(QChart *chart, QSizeF size) const;
    void drawXY(QChart *chart, QSizeF size) const;
    void drawPie(QChart *chart, QSizeF size) const;
    void applyColors(QChart *chart) const;
};

} // namespace sqlmend::ui
