#pragma once

#include "core/export/delimitedwriter.h"

namespace sqlmend::core {

// Tab-separated values as `mysql --batch` prints them, for people at a terminal and for cut, awk
// and sort: a header line of names, one line per row, NULL as the word NULL, and a backslash,
// tab, newline, carriage return or NUL inside a value written as \\, \t, \n, \r or \0 so that
// every row is one line of as many fields as the header.
class TsvWriter final : public DelimitedWriter
{
public:
    explicit TsvWriter(QIODevice *device);

protected:
    void appendField(QByteArray &out, QStringView text) override;
};

} // namespace sqlmend::core
