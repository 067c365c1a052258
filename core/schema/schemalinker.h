#pragma once

#include "core/result.h"
#include "core/schema/businessnotes.h"
#include "core/schema/catalogobjects.h"
#include "core/schema/linkedtable.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <memory>
#include <mutex>

struct sqlite3;

namespace sqlmend::core {

// The part of a catalog a question needs, rendered for a prompt.
struct LinkedSchema
{
    QStringList tables;        // the tables shown, in the order shown
    QStringList matched;       // those that matched the question's terms, best first
    QList<LinkedTable> linked; // parallel to tables: the columns shown and why each is there
    QString text;              // one block per table: columns, types, keys, comments
    int tokens = 0;            // TokenEstimate of text
    int catalogTables = 0;
    bool complete = false; // every table of the catalog is shown
    QStringList noted;     // tables linked because a synonym or a glossary term names them
    QStringList terms;     // the glossary terms whose definitions the text carries
};

// What the user and the loop steer linking with, beside the question.
struct LinkOptions
{
    // A table the error of an earlier attempt pointed at (a name it used exists there).
    struct Named
    {
        QString table;
        QString name;    // the name the error used: the table's own or one of its columns
        int attempt = 0; // 1-based
    };

    QStringList pinned;        // always shown, before everything else, whatever the budget
    QStringList excluded;      // never shown: not matched, not a neighbour, not an example's
    QStringList exampleTables; // read by the good cases the prompt shows as examples
    QList<Named> namedByError; // always shown, like pins
};

// Schema linking: ranks tables by how well the question's terms match table names, column names
// and comments (SQLite FTS5, BM25, Porter stems; CJK text split into characters and bigrams),
// adds the foreign-key neighbours of the best ones, and renders them within a token budget, so
// that a 5,000-table catalog is never dumped whole. The index is an in-memory SQLite database of
// its own (not the user's connection), built once per catalog; link() may run on any thread,
// one call at a time.
class NoteIndex;
struct NoteMatches;

class SchemaLinker
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::SchemaLinker)

public:
    ~SchemaLinker();
    SchemaLinker(const SchemaLinker &) = delete;
    SchemaLinker &operator=(const SchemaLinker &) = delete;

    static Result<std::shared_ptr<SchemaLinker>> build(QList<CatalogTable> tables);
    // The index as bytes (an image of its SQLite database), for the catalog cache; and a linker
    // over the same tables from such an image, without building the index again. restore()
    // fails when the image is damaged or was built over other tables.
    QByteArray serializedIndex() const;
    static Result<std::shared_ptr<SchemaLinker>> restore(QList<CatalogTable> tables,
                                                         QByteArrayView index);
    const QList<CatalogTable> &tables() const { return m_tables; }

    // notes: the datasource's business notes; their synonyms and glossary terms link tables
    // first (never an excluded one), their words rank like comments, and they are written next
    // to the names they describe, in the budget.
    LinkedSchema link(QStringView question, int tokenBudget = 3000, int maxMatched = 12,
                      const LinkOptions &options = {}, const NoteIndex *notes = nullptr) const;
    int tableCount() const { return int(m_tables.size()); }

    // One table as a prompt shows it: "orders(id INTEGER PK, user_id INTEGER -> users.id, ...)".
    // With notes, a name's note stands beside it (its description before the catalog's comment).
    static QString describe(const CatalogTable &table, const BusinessNotes *notes = nullptr);
    // The same without the foreign-key arrows to hidden tables (lower-case names): an excluded
    // table's name is not sent even as a key's target.
    static QString describe(const CatalogTable &table, const QSet<QString> &hidden,
                            const BusinessNotes *notes = nullptr);
    // The glossary terms as the schema text ends with them.
    static QString describeTerms(const QList<GlossaryTerm> &terms);
    // Search terms: words, identifiers split at '_' and camel case, CJK characters and bigrams.
    static QStringList terms(QStringView text);
    // A term that matches everything and ranks nothing ("the", "of", "how").
    static bool isStopWord(const QString &term);

private:
    SchemaLinker() = default;
    static std::shared_ptr<SchemaLinker> withTables(QList<CatalogTable> tables);
    QList<int> rank(QStringView question, int limit) const;
    static QStringList queryTerms(QStringView question);
    // The query terms each of the tables matches (index into tables -> terms).
    QHash<int, QStringList> matchedTerms(QStringView question, const QList<int> &tables) const;
    int indexOf(const QString &name) const { return m_byName.value(name.toLower(), -1); }
    QList<int> withNotes(const QList<int> &ranked, const NoteMatches &found, int maxMatched,
                         const QSet<int> &excluded, LinkedSchema *linked) const;

    QList<CatalogTable> m_tables;
    QHash<QString, int> m_byName;   // lower-case name -> index
    QList<QList<int>> m_neighbours; // foreign keys, both directions
    sqlite3 *m_index = nullptr;
    mutable std::mutex m_mutex;
};

} // namespace sqlmend::core
