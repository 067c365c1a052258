#pragma once

#include "core/cases/casestore.h"
#include "ui/caselibraryedit.h"

#include <QCoreApplication>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace sqlmend::ui {

// What one listing brings back to the case library: plain values.
struct CaseListing
{
    QString storeName; // the store's display name
    QList<core::CaseRecord> cases;
    QStringList datasources; // every datasource of the store, sorted
};

// Where an import goes on: each block of lines is one job on the store's thread, so that other
// work on the store (the loops' writes) runs between blocks and a library that goes away simply
// queues no more of them.
struct ImportCursor
{
    QString path;
    qint64 offset = 0;   // bytes already read
    qint64 nextLine = 1; // the file's number of the next line
};

// One block of an import: its report (lines numbered as in the file), the cases it stored (for
// undo), and where the next block starts.
struct ImportStep
{
    core::ImportReport report;
    QList<core::CaseRecord> imported;
    ImportCursor next;
    qint64 bytesTotal = 0;
    bool done = false;
};

// The case library's work on the case store, run on the store's thread by the library's jobs
// (core::CaseStoreService::submit()). It keeps what it learned about the store between jobs
// (its datasources) and is used by one job at a time, on that thread only.
class CaseLibraryJobs
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::ui::CaseLibraryJobs)

public:
    // Lines an import hands to the store at a time.
    static constexpr int importBlockLines = 500;

    core::Result<CaseListing> list(core::CaseStore &store, const core::CaseFilter &filter);
    core::Result<core::Done> apply(core::CaseStore &store, const CaseLibraryEdit &edit);
    // Many edits at once (undoing or redoing an import); the ones the store refuses are counted
    // in the answer and the rest go on.
    core::Result<int> applyAll(core::CaseStore &store, const QList<CaseLibraryEdit> &edits);
    core::Result<ImportStep> importStep(core::CaseStore &store, const ImportCursor &cursor);
    static core::Result<qint64> exportFile(core::CaseStore &store, const QString &path,
                                           const core::CaseFilter &filter);

private:
    void addDatasources(const QList<core::CaseRecord> &cases);

    QSet<QString> m_datasources;
    bool m_datasourcesStale = true;
};

} // namespace sqlmend::ui
