#pragma once

#include "core/llm/chatprotocol.h"
#include "core/llm/llmcall.h"
#include "core/llm/transportretrypolicy.h"

#include <QPointer>
#include <QTimer>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace sqlmend::core {

// One call over HTTP in any provider's wire format: sends, streams, retries transport failures
// before any output, enforces the timeouts and the size caps.
class HttpLlmCall : public LlmCall
{
    Q_OBJECT

public:
    static constexpr qsizetype MaxBodyBytes = 8 * 1024 * 1024;
    static constexpr qsizetype MaxTextChars = 4 * 1024 * 1024;

    // Starts on the next turn of the event loop, so callers can connect first.
    HttpLlmCall(const ProviderSettings &settings, const ChatRequest &request,
                std::shared_ptr<const ChatProtocol> protocol, QObject *parent = nullptr);
    ~HttpLlmCall() override;

protected:
    void abortWork() override;

private:
    enum class Mode { Undecided, Stream, Buffer };

    void sendAttempt();
    void onReadyRead();
    void onFinished();
    void onConnectTimeout();
    void decideMode();
    void handleEvents(const QList<SseEvent> &events);
    void fail(LlmError error);
    void succeed(ChatReply reply);
    void dropReply();
    LlmError networkError() const;

    ProviderSettings m_settings;
    ChatRequest m_request;
    std::shared_ptr<const ChatProtocol> m_protocol;
    TransportRetryPolicy m_policy;
    bool m_stream = true;

    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    QTimer m_connectTimer;
    QTimer m_retryTimer;

    // Per attempt.
    Mode m_mode = Mode::Undecided;
    SseParser m_parser;
    std::unique_ptr<StreamDecoder> m_decoder;
    QByteArray m_body;
    bool m_sawDone = false;
    int m_retries = 0;
};

} // namespace sqlmend::core
