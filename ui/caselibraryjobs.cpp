#include "ui/caselibraryjobs.h"

#include <QBuffer>
#include <QFile>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

using core::CaseFilter;
using core::CaseRecord;
using core::CaseStore;
using core::Done;
using core::ImportReport;
using core::Result;

Result<CaseListing> CaseLibraryJobs::list(CaseStore &store, const CaseFilter &filter)
{
    const Result<QList<CaseRecord>> cases = store.listCases(filter);
    if (!cases)
        return core::makeUnexpected(cases.error());
    // The datasource filter offers every datasource of the store, not only the listed ones;
    // the whole store is read for them only when an import or a restore may have added some.
    const bool unfiltered = filter.datasource.isEmpty() && !filter.kind
            && filter.errorClass.isEmpty() && !filter.active && filter.search.trimmed().isEmpty();
    if (unfiltered || m_datasourcesStale) {
        const Result<QList<CaseRecord>> all = unfiltered ? cases : store.listCases();
        if (all) {
            m_datasources.clear();
            addDatasources(all.value());
            m_datasourcesStale = false;
        }
    } else {
        addDatasources(cases.value());
    }
    CaseListing listing;
    listing.storeName = store.location().displayName();
    listing.cases = cases.value();
    listing.datasources = QStringList(m_datasources.cbegin(), m_datasources.cend());
    listing.datasources.sort();
    return listing;
}

void CaseLibraryJobs::addDatasources(const QList<CaseRecord> &cases)
{
    for (const CaseRecord &record : cases) {
        if (!record.datasource.isEmpty())
            m_datasources.insert(record.datasource);
    }
}

Result<Done> CaseLibraryJobs::apply(CaseStore &store, const CaseLibraryEdit &edit)
{
    const CaseRecord &record = edit.record;
    switch (edit.operation) {
    case CaseLibraryEdit::Operation::SetKind:
        return store.setKind(record.id, record.kind);
    case CaseLibraryEdit::Operation::SetSql:
        return store.setSql(record.id, record.sql);
    case CaseLibraryEdit::Operation::SetActive:
        return store.setActive(record.id, record.active);
    case CaseLibraryEdit::Operation::SetNotes:
        return store.setNotes(record.id, record.notes);
    case CaseLibraryEdit::Operation::Remove: {
        const Result<CaseRecord> removed = store.removeCase(record.id);
        if (!removed)
            return core::makeUnexpected(removed.error());
        return Done{};
    }
    case CaseLibraryEdit::Operation::Restore:
        m_datasourcesStale = true;
        return store.restoreCase(record);
    }
    return core::makeFailure(tr("Unknown change."));
}

Result<int> CaseLibraryJobs::applyAll(CaseStore &store, const QList<CaseLibraryEdit> &edits)
{
    int refused = 0;
    for (const CaseLibraryEdit &edit : edits) {
        if (!store.isOpen())
            return core::makeFailure(tr("The case store is not open."), u"not_open"_s);
        if (!apply(store, edit))
            ++refused; // changed or deleted meanwhile, by another view or process
    }
    return refused;
}

Result<ImportStep> CaseLibraryJobs::importStep(CaseStore &store, const ImportCursor &cursor)
{
    QFile file(cursor.path);
    if (!file.open(QIODevice::ReadOnly))
        return core::makeFailure(tr("Cannot read %1: %2").arg(cursor.path, file.errorString()));
    if (cursor.offset > 0 && !file.seek(cursor.offset))
        return core::makeFailure(tr("Cannot read %1: %2").arg(cursor.path, file.errorString()));
    QByteArray block;
    int lines = 0;
    while (lines < importBlockLines && !file.atEnd()) {
        block += file.readLine();
        ++lines;
    }
    QBuffer buffer(&block);
    buffer.open(QIODevice::ReadOnly);
    m_datasourcesStale = true;
    Result<ImportReport> report = store.importCases(buffer);
    if (!report)
        return core::makeUnexpected(report.error());
    ImportStep step;
    step.report = std::move(report).value();
    // The store numbers the lines of this block; the person wants the file's numbers.
    for (core::ImportProblem &problem : step.report.problems)
        problem.line += cursor.nextLine - 1;
    for (const qint64 id : std::as_const(step.report.ids)) {
        const Result<CaseRecord> record = store.caseById(id);
        if (record)
            step.imported.append(record.value());
    }
    step.next = {cursor.path, file.pos(), cursor.nextLine + lines};
    step.bytesTotal = file.size();
    step.done = file.atEnd();
    return step;
}

Result<qint64> CaseLibraryJobs::exportFile(CaseStore &store, const QString &path,
                                           const CaseFilter &filter)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return core::makeFailure(tr("Cannot write %1: %2").arg(path, file.errorString()));
    CaseFilter all = filter;
    all.limit = -1;
    all.offset = 0;
    const Result<qint64> count = store.exportCases(file, all);
    if (!count) {
        file.cancelWriting();
        return count;
    }
    if (!file.commit())
        return core::makeFailure(tr("Cannot write %1: %2").arg(path, file.errorString()));
    return count;
}

} // namespace sqlmend::ui
