#include "core/llm/modelprobe.h"

#include "core/llm/llmcall.h"
#include "core/llm/llmprovider.h"

#include <QLocale>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QString ModelProbeResult::summary() const
{
    if (!ok)
        return tr("The model did not answer: %1").arg(error);
    QStringList parts;
    parts.append(tr("%1 answered in %2 ms (first piece after %3 ms).")
                         .arg(model.isEmpty() ? tr("The model") : model)
                         .arg(QLocale().toString(totalMs))
                         .arg(QLocale().toString(std::max<qint64>(firstPieceMs, 0))));
    parts.append(streamed ? tr("Streaming works (%n piece(s)).", nullptr, pieces)
                          : tr("The answer came in one piece: streaming is off or not "
                               "supported."));
    parts.append(usageReported ? tr("Token usage is reported (%1 in, %2 out).")
                                         .arg(promptTokens)
                                         .arg(completionTokens)
                               : tr("Token usage is not reported; SQLMend estimates it."));
    return parts.join(u' ');
}

ModelProbe::ModelProbe(QObject *parent) : QObject(parent) { }

ModelProbe::~ModelProbe()
{
    if (m_call) {
        disconnect(m_call, nullptr, this, nullptr);
        m_call->cancel();
    }
}

bool ModelProbe::start(const ProviderSettings &settings)
{
    cancel();
    m_result = {};
    const auto fail = [this](const QString &message) {
        m_result.error = message;
        // After the caller has connected, as for a call that fails on the wire.
        QTimer::singleShot(0, this, [this, result = m_result] { Q_EMIT finished(result); });
        return false;
    };
    if (const Result<Done> valid = settings.validate(); !valid)
        return fail(valid.error().message);
    const Result<std::shared_ptr<LlmProvider>> provider = LlmProvider::create(settings);
    if (!provider)
        return fail(provider.error().message);
    ChatRequest request;
    request.messages.append({ChatRole::User,
                             u"Reply with the numbers one to five as words, separated by "
                             "spaces, and nothing else."_s});
    request.maxTokens = maxTokens;
    request.temperature = 0.0;
    request.stream = settings.stream;
    m_clock.start();
    // The call keeps what it needs of the provider; the provider may go when this returns.
    m_call = (*provider)->start(request, this);
    connect(m_call, &LlmCall::textDelta, this, [this] {
        if (m_result.firstPieceMs < 0)
            m_result.firstPieceMs = m_clock.elapsed();
        ++m_result.pieces;
    });
    connect(m_call, &LlmCall::finished, this, [this](const ChatResult &answer) {
        m_result.totalMs = m_clock.elapsed();
        if (answer) {
            m_result.ok = true;
            m_result.model = answer->model;
            m_result.reply = answer->text;
            m_result.usageReported = answer->usage.known;
            m_result.promptTokens = answer->usage.prompt;
            m_result.completionTokens = answer->usage.completion;
        } else {
            m_result.error = answer.error().message;
        }
        m_result.streamed = m_result.pieces > 1;
        if (m_call)
            m_call->deleteLater();
        m_call = nullptr;
        Q_EMIT finished(m_result);
    });
    return true;
}

bool ModelProbe::isRunning() const
{
    return !m_call.isNull();
}

void ModelProbe::cancel()
{
    if (m_call)
        m_call->cancel(); // finished() follows at once
}

} // namespace sqlmend::core
