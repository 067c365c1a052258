#include "core/llm/sseparser.h"

#include <cstring>

namespace sqlmend::core {

namespace {
constexpr char Bom[] = "\xEF\xBB\xBF";
}

SseParser::SseParser(qsizetype maxLineBytes, qsizetype maxEventBytes)
    : m_maxLine(maxLineBytes), m_maxEvent(maxEventBytes)
{
}

void SseParser::fail(const QString &message)
{
    m_error = message;
    m_line.clear();
    m_line.squeeze();
    m_data.clear();
    m_data.squeeze();
}

QList<SseEvent> SseParser::feed(QByteArrayView bytes)
{
    QList<SseEvent> out;
    if (hasError())
        return out;
    const char *p = bytes.data();
    const char *end = p + bytes.size();

    // A UTF-8 BOM may open the stream; it can arrive one byte at a time.
    while (!m_bomChecked && p < end) {
        const qsizetype have = m_line.size();
        if (*p == Bom[have]) {
            m_line.append(*p++);
            if (m_line.size() == 3) {
                m_line.clear();
                m_bomChecked = true;
            }
        } else {
            m_bomChecked = true; // not a BOM: whatever was held is ordinary line content
        }
    }

    while (p < end) {
        if (m_lastWasCr) {
            m_lastWasCr = false;
            if (*p == '\n') {
                ++p;
                continue;
            }
        }
        const char *stop = p;
        while (stop < end && *stop != '\n' && *stop != '\r')
            ++stop;
        const qsizetype length = stop - p;
        if (m_line.size() + length > m_maxLine) {
            fail(tr("The event stream sent a line longer than %n bytes.", nullptr,
                    int(qMin<qsizetype>(m_maxLine, INT_MAX))));
            return out;
        }
        m_line.append(p, length);
        p = stop;
        if (p == end)
            break;
        m_lastWasCr = (*p == '\r');
        ++p;
        processLine(out);
        if (hasError())
            return out;
    }
    return out;
}

QList<SseEvent> SseParser::finish()
{
    QList<SseEvent> out;
    if (hasError())
        return out;
    if (!m_bomChecked)
        m_bomChecked = true;
    if (!m_line.isEmpty())
        processLine(out);
    if (!hasError())
        dispatch(out);
    m_lastWasCr = false;
    return out;
}

void SseParser::processLine(QList<SseEvent> &out)
{
    const QByteArray line = std::exchange(m_line, {});
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.startsWith(':'))
        return; // a comment or keep-alive
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView field =
            colon < 0 ? QByteArrayView(line) : QByteArrayView(line).first(colon);
    QByteArrayView value;
    if (colon >= 0) {
        value = QByteArrayView(line).sliced(colon + 1);
        if (value.startsWith(' '))
            value = value.sliced(1);
    }
    if (field == "data") {
        if (m_data.size() + value.size() + 1 > m_maxEvent) {
            fail(tr("The event stream sent an event larger than %n bytes.", nullptr,
                    int(qMin<qsizetype>(m_maxEvent, INT_MAX))));
            return;
        }
        if (m_hasData)
            m_data.append('\n');
        m_data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_event = value.toByteArray();
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_id = value.toByteArray();
    }
    // "retry" and unknown fields are ignored, as the specification says.
}

void SseParser::dispatch(QList<SseEvent> &out)
{
    if (m_hasData)
        out.append(SseEvent{m_event, m_data, m_id});
    m_data.clear();
    m_event.clear();
    m_hasData = false;
}

} // namespace sqlmend::core
