#pragma once

#include "core/llm/llmprovider.h"

#include <QCoreApplication>

namespace sqlmend::core {

// OpenAI's chat completions and everything that speaks it: DeepSeek, Qwen (DashScope compatible
// mode), Ollama, llama.cpp server, vLLM.
class OpenAiCompatibleProvider : public LlmProvider
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::OpenAiCompatibleProvider)

public:
    explicit OpenAiCompatibleProvider(ProviderSettings settings);

    ProviderKind kind() const override { return ProviderKind::OpenAiCompatible; }
    QString displayName() const override;
    const ProviderSettings &settings() const override { return m_settings; }
    LlmCall *start(const ChatRequest &request, QObject *parent = nullptr) const override;

private:
    ProviderSettings m_settings;
};

} // namespace sqlmend::core
