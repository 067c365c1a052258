#pragma once

#include "core/llm/chatrequest.h"
#include "core/llm/llmcall.h"

#include <QTimer>

namespace sqlmend::core {

// Streams a recorded answer in small pieces with a small pause, like a live model would.
class DemoCall : public LlmCall
{
    Q_OBJECT

public:
    static constexpr qsizetype PieceChars = 12;

    DemoCall(ChatReply reply, const QList<ChatMessage> &prompt, int pieceDelayMs,
             QObject *parent = nullptr);
    DemoCall(LlmError error, QObject *parent = nullptr);

protected:
    void abortWork() override;

private:
    void step();

    ChatReply m_reply;
    std::optional<LlmError> m_error;
    qsizetype m_position = 0;
    QTimer m_timer;
};

} // namespace sqlmend::core
