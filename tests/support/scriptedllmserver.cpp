#include "tests/support/scriptedllmserver.h"

#include <QHostAddress>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace sqlmend::test {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 401:
        return "Unauthorized";
    case 402:
        return "Payment Required";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

// Writes one scripted response to a socket, chunk by chunk on timers. Owned by the socket.
class ResponseWriter : public QObject
{
public:
    ResponseWriter(QTcpSocket *socket, ScriptedResponse response)
        : QObject(socket), m_socket(socket), m_response(std::move(response))
    {
    }

    void start()
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(m_response.status) + ' '
                + reasonPhrase(m_response.status) + "\r\n";
        for (const auto &header : std::as_const(m_response.headers))
            head += header.first + ": " + header.second + "\r\n";
        if (m_response.chunkedEncoding) {
            head += "Transfer-Encoding: chunked\r\n";
        } else {
            qsizetype length = 0;
            for (const QByteArray &chunk : std::as_const(m_response.chunks))
                length += chunk.size();
            // A dropped body promises more than it sends, so the client sees a broken transfer.
            head += "Content-Length: "
                    + QByteArray::number(length + (m_response.dropAfterChunks ? 100 : 0)) + "\r\n";
        }
        head += "Connection: close\r\n\r\n";
        m_socket->write(head);
        m_socket->flush();
        next();
    }

private:
    void next()
    {
        if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
            return;
        if (m_index < m_response.chunks.size()) {
            const QByteArray &chunk = m_response.chunks.at(m_index++);
            if (m_response.chunkedEncoding) {
                if (!chunk.isEmpty())
                    m_socket->write(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n");
            } else {
                m_socket->write(chunk);
            }
            m_socket->flush();
            QTimer::singleShot(m_index < m_response.chunks.size() ? m_response.chunkDelayMs : 0,
                               this, [this] { next(); });
            return;
        }
        if (m_response.dropAfterChunks) {
            // Give the bytes time to leave, then reset the connection.
            QTimer::singleShot(20, this, [this] {
                if (m_socket)
                    m_socket->abort();
            });
            return;
        }
        if (m_response.chunkedEncoding)
            m_socket->write("0\r\n\r\n");
        m_socket->disconnectFromHost();
    }

    QPointer<QTcpSocket> m_socket;
    ScriptedResponse m_response;
    qsizetype m_index = 0;
};

} // namespace

ScriptedResponse ScriptedResponse::json(int status, const QByteArray &body,
                                        QList<QPair<QByteArray, QByteArray>> headers)
{
    ScriptedResponse response;
    response.status = status;
    response.headers = std::move(headers);
    response.headers.prepend({"Content-Type", "application/json"});
    response.chunks = {body};
    return response;
}

ScriptedResponse ScriptedResponse::sse(QList<QByteArray> pieces, int delayMs)
{
    ScriptedResponse response;
    response.headers = {{"Content-Type", "text/event-stream"}, {"Cache-Control", "no-cache"}};
    response.chunks = std::move(pieces);
    response.chunkDelayMs = delayMs;
    response.chunkedEncoding = true;
    return response;
}

ScriptedResponse ScriptedResponse::sseSplit(const QByteArray &stream, const QList<int> &offsets,
                                            int delayMs)
{
    QList<QByteArray> pieces;
    int from = 0;
    for (int offset : offsets) {
        if (offset <= from || offset >= stream.size())
            continue;
        pieces.append(stream.mid(from, offset - from));
        from = offset;
    }
    pieces.append(stream.mid(from));
    return sse(std::move(pieces), delayMs);
}

QByteArray RecordedRequest::header(const QByteArray &name) const
{
    for (const auto &pair : headers) {
        if (pair.first.compare(name, Qt::CaseInsensitive) == 0)
            return pair.second;
    }
    return {};
}

QJsonObject RecordedRequest::json() const
{
    return QJsonDocument::fromJson(body).object();
}

ScriptedLlmServer::ScriptedLlmServer(QObject *parent)
    : QObject(parent), m_server(std::make_unique<QHttpServer>())
{
    // Every path goes to the script; there are no fixed routes.
    m_server->setMissingHandler(
            [this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
                answer(request, responder.socket());
            });
}

ScriptedLlmServer::~ScriptedLlmServer() = default;

bool ScriptedLlmServer::listen()
{
    m_port = m_server->listen(QHostAddress::LocalHost, 0);
    return m_port != 0;
}

QUrl ScriptedLlmServer::url(const QString &path) const
{
    QUrl result;
    result.setScheme(u"http"_s);
    result.setHost(u"127.0.0.1"_s);
    result.setPort(m_port);
    result.setPath(path);
    return result;
}

void ScriptedLlmServer::enqueue(const QString &path, ScriptedResponse response)
{
    m_queues[path].enqueue(std::move(response));
}

int ScriptedLlmServer::pending(const QString &path) const
{
    return int(m_queues.value(path).size());
}

void ScriptedLlmServer::answer(const QHttpServerRequest &request, QTcpSocket *socket)
{
    RecordedRequest record;
    record.method = request.method() == QHttpServerRequest::Method::Post ? "POST" : "OTHER";
    record.path = request.url().path();
    record.headers = request.headers();
    record.body = request.body();
    m_requests.append(record);

    ScriptedResponse response;
    auto queue = m_queues.find(record.path);
    if (queue != m_queues.end() && !queue->isEmpty()) {
        response = queue->dequeue();
    } else {
        response = ScriptedResponse::json(
                404, R"({"error":{"message":"no scripted response for this path","type":"test"}})");
    }
    if (response.silent)
        return;
    auto *writer = new ResponseWriter(socket, std::move(response));
    writer->start();
}

QByteArray ScriptedLlmServer::openAiBody(const QString &text, int promptTokens,
                                         int completionTokens)
{
    const QJsonObject body{
            {u"id"_s, u"chatcmpl-1"_s},
            {u"object"_s, u"chat.completion"_s},
            {u"model"_s, u"scripted-model"_s},
            {u"choices"_s,
             QJsonArray{QJsonObject{
                     {u"index"_s, 0},
                     {u"message"_s, QJsonObject{{u"role"_s, u"assistant"_s}, {u"content"_s, text}}},
                     {u"finish_reason"_s, u"stop"_s}}}},
            {u"usage"_s,
             QJsonObject{{u"prompt_tokens"_s, promptTokens},
                         {u"completion_tokens"_s, completionTokens},
                         {u"total_tokens"_s, promptTokens + completionTokens}}},
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QList<QByteArray> ScriptedLlmServer::openAiStream(const QStringList &pieces, bool withUsage,
                                                  bool withDone)
{
    QList<QByteArray> events;
    auto chunk = [](const QJsonObject &delta, const QJsonValue &finish) {
        const QJsonObject object{
                {u"id"_s, u"chatcmpl-1"_s},
                {u"object"_s, u"chat.completion.chunk"_s},
                {u"model"_s, u"scripted-model"_s},
                {u"choices"_s,
                 QJsonArray{QJsonObject{
                         {u"index"_s, 0}, {u"delta"_s, delta}, {u"finish_reason"_s, finish}}}},
        };
        return "data: " + QJsonDocument(object).toJson(QJsonDocument::Compact) + "\n\n";
    };
    events.append(chunk(QJsonObject{{u"role"_s, u"assistant"_s}}, QJsonValue::Null));
    for (const QString &piece : pieces)
        events.append(chunk(QJsonObject{{u"content"_s, piece}}, QJsonValue::Null));
    events.append(chunk(QJsonObject{}, u"stop"_s));
    if (withUsage) {
        const QJsonObject usage{
                {u"id"_s, u"chatcmpl-1"_s},
                {u"model"_s, u"scripted-model"_s},
                {u"choices"_s, QJsonArray{}},
                {u"usage"_s,
                 QJsonObject{{u"prompt_tokens"_s, 21},
                             {u"completion_tokens"_s, 5},
                             {u"total_tokens"_s, 26}}},
        };
        events.append("data: " + QJsonDocument(usage).toJson(QJsonDocument::Compact) + "\n\n");
    }
    if (withDone)
        events.append("data: [DONE]\n\n");
    return events;
}

QByteArray ScriptedLlmServer::anthropicBody(const QString &text, int inputTokens, int outputTokens)
{
    const QJsonObject body{
            {u"id"_s, u"msg_1"_s},
            {u"type"_s, u"message"_s},
            {u"role"_s, u"assistant"_s},
            {u"model"_s, u"scripted-claude"_s},
            {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, text}}}},
            {u"stop_reason"_s, u"end_turn"_s},
            {u"usage"_s,
             QJsonObject{{u"input_tokens"_s, inputTokens}, {u"output_tokens"_s, outputTokens}}},
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QList<QByteArray> ScriptedLlmServer::anthropicStream(const QStringList &pieces, bool withStop)
{
    auto event = [](const QByteArray &name, const QJsonObject &data) {
        return "event: " + name + "\ndata: " + QJsonDocument(data).toJson(QJsonDocument::Compact)
                + "\n\n";
    };
    QList<QByteArray> events;
    events.append(event("message_start",
                        QJsonObject{{u"type"_s, u"message_start"_s},
                                    {u"message"_s,
                                     QJsonObject{{u"id"_s, u"msg_1"_s},
                                                 {u"model"_s, u"scripted-claude"_s},
                                                 {u"usage"_s,
                                                  QJsonObject{{u"input_tokens"_s, 25},
                                                              {u"output_tokens"_s, 1}}}}}}));
    events.append(
            event("content_block_start",
                  QJsonObject{{u"type"_s, u"content_block_start"_s},
                              {u"index"_s, 0},
                              {u"content_block"_s,
                               QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, QString()}}}}));
    events.append(event("ping", QJsonObject{{u"type"_s, u"ping"_s}}));
    for (const QString &piece : pieces) {
        events.append(event(
                "content_block_delta",
                QJsonObject{{u"type"_s, u"content_block_delta"_s},
                            {u"index"_s, 0},
                            {u"delta"_s,
                             QJsonObject{{u"type"_s, u"text_delta"_s}, {u"text"_s, piece}}}}));
    }
    events.append(event("content_block_stop",
                        QJsonObject{{u"type"_s, u"content_block_stop"_s}, {u"index"_s, 0}}));
    events.append(event("message_delta",
                        QJsonObject{{u"type"_s, u"message_delta"_s},
                                    {u"delta"_s, QJsonObject{{u"stop_reason"_s, u"end_turn"_s}}},
                                    {u"usage"_s, QJsonObject{{u"output_tokens"_s, 15}}}}));
    if (withStop)
        events.append(event("message_stop", QJsonObject{{u"type"_s, u"message_stop"_s}}));
    return events;
}

} // namespace sqlmend::test
