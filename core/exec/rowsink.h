#pragma once

#include <QMetaType>
#include <QStringList>
#include <QVariantList>

namespace sqlmend::core {

// Where a run's rows go as they are fetched, for a caller that streams them on (a command line
// writing to a pipe or a file) instead of keeping them: called on the connection's worker
// thread, between two fetches, so a slow reader slows the fetch (back-pressure) and memory stays
// bounded by what the sink buffers, never by the result.
class RowSink
{
public:
    virtual ~RowSink() = default;

    // Once per statement whose rows are fetched, before its first row (also for no rows), with
    // the result's column names and the driver's types. False: the rows can go nowhere; the
    // fetch stops.
    bool begin(const QStringList &columns, const QList<QMetaType> &columnTypes)
    {
        m_started = true;
        return beginRows(columns, columnTypes);
    }
    // One fetched row, as many cells as columns. False: the rows can go nowhere (a closed pipe,
    // a full disk); the fetch stops there and the run ends cancelled.
    virtual bool row(const QVariantList &row) = 0;

    // Whether a statement's rows have begun to go out: after that no other statement's rows may
    // follow them (a repair must not mix the rows of two attempts).
    bool started() const { return m_started; }

protected:
    virtual bool beginRows(const QStringList &columns, const QList<QMetaType> &columnTypes) = 0;

private:
    bool m_started = false;
};

} // namespace sqlmend::core
