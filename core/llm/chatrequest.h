#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

#include <optional>

namespace sqlmend::core {

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

enum class ChatRole { System, User, Assistant };

struct ChatMessage
{
    ChatRole role = ChatRole::User;
    QString content;

    static QString roleName(ChatRole role); // "system", "user", "assistant"
    friend bool operator==(const ChatMessage &, const ChatMessage &) = default;
};

// One request to a model. Empty or unset fields fall back to the provider's settings.
struct ChatRequest
{
    QString model;
    QList<ChatMessage> messages;
    std::optional<double> temperature;
    int maxTokens = 0; // 0: the provider's default (Anthropic needs one, so it uses 2048)
    std::optional<bool> stream;
    HttpHeaders extraHeaders;
    // The question the prompt asks, as the person wrote it; never sent. A recorded provider
    // answers by it (the prompt also quotes other questions, as examples).
    QString question;

    // The content of the last user message, or an empty string.
    QString lastUserContent() const;
    int assistantTurns() const;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ChatMessage)
Q_DECLARE_METATYPE(sqlmend::core::ChatRequest)
