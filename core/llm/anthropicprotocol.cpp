#include "core/llm/anthropicprotocol.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

class AnthropicStreamDecoder : public StreamDecoder
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::AnthropicProtocol)

public:
    StreamStep decode(const SseEvent &event) override
    {
        StreamStep step;
        const QByteArray data = event.data.trimmed();
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            step.error = LlmError::make(LlmError::Kind::MalformedReply,
                                        tr("The model server sent a stream event that is not "
                                           "JSON: %1")
                                                .arg(LlmError::excerpt(data.left(200))));
            return step;
        }
        const QJsonObject object = document.object();
        // The type inside the data is authoritative; the event: line may be missing.
        QString type = object.value(u"type"_s).toString();
        if (type.isEmpty())
            type = QString::fromUtf8(event.event);
        if (type == u"message_start"_s) {
            const QJsonObject message = object.value(u"message"_s).toObject();
            m_reply.model = message.value(u"model"_s).toString();
            const QJsonObject usage = message.value(u"usage"_s).toObject();
            m_reply.usage.prompt = usage.value(u"input_tokens"_s).toInt();
            m_reply.usage.completion = usage.value(u"output_tokens"_s).toInt();
            m_reply.usage.known = usage.contains(u"input_tokens"_s);
        } else if (type == u"content_block_delta"_s) {
            const QJsonObject delta = object.value(u"delta"_s).toObject();
            if (delta.value(u"type"_s).toString() == u"text_delta"_s)
                step.delta = delta.value(u"text"_s).toString();
        } else if (type == u"message_delta"_s) {
            const QJsonObject usage = object.value(u"usage"_s).toObject();
            if (usage.contains(u"output_tokens"_s)) {
                m_reply.usage.completion = usage.value(u"output_tokens"_s).toInt();
                m_reply.usage.known = true;
            }
            const QString reason =
                    object.value(u"delta"_s).toObject().value(u"stop_reason"_s).toString();
            if (!reason.isEmpty()) {
                m_reply.finishReason = reason;
                m_sawFinish = true;
            }
        } else if (type == u"message_stop"_s) {
            step.done = true;
        } else if (type == u"error"_s) {
            step.error = LlmError::fromErrorPayload(data);
        }
        // ping, content_block_start, content_block_stop and future event types carry no text.
        m_reply.usage.total = m_reply.usage.prompt + m_reply.usage.completion;
        return step;
    }
    ChatReply reply() const override { return m_reply; }
    bool sawFinishReason() const override { return m_sawFinish; }

private:
    ChatReply m_reply;
    bool m_sawFinish = false;
};

} // namespace

QUrl AnthropicProtocol::endpoint(const ProviderSettings &settings) const
{
    const QUrl base = settings.effectiveBaseUrl();
    QString path = base.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    return joinUrl(base, path.endsWith(u"/v1"_s) ? u"messages"_s : u"v1/messages"_s);
}

QNetworkRequest AnthropicProtocol::networkRequest(const ProviderSettings &settings,
                                                  const ChatRequest &request, bool stream) const
{
    QNetworkRequest network(endpoint(settings));
    network.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    network.setRawHeader("Accept", stream ? "text/event-stream" : "application/json");
    network.setRawHeader("anthropic-version", "2023-06-01");
    if (!settings.apiKey.isEmpty())
        network.setRawHeader("x-api-key", settings.apiKey.toUtf8());
    for (const auto &header : settings.extraHeaders)
        network.setRawHeader(header.first, header.second);
    for (const auto &header : request.extraHeaders)
        network.setRawHeader(header.first, header.second);
    return network;
}

QByteArray AnthropicProtocol::body(const ProviderSettings &settings, const ChatRequest &request,
                                   bool stream) const
{
    QJsonObject object;
    object.insert(u"model"_s, request.model.isEmpty() ? settings.model : request.model);
    object.insert(u"max_tokens"_s, request.maxTokens > 0 ? request.maxTokens : DefaultMaxTokens);
    QStringList system;
    QJsonArray messages;
    for (const ChatMessage &message : request.messages) {
        if (message.role == ChatRole::System) {
            system.append(message.content);
            continue;
        }
        messages.append(QJsonObject{{u"role"_s, ChatMessage::roleName(message.role)},
                                    {u"content"_s, message.content}});
    }
    if (!system.isEmpty())
        object.insert(u"system"_s, system.join(u"\n\n"_s));
    object.insert(u"messages"_s, messages);
    if (request.temperature)
        object.insert(u"temperature"_s, *request.temperature);
    if (stream)
        object.insert(u"stream"_s, true);
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

ChatResult AnthropicProtocol::parseBody(const QByteArray &body) const
{
    const Result<QJsonObject, LlmError> parsed = parseObject(body);
    if (!parsed)
        return makeUnexpected(parsed.error());
    const QJsonObject &object = parsed.value();
    if (object.value(u"type"_s).toString() == u"error"_s)
        return makeUnexpected(LlmError::fromErrorPayload(body));
    const QJsonValue content = object.value(u"content"_s);
    if (!content.isArray()) {
        LlmError error = LlmError::make(LlmError::Kind::MalformedReply,
                                        tr("The model server's reply has no content."));
        error.bodyExcerpt = LlmError::excerpt(body);
        return makeUnexpected(std::move(error));
    }
    ChatReply reply;
    for (const QJsonValue &block : content.toArray()) {
        const QJsonObject part = block.toObject();
        if (part.value(u"type"_s).toString() == u"text"_s)
            reply.text += part.value(u"text"_s).toString();
    }
    reply.model = object.value(u"model"_s).toString();
    reply.finishReason = object.value(u"stop_reason"_s).toString();
    const QJsonObject usage = object.value(u"usage"_s).toObject();
    if (!usage.isEmpty()) {
        reply.usage.prompt = usage.value(u"input_tokens"_s).toInt();
        reply.usage.completion = usage.value(u"output_tokens"_s).toInt();
        reply.usage.total = reply.usage.prompt + reply.usage.completion;
        reply.usage.known = true;
    }
    return reply;
}

std::unique_ptr<StreamDecoder> AnthropicProtocol::streamDecoder() const
{
    return std::make_unique<AnthropicStreamDecoder>();
}

} // namespace sqlmend::core
