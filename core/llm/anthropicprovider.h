#pragma once

#include "core/llm/llmprovider.h"

#include <QCoreApplication>

namespace sqlmend::core {

// Anthropic's Messages API.
class AnthropicProvider : public LlmProvider
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::AnthropicProvider)

public:
    explicit AnthropicProvider(ProviderSettings settings);

    ProviderKind kind() const override { return ProviderKind::Anthropic; }
    QString displayName() const override;
    const ProviderSettings &settings() const override { return m_settings; }
    LlmCall *start(const ChatRequest &request, QObject *parent = nullptr) const override;

private:
    ProviderSettings m_settings;
};

} // namespace sqlmend::core
