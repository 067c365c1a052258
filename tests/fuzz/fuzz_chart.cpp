// Feeds arbitrary results through what draws a chart: the suggestion, every kind a person can
// choose on every column with every aggregation, and the table of numbers each one draws. A
// database returns any text, number or date in any column, so nothing here may read past a
// value, divide by a zero width or convert an infinite double to an integer.
//
// Byte 0 gives the number of columns (1 to 4) and bytes 1 to 4 their types; the rest is UTF-8:
// the first line is the SQL, each further line a row, its cells separated by tabs. An empty cell
// is NULL; a cell of a numeric or date column that does not parse stays text, as SQLite returns
// it.

#include "core/exec/chartsuggestion.h"
#include "core/exec/charttable.h"

#include <QDate>

#include <algorithm>
#include <cstddef>
#include <cstdint>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

const QList<QMetaType> &types()
{
    static const QList<QMetaType> all = {
            QMetaType::fromType<QString>(),   QMetaType::fromType<double>(),
            QMetaType::fromType<qlonglong>(), QMetaType::fromType<int>(),
            QMetaType::fromType<QDate>(),     QMetaType::fromType<QDateTime>(),
            QMetaType::fromType<bool>(),      QMetaType::fromType<QByteArray>(),
    };
    return all;
}

QVariant cellOf(const QString &text, QMetaType type)
{
    if (text.isEmpty())
        return QVariant(type);
    bool ok = false;
    QVariant value;
    switch (type.id()) {
    case QMetaType::Double:
        value = text.toDouble(&ok);
        break;
    case QMetaType::LongLong:
        value = text.toLongLong(&ok);
        break;
    case QMetaType::Int:
        value = text.toInt(&ok);
        break;
    case QMetaType::QDate:
        value = QDate::fromString(text, Qt::ISODate);
        ok = value.toDate().isValid();
        break;
    case QMetaType::QDateTime:
        value = QDateTime::fromString(text, Qt::ISODate);
        ok = value.toDateTime().isValid();
        break;
    case QMetaType::Bool:
        return text != u"0"_s;
    case QMetaType::QByteArray:
        return text.toUtf8();
    default:
        break;
    }
    return ok ? value : QVariant(text);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 5)
        return 0;
    const int count = 1 + data[0] % 4;
    QList<ChartColumn> columns;
    for (int c = 0; c < count; ++c) {
        const QMetaType type = types().at(data[1 + c] % types().size());
        columns.append({u"c%1"_s.arg(c), type});
    }
    const QStringList lines =
            QString::fromUtf8(reinterpret_cast<const char *>(data + 5), qsizetype(size - 5))
                    .split(u'\n');
    const ChartSource source{u"How many?"_s, lines.constFirst()};
    QList<QVariantList> rows;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        // Rows shorter or longer than the header, as a broken driver may give.
        const QStringList cells = lines.at(i).split(u'\t');
        QVariantList row;
        for (qsizetype c = 0; c < cells.size(); ++c)
            row.append(cellOf(cells.at(c), columns.at(c % count).type));
        rows.append(row);
    }
    // The display text of column x, per row, as the result model gives it.
    const auto labelsOf = [&](int x) {
        QStringList labels;
        for (const QVariantList &row : std::as_const(rows))
            labels.append(x < row.size() ? row.at(x).toString() : QString());
        return labels;
    };

    const ChartSuggestion suggested = ChartSuggestion::suggest(columns, rows, source);
    ChartTable::build(suggested, columns, rows, labelsOf(std::max(0, suggested.categoryOrXColumn)));
    ChartSuggestion::title(suggested, columns, source);
    const QList<ChartAggregation> aggregations = {
            ChartAggregation::None,    ChartAggregation::Sum,     ChartAggregation::Count,
            ChartAggregation::Average, ChartAggregation::Minimum, ChartAggregation::Maximum};
    for (int kind = int(ChartKind::Bar); kind <= int(ChartKind::Histogram); ++kind) {
        for (int x = 0; x < count; ++x) {
            const QStringList labels = labelsOf(x);
            QList<int> others;
            for (int c = 0; c < count; ++c) {
                if (c != x)
                    others.append(c);
            }
            // No value column, one, and all the others.
            QList<QList<int>> choices = {{}, others};
            if (others.size() > 1)
                choices.append({others.constFirst()});
            for (const QList<int> &values : std::as_const(choices)) {
                for (ChartAggregation aggregation : aggregations) {
                    const ChartSuggestion shown = ChartSuggestion::check(
                            ChartKind(kind), x, values, columns, rows, aggregation);
                    if (shown.kind != ChartKind::None && shown.kind != ChartKind(kind))
                        __builtin_trap(); // a choice is drawn as chosen, or refused
                    const ChartTable table = ChartTable::build(shown, columns, rows, labels);
                    ChartSuggestion::title(shown, columns, source);
                    if (shown.kind == ChartKind::Histogram && !table.binEdges.isEmpty()
                        && table.binEdges.size() != table.labels.size() + 1)
                        __builtin_trap();
                }
            }
        }
    }
    return 0;
}
