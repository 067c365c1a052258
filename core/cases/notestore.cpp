#include "core/cases/notestore.h"

#include "core/cases/jsonlinesinput.h"
#include "core/cases/storetext.h"
#include "core/cases/storetime.h"
#include "core/sql/connectionprofile.h"

#include <QDir>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSqlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The store's text columns are NOT NULL, and a lone surrogate becomes U+FFFD as in UTF-8.
QVariant text(const QString &value)
{
    return QVariant(storable(value));
}

// The datasource's key: its URL without a password, and a file path written with a doubled
// leading slash ("sqlite:////data/x.db", what "sqlite:///" + an absolute path gives) under the
// same key as the plain one, so that every way of naming the file finds its notes.
QVariant datasourceText(const QString &datasource)
{
    Result<ConnectionProfile> profile = ConnectionProfile::fromUrl(datasource);
    if (profile && profile->database().startsWith(u"//")) {
        ConnectionProfile cleaned = profile.value();
        cleaned.setDatabase(QDir::cleanPath(cleaned.database()));
        return text(ConnectionProfile::withoutPassword(cleaned.toUrl()));
    }
    return text(ConnectionProfile::withoutPassword(datasource));
}

// What goes into the store: the line's form, checked the same way whatever the way in.
Result<BusinessNote> checkedNote(const BusinessNote &note)
{
    return BusinessNote::fromJson(note.toJson());
}

Result<GlossaryTerm> checkedTerm(const GlossaryTerm &term)
{
    return GlossaryTerm::fromJson(term.toJson());
}

} // namespace

Result<Done> NoteStore::transaction(const std::function<Result<Done>()> &body)
{
    Result<Done> started = m_store.begin();
    if (!started)
        return started;
    Result<Done> result = body();
    if (!result) {
        m_store.rollback();
        return result;
    }
    Result<Done> committed = m_store.commit();
    if (!committed)
        m_store.rollback();
    return committed;
}

Result<BusinessNotes> NoteStore::notes(const QString &datasource)
{
    Result<QSqlQuery> rows = m_store.exec(
            u"SELECT table_name, column_name, description, synonyms_json, allowed_values_json, "
            "formula, updated_at FROM business_notes WHERE datasource = ? ORDER BY target_key"_s,
            {datasourceText(datasource)});
    if (!rows)
        return makeUnexpected(rows.error());
    QList<BusinessNote> notes;
    while (rows.value().next()) {
        const QSqlQuery &row = rows.value();
        BusinessNote note;
        note.table = row.value(0).toString();
        note.column = row.value(1).toString();
        note.description = row.value(2).toString();
        note.synonyms = listFromStored(row.value(3).toString());
        note.allowedValues = listFromStored(row.value(4).toString());
        note.formula = row.value(5).toString();
        note.updated = storeTimestampFromText(row.value(6).toString());
        notes.append(note);
    }
    Result<QSqlQuery> termRows =
            m_store.exec(u"SELECT term, definition, tables_json, updated_at FROM glossary_terms "
                         "WHERE datasource = ? ORDER BY term_key"_s,
                         {datasourceText(datasource)});
    if (!termRows)
        return makeUnexpected(termRows.error());
    QList<GlossaryTerm> terms;
    while (termRows.value().next()) {
        const QSqlQuery &row = termRows.value();
        terms.append({row.value(0).toString(), row.value(1).toString(),
                      listFromStored(row.value(2).toString()),
                      storeTimestampFromText(row.value(3).toString())});
    }
    return BusinessNotes(std::move(notes), std::move(terms));
}

Result<Done> NoteStore::writeNote(const QString &datasource, const BusinessNote &note)
{
    const QString now = storeTimestamp(storeNow());
    Result<QSqlQuery> stored = m_store.exec(
            u"INSERT INTO business_notes (datasource, target_key, table_name, column_name, "
            "description, synonyms_json, allowed_values_json, formula, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (datasource, target_key) DO UPDATE SET table_name = excluded.table_name, "
            "column_name = excluded.column_name, description = excluded.description, "
            "synonyms_json = excluded.synonyms_json, "
            "allowed_values_json = excluded.allowed_values_json, formula = excluded.formula, "
            "updated_at = excluded.updated_at"_s,
            {datasourceText(datasource), text(BusinessNote::key(note.table, note.column)),
             text(note.table), text(note.column), text(note.description), storedList(note.synonyms),
             storedList(note.allowedValues), text(note.formula), now});
    if (!stored)
        return makeUnexpected(stored.error());
    return Done{};
}

Result<Done> NoteStore::writeTerm(const QString &datasource, const GlossaryTerm &term)
{
    const QString now = storeTimestamp(storeNow());
    Result<QSqlQuery> stored = m_store.exec(
            u"INSERT INTO glossary_terms (datasource, term_key, term, definition, tables_json, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (datasource, term_key) DO UPDATE SET term = excluded.term, "
            "definition = excluded.definition, tables_json = excluded.tables_json, "
            "updated_at = excluded.updated_at"_s,
            {datasourceText(datasource), text(GlossaryTerm::key(term.term)), text(term.term),
             text(term.definition), storedList(term.tables), now});
    if (!stored)
        return makeUnexpected(stored.error());
    return Done{};
}

Result<Done> NoteStore::setNote(const QString &datasource, const BusinessNote &note)
{
    if (note.isEmpty())
        return removeNote(datasource, note.table, note.column);
    Result<BusinessNote> checked = checkedNote(note);
    if (!checked)
        return makeUnexpected(checked.error());
    return transaction([&] { return writeNote(datasource, checked.value()); });
}

Result<Done> NoteStore::removeNote(const QString &datasource, const QString &table,
                                   const QString &column)
{
    return transaction([&]() -> Result<Done> {
        Result<QSqlQuery> removed = m_store.exec(
                u"DELETE FROM business_notes WHERE datasource = ? AND target_key = ?"_s,
                {datasourceText(datasource), text(BusinessNote::key(table, column))});
        if (!removed)
            return makeUnexpected(removed.error());
        return Done{};
    });
}

Result<Done> NoteStore::setTerm(const QString &datasource, const GlossaryTerm &term)
{
    Result<GlossaryTerm> checked = checkedTerm(term);
    if (!checked)
        return makeUnexpected(checked.error());
    return transaction([&] { return writeTerm(datasource, checked.value()); });
}

Result<Done> NoteStore::removeTerm(const QString &datasource, const QString &term)
{
    return transaction([&]() -> Result<Done> {
        Result<QSqlQuery> removed =
                m_store.exec(u"DELETE FROM glossary_terms WHERE datasource = ? AND term_key = ?"_s,
                             {datasourceText(datasource), text(GlossaryTerm::key(term))});
        if (!removed)
            return makeUnexpected(removed.error());
        if (removed.value().numRowsAffected() < 1)
            return makeFailure(tr("there is no term \"%1\"").arg(term.left(80)), u"not_found"_s);
        return Done{};
    });
}

Result<Done> NoteStore::replaceTerms(const QString &datasource, const QList<GlossaryTerm> &terms)
{
    QList<GlossaryTerm> checked;
    for (const GlossaryTerm &term : terms) {
        Result<GlossaryTerm> valid = checkedTerm(term);
        if (!valid)
            return makeUnexpected(valid.error());
        checked.append(valid.value());
    }
    return transaction([&]() -> Result<Done> {
        Result<QSqlQuery> cleared = m_store.exec(
                u"DELETE FROM glossary_terms WHERE datasource = ?"_s, {datasourceText(datasource)});
        if (!cleared)
            return makeUnexpected(cleared.error());
        for (const GlossaryTerm &term : std::as_const(checked)) {
            if (Result<Done> written = writeTerm(datasource, term); !written)
                return written;
        }
        return Done{};
    });
}

Result<qint64> NoteStore::exportNotes(const QString &datasource, QIODevice &out)
{
    if (!out.isWritable())
        return makeFailure(tr("the export target is not writable"), u"io"_s);
    Result<BusinessNotes> all = notes(datasource);
    if (!all)
        return makeUnexpected(all.error());
    QList<QJsonObject> lines;
    for (const BusinessNote &note : all->notes())
        lines.append(note.toJson());
    for (const GlossaryTerm &term : all->terms())
        lines.append(term.toJson());
    for (const QJsonObject &object : std::as_const(lines)) {
        const QByteArray line = QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
        if (out.write(line) != line.size())
            return makeFailure(tr("cannot write the export: %1").arg(out.errorString()), u"io"_s);
    }
    return qint64(lines.size());
}

Result<ImportReport> NoteStore::importNotes(const QString &datasource, QIODevice &in)
{
    if (!in.isReadable())
        return makeFailure(tr("the import source is not readable"), u"io"_s);
    ImportReport report;
    QList<QPair<qint64, BusinessNote>> notes;
    QList<QPair<qint64, GlossaryTerm>> terms;
    readJsonLines(in, report.problems,
                  [&notes, &terms](qint64 line, const QJsonObject &object) -> QString {
                      const QString kind = object.value(u"kind").toString();
                      if (kind == u"note") {
                          Result<BusinessNote> note = BusinessNote::fromJson(object);
                          if (!note)
                              return note.error().message;
                          notes.append({line, note.value()});
                      } else if (kind == u"term") {
                          Result<GlossaryTerm> term = GlossaryTerm::fromJson(object);
                          if (!term)
                              return term.error().message;
                          terms.append({line, term.value()});
                      } else {
                          return tr("the field \"kind\" must be \"note\" or \"term\"");
                      }
                      return QString();
                  });

    Result<BusinessNotes> before = notes.isEmpty() && terms.isEmpty()
            ? Result<BusinessNotes>(BusinessNotes())
            : this->notes(datasource);
    if (!before)
        return makeUnexpected(before.error());
    Result<Done> stored = transaction([&]() -> Result<Done> {
        for (const auto &[number, note] : std::as_const(notes)) {
            const BusinessNote *known = before->find(note.table, note.column);
            if (known && *known == note) {
                ++report.skipped;
                continue;
            }
            if (Result<Done> written = writeNote(datasource, note); !written)
                return written;
            ++report.imported;
        }
        for (const auto &line : std::as_const(terms)) {
            const GlossaryTerm &term =
                    line.second; // a plain name: lambdas cannot capture a binding
            const auto known = std::find_if(before->terms().cbegin(), before->terms().cend(),
                                            [&term](const GlossaryTerm &held) {
                                                return GlossaryTerm::key(held.term)
                                                        == GlossaryTerm::key(term.term);
                                            });
            if (known != before->terms().cend() && *known == term) {
                ++report.skipped;
                continue;
            }
            if (Result<Done> written = writeTerm(datasource, term); !written)
                return written;
            ++report.imported;
        }
        return Done{};
    });
    if (!stored)
        return makeUnexpected(stored.error());
    std::sort(report.problems.begin(), report.problems.end(),
              [](const ImportProblem &a, const ImportProblem &b) { return a.line < b.line; });
    return report;
}

} // namespace sqlmend::core
