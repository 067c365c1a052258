#pragma once

#include "core/result.h"
#include "core/schema/businessnotes.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <memory>
#include <mutex>

struct sqlite3;

namespace sqlmend::core {

// What a question's words found in the notes.
struct NoteMatches
{
    // Tables a synonym of theirs (or of a column) or a glossary term names, best first.
    QStringList named;
    // Tables whose notes' other words (description, values, formula) match, best first.
    QStringList described;
    // The glossary terms the question uses, in glossary order.
    QList<GlossaryTerm> terms;
};

// The notes of one datasource, searchable: an in-memory SQLite FTS5 index of its own, apart
// from the catalog's schema index, so that editing a note never invalidates the catalog cache
// (the loop builds a new NoteIndex when BusinessNotes::fingerprint() changes). A glossary term
// is used by a question that holds its words in a row (Porter stems, CJK characters and bigrams
// as SchemaLinker::terms() splits them). match() may run on any thread, one call at a time.
class NoteIndex
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::NoteIndex)

public:
    ~NoteIndex();
    NoteIndex(const NoteIndex &) = delete;
    NoteIndex &operator=(const NoteIndex &) = delete;

    static Result<std::shared_ptr<NoteIndex>> build(BusinessNotes notes);

    const BusinessNotes &notes() const { return m_notes; }
    QByteArray fingerprint() const { return m_fingerprint; }
    NoteMatches match(QStringView question, int limit = 12) const;

private:
    NoteIndex() = default;
    QStringList ranked(const QByteArray &match, bool synonymsOnly, int limit) const;

    BusinessNotes m_notes;
    QByteArray m_fingerprint;
    QStringList m_tables; // document number -> table name, as the notes spell it
    sqlite3 *m_index = nullptr;
    mutable std::mutex m_mutex;
};

} // namespace sqlmend::core
