#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QSqlRecord>
#include <QSqlResult>
#include <QStringView>
#include <QTimeZone>

#include <atomic>
#include <deque>
#include <memory>

namespace sqlmend::core {

class ClickHouseConnection;
class ClickHouseDriver;

// One statement on a ClickHouseDriver. exec() sends it and returns once the column names, their
// types and the first row (or the end, or an error) have arrived; every fetch then reads one more
// row from the socket, so a result of any size passes through a buffer of about one network
// read. Forward only: fetch(i) moves on to row i, never back.
//
// A server that fails after sending rows appends its error text to the rows it already sent
// (status 200 is gone by then). It holds the first 1 MiB of a result back, and fails with a
// status of its own while nothing has left, so such an error follows at least 1 MiB of rows. A
// line in the server's error shape that cannot be a row (wrong field count, or a value that does
// not parse as its column's type) is that error; one that could be a row (a single String
// column) is taken for the error only after 1 MiB and when the response ends within the next
// 64 KiB. The one result read wrongly: a single String column longer than 1 MiB whose last
// values hold text in the server's exact error shape.
class ClickHouseResult final : public QSqlResult
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ClickHouseResult)

public:
    explicit ClickHouseResult(const ClickHouseDriver *driver);
    ~ClickHouseResult() override;

    // The query id the last statement ran under (for KILL QUERY and system.processes).
    QString queryId() const { return m_queryId; }

    // How a ClickHouse type ("Nullable(Int32)", "DateTime('UTC')", "Array(String)") is read.
    enum class ValueKind { Int, UInt, BigInt, Float, Decimal, Bool, Date, DateTime, Text, Raw };
    struct ColumnType
    {
        ValueKind kind = ValueKind::Text;
        bool nullable = false;
        QTimeZone timeZone; // DateTime('zone'); invalid: the server's
        bool utc = false;   // the zone in effect is UTC (read without a zone lookup)
    };
    static ColumnType columnType(QStringView type);
    static QMetaType metaTypeOf(const ColumnType &type);
    // TSV escapes (\t, \n, \\, \', \0, \xHH, ...) undone.
    static QByteArray unescape(QByteArrayView field);

protected:
    bool reset(const QString &query) override;
    bool fetch(int index) override;
    bool fetchFirst() override;
    bool fetchNext() override;
    bool fetchPrevious() override;
    bool fetchLast() override;
    QVariant data(int index) override;
    bool isNull(int index) override;
    int size() override;
    int numRowsAffected() override;
    QSqlRecord record() const override;
    void detachFromResultSet() override;

private:
    friend class ClickHouseDriver;
    enum class Next { Row, End, Failed };

    const ClickHouseDriver *clickHouseDriver() const;
    // Ends the response: the connection goes back to the driver when it was read to its end.
    void releaseStream();
    bool failWith(const QSqlError &error);
    bool failConnection();
    bool readHeader();
    // The next raw line: a looked-ahead one first, then the socket.
    struct Line
    {
        QByteArray text;
        qint64 offset = 0; // where it starts in the body
    };
    bool takeLine(Line &line);
    Next nextRow(QByteArray &text);
    Next errorAfterRows(const Line &line);
    QByteArray joinedLookahead(const QByteArray &first, size_t from) const;
    bool splitRow(const QByteArray &line, QList<QByteArrayView> &fields) const;
    bool fitsRow(const QByteArray &line) const;
    bool acceptRow(QByteArray line);
    QVariant decode(int index) const;
    bool fieldFits(int index, QByteArrayView field) const;

    bool m_withSettings = true; // false for the driver's first probe at open()
    QString m_queryId;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    std::unique_ptr<ClickHouseConnection> m_connection;
    quint64 m_connectionEpoch = 0;

    QSqlRecord m_record;
    QList<ColumnType> m_types;
    QTimeZone m_serverZone;
    std::deque<Line> m_lookahead;
    QByteArray m_deferredError; // a server error that follows the looked-ahead rows
    QByteArray m_pendingRow;    // the first row, read by exec(); already checked
    bool m_hasPendingRow = false;
    bool m_lineFromSocket = false;
    int m_affected = -1;

    QByteArray m_row; // the current row's line; m_fields point into it
    QList<QByteArrayView> m_fields;
};

} // namespace sqlmend::core
