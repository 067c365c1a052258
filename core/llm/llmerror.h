#pragma once

#include "core/result.h"
#include "core/llm/chatreply.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QMetaType>
#include <QString>

#include <optional>

namespace sqlmend::core {

// Why a call to a model failed. Transport-level only: SQL errors are the errors/ pipeline's job.
struct LlmError
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::LlmError)

public:
    enum class Kind {
        Network,         // refused, reset, DNS, TLS
        Timeout,         // connect or request timeout
        RateLimited,     // 429 without a quota body
        Server,          // 5xx, overloaded, an error event inside a stream
        Quota,           // out of credit or billing limit: never retried
        Auth,            // 401/403: never retried
        BadRequest,      // other 4xx: unknown model, bad parameters, unknown demo question
        MalformedReply,  // empty, not JSON, HTML page, truncated stream, not UTF-8
        TooLarge,        // the reply exceeded a size cap
        Cancelled,       // cancel() was called
        InvalidSettings, // the call could not even be started
    };

    Kind kind = Kind::Network;
    int httpStatus = 0;              // 0 when there was no HTTP answer
    QString message;                 // for people, translated
    bool retryable = false;          // the transport may try again (before any output streamed)
    std::optional<int> retryAfterMs; // from Retry-After / retry-after-ms, when given
    QString bodyExcerpt;             // the start of the server's body, for the log and bug reports
    int transportRetries = 0;        // retries spent before this final failure

    static QString kindName(Kind kind); // stable: "network", "timeout", "rate_limited", ...

    static LlmError make(Kind kind, QString message, bool retryable = false);
    // Classifies a non-2xx answer: quota bodies beat the status code (a 429 that says
    // "insufficient_quota" is Quota, not RateLimited).
    static LlmError fromHttp(int status, const QByteArray &body,
                             std::optional<int> retryAfterMs = std::nullopt);
    // Classifies an error object found inside a 200 body or stream (OpenAI {"error": ...},
    // Anthropic event "error").
    static LlmError fromErrorPayload(const QByteArray &json);
    // A 2xx body that should have been JSON and is not (an HTML login page, a proxy's text).
    static LlmError notJson(const QByteArray &body, const QString &parseError);
    // The readable message a server put in its error body, or an empty string.
    static QString serverMessage(const QByteArray &body);
    static bool looksLikeQuota(const QByteArray &body);
    static QString excerpt(const QByteArray &body);
};

using ChatResult = Result<ChatReply, LlmError>;

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::LlmError)
Q_DECLARE_METATYPE(sqlmend::core::ChatResult)
