#include "core/schema/noteindex.h"

#include "core/schema/schemalinker.h"

#include <QHash>
#include <QSet>

#include <sqlite3.h>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

QByteArray termText(const QString &text)
{
    return SchemaLinker::terms(text).join(u' ').toUtf8();
}

struct Document
{
    QString table;
    QStringList synonyms;
    QStringList words;
};

} // namespace

NoteIndex::~NoteIndex()
{
    if (m_index)
        sqlite3_close(m_index);
}

Result<std::shared_ptr<NoteIndex>> NoteIndex::build(BusinessNotes notes)
{
    std::shared_ptr<NoteIndex> index(new NoteIndex);
    index->m_fingerprint = notes.fingerprint();
    index->m_notes = std::move(notes);
    const auto failure = [&index](const char *what) {
        const QString message = index->m_index ? QString::fromUtf8(sqlite3_errmsg(index->m_index))
                                               : QString::fromLatin1(what);
        return makeFailure(tr("The index of the notes could not be built: %1").arg(message),
                           u"notes_index"_s);
    };
    if (sqlite3_open_v2(":memory:", &index->m_index,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr)
        != SQLITE_OK)
        return failure("open");
    // doc: one row per table with notes; question: the one question being matched against the
    // glossary's phrases.
    if (sqlite3_exec(index->m_index,
                     "CREATE VIRTUAL TABLE doc USING fts5(synonyms, words, "
                     "tokenize='porter unicode61');"
                     "CREATE VIRTUAL TABLE question USING fts5(text, tokenize='porter unicode61');",
                     nullptr, nullptr, nullptr)
        != SQLITE_OK)
        return failure("create");

    // A table's document gathers its own note and its columns' notes.
    QList<Document> documents;
    QHash<QString, int> byTable;
    for (const BusinessNote &note : index->m_notes.notes()) {
        const QString key = note.table.toLower();
        auto found = byTable.constFind(key);
        if (found == byTable.cend()) {
            found = byTable.insert(key, int(documents.size()));
            documents.append({note.table, {}, {}});
        }
        Document &document = documents[found.value()];
        document.synonyms += note.synonyms;
        document.words << note.description << note.allowedValues << note.formula;
    }
    sqlite3_stmt *insert = nullptr;
    if (sqlite3_prepare_v2(index->m_index,
                           "INSERT INTO doc(rowid, synonyms, words) VALUES (?, ?, ?)", -1, &insert,
                           nullptr)
        != SQLITE_OK)
        return failure("prepare");
    for (qsizetype i = 0; i < documents.size(); ++i) {
        const QByteArray synonyms = termText(documents.at(i).synonyms.join(u' '));
        const QByteArray words = termText(documents.at(i).words.join(u' '));
        sqlite3_bind_int64(insert, 1, i);
        sqlite3_bind_text(insert, 2, synonyms.constData(), int(synonyms.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 3, words.constData(), int(words.size()), SQLITE_TRANSIENT);
        const int step = sqlite3_step(insert);
        sqlite3_reset(insert);
        if (step != SQLITE_DONE) {
            sqlite3_finalize(insert);
            return failure("insert");
        }
        index->m_tables.append(documents.at(i).table);
    }
    sqlite3_finalize(insert);
    return index;
}

QStringList NoteIndex::ranked(const QByteArray &match, bool synonymsOnly, int limit) const
{
    QStringList tables;
    const QByteArray expression = synonymsOnly ? "synonyms : (" + match + ')' : match;
    sqlite3_stmt *select = nullptr;
    if (sqlite3_prepare_v2(m_index,
                           "SELECT rowid FROM doc WHERE doc MATCH ? "
                           "ORDER BY bm25(doc, 4.0, 1.0) LIMIT ?",
                           -1, &select, nullptr)
        != SQLITE_OK)
        return tables;
    sqlite3_bind_text(select, 1, expression.constData(), int(expression.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int(select, 2, limit);
    while (sqlite3_step(select) == SQLITE_ROW) {
        const qint64 row = sqlite3_column_int64(select, 0);
        if (row >= 0 && row < m_tables.size())
            tables.append(m_tables.at(row));
    }
    sqlite3_finalize(select);
    return tables;
}

NoteMatches NoteIndex::match(QStringView question, int limit) const
{
    NoteMatches matches;
    if (!m_index || m_notes.isEmpty())
        return matches;
    QStringList query;
    QSet<QString> seen;
    const QStringList words = SchemaLinker::terms(question);
    for (const QString &term : words) {
        if (SchemaLinker::isStopWord(term) || seen.contains(term))
            continue;
        seen.insert(term);
        query.append(u'"' + term + u'"'); // terms hold letters and digits only
    }
    std::lock_guard lock(m_mutex);

    // Glossary terms: each one's words in a row, somewhere in the question.
    if (!m_notes.terms().isEmpty() && !words.isEmpty()) {
        const QByteArray text = words.join(u' ').toUtf8();
        sqlite3_stmt *put = nullptr;
        sqlite3_exec(m_index, "DELETE FROM question", nullptr, nullptr, nullptr);
        if (sqlite3_prepare_v2(m_index, "INSERT INTO question(rowid, text) VALUES (1, ?)", -1, &put,
                               nullptr)
            == SQLITE_OK) {
            sqlite3_bind_text(put, 1, text.constData(), int(text.size()), SQLITE_TRANSIENT);
            sqlite3_step(put);
        }
        sqlite3_finalize(put);
        sqlite3_stmt *phrase = nullptr;
        if (sqlite3_prepare_v2(m_index, "SELECT 1 FROM question WHERE question MATCH ?", -1,
                               &phrase, nullptr)
            == SQLITE_OK) {
            for (const GlossaryTerm &term : m_notes.terms()) {
                const QStringList parts = SchemaLinker::terms(term.term);
                if (parts.isEmpty())
                    continue;
                const QByteArray expression = '"' + parts.join(u' ').toUtf8() + '"';
                sqlite3_bind_text(phrase, 1, expression.constData(), int(expression.size()),
                                  SQLITE_TRANSIENT);
                if (sqlite3_step(phrase) == SQLITE_ROW) {
                    matches.terms.append(term);
                    for (const QString &table : term.tables) {
                        if (!matches.named.contains(table, Qt::CaseInsensitive))
                            matches.named.append(table);
                    }
                }
                sqlite3_reset(phrase);
            }
        }
        sqlite3_finalize(phrase);
    }
    if (query.isEmpty())
        return matches;
    const QByteArray expression = query.join(u" OR "_s).toUtf8();
    for (const QString &table : ranked(expression, true, limit)) {
        if (!matches.named.contains(table, Qt::CaseInsensitive))
            matches.named.append(table);
    }
    for (const QString &table : ranked(expression, false, limit)) {
        if (!matches.named.contains(table, Qt::CaseInsensitive))
            matches.described.append(table);
    }
    return matches;
}

} // namespace sqlmend::core
