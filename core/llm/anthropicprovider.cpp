#include "core/llm/anthropicprovider.h"

#include "core/llm/anthropicprotocol.h"
#include "core/llm/httpllmcall.h"

namespace sqlmend::core {

AnthropicProvider::AnthropicProvider(ProviderSettings settings) : m_settings(std::move(settings))
{
    m_settings.kind = ProviderKind::Anthropic;
}

QString AnthropicProvider::displayName() const
{
    return tr("%1 (Anthropic)").arg(m_settings.model);
}

LlmCall *AnthropicProvider::start(const ChatRequest &request, QObject *parent) const
{
    return new HttpLlmCall(m_settings, request, std::make_shared<AnthropicProtocol>(), parent);
}

} // namespace sqlmend::core
