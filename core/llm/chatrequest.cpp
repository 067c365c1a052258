#include "core/llm/chatrequest.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QString ChatMessage::roleName(ChatRole role)
{
    switch (role) {
    case ChatRole::System:
        return u"system"_s;
    case ChatRole::User:
        return u"user"_s;
    case ChatRole::Assistant:
        return u"assistant"_s;
    }
    return u"user"_s;
}

QString ChatRequest::lastUserContent() const
{
    for (auto it = messages.crbegin(); it != messages.crend(); ++it) {
        if (it->role == ChatRole::User)
            return it->content;
    }
    return {};
}

int ChatRequest::assistantTurns() const
{
    int count = 0;
    for (const ChatMessage &message : messages) {
        if (message.role == ChatRole::Assistant)
            ++count;
    }
    return count;
}

} // namespace sqlmend::core
