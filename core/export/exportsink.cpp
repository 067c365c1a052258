#include "core/export/exportsink.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

ExportSink::ExportSink(std::unique_ptr<ExportWriter> writer) : m_writer(std::move(writer)) { }

ExportSink::~ExportSink()
{
    stopWriting();
}

void ExportSink::handOn(bool flush)
{
    if (m_batch.rows == 0 && !flush)
        return;
    Batch batch{std::move(m_batch.cells), m_batch.width, m_batch.rows, flush};
    m_batch.cells = QVariantList();
    m_batch.rows = 0;
    m_batch.cells.reserve(RowsPerBatch * batch.width);
    std::unique_lock lock(m_mutex);
    if (!m_thread.joinable())
        m_thread = std::thread([this] { writeBatches(); });
    m_changed.wait(
            lock, [this] { return m_queue.size() < size_t(MaxBatchesInFlight) || m_writeFailure; });
    if (m_writeFailure)
        return; // the rows can go nowhere; row() says so
    m_queue.push_back(std::move(batch));
    m_changed.notify_all();
}

void ExportSink::writeBatches()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [this] { return !m_queue.empty() || m_stopping; });
        if (m_queue.empty())
            return;
        Batch batch = std::move(m_queue.front());
        m_queue.pop_front();
        m_writing = true;
        lock.unlock();
        std::optional<Failure> failed;
        QVariantList row(batch.width);
        for (qsizetype r = 0; r < batch.rows; ++r) {
            for (qsizetype i = 0; i < batch.width; ++i)
                row[i] = std::move(batch.cells[r * batch.width + i]);
            if (Result<Done> written = m_writer->writeRow(row); !written) {
                failed = written.error();
                break;
            }
        }
        if (!failed && batch.flush) {
            if (Result<Done> flushed = m_writer->flush(); !flushed)
                failed = flushed.error();
        }
        row.clear();
        batch.cells.clear(); // the cells are freed here, not under the lock
        lock.lock();
        m_writing = false;
        if (failed) {
            m_writeFailure = std::move(failed);
            m_queue.clear();
        }
        m_changed.notify_all();
    }
}

void ExportSink::settle()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.empty() && !m_writing; });
    if (m_writeFailure && !m_failure)
        m_failure = m_writeFailure;
}

void ExportSink::stopWriting()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

const std::optional<Failure> &ExportSink::failure()
{
    settle();
    return m_failure;
}

qint64 ExportSink::rowsWritten()
{
    settle();
    return m_writer->rowsWritten();
}

ExportWriter &ExportSink::writer()
{
    settle();
    return *m_writer;
}

bool ExportSink::fail(Result<Done> result)
{
    if (result)
        return true;
    if (!m_failure)
        m_failure = result.error();
    return false;
}

bool ExportSink::beginRows(const QStringList &columns, const QList<QMetaType> &columnTypes)
{
    if (m_failure)
        return false;
    if (m_begun) {
        // One statement's rows per sink: RowSink::started() stops the repairs that would follow.
        m_failure = Failure{ExportWriter::tr("A second statement's rows cannot follow the "
                                             "first's."),
                            u"usage"_s};
        return false;
    }
    m_begun = true;
    m_sinceFlush.start();
    return fail(m_writer->begin(columns, columnTypes)); // begin() writes the header out
}

bool ExportSink::row(const QVariantList &row)
{
    if (m_failure)
        return false;
    if (m_rows == 0) {
        // The first row goes out from here, at once: nothing has been handed on yet.
        ++m_rows;
        m_sinceFlush.restart();
        return fail(m_writer->writeRow(row)) && fail(m_writer->flush());
    }
    // A copy of each cell: the worker fills the same list again for the next row. The rows of a
    // batch have one width; a row of another (never from one statement) starts a new batch.
    if (row.size() != m_batch.width) {
        handOn(false);
        m_batch.width = row.size();
        m_batch.cells.reserve(RowsPerBatch * m_batch.width);
    }
    m_batch.cells.append(row);
    ++m_batch.rows;
    ++m_rows;
    if (m_batch.rows >= RowsPerBatch) {
        const bool flush = m_sinceFlush.elapsed() >= FlushIntervalMs;
        if (flush)
            m_sinceFlush.restart();
        handOn(flush);
        std::lock_guard lock(m_mutex);
        if (m_writeFailure && !m_failure)
            m_failure = m_writeFailure;
        return !m_failure;
    }
    return true;
}

Result<Done> ExportSink::finish()
{
    handOn(false);
    settle();
    if (m_failure)
        return makeUnexpected(*m_failure);
    if (!m_begun)
        return makeFailure(ExportWriter::tr("No rows were fetched."), u"usage"_s);
    if (Result<Done> finished = m_writer->finish(); !finished) {
        m_failure = finished.error();
        return finished;
    }
    return Done{};
}

} // namespace sqlmend::core
