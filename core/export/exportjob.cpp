#include "core/export/exportjob.h"

#include "core/export/exportwriter.h"

#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

ExportJob::ExportJob(QSqlDatabase database, QString sql, Engine engine)
    : m_database(std::move(database)),
      m_sql(std::move(sql)),
      m_engine(engine == Engine::Unknown ? engineFromName(m_database.driverName()) : engine)
{
}

void ExportJob::setProgressCallback(std::function<void(qint64)> callback, qint64 interval)
{
    m_progress = std::move(callback);
    m_progressInterval = interval > 0 ? interval : 10000;
}

Unexpected<Failure> ExportJob::sqlFailure(const QSqlError &error)
{
    m_diagnosis = diagnose(EngineError::fromSqlError(m_engine, error));
    return makeFailure(m_diagnosis->advice.text(), errorClassName(m_diagnosis->errorClass()));
}

Result<qint64> ExportJob::run(ExportWriter &writer)
{
    m_diagnosis.reset();
    if (isCancelled())
        return makeFailure(tr("The export was cancelled."), u"cancelled"_s);
    if (!m_database.isOpen()) {
        QSqlError error = m_database.lastError();
        if (!error.isValid())
            error = QSqlError(tr("The database connection is not open."), QString(),
                              QSqlError::ConnectionError);
        return sqlFailure(error);
    }

    QSqlQuery query(m_database);
    query.setForwardOnly(true); // the full result streams through; nothing is kept
    if (!query.exec(m_sql))
        return sqlFailure(query.lastError());

    const QSqlRecord record = query.record();
    QStringList columns;
    QList<QMetaType> types;
    columns.reserve(record.count());
    for (int i = 0; i < record.count(); ++i) {
        columns.append(record.fieldName(i));
        types.append(record.field(i).metaType());
    }
    if (Result<Done> begun = writer.begin(columns, types); !begun)
        return makeUnexpected(begun.error());

    QVariantList row(columns.size());
    qint64 rows = 0;
    while (query.next()) {
        if (isCancelled())
            return makeFailure(tr("The export was cancelled after %n row(s).", nullptr, int(rows)),
                               u"cancelled"_s);
        for (int i = 0; i < columns.size(); ++i)
            row[i] = query.value(i);
        if (Result<Done> written = writer.writeRow(row); !written)
            return makeUnexpected(written.error());
        ++rows;
        if (m_progress && rows % m_progressInterval == 0)
            m_progress(rows);
    }
    // An error while stepping (a failed cast in row 1,000,001) ends next() like the last row did.
    if (query.lastError().isValid())
        return sqlFailure(query.lastError());
    if (Result<Done> finished = writer.finish(); !finished)
        return makeUnexpected(finished.error());
    if (m_progress)
        m_progress(rows);
    return rows;
}

} // namespace sqlmend::core
