#include "core/llm/transportretrypolicy.h"

#include <QLocale>
#include <QRandomGenerator>

#include <cmath>

namespace sqlmend::core {

bool TransportRetryPolicy::shouldRetry(const LlmError &error, int retriesSoFar,
                                       bool outputStarted) const
{
    if (outputStarted || !error.retryable || retriesSoFar >= maxRetries)
        return false;
    if (error.retryAfterMs && *error.retryAfterMs > maxDelayMs)
        return false;
    return true;
}

int TransportRetryPolicy::delayMs(int retry, std::optional<int> retryAfterMs) const
{
    if (retryAfterMs)
        return qBound(0, *retryAfterMs, maxDelayMs);
    const double exponent = qBound(0, retry - 1, 20);
    const double backoff = std::min<double>(maxDelayMs, baseDelayMs * std::pow(2.0, exponent));
    const double unit = random ? random() : QRandomGenerator::global()->generateDouble();
    const double factor = 1.0 + jitter * (2.0 * unit - 1.0);
    return int(qBound(0.0, backoff * factor, double(maxDelayMs)));
}

std::optional<int> TransportRetryPolicy::parseRetryAfter(QByteArrayView value, const QDateTime &now)
{
    const QByteArray text = value.toByteArray().trimmed();
    if (text.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double seconds = text.toDouble(&ok);
    if (ok) {
        if (!std::isfinite(seconds) || seconds < 0)
            return std::nullopt;
        return int(std::min(seconds * 1000.0, double(INT_MAX / 2)));
    }
    // IMF-fixdate, e.g. "Wed, 21 Oct 2015 07:28:00 GMT".
    QDateTime when = QDateTime::fromString(QString::fromLatin1(text), Qt::RFC2822Date);
    if (!when.isValid()) {
        when = QLocale::c().toDateTime(QString::fromLatin1(text),
                                       QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
        when.setTimeSpec(Qt::UTC);
    }
    if (!when.isValid())
        return std::nullopt;
    const qint64 ms = now.msecsTo(when);
    return int(qBound(qint64(0), ms, qint64(INT_MAX / 2)));
}

std::optional<int> TransportRetryPolicy::retryAfterFromHeaders(QByteArrayView retryAfterMs,
                                                               QByteArrayView retryAfter,
                                                               const QDateTime &now)
{
    bool ok = false;
    const double ms = retryAfterMs.toByteArray().trimmed().toDouble(&ok);
    if (ok && std::isfinite(ms) && ms >= 0)
        return int(std::min(ms, double(INT_MAX / 2)));
    return parseRetryAfter(retryAfter, now);
}

} // namespace sqlmend::core
