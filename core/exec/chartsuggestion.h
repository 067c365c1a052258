#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariant>

#include <optional>

namespace sqlmend::core {

enum class ChartKind { None, Bar, Line, Pie, Scatter };

// What a result column can be on a chart, judged from its type and a sample of its values.
enum class ColumnRole {
    Category, // text, booleans, identifiers: labels on an axis or slices
    Number,   // measures
    Time,     // dates and times, also when stored as ISO text ('2024-07-01 05:00:00')
    Unusable, // binary data, or nothing but NULLs
};

struct ChartColumn
{
    QString name;
    QMetaType type;
};

// Which chart fits a result, and why: a value computed from the column types and a sample of
// rows, without widgets (the chart panel in ui/ draws it).
struct ChartSuggestion
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ChartSuggestion)

public:
    // Pie charts stay readable up to this many slices.
    static constexpr int maxPieSlices = 8;

    ChartKind kind = ChartKind::None;
    // The category (bar, pie) or the x axis (line, scatter); -1 when kind is None.
    int categoryOrXColumn = -1;
    // One or more numeric columns, drawn against categoryOrXColumn.
    QList<int> valueColumns;
    // Why this chart, or why none fits; for people.
    QString reason;

    static ColumnRole roleOf(const ChartColumn &column, const QList<QVariantList> &sample,
                             int index);
    static QList<ColumnRole> rolesOf(const QList<ChartColumn> &columns,
                                     const QList<QVariantList> &sample);

    // The chart that fits best; ChartKind::None with a reason when nothing fits.
    static ChartSuggestion suggest(const QList<ChartColumn> &columns,
                                   const QList<QVariantList> &sample);

    // Checks a choice a person made; yields it with a reason, or ChartKind::None with the reason
    // it cannot be drawn.
    static ChartSuggestion check(ChartKind kind, int categoryOrXColumn,
                                 const QList<int> &valueColumns, const QList<ChartColumn> &columns,
                                 const QList<QVariantList> &sample);

    // The values as the chart reads them: numbers also from numeric text, times also from ISO
    // text. std::nullopt for NULL and for what does not parse.
    static std::optional<double> numberValue(const QVariant &value);
    static std::optional<QDateTime> timeValue(const QVariant &value);

    static QString kindName(ChartKind kind);
};

} // namespace sqlmend::core
