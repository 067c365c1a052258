#include "core/llm/openaiprotocol.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

TokenUsage usageFrom(const QJsonObject &usage)
{
    TokenUsage result;
    if (usage.isEmpty())
        return result;
    result.prompt = usage.value(u"prompt_tokens"_s).toInt();
    result.completion = usage.value(u"completion_tokens"_s).toInt();
    result.total = usage.value(u"total_tokens"_s).toInt(result.prompt + result.completion);
    result.known = true;
    return result;
}

// Text content is a string, or (some servers) a list of {"type":"text","text":...} parts.
QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    const QJsonArray parts = content.toArray();
    for (const QJsonValue &part : parts)
        text += part.toObject().value(u"text"_s).toString();
    return text;
}

class OpenAiStreamDecoder : public StreamDecoder
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::OpenAiProtocol)

public:
    StreamStep decode(const SseEvent &event) override
    {
        StreamStep step;
        const QByteArray data = event.data.trimmed();
        if (data == "[DONE]") {
            step.done = true;
            return step;
        }
        if (data.isEmpty())
            return step;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            step.error = LlmError::make(LlmError::Kind::MalformedReply,
                                        tr("The model server sent a stream event that is not "
                                           "JSON: %1")
                                                .arg(LlmError::excerpt(data.left(200))));
            step.error->bodyExcerpt = LlmError::excerpt(data);
            return step;
        }
        const QJsonObject object = document.object();
        if (object.contains(u"error"_s)) {
            step.error = LlmError::fromErrorPayload(data);
            return step;
        }
        if (m_reply.model.isEmpty())
            m_reply.model = object.value(u"model"_s).toString();
        const QJsonObject usage = object.value(u"usage"_s).toObject();
        if (!usage.isEmpty())
            m_reply.usage = usageFrom(usage);
        const QJsonArray choices = object.value(u"choices"_s).toArray();
        if (!choices.isEmpty()) {
            const QJsonObject choice = choices.first().toObject();
            step.delta = contentText(choice.value(u"delta"_s).toObject().value(u"content"_s));
            const QJsonValue reason = choice.value(u"finish_reason"_s);
            if (reason.isString() && !reason.toString().isEmpty()) {
                m_reply.finishReason = reason.toString();
                m_sawFinish = true;
            }
        }
        return step;
    }
    ChatReply reply() const override { return m_reply; }
    bool sawFinishReason() const override { return m_sawFinish; }

private:
    ChatReply m_reply;
    bool m_sawFinish = false;
};

} // namespace

QUrl OpenAiProtocol::endpoint(const ProviderSettings &settings) const
{
    return joinUrl(settings.effectiveBaseUrl(), u"chat/completions"_s);
}

QNetworkRequest OpenAiProtocol::networkRequest(const ProviderSettings &settings,
                                               const ChatRequest &request, bool stream) const
{
    QNetworkRequest network(endpoint(settings));
    network.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    network.setRawHeader("Accept", stream ? "text/event-stream" : "application/json");
    if (!settings.apiKey.isEmpty())
        network.setRawHeader("Authorization", "Bearer " + settings.apiKey.toUtf8());
    for (const auto &header : settings.extraHeaders)
        network.setRawHeader(header.first, header.second);
    for (const auto &header : request.extraHeaders)
        network.setRawHeader(header.first, header.second);
    return network;
}

QByteArray OpenAiProtocol::body(const ProviderSettings &settings, const ChatRequest &request,
                                bool stream) const
{
    QJsonObject object;
    object.insert(u"model"_s, request.model.isEmpty() ? settings.model : request.model);
    QJsonArray messages;
    for (const ChatMessage &message : request.messages) {
        messages.append(QJsonObject{{u"role"_s, ChatMessage::roleName(message.role)},
                                    {u"content"_s, message.content}});
    }
    object.insert(u"messages"_s, messages);
    if (request.temperature)
        object.insert(u"temperature"_s, *request.temperature);
    if (request.maxTokens > 0)
        object.insert(u"max_tokens"_s, request.maxTokens);
    object.insert(u"stream"_s, stream);
    if (stream)
        object.insert(u"stream_options"_s, QJsonObject{{u"include_usage"_s, true}});
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

ChatResult OpenAiProtocol::parseBody(const QByteArray &body) const
{
    const Result<QJsonObject, LlmError> parsed = parseObject(body);
    if (!parsed)
        return makeUnexpected(parsed.error());
    const QJsonObject &object = parsed.value();
    if (object.contains(u"error"_s))
        return makeUnexpected(LlmError::fromErrorPayload(body));
    const QJsonArray choices = object.value(u"choices"_s).toArray();
    if (choices.isEmpty()) {
        LlmError error = LlmError::make(LlmError::Kind::MalformedReply,
                                        tr("The model server's reply has no choices."));
        error.bodyExcerpt = LlmError::excerpt(body);
        return makeUnexpected(std::move(error));
    }
    const QJsonObject choice = choices.first().toObject();
    ChatReply reply;
    reply.text = contentText(choice.value(u"message"_s).toObject().value(u"content"_s));
    reply.finishReason = choice.value(u"finish_reason"_s).toString();
    reply.model = object.value(u"model"_s).toString();
    reply.usage = usageFrom(object.value(u"usage"_s).toObject());
    return reply;
}

std::unique_ptr<StreamDecoder> OpenAiProtocol::streamDecoder() const
{
    return std::make_unique<OpenAiStreamDecoder>();
}

} // namespace sqlmend::core
