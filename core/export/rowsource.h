#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QStringList>
#include <QVariantList>

#include <atomic>
#include <functional>

namespace sqlmend::core {

class ExportWriter;

// Rows that are already in memory (a result model's, an answer's), as an export reads them: the
// columns, their types where known, and a row by index. row() holds only values it shares
// immutably, so another thread may call it while the rows' owner goes on.
struct RowSource
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::RowSource)

public:
    QStringList columns;
    QList<QMetaType> types;
    qint64 count = 0;
    std::function<QVariantList(qint64 row)> row;

    // A source over rows held by value.
    static RowSource fromRows(QStringList columns, QList<QVariantList> rows,
                              QList<QMetaType> types = {});

    // Streams every row into writer; stops at the next row once cancelled is set. progress,
    // when given, hears the rows written every progressInterval rows. Failures carry code
    // "cancelled" or the writer's.
    Result<qint64> writeTo(ExportWriter &writer, const std::atomic<bool> *cancelled = nullptr,
                           const std::function<void(qint64)> &progress = {},
                           qint64 progressInterval = 1000) const;
};

} // namespace sqlmend::core
