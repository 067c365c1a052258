#include "core/llm/llmerror.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

constexpr qsizetype ExcerptBytes = 600;

QString textOf(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (const QString &key : {u"message"_s, u"msg"_s, u"detail"_s, u"error"_s}) {
            const QString text = textOf(object.value(key));
            if (!text.isEmpty())
                return text;
        }
    }
    return {};
}

bool looksLikeHtml(const QByteArray &body)
{
    const QByteArray start = body.left(512).trimmed().toLower();
    return start.startsWith("<!doctype html") || start.startsWith("<html")
            || start.contains("<head") || start.contains("<body");
}

} // namespace

QString LlmError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Network:
        return u"network"_s;
    case Kind::Timeout:
        return u"timeout"_s;
    case Kind::RateLimited:
        return u"rate_limited"_s;
    case Kind::Server:
        return u"server"_s;
    case Kind::Quota:
        return u"quota"_s;
    case Kind::Auth:
        return u"auth"_s;
    case Kind::BadRequest:
        return u"bad_request"_s;
    case Kind::MalformedReply:
        return u"malformed_reply"_s;
    case Kind::TooLarge:
        return u"too_large"_s;
    case Kind::Cancelled:
        return u"cancelled"_s;
    case Kind::InvalidSettings:
        return u"invalid_settings"_s;
    }
    return u"network"_s;
}

LlmError LlmError::make(Kind kind, QString message, bool retryable)
{
    LlmError error;
    error.kind = kind;
    error.message = std::move(message);
    error.retryable = retryable;
    return error;
}

QString LlmError::excerpt(const QByteArray &body)
{
    if (body.size() <= ExcerptBytes)
        return QString::fromUtf8(body);
    return QString::fromUtf8(body.left(ExcerptBytes)) + u"…"_s;
}

QString LlmError::serverMessage(const QByteArray &body)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return {};
    const QJsonObject object = document.object();
    // OpenAI, DeepSeek, Anthropic, Ollama: {"error": {...}} or {"error": "..."};
    // DashScope: {"code": "Arrearage", "message": "..."}.
    QString text = textOf(object.value(u"error"_s));
    if (text.isEmpty())
        text = textOf(object.value(u"message"_s));
    if (text.isEmpty())
        text = textOf(object.value(u"detail"_s));
    return text.left(2000);
}

bool LlmError::looksLikeQuota(const QByteArray &body)
{
    const QByteArray lower = body.left(64 * 1024).toLower();
    static const char *const markers[] = {
            "insufficient_quota",
            "billing_hard_limit_reached",
            "exceeded your current quota",
            "insufficient balance",
            "insufficient_balance",
            "arrearage",
            "credit balance is too low",
            "billing_not_active",
            "\xe4\xbd\x99\xe9\xa2\x9d\xe4\xb8\x8d\xe8\xb6\xb3", // 余额不足
            "\xe6\xac\xa0\xe8\xb4\xb9",                         // 欠费
    };
    for (const char *marker : markers) {
        if (lower.contains(marker))
            return true;
    }
    return false;
}

LlmError LlmError::fromHttp(int status, const QByteArray &body, std::optional<int> retryAfterMs)
{
    LlmError error;
    error.httpStatus = status;
    error.bodyExcerpt = excerpt(body);
    error.retryAfterMs = retryAfterMs;
    QString detail = serverMessage(body);
    if (detail.isEmpty() && looksLikeHtml(body))
        detail = tr("the server sent an HTML page instead of JSON; check the base URL");
    if (detail.isEmpty())
        detail = body.isEmpty() ? tr("no details") : excerpt(body.left(200)).simplified();

    if (looksLikeQuota(body) || status == 402) {
        error.kind = Kind::Quota;
        error.message = tr("The model provider refused the request because the account is out of "
                           "credit or over its quota (HTTP %1: %2). Top up or change the plan; "
                           "retrying will not help.")
                                .arg(status)
                                .arg(detail);
        return error;
    }
    if (status == 401 || status == 403) {
        error.kind = Kind::Auth;
        error.message = tr("The model provider rejected the API key (HTTP %1: %2). Check the key "
                           "in the provider settings.")
                                .arg(status)
                                .arg(detail);
        return error;
    }
    if (status == 429) {
        error.kind = Kind::RateLimited;
        error.retryable = true;
        error.message =
                tr("The model provider is rate limiting requests (HTTP 429: %1).").arg(detail);
        return error;
    }
    if (status == 408) {
        error.kind = Kind::Timeout;
        error.retryable = true;
        error.message = tr("The model server timed out (HTTP 408: %1).").arg(detail);
        return error;
    }
    if (status == 500 || status == 502 || status == 503 || status == 504 || status == 529) {
        error.kind = Kind::Server;
        error.retryable = true;
        error.message = tr("The model server had a temporary failure (HTTP %1: %2).")
                                .arg(status)
                                .arg(detail);
        return error;
    }
    if (status >= 400 && status < 500) {
        error.kind = Kind::BadRequest;
        error.message = tr("The model server rejected the request (HTTP %1: %2). Check the model "
                           "name and the base URL.")
                                .arg(status)
                                .arg(detail);
        return error;
    }
    error.kind = Kind::Server;
    error.message = tr("The model server answered HTTP %1: %2.").arg(status).arg(detail);
    return error;
}

LlmError LlmError::notJson(const QByteArray &body, const QString &parseError)
{
    LlmError error;
    error.kind = Kind::MalformedReply;
    error.bodyExcerpt = excerpt(body);
    if (looksLikeHtml(body)) {
        error.message = tr("The model server sent an HTML page instead of JSON; check the base "
                           "URL and any proxy or login page in between.");
    } else {
        error.message = tr("The model server's reply is not valid JSON (%1): %2")
                                .arg(parseError, excerpt(body.left(200)).simplified());
    }
    return error;
}

LlmError LlmError::fromErrorPayload(const QByteArray &json)
{
    LlmError error;
    error.bodyExcerpt = excerpt(json);
    QString detail = serverMessage(json);
    if (detail.isEmpty())
        detail = excerpt(json.left(200)).simplified();
    if (looksLikeQuota(json)) {
        error.kind = Kind::Quota;
        error.message = tr("The model provider refused the request because the account is out of "
                           "credit or over its quota: %1")
                                .arg(detail);
        return error;
    }
    const QByteArray lower = json.left(4096).toLower();
    if (lower.contains("overloaded") || lower.contains("rate_limit")
        || lower.contains("server_error") || lower.contains("api_error")) {
        error.kind = lower.contains("rate_limit") ? Kind::RateLimited : Kind::Server;
        error.retryable = true;
    } else {
        error.kind = Kind::Server;
    }
    error.message = tr("The model server reported an error in its reply: %1").arg(detail);
    return error;
}

} // namespace sqlmend::core
