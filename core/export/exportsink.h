#pragma once

#include "core/exec/rowsink.h"
#include "core/export/exportwriter.h"

#include <QElapsedTimer>

#include <memory>
#include <optional>

namespace sqlmend::core {

// A run's rows streamed through one of the export writers as the worker fetches them (what
// `sqlmend run` prints or writes): the header when the statement's columns are known, each row as
// it arrives. The first row goes out at once and then at least every FlushIntervalMs while rows
// come, so a reader sees rows while a long result is still being read; otherwise the writer's
// blocks go out as they fill. Used from the worker during the run and from the caller after it.
class ExportSink final : public RowSink
{
public:
    static constexpr qint64 FlushIntervalMs = 200;

    explicit ExportSink(std::unique_ptr<ExportWriter> writer);

    bool row(const QVariantList &row) override;
    // After the run: the writer's footer and what is still buffered. Fails with what stopped the
    // rows, if anything did.
    Result<Done> finish();

    const std::optional<Failure> &failure() const { return m_failure; }
    qint64 rowsWritten() const { return m_writer->rowsWritten(); }
    ExportWriter &writer() { return *m_writer; }

protected:
    bool beginRows(const QStringList &columns, const QList<QMetaType> &columnTypes) override;

private:
    bool fail(Result<Done> result);

    std::unique_ptr<ExportWriter> m_writer;
    std::optional<Failure> m_failure;
    QElapsedTimer m_sinceFlush;
    bool m_begun = false;
};

} // namespace sqlmend::core
