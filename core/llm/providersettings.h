#pragma once

#include "core/llm/chatrequest.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QUrl>

#include <optional>

namespace sqlmend::core {

enum class ProviderKind { OpenAiCompatible, Anthropic, Demo };

// Where and how to reach a model. The API key comes from the SecretStore; here it is a string.
struct ProviderSettings
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ProviderSettings)

public:
    ProviderKind kind = ProviderKind::OpenAiCompatible;
    QUrl baseUrl; // empty: the provider's public default (OpenAI, Anthropic)
    QString model;
    QString apiKey;
    HttpHeaders extraHeaders;
    int connectTimeoutMs = 15000;  // until the request is on the wire
    int requestTimeoutMs = 120000; // longest silence while waiting for or reading the answer
    int maxTransportRetries = 3;   // network retries per call; never counted as correction rounds
    int retryBaseDelayMs = 1000;   // first backoff; doubles per retry, with jitter
    int retryMaxDelayMs = 30000;   // cap for backoff and for a server's Retry-After
    bool stream = true;
    int demoPieceDelayMs = 15; // the recorded demo's pause between streamed pieces

    static QString kindName(ProviderKind kind); // "openai", "anthropic", "demo"
    static std::optional<ProviderKind> kindFromName(QStringView name);
    static QUrl defaultBaseUrl(ProviderKind kind);

    // The base URL in effect (the default when none is set).
    QUrl effectiveBaseUrl() const;
    // A clear error for a malformed URL, an unsupported scheme, an empty model, a negative timeout.
    Result<Done> validate() const;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ProviderSettings)
