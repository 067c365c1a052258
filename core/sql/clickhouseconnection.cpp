#include "core/sql/clickhouseconnection.h"

#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// How often a wait looks at the cancel flag.
constexpr int SliceMs = 50;
constexpr qsizetype MaxHeadBytes = 64 * 1024;
constexpr qsizetype MaxChunkLineBytes = 1024;
// A single row (or error text) longer than this is refused rather than buffered.
constexpr qsizetype MaxLineBytes = 256 * 1024 * 1024;
// How long a connection without a Keep-Alive header is kept idle.
constexpr qint64 DefaultKeepAliveMs = 2000;
// What the socket takes from the kernel ahead of the reader; beyond it, TCP holds the server.
constexpr qint64 ReadAheadBytes = 256 * 1024;

QByteArray trimmed(QByteArrayView text)
{
    return text.trimmed().toByteArray();
}

} // namespace

ClickHouseConnection::ClickHouseConnection(ClickHouseEndpoint endpoint)
    : m_endpoint(std::move(endpoint))
{
}

ClickHouseConnection::~ClickHouseConnection()
{
    close();
}

QString ClickHouseConnection::peer() const
{
    return u"%1:%2"_s.arg(m_endpoint.host).arg(m_endpoint.port);
}

bool ClickHouseConnection::fail(Failure failure, const QString &message)
{
    if (m_failure == Failure::None) {
        m_failure = failure;
        m_error = message;
    }
    return false;
}

void ClickHouseConnection::close()
{
    if (m_socket) {
        m_socket->abort();
        m_socket.reset();
    }
    m_raw.clear();
    m_rawPos = 0;
    m_keepAlive = false;
}

bool ClickHouseConnection::isReusable() const
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
        return false;
    if (!m_keepAlive || !atEnd() || m_failure != Failure::None || m_rawPos < m_raw.size())
        return false;
    const qint64 limit =
            m_keepAliveSeconds > 0 ? qint64(m_keepAliveSeconds) * 1000 - 1000 : DefaultKeepAliveMs;
    return m_idle.isValid() && m_idle.elapsed() < limit;
}

bool ClickHouseConnection::connectSocket()
{
    if (m_endpoint.host.isEmpty())
        return fail(Failure::Network, tr("No ClickHouse host was given."));
    const int timeout = m_endpoint.connectTimeoutMs > 0 ? m_endpoint.connectTimeoutMs : 10000;
    QElapsedTimer clock;
    clock.start();
    if (m_endpoint.secure) {
        if (!QSslSocket::supportsSsl())
            return fail(Failure::Network, tr("TLS is not available in this build of Qt."));
        auto ssl = std::make_unique<QSslSocket>();
        QSslConfiguration configuration = ssl->sslConfiguration();
        if (!m_endpoint.caFile.isEmpty()) {
            const QList<QSslCertificate> certificates =
                    QSslCertificate::fromPath(m_endpoint.caFile, QSsl::Pem);
            if (certificates.isEmpty()) {
                return fail(Failure::Network,
                            tr("No certificate could be read from %1.").arg(m_endpoint.caFile));
            }
            configuration.addCaCertificates(certificates);
        }
        ssl->setSslConfiguration(configuration);
        ssl->connectToHostEncrypted(m_endpoint.host, quint16(m_endpoint.port));
        m_socket = std::move(ssl);
    } else {
        m_socket = std::make_unique<QTcpSocket>();
        m_socket->connectToHost(m_endpoint.host, quint16(m_endpoint.port));
    }
    if (!m_socket->waitForConnected(timeout)) {
        const bool timedOut = m_socket->error() == QAbstractSocket::SocketTimeoutError;
        const QString reason = m_socket->errorString();
        close();
        return fail(timedOut ? Failure::Timeout : Failure::Network,
                    tr("Could not connect to the ClickHouse server at %1: %2").arg(peer(), reason));
    }
    if (auto *ssl = qobject_cast<QSslSocket *>(m_socket.get())) {
        const int left = int(std::max<qint64>(1, timeout - clock.elapsed()));
        if (!ssl->waitForEncrypted(left)) {
            QStringList reasons;
            for (const QSslError &error : ssl->sslHandshakeErrors())
                reasons.append(error.errorString());
            if (reasons.isEmpty())
                reasons.append(ssl->errorString());
            close();
            return fail(
                    Failure::Network,
                    tr("The TLS handshake with %1 failed: %2").arg(peer(), reasons.join(u"; ")));
        }
    }
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_socket->setReadBufferSize(ReadAheadBytes);
    return true;
}

bool ClickHouseConnection::ensureConnected()
{
    if (m_socket) {
        bool keep = isReusable();
        if (keep) {
            // A server that closed the idle connection shows it as a readable end of stream.
            m_socket->waitForReadyRead(0);
            keep = m_socket->state() == QAbstractSocket::ConnectedState
                    && m_socket->bytesAvailable() == 0;
        }
        if (!keep)
            close();
    }
    return m_socket || connectSocket();
}

bool ClickHouseConnection::writeAll(QByteArrayView data)
{
    if (m_socket->write(data.data(), data.size()) != data.size()) {
        return fail(Failure::Network,
                    tr("Could not send the query to %1: %2").arg(peer(), m_socket->errorString()));
    }
    auto *ssl = qobject_cast<QSslSocket *>(m_socket.get());
    while (m_socket->bytesToWrite() > 0 || (ssl && ssl->encryptedBytesToWrite() > 0)) {
        if (m_cancel && m_cancel->load()) {
            close();
            return fail(Failure::Cancelled, tr("The query was cancelled."));
        }
        if (m_socket->waitForBytesWritten(SliceMs))
            continue;
        if (m_socket->state() != QAbstractSocket::ConnectedState
            || m_socket->error() != QAbstractSocket::SocketTimeoutError) {
            const QString reason = m_socket->errorString();
            close();
            return fail(Failure::Network,
                        tr("Could not send the query to %1: %2").arg(peer(), reason));
        }
    }
    return true;
}

bool ClickHouseConnection::waitReadable()
{
    QElapsedTimer silence;
    silence.start();
    for (;;) {
        if (m_cancel && m_cancel->load()) {
            close();
            return fail(Failure::Cancelled, tr("The query was cancelled."));
        }
        if (m_socket->bytesAvailable() > 0)
            return true;
        if (m_socket->state() != QAbstractSocket::ConnectedState) {
            m_eof = true;
            return false;
        }
        if (m_socket->waitForReadyRead(SliceMs) || m_socket->bytesAvailable() > 0)
            return true;
        if (m_socket->state() != QAbstractSocket::ConnectedState) {
            m_eof = true;
            return false;
        }
        if (m_socket->error() != QAbstractSocket::SocketTimeoutError) {
            const QString reason = m_socket->errorString();
            close();
            return fail(Failure::Network,
                        tr("The connection to %1 failed: %2").arg(peer(), reason));
        }
        if (m_endpoint.readTimeoutMs > 0 && silence.elapsed() >= m_endpoint.readTimeoutMs) {
            close();
            return fail(Failure::Timeout,
                        tr("The server at %1 sent nothing for %2 ms.")
                                .arg(peer())
                                .arg(m_endpoint.readTimeoutMs));
        }
    }
}

bool ClickHouseConnection::pullRaw()
{
    if (!m_socket)
        return false;
    if (m_socket->bytesAvailable() <= 0 && !waitReadable())
        return false;
    m_raw.append(m_socket->read(std::min(m_socket->bytesAvailable(), ReadAheadBytes)));
    return true;
}

bool ClickHouseConnection::readHead()
{
    m_status = 0;
    m_headers.clear();
    m_mode = BodyMode::None;
    m_chunkState = ChunkState::Size;
    m_remaining = 0;
    m_bodyDone = false;
    m_body.clear();
    m_bodyPos = 0;
    m_scanFrom = 0;
    m_bodyTotal = 0;
    m_lastLineTerminated = true;
    m_keepAlive = false;
    m_keepAliveSeconds = 0;
    m_eof = false;

    for (;;) {
        const qsizetype end = m_raw.indexOf("\r\n\r\n", m_rawPos);
        if (end < 0) {
            if (m_raw.size() - m_rawPos > MaxHeadBytes)
                return fail(Failure::Protocol,
                            tr("The server at %1 sent no HTTP head.").arg(peer()));
            if (!pullRaw()) {
                return fail(Failure::Network,
                            tr("The server at %1 closed the connection without an answer.")
                                    .arg(peer()));
            }
            continue;
        }
        const QList<QByteArray> lines =
                QByteArray(m_raw.constData() + m_rawPos, end - m_rawPos).split('\n');
        m_rawPos = end + 4;
        const QList<QByteArray> status = trimmed(lines.value(0)).split(' ');
        bool ok = false;
        const int code = status.value(1).toInt(&ok);
        if (!status.value(0).startsWith("HTTP/") || !ok) {
            return fail(Failure::Protocol,
                        tr("The server at %1 does not speak HTTP: %2")
                                .arg(peer(), QString::fromLatin1(lines.value(0).left(80))));
        }
        if (code >= 100 && code < 200)
            continue; // 100 Continue and friends come before the real answer
        m_status = code;
        m_keepAlive = status.value(0) != "HTTP/1.0";
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon <= 0)
                continue;
            m_headers.append({trimmed(QByteArrayView(lines.at(i)).first(colon)).toLower(),
                              trimmed(QByteArrayView(lines.at(i)).sliced(colon + 1))});
        }
        const QByteArray connection = header("connection").toLower();
        if (connection.contains("close"))
            m_keepAlive = false;
        else if (connection.contains("keep-alive"))
            m_keepAlive = true;
        for (const QByteArray &part : header("keep-alive").split(',')) {
            const QByteArray item = trimmed(part);
            if (item.startsWith("timeout="))
                m_keepAliveSeconds = item.mid(8).toInt();
        }
        if (header("transfer-encoding").toLower().contains("chunked")) {
            m_mode = BodyMode::Chunked;
        } else if (const QByteArray length = header("content-length"); !length.isEmpty()) {
            m_mode = BodyMode::Length;
            m_remaining = length.toLongLong(&ok);
            if (!ok || m_remaining < 0)
                return fail(Failure::Protocol, tr("The server sent a bad Content-Length."));
        } else if (code == 204 || code == 304) {
            m_mode = BodyMode::None;
        } else {
            m_mode = BodyMode::UntilClose;
            m_keepAlive = false;
        }
        if (m_mode == BodyMode::None || (m_mode == BodyMode::Length && m_remaining == 0)) {
            m_bodyDone = true;
            m_idle.start();
        }
        return true;
    }
}

bool ClickHouseConnection::sendOnce(QByteArrayView request)
{
    m_raw.clear();
    m_rawPos = 0;
    return writeAll(request) && readHead();
}

bool ClickHouseConnection::post(QByteArrayView target, QByteArrayView body,
                                const std::atomic<bool> *cancel)
{
    m_cancel = cancel;
    m_failure = Failure::None;
    m_error.clear();

    QByteArray request = "POST " + target.toByteArray() + " HTTP/1.1\r\nHost: ";
    const QByteArray host = m_endpoint.host.toUtf8();
    request += host.contains(':') ? '[' + host + ']' : host;
    request += ':' + QByteArray::number(m_endpoint.port) + "\r\n";
    if (!m_endpoint.user.isEmpty() || !m_endpoint.password.isEmpty()) {
        const QString user = m_endpoint.user.isEmpty() ? u"default"_s : m_endpoint.user;
        request += "Authorization: Basic " + (user + u':' + m_endpoint.password).toUtf8().toBase64()
                + "\r\n";
    }
    request += "User-Agent: SQLMend/" SQLMEND_VERSION "\r\n"
               "Content-Type: text/plain; charset=UTF-8\r\n"
               "Content-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n";
    request += body;

    const bool reused = m_socket && isReusable();
    if (!ensureConnected())
        return false;
    if (sendOnce(request))
        return true;
    // A kept connection that the server closed while idle: nothing of this request reached a
    // query, so it is sent once more on a new connection.
    if (reused && m_failure == Failure::Network && m_status == 0 && m_raw.isEmpty()) {
        close();
        m_failure = Failure::None;
        m_error.clear();
        return connectSocket() && sendOnce(request);
    }
    return false;
}

QByteArray ClickHouseConnection::header(QByteArrayView name) const
{
    const QByteArray wanted = name.toByteArray().toLower();
    for (const auto &item : m_headers) {
        if (item.first == wanted)
            return item.second;
    }
    return {};
}

bool ClickHouseConnection::decodeChunked()
{
    for (;;) {
        switch (m_chunkState) {
        case ChunkState::Size:
        case ChunkState::Trailer: {
            const qsizetype end = m_raw.indexOf("\r\n", m_rawPos);
            if (end < 0) {
                if (m_raw.size() - m_rawPos > MaxChunkLineBytes)
                    return fail(Failure::Protocol, tr("The server sent a bad chunk header."));
                if (!pullRaw())
                    return false;
                continue;
            }
            const QByteArrayView line(m_raw.constData() + m_rawPos, end - m_rawPos);
            m_rawPos = end + 2;
            if (m_chunkState == ChunkState::Trailer) {
                if (line.isEmpty()) {
                    m_bodyDone = true;
                    m_idle.start();
                    return true;
                }
                continue;
            }
            const qsizetype semicolon = line.indexOf(';');
            bool ok = false;
            const qint64 size =
                    (semicolon >= 0 ? line.first(semicolon) : line).trimmed().toLongLong(&ok, 16);
            if (!ok || size < 0)
                return fail(Failure::Protocol, tr("The server sent a bad chunk header."));
            if (size == 0) {
                m_chunkState = ChunkState::Trailer;
            } else {
                m_remaining = size;
                m_chunkState = ChunkState::Data;
            }
            continue;
        }
        case ChunkState::Data:
            if (m_rawPos >= m_raw.size() && !pullRaw())
                return false;
            m_remaining -= moveToBody(m_remaining);
            if (m_remaining == 0)
                m_chunkState = ChunkState::DataEnd;
            return true;
        case ChunkState::DataEnd:
            if (m_raw.size() - m_rawPos < 2) {
                if (!pullRaw())
                    return false;
                continue;
            }
            if (m_raw.at(m_rawPos) != '\r' || m_raw.at(m_rawPos + 1) != '\n')
                return fail(Failure::Protocol, tr("The server sent a bad chunk."));
            m_rawPos += 2;
            m_chunkState = ChunkState::Size;
            continue;
        }
    }
}

qint64 ClickHouseConnection::moveToBody(qint64 most)
{
    const qsizetype take = qsizetype(std::min<qint64>(most, m_raw.size() - m_rawPos));
    m_body.append(m_raw.constData() + m_rawPos, take);
    m_rawPos += take;
    m_bodyTotal += take;
    return take;
}

bool ClickHouseConnection::decodeMore()
{
    switch (m_mode) {
    case BodyMode::None:
        m_bodyDone = true;
        return true;
    case BodyMode::Length:
        if (m_rawPos >= m_raw.size() && !pullRaw())
            break;
        m_remaining -= moveToBody(m_remaining);
        if (m_remaining == 0) {
            m_bodyDone = true;
            m_idle.start();
        }
        return true;
    case BodyMode::UntilClose:
        if (m_rawPos >= m_raw.size() && !pullRaw()) {
            if (m_failure != Failure::None)
                return false;
            m_bodyDone = true;
            return true;
        }
        moveToBody(m_raw.size() - m_rawPos);
        return true;
    case BodyMode::Chunked:
        if (decodeChunked())
            return true;
        break;
    }
    // The socket ended or failed inside the body.
    if (m_failure != Failure::None)
        return false;
    close();
    const int received = int(std::min<qint64>(m_bodyTotal, std::numeric_limits<int>::max()));
    return fail(Failure::Network,
                tr("The connection to %1 was closed after %n byte(s) of the response.", nullptr,
                   received)
                        .arg(peer()));
}

void ClickHouseConnection::compact()
{
    // Amortised: a buffer is shifted only once more than half of it has been read.
    if (m_rawPos > 0 && m_rawPos * 2 >= m_raw.size()) {
        m_raw.remove(0, m_rawPos);
        m_rawPos = 0;
    }
    if (m_bodyPos > 0 && m_bodyPos * 2 >= m_body.size()) {
        m_body.remove(0, m_bodyPos);
        m_scanFrom = std::max<qsizetype>(0, m_scanFrom - m_bodyPos);
        m_bodyPos = 0;
    }
}

bool ClickHouseConnection::readLine(QByteArray &line)
{
    line.clear();
    for (;;) {
        const qsizetype newline = m_body.indexOf('\n', std::max(m_scanFrom, m_bodyPos));
        if (newline >= 0) {
            line = m_body.mid(m_bodyPos, newline - m_bodyPos);
            m_bodyPos = newline + 1;
            m_scanFrom = m_bodyPos;
            m_lastLineTerminated = true;
            compact();
            return true;
        }
        m_scanFrom = m_body.size();
        if (m_body.size() - m_bodyPos > MaxLineBytes) {
            close();
            return fail(Failure::Protocol,
                        tr("A line of the response is longer than %1 MiB.")
                                .arg(MaxLineBytes / (1024 * 1024)));
        }
        if (m_bodyDone) {
            if (m_bodyPos >= m_body.size())
                return false;
            line = m_body.mid(m_bodyPos);
            m_bodyPos = m_body.size();
            m_lastLineTerminated = false;
            compact();
            return true;
        }
        if (!decodeMore())
            return false;
    }
}

QByteArray ClickHouseConnection::readRest(qsizetype max)
{
    QByteArray out;
    while (out.size() < max) {
        if (m_bodyPos < m_body.size()) {
            const qsizetype take = std::min(max - out.size(), m_body.size() - m_bodyPos);
            out.append(m_body.constData() + m_bodyPos, take);
            m_bodyPos += take;
            continue;
        }
        if (m_bodyDone || !decodeMore())
            break;
    }
    m_scanFrom = m_bodyPos;
    compact();
    return out;
}

} // namespace sqlmend::core
