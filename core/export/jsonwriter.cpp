#include "core/export/jsonwriter.h"

namespace sqlmend::core {

JsonWriter::JsonWriter(QIODevice *device) : JsonLinesWriter(device) { }

void JsonWriter::encodeHeader(QByteArray &out)
{
    JsonLinesWriter::encodeHeader(out);
    out.append('[');
}

void JsonWriter::encodeRow(QByteArray &out, const QVariantList &row)
{
    // rowsWritten() counts the rows before this one.
    out.append(rowsWritten() == 0 ? "\n" : ",\n");
    encodeObject(out, row);
}

void JsonWriter::encodeFooter(QByteArray &out)
{
    out.append(rowsWritten() == 0 ? "]\n" : "\n]\n");
}

} // namespace sqlmend::core
