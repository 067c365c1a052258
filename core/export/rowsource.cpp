#include "core/export/rowsource.h"

#include "core/export/exportwriter.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

RowSource RowSource::fromRows(QStringList columns, QList<QVariantList> rows, QList<QMetaType> types)
{
    RowSource source;
    source.columns = std::move(columns);
    source.types = std::move(types);
    source.count = rows.size();
    source.row = [rows = std::move(rows)](qint64 row) { return rows.value(row); };
    return source;
}

Result<qint64> RowSource::writeTo(ExportWriter &writer, const std::atomic<bool> *cancelled,
                                  const std::function<void(qint64)> &progress,
                                  qint64 progressInterval) const
{
    if (Result<Done> begun = writer.begin(columns, types); !begun)
        return makeUnexpected(begun.error());
    const qint64 interval = progressInterval > 0 ? progressInterval : 1000;
    for (qint64 i = 0; i < count; ++i) {
        if (cancelled && cancelled->load(std::memory_order_relaxed))
            return makeFailure(tr("The export was cancelled after %n row(s).", nullptr, int(i)),
                               u"cancelled"_s);
        if (Result<Done> written = writer.writeRow(row(i)); !written)
            return makeUnexpected(written.error());
        if (progress && (i + 1) % interval == 0)
            progress(i + 1);
    }
    if (Result<Done> finished = writer.finish(); !finished)
        return makeUnexpected(finished.error());
    if (progress)
        progress(count);
    return count;
}

} // namespace sqlmend::core
