#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QStringEncoder>
#include <QStringList>
#include <QVariant>

#include <memory>
#include <optional>

class QIODevice;

namespace sqlmend::core {

enum class ExportFormat {
    Csv,
    Tsv,
    JsonLines,
    Markdown,
    Json,
    Xlsx,
};

// "csv", "tsv", "jsonl", "markdown", "json", "xlsx": stable names for the command line and settings
// ("md", "ndjson", "jsonlines" and "excel" are read too).
QString exportFormatName(ExportFormat format);
std::optional<ExportFormat> exportFormatFromName(QStringView name);
// The file name extension without the dot: "csv", "tsv", "jsonl", "md", "json", "xlsx".
QString exportFormatExtension(ExportFormat format);
// The format a file name's extension names; std::nullopt for any other extension.
std::optional<ExportFormat> exportFormatFromPath(QStringView path);
// Every format, in the order dialogs offer them.
QList<ExportFormat> exportFormats();
// A name for people ("CSV", "Excel workbook"), translated.
QString exportFormatTitle(ExportFormat format);

// Streams rows into a device: begin() once with the column names, writeRow() per row, finish()
// once. Output is buffered in large blocks; nothing holds more than one block of rows.
// Cells: NULL, numbers, text, bytes (base64), booleans, dates and times (ISO 8601; the workbook
// writes real dates).
class ExportWriter
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ExportWriter)

public:
    explicit ExportWriter(QIODevice *device);
    virtual ~ExportWriter();
    ExportWriter(const ExportWriter &) = delete;
    ExportWriter &operator=(const ExportWriter &) = delete;

    static std::unique_ptr<ExportWriter> create(ExportFormat format, QIODevice *device);

    // columnTypes, where known, are the driver's types of the columns (a numeric column whose
    // driver hands out text, as PostgreSQL's numeric, stays a number in a workbook).
    Result<Done> begin(const QStringList &columns, const QList<QMetaType> &columnTypes = {});
    // A row shorter than the header is padded with NULLs; extra cells are ignored.
    Result<Done> writeRow(const QVariantList &row);
    // Writes what is buffered; the device stays open.
    Result<Done> finish();
    // Hands what is buffered to the device now (a stream whose reader waits for the first rows);
    // otherwise blocks go out as they fill.
    Result<Done> flush();

    qint64 rowsWritten() const { return m_rows; }
    const QStringList &columns() const { return m_columns; }
    const QList<QMetaType> &columnTypes() const { return m_columnTypes; }

protected:
    virtual void encodeHeader(QByteArray &out) = 0;
    virtual void encodeRow(QByteArray &out, const QVariantList &row) = 0;
    // What ends the document ("]" of a JSON array); nothing by default.
    virtual void encodeFooter(QByteArray &out) { Q_UNUSED(out); }
    // A format that builds its file elsewhere (the workbook) writes it here, after the footer;
    // writeDevice() hands bytes on to the device.
    virtual Result<Done> complete() { return Done{}; }
    Result<Done> writeDevice(const char *data, qint64 size);
    // A format that cannot take a row records why; writeRow() and finish() then fail with it.
    void setFailure(Failure failure);

    // Helpers for the formats.
    void appendUtf8(QByteArray &out, QStringView text);
    // Appends text as it is when it is all ASCII and holds none of the bytes in special (a
    // format's characters that need quoting or escaping), in one pass; otherwise appends nothing
    // and answers false, for the format's own careful path.
    struct AsciiStops
    {
        bool stop[128] = {};
        constexpr explicit AsciiStops(const char *special)
        {
            stop[0] = true; // NUL always takes the careful path
            for (const char *c = special; *c; ++c)
                stop[static_cast<unsigned char>(*c)] = true;
        }
    };
    static bool appendPlainAscii(QByteArray &out, QStringView text, const AsciiStops &special);
    // Integers, reals and booleans as plain digits; false when the value is not a number.
    static bool appendNumber(QByteArray &out, const QVariant &value);
    // Everything but numbers, as text: dates ISO 8601, bytes base64.
    static QString cellText(const QVariant &value);
    static bool isNull(const QVariant &value);

private:
    QIODevice *m_device = nullptr;
    QByteArray m_buffer;
    QStringList m_columns;
    QList<QMetaType> m_columnTypes;
    std::optional<Failure> m_failure;
    QStringEncoder m_encoder{QStringEncoder::Utf8};
    qint64 m_rows = 0;
    bool m_begun = false;
};

} // namespace sqlmend::core
