#pragma once

#include "core/llm/llmerror.h"

#include <QByteArrayView>
#include <QDateTime>

#include <functional>
#include <optional>

namespace sqlmend::core {

// When and how long to wait before repeating one request to a model. Its budget is separate
// from the correction loop's rounds (DESIGN.md): a retry here is invisible to the loop except as
// a count on the reply.
class TransportRetryPolicy
{
public:
    int maxRetries = 3;
    int baseDelayMs = 1000;
    int maxDelayMs = 30000; // also the longest Retry-After we wait for; beyond it we give up
    double jitter = 0.25;   // +/- this fraction of the backoff

    // Retries only a retryable error, only before any output streamed, only within budget, and
    // not when the server asks for a longer wait than maxDelayMs.
    bool shouldRetry(const LlmError &error, int retriesSoFar, bool outputStarted) const;
    // The wait before retry number `retry` (1-based): the server's Retry-After when it gave one,
    // else exponential backoff with jitter.
    int delayMs(int retry, std::optional<int> retryAfterMs) const;

    // "120" (seconds) or an HTTP date; null when absent or unreadable.
    static std::optional<int> parseRetryAfter(QByteArrayView value, const QDateTime &now);
    // OpenAI's "retry-after-ms" is preferred; then "Retry-After".
    static std::optional<int> retryAfterFromHeaders(QByteArrayView retryAfterMs,
                                                    QByteArrayView retryAfter,
                                                    const QDateTime &now);

    // For tests: replaces the random source of the jitter (returns a value in [0, 1)).
    std::function<double()> random;
};

} // namespace sqlmend::core
