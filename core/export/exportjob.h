#pragma once

#include "core/errors/diagnosis.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QSqlDatabase>

#include <atomic>
#include <functional>
#include <optional>

namespace sqlmend::core {

class ExportWriter;

// Runs a query forward-only and streams its full result (not the preview) into a writer.
// run() executes on the calling thread (the connection's worker); cancel() may be called from any
// thread and stops the job at the next row. The caller interrupts a long-running statement on the
// server itself: this flag is only checked between rows.
class ExportJob
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ExportJob)

public:
    ExportJob(QSqlDatabase database, QString sql, Engine engine = Engine::Unknown);

    // Called with the rows written so far, every progressInterval rows and once at the end.
    void setProgressCallback(std::function<void(qint64 rows)> callback, qint64 interval = 10000);

    // Failures carry code "cancelled", "write", or the error class of the diagnosed SQL error.
    Result<qint64> run(ExportWriter &writer);

    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    // The diagnosis of the SQL error that ended the last run, if one did.
    const std::optional<Diagnosis> &diagnosis() const { return m_diagnosis; }

private:
    Unexpected<Failure> sqlFailure(const QSqlError &error);

    QSqlDatabase m_database;
    QString m_sql;
    Engine m_engine;
    std::function<void(qint64)> m_progress;
    qint64 m_progressInterval = 10000;
    std::atomic<bool> m_cancelled{false};
    std::optional<Diagnosis> m_diagnosis;
};

} // namespace sqlmend::core
