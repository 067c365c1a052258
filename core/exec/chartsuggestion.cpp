#include "core/exec/chartsuggestion.h"

#include <QSet>

#include <cmath>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// More series than this make a chart unreadable; a person can still pick others.
constexpr int maxSuggestedSeries = 5;

bool isNumericType(QMetaType type)
{
    switch (type.id()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::SChar:
    case QMetaType::UChar:
    case QMetaType::Char:
        return true;
    default:
        return false;
    }
}

bool isTimeType(QMetaType type)
{
    switch (type.id()) {
    case QMetaType::QDate:
    case QMetaType::QDateTime:
    case QMetaType::QTime:
        return true;
    default:
        return false;
    }
}

// Keys are numbers that name things: 'id', 'user_id'. Drawn as labels, not measured.
bool isIdentifierName(const QString &name)
{
    const QString lower = name.trimmed().toLower();
    return lower == u"id"_s || lower.endsWith(u"_id"_s) || lower.endsWith(u" id"_s);
}

bool isDigits(QStringView text)
{
    for (QChar c : text) {
        if (!c.isDigit())
            return false;
    }
    return !text.isEmpty();
}

std::optional<QDateTime> parseIsoText(QString text)
{
    text = text.trimmed();
    // 'yyyy-MM' at least; this also keeps '2024' a number.
    if (text.size() < 7 || text.size() > 40 || !isDigits(QStringView(text).left(4))
        || text.at(4) != u'-') {
        return std::nullopt;
    }
    if (text.size() == 7) {
        const QDate month = QDate::fromString(text, u"yyyy-MM"_s);
        return month.isValid() ? std::optional(month.startOfDay()) : std::nullopt;
    }
    if (text.size() == 10) {
        const QDate day = QDate::fromString(text, Qt::ISODate);
        return day.isValid() ? std::optional(day.startOfDay()) : std::nullopt;
    }
    // SQL writes a space between date and time, ISO 8601 a 'T'.
    if (text.at(10) == u' ')
        text[10] = u'T';
    // PostgreSQL writes offsets as '+00' where ISO 8601 wants '+00:00'.
    const qsizetype sign = std::max(text.lastIndexOf(u'+'), text.lastIndexOf(u'-'));
    if (sign > 10 && text.size() - sign == 3)
        text.append(u":00"_s);
    const QDateTime time = QDateTime::fromString(text, Qt::ISODate);
    return time.isValid() ? std::optional(time) : std::nullopt;
}

QStringList namesOf(const QList<int> &indexes, const QList<ChartColumn> &columns)
{
    QStringList names;
    for (int index : indexes)
        names.append(columns.at(index).name);
    return names;
}

ChartSuggestion none(QString reason)
{
    ChartSuggestion suggestion;
    suggestion.reason = std::move(reason);
    return suggestion;
}

} // namespace

std::optional<double> ChartSuggestion::numberValue(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return std::nullopt;
    if (isNumericType(value.metaType())) {
        const double number = value.toDouble();
        return std::isfinite(number) ? std::optional(number) : std::nullopt;
    }
    if (value.typeId() == QMetaType::QString) {
        const QString text = value.toString().trimmed();
        // Keeps 'inf', 'nan' and hex out; numeric columns often arrive as text (PostgreSQL
        // numeric).
        if (text.isEmpty() || text.size() > 64
            || !(text.at(0).isDigit() || text.at(0) == u'-' || text.at(0) == u'+'
                 || text.at(0) == u'.')) {
            return std::nullopt;
        }
        bool ok = false;
        const double number = text.toDouble(&ok);
        return ok && std::isfinite(number) ? std::optional(number) : std::nullopt;
    }
    return std::nullopt;
}

std::optional<QDateTime> ChartSuggestion::timeValue(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return std::nullopt;
    switch (value.typeId()) {
    case QMetaType::QDateTime: {
        const QDateTime time = value.toDateTime();
        return time.isValid() ? std::optional(time) : std::nullopt;
    }
    case QMetaType::QDate: {
        const QDate day = value.toDate();
        return day.isValid() ? std::optional(day.startOfDay()) : std::nullopt;
    }
    case QMetaType::QTime: {
        // A time of day: on the epoch's day, so that the axis shows hours.
        const QTime time = value.toTime();
        return time.isValid() ? std::optional(QDateTime(QDate(1970, 1, 1), time)) : std::nullopt;
    }
    case QMetaType::QString:
        return parseIsoText(value.toString());
    default:
        return std::nullopt;
    }
}

ColumnRole ChartSuggestion::roleOf(const ChartColumn &column, const QList<QVariantList> &sample,
                                   int index)
{
    bool sawValue = false;
    bool allNumbers = true;
    bool allTimes = true;
    for (const QVariantList &row : sample) {
        if (index >= row.size())
            continue;
        const QVariant &value = row.at(index);
        if (!value.isValid() || value.isNull())
            continue;
        sawValue = true;
        if (value.typeId() == QMetaType::QByteArray)
            return ColumnRole::Unusable;
        allNumbers = allNumbers && numberValue(value).has_value();
        allTimes = allTimes && timeValue(value).has_value();
    }
    if (!sample.isEmpty() && !sawValue)
        return ColumnRole::Unusable;

    const bool identifier = isIdentifierName(column.name);
    if (isTimeType(column.type))
        return ColumnRole::Time;
    if (column.type.id() == QMetaType::Bool)
        return ColumnRole::Category;
    if (column.type.id() == QMetaType::QByteArray)
        return ColumnRole::Unusable;
    if (isNumericType(column.type))
        return identifier ? ColumnRole::Category : ColumnRole::Number;
    // Text or an unknown type (SQLite expressions have none): the values decide.
    if (!sawValue)
        return ColumnRole::Category;
    if (allTimes)
        return ColumnRole::Time;
    if (allNumbers)
        return identifier ? ColumnRole::Category : ColumnRole::Number;
    return ColumnRole::Category;
}

QList<ColumnRole> ChartSuggestion::rolesOf(const QList<ChartColumn> &columns,
                                           const QList<QVariantList> &sample)
{
    QList<ColumnRole> roles;
    roles.reserve(columns.size());
    for (int i = 0; i < columns.size(); ++i)
        roles.append(roleOf(columns.at(i), sample, i));
    return roles;
}

ChartSuggestion ChartSuggestion::suggest(const QList<ChartColumn> &columns,
                                         const QList<QVariantList> &sample)
{
    if (columns.isEmpty())
        return none(tr("There is nothing to chart: the result has no columns."));
    if (sample.isEmpty())
        return none(tr("There is nothing to chart: the result has no rows."));

    const QList<ColumnRole> roles = rolesOf(columns, sample);
    QList<int> numbers;
    QList<int> times;
    QList<int> categories;
    for (int i = 0; i < roles.size(); ++i) {
        switch (roles.at(i)) {
        case ColumnRole::Number:
            numbers.append(i);
            break;
        case ColumnRole::Time:
            times.append(i);
            break;
        case ColumnRole::Category:
            categories.append(i);
            break;
        case ColumnRole::Unusable:
            break;
        }
    }
    if (numbers.isEmpty())
        return none(tr("No chart fits: a chart needs a numeric column and this result has none."));

    if (!times.isEmpty())
        return check(ChartKind::Line, times.first(), numbers.mid(0, maxSuggestedSeries), columns,
                     sample);
    if (!categories.isEmpty()) {
        if (numbers.size() == 1 && sample.size() <= maxPieSlices) {
            const ChartSuggestion pie =
                    check(ChartKind::Pie, categories.first(), numbers, columns, sample);
            if (pie.kind == ChartKind::Pie)
                return pie;
        }
        return check(ChartKind::Bar, categories.first(), numbers.mid(0, maxSuggestedSeries),
                     columns, sample);
    }
    if (numbers.size() >= 2)
        return check(ChartKind::Scatter, numbers.first(), numbers.mid(1, maxSuggestedSeries),
                     columns, sample);
    return none(tr("No chart fits: %1 needs a category, a time or a second number to be drawn "
                   "against.")
                        .arg(columns.at(numbers.first()).name));
}

ChartSuggestion ChartSuggestion::check(ChartKind kind, int categoryOrXColumn,
                                       const QList<int> &valueColumns,
                                       const QList<ChartColumn> &columns,
                                       const QList<QVariantList> &sample)
{
    if (kind == ChartKind::None)
        return none(tr("No chart is shown."));
    if (sample.isEmpty())
        return none(tr("There is nothing to chart: the result has no rows."));
    if (categoryOrXColumn < 0 || categoryOrXColumn >= columns.size())
        return none(tr("Choose a column for the categories or the x axis."));
    if (valueColumns.isEmpty())
        return none(tr("Choose at least one numeric column to draw."));

    const QString xName = columns.at(categoryOrXColumn).name;
    const ColumnRole xRole = roleOf(columns.at(categoryOrXColumn), sample, categoryOrXColumn);
    for (int value : valueColumns) {
        if (value < 0 || value >= columns.size())
            return none(tr("Choose at least one numeric column to draw."));
        if (value == categoryOrXColumn)
            return none(tr("%1 cannot be both the axis and a value.").arg(xName));
        if (roleOf(columns.at(value), sample, value) != ColumnRole::Number)
            return none(tr("%1 is not numeric, so it cannot be drawn as a value.")
                                .arg(columns.at(value).name));
    }
    if (xRole == ColumnRole::Unusable)
        return none(tr("%1 holds no values that can label a chart.").arg(xName));

    ChartSuggestion suggestion;
    suggestion.kind = kind;
    suggestion.categoryOrXColumn = categoryOrXColumn;
    suggestion.valueColumns = valueColumns;
    const QString values = namesOf(valueColumns, columns).join(u", "_s);
    switch (kind) {
    case ChartKind::None:
        break;
    case ChartKind::Bar:
        suggestion.reason = tr("Bar chart: %1 for each %2.").arg(values, xName);
        break;
    case ChartKind::Line:
        if (xRole != ColumnRole::Time && xRole != ColumnRole::Number) {
            return none(tr("A line chart needs a time or a number on its x axis; %1 is neither.")
                                .arg(xName));
        }
        suggestion.reason = tr("Line chart: %1 along %2, in order.").arg(values, xName);
        break;
    case ChartKind::Scatter:
        if (xRole != ColumnRole::Number) {
            return none(tr("A scatter chart needs a number on its x axis; %1 is not numeric.")
                                .arg(xName));
        }
        suggestion.reason = tr("Scatter chart: %1 against %2.").arg(values, xName);
        break;
    case ChartKind::Pie: {
        if (valueColumns.size() != 1)
            return none(tr("A pie chart shows exactly one numeric column."));
        bool positive = false;
        for (const QVariantList &row : sample) {
            const std::optional<double> number = valueColumns.first() < row.size()
                    ? numberValue(row.at(valueColumns.first()))
                    : std::nullopt;
            if (number && *number < 0) {
                return none(tr("A pie chart cannot show the negative values of %1.").arg(values));
            }
            positive = positive || (number && *number > 0);
        }
        if (!positive)
            return none(tr("A pie chart needs a value above zero in %1.").arg(values));
        suggestion.reason = tr("Pie chart: the share of each %1 in %2.").arg(xName, values);
        break;
    }
    }
    return suggestion;
}

QString ChartSuggestion::kindName(ChartKind kind)
{
    switch (kind) {
    case ChartKind::None:
        return tr("No chart");
    case ChartKind::Bar:
        return tr("Bar");
    case ChartKind::Line:
        return tr("Line");
    case ChartKind::Pie:
        return tr("Pie");
    case ChartKind::Scatter:
        return tr("Scatter");
    }
    return {};
}

} // namespace sqlmend::core
