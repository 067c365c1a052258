#include "core/export/tsvwriter.h"

namespace sqlmend::core {

namespace {

// The escape for a character that would break a line or a field, or 0.
char escapeFor(char16_t c)
{
    switch (c) {
    case u'\\':
        return '\\';
    case u'\t':
        return 't';
    case u'\n':
        return 'n';
    case u'\r':
        return 'r';
    case u'\0':
        return '0';
    default:
        return 0;
    }
}

} // namespace

TsvWriter::TsvWriter(QIODevice *device) : DelimitedWriter(device, '\t', "\n", "NULL") { }

void TsvWriter::appendField(QByteArray &out, QStringView text)
{
    // Most fields: plain ASCII with nothing to escape, copied in one pass.
    static constexpr AsciiStops special("\\\t\n\r");
    if (appendPlainAscii(out, text, special))
        return;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char escape = escapeFor(text.at(i).unicode());
        if (escape == 0)
            continue;
        appendUtf8(out, text.sliced(start, i - start));
        out.append('\\');
        out.append(escape);
        start = i + 1;
    }
    appendUtf8(out, text.sliced(start));
}

} // namespace sqlmend::core
