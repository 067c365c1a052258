#include "core/schema/schemalinker.h"

#include "core/errors/namesuggester.h"
#include "core/llm/tokenestimate.h"
#include "core/schema/noteindex.h"

#include <QSet>

#include <sqlite3.h>

#include <algorithm>
#include <cstring>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool isCjk(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF)
            || (c >= 0x3040 && c <= 0x30FF) || (c >= 0xAC00 && c <= 0xD7AF)
            || (c >= 0xF900 && c <= 0xFAFF);
}

// Words that match everything and rank nothing.
const QSet<QString> &stopWords()
{
    static const QSet<QString> words = {
            u"a"_s,     u"an"_s,    u"the"_s,  u"of"_s,    u"in"_s,   u"on"_s,   u"for"_s,
            u"to"_s,    u"by"_s,    u"and"_s,  u"or"_s,    u"is"_s,   u"are"_s,  u"was"_s,
            u"were"_s,  u"be"_s,    u"what"_s, u"which"_s, u"who"_s,  u"how"_s,  u"many"_s,
            u"much"_s,  u"each"_s,  u"per"_s,  u"with"_s,  u"from"_s, u"that"_s, u"this"_s,
            u"there"_s, u"their"_s, u"all"_s,  u"show"_s,  u"list"_s, u"give"_s, u"me"_s,
            u"do"_s,    u"does"_s,  u"did"_s,  u"have"_s,  u"has"_s,  u"most"_s, u"top"_s,
            u"it"_s,    u"its"_s,   u"at"_s,   u"as"_s,    u"than"_s, u"s"_s,    u"id"_s,
    };
    return words;
}

} // namespace

SchemaLinker::~SchemaLinker()
{
    if (m_index)
        sqlite3_close(m_index);
}

QStringList SchemaLinker::terms(QStringView text)
{
    QStringList result;
    QString word;
    QList<char32_t> cjkRun;
    auto flushWord = [&] {
        if (word.isEmpty())
            return;
        // Split camel case: orderItems -> order items.
        result += NameSuggester::words(word);
        word.clear();
    };
    auto flushCjk = [&] {
        for (qsizetype i = 0; i < cjkRun.size(); ++i) {
            result.append(QString::fromUcs4(&cjkRun[i], 1));
            if (i + 1 < cjkRun.size())
                result.append(QString::fromUcs4(&cjkRun[i], 2));
        }
        cjkRun.clear();
    };
    for (char32_t c : text.toUcs4()) {
        if (isCjk(c)) {
            flushWord();
            cjkRun.append(c);
        } else if (QChar::isLetterOrNumber(c)) {
            flushCjk();
            word.append(QString::fromUcs4(&c, 1));
        } else {
            flushWord();
            flushCjk();
        }
    }
    flushWord();
    flushCjk();
    return result;
}

bool SchemaLinker::isStopWord(const QString &term)
{
    return stopWords().contains(term);
}

QString SchemaLinker::describe(const CatalogTable &table, const BusinessNotes *notes)
{
    return describe(table, QSet<QString>(), notes);
}

QString SchemaLinker::describe(const CatalogTable &table, const QSet<QString> &hidden,
                               const BusinessNotes *notes)
{
    QStringList columns;
    QStringList columnNotes;
    for (const CatalogColumn &column : table.columns) {
        QString text = column.name;
        if (!column.type.isEmpty())
            text += u' ' + column.type;
        if (column.isPrimaryKey())
            text += u" PK"_s;
        for (const CatalogForeignKey &key : table.foreignKeys) {
            const qsizetype at = key.columns.indexOf(column.name);
            if (at < 0 || hidden.contains(key.referencedTable.toLower()))
                continue;
            text += u" -> "_s + key.referencedTable;
            if (at < key.referencedColumns.size())
                text += u'.' + key.referencedColumns.at(at);
        }
        columns.append(text);
        const QString note =
                noteSummary(notes ? notes->find(table.name, column.name) : nullptr, column.comment);
        if (!note.isEmpty())
            columnNotes.append(u"--   %1: %2"_s.arg(column.name, note));
    }
    QString text = u"%1%2(%3)"_s.arg(table.isView() ? u"VIEW "_s : QString(), table.name,
                                     columns.join(u", "_s));
    const QString note = noteSummary(notes ? notes->find(table.name) : nullptr, table.comment);
    if (!note.isEmpty())
        text += u"\n-- "_s + note;
    for (const QString &line : columnNotes)
        text += u'\n' + line;
    return text;
}

QString SchemaLinker::describeTerms(const QList<GlossaryTerm> &terms)
{
    QStringList lines;
    for (const GlossaryTerm &term : terms) {
        QString line = u"--   \"%1\": %2"_s.arg(term.term, term.definition.simplified());
        if (!term.tables.isEmpty())
            line += u" (tables: %1)"_s.arg(term.tables.join(u", "_s));
        lines.append(line);
    }
    return lines.isEmpty() ? QString() : u"-- Glossary:\n"_s + lines.join(u'\n');
}

std::shared_ptr<SchemaLinker> SchemaLinker::withTables(QList<CatalogTable> tables)
{
    std::shared_ptr<SchemaLinker> linker(new SchemaLinker);
    linker->m_tables = std::move(tables);
    const auto &all = linker->m_tables;
    linker->m_byName.reserve(all.size());
    for (qsizetype i = 0; i < all.size(); ++i)
        linker->m_byName.insert(all.at(i).name.toLower(), int(i));
    linker->m_neighbours.resize(all.size());
    for (qsizetype i = 0; i < all.size(); ++i) {
        for (const CatalogForeignKey &key : all.at(i).foreignKeys) {
            const int target = linker->m_byName.value(key.referencedTable.toLower(), -1);
            if (target < 0 || target == i)
                continue;
            linker->m_neighbours[i].append(target);
            linker->m_neighbours[target].append(int(i));
        }
    }
    return linker;
}

Result<std::shared_ptr<SchemaLinker>> SchemaLinker::build(QList<CatalogTable> tables)
{
    std::shared_ptr<SchemaLinker> linker = withTables(std::move(tables));
    const auto &all = linker->m_tables;

    auto failure = [&linker](const char *what) {
        const QString message = linker->m_index ? QString::fromUtf8(sqlite3_errmsg(linker->m_index))
                                                : QString::fromLatin1(what);
        return makeFailure(tr("The schema index could not be built: %1").arg(message),
                           u"schema_index"_s);
    };
    if (sqlite3_open_v2(":memory:", &linker->m_index,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr)
        != SQLITE_OK)
        return failure("open");
    if (sqlite3_exec(linker->m_index,
                     "CREATE VIRTUAL TABLE doc USING fts5(name, columns, comments, "
                     "tokenize='porter unicode61');"
                     "BEGIN;",
                     nullptr, nullptr, nullptr)
        != SQLITE_OK)
        return failure("create");
    sqlite3_stmt *insert = nullptr;
    if (sqlite3_prepare_v2(linker->m_index,
                           "INSERT INTO doc(rowid, name, columns, comments) VALUES (?, ?, ?, ?)",
                           -1, &insert, nullptr)
        != SQLITE_OK)
        return failure("prepare");
    // Column names repeat across tables (id, name, created_at): split each one once.
    QHash<QString, QStringList> termsOf;
    const auto cachedTerms = [&termsOf](const QString &text) -> const QStringList & {
        auto found = termsOf.find(text);
        if (found == termsOf.end())
            found = termsOf.insert(text, terms(text));
        return found.value();
    };
    for (qsizetype i = 0; i < all.size(); ++i) {
        const CatalogTable &table = all.at(i);
        QStringList columnTerms;
        QStringList commentTerms = terms(table.comment);
        for (qsizetype c = 0; c < table.columns.size(); ++c) {
            columnTerms += cachedTerms(table.columns.name(c));
            const QString &comment = table.columns.comment(c);
            if (!comment.isEmpty())
                commentTerms += cachedTerms(comment);
        }
        const QByteArray name = terms(table.name).join(u' ').toUtf8();
        const QByteArray columns = columnTerms.join(u' ').toUtf8();
        const QByteArray comments = commentTerms.join(u' ').toUtf8();
        sqlite3_bind_int64(insert, 1, i);
        sqlite3_bind_text(insert, 2, name.constData(), int(name.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 3, columns.constData(), int(columns.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 4, comments.constData(), int(comments.size()), SQLITE_TRANSIENT);
        const int step = sqlite3_step(insert);
        sqlite3_reset(insert);
        if (step != SQLITE_DONE) {
            sqlite3_finalize(insert);
            return failure("insert");
        }
    }
    sqlite3_finalize(insert);
    if (sqlite3_exec(linker->m_index, "COMMIT;", nullptr, nullptr, nullptr) != SQLITE_OK)
        return failure("commit");
    return linker;
}

QByteArray SchemaLinker::serializedIndex() const
{
    std::lock_guard lock(m_mutex);
    if (!m_index)
        return {};
    sqlite3_int64 size = 0;
    unsigned char *image = sqlite3_serialize(m_index, "main", &size, 0);
    if (!image)
        return {};
    QByteArray bytes(reinterpret_cast<const char *>(image), qsizetype(size));
    sqlite3_free(image);
    return bytes;
}

Result<std::shared_ptr<SchemaLinker>> SchemaLinker::restore(QList<CatalogTable> tables,
                                                            QByteArrayView index)
{
    const auto failure = [](const QString &why) {
        return makeFailure(tr("The cached schema index cannot be used: %1").arg(why),
                           u"schema_index"_s);
    };
    if (index.isEmpty())
        return failure(tr("it is empty"));
    std::shared_ptr<SchemaLinker> linker = withTables(std::move(tables));
    if (sqlite3_open_v2(":memory:", &linker->m_index,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr)
        != SQLITE_OK)
        return failure(QString::fromUtf8(sqlite3_errmsg(linker->m_index)));
    // SQLite owns (and frees) the copy it is handed.
    auto *image = static_cast<unsigned char *>(sqlite3_malloc64(sqlite3_uint64(index.size())));
    if (!image)
        return failure(tr("out of memory"));
    std::memcpy(image, index.constData(), size_t(index.size()));
    if (sqlite3_deserialize(linker->m_index, "main", image, index.size(), index.size(),
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        != SQLITE_OK)
        return failure(QString::fromUtf8(sqlite3_errmsg(linker->m_index)));
    // One document per table, numbered as the tables are: anything else is another catalog's.
    sqlite3_stmt *check = nullptr;
    qint64 documents = -1;
    qint64 highest = -1;
    if (sqlite3_prepare_v2(linker->m_index, "SELECT count(*), coalesce(max(rowid), -1) FROM doc",
                           -1, &check, nullptr)
                == SQLITE_OK
        && sqlite3_step(check) == SQLITE_ROW) {
        documents = sqlite3_column_int64(check, 0);
        highest = sqlite3_column_int64(check, 1);
    }
    sqlite3_finalize(check);
    if (documents != linker->m_tables.size() || highest != linker->m_tables.size() - 1)
        return failure(tr("it does not match the catalog"));
    return linker;
}

QStringList SchemaLinker::queryTerms(QStringView question)
{
    QStringList query;
    QSet<QString> seen;
    for (const QString &term : terms(question)) {
        if (stopWords().contains(term) || seen.contains(term))
            continue;
        seen.insert(term);
        query.append(term);
    }
    return query;
}

QList<int> SchemaLinker::rank(QStringView question, int limit) const
{
    QStringList query;
    for (const QString &term : queryTerms(question))
        query.append(u'"' + term + u'"'); // terms hold letters and digits only
    QList<int> ranked;
    if (query.isEmpty() || !m_index)
        return ranked;
    const QByteArray match = query.join(u" OR "_s).toUtf8();
    std::lock_guard lock(m_mutex);
    sqlite3_stmt *select = nullptr;
    // Names weigh most, then columns, then comments.
    if (sqlite3_prepare_v2(m_index,
                           "SELECT rowid FROM doc WHERE doc MATCH ? "
                           "ORDER BY bm25(doc, 10.0, 4.0, 1.0) LIMIT ?",
                           -1, &select, nullptr)
        != SQLITE_OK)
        return ranked;
    sqlite3_bind_text(select, 1, match.constData(), int(match.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int(select, 2, limit);
    while (sqlite3_step(select) == SQLITE_ROW)
        ranked.append(int(sqlite3_column_int64(select, 0)));
    sqlite3_finalize(select);
    return ranked;
}

QHash<int, QStringList> SchemaLinker::matchedTerms(QStringView question,
                                                   const QList<int> &tables) const
{
    // One query per term over the few matched tables: the index stems the terms the way it
    // stemmed the names, so "payments" matches "payment" here as it did in the ranking.
    QHash<int, QStringList> result;
    if (tables.isEmpty() || !m_index)
        return result;
    QStringList ids;
    for (int index : tables)
        ids.append(QString::number(index));
    const QByteArray sql =
            (u"SELECT rowid FROM doc WHERE doc MATCH ? AND rowid IN (%1)"_s.arg(ids.join(u','))
                     .toUtf8());
    std::lock_guard lock(m_mutex);
    sqlite3_stmt *select = nullptr;
    if (sqlite3_prepare_v2(m_index, sql.constData(), -1, &select, nullptr) != SQLITE_OK)
        return result;
    for (const QString &term : queryTerms(question)) {
        const QByteArray match = (u'"' + term + u'"').toUtf8();
        sqlite3_bind_text(select, 1, match.constData(), int(match.size()), SQLITE_TRANSIENT);
        while (sqlite3_step(select) == SQLITE_ROW)
            result[int(sqlite3_column_int64(select, 0))].append(term);
        sqlite3_reset(select);
    }
    sqlite3_finalize(select);
    return result;
}

QList<int> SchemaLinker::withNotes(const QList<int> &ranked, const NoteMatches &found,
                                   int maxMatched, const QSet<int> &excluded,
                                   LinkedSchema *linked) const
{
    // What the user's synonyms and terms name comes first; then the catalog's ranking, then
    // the tables whose notes' words match, within the same limit.
    QList<int> order;
    for (const QString &table : found.named) {
        const int index = m_byName.value(table.toLower(), -1);
        if (index >= 0 && !excluded.contains(index) && !order.contains(index)) {
            order.append(index);
            linked->noted.append(m_tables.at(index).name);
        }
    }
    for (const GlossaryTerm &term : found.terms)
        linked->terms.append(term.term);
    const qsizetype limit = qMax(qsizetype(maxMatched), order.size());
    for (int index : ranked) {
        if (order.size() < limit && !order.contains(index))
            order.append(index);
    }
    for (const QString &table : found.described) {
        const int index = m_byName.value(table.toLower(), -1);
        if (index >= 0 && !excluded.contains(index) && order.size() < limit
            && !order.contains(index))
            order.append(index);
    }
    return order;
}

LinkedSchema SchemaLinker::link(QStringView question, int tokenBudget, int maxMatched,
                                const LinkOptions &options, const NoteIndex *notes) const
{
    LinkedSchema linked;
    linked.catalogTables = int(m_tables.size());
    QSet<int> excluded;
    QSet<QString> hidden;
    for (const QString &name : options.excluded) {
        hidden.insert(name.toLower());
        const int index = indexOf(name);
        if (index >= 0)
            excluded.insert(index);
    }
    QList<int> matched = rank(question, maxMatched + int(excluded.size()));
    matched.removeIf([&excluded](int index) { return excluded.contains(index); });
    matched = matched.mid(0, maxMatched);
    QString glossary;
    if (notes) {
        const NoteMatches found = notes->match(question, maxMatched);
        matched = withNotes(matched, found, maxMatched, excluded, &linked);
        // The definitions the question asked for come first in the budget, within half of it.
        // A term that names only excluded tables still defines the word; the tables stay out.
        QList<GlossaryTerm> fitting = found.terms;
        for (GlossaryTerm &term : fitting)
            term.tables.removeIf(
                    [&hidden](const QString &t) { return hidden.contains(t.toLower()); });
        glossary = describeTerms(fitting);
        while (!fitting.isEmpty() && TokenEstimate::forText(glossary) + 1 > tokenBudget / 2) {
            fitting.removeLast();
            linked.terms.removeLast();
            glossary = describeTerms(fitting);
        }
        if (!glossary.isEmpty())
            tokenBudget -= TokenEstimate::forText(glossary) + 1;
    }
    const BusinessNotes *shownNotes = notes ? &notes->notes() : nullptr;
    const QHash<int, QStringList> termsOf = matchedTerms(question, matched);

    // Order: what the user pinned and what an error pointed at (always shown), the matched
    // tables, the examples' tables, the matched tables' foreign-key neighbours, then (a small
    // catalog, or no match) the rest, so that a question whose words match no name still sees
    // the schema. A table keeps every reason it has; an excluded one is never taken.
    QList<int> order;
    QSet<int> forced;
    QHash<int, QList<LinkReason>> reasons;
    auto take = [&](int index, const LinkReason &reason) {
        if (index < 0 || excluded.contains(index))
            return;
        QList<LinkReason> &list = reasons[index];
        if (list.isEmpty())
            order.append(index);
        if (!list.contains(reason))
            list.append(reason);
    };
    for (const QString &name : options.pinned) {
        const int index = indexOf(name);
        take(index, {LinkReason::Kind::Pinned, {}, {}, {}});
        if (index >= 0 && !excluded.contains(index))
            forced.insert(index);
    }
    for (const LinkOptions::Named &named : options.namedByError) {
        const int index = indexOf(named.table);
        take(index,
             {LinkReason::Kind::NamedByError, {}, QString::number(named.attempt), named.name});
        if (index >= 0 && !excluded.contains(index))
            forced.insert(index);
    }
    for (int index : std::as_const(matched)) {
        if (linked.noted.contains(m_tables.at(index).name))
            take(index, {LinkReason::Kind::Note, {}, {}, {}});
        if (termsOf.contains(index) || !linked.noted.contains(m_tables.at(index).name))
            take(index, {LinkReason::Kind::Matched, termsOf.value(index), {}, {}});
    }
    for (const QString &name : options.exampleTables)
        take(indexOf(name), {LinkReason::Kind::Example, {}, {}, {}});
    for (int index : std::as_const(matched)) {
        for (int neighbour : m_neighbours.at(index))
            take(neighbour, {LinkReason::Kind::ForeignKey, {}, m_tables.at(index).name, {}});
    }
    if (matched.isEmpty() || m_tables.size() <= 2 * maxMatched) {
        const LinkReason rest{matched.isEmpty() ? LinkReason::Kind::NoMatch
                                                : LinkReason::Kind::SmallCatalog,
                              {},
                              {},
                              {}};
        for (qsizetype i = 0; i < m_tables.size() && order.size() < 4 * maxMatched; ++i) {
            if (!reasons.contains(int(i)))
                take(int(i), rest);
        }
    }

    QStringList blocks;
    int used = 0;
    bool chosenShown = false; // the best table not forced in
    auto show = [&](int index, const QString &block) {
        blocks.append(block);
        const CatalogTable &table = m_tables.at(index);
        linked.tables.append(table.name);
        linked.linked.append({table.name, table.columnNames(), reasons.value(index)});
    };
    for (int index : std::as_const(order)) {
        const QString block = describe(m_tables.at(index), hidden, shownNotes);
        const int cost = TokenEstimate::forText(block) + 1;
        if (forced.contains(index)) {
            show(index, block);
            used += cost;
            continue;
        }
        if (used + cost > tokenBudget) {
            if (chosenShown)
                continue; // a smaller table further down may still fit
            // The best table always goes in, cut to what is left of the budget (pins may have
            // taken it all: then to half of it).
            const int room = qMax(tokenBudget - used, tokenBudget / 2);
            show(index, block.left(qMax(0, room * 3)));
            chosenShown = true;
            used = qMax(used, tokenBudget);
            continue;
        }
        show(index, block);
        chosenShown = true;
        used += cost;
    }
    for (int index : std::as_const(matched)) {
        if (linked.tables.contains(m_tables.at(index).name))
            linked.matched.append(m_tables.at(index).name);
    }
    // Named by a note, but left out by the budget: not linked after all.
    linked.noted.removeIf([&linked](const QString &name) { return !linked.tables.contains(name); });
    if (!glossary.isEmpty())
        blocks.append(glossary);
    linked.text = blocks.join(u'\n');
    linked.tokens = TokenEstimate::forText(linked.text);
    linked.complete = linked.tables.size() == m_tables.size();
    return linked;
}

} // namespace sqlmend::core
