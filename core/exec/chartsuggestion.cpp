#include "core/exec/chartsuggestion.h"

#include "core/sql/sqltokenizer.h"

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
    if (text.size() < 11)
        return std::nullopt; // 'yyyy-M-d' and the like are no ISO 8601
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

namespace {

// Beyond this many bars the labels cannot be read: one measure becomes a histogram.
constexpr int maxBarCategories = 60;
// A question longer than this is cut for the title.
constexpr int maxTitleLength = 90;

MeasureKind aggregateOf(const QString &function)
{
    const QString name = function.toLower();
    if (name == u"count"_s || name == u"count_big"_s)
        return MeasureKind::Count;
    if (name == u"sum"_s || name == u"total"_s)
        return MeasureKind::Sum;
    if (name == u"avg"_s || name == u"mean"_s || name == u"median"_s)
        return MeasureKind::Average;
    if (name == u"min"_s || name == u"max"_s)
        return MeasureKind::Extreme;
    return MeasureKind::Unknown;
}

// One item of a select list: the first aggregate it calls decides; a division or a window makes
// it a rate whatever it divides.
MeasureKind measureOfItem(QStringView sql, const QList<SqlToken> &tokens, qsizetype first,
                          qsizetype last)
{
    MeasureKind found = MeasureKind::Unknown;
    for (qsizetype i = first; i < last; ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::Operator && token.text(sql) == u"/")
            return MeasureKind::Rate;
        if (token.isWord(u"over"))
            return MeasureKind::Rate; // a running total or a share of a partition
        if (found == MeasureKind::Unknown && token.kind == SqlTokenKind::Word && i + 1 < last
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen) {
            found = aggregateOf(token.name);
        }
    }
    return found;
}

QString ellipsized(const QString &text, int length)
{
    if (text.size() <= length)
        return text;
    return text.left(length - 1).trimmed() + u'\u2026';
}

QString capitalized(QString text)
{
    if (!text.isEmpty())
        text[0] = text.at(0).toUpper();
    return text;
}

QString aggregatedName(ChartAggregation aggregation, const QString &column)
{
    switch (aggregation) {
    case ChartAggregation::None:
        return column;
    case ChartAggregation::Sum:
        return ChartSuggestion::tr("sum of %1").arg(column);
    case ChartAggregation::Count:
        return column.isEmpty() ? ChartSuggestion::tr("number of rows")
                                : ChartSuggestion::tr("count of %1").arg(column);
    case ChartAggregation::Average:
        return ChartSuggestion::tr("average %1").arg(column);
    case ChartAggregation::Minimum:
        return ChartSuggestion::tr("lowest %1").arg(column);
    case ChartAggregation::Maximum:
        return ChartSuggestion::tr("highest %1").arg(column);
    }
    return column;
}

QString valuesPhrase(const ChartSuggestion &shown, const QList<ChartColumn> &columns)
{
    if (shown.valueColumns.isEmpty())
        return aggregatedName(shown.aggregation, QString());
    QStringList names;
    for (int index : shown.valueColumns)
        names.append(aggregatedName(shown.aggregation, columns.at(index).name));
    return names.join(u", "_s);
}

int distinctValues(const QList<QVariantList> &rows, int column)
{
    QSet<QString> seen;
    for (const QVariantList &row : rows)
        seen.insert(column < row.size() ? row.at(column).toString() : QString());
    return int(seen.size());
}

} // namespace

ChartSuggestion::SqlShape ChartSuggestion::shapeOf(const QString &sql)
{
    SqlShape shape;
    const SqlTokenizer tokenizer(Engine::Unknown);
    const QList<SqlToken> all = tokenizer.tokenize(sql);
    const QList<SqlStatementRange> statements = SqlTokenizer::statements(all);
    if (statements.isEmpty())
        return shape;
    QList<SqlToken> tokens;
    for (qsizetype i = statements.last().first; i < statements.last().last; ++i) {
        if (!all.at(i).isComment())
            tokens.append(all.at(i));
    }

    // The outer statement's clauses are the words at depth 0 (CTEs and subqueries are deeper).
    int depth = 0;
    qsizetype select = -1;
    qsizetype listEnd = -1;
    qsizetype orderBy = -1;
    bool limited = false;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::OpenParen) {
            ++depth;
            continue;
        }
        if (token.kind == SqlTokenKind::CloseParen) {
            depth = std::max(0, depth - 1);
            continue;
        }
        if (depth != 0 || token.kind != SqlTokenKind::Word)
            continue;
        if (select < 0 && token.isWord(u"select")) {
            select = i;
        } else if (select >= 0 && listEnd < 0
                   && (token.isWord(u"from") || token.isWord(u"where") || token.isWord(u"group")
                       || token.isWord(u"order") || token.isWord(u"limit")
                       || isSetOperatorAt(tokens, i) || token.isWord(u"into"))) {
            listEnd = i;
        }
        if (token.isWord(u"order") && i + 1 < tokens.size() && tokens.at(i + 1).isWord(u"by"))
            orderBy = i;
        else if (token.isWord(u"limit") || token.isWord(u"fetch") || token.isWord(u"top"))
            limited = true;
    }
    // A top-N is a part of the whole; an order alone leaves the whole whole.
    shape.ranking = orderBy >= 0 && limited;
    if (select < 0)
        return shape;
    if (listEnd < 0)
        listEnd = tokens.size();

    const QStringView text(sql);
    qsizetype first = select + 1;
    // DISTINCT, ALL, TOP n, DISTINCT ON (...) come before the list.
    while (first < listEnd) {
        const SqlToken &token = tokens.at(first);
        if (token.isWord(u"distinct") || token.isWord(u"all")) {
            ++first;
        } else if (token.isWord(u"on") && first + 1 < listEnd
                   && tokens.at(first + 1).kind == SqlTokenKind::OpenParen) {
            int inner = 0;
            for (++first; first < listEnd; ++first) {
                const SqlTokenKind kind = tokens.at(first).kind;
                inner += kind == SqlTokenKind::OpenParen   ? 1
                        : kind == SqlTokenKind::CloseParen ? -1
                                                           : 0;
                if (inner == 0) {
                    ++first;
                    break;
                }
            }
        } else if (token.isWord(u"top") && first + 1 < listEnd) {
            first += 2;
        } else {
            break;
        }
    }
    qsizetype itemStart = first;
    depth = 0;
    for (qsizetype i = first; i <= listEnd; ++i) {
        const bool end = i == listEnd;
        if (!end) {
            const SqlTokenKind kind = tokens.at(i).kind;
            if (kind == SqlTokenKind::OpenParen)
                ++depth;
            else if (kind == SqlTokenKind::CloseParen)
                depth = std::max(0, depth - 1);
            if (kind != SqlTokenKind::Comma || depth != 0)
                continue;
        }
        if (itemStart >= i)
            return {{}, shape.ranking}; // an empty item: the list cannot be read
        // '*' or 't.*' hides how many columns there are.
        const SqlToken &lastToken = tokens.at(i - 1);
        if (lastToken.kind == SqlTokenKind::Operator && lastToken.text(text) == u"*"
            && (i - 1 == itemStart || tokens.at(i - 2).kind == SqlTokenKind::Dot)) {
            return {{}, shape.ranking};
        }
        shape.measures.append(measureOfItem(text, tokens, itemStart, i));
        itemStart = i + 1;
    }
    return shape;
}

MeasureKind ChartSuggestion::measureOf(const QString &name, int index, const SqlShape &shape)
{
    if (index >= 0 && index < shape.measures.size()
        && shape.measures.at(index) != MeasureKind::Unknown) {
        return shape.measures.at(index);
    }
    QStringList words;
    QString word;
    for (QChar c : name.toLower()) {
        if (c.isLetterOrNumber()) {
            word.append(c);
        } else if (!word.isEmpty()) {
            words.append(word);
            word.clear();
        }
    }
    if (!word.isEmpty())
        words.append(word);
    const auto any = [&words](std::initializer_list<QStringView> list) {
        for (QStringView candidate : list) {
            if (words.contains(candidate))
                return true;
        }
        return false;
    };
    if (any({u"rate", u"ratio", u"pct", u"percent", u"percentage", u"per", u"share"}))
        return MeasureKind::Rate;
    if (any({u"avg", u"average", u"mean", u"median"}))
        return MeasureKind::Average;
    if (any({u"min", u"max", u"minimum", u"maximum", u"highest", u"lowest"}))
        return MeasureKind::Extreme;
    if (any({u"count", u"cnt", u"n", u"num", u"number"}))
        return MeasureKind::Count;
    if (any({u"sum", u"total", u"qty", u"quantity"}))
        return MeasureKind::Sum;
    return MeasureKind::Unknown;
}

ChartSuggestion ChartSuggestion::suggest(const QList<ChartColumn> &columns,
                                         const QList<QVariantList> &sample,
                                         const ChartSource &source)
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

    const QList<int> series = numbers.mid(0, maxSuggestedSeries);
    if (!times.isEmpty()) {
        return check(series.size() > 1 ? ChartKind::MultiLine : ChartKind::Line, times.first(),
                     series, columns, sample);
    }
    const SqlShape shape = shapeOf(source.sql);
    if (!categories.isEmpty()) {
        const int category = categories.first();
        const int distinct = distinctValues(sample, category);
        const bool repeated = distinct < sample.size();
        if (numbers.size() == 1 && !repeated && !shape.ranking) {
            // A share of a whole: one count or sum over a few categories.
            const MeasureKind measure =
                    measureOf(columns.at(numbers.first()).name, numbers.first(), shape);
            const bool additive = measure == MeasureKind::Count || measure == MeasureKind::Sum;
            if (additive && sample.size() >= 2 && sample.size() <= maxPieSlices) {
                const ChartSuggestion pie =
                        check(ChartKind::Pie, category, numbers, columns, sample);
                if (pie.kind == ChartKind::Pie)
                    return pie;
            }
            if (sample.size() > maxBarCategories)
                return check(ChartKind::Histogram, numbers.first(), {}, columns, sample);
        }
        // Rows that share a category are added up (counts, sums, raw amounts) or averaged.
        ChartAggregation aggregation = ChartAggregation::None;
        if (repeated && distinct <= maxBarCategories) {
            const MeasureKind measure =
                    measureOf(columns.at(series.first()).name, series.first(), shape);
            aggregation = measure == MeasureKind::Average || measure == MeasureKind::Rate
                            || measure == MeasureKind::Extreme
                    ? ChartAggregation::Average
                    : ChartAggregation::Sum;
        }
        ChartSuggestion bars = check(series.size() > 1 ? ChartKind::GroupedBar : ChartKind::Bar,
                                     category, series, columns, sample, aggregation);
        if (bars.kind != ChartKind::None && shape.ranking) {
            bars.reason = tr("Bar chart: the ranking of %1 by %2, in the query's order.")
                                  .arg(columns.at(category).name, valuesPhrase(bars, columns));
        }
        return bars;
    }
    if (numbers.size() >= 2)
        return check(ChartKind::Scatter, numbers.first(), numbers.mid(1, maxSuggestedSeries),
                     columns, sample);
    if (sample.size() >= minHistogramRows)
        return check(ChartKind::Histogram, numbers.first(), {}, columns, sample);
    return none(tr("No chart fits: %1 needs a category, a time or a second number to be drawn "
                   "against, or at least %2 rows for a histogram.")
                        .arg(columns.at(numbers.first()).name)
                        .arg(minHistogramRows));
}

ChartSuggestion ChartSuggestion::check(ChartKind kind, int categoryOrXColumn,
                                       const QList<int> &valueColumns,
                                       const QList<ChartColumn> &columns,
                                       const QList<QVariantList> &sample,
                                       ChartAggregation aggregation)
{
    if (kind == ChartKind::None)
        return none(tr("No chart is shown."));
    if (sample.isEmpty())
        return none(tr("There is nothing to chart: the result has no rows."));
    if (categoryOrXColumn < 0 || categoryOrXColumn >= columns.size())
        return none(tr("Choose a column for the categories or the x axis."));

    const QString xName = columns.at(categoryOrXColumn).name;
    const ColumnRole xRole = roleOf(columns.at(categoryOrXColumn), sample, categoryOrXColumn);
    if (xRole == ColumnRole::Unusable)
        return none(tr("%1 holds no values that can label a chart.").arg(xName));

    if (kind == ChartKind::Histogram) {
        if (xRole != ColumnRole::Number)
            return none(tr("A histogram needs a numeric column; %1 is not numeric.").arg(xName));
        if (aggregation != ChartAggregation::None) {
            return none(tr("A histogram counts the rows in each range of %1; it takes no "
                           "aggregation.")
                                .arg(xName));
        }
        ChartSuggestion histogram;
        histogram.kind = kind;
        histogram.categoryOrXColumn = categoryOrXColumn;
        histogram.reason = tr("Histogram: how many rows fall in each range of %1.").arg(xName);
        return histogram;
    }

    const bool countingRows = valueColumns.isEmpty() && aggregation == ChartAggregation::Count;
    if (valueColumns.isEmpty() && !countingRows)
        return none(tr("Choose at least one numeric column to draw, or count the rows."));
    for (int value : valueColumns) {
        if (value < 0 || value >= columns.size())
            return none(tr("Choose at least one numeric column to draw."));
        if (value == categoryOrXColumn)
            return none(tr("%1 cannot be both the axis and a value.").arg(xName));
        if (roleOf(columns.at(value), sample, value) != ColumnRole::Number)
            return none(tr("%1 is not numeric, so it cannot be drawn as a value.")
                                .arg(columns.at(value).name));
    }
    const int seriesCount = countingRows ? 1 : int(valueColumns.size());
    if (isMultiSeries(kind) && seriesCount < 2) {
        return none(tr("%1 needs two or more series; choose %2 to draw one.")
                            .arg(kindName(kind),
                                 kindName(kind == ChartKind::MultiLine ? ChartKind::Line
                                                                       : ChartKind::Bar)));
    }
    if ((kind == ChartKind::Bar || kind == ChartKind::Line || kind == ChartKind::Pie)
        && seriesCount > 1) {
        return none(
                kind == ChartKind::Pie
                        ? tr("A pie chart shows exactly one numeric column.")
                        : tr("%1 draws one series and %n are chosen; choose %2 to draw them "
                             "all.",
                             nullptr, seriesCount)
                                  .arg(kindName(kind),
                                       kindName(kind == ChartKind::Line ? ChartKind::MultiLine
                                                                        : ChartKind::GroupedBar)));
    }
    if (hasAxisOfValues(kind) && kind != ChartKind::Scatter && xRole != ColumnRole::Time
        && xRole != ColumnRole::Number) {
        return none(tr("%1 needs a time or a number on its x axis; %2 is neither.")
                            .arg(kindName(kind), xName));
    }
    if (kind == ChartKind::Scatter && xRole != ColumnRole::Number) {
        return none(
                tr("A scatter chart needs a number on its x axis; %1 is not numeric.").arg(xName));
    }

    ChartSuggestion suggestion;
    suggestion.kind = kind;
    suggestion.categoryOrXColumn = categoryOrXColumn;
    suggestion.valueColumns = valueColumns;
    suggestion.aggregation = aggregation;
    const QString values = valuesPhrase(suggestion, columns);
    switch (kind) {
    case ChartKind::None:
    case ChartKind::Histogram:
        break;
    // One sentence per kind, so that each language words it as a whole.
    case ChartKind::Bar:
        suggestion.reason = tr("Bar chart: %1 for each %2.").arg(values, xName);
        break;
    case ChartKind::GroupedBar:
        suggestion.reason =
                tr("Grouped bar chart: %1 side by side for each %2.").arg(values, xName);
        break;
    case ChartKind::StackedBar:
        suggestion.reason =
                tr("Stacked bar chart: %1 one on the other for each %2.").arg(values, xName);
        break;
    case ChartKind::Line:
        suggestion.reason = tr("Line chart: %1 along %2, in order.").arg(values, xName);
        break;
    case ChartKind::MultiLine:
        suggestion.reason = tr("Multi-line chart: %1 along %2, in order.").arg(values, xName);
        break;
    case ChartKind::Area:
        suggestion.reason = tr("Area chart: %1 along %2, in order, filled.").arg(values, xName);
        break;
    case ChartKind::Scatter:
        suggestion.reason = tr("Scatter chart: %1 against %2.").arg(values, xName);
        break;
    case ChartKind::Pie: {
        const int slices = aggregation == ChartAggregation::None
                ? int(sample.size())
                : distinctValues(sample, categoryOrXColumn);
        if (slices > maxChosenPieSlices) {
            return none(
                    tr("A pie of %n slices cannot be read; choose a bar chart.", nullptr, slices));
        }
        if (countingRows) {
            suggestion.reason = tr("Pie chart: the share of each %1 in the rows.").arg(xName);
            break;
        }
        bool positive = false;
        for (const QVariantList &row : sample) {
            const std::optional<double> number = valueColumns.first() < row.size()
                    ? numberValue(row.at(valueColumns.first()))
                    : std::nullopt;
            if (number && *number < 0 && aggregation != ChartAggregation::Count)
                return none(tr("A pie chart cannot show the negative values of %1.").arg(values));
            positive =
                    positive || (number && (*number > 0 || aggregation == ChartAggregation::Count));
        }
        if (!positive)
            return none(tr("A pie chart needs a value above zero in %1.").arg(values));
        suggestion.reason = tr("Pie chart: the share of each %1 in %2.").arg(xName, values);
        break;
    }
    }
    return suggestion;
}

QString ChartSuggestion::title(const ChartSuggestion &shown, const QList<ChartColumn> &columns,
                               const ChartSource &source)
{
    const QString question = source.question.simplified();
    if (!question.isEmpty())
        return ellipsized(question, maxTitleLength);
    if (shown.kind == ChartKind::None || shown.categoryOrXColumn < 0
        || shown.categoryOrXColumn >= columns.size()) {
        return {};
    }
    const QString x = columns.at(shown.categoryOrXColumn).name;
    const QString values = valuesPhrase(shown, columns);
    QString text;
    switch (shown.kind) {
    case ChartKind::None:
        break;
    case ChartKind::Histogram:
        text = tr("Distribution of %1").arg(x);
        break;
    case ChartKind::Scatter:
        text = tr("%1 against %2").arg(values, x);
        break;
    case ChartKind::Pie:
        text = tr("Share of %1 by %2").arg(values, x);
        break;
    case ChartKind::Line:
    case ChartKind::MultiLine:
    case ChartKind::Area:
    case ChartKind::Bar:
    case ChartKind::GroupedBar:
    case ChartKind::StackedBar:
        text = tr("%1 by %2").arg(values, x);
        break;
    }
    return ellipsized(capitalized(text), maxTitleLength);
}

bool ChartSuggestion::isMultiSeries(ChartKind kind)
{
    return kind == ChartKind::GroupedBar || kind == ChartKind::StackedBar
            || kind == ChartKind::MultiLine;
}

bool ChartSuggestion::hasAxisOfValues(ChartKind kind)
{
    return kind == ChartKind::Line || kind == ChartKind::MultiLine || kind == ChartKind::Area
            || kind == ChartKind::Scatter;
}

QString ChartSuggestion::kindName(ChartKind kind)
{
    switch (kind) {
    case ChartKind::None:
        return tr("No chart");
    case ChartKind::Bar:
        return tr("Bar");
    case ChartKind::GroupedBar:
        return tr("Grouped bar");
    case ChartKind::StackedBar:
        return tr("Stacked bar");
    case ChartKind::Line:
        return tr("Line");
    case ChartKind::MultiLine:
        return tr("Multi-line");
    case ChartKind::Area:
        return tr("Area");
    case ChartKind::Pie:
        return tr("Pie");
    case ChartKind::Scatter:
        return tr("Scatter");
    case ChartKind::Histogram:
        return tr("Histogram");
    }
    return {};
}

QString ChartSuggestion::aggregationName(ChartAggregation aggregation)
{
    switch (aggregation) {
    case ChartAggregation::None:
        return tr("None");
    case ChartAggregation::Sum:
        return tr("Sum");
    case ChartAggregation::Count:
        return tr("Count");
    case ChartAggregation::Average:
        return tr("Average");
    case ChartAggregation::Minimum:
        return tr("Minimum");
    case ChartAggregation::Maximum:
        return tr("Maximum");
    }
    return {};
}

} // namespace sqlmend::core
