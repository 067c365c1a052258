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
    const char16_t *data = text.utf16();
    const qsizetype size = text.size();
    out.append('"');
    qsizetype i = 0;
    while (i < size) {
        // Plain ASCII is copied a run at a time; the encoder is only for what is not ASCII.
        qsizetype end = i;
        while (end < size && data[end] >= 0x20 && data[end] < 0x80 && data[end] != u'"'
               && data[end] != u'\\')
            ++end;
        if (end > i) {
            const qsizetype at = out.size();
            out.resize(at + (end - i));
            char *to = out.data() + at;
            for (qsizetype k = i; k < end; ++k)
                *to++ = char(data[k]);
            i = end;
            continue;
        }
        if (data[i] >= 0x80) {
            // A surrogate pair is never split: both halves are >= 0x80. A lone surrogate has no
            // UTF-8 form; it is written as its escape, so the string reads back as it was.
            while (end < size && data[end] >= 0x80) {
                if (QChar::isHighSurrogate(data[end]) && end + 1 < size
                    && QChar::isLowSurrogate(data[end + 1])) {
                    end += 2;
                    continue;
                }
                if (QChar::isSurrogate(data[end]))
                    break;
                ++end;
            }
            if (end > i) {
                appendUtf8(out, text.sliced(i, end - i));
                i = end;
                continue;
            }
            const char16_t lone = data[i++];
            out.append("\\u");
            for (int shift = 12; shift >= 0; shift -= 4)
                out.append(hex[(lone >> shift) & 0xf]);
            continue;
        }
        const char16_t u = data[i++];
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
    out.append('"');
}

} // namespace sqlmend::core
