#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QQueue>
#include <QUrl>

#include <memory>

class QHttpServer;
class QHttpServerRequest;
class QTcpSocket;

namespace sqlmend::test {

// One scripted answer: a status, headers and a body released in chunks with pauses, optionally
// cut off (the connection is reset) or never sent at all.
struct ScriptedResponse
{
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QList<QByteArray> chunks;
    int chunkDelayMs = 0;         // pause before every chunk after the first
    bool chunkedEncoding = false; // Transfer-Encoding: chunked instead of Content-Length
    bool dropAfterChunks = false; // reset the connection instead of ending the body
    bool silent = false;          // read the request and never answer

    static ScriptedResponse json(int status, const QByteArray &body,
                                 QList<QPair<QByteArray, QByteArray>> headers = {});
    // A text/event-stream body, chunked, released piece by piece.
    static ScriptedResponse sse(QList<QByteArray> pieces, int delayMs = 0);
    // The same stream cut at the given byte offsets.
    static ScriptedResponse sseSplit(const QByteArray &stream, const QList<int> &offsets,
                                     int delayMs = 0);
};

struct RecordedRequest
{
    QByteArray method;
    QString path;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(const QByteArray &name) const; // case-insensitive
    QJsonObject json() const;
};

// A loopback HTTP server that answers model API requests from a queue per path and records
// every request it receives. Listens on 127.0.0.1 on a free port.
class ScriptedLlmServer : public QObject
{
    Q_OBJECT

public:
    explicit ScriptedLlmServer(QObject *parent = nullptr);
    ~ScriptedLlmServer() override;

    bool listen();
    quint16 port() const { return m_port; }
    // http://127.0.0.1:<port><path>
    QUrl url(const QString &path = QString()) const;

    void enqueue(const QString &path, ScriptedResponse response);
    int pending(const QString &path) const;
    const QList<RecordedRequest> &requests() const { return m_requests; }
    void clearRequests() { m_requests.clear(); }

    // Convenience scripts in each provider's dialect.
    static QByteArray openAiBody(const QString &text, int promptTokens = 11,
                                 int completionTokens = 7);
    static QList<QByteArray> openAiStream(const QStringList &pieces, bool withUsage = true,
                                          bool withDone = true);
    static QByteArray anthropicBody(const QString &text, int inputTokens = 13,
                                    int outputTokens = 9);
    static QList<QByteArray> anthropicStream(const QStringList &pieces, bool withStop = true);

private:
    void answer(const QHttpServerRequest &request, QTcpSocket *socket);

    std::unique_ptr<QHttpServer> m_server;
    quint16 m_port = 0;
    QHash<QString, QQueue<ScriptedResponse>> m_queues;
    QList<RecordedRequest> m_requests;
};

} // namespace sqlmend::test
