#include "core/llm/httpllmcall.h"

#include "core/llm/tokenestimate.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

HttpLlmCall::HttpLlmCall(const ProviderSettings &settings, const ChatRequest &request,
                         std::shared_ptr<const ChatProtocol> protocol, QObject *parent)
    : LlmCall(parent),
      m_settings(settings),
      m_request(request),
      m_protocol(std::move(protocol)),
      m_stream(request.stream.value_or(settings.stream)),
      m_network(new QNetworkAccessManager(this))
{
    m_policy.maxRetries = settings.maxTransportRetries;
    m_policy.baseDelayMs = settings.retryBaseDelayMs;
    m_policy.maxDelayMs = settings.retryMaxDelayMs;
    m_connectTimer.setSingleShot(true);
    m_connectTimer.setTimerType(Qt::PreciseTimer);
    m_retryTimer.setSingleShot(true);
    m_retryTimer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire before Retry-After
    connect(&m_connectTimer, &QTimer::timeout, this, &HttpLlmCall::onConnectTimeout);
    connect(&m_retryTimer, &QTimer::timeout, this, &HttpLlmCall::sendAttempt);
    QMetaObject::invokeMethod(this, &HttpLlmCall::sendAttempt, Qt::QueuedConnection);
}

HttpLlmCall::~HttpLlmCall()
{
    dropReply();
}

void HttpLlmCall::abortWork()
{
    m_retryTimer.stop();
    m_connectTimer.stop();
    dropReply();
}

void HttpLlmCall::dropReply()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    // Disconnect first: abort() emits finished() synchronously.
    disconnect(reply, nullptr, this, nullptr);
    reply->abort();
    reply->deleteLater();
}

void HttpLlmCall::sendAttempt()
{
    if (isFinished())
        return;
    if (const Result<Done> valid = m_settings.validate(); !valid) {
        fail(LlmError::make(LlmError::Kind::InvalidSettings, valid.error().message));
        return;
    }
    m_mode = Mode::Undecided;
    m_parser = SseParser();
    m_decoder = m_protocol->streamDecoder();
    m_body.clear();
    m_sawDone = false;

    QNetworkRequest request = m_protocol->networkRequest(m_settings, m_request, m_stream);
    request.setTransferTimeout(m_settings.requestTimeoutMs);
    m_reply = m_network->post(request, m_protocol->body(m_settings, m_request, m_stream));
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpLlmCall::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &HttpLlmCall::onFinished);
    // The connect phase ends when the request is on the wire.
    connect(m_reply, &QNetworkReply::requestSent, &m_connectTimer, &QTimer::stop);
    connect(m_reply, &QNetworkReply::metaDataChanged, &m_connectTimer, &QTimer::stop);
    m_connectTimer.start(m_settings.connectTimeoutMs);
}

void HttpLlmCall::onConnectTimeout()
{
    if (!m_reply || isFinished())
        return;
    dropReply();
    LlmError error = LlmError::make(
            LlmError::Kind::Timeout,
            tr("Could not connect to %1 within %n ms.", nullptr, m_settings.connectTimeoutMs)
                    .arg(m_protocol->endpoint(m_settings).toString(QUrl::RemoveUserInfo)),
            true);
    fail(std::move(error));
}

void HttpLlmCall::decideMode()
{
    if (m_mode != Mode::Undecided || !m_reply)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray type =
            m_reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
    // A server may ignore "stream": a JSON body is then read whole.
    const bool sse = m_stream && status >= 200 && status < 300 && !type.contains("json")
            && !type.contains("html");
    m_mode = sse ? Mode::Stream : Mode::Buffer;
}

void HttpLlmCall::onReadyRead()
{
    if (!m_reply || isFinished())
        return;
    m_connectTimer.stop();
    decideMode();
    if (!m_reply->isOpen())
        return; // aborted by the transfer timeout: nothing left to read
    const QByteArray data = m_reply->readAll();
    if (m_mode == Mode::Buffer) {
        if (m_body.size() + data.size() > MaxBodyBytes) {
            dropReply();
            fail(LlmError::make(LlmError::Kind::TooLarge,
                                tr("The model server's reply is larger than %n bytes; it was "
                                   "stopped.",
                                   nullptr, int(MaxBodyBytes))));
            return;
        }
        m_body.append(data);
        return;
    }
    const QList<SseEvent> events = m_parser.feed(data);
    if (m_parser.hasError()) {
        dropReply();
        fail(LlmError::make(LlmError::Kind::TooLarge, m_parser.errorString()));
        return;
    }
    handleEvents(events);
}

void HttpLlmCall::handleEvents(const QList<SseEvent> &events)
{
    for (const SseEvent &event : events) {
        if (isFinished() || !m_reply)
            return;
        StreamStep step = m_decoder->decode(event);
        if (step.error) {
            dropReply();
            fail(std::move(*step.error));
            return;
        }
        if (!step.delta.isEmpty()) {
            if (partialText().size() + step.delta.size() > MaxTextChars) {
                dropReply();
                fail(LlmError::make(LlmError::Kind::TooLarge,
                                    tr("The model's answer grew beyond %n characters; it was "
                                       "stopped.",
                                       nullptr, int(MaxTextChars))));
                return;
            }
            emitDelta(step.delta); // a receiver may cancel() here
        }
        if (step.done)
            m_sawDone = true;
    }
}

LlmError HttpLlmCall::networkError() const
{
    const QNetworkReply::NetworkError code = m_reply->error();
    const QString where = m_protocol->endpoint(m_settings).toString(QUrl::RemoveUserInfo);
    const QString detail = m_reply->errorString();
    switch (code) {
    case QNetworkReply::OperationCanceledError:
    case QNetworkReply::TimeoutError:
        // Only the transfer timeout aborts a reply that we did not drop ourselves.
        return LlmError::make(LlmError::Kind::Timeout,
                              tr("The model server at %1 sent nothing for %n ms.", nullptr,
                                 m_settings.requestTimeoutMs)
                                      .arg(where),
                              true);
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyTimeoutError:
        return LlmError::make(LlmError::Kind::Network,
                              tr("Cannot reach the model server at %1: %2").arg(where, detail),
                              true);
    default:
        return LlmError::make(LlmError::Kind::Network,
                              tr("Cannot reach the model server at %1: %2").arg(where, detail));
    }
}

void HttpLlmCall::onFinished()
{
    if (!m_reply || isFinished())
        return;
    m_connectTimer.stop();
    onReadyRead(); // drain what is left
    if (!m_reply || isFinished())
        return;

    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError code = m_reply->error();

    if (status == 0 || (code != QNetworkReply::NoError && status < 300)) {
        LlmError error = networkError();
        if (hasOutput()) {
            error.message = tr("The connection to the model server broke in the middle of the "
                               "answer: %1")
                                    .arg(m_reply->errorString());
        }
        dropReply();
        fail(std::move(error));
        return;
    }
    if (status >= 300) {
        const auto retryAfter = TransportRetryPolicy::retryAfterFromHeaders(
                m_reply->rawHeader("retry-after-ms"), m_reply->rawHeader("retry-after"),
                QDateTime::currentDateTimeUtc());
        const QByteArray body = m_body;
        dropReply();
        fail(LlmError::fromHttp(status, body, retryAfter));
        return;
    }

    if (m_mode == Mode::Stream) {
        handleEvents(m_parser.finish());
        if (!m_reply || isFinished())
            return;
        dropReply();
        if (!m_sawDone && !m_decoder->sawFinishReason()) {
            fail(LlmError::make(LlmError::Kind::MalformedReply,
                                tr("The model server's stream ended before the answer was "
                                   "complete (no end-of-stream marker).")));
            return;
        }
        ChatReply reply = m_decoder->reply();
        reply.text = partialText();
        succeed(std::move(reply));
        return;
    }

    const QByteArray body = std::exchange(m_body, {});
    dropReply();
    ChatResult parsed = m_protocol->parseBody(body);
    if (!parsed) {
        fail(parsed.error());
        return;
    }
    ChatReply reply = std::move(parsed).value();
    if (reply.text.size() > MaxTextChars) {
        fail(LlmError::make(LlmError::Kind::TooLarge,
                            tr("The model's answer grew beyond %n characters; it was stopped.",
                               nullptr, int(MaxTextChars))));
        return;
    }
    emitDelta(reply.text);
    if (isFinished())
        return;
    succeed(std::move(reply));
}

void HttpLlmCall::succeed(ChatReply reply)
{
    if (!reply.usage.known) {
        reply.usage.prompt = TokenEstimate::forMessages(m_request.messages);
        reply.usage.completion = TokenEstimate::forText(reply.text);
        reply.usage.total = reply.usage.prompt + reply.usage.completion;
    }
    reply.transportRetries = m_retries;
    finish(std::move(reply));
}

void HttpLlmCall::fail(LlmError error)
{
    if (isFinished())
        return;
    if (m_policy.shouldRetry(error, m_retries, hasOutput())) {
        ++m_retries;
        const int delay = m_policy.delayMs(m_retries, error.retryAfterMs);
        emitRetrying(m_retries, delay, error.message);
        if (!isFinished()) // a receiver may cancel() here
            m_retryTimer.start(delay);
        return;
    }
    if (error.retryable && m_retries > 0 && !hasOutput()) {
        error.message =
                tr("%1 (gave up after %n network retries)", nullptr, m_retries).arg(error.message);
    }
    error.transportRetries = m_retries;
    finish(makeUnexpected(std::move(error)));
}

} // namespace sqlmend::core
