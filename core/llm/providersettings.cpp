#include "core/llm/providersettings.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QString ProviderSettings::kindName(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return u"openai"_s;
    case ProviderKind::Anthropic:
        return u"anthropic"_s;
    case ProviderKind::Demo:
        return u"demo"_s;
    }
    return u"openai"_s;
}

std::optional<ProviderKind> ProviderSettings::kindFromName(QStringView name)
{
    for (ProviderKind kind :
         {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::Demo}) {
        if (name.compare(kindName(kind), Qt::CaseInsensitive) == 0)
            return kind;
    }
    return std::nullopt;
}

QUrl ProviderSettings::defaultBaseUrl(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return QUrl(u"https://api.openai.com/v1"_s);
    case ProviderKind::Anthropic:
        return QUrl(u"https://api.anthropic.com"_s);
    case ProviderKind::Demo:
        return {};
    }
    return {};
}

QUrl ProviderSettings::effectiveBaseUrl() const
{
    return baseUrl.isEmpty() ? defaultBaseUrl(kind) : baseUrl;
}

Result<Done> ProviderSettings::validate() const
{
    if (kind == ProviderKind::Demo)
        return Done{};
    const QUrl url = effectiveBaseUrl();
    if (!url.isValid() || url.host().isEmpty())
        return makeFailure(tr("The base URL \"%1\" is not a valid URL; write it like "
                              "http://localhost:11434/v1.")
                                   .arg(baseUrl.toString()),
                           u"invalid_base_url"_s);
    if (url.scheme() != u"http"_s && url.scheme() != u"https"_s)
        return makeFailure(
                tr("The base URL \"%1\" must start with http:// or https://.").arg(url.toString()),
                u"invalid_base_url"_s);
    if (url.hasQuery() || url.hasFragment())
        return makeFailure(tr("The base URL \"%1\" must not contain a query or a fragment.")
                                   .arg(url.toString()),
                           u"invalid_base_url"_s);
    if (model.trimmed().isEmpty())
        return makeFailure(tr("No model is set; enter the model name the server expects "
                              "(for example gpt-4o-mini or qwen2.5-coder:7b)."),
                           u"empty_model"_s);
    if (connectTimeoutMs <= 0 || requestTimeoutMs <= 0)
        return makeFailure(tr("The timeouts must be positive numbers of milliseconds."),
                           u"invalid_timeout"_s);
    if (maxTransportRetries < 0 || maxTransportRetries > 10)
        return makeFailure(tr("The number of network retries must be between 0 and 10."),
                           u"invalid_retries"_s);
    for (const auto &header : extraHeaders) {
        if (header.first.isEmpty() || header.first.contains(':') || header.first.contains('\n')
            || header.second.contains('\n') || header.second.contains('\r'))
            return makeFailure(tr("The extra header \"%1\" is not a valid HTTP header.")
                                       .arg(QString::fromUtf8(header.first)),
                               u"invalid_header"_s);
    }
    return Done{};
}

} // namespace sqlmend::core
