#pragma once

#include "core/exec/rowsink.h"
#include "core/export/exportwriter.h"

#include <QElapsedTimer>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace sqlmend::core {

// A run's rows streamed through one of the export writers as the worker fetches them (what
// `sqlmend run` prints or writes): the header when the statement's columns are known, each row as
// it arrives. The first row goes out at once and then at least every FlushIntervalMs while rows
// come, so a reader sees rows while a long result is still being read; otherwise the writer's
// blocks go out as they fill. Used from the worker during the run and from the caller after it.
// The rows are encoded and written on a thread of the sink's own, a batch at a time, while the
// worker fetches the next ones; at most MaxBatchesInFlight batches wait for it (memory stays
// bounded, and a slow reader still slows the fetch). A write that fails stops the fetch at the
// next batch.
class ExportSink final : public RowSink
{
public:
    static constexpr qint64 FlushIntervalMs = 200;
    static constexpr qsizetype RowsPerBatch = 256;
    static constexpr qsizetype MaxBatchesInFlight = 4;

    explicit ExportSink(std::unique_ptr<ExportWriter> writer);
    ~ExportSink() override;

    bool row(const QVariantList &row) override;
    // After the run: the writer's footer and what is still buffered. Fails with what stopped the
    // rows, if anything did.
    Result<Done> finish();

    // What stopped the rows, once the batches handed on have been written.
    const std::optional<Failure> &failure();
    // Rows written so far; after the run, all of them.
    qint64 rowsWritten();
    ExportWriter &writer();

protected:
    bool beginRows(const QStringList &columns, const QList<QMetaType> &columnTypes) override;

private:
    // Rows of the same width, cell after cell: one allocation for the batch, none per row.
    struct Batch
    {
        QVariantList cells;
        qsizetype width = 0;
        qsizetype rows = 0;
        bool flush = false;
    };

    bool fail(Result<Done> result);
    // Hands the batch on to the writing thread (waiting while MaxBatchesInFlight wait for it);
    // with flush, the writer flushes after it.
    void handOn(bool flush);
    // Waits until every batch handed on is written, then takes the writing thread's failure.
    void settle();
    void writeBatches(); // the writing thread
    void stopWriting();

    std::unique_ptr<ExportWriter> m_writer;
    std::optional<Failure> m_failure;
    QElapsedTimer m_sinceFlush;
    Batch m_batch;
    qint64 m_rows = 0;
    bool m_begun = false;

    // Shared with the writing thread, under m_mutex.
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Batch> m_queue;
    bool m_writing = false; // a batch taken from the queue is being written
    bool m_stopping = false;
    std::optional<Failure> m_writeFailure;
    std::thread m_thread;
};

} // namespace sqlmend::core
