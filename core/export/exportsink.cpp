#include "core/export/exportsink.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Rows between two looks at the clock: the look is cheap, but not free per row.
constexpr qint64 RowsPerClockCheck = 256;

} // namespace

ExportSink::ExportSink(std::unique_ptr<ExportWriter> writer) : m_writer(std::move(writer)) { }

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
    if (m_failure || !fail(m_writer->writeRow(row)))
        return false;
    const qint64 written = m_writer->rowsWritten();
    if (written == 1
        || (written % RowsPerClockCheck == 0 && m_sinceFlush.elapsed() >= FlushIntervalMs)) {
        m_sinceFlush.restart();
        return fail(m_writer->flush());
    }
    return true;
}

Result<Done> ExportSink::finish()
{
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
