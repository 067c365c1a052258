#include "core/export/markdownwriter.h"

namespace sqlmend::core {

MarkdownWriter::MarkdownWriter(QIODevice *device) : ExportWriter(device) { }

void MarkdownWriter::appendCell(QByteArray &out, QStringView text)
{
    out.append(' ');
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t u = text.at(i).unicode();
        if (u != u'|' && u != u'\\' && u != u'\n' && u != u'\r')
            continue;
        appendUtf8(out, text.sliced(start, i - start));
        start = i + 1;
        if (u == u'|') {
            out.append("\\|");
        } else if (u == u'\\') {
            out.append("\\\\");
        } else {
            if (u == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n')
                start = ++i + 1; // CRLF is one break
            out.append("<br>");
        }
    }
    appendUtf8(out, text.sliced(start));
    out.append(" |");
}

void MarkdownWriter::encodeHeader(QByteArray &out)
{
    out.append('|');
    for (const QString &column : columns())
        appendCell(out, column);
    out.append("\n|");
    for (qsizetype i = 0; i < columns().size(); ++i)
        out.append(" --- |");
    out.append('\n');
}

void MarkdownWriter::encodeRow(QByteArray &out, const QVariantList &row)
{
    out.append('|');
    for (qsizetype i = 0; i < columns().size(); ++i) {
        const QVariant &value = row.at(i);
        if (isNull(value)) {
            out.append("  |");
            continue;
        }
        if (value.typeId() == QMetaType::QString) {
            appendCell(out, *static_cast<const QString *>(value.constData()));
            continue;
        }
        QByteArray number;
        if (appendNumber(number, value)) {
            out.append(' ').append(number).append(" |");
            continue;
        }
        appendCell(out, cellText(value));
    }
    out.append('\n');
}

} // namespace sqlmend::core
