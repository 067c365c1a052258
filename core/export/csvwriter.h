#pragma once

#include "core/export/delimitedwriter.h"

namespace sqlmend::core {

// RFC 4180: a header row, CRLF line ends, fields quoted when they hold a comma, a quote, CR or LF,
// quotes doubled. NULL is an empty field; an empty string is "" so that the two stay apart.
class CsvWriter : public DelimitedWriter
{
public:
    explicit CsvWriter(QIODevice *device);

protected:
    void appendField(QByteArray &out, QStringView text) override;
};

} // namespace sqlmend::core
