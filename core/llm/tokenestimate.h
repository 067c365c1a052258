#pragma once

#include "core/llm/chatrequest.h"

#include <QStringView>

namespace sqlmend::core {

// A rough token count for servers that report no usage: about four Latin characters per token,
// one token per CJK character, plus a few tokens of framing per message. Good to ~20% for
// English prompts and SQL; it is labelled as an estimate wherever it is shown.
class TokenEstimate
{
public:
    static int forText(QStringView text);
    static int forMessages(const QList<ChatMessage> &messages);
};

} // namespace sqlmend::core
