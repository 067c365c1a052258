#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace sqlmend::core {

struct SseEvent
{
    QByteArray event; // the "event:" field; empty means "message"
    QByteArray data;  // the "data:" lines joined with '\n'; raw bytes, decoded by the reader
    QByteArray id;
};

// An incremental, byte-oriented reader of text/event-stream. Bytes may arrive split anywhere
// (inside a UTF-8 sequence, between '\r' and '\n'); events come out whole. Memory is bounded: a
// line or an event above the limit puts the parser into a sticky error state.
class SseParser
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::SseParser)

public:
    static constexpr qsizetype DefaultLimit = 8 * 1024 * 1024;

    explicit SseParser(qsizetype maxLineBytes = DefaultLimit,
                       qsizetype maxEventBytes = DefaultLimit);

    // Consumes bytes and returns the events they completed. After an error it returns nothing.
    QList<SseEvent> feed(QByteArrayView bytes);
    // End of stream: an event still open (no closing blank line) is dispatched, leniently,
    // because several servers end with "data: [DONE]\n" and no blank line.
    QList<SseEvent> finish();

    bool hasError() const { return !m_error.isEmpty(); }
    QString errorString() const { return m_error; }
    qsizetype bufferedBytes() const { return m_line.size() + m_data.size(); }

private:
    void processLine(QList<SseEvent> &out);
    void dispatch(QList<SseEvent> &out);
    void fail(const QString &message);

    qsizetype m_maxLine;
    qsizetype m_maxEvent;
    QByteArray m_line;
    QByteArray m_data;
    QByteArray m_event;
    QByteArray m_id;
    bool m_hasData = false;
    bool m_lastWasCr = false;
    bool m_bomChecked = false;
    QString m_error;
};

} // namespace sqlmend::core
