#include "core/export/csvwriter.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool needsQuotes(QStringView text)
{
    if (text.isEmpty())
        return true; // "" is an empty string; an empty field is NULL
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u == u',' || u == u'"' || u == u'\r' || u == u'\n')
            return true;
    }
    return false;
}

} // namespace

CsvWriter::CsvWriter(QIODevice *device) : DelimitedWriter(device, ',', "\r\n", "") { }

void CsvWriter::appendField(QByteArray &out, QStringView text)
{
    // Most fields: plain ASCII that needs no quotes, copied in one pass.
    static constexpr AsciiStops special(",\"\r\n");
    if (!text.isEmpty() && appendPlainAscii(out, text, special))
        return;
    if (!needsQuotes(text)) {
        appendUtf8(out, text);
        return;
    }
    out.append('"');
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'"') {
            appendUtf8(out, text.sliced(start, i + 1 - start));
            out.append('"');
            start = i + 1;
        }
    }
    appendUtf8(out, text.sliced(start));
    out.append('"');
}

} // namespace sqlmend::core
