#include "core/sql/clickhouseresult.h"

#include "core/sql/clickhouseconnection.h"
#include "core/sql/clickhousedriver.h"

#include <QDate>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlField>
#include <QUuid>
#include <QVariant>

#include <algorithm>
#include <limits>
#include <utility>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// How far past a line in the server's error shape the response is read to tell a value that
// only looks like an error (more rows follow) from the error itself (the response ends).
constexpr qsizetype LookaheadBytes = 64 * 1024;
// The server holds back this much of a result (DBMS_DEFAULT_BUFFER_SIZE) and answers an error
// with a status of its own while nothing has been sent; an error that follows rows comes later.
constexpr qint64 HeldBackBytes = 1024 * 1024;
// The longest error text kept.
constexpr qsizetype MaxErrorBytes = 1024 * 1024;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int digits(QByteArrayView text, qsizetype from, qsizetype count)
{
    int value = 0;
    for (qsizetype i = from; i < from + count; ++i)
        value = value * 10 + (text.at(i) - '0');
    return value;
}

bool allDigits(QByteArrayView text, qsizetype from, qsizetype count)
{
    for (qsizetype i = from; i < from + count; ++i) {
        if (!isDigit(text.at(i)))
            return false;
    }
    return true;
}

// "YYYY-MM-DD"
bool isDateText(QByteArrayView text)
{
    return text.size() == 10 && allDigits(text, 0, 4) && text.at(4) == '-' && allDigits(text, 5, 2)
            && text.at(7) == '-' && allDigits(text, 8, 2);
}

// "YYYY-MM-DD hh:mm:ss" with an optional ".fraction"
bool isDateTimeText(QByteArrayView text)
{
    if (text.size() < 19 || !isDateText(text.first(10)) || text.at(10) != ' '
        || !allDigits(text, 11, 2) || text.at(13) != ':' || !allDigits(text, 14, 2)
        || text.at(16) != ':' || !allDigits(text, 17, 2)) {
        return false;
    }
    if (text.size() == 19)
        return true;
    return text.at(19) == '.' && text.size() > 20 && allDigits(text, 20, text.size() - 20);
}

bool isIntegerText(QByteArrayView text, bool allowSign)
{
    qsizetype i = 0;
    if (allowSign && !text.isEmpty() && text.at(0) == '-')
        i = 1;
    return i < text.size() && allDigits(text, i, text.size() - i);
}

bool isSpecialFloat(QByteArrayView text)
{
    return text == "nan" || text == "-nan" || text == "inf" || text == "-inf" || text == "+inf";
}

double parseFloat(QByteArrayView text, bool *ok)
{
    *ok = true;
    if (text == "nan" || text == "-nan")
        return std::numeric_limits<double>::quiet_NaN();
    if (text == "inf" || text == "+inf")
        return std::numeric_limits<double>::infinity();
    if (text == "-inf")
        return -std::numeric_limits<double>::infinity();
    return text.toDouble(ok);
}

QDate parseDate(QByteArrayView text)
{
    if (!isDateText(text))
        return {};
    const int year = digits(text, 0, 4);
    // Before 20.x the server prints the zero date (1970-01-01) as 0000-00-00.
    if (year == 0)
        return QDate(1970, 1, 1);
    return QDate(year, digits(text, 5, 2), digits(text, 8, 2));
}

QDateTime parseDateTime(QByteArrayView text, const QTimeZone &zone, bool utc)
{
    if (!isDateTimeText(text))
        return {};
    if (digits(text, 0, 4) == 0)
        return utc ? QDateTime::fromSecsSinceEpoch(0, Qt::UTC)
                   : QDateTime::fromSecsSinceEpoch(0, zone);
    int msec = 0;
    if (text.size() > 20) {
        const qsizetype fraction = std::min<qsizetype>(3, text.size() - 20);
        msec = digits(text, 20, fraction);
        for (qsizetype i = fraction; i < 3; ++i)
            msec *= 10;
    }
    const QDate date = parseDate(text.first(10));
    const QTime time(digits(text, 11, 2), digits(text, 14, 2), digits(text, 17, 2), msec);
    return utc ? QDateTime(date, time, Qt::UTC) : QDateTime(date, time, zone);
}

// The argument list of "Name(args)", or empty.
QStringView arguments(QStringView type)
{
    const qsizetype open = type.indexOf(u'(');
    if (open < 0 || !type.endsWith(u')'))
        return {};
    return type.mid(open + 1, type.size() - open - 2).trimmed();
}

QStringView typeName(QStringView type)
{
    const qsizetype open = type.indexOf(u'(');
    return (open < 0 ? type : type.left(open)).trimmed();
}

// The first quoted argument: the zone of DateTime('Asia/Shanghai') or DateTime64(3, 'UTC').
QString quotedArgument(QStringView args)
{
    const qsizetype open = args.indexOf(u'\'');
    if (open < 0)
        return {};
    const qsizetype close = args.indexOf(u'\'', open + 1);
    return close < 0 ? QString() : args.mid(open + 1, close - open - 1).toString();
}

bool isUtc(const QTimeZone &zone)
{
    if (!zone.isValid())
        return true;
    static const QList<QByteArray> names = {"UTC",       "Etc/UTC",       "Etc/UCT", "UCT",
                                            "Universal", "Etc/Universal", "Zulu",    "Etc/Zulu",
                                            "GMT",       "Etc/GMT"};
    return names.contains(zone.id());
}

qint64 writtenRows(const QByteArray &summary)
{
    if (summary.isEmpty())
        return -1;
    const QJsonObject object = QJsonDocument::fromJson(summary).object();
    const QJsonValue written = object.value(u"written_rows");
    if (written.isString())
        return written.toString().toLongLong();
    return written.isDouble() ? qint64(written.toDouble()) : -1;
}

} // namespace

ClickHouseResult::ClickHouseResult(const ClickHouseDriver *driver) : QSqlResult(driver) { }

ClickHouseResult::~ClickHouseResult()
{
    releaseStream();
}

const ClickHouseDriver *ClickHouseResult::clickHouseDriver() const
{
    return static_cast<const ClickHouseDriver *>(driver());
}

ClickHouseResult::ColumnType ClickHouseResult::columnType(QStringView text)
{
    ColumnType type;
    QStringView t = text.trimmed();
    // Wrappers that change how a value is stored, not how it reads.
    for (;;) {
        const QStringView name = typeName(t);
        if (name == u"Nullable") {
            type.nullable = true;
            t = arguments(t);
        } else if (name == u"LowCardinality") {
            t = arguments(t);
        } else if (name == u"SimpleAggregateFunction") {
            const QStringView args = arguments(t);
            const qsizetype comma = args.indexOf(u',');
            if (comma < 0)
                break;
            t = args.mid(comma + 1).trimmed();
        } else {
            break;
        }
    }
    const QStringView name = typeName(t);
    if (name == u"Int8" || name == u"Int16" || name == u"Int32" || name == u"Int64") {
        type.kind = ValueKind::Int;
    } else if (name == u"UInt8" || name == u"UInt16" || name == u"UInt32" || name == u"UInt64") {
        type.kind = ValueKind::UInt;
    } else if (name == u"Int128" || name == u"Int256" || name == u"UInt128" || name == u"UInt256") {
        type.kind = ValueKind::BigInt;
    } else if (name == u"Float32" || name == u"Float64" || name == u"BFloat16") {
        type.kind = ValueKind::Float;
    } else if (name.startsWith(u"Decimal")) {
        type.kind = ValueKind::Decimal;
    } else if (name == u"Bool") {
        type.kind = ValueKind::Bool;
    } else if (name == u"Date" || name == u"Date32") {
        type.kind = ValueKind::Date;
    } else if (name == u"DateTime" || name == u"DateTime64") {
        type.kind = ValueKind::DateTime;
        const QString zone = quotedArgument(arguments(t));
        if (!zone.isEmpty())
            type.timeZone = QTimeZone(zone.toUtf8());
    } else if (name == u"Array" || name == u"Tuple" || name == u"Map" || name == u"Nested"
               || name == u"Variant" || name == u"Dynamic" || name == u"AggregateFunction"
               || name == u"Point" || name == u"Ring" || name == u"Polygon"
               || name == u"MultiPolygon" || name == u"LineString" || name == u"MultiLineString") {
        // Composite values keep the text the server prints; their inner quoting is theirs.
        type.kind = ValueKind::Raw;
    } else {
        type.kind = ValueKind::Text; // String, FixedString, Enum, UUID, IPv4/6, Nothing, ...
    }
    if (name == u"Nothing")
        type.nullable = true;
    return type;
}

QMetaType ClickHouseResult::metaTypeOf(const ColumnType &type)
{
    switch (type.kind) {
    case ValueKind::Int:
        return QMetaType(QMetaType::LongLong);
    case ValueKind::UInt:
        return QMetaType(QMetaType::ULongLong);
    case ValueKind::Float:
    case ValueKind::Decimal:
        return QMetaType(QMetaType::Double);
    case ValueKind::Bool:
        return QMetaType(QMetaType::Bool);
    case ValueKind::Date:
        return QMetaType(QMetaType::QDate);
    case ValueKind::DateTime:
        return QMetaType(QMetaType::QDateTime);
    case ValueKind::BigInt:
    case ValueKind::Text:
    case ValueKind::Raw:
        break;
    }
    return QMetaType(QMetaType::QString);
}

QByteArray ClickHouseResult::unescape(QByteArrayView field)
{
    if (!field.contains('\\'))
        return field.toByteArray();
    QByteArray out;
    out.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        const char c = field.at(i);
        if (c != '\\' || i + 1 == field.size()) {
            out += c;
            continue;
        }
        const char next = field.at(++i);
        switch (next) {
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case '0':
            out += '\0';
            break;
        case 'a':
            out += '\a';
            break;
        case 'v':
            out += '\v';
            break;
        case 'e':
            out += '\x1b';
            break;
        case 'x': {
            bool ok = false;
            const int value = i + 2 < field.size() ? field.sliced(i + 1, 2).toInt(&ok, 16) : 0;
            if (ok) {
                out += char(value);
                i += 2;
            } else {
                out += next;
            }
            break;
        }
        default:
            out += next; // \\ \' \" and anything else: the character itself
            break;
        }
    }
    return out;
}

void ClickHouseResult::releaseStream()
{
    const ClickHouseDriver *driver = clickHouseDriver();
    if (m_connection) {
        if (driver && m_connection->isReusable())
            driver->returnConnection(std::move(m_connection), m_connectionEpoch);
        m_connection.reset();
    }
    if (driver && !m_queryId.isEmpty())
        driver->endQuery(m_queryId);
    m_cancelled.reset();
}

bool ClickHouseResult::failWith(const QSqlError &error)
{
    setLastError(error);
    releaseStream();
    return false;
}

bool ClickHouseResult::failConnection()
{
    if (!m_connection) {
        return failWith(QSqlError(tr("The connection to the ClickHouse server is gone."), QString(),
                                  QSqlError::ConnectionError));
    }
    const bool cancelled = m_connection->failure() == ClickHouseConnection::Failure::Cancelled;
    return failWith(QSqlError(m_connection->errorString(), QString(),
                              cancelled ? QSqlError::StatementError : QSqlError::ConnectionError));
}

bool ClickHouseResult::reset(const QString &query)
{
    releaseStream();
    m_record.clear();
    m_types.clear();
    m_lookahead.clear();
    m_deferredError.clear();
    m_pendingRow.clear();
    m_hasPendingRow = false;
    m_affected = -1;
    m_row.clear();
    m_fields.clear();
    setAt(QSql::BeforeFirstRow);
    setSelect(false);
    setActive(false);
    setLastError(QSqlError());

    const ClickHouseDriver *driver = clickHouseDriver();
    if (!driver) {
        return failWith(QSqlError(tr("The ClickHouse driver is gone."), QString(),
                                  QSqlError::ConnectionError));
    }
    m_queryId = u"sqlmend-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_serverZone = driver->serverTimeZone();
    m_cancelled = driver->beginQuery(m_queryId);
    m_connection = driver->takeConnection();
    m_connectionEpoch = driver->epoch();
    if (!m_connection->post(driver->requestTarget(m_queryId, m_withSettings), query.toUtf8(),
                            m_cancelled.get())) {
        return failConnection();
    }
    const int status = m_connection->statusCode();
    if (status != 200) {
        const QByteArray body = m_connection->readRest(MaxErrorBytes);
        if (m_connection->failure() != ClickHouseConnection::Failure::None && body.isEmpty())
            return failConnection();
        return failWith(ClickHouseDriver::serverError(status, body));
    }
    const qint64 written = writtenRows(m_connection->header("x-clickhouse-summary"));
    m_affected = int(std::min<qint64>(written, std::numeric_limits<int>::max()));
    return readHeader();
}

bool ClickHouseResult::readHeader()
{
    QByteArray names;
    if (!m_connection->readLine(names)) {
        if (m_connection->failure() != ClickHouseConnection::Failure::None)
            return failConnection();
        // An empty answer: a statement without a result (INSERT, CREATE, ...).
        releaseStream();
        setActive(true);
        return true;
    }
    if (ClickHouseDriver::isServerErrorLine(names)) {
        const QByteArray rest = m_connection->readRest(MaxErrorBytes);
        return failWith(
                ClickHouseDriver::serverError(200, rest.isEmpty() ? names : names + '\n' + rest));
    }
    const QByteArray contentType = m_connection->header("content-type");
    QByteArray types;
    if (!contentType.contains("tab-separated-values") || !m_connection->readLine(types)) {
        if (m_connection->failure() != ClickHouseConnection::Failure::None)
            return failConnection();
        return failWith(QSqlError(
                tr("The server did not answer in TabSeparatedWithNamesAndTypes (%1); a FORMAT "
                   "clause in the statement is not supported.")
                        .arg(QString::fromLatin1(contentType)),
                QString(), QSqlError::StatementError));
    }
    const QList<QByteArray> nameFields = names.split('\t');
    const QList<QByteArray> typeFields = types.split('\t');
    if (nameFields.size() != typeFields.size()) {
        return failWith(QSqlError(tr("The server sent %1 column names but %2 types.")
                                          .arg(nameFields.size())
                                          .arg(typeFields.size()),
                                  QString(), QSqlError::ConnectionError));
    }
    for (qsizetype i = 0; i < nameFields.size(); ++i) {
        ColumnType type = columnType(QString::fromUtf8(unescape(typeFields.at(i))));
        if (type.kind == ValueKind::DateTime) {
            if (!type.timeZone.isValid())
                type.timeZone = m_serverZone;
            type.utc = isUtc(type.timeZone);
        }
        QSqlField field(QString::fromUtf8(unescape(nameFields.at(i))), metaTypeOf(type));
        field.setRequiredStatus(type.nullable ? QSqlField::Optional : QSqlField::Required);
        m_record.append(field);
        m_types.append(type);
    }
    setSelect(true);
    setActive(true);
    // The first row now, so that an error before any row fails exec() itself.
    QByteArray first;
    switch (nextRow(first)) {
    case Next::Row:
        m_pendingRow = std::move(first);
        m_hasPendingRow = true;
        return true;
    case Next::End:
        return true;
    case Next::Failed:
        setActive(false);
        return false;
    }
    return true;
}

bool ClickHouseResult::takeLine(Line &line)
{
    if (!m_lookahead.empty()) {
        line = std::move(m_lookahead.front());
        m_lookahead.pop_front();
        m_lineFromSocket = false;
        return true;
    }
    m_lineFromSocket = true;
    if (!m_connection)
        return false;
    line.offset = m_connection->bodyOffset();
    return m_connection->readLine(line.text);
}

QByteArray ClickHouseResult::joinedLookahead(const QByteArray &first, size_t from) const
{
    QByteArray text = first;
    for (size_t i = from; i < m_lookahead.size(); ++i)
        text += '\n' + m_lookahead[i].text;
    return text;
}

bool ClickHouseResult::splitRow(const QByteArray &line, QList<QByteArrayView> &fields) const
{
    fields.clear();
    qsizetype start = 0;
    for (;;) {
        const qsizetype tab = line.indexOf('\t', start);
        if (tab < 0) {
            fields.append(QByteArrayView(line).sliced(start));
            break;
        }
        fields.append(QByteArrayView(line).sliced(start, tab - start));
        start = tab + 1;
    }
    return fields.size() == m_types.size();
}

bool ClickHouseResult::fieldFits(int index, QByteArrayView field) const
{
    const ColumnType &type = m_types.at(index);
    if (type.nullable && field == "\\N")
        return true;
    switch (type.kind) {
    case ValueKind::Int:
        return isIntegerText(field, true);
    case ValueKind::UInt:
        return isIntegerText(field, false);
    case ValueKind::BigInt:
        return isIntegerText(field, true);
    case ValueKind::Float:
    case ValueKind::Decimal: {
        bool ok = false;
        (void)field.toDouble(&ok);
        return ok || isSpecialFloat(field);
    }
    case ValueKind::Bool:
        return field == "true" || field == "false" || field == "0" || field == "1";
    case ValueKind::Date:
        return isDateText(field);
    case ValueKind::DateTime:
        return isDateTimeText(field);
    case ValueKind::Text:
    case ValueKind::Raw:
        break;
    }
    return true;
}

bool ClickHouseResult::fitsRow(const QByteArray &line) const
{
    QList<QByteArrayView> fields;
    if (!splitRow(line, fields))
        return false;
    for (int i = 0; i < fields.size(); ++i) {
        if (!fieldFits(i, fields.at(i)))
            return false;
    }
    return true;
}

ClickHouseResult::Next ClickHouseResult::nextRow(QByteArray &text)
{
    if (!m_deferredError.isEmpty() && m_lookahead.empty()) {
        const QByteArray error = std::exchange(m_deferredError, QByteArray());
        failWith(ClickHouseDriver::serverError(200, error));
        return Next::Failed;
    }
    Line line;
    const auto row = [&] {
        text = std::move(line.text);
        return Next::Row;
    };
    if (!takeLine(line)) {
        if (m_connection && m_connection->failure() != ClickHouseConnection::Failure::None) {
            failConnection();
            return Next::Failed;
        }
        releaseStream();
        return Next::End;
    }
    if (!ClickHouseDriver::isServerErrorLine(line.text)) {
        if (m_lineFromSocket && !m_connection->lastLineTerminated()) {
            failWith(QSqlError(tr("The response ended inside a row."), QString(),
                               QSqlError::ConnectionError));
            return Next::Failed;
        }
        return row();
    }
    if (!fitsRow(line.text)) {
        QByteArray error = joinedLookahead(line.text, 0);
        m_lookahead.clear();
        if (m_connection) {
            const QByteArray rest = m_connection->readRest(MaxErrorBytes);
            if (!rest.isEmpty())
                error += '\n' + rest;
        }
        failWith(ClickHouseDriver::serverError(200, error));
        return Next::Failed;
    }
    const Next next = errorAfterRows(line);
    return next == Next::Row ? row() : next;
}

// `line` is in the server's error shape and could also be a row. The server's error ends the
// response and follows the held-back first MiB; a value that only looks like one comes earlier
// or is followed by more rows.
ClickHouseResult::Next ClickHouseResult::errorAfterRows(const Line &line)
{
    if (line.offset < HeldBackBytes)
        return Next::Row;
    qsizetype seen = 0;
    for (const Line &ahead : m_lookahead)
        seen += ahead.text.size() + 1;
    while (seen < LookaheadBytes) {
        Line more;
        if (m_connection) {
            more.offset = m_connection->bodyOffset();
            if (m_connection->readLine(more.text)) {
                seen += more.text.size() + 1;
                m_lookahead.push_back(std::move(more));
                continue;
            }
        }
        if (m_connection && m_connection->failure() != ClickHouseConnection::Failure::None) {
            failConnection();
            return Next::Failed;
        }
        // The response ended: the error starts at its last line in the error shape, and the
        // lines before that are rows.
        size_t start = m_lookahead.size();
        while (start > 0 && !ClickHouseDriver::isServerErrorLine(m_lookahead[start - 1].text))
            --start;
        if (start == 0) {
            const QByteArray error = joinedLookahead(line.text, 0);
            m_lookahead.clear();
            failWith(ClickHouseDriver::serverError(200, error));
            return Next::Failed;
        }
        m_deferredError = joinedLookahead(m_lookahead[start - 1].text, start);
        m_lookahead.resize(start - 1);
        releaseStream();
        return Next::Row;
    }
    return Next::Row;
}

bool ClickHouseResult::acceptRow(QByteArray line)
{
    m_row = std::move(line);
    if (!splitRow(m_row, m_fields)) {
        const int count = int(m_fields.size());
        m_fields.clear();
        return failWith(QSqlError(tr("Row %1 has %2 fields; the result has %3 columns.")
                                          .arg(at() + 2)
                                          .arg(count)
                                          .arg(m_types.size()),
                                  QString(), QSqlError::ConnectionError));
    }
    return true;
}

bool ClickHouseResult::fetchNext()
{
    if (!isActive() || !isSelect() || at() == QSql::AfterLastRow)
        return false;
    QByteArray line;
    if (m_hasPendingRow) {
        line = std::move(m_pendingRow);
        m_hasPendingRow = false;
    } else if (nextRow(line) != Next::Row) {
        return false;
    }
    if (!acceptRow(std::move(line)))
        return false;
    setAt(at() + 1);
    return true;
}

bool ClickHouseResult::fetchFirst()
{
    if (at() == 0)
        return true;
    return at() == QSql::BeforeFirstRow && fetchNext();
}

bool ClickHouseResult::fetch(int index)
{
    if (index < 0 || (at() >= 0 && index < at()))
        return false;
    while (at() < index) {
        if (!fetchNext())
            return false;
    }
    return true;
}

bool ClickHouseResult::fetchPrevious()
{
    return false; // forward only
}

bool ClickHouseResult::fetchLast()
{
    bool any = at() >= 0;
    while (fetchNext())
        any = true;
    return any && !lastError().isValid();
}

QVariant ClickHouseResult::decode(int index) const
{
    const QByteArrayView raw = m_fields.at(index);
    const ColumnType &type = m_types.at(index);
    if (type.nullable && raw == "\\N")
        return QVariant(metaTypeOf(type));
    bool ok = false;
    switch (type.kind) {
    case ValueKind::Int: {
        const qlonglong value = raw.toLongLong(&ok);
        return ok ? QVariant(value) : QVariant(QString::fromUtf8(raw));
    }
    case ValueKind::UInt: {
        const qulonglong value = raw.toULongLong(&ok);
        return ok ? QVariant(value) : QVariant(QString::fromUtf8(raw));
    }
    case ValueKind::Float: {
        const double value = parseFloat(raw, &ok);
        return ok ? QVariant(value) : QVariant(QString::fromUtf8(raw));
    }
    case ValueKind::Decimal: {
        if (numericalPrecisionPolicy() == QSql::HighPrecision)
            return QString::fromLatin1(raw);
        const double value = parseFloat(raw, &ok);
        if (!ok)
            return QString::fromUtf8(raw);
        if (numericalPrecisionPolicy() == QSql::LowPrecisionInt32)
            return int(value);
        if (numericalPrecisionPolicy() == QSql::LowPrecisionInt64)
            return qlonglong(value);
        return value;
    }
    case ValueKind::Bool:
        return raw == "true" || raw == "1";
    case ValueKind::Date: {
        const QDate date = parseDate(raw);
        return date.isValid() ? QVariant(date) : QVariant(QString::fromUtf8(raw));
    }
    case ValueKind::DateTime: {
        const QDateTime time = parseDateTime(raw, type.timeZone, type.utc);
        return time.isValid() ? QVariant(time) : QVariant(QString::fromUtf8(raw));
    }
    case ValueKind::BigInt:
    case ValueKind::Raw:
        return QString::fromUtf8(raw);
    case ValueKind::Text:
        break;
    }
    return QString::fromUtf8(unescape(raw));
}

QVariant ClickHouseResult::data(int index)
{
    if (at() < 0 || index < 0 || index >= m_fields.size())
        return {};
    return decode(index);
}

bool ClickHouseResult::isNull(int index)
{
    if (at() < 0 || index < 0 || index >= m_fields.size())
        return true;
    return m_types.at(index).nullable && m_fields.at(index) == "\\N";
}

int ClickHouseResult::size()
{
    return -1; // rows are counted as they arrive
}

int ClickHouseResult::numRowsAffected()
{
    return isSelect() ? -1 : m_affected;
}

QSqlRecord ClickHouseResult::record() const
{
    return isSelect() ? m_record : QSqlRecord();
}

void ClickHouseResult::detachFromResultSet()
{
    m_lookahead.clear();
    m_deferredError.clear();
    m_hasPendingRow = false;
    m_pendingRow.clear();
    releaseStream();
}

} // namespace sqlmend::core
