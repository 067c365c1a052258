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

CsvWriter::CsvWriter(QIODevice *device) : ExportWriter(device) { }

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

void CsvWriter::encodeHeader(QByteArray &out)
{
    for (qsizetype i = 0; i < columns().size(); ++i) {
        if (i > 0)
            out.append(',');
        appendField(out, columns().at(i));
    }
    out.append("\r\n");
}

void CsvWriter::encodeRow(QByteArray &out, const QVariantList &row)
{
    const qsizetype count = columns().size();
    for (qsizetype i = 0; i < count; ++i) {
        if (i > 0)
            out.append(',');
        const QVariant &value = row.at(i);
        if (isNull(value))
            continue;
        if (value.typeId() == QMetaType::QString) {
            appendField(out, *static_cast<const QString *>(value.constData()));
            continue;
        }
        if (appendNumber(out, value))
            continue;
        appendField(out, cellText(value));
    }
    out.append("\r\n");
}

} // namespace sqlmend::core
