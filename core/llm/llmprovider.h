#pragma once

#include "core/llm/chatrequest.h"
#include "core/llm/providersettings.h"
#include "core/result.h"

#include <QString>

#include <memory>

class QObject;

namespace sqlmend::core {

class LlmCall;

// A model behind some API. start() may be called from any thread; the call it returns lives on
// the calling thread, which needs an event loop.
class LlmProvider
{
public:
    virtual ~LlmProvider();

    virtual ProviderKind kind() const = 0;
    virtual QString displayName() const = 0;
    // True for the recorded demo: its answers were not generated for this request.
    virtual bool isRecorded() const { return false; }
    virtual const ProviderSettings &settings() const = 0;
    // The call starts on the next turn of the event loop; connect to it first. The call is owned
    // by `parent` (or by the caller when parent is null).
    virtual LlmCall *start(const ChatRequest &request, QObject *parent = nullptr) const = 0;

    // The provider for the settings, or a clear error when they are not usable.
    static Result<std::shared_ptr<LlmProvider>> create(const ProviderSettings &settings);
};

} // namespace sqlmend::core
