#include "core/sql/clickhousedriver.h"
#include "core/sql/clickhouseresult.h"

#include <QDir>
#include <QFile>
#include <QMutex>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QUrlQuery>

#include <atomic>
#include <cmath>
#include <thread>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

namespace {

// A scripted ClickHouse on loopback, on its own thread: it answers each POST with the first
// reply whose text the query contains, byte for byte as recorded from ClickHouse 18.16, and can
// cut a reply short, stay silent, or drop a kept connection, which a real server does rarely
// and never on cue.
class ReplayServer : public QThread
{
public:
    enum class Ending { KeepOpen, Close, CloseWhenIdle, Silent, DropRequest };
    struct Reply
    {
        QByteArray match;
        QByteArray bytes;
        Ending ending = Ending::KeepOpen;
        qsizetype truncateAt = -1;
        int uses = -1; // -1: any number of times
    };
    struct Request
    {
        int connection = 0;
        QByteArray target;
        QByteArray body;
        QString queryId() const
        {
            return QUrlQuery(QString::fromUtf8(target.mid(target.indexOf('?') + 1)))
                    .queryItemValue(u"query_id"_s);
        }
    };

    ~ReplayServer() override
    {
        quit();
        wait();
    }

    void addReply(Reply reply)
    {
        QMutexLocker lock(&m_mutex);
        m_replies.append(std::move(reply));
    }

    QList<Request> requests() const
    {
        QMutexLocker lock(&m_mutex);
        return m_requests;
    }

    QList<Request> requestsMatching(QByteArrayView text) const
    {
        QList<Request> found;
        for (const Request &request : requests()) {
            if (request.body.contains(text))
                found.append(request);
        }
        return found;
    }

    // Starts the server the first time; its port.
    quint16 listen()
    {
        if (!isRunning())
            start();
        while (m_port.loadAcquire() == 0)
            QThread::msleep(5);
        return quint16(m_port.loadAcquire());
    }

protected:
    void run() override
    {
        QTcpServer server;
        server.listen(QHostAddress::LocalHost);
        int connections = 0;
        QObject::connect(&server, &QTcpServer::newConnection, &server, [&] {
            while (QTcpSocket *socket = server.nextPendingConnection()) {
                const int id = ++connections;
                auto buffer = std::make_shared<QByteArray>();
                QObject::connect(socket, &QTcpSocket::readyRead, socket, [=, this] {
                    buffer->append(socket->readAll());
                    serve(socket, id, *buffer);
                });
                QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        m_port.storeRelease(server.serverPort());
        exec();
    }

private:
    void serve(QTcpSocket *socket, int connection, QByteArray &buffer)
    {
        for (;;) {
            const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
            if (headEnd < 0)
                return;
            const QByteArray head = buffer.left(headEnd);
            qsizetype length = 0;
            for (const QByteArray &line : head.split('\n')) {
                if (line.toLower().startsWith("content-length:"))
                    length = line.mid(15).trimmed().toLongLong();
            }
            if (buffer.size() < headEnd + 4 + length)
                return;
            Request request;
            request.connection = connection;
            request.target = head.left(head.indexOf('\n')).split(' ').value(1);
            request.body = buffer.mid(headEnd + 4, length);
            buffer.remove(0, headEnd + 4 + length);
            Reply reply;
            {
                QMutexLocker lock(&m_mutex);
                m_requests.append(request);
                for (Reply &candidate : m_replies) {
                    if (candidate.uses != 0 && request.body.contains(candidate.match)) {
                        if (candidate.uses > 0)
                            --candidate.uses;
                        reply = candidate;
                        break;
                    }
                }
            }
            switch (reply.ending) {
            case Ending::Silent:
                return;
            case Ending::DropRequest:
                socket->abort();
                return;
            default:
                break;
            }
            socket->write(reply.truncateAt >= 0 ? reply.bytes.left(reply.truncateAt) : reply.bytes);
            if (reply.ending == Ending::Close || reply.truncateAt >= 0) {
                socket->disconnectFromHost();
                return;
            }
            if (reply.ending == Ending::CloseWhenIdle)
                QTimer::singleShot(100, socket, [socket] { socket->disconnectFromHost(); });
        }
    }

    mutable QMutex m_mutex;
    QList<Reply> m_replies;
    QList<Request> m_requests;
    QAtomicInt m_port{0};
};

QByteArray recorded(const QString &name)
{
    const QString base = QStringLiteral(SQLMEND_TEST_DATA_DIR "/clickhouse/replies/") + name;
    QFile plain(base + u".http"_s);
    if (plain.open(QIODevice::ReadOnly))
        return plain.readAll();
    QFile compressed(base + u".http.qz"_s);
    if (compressed.open(QIODevice::ReadOnly))
        return qUncompress(compressed.readAll());
    return {};
}

// The body of a recorded chunked response, and the response framed another way.
QByteArray dechunked(const QByteArray &response)
{
    QByteArray body;
    qsizetype pos = response.indexOf("\r\n\r\n") + 4;
    for (;;) {
        const qsizetype end = response.indexOf("\r\n", pos);
        const qsizetype size = response.mid(pos, end - pos).toLongLong(nullptr, 16);
        if (size == 0)
            return body;
        body += response.mid(end + 2, size);
        pos = end + 2 + size + 2;
    }
}

QByteArray reframed(const QByteArray &response, bool withLength)
{
    const QByteArray body = dechunked(response);
    QByteArray head = response.left(response.indexOf("\r\n\r\n"));
    head.replace("Transfer-Encoding: chunked\r\n", "");
    head.replace("Transfer-Encoding: chunked", "");
    if (withLength)
        head += "\r\nContent-Length: " + QByteArray::number(body.size());
    else
        head.replace("Connection: Keep-Alive", "Connection: close");
    return head + "\r\n\r\n" + body;
}

} // namespace

// The ClickHouse driver against a scripted server that replays responses recorded from a real
// ClickHouse 18.16 (tests/clickhouse/record-replies.sh), for the paths a live server does not
// produce on cue: a dropped connection in the middle of a result, an error after rows, a kept
// connection the server dropped, a server that never answers.
class TestClickHouseReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void readsTypesAndNulls();
    void readsDecimalsAtHighPrecision();
    void readsRowsOverOneKeptConnection();
    void readsOtherFramings_data();
    void readsOtherFramings();
    void reportsDroppedConnection_data();
    void reportsDroppedConnection();
    void reportsErrorAfterRows_data();
    void reportsErrorAfterRows();
    void keepsValueThatLooksLikeError_data();
    void keepsValueThatLooksLikeError();
    void takesLastRowInErrorShapeAfterOneMiBForError();
    void reportsErrorBeforeRows_data();
    void reportsErrorBeforeRows();
    void refusesOtherFormats();
    void runsStatementWithoutResult();
    void refusesWrongPassword();
    void retriesKeptConnectionDroppedByServer();
    void reconnectsAfterServerClosedIdleConnection();
    void cancelEndsWaitAndSendsKill_data();
    void cancelEndsWaitAndSendsKill();
    void fillsPlaceholdersWithEscapedLiterals();
    void sendsSettingsButNeverOverridesReadonly();
    void readsServerErrorText_data();
    void readsServerErrorText();

private:
    QSqlDatabase connect(ReplayServer &server, const QString &options = {});
    void addProbe(ReplayServer &server);

    QStringList m_names;
};

void TestClickHouseReplay::initTestCase()
{
    QVERIFY2(!recorded(u"probe"_s).isEmpty(), "tests/data/clickhouse/replies is missing");
}

void TestClickHouseReplay::cleanup()
{
    for (const QString &name : std::as_const(m_names)) {
        {
            QSqlDatabase db = QSqlDatabase::database(name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
    m_names.clear();
}

void TestClickHouseReplay::addProbe(ReplayServer &server)
{
    server.addReply({"name = 'readonly'", recorded(u"probe"_s)});
}

QSqlDatabase TestClickHouseReplay::connect(ReplayServer &server, const QString &options)
{
    const quint16 port = server.listen();
    const QString name = u"replay-%1"_s.arg(m_names.size());
    m_names.append(name);
    QSqlDatabase db = QSqlDatabase::addDatabase(ClickHouseDriver::qtDriverName(), name);
    db.setHostName(u"127.0.0.1"_s);
    db.setPort(port);
    db.setUserName(u"sqlmend_ro"_s);
    db.setPassword(u"secret"_s);
    db.setDatabaseName(u"sqlmend_test"_s);
    db.setConnectOptions(options);
    db.open();
    return db;
}

void TestClickHouseReplay::readsTypesAndNulls()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"AS i8", recorded(u"types"_s)});
    QSqlDatabase db = connect(server);
    QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
    auto *driver = qobject_cast<ClickHouseDriver *>(db.driver());
    QVERIFY(driver);
    QCOMPARE(driver->serverVersion(), u"18.16.1"_s);
    QCOMPARE(driver->profileReadonly(), 1);

    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY2(query.exec(u"SELECT ... AS i8 ..."_s), qPrintable(query.lastError().text()));
    QVERIFY(query.isSelect());
    const QSqlRecord record = query.record();
    QCOMPARE(record.count(), 17);
    QCOMPARE(record.fieldName(0), u"i8"_s);
    QCOMPARE(record.field(u"i8"_s).metaType().id(), QMetaType::LongLong);
    QCOMPARE(record.field(u"u64"_s).metaType().id(), QMetaType::ULongLong);
    QCOMPARE(record.field(u"dec"_s).metaType().id(), QMetaType::Double);
    QCOMPARE(record.field(u"day"_s).metaType().id(), QMetaType::QDate);
    QCOMPARE(record.field(u"utc"_s).metaType().id(), QMetaType::QDateTime);
    QCOMPARE(record.field(u"missing"_s).metaType().id(), QMetaType::LongLong);
    QCOMPARE(record.field(u"list"_s).metaType().id(), QMetaType::QString);
    QCOMPARE(record.field(u"missing"_s).requiredStatus(), QSqlField::Optional);
    QCOMPARE(record.field(u"i8"_s).requiredStatus(), QSqlField::Required);

    QVERIFY(query.next());
    QCOMPARE(query.value(u"i8"_s), QVariant(qlonglong(-8)));
    QCOMPARE(query.value(u"u64"_s), QVariant(qulonglong(18446744073709551615ULL)));
    QVERIFY(std::isnan(query.value(u"nan"_s).toDouble()));
    QVERIFY(std::isinf(query.value(u"inf"_s).toDouble()));
    QCOMPARE(query.value(u"dec"_s).toDouble(), 123456789.123456);
    QCOMPARE(query.value(u"day"_s).toDate(), QDate(2024, 2, 29));
    // DateTime('Asia/Shanghai') is that zone's wall clock; a plain DateTime the server's (UTC).
    QCOMPARE(query.value(u"shanghai"_s).toDateTime().toUTC(),
             QDateTime(QDate(2024, 3, 1), QTime(2, 0), Qt::UTC));
    QCOMPARE(query.value(u"utc"_s).toDateTime().toUTC(),
             QDateTime(QDate(2024, 3, 1), QTime(10, 0), Qt::UTC));
    QVERIFY(query.isNull(u"missing"_s));
    QVERIFY(query.value(u"missing"_s).isNull());
    QCOMPARE(query.value(u"missing"_s).metaType().id(), QMetaType::LongLong);
    QVERIFY(!query.isNull(u"present"_s));
    QCOMPARE(query.value(u"present"_s).toString(), u"x"_s);
    QCOMPARE(query.value(u"escaped"_s).toString(), u"tab\there\nline\\slash"_s);
    // Composite values read as the server prints them, their inner quoting untouched.
    QCOMPARE(query.value(u"list"_s).toString(), u"[1,2]"_s);
    QCOMPARE(query.value(u"words"_s).toString(), u"['a','b\\'c']"_s);
    QCOMPARE(query.value(u"pair"_s).toString(), u"(1,'x')"_s);
    QCOMPARE(query.value(u"fixed"_s).toString(), QString(u"ab\0"_s));
    QCOMPARE(query.value(u"choice"_s).toString(), u"b"_s);
    QCOMPARE(query.value(u"id"_s).toString(), u"61f0c404-5cb3-11e7-907b-a6006ad3dba0"_s);
    QVERIFY(!query.next());
    QVERIFY(!query.lastError().isValid());
    QCOMPARE(query.numRowsAffected(), -1);
    QCOMPARE(query.size(), -1);
}

void TestClickHouseReplay::readsDecimalsAtHighPrecision()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"AS i8", recorded(u"types"_s)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.setNumericalPrecisionPolicy(QSql::HighPrecision);
    QVERIFY(query.exec(u"SELECT ... AS i8 ..."_s));
    QVERIFY(query.next());
    QCOMPARE(query.value(u"dec"_s), QVariant(u"123456789.123456"_s));
}

void TestClickHouseReplay::readsRowsOverOneKeptConnection()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"LIMIT 5000", recorded(u"numbers"_s)});
    QSqlDatabase db = connect(server);
    for (int round = 0; round < 3; ++round) {
        QSqlQuery query(db);
        query.setForwardOnly(true);
        QVERIFY(query.exec(u"SELECT number, toString(number) AS text FROM system.numbers "
                           u"LIMIT 5000"_s));
        qint64 sum = 0;
        int rows = 0;
        while (query.next()) {
            sum += query.value(0).toLongLong();
            QCOMPARE(query.value(1).toString(), QString::number(rows));
            ++rows;
        }
        QVERIFY2(!query.lastError().isValid(), qPrintable(query.lastError().text()));
        QCOMPARE(rows, 5000);
        QCOMPARE(sum, qint64(4999) * 5000 / 2);
    }
    const QList<ReplayServer::Request> requests = server.requests();
    QCOMPARE(requests.size(), 4);
    for (const ReplayServer::Request &request : requests)
        QCOMPARE(request.connection, 1);
    // Every statement runs under its own query id.
    QSet<QString> ids;
    for (const ReplayServer::Request &request : requests)
        ids.insert(request.queryId());
    QCOMPARE(ids.size(), 4);
}

void TestClickHouseReplay::readsOtherFramings_data()
{
    QTest::addColumn<bool>("withLength");
    QTest::newRow("Content-Length") << true;
    QTest::newRow("until close") << false;
}

void TestClickHouseReplay::readsOtherFramings()
{
    QFETCH(bool, withLength);
    ReplayServer server;
    addProbe(server);
    server.addReply({"FROM users", reframed(recorded(u"users"_s), withLength),
                     withLength ? ReplayServer::Ending::KeepOpen : ReplayServer::Ending::Close});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY2(query.exec(u"SELECT id, username, email, created_at FROM users ORDER BY id"_s),
             qPrintable(query.lastError().text()));
    QStringList names;
    while (query.next()) {
        names.append(query.value(1).toString());
        if (query.value(0).toInt() == 3)
            QVERIFY(query.isNull(2));
    }
    QVERIFY2(!query.lastError().isValid(), qPrintable(query.lastError().text()));
    QCOMPARE(names, (QStringList{u"ana"_s, u"bo"_s, u"chen"_s, u"dara"_s, u"emeka"_s}));
}

void TestClickHouseReplay::reportsDroppedConnection_data()
{
    QTest::addColumn<qsizetype>("cut");
    QTest::addColumn<bool>("execFails");
    QTest::addColumn<bool>("allRows");
    const QByteArray full = recorded(u"numbers"_s);
    QTest::newRow("inside the head") << qsizetype(40) << true << false;
    QTest::newRow("after the head") << full.indexOf("\r\n\r\n") + 4 << true << false;
    QTest::newRow("inside the first rows") << qsizetype(2000) << false << false;
    QTest::newRow("inside a chunk header") << full.indexOf("\r\n", 20000) + 1 << false << false;
    // Every row arrived, but the end of the response did not: the result is not complete.
    QTest::newRow("before the last chunk") << full.size() - 7 << false << true;
}

void TestClickHouseReplay::reportsDroppedConnection()
{
    QFETCH(qsizetype, cut);
    QFETCH(bool, execFails);
    QFETCH(bool, allRows);
    ReplayServer server;
    addProbe(server);
    ReplayServer::Reply reply{"LIMIT 5000", recorded(u"numbers"_s)};
    reply.truncateAt = cut;
    server.addReply(reply);
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    const bool executed = query.exec(u"SELECT number FROM system.numbers LIMIT 5000"_s);
    QCOMPARE(executed, !execFails);
    int rows = 0;
    while (query.next())
        ++rows;
    QVERIFY(query.lastError().isValid());
    QCOMPARE(query.lastError().type(), QSqlError::ConnectionError);
    QVERIFY2(query.lastError().text().contains(u"closed"), qPrintable(query.lastError().text()));
    QCOMPARE(rows == 5000, allRows);
    qInfo("cut at byte %lld: %d rows, then: %s", qint64(cut), rows,
          qPrintable(query.lastError().text()));
}

void TestClickHouseReplay::reportsErrorAfterRows_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("columns");
    // Recorded: throwIf(number = 200000) fails in the fourth block of 65536 rows, once the
    // server has flushed the first 1 MiB with status 200.
    QTest::newRow("two columns") << u"error_after_rows"_s << 2;
    QTest::newRow("one String column") << u"error_after_text_rows"_s << 1;
}

void TestClickHouseReplay::reportsErrorAfterRows()
{
    QFETCH(QString, reply);
    QFETCH(int, columns);
    ReplayServer server;
    addProbe(server);
    server.addReply({"throwIf", recorded(reply)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY2(query.exec(u"SELECT ... WHERE throwIf(number = 200000) = 0"_s),
             qPrintable(query.lastError().text()));
    QCOMPARE(query.record().count(), columns);
    int rows = 0;
    while (query.next()) {
        QCOMPARE(query.value(columns - 1).toString(), u"kettle"_s);
        ++rows;
    }
    QCOMPARE(rows, 3 * 65536);
    const QSqlError error = query.lastError();
    QCOMPARE(error.nativeErrorCode(), u"395"_s);
    QCOMPARE(error.type(), QSqlError::StatementError);
    QCOMPARE(error.databaseText(),
             u"Code: 395, e.displayText() = DB::Exception: Value passed to 'throwIf' function is "
             u"non zero, e.what() = DB::Exception"_s);
}

void TestClickHouseReplay::keepsValueThatLooksLikeError_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QStringList>("after");
    QTest::newRow("followed by a row") << u"lookalike"_s << QStringList{u"the next row"_s};
    QTest::newRow("the last row") << u"lookalike_last"_s << QStringList();
}

// A String value in the server's error shape, within the first MiB (where the server never
// appends an error to rows), is a value.
void TestClickHouseReplay::keepsValueThatLooksLikeError()
{
    QFETCH(QString, reply);
    QFETCH(QStringList, after);
    ReplayServer server;
    addProbe(server);
    server.addReply({"AS s", recorded(reply)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY2(query.exec(u"SELECT ... AS s"_s), qPrintable(query.lastError().text()));
    QVERIFY(query.next());
    QVERIFY(query.value(0).toString().startsWith(u"Code: 47, e.displayText()"));
    QStringList rest;
    while (query.next())
        rest.append(query.value(0).toString());
    QCOMPARE(rest, after);
    QVERIFY(!query.lastError().isValid());
}

// The documented limit of reading errors out of a stream: a single String column longer than
// 1 MiB whose last value is text in the server's exact error shape ends in that "error".
void TestClickHouseReplay::takesLastRowInErrorShapeAfterOneMiBForError()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"AS product", recorded(u"lookalike_after_mib"_s)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY(query.exec(u"SELECT ... AS product"_s));
    int rows = 0;
    while (query.next())
        ++rows;
    QCOMPARE(rows, 199999);
    QCOMPARE(query.lastError().nativeErrorCode(), u"47"_s);
}

void TestClickHouseReplay::reportsErrorBeforeRows_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("text");
    QTest::newRow("unknown column")
            << u"unknown_column"_s << u"47"_s
            << u"Code: 47, e.displayText() = DB::Exception: Unknown identifier: nosuch, "
               u"e.what() = DB::Exception"_s;
    QTest::newRow("readonly SET")
            << u"readonly_set"_s << u"164"_s
            << u"Code: 164, e.displayText() = DB::Exception: Cannot execute SET query in "
               u"readonly mode, e.what() = DB::Exception"_s;
}

void TestClickHouseReplay::reportsErrorBeforeRows()
{
    QFETCH(QString, reply);
    QFETCH(QString, code);
    QFETCH(QString, text);
    ReplayServer server;
    addProbe(server);
    server.addReply({"nosuch", recorded(reply)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY(!query.exec(u"SELECT nosuch FROM users"_s));
    const QSqlError error = query.lastError();
    QCOMPARE(error.type(), QSqlError::StatementError);
    QCOMPARE(error.nativeErrorCode(), code);
    QCOMPARE(error.databaseText(), text);
    QCOMPARE(error.text(), text); // nothing of the driver's own to peel off
    QVERIFY(!query.isActive());
    // The connection answers the next statement.
    server.addReply({"FROM users ORDER BY id", recorded(u"users"_s)});
    QVERIFY(query.exec(u"SELECT id FROM users ORDER BY id"_s));
}

void TestClickHouseReplay::refusesOtherFormats()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"FORMAT JSONEachRow", recorded(u"json"_s)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    QVERIFY(!query.exec(u"SELECT 1 AS x FORMAT JSONEachRow"_s));
    QVERIFY2(query.lastError().text().contains(u"FORMAT"), qPrintable(query.lastError().text()));
}

void TestClickHouseReplay::runsStatementWithoutResult()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"INSERT", recorded(u"insert"_s)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    QVERIFY2(query.exec(u"INSERT INTO replay_insert VALUES (1), (2)"_s),
             qPrintable(query.lastError().text()));
    QVERIFY(query.isActive());
    QVERIFY(!query.isSelect());
    QVERIFY(!query.next());
    QCOMPARE(query.numRowsAffected(), -1); // 18.16 sends no X-ClickHouse-Summary
}

void TestClickHouseReplay::refusesWrongPassword()
{
    ReplayServer server;
    server.addReply({"name = 'readonly'", recorded(u"wrong_password"_s)});
    QSqlDatabase db = connect(server);
    QVERIFY(!db.isOpen());
    QCOMPARE(db.lastError().type(), QSqlError::ConnectionError);
    QCOMPARE(db.lastError().nativeErrorCode(), u"193"_s);
    QVERIFY(db.lastError().databaseText().contains(u"Wrong password for user sqlmend_ro"));
}

void TestClickHouseReplay::retriesKeptConnectionDroppedByServer()
{
    ReplayServer server;
    addProbe(server);
    ReplayServer::Reply first{"FROM users", recorded(u"users"_s)};
    first.uses = 1;
    ReplayServer::Reply dropped{"FROM users", {}, ReplayServer::Ending::DropRequest};
    dropped.uses = 1;
    server.addReply(first);
    server.addReply(dropped);
    server.addReply({"FROM users", recorded(u"users"_s)});
    QSqlDatabase db = connect(server);
    for (int round = 0; round < 2; ++round) {
        QSqlQuery query(db);
        query.setForwardOnly(true);
        QVERIFY2(query.exec(u"SELECT id, username, email, created_at FROM users"_s),
                 qPrintable(query.lastError().text()));
        int rows = 0;
        while (query.next())
            ++rows;
        QCOMPARE(rows, 5);
    }
    const QList<ReplayServer::Request> sent = server.requestsMatching("FROM users");
    QCOMPARE(sent.size(), 3);
    QCOMPARE(sent.at(1).connection, sent.at(0).connection); // reused, then dropped
    QVERIFY(sent.at(2).connection != sent.at(1).connection);
    QCOMPARE(sent.at(2).queryId(), sent.at(1).queryId()); // the same statement, sent again
}

void TestClickHouseReplay::reconnectsAfterServerClosedIdleConnection()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"FROM users", recorded(u"users"_s), ReplayServer::Ending::CloseWhenIdle});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY(query.exec(u"SELECT id FROM users"_s));
    while (query.next()) { }
    QThread::msleep(400); // the server closes after 100 ms
    QVERIFY2(query.exec(u"SELECT id FROM users"_s), qPrintable(query.lastError().text()));
    int rows = 0;
    while (query.next())
        ++rows;
    QCOMPARE(rows, 5);
    const QList<ReplayServer::Request> sent = server.requestsMatching("FROM users");
    QCOMPARE(sent.size(), 2); // noticed before sending: no retry needed
    QVERIFY(sent.at(1).connection != sent.at(0).connection);
}

void TestClickHouseReplay::cancelEndsWaitAndSendsKill_data()
{
    QTest::addColumn<bool>("throughQSqlDriver");
    QTest::newRow("canceller()") << false;
    QTest::newRow("QSqlDriver::cancelQuery()") << true;
}

void TestClickHouseReplay::cancelEndsWaitAndSendsKill()
{
    QFETCH(bool, throughQSqlDriver);
    ReplayServer server;
    addProbe(server);
    server.addReply({"system.numbers", {}, ReplayServer::Ending::Silent});
    server.addReply({"KILL QUERY", recorded(u"kill"_s)});
    QSqlDatabase db = connect(server);
    auto *driver = qobject_cast<ClickHouseDriver *>(db.driver());
    QVERIFY(driver);
    QVERIFY(!driver->cancelQuery()); // nothing runs yet
    const std::function<void()> cancel = driver->canceller();

    std::atomic<bool> fired{false};
    std::thread canceller([&] {
        for (int i = 0; i < 2000 && server.requestsMatching("system.numbers").isEmpty(); ++i)
            QThread::msleep(5);
        if (throughQSqlDriver)
            driver->cancelQuery();
        else
            cancel();
        fired = true;
    });
    QSqlQuery query(db);
    query.setForwardOnly(true);
    const bool executed = query.exec(u"SELECT count() FROM system.numbers"_s);
    canceller.join();
    QVERIFY(fired);
    QVERIFY(!executed);
    QCOMPARE(query.lastError().type(), QSqlError::StatementError);
    QVERIFY2(query.lastError().text().contains(u"cancelled"), qPrintable(query.lastError().text()));

    const QList<ReplayServer::Request> runaway = server.requestsMatching("system.numbers");
    QCOMPARE(runaway.size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(server.requestsMatching("KILL QUERY").size(), 1, 10000);
    const ReplayServer::Request kill = server.requestsMatching("KILL QUERY").first();
    QCOMPARE(QString::fromUtf8(kill.body),
             u"KILL QUERY WHERE query_id = '%1' ASYNC"_s.arg(runaway.first().queryId()));
    QVERIFY(kill.connection != runaway.first().connection);
    QVERIFY(driver->runningQueryId().isEmpty());
}

void TestClickHouseReplay::fillsPlaceholdersWithEscapedLiterals()
{
    ReplayServer server;
    addProbe(server);
    server.addReply({"FROM users", recorded(u"users"_s)});
    QSqlDatabase db = connect(server);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QVERIFY(query.prepare(u"SELECT id FROM users WHERE username = ? AND id > ? AND email = ?"_s));
    query.addBindValue(u"o'b\\x\ny"_s);
    query.addBindValue(2);
    query.addBindValue(QVariant(QMetaType(QMetaType::QString)));
    QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
    const QList<ReplayServer::Request> sent = server.requestsMatching("FROM users");
    QCOMPARE(sent.size(), 1);
    QCOMPARE(sent.first().body,
             QByteArray("SELECT id FROM users WHERE username = 'o\\'b\\\\x\\ny' AND id > 2 AND "
                        "email = NULL"));
}

void TestClickHouseReplay::sendsSettingsButNeverOverridesReadonly()
{
    ReplayServer server;
    addProbe(server); // the profile is readonly=1
    server.addReply({"SELECT 1", recorded(u"users"_s)});
    server.addReply({"FROM users", recorded(u"users"_s)});
    QSqlDatabase db = connect(server, u"readonly=1;max_threads=2"_s);
    QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
    auto *driver = qobject_cast<ClickHouseDriver *>(db.driver());
    // The profile already imposes readonly=1: it is not restated.
    QCOMPARE(driver->connectionSettings(),
             (ClickHouseDriver::Settings{{u"max_threads"_s, u"2"_s}}));
    driver->setQuerySettings({{u"readonly"_s, u"0"_s},
                              {u"max_threads"_s, u"8"_s},
                              {u"max_execution_time"_s, u"3"_s},
                              {u"query_id"_s, u"mine"_s}});
    QCOMPARE(driver->querySettings(),
             (ClickHouseDriver::Settings{{u"max_execution_time"_s, u"3"_s}}));
    QSqlQuery query(db);
    QVERIFY(query.exec(u"SELECT id FROM users"_s));
    const QByteArray target = server.requestsMatching("FROM users").first().target;
    QVERIFY2(target.contains("&max_threads=2&max_execution_time=3"), target.constData());
    QVERIFY(!target.contains("readonly"));
    QVERIFY(target.contains("&database=sqlmend_test"));
    QVERIFY(target.contains("default_format=TabSeparatedWithNamesAndTypes"));

    QCOMPARE(ClickHouseDriver::runSettings(1500, 100),
             (ClickHouseDriver::Settings{{u"max_execution_time"_s, u"2"_s},
                                         {u"timeout_overflow_mode"_s, u"throw"_s},
                                         {u"max_result_rows"_s, u"101"_s},
                                         {u"result_overflow_mode"_s, u"break"_s}}));
    QCOMPARE(ClickHouseDriver::runSettings(1, 0),
             (ClickHouseDriver::Settings{{u"max_execution_time"_s, u"1"_s},
                                         {u"timeout_overflow_mode"_s, u"throw"_s}}));
    QVERIFY(ClickHouseDriver::runSettings(0, 0).isEmpty());
}

void TestClickHouseReplay::readsServerErrorText_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("errorLine");
    QTest::newRow("18.x") << QByteArray("Code: 60, e.displayText() = DB::Exception: Table "
                                        "sqlmend_test.customers doesn't exist., e.what() = "
                                        "DB::Exception\n")
                          << u"60"_s << true;
    // The form of 20.x and later servers (public bug reports; this machine runs 18.16).
    QTest::newRow("22.x") << QByteArray("Code: 60. DB::Exception: Table default.sales doesn't "
                                        "exist. (UNKNOWN_TABLE) (version 22.8.6.71 (official "
                                        "build))\n")
                          << u"60"_s << true;
    QTest::newRow("from a shard") << QByteArray(
            "Code: 159. DB::Exception: Received from localhost:9000. "
            "DB::Exception: Timeout exceeded: elapsed 5.0 seconds, maximum: 5.")
                                  << u"159"_s << true;
    QTest::newRow("Poco") << QByteArray("Poco::Exception. Code: 1000, e.code() = 111, "
                                        "e.displayText() = Connection refused, e.what() = "
                                        "Connection refused")
                          << u"1000"_s << true;
    QTest::newRow("a proxy's page")
            << QByteArray("<html><body>502 Bad Gateway</body></html>") << QString() << false;
    QTest::newRow("a value") << QByteArray("Code: 47 is what the manual says") << QString()
                             << false;
}

void TestClickHouseReplay::readsServerErrorText()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, code);
    QFETCH(bool, errorLine);
    QCOMPARE(ClickHouseDriver::isServerErrorLine(body), errorLine);
    const QSqlError error = ClickHouseDriver::serverError(502, body);
    QCOMPARE(error.nativeErrorCode(), code);
    if (code.isEmpty()) {
        QCOMPARE(error.type(), QSqlError::ConnectionError);
        QVERIFY2(error.text().contains(u"HTTP 502"), qPrintable(error.text()));
    } else {
        QCOMPARE(error.databaseText(), QString::fromUtf8(body.trimmed()));
        QVERIFY(error.driverText().isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestClickHouseReplay)
#include "tst_clickhousereplay.moc"
