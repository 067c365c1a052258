#include "core/bench/resultcompare.h"

#include "core/sql/outerclauses.h"

#include <QMetaType>

#include <algorithm>
#include <numeric>
#include <cmath>

namespace sqlmend::core {

namespace {

// A value reduced to what Spider's rule compares: NULL, a number, or text/bytes.
struct NormalValue
{
    enum class Kind { Null, Integer, Real, Text, Bytes };
    Kind kind = Kind::Null;
    qint64 integer = 0;
    double real = 0;
    QString text;
    QByteArray bytes;

    bool isNumber() const { return kind == Kind::Integer || kind == Kind::Real; }
    double number() const { return kind == Kind::Integer ? double(integer) : real; }
    int order() const
    {
        switch (kind) {
        case Kind::Null:
            return 0;
        case Kind::Integer:
        case Kind::Real:
            return 1;
        case Kind::Text:
            return 2;
        case Kind::Bytes:
            return 3;
        }
        return 0;
    }
};

NormalValue normalise(const QVariant &value)
{
    NormalValue normal;
    if (!value.isValid() || value.isNull())
        return normal;
    switch (value.metaType().id()) {
    case QMetaType::Bool:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Char:
    case QMetaType::SChar:
    case QMetaType::UChar:
        normal.kind = NormalValue::Kind::Integer;
        normal.integer = value.toLongLong();
        return normal;
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = value.toDouble();
        // Integral doubles equal integers (1 == 1.0).
        if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.0e15) {
            normal.kind = NormalValue::Kind::Integer;
            normal.integer = qint64(d);
        } else {
            normal.kind = NormalValue::Kind::Real;
            normal.real = d;
        }
        return normal;
    }
    case QMetaType::QByteArray:
        normal.kind = NormalValue::Kind::Bytes;
        normal.bytes = value.toByteArray();
        return normal;
    default:
        normal.kind = NormalValue::Kind::Text;
        normal.text = value.toString();
        return normal;
    }
}

bool closeReals(double a, double b)
{
    if (a == b)
        return true;
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    const double scale = std::max(std::fabs(a), std::fabs(b));
    return std::fabs(a - b) <= 1e-6 * scale;
}

bool equalValues(const NormalValue &a, const NormalValue &b)
{
    if (a.order() != b.order())
        return false;
    switch (a.kind) {
    case NormalValue::Kind::Null:
        return true;
    case NormalValue::Kind::Integer:
    case NormalValue::Kind::Real:
        if (a.kind == NormalValue::Kind::Integer && b.kind == NormalValue::Kind::Integer)
            return a.integer == b.integer;
        return closeReals(a.number(), b.number());
    case NormalValue::Kind::Text:
        return a.text == b.text;
    case NormalValue::Kind::Bytes:
        return a.bytes == b.bytes;
    }
    return false;
}

// A total order for sorting rows before a pairwise comparison; numbers that are equal within the
// tolerance sort next to each other.
bool lessValue(const NormalValue &a, const NormalValue &b)
{
    if (a.order() != b.order())
        return a.order() < b.order();
    switch (a.kind) {
    case NormalValue::Kind::Null:
        return false;
    case NormalValue::Kind::Integer:
    case NormalValue::Kind::Real:
        if (a.kind == NormalValue::Kind::Integer && b.kind == NormalValue::Kind::Integer)
            return a.integer < b.integer;
        return a.number() < b.number();
    case NormalValue::Kind::Text:
        return a.text < b.text;
    case NormalValue::Kind::Bytes:
        return a.bytes < b.bytes;
    }
    return false;
}

using NormalRow = QList<NormalValue>;

QList<NormalRow> normaliseRows(const QList<QVariantList> &rows)
{
    QList<NormalRow> normal;
    normal.reserve(rows.size());
    for (const QVariantList &row : rows) {
        NormalRow values;
        values.reserve(row.size());
        for (const QVariant &value : row)
            values.append(normalise(value));
        normal.append(values);
    }
    return normal;
}

bool lessRow(const NormalRow &a, const NormalRow &b)
{
    return std::lexicographical_compare(a.cbegin(), a.cend(), b.cbegin(), b.cend(), lessValue);
}

bool equalRow(const NormalRow &a, const NormalRow &b)
{
    return a.size() == b.size() && std::equal(a.cbegin(), a.cend(), b.cbegin(), equalValues);
}

qsizetype columnCount(const ResultTable &table)
{
    if (!table.columns.isEmpty())
        return table.columns.size();
    return table.rows.isEmpty() ? 0 : table.rows.first().size();
}

} // namespace

bool sameResult(const ResultTable &gold, const ResultTable &predicted, bool ordered)
{
    if (gold.rows.size() != predicted.rows.size())
        return false;
    if (columnCount(gold) != columnCount(predicted))
        return false;
    QList<NormalRow> a = normaliseRows(gold.rows);
    QList<NormalRow> b = normaliseRows(predicted.rows);
    if (!ordered) {
        std::stable_sort(a.begin(), a.end(), lessRow);
        std::stable_sort(b.begin(), b.end(), lessRow);
    }
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!equalRow(a.at(i), b.at(i)))
            return false;
    }
    return true;
}

bool sameResultAnyColumnOrder(const ResultTable &gold, const ResultTable &predicted, bool ordered)
{
    const qsizetype columns = columnCount(gold);
    if (columns != columnCount(predicted) || gold.rows.size() != predicted.rows.size())
        return false;
    if (columns > 6) // 720 orders at most
        return sameResult(gold, predicted, ordered);
    QList<int> order(columns);
    std::iota(order.begin(), order.end(), 0);
    do {
        ResultTable permuted{gold.columns, {}};
        permuted.rows.reserve(predicted.rows.size());
        for (const QVariantList &row : predicted.rows) {
            QVariantList values;
            values.reserve(columns);
            for (const int i : order)
                values.append(row.value(i));
            permuted.rows.append(values);
        }
        if (sameResult(gold, permuted, ordered))
            return true;
    } while (std::next_permutation(order.begin(), order.end()));
    return false;
}

bool hasOuterOrderBy(QStringView sql)
{
    // The generic rules: Spider's gold SQL is plain enough for any engine's lexer.
    return OuterClauses::read(SqlTokenizer(Engine::SQLite).tokenize(sql)).orderBy;
}

} // namespace sqlmend::core
