#include "core/export/exportwriter.h"

#include "core/export/csvwriter.h"
#include "core/export/jsonlineswriter.h"
#include "core/export/jsonwriter.h"
#include "core/export/markdownwriter.h"
#include "core/export/tsvwriter.h"
#include "core/export/xlsxwriter.h"

#include <QDate>
#include <QDateTime>
#include <QIODevice>
#include <QLocale>
#include <QTime>

#include <algorithm>
#include <charconv>
#include <cmath>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Rows are encoded into one block and written when it passes this size: large writes, bounded
// memory.
constexpr qsizetype FlushThreshold = 1 << 20;

template<typename Number>
void appendChars(QByteArray &out, Number number)
{
    char digits[64];
    const std::to_chars_result end = std::to_chars(digits, digits + sizeof digits, number);
    out.append(digits, end.ptr - digits);
}

} // namespace

QString exportFormatName(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Csv:
        return u"csv"_s;
    case ExportFormat::Tsv:
        return u"tsv"_s;
    case ExportFormat::JsonLines:
        return u"jsonl"_s;
    case ExportFormat::Markdown:
        return u"markdown"_s;
    case ExportFormat::Json:
        return u"json"_s;
    case ExportFormat::Xlsx:
        return u"xlsx"_s;
    }
    return u"csv"_s;
}

std::optional<ExportFormat> exportFormatFromName(QStringView name)
{
    const QString lower = name.trimmed().toString().toLower();
    if (lower == u"csv")
        return ExportFormat::Csv;
    if (lower == u"tsv" || lower == u"tab")
        return ExportFormat::Tsv;
    if (lower == u"jsonl" || lower == u"jsonlines" || lower == u"ndjson")
        return ExportFormat::JsonLines;
    if (lower == u"markdown" || lower == u"md")
        return ExportFormat::Markdown;
    if (lower == u"json")
        return ExportFormat::Json;
    if (lower == u"xlsx" || lower == u"excel")
        return ExportFormat::Xlsx;
    return std::nullopt;
}

QString exportFormatExtension(ExportFormat format)
{
    return format == ExportFormat::Markdown ? u"md"_s : exportFormatName(format);
}

std::optional<ExportFormat> exportFormatFromPath(QStringView path)
{
    const qsizetype dot = path.lastIndexOf(u'.');
    if (dot < 0 || path.indexOf(u'/', dot) >= 0 || path.indexOf(u'\\', dot) >= 0)
        return std::nullopt;
    const QStringView extension = path.sliced(dot + 1);
    if (extension.compare(u"excel", Qt::CaseInsensitive) == 0)
        return std::nullopt; // a name, not an extension
    return exportFormatFromName(extension);
}

QList<ExportFormat> exportFormats()
{
    return {ExportFormat::Csv,  ExportFormat::Tsv,       ExportFormat::Xlsx,
            ExportFormat::Json, ExportFormat::JsonLines, ExportFormat::Markdown};
}

QString exportFormatTitle(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Csv:
        return ExportWriter::tr("CSV");
    case ExportFormat::Tsv:
        return ExportWriter::tr("Tab-separated values");
    case ExportFormat::JsonLines:
        return ExportWriter::tr("JSON Lines");
    case ExportFormat::Markdown:
        return ExportWriter::tr("Markdown table");
    case ExportFormat::Json:
        return ExportWriter::tr("JSON");
    case ExportFormat::Xlsx:
        return ExportWriter::tr("Excel workbook");
    }
    return {};
}

ExportWriter::ExportWriter(QIODevice *device) : m_device(device)
{
    m_buffer.reserve(FlushThreshold + FlushThreshold / 4);
}

ExportWriter::~ExportWriter() = default;

std::unique_ptr<ExportWriter> ExportWriter::create(ExportFormat format, QIODevice *device)
{
    switch (format) {
    case ExportFormat::Csv:
        return std::make_unique<CsvWriter>(device);
    case ExportFormat::Tsv:
        return std::make_unique<TsvWriter>(device);
    case ExportFormat::JsonLines:
        return std::make_unique<JsonLinesWriter>(device);
    case ExportFormat::Markdown:
        return std::make_unique<MarkdownWriter>(device);
    case ExportFormat::Json:
        return std::make_unique<JsonWriter>(device);
    case ExportFormat::Xlsx:
        return std::make_unique<XlsxWriter>(device);
    }
    return nullptr;
}

Result<Done> ExportWriter::begin(const QStringList &columns, const QList<QMetaType> &columnTypes)
{
    if (!m_device || !m_device->isWritable())
        return makeFailure(tr("The export target is not open for writing."), u"write"_s);
    if (m_begun)
        return makeFailure(tr("The export has already begun."), u"usage"_s);
    m_begun = true;
    m_columns = columns;
    m_columnTypes = columnTypes;
    m_columnTypes.resize(columns.size());
    encodeHeader(m_buffer);
    if (m_failure)
        return makeUnexpected(*m_failure);
    return flush();
}

Result<Done> ExportWriter::writeRow(const QVariantList &row)
{
    if (!m_begun)
        return makeFailure(tr("The export has not begun."), u"usage"_s);
    if (row.size() >= m_columns.size()) {
        encodeRow(m_buffer, row);
    } else {
        QVariantList padded = row;
        padded.resize(m_columns.size());
        encodeRow(m_buffer, padded);
    }
    if (m_failure)
        return makeUnexpected(*m_failure);
    ++m_rows;
    if (m_buffer.size() >= FlushThreshold)
        return flush();
    return Done{};
}

Result<Done> ExportWriter::finish()
{
    if (!m_begun)
        return makeFailure(tr("The export has not begun."), u"usage"_s);
    if (m_failure)
        return makeUnexpected(*m_failure);
    encodeFooter(m_buffer);
    if (Result<Done> flushed = flush(); !flushed)
        return flushed;
    if (Result<Done> completed = complete(); !completed)
        return completed;
    if (m_failure)
        return makeUnexpected(*m_failure);
    return Done{};
}

void ExportWriter::setFailure(Failure failure)
{
    if (!m_failure)
        m_failure = std::move(failure);
}

Result<Done> ExportWriter::writeDevice(const char *data, qint64 size)
{
    qint64 left = size;
    while (left > 0) {
        const qint64 written = m_device->write(data, left);
        if (written <= 0) {
            return makeFailure(tr("Writing the export failed: %1").arg(m_device->errorString()),
                               u"write"_s);
        }
        data += written;
        left -= written;
    }
    return Done{};
}

Result<Done> ExportWriter::flush()
{
    const Result<Done> written = writeDevice(m_buffer.constData(), m_buffer.size());
    if (!written) {
        m_buffer.clear();
        return written;
    }
    m_buffer.resize(0); // keeps the capacity
    return Done{};
}

void ExportWriter::appendUtf8(QByteArray &out, QStringView text)
{
    const qsizetype start = out.size();
    out.resize(start + m_encoder.requiredSpace(text.size()));
    char *end = m_encoder.appendToBuffer(out.data() + start, text);
    out.resize(end - out.constData());
}

bool ExportWriter::appendPlainAscii(QByteArray &out, QStringView text, const AsciiStops &special)
{
    const bool *stop = special.stop;
    const qsizetype start = out.size();
    out.resize(start + text.size());
    char *to = out.data() + start;
    const char16_t *from = text.utf16();
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = from[i];
        if (c >= 128 || stop[c]) {
            out.resize(start);
            return false;
        }
        to[i] = char(c);
    }
    return true;
}

bool ExportWriter::appendNumber(QByteArray &out, const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::LongLong: // the common cells read straight, without a conversion
        appendChars(out, *static_cast<const qlonglong *>(value.constData()));
        return true;
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::SChar:
    case QMetaType::Long:
        appendChars(out, value.toLongLong());
        return true;
    case QMetaType::ULongLong:
    case QMetaType::UInt:
    case QMetaType::UShort:
    case QMetaType::UChar:
    case QMetaType::ULong:
        appendChars(out, value.toULongLong());
        return true;
    case QMetaType::Double:
    case QMetaType::Float: {
        const double number = value.typeId() == QMetaType::Double
                ? *static_cast<const double *>(value.constData())
                : value.toDouble();
        if (!std::isfinite(number))
            return false; // JSON has no NaN or infinity; they go out as text
        const qsizetype start = out.size();
        appendChars(out, number);
        // An integral floating-point value keeps its point (651421.0, as sqlite3 and Python
        // print it): a reader tells it from an integer, and text compares equal to theirs.
        if (std::all_of(out.cbegin() + start, out.cend(),
                        [](char c) { return (c >= '0' && c <= '9') || c == '-'; }))
            out.append(".0");
        return true;
    }
    case QMetaType::Bool:
        out.append(value.toBool() ? "true" : "false");
        return true;
    default:
        return false;
    }
}

QString ExportWriter::cellText(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::QString:
        return value.toString();
    case QMetaType::QByteArray:
        return QString::fromLatin1(value.toByteArray().toBase64());
    case QMetaType::QDateTime:
        return value.toDateTime().toString(Qt::ISODateWithMs);
    case QMetaType::QDate:
        return value.toDate().toString(Qt::ISODate);
    case QMetaType::QTime:
        return value.toTime().toString(Qt::ISODateWithMs);
    case QMetaType::Double:
    case QMetaType::Float: {
        const double number = value.toDouble();
        if (std::isfinite(number))
            return QString::number(number, 'g', QLocale::FloatingPointShortest);
        if (std::isnan(number))
            return u"NaN"_s;
        return number > 0 ? u"Infinity"_s : u"-Infinity"_s;
    }
    default:
        return value.toString();
    }
}

bool ExportWriter::isNull(const QVariant &value)
{
    return !value.isValid() || value.isNull();
}

} // namespace sqlmend::core
