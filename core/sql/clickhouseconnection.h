#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QList>
#include <QPair>
#include <QString>

#include <atomic>
#include <memory>

class QTcpSocket;

namespace sqlmend::core {

// Where a ClickHouse server's HTTP interface listens, and who logs in.
struct ClickHouseEndpoint
{
    QString host;
    int port = 8123;
    bool secure = false;
    QString caFile; // PEM certificates trusted beside the system's, for https
    QString user;
    QString password;
    int connectTimeoutMs = 10000;
    int readTimeoutMs = 0; // the longest silence inside a response; 0: none (cancel ends a wait)
};

// One HTTP/1.1 connection to a ClickHouse server, used blocking on the thread that made it
// (waitFor* on a QTcpSocket or QSslSocket; no event loop needed). A response body is decoded as
// it arrives (chunked, Content-Length or until close) and read line by line, so a result of any
// size passes through a buffer of about one network read.
class ClickHouseConnection
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ClickHouseConnection)

public:
    enum class Failure { None, Network, Timeout, Cancelled, Protocol };

    explicit ClickHouseConnection(ClickHouseEndpoint endpoint);
    ~ClickHouseConnection();
    ClickHouseConnection(const ClickHouseConnection &) = delete;
    ClickHouseConnection &operator=(const ClickHouseConnection &) = delete;

    // POSTs body to target ("/?query_id=...") and reads the status line and headers. Every wait
    // of this response ends early once *cancel is true (checked every few tens of ms); cancel may
    // be null. A connection kept alive from an earlier response is reused, and replaced once when
    // the server turns out to have closed it while it was idle.
    bool post(QByteArrayView target, QByteArrayView body, const std::atomic<bool> *cancel);

    int statusCode() const { return m_status; }
    // The first header of that name (case-insensitive); empty when absent.
    QByteArray header(QByteArrayView name) const;

    // The next line of the body without its '\n'. False at the end of the body (atEnd()) or on
    // a failure (failure(), errorString()).
    bool readLine(QByteArray &line);
    // Whether the line readLine() returned last ended with '\n'.
    bool lastLineTerminated() const { return m_lastLineTerminated; }
    // Up to max bytes of what is left of the body, for an error text.
    QByteArray readRest(qsizetype max);
    bool atEnd() const { return m_bodyDone && m_bodyPos >= m_body.size(); }
    // Where in the body the next unread byte is.
    qint64 bodyOffset() const { return m_bodyTotal - (m_body.size() - m_bodyPos); }

    Failure failure() const { return m_failure; }
    QString errorString() const { return m_error; }

    // The last response was read to its end and the server keeps the connection open.
    bool isReusable() const;
    void close();

private:
    enum class BodyMode { None, Length, Chunked, UntilClose };
    enum class ChunkState { Size, Data, DataEnd, Trailer };

    bool ensureConnected();
    bool connectSocket();
    bool writeAll(QByteArrayView data);
    bool readHead();
    bool sendOnce(QByteArrayView request);
    // Waits until the socket has bytes; false on a closed socket, a failure or a cancel.
    bool waitReadable();
    // Appends what the socket holds to m_raw, waiting when it holds nothing.
    bool pullRaw();
    // Decodes at least one more byte of the body into m_body, or finds its end.
    bool decodeMore();
    bool decodeChunked();
    // Moves up to `most` bytes that the socket delivered into the body; how many it moved.
    qint64 moveToBody(qint64 most);
    void compact();
    bool fail(Failure failure, const QString &message);
    QString peer() const;

    ClickHouseEndpoint m_endpoint;
    std::unique_ptr<QTcpSocket> m_socket;
    const std::atomic<bool> *m_cancel = nullptr;

    QByteArray m_raw; // bytes from the socket not decoded yet
    qsizetype m_rawPos = 0;
    QByteArray m_body; // decoded body bytes not read yet
    qsizetype m_bodyPos = 0;
    qsizetype m_scanFrom = 0; // where the search for the next '\n' goes on
    qint64 m_bodyTotal = 0;

    int m_status = 0;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    BodyMode m_mode = BodyMode::None;
    ChunkState m_chunkState = ChunkState::Size;
    qint64 m_remaining = 0;
    bool m_bodyDone = false;
    bool m_lastLineTerminated = true;
    bool m_keepAlive = false;
    int m_keepAliveSeconds = 0;
    QElapsedTimer m_idle; // since the last response ended
    bool m_eof = false;

    Failure m_failure = Failure::None;
    QString m_error;
};

} // namespace sqlmend::core
