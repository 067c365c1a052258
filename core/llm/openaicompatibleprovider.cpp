#include "core/llm/openaicompatibleprovider.h"

#include "core/llm/httpllmcall.h"
#include "core/llm/openaiprotocol.h"

namespace sqlmend::core {

OpenAiCompatibleProvider::OpenAiCompatibleProvider(ProviderSettings settings)
    : m_settings(std::move(settings))
{
    m_settings.kind = ProviderKind::OpenAiCompatible;
}

QString OpenAiCompatibleProvider::displayName() const
{
    return tr("%1 (OpenAI-compatible, %2)")
            .arg(m_settings.model, m_settings.effectiveBaseUrl().host());
}

LlmCall *OpenAiCompatibleProvider::start(const ChatRequest &request, QObject *parent) const
{
    return new HttpLlmCall(m_settings, request, std::make_shared<OpenAiProtocol>(), parent);
}

} // namespace sqlmend::core
