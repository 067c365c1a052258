#include "core/llm/tokenestimate.h"

namespace sqlmend::core {

int TokenEstimate::forText(QStringView text)
{
    qint64 latin = 0;
    qint64 wide = 0;
    for (QChar c : text) {
        if (c.isLowSurrogate())
            continue; // count a surrogate pair once
        if (c.unicode() < 0x2E80 || c.isSpace())
            ++latin;
        else
            ++wide; // CJK and other wide scripts: roughly a token each
    }
    const qint64 tokens = (latin + 3) / 4 + wide;
    return int(qMin<qint64>(tokens, INT_MAX));
}

int TokenEstimate::forMessages(const QList<ChatMessage> &messages)
{
    qint64 total = 3; // the reply's priming
    for (const ChatMessage &message : messages)
        total += 4 + forText(message.content);
    return int(qMin<qint64>(total, INT_MAX));
}

} // namespace sqlmend::core
