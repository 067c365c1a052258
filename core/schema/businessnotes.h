#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace sqlmend::core {

// What a person tells the model about a table or a column: its meaning, other words for it, the
// values it takes and, for a business measure, how it is computed. The user's own words: no
// value here ever comes from the data.
struct BusinessNote
{
    QString table;
    QString column; // empty: the note is on the table
    QString description;
    QStringList synonyms;
    QStringList allowedValues;
    QString formula;
    QDateTime updated;

    bool isEmpty() const;
    // "orders" or "orders.amount".
    QString target() const;
    // Lower-case table and column, the key a note is stored and looked up under.
    static QString key(QStringView table, QStringView column);

    // {"kind": "note", "table", "column", "description", "synonyms", "allowed_values",
    // "formula"}; empty fields are left out.
    QJsonObject toJson() const;
    static Result<BusinessNote> fromJson(const QJsonObject &object);
    friend bool operator==(const BusinessNote &a, const BusinessNote &b);
};

// A business term and what it means ("active customer": a customer with a paid order in the
// last 90 days), optionally tied to the tables that answer it.
struct GlossaryTerm
{
    QString term;
    QString definition;
    QStringList tables;
    QDateTime updated;

    // The term simplified and in lower case.
    static QString key(QStringView term);
    // {"kind": "term", "term", "definition", "tables"}.
    QJsonObject toJson() const;
    static Result<GlossaryTerm> fromJson(const QJsonObject &object);
    friend bool operator==(const GlossaryTerm &a, const GlossaryTerm &b);
};

// "orders" or "orders.amount" (the first dot splits): the table and the column a note is on.
struct NoteTarget
{
    QString table;
    QString column;
    static std::optional<NoteTarget> parse(QStringView text);
};

// Every note and glossary term of one datasource. Looking a name up ignores letter case.
class BusinessNotes
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::BusinessNotes)

public:
    BusinessNotes() = default;
    BusinessNotes(QList<BusinessNote> notes, QList<GlossaryTerm> terms);

    const QList<BusinessNote> &notes() const { return m_notes; }
    const QList<GlossaryTerm> &terms() const { return m_terms; }
    bool isEmpty() const { return m_notes.isEmpty() && m_terms.isEmpty(); }

    const BusinessNote *find(QStringView table, QStringView column = {}) const;
    // The notes on the columns of table.
    QList<const BusinessNote *> columnNotes(QStringView table) const;
    // Changes with every note and term (their text, not their times): what an index over the
    // notes is valid for.
    QByteArray fingerprint() const;

    friend bool operator==(const BusinessNotes &a, const BusinessNotes &b)
    {
        return a.m_notes == b.m_notes && a.m_terms == b.m_terms;
    }

private:
    QList<BusinessNote> m_notes;
    QList<GlossaryTerm> m_terms;
    QHash<QString, int> m_byKey;
};

// A name's note as a prompt shows it: "sales orders; also: sale, purchase; values: paid,
// refunded; formula: sum(amount)". The description falls back to the catalog's comment.
QString noteSummary(const BusinessNote *note, const QString &catalogComment);

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::BusinessNotes)
