#pragma once

#include "core/cases/casestore.h"
#include "ui/caselibraryedit.h"

#include <QObject>
#include <QSet>
#include <QString>

#include <memory>

namespace sqlmend::ui {

// The case store's own thread: owns the CaseStore (and so its QSqlDatabase) and answers the
// case library's requests with queued signals that carry values. It has no parent; it is moved
// to its thread and dies there through QThread::finished → deleteLater.
class CaseLibraryWorker : public QObject
{
    Q_OBJECT

public:
    // Lines an import hands to the store at a time; progress is reported between blocks.
    static constexpr int importBlockLines = 500;

    CaseLibraryWorker();
    ~CaseLibraryWorker() override;

    // Each call runs on the worker's thread (the widget queues them).
    void open(const QString &location);
    void list(quint64 generation, const sqlmend::core::CaseFilter &filter);
    void apply(quint64 ticket, const sqlmend::ui::CaseLibraryEdit &edit);
    // Long runs stop early when the thread is asked to (QThread::requestInterruption()).
    void importFile(const QString &path);
    void exportFile(const QString &path, const sqlmend::core::CaseFilter &filter);

Q_SIGNALS:
    // error is empty on success.
    void opened(const QString &displayName, const QString &error);
    void listed(quint64 generation, const QList<sqlmend::core::CaseRecord> &cases,
                const QStringList &datasources, const QString &error);
    void applied(quint64 ticket, const sqlmend::ui::CaseLibraryEdit &edit, const QString &error);
    void importProgress(qint64 bytesRead, qint64 bytesTotal);
    void imported(const sqlmend::core::ImportReport &report, const QString &error);
    void exported(qint64 count, const QString &path, const QString &error);

private:
    core::Result<core::Done> applyEdit(const CaseLibraryEdit &edit);
    core::Result<core::ImportReport> importBlock(const QByteArray &block, qint64 firstLine);

    void addDatasources(const QList<core::CaseRecord> &cases);

    std::unique_ptr<core::CaseStore> m_store;
    QSet<QString> m_datasources;
    bool m_datasourcesStale = true;
};

} // namespace sqlmend::ui
