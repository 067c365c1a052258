#pragma once

#include "core/export/exportwriter.h"

namespace sqlmend::core {

// RFC 4180: a header row, CRLF line ends, fields quoted when they hold a comma, a quote, CR or LF,
// quotes doubled. NULL is an empty field; an empty string is "" so that the two stay apart.
class CsvWriter : public ExportWriter
{
public:
    explicit CsvWriter(QIODevice *device);

protected:
    void encodeHeader(QByteArray &out) override;
    void encodeRow(QByteArray &out, const QVariantList &row) override;

private:
    void appendField(QByteArray &out, QStringView text);
};

} // namespace sqlmend::core
