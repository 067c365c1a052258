#include "core/llm/llmprovider.h"

#include "core/llm/anthropicprovider.h"
#include "core/llm/demoprovider.h"
#include "core/llm/openaicompatibleprovider.h"

namespace sqlmend::core {

LlmProvider::~LlmProvider() = default;

Result<std::shared_ptr<LlmProvider>> LlmProvider::create(const ProviderSettings &settings)
{
    if (const Result<Done> valid = settings.validate(); !valid)
        return makeUnexpected(valid.error());
    switch (settings.kind) {
    case ProviderKind::OpenAiCompatible:
        return std::shared_ptr<LlmProvider>(std::make_shared<OpenAiCompatibleProvider>(settings));
    case ProviderKind::Anthropic:
        return std::shared_ptr<LlmProvider>(std::make_shared<AnthropicProvider>(settings));
    case ProviderKind::Demo: {
        Result<std::shared_ptr<DemoProvider>> demo = DemoProvider::load(settings);
        if (!demo)
            return makeUnexpected(demo.error());
        return std::shared_ptr<LlmProvider>(std::move(demo).value());
    }
    }
    return makeFailure(QString());
}

} // namespace sqlmend::core
