#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QStringEncoder>
#include <QStringList>
#include <QVariant>

#include <memory>
#include <optional>

class QIODevice;

namespace sqlmend::core {

enum class ExportFormat {
    Csv,
    JsonLines,
    Markdown,
};

// "csv", "jsonl", "markdown": stable names for the command line and settings.
QString exportFormatName(ExportFormat format);
std::optional<ExportFormat> exportFormatFromName(QStringView name);

// Streams rows into a device: begin() once with the column names, writeRow() per row, finish()
// once. Output is buffered in large blocks; nothing holds more than one block of rows.
// Cells: NULL, numbers, text, bytes (base64), booleans, dates and times (ISO 8601).
class ExportWriter
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ExportWriter)

public:
    explicit ExportWriter(QIODevice *device);
    virtual ~ExportWriter();
    ExportWriter(const ExportWriter &) = delete;
    ExportWriter &operator=(const ExportWriter &) = delete;

    static std::unique_ptr<ExportWriter> create(ExportFormat format, QIODevice *device);

    Result<Done> begin(const QStringList &columns);
    // A row shorter than the header is padded with NULLs; extra cells are ignored.
    Result<Done> writeRow(const QVariantList &row);
    // Writes what is buffered; the device stays open.
    Result<Done> finish();

    qint64 rowsWritten() const { return m_rows; }
    const QStringList &columns() const { return m_columns; }

protected:
    virtual void encodeHeader(QByteArray &out) = 0;
    virtual void encodeRow(QByteArray &out, const QVariantList &row) = 0;

    // Helpers for the formats.
    void appendUtf8(QByteArray &out, QStringView text);
    // Integers, reals and booleans as plain digits; false when the value is not a number.
    static bool appendNumber(QByteArray &out, const QVariant &value);
    // Everything but numbers, as text: dates ISO 8601, bytes base64.
    static QString cellText(const QVariant &value);
    static bool isNull(const QVariant &value);

private:
    Result<Done> flush();

    QIODevice *m_device = nullptr;
    QByteArray m_buffer;
    QStringList m_columns;
    QStringEncoder m_encoder{QStringEncoder::Utf8};
    qint64 m_rows = 0;
    bool m_begun = false;
};

} // namespace sqlmend::core
