#pragma once

#include "core/llm/chatrequest.h"
#include "core/llm/llmerror.h"
#include "core/llm/providersettings.h"
#include "core/llm/sseparser.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QNetworkRequest>

#include <memory>

namespace sqlmend::core {

// What one streamed event meant.
struct StreamStep
{
    QString delta;                 // text to show now
    bool done = false;             // the model finished ([DONE], message_stop)
    std::optional<LlmError> error; // an error event inside a 200 stream
};

// Reads one provider's event stream; one decoder per attempt.
class StreamDecoder
{
public:
    virtual ~StreamDecoder();
    virtual StreamStep decode(const SseEvent &event) = 0;
    // What the stream said besides the text: usage, finish reason, model.
    virtual ChatReply reply() const = 0;
    // A finish reason seen without the final marker still counts as a complete answer.
    virtual bool sawFinishReason() const = 0;
};

// The wire format of one provider family: how to ask and how to read the answer. Pure
// functions of their inputs, so they are tested and fuzzed without a network.
class ChatProtocol
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ChatProtocol)

public:
    virtual ~ChatProtocol();
    virtual QUrl endpoint(const ProviderSettings &settings) const = 0;
    virtual QNetworkRequest networkRequest(const ProviderSettings &settings,
                                           const ChatRequest &request, bool stream) const = 0;
    virtual QByteArray body(const ProviderSettings &settings, const ChatRequest &request,
                            bool stream) const = 0;
    // A complete non-streamed 2xx body.
    virtual ChatResult parseBody(const QByteArray &body) const = 0;
    virtual std::unique_ptr<StreamDecoder> streamDecoder() const = 0;

    // {base}/{path}, whether or not base ends with '/' and whether or not path is already there.
    static QUrl joinUrl(const QUrl &base, const QString &path);

protected:
    // The JSON object of a non-streamed body, or why there is none (empty, not JSON, not an
    // object); every provider's parseBody() starts here.
    static Result<QJsonObject, LlmError> parseObject(const QByteArray &body);
};

} // namespace sqlmend::core
