#include "core/export/flatjsonreader.h"

#include <initializer_list>

namespace sqlmend::core {

FlatJsonReader::FlatJsonReader(QList<QString> keys)
    : m_keys(std::move(keys)), m_fields(m_keys.size())
{
}

bool FlatJsonReader::read(QByteArrayView line)
{
    for (Field &field : m_fields)
        field = Field();
    m_at = line.data();
    m_end = line.data() + line.size();
    skipSpace();
    if (!take('{'))
        return false;
    skipSpace();
    if (!take('}')) {
        for (;;) {
            if (!readString(m_key))
                return false;
            skipSpace();
            if (!take(':'))
                return false;
            skipSpace();
            const qsizetype index = m_keys.indexOf(m_key);
            if (!readValue(index >= 0 ? &m_fields[index] : nullptr))
                return false;
            skipSpace();
            if (take(','))
                skipSpace();
            else if (take('}'))
                break;
            else
                return false;
        }
    }
    skipSpace();
    return m_at == m_end;
}

void FlatJsonReader::skipSpace()
{
    while (m_at < m_end && (*m_at == ' ' || *m_at == '\t' || *m_at == '\r' || *m_at == '\n'))
        ++m_at;
}

bool FlatJsonReader::take(char c)
{
    if (m_at < m_end && *m_at == c) {
        ++m_at;
        return true;
    }
    return false;
}

bool FlatJsonReader::readValue(Field *target)
{
    if (m_at < m_end && *m_at == '"') {
        QString &value = target ? target->text : m_part;
        if (!readString(value))
            return false;
        if (target)
            target->kind = Kind::String;
        return true;
    }
    const char *start = m_at;
    if (m_at < m_end && *m_at == '-')
        ++m_at;
    const char *digits = m_at;
    while (m_at < m_end && *m_at >= '0' && *m_at <= '9')
        ++m_at;
    if (m_at > digits) {
        // Plain integers only, without a leading zero, short enough to be exact in a double.
        const qsizetype length = m_at - digits;
        if ((*digits == '0' && length > 1) || length > 15
            || (m_at < m_end && (*m_at == '.' || *m_at == 'e' || *m_at == 'E')))
            return false;
        if (target) {
            target->kind = Kind::Integer;
            target->text = QString::number(QByteArrayView(start, m_at - start).toLongLong());
        }
        return true;
    }
    m_at = start;
    for (const QByteArrayView word :
         {QByteArrayView("true"), QByteArrayView("false"), QByteArrayView("null")}) {
        if (QByteArrayView(m_at, m_end - m_at).startsWith(word)) {
            m_at += word.size();
            if (target) {
                target->kind = Kind::Other;
                target->text.clear();
            }
            return true;
        }
    }
    return false;
}

bool FlatJsonReader::readString(QString &value)
{
    if (!take('"'))
        return false;
    value.resize(0);
    for (;;) {
        // A run of plain bytes, decoded at once; then the closing quote or an escape.
        const char *run = m_at;
        bool ascii = true;
        while (m_at < m_end && *m_at != '"' && *m_at != '\\') {
            const auto byte = static_cast<unsigned char>(*m_at);
            if (byte < 0x20)
                return false;
            ascii = ascii && byte < 0x80;
            ++m_at;
        }
        if (m_at == m_end)
            return false;
        if (m_at > run) {
            if (value.isEmpty() && *m_at == '"') {
                if (!decode(QByteArrayView(run, m_at - run), ascii, value))
                    return false;
            } else {
                if (!decode(QByteArrayView(run, m_at - run), ascii, m_part))
                    return false;
                value += m_part;
            }
        }
        if (*m_at++ == '"')
            return true;
        if (m_at == m_end)
            return false;
        switch (*m_at++) {
        case '"':
            value += u'"';
            break;
        case '\\':
            value += u'\\';
            break;
        case '/':
            value += u'/';
            break;
        case 'b':
            value += u'\b';
            break;
        case 'f':
            value += u'\f';
            break;
        case 'n':
            value += u'\n';
            break;
        case 'r':
            value += u'\r';
            break;
        case 't':
            value += u'\t';
            break;
        case 'u': {
            if (m_end - m_at < 4)
                return false;
            char16_t unit = 0;
            for (qsizetype k = 0; k < 4; ++k) {
                const char c = m_at[k];
                int digit;
                if (c >= '0' && c <= '9')
                    digit = c - '0';
                else if (c >= 'a' && c <= 'f')
                    digit = c - 'a' + 10;
                else if (c >= 'A' && c <= 'F')
                    digit = c - 'A' + 10;
                else
                    return false;
                unit = char16_t(unit * 16 + digit);
            }
            m_at += 4;
            value += QChar(unit);
            break;
        }
        default:
            return false;
        }
    }
}

bool FlatJsonReader::decode(QByteArrayView bytes, bool ascii, QString &value)
{
    if (ascii) {
        value = QString::fromLatin1(bytes);
        return true;
    }
    m_decoder.resetState();
    value = m_decoder.decode(bytes);
    return !m_decoder.hasError();
}

} // namespace sqlmend::core
