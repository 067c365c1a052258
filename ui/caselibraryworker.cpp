#include "ui/caselibraryworker.h"

#include <QBuffer>
#include <QFile>
#include <QSaveFile>
#include <QSet>
#include <QThread>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

using core::CaseFilter;
using core::CaseRecord;
using core::Done;
using core::ImportReport;
using core::Result;

CaseLibraryWorker::CaseLibraryWorker() = default;

// Runs on the worker's thread (deleteLater after finished), where the store's connection lives.
CaseLibraryWorker::~CaseLibraryWorker() = default;

void CaseLibraryWorker::open(const QString &location)
{
    m_store = std::make_unique<core::CaseStore>();
    const Result<Done> done = m_store->open(location);
    if (!done) {
        m_store.reset();
        Q_EMIT opened(QString(), done.error().message);
        return;
    }
    Q_EMIT opened(m_store->location().displayName(), QString());
}

void CaseLibraryWorker::list(quint64 generation, const CaseFilter &filter)
{
    if (!m_store) {
        Q_EMIT listed(generation, {}, {}, tr("The case store is not open."));
        return;
    }
    const Result<QList<CaseRecord>> cases = m_store->listCases(filter);
    if (!cases) {
        Q_EMIT listed(generation, {}, {}, cases.error().message);
        return;
    }
    // The datasource filter offers every datasource of the store, not only the listed ones;
    // the whole store is read for them only when an import or a restore may have added some.
    const bool unfiltered = filter.datasource.isEmpty() && !filter.kind
            && filter.errorClass.isEmpty() && !filter.active && filter.search.trimmed().isEmpty();
    if (unfiltered || m_datasourcesStale) {
        const Result<QList<CaseRecord>> all = unfiltered ? cases : m_store->listCases();
        if (all) {
            m_datasources.clear();
            addDatasources(all.value());
            m_datasourcesStale = false;
        }
    } else {
        addDatasources(cases.value());
    }
    QStringList datasources(m_datasources.cbegin(), m_datasources.cend());
    datasources.sort();
    Q_EMIT listed(generation, cases.value(), datasources, QString());
}

void CaseLibraryWorker::addDatasources(const QList<CaseRecord> &cases)
{
    for (const CaseRecord &record : cases) {
        if (!record.datasource.isEmpty())
            m_datasources.insert(record.datasource);
    }
}

Result<Done> CaseLibraryWorker::applyEdit(const CaseLibraryEdit &edit)
{
    const CaseRecord &record = edit.record;
    switch (edit.operation) {
    case CaseLibraryEdit::Operation::SetKind:
        return m_store->setKind(record.id, record.kind);
    case CaseLibraryEdit::Operation::SetSql:
        return m_store->setSql(record.id, record.sql);
    case CaseLibraryEdit::Operation::SetActive:
        return m_store->setActive(record.id, record.active);
    case CaseLibraryEdit::Operation::SetNotes:
        return m_store->setNotes(record.id, record.notes);
    case CaseLibraryEdit::Operation::Remove: {
        const Result<CaseRecord> removed = m_store->removeCase(record.id);
        if (!removed)
            return core::makeUnexpected(removed.error());
        return Done{};
    }
    case CaseLibraryEdit::Operation::Restore:
        m_datasourcesStale = true;
        return m_store->restoreCase(record);
    }
    return core::makeFailure(tr("Unknown change."));
}

void CaseLibraryWorker::apply(quint64 ticket, const CaseLibraryEdit &edit)
{
    if (!m_store) {
        Q_EMIT applied(ticket, edit, tr("The case store is not open."));
        return;
    }
    const Result<Done> done = applyEdit(edit);
    Q_EMIT applied(ticket, edit, done ? QString() : done.error().message);
}

Result<ImportReport> CaseLibraryWorker::importBlock(const QByteArray &block, qint64 firstLine)
{
    QByteArray bytes = block;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    Result<ImportReport> report = m_store->importCases(buffer);
    if (report) {
        // The store numbers the lines of this block; the person wants the file's numbers.
        for (core::ImportProblem &problem : report.value().problems)
            problem.line += firstLine - 1;
    }
    return report;
}

void CaseLibraryWorker::importFile(const QString &path)
{
    if (!m_store) {
        Q_EMIT imported({}, tr("The case store is not open."));
        return;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        Q_EMIT imported({}, tr("Cannot read %1: %2").arg(path, file.errorString()));
        return;
    }
    // Blocks of lines, each in one transaction of the store: progress between them, and a stop
    // request is honoured without waiting for the whole file.
    ImportReport total;
    m_datasourcesStale = true;
    const qint64 size = file.size();
    qint64 nextLine = 1;
    Q_EMIT importProgress(0, size);
    while (!file.atEnd()) {
        if (QThread::currentThread()->isInterruptionRequested()) {
            Q_EMIT imported(total, tr("The import was stopped after line %1.").arg(nextLine - 1));
            return;
        }
        QByteArray block;
        int lines = 0;
        while (lines < importBlockLines && !file.atEnd()) {
            block += file.readLine();
            ++lines;
        }
        const Result<ImportReport> report = importBlock(block, nextLine);
        if (!report) {
            Q_EMIT imported(total, report.error().message);
            return;
        }
        total.imported += report.value().imported;
        total.renumbered += report.value().renumbered;
        total.problems += report.value().problems;
        nextLine += lines;
        Q_EMIT importProgress(file.pos(), size);
    }
    Q_EMIT imported(total, QString());
}

void CaseLibraryWorker::exportFile(const QString &path, const CaseFilter &filter)
{
    if (!m_store) {
        Q_EMIT exported(0, path, tr("The case store is not open."));
        return;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        Q_EMIT exported(0, path, tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    CaseFilter all = filter;
    all.limit = -1;
    all.offset = 0;
    const Result<qint64> count = m_store->exportCases(file, all);
    if (!count) {
        file.cancelWriting();
        Q_EMIT exported(0, path, count.error().message);
        return;
    }
    if (!file.commit()) {
        Q_EMIT exported(0, path, tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    Q_EMIT exported(count.value(), path, QString());
}

} // namespace sqlmend::ui
