#pragma once

#include "core/cases/casestore.h"
#include "core/result.h"
#include "core/schema/businessnotes.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

class QIODevice;

namespace sqlmend::core {

// The business notes and glossary terms of the case store, per datasource (a database URL,
// stored without its password), so that a team on a PostgreSQL store shares them. A view over
// an open CaseStore: the same connection, thread and transactions.
class NoteStore
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::NoteStore)

public:
    explicit NoteStore(CaseStore &store) : m_store(store) { }

    Result<BusinessNotes> notes(const QString &datasource);
    // Stores the note in place of the one on the same name (letter case aside); an empty note
    // removes it.
    Result<Done> setNote(const QString &datasource, const BusinessNote &note);
    Result<Done> removeNote(const QString &datasource, const QString &table, const QString &column);
    Result<Done> setTerm(const QString &datasource, const GlossaryTerm &term);
    Result<Done> removeTerm(const QString &datasource, const QString &term);
    // The whole glossary replaced by terms, in one transaction (nothing changes when one of
    // them is refused).
    Result<Done> replaceTerms(const QString &datasource, const QList<GlossaryTerm> &terms);

    // JSON Lines: the notes by name, then the terms, one a line (BusinessNote::toJson,
    // GlossaryTerm::toJson). Returns the number of lines written.
    Result<qint64> exportNotes(const QString &datasource, QIODevice &out);
    // Every line is checked and the bad ones reported with their numbers; the good ones go in,
    // in one transaction, each replacing the note or term of its name. "imported" counts them,
    // "skipped" the lines the store already held word for word.
    Result<ImportReport> importNotes(const QString &datasource, QIODevice &in);

private:
    Result<Done> transaction(const std::function<Result<Done>()> &body);
    Result<Done> writeNote(const QString &datasource, const BusinessNote &note);
    Result<Done> writeTerm(const QString &datasource, const GlossaryTerm &term);

    CaseStore &m_store;
};

} // namespace sqlmend::core
