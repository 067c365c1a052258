#include "core/llm/llmcall.h"

namespace sqlmend::core {

namespace {
ChatResult notFinished()
{
    return makeUnexpected(LlmError::make(LlmError::Kind::Cancelled, QString()));
}
} // namespace

LlmCall::LlmCall(QObject *parent) : QObject(parent), m_result(notFinished())
{
    qRegisterMetaType<ChatResult>();
}

LlmCall::~LlmCall() = default;

ChatResult LlmCall::result() const
{
    return m_result;
}

void LlmCall::cancel()
{
    if (m_finished)
        return;
    abortWork();
    if (m_finished) // abortWork may have finished the call itself
        return;
    LlmError error = LlmError::make(LlmError::Kind::Cancelled, tr("The request was cancelled."));
    error.transportRetries = m_transportRetries;
    finish(makeUnexpected(std::move(error)));
}

void LlmCall::emitDelta(const QString &delta)
{
    if (m_finished || delta.isEmpty())
        return;
    m_text += delta;
    Q_EMIT textDelta(delta);
}

void LlmCall::emitRetrying(int attempt, int delayMs, const QString &reason)
{
    if (m_finished)
        return;
    m_transportRetries = attempt;
    Q_EMIT retrying(attempt, delayMs, reason);
}

void LlmCall::finish(ChatResult result)
{
    if (m_finished)
        return;
    m_finished = true;
    m_result = std::move(result);
    Q_EMIT finished(m_result);
}

} // namespace sqlmend::core
