#pragma once

#include "core/llm/llmprovider.h"
#include "core/loop/correctionloop.h"
#include "tests/support/scriptedllmserver.h"

#include <QEventLoop>

// A correction loop against a scripted OpenAI-compatible server, for the tests that link the core
// (header-only: the support library itself does not).
namespace sqlmend::test {

// A provider that asks server's /v1/chat/completions, without streaming.
inline std::shared_ptr<const core::LlmProvider> scriptedProvider(const ScriptedLlmServer &server)
{
    core::ProviderSettings settings;
    settings.kind = core::ProviderKind::OpenAiCompatible;
    settings.baseUrl = server.url(QStringLiteral("/v1"));
    settings.model = QStringLiteral("scripted");
    settings.stream = false;
    const auto provider = core::LlmProvider::create(settings);
    return provider ? provider.value() : nullptr;
}

// Asks question and runs events until the loop has finished (it continues from signals).
inline core::QuestionOutcome askAndWait(core::CorrectionLoop &loop, const QString &question)
{
    core::QuestionOutcome outcome;
    QEventLoop events;
    QObject::connect(&loop, &core::CorrectionLoop::finished, &events,
                     [&](const core::QuestionOutcome &result) {
                         outcome = result;
                         events.quit();
                     });
    if (loop.ask(question))
        events.exec();
    return outcome;
}

} // namespace sqlmend::test
