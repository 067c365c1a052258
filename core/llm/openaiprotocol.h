#pragma once

#include "core/llm/chatprotocol.h"

#include <QCoreApplication>

namespace sqlmend::core {

// POST {base}/chat/completions as OpenAI, DeepSeek, Qwen (DashScope compatible mode), Ollama,
// llama.cpp server and vLLM speak it.
class OpenAiProtocol : public ChatProtocol
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::OpenAiProtocol)

public:
    QUrl endpoint(const ProviderSettings &settings) const override;
    QNetworkRequest networkRequest(const ProviderSettings &settings, const ChatRequest &request,
                                   bool stream) const override;
    QByteArray body(const ProviderSettings &settings, const ChatRequest &request,
                    bool stream) const override;
    ChatResult parseBody(const QByteArray &body) const override;
    std::unique_ptr<StreamDecoder> streamDecoder() const override;
};

} // namespace sqlmend::core
