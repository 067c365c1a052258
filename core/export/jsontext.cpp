#include "core/export/jsontext.h"

namespace sqlmend::core {

void JsonText::appendUtf8(QByteArray &out, QStringView text)
{
    const qsizetype start = out.size();
    out.resize(start + m_encoder.requiredSpace(text.size()));
    char *end = m_encoder.appendToBuffer(out.data() + start, text);
    out.resize(end - out.constData());
}

void JsonText::appendString(QByteArray &out, QStringView text)
{
    static constexpr char hex[] = "0123456789abcdef";
    out.append('"');
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t u = text.at(i).unicode();
        if (u >= 0x20 && u != u'"' && u != u'\\')
            continue;
        appendUtf8(out, text.sliced(start, i - start));
        start = i + 1;
        switch (u) {
        case u'"':
            out.append("\\\"");
            break;
        case u'\\':
            out.append("\\\\");
            break;
        case u'\n':
            out.append("\\n");
            break;
        case u'\r':
            out.append("\\r");
            break;
        case u'\t':
            out.append("\\t");
            break;
        default:
            out.append("\\u00");
            out.append(hex[(u >> 4) & 0xf]);
            out.append(hex[u & 0xf]);
        }
    }
    appendUtf8(out, text.sliced(start));
    out.append('"');
}

} // namespace sqlmend::core
