#pragma once

#include "core/llm/chatprotocol.h"

#include <QCoreApplication>

namespace sqlmend::core {

// POST {base}/v1/messages, the Anthropic Messages API (anthropic-version 2023-06-01). System
// messages travel in the top-level "system" field, not in "messages".
class AnthropicProtocol : public ChatProtocol
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::AnthropicProtocol)

public:
    static constexpr int DefaultMaxTokens = 2048;

    QUrl endpoint(const ProviderSettings &settings) const override;
    QNetworkRequest networkRequest(const ProviderSettings &settings, const ChatRequest &request,
                                   bool stream) const override;
    QByteArray body(const ProviderSettings &settings, const ChatRequest &request,
                    bool stream) const override;
    ChatResult parseBody(const QByteArray &body) const override;
    std::unique_ptr<StreamDecoder> streamDecoder() const override;
};

} // namespace sqlmend::core
