#include "core/schema/businessnotes.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The fields a notes line may hold; anything else is a typo worth reporting.
const QStringList noteFields = {u"kind"_s,     u"table"_s,          u"column"_s, u"description"_s,
                                u"synonyms"_s, u"allowed_values"_s, u"formula"_s};
const QStringList termFields = {u"kind"_s, u"term"_s, u"definition"_s, u"tables"_s};

// Trimmed, without empty or repeated (ignoring case) entries.
QStringList cleanList(const QStringList &values)
{
    QStringList result;
    for (const QString &value : values) {
        const QString trimmed = value.simplified();
        if (!trimmed.isEmpty() && !result.contains(trimmed, Qt::CaseInsensitive))
            result.append(trimmed);
    }
    return result;
}

// The text of a field that must be a string, or the reason it is not.
Result<QString> stringField(const QJsonObject &object, QStringView key)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return QString();
    if (!value.isString())
        return makeFailure(BusinessNotes::tr("the field \"%1\" must be a string").arg(key),
                           u"invalid"_s);
    return value.toString().trimmed();
}

Result<QStringList> listField(const QJsonObject &object, QStringView key)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return QStringList();
    const QString wrong =
            BusinessNotes::tr("the field \"%1\" must be an array of strings").arg(key);
    if (!value.isArray())
        return makeFailure(wrong, u"invalid"_s);
    QStringList result;
    for (const QJsonValue &item : value.toArray()) {
        if (!item.isString())
            return makeFailure(wrong, u"invalid"_s);
        result.append(item.toString());
    }
    return cleanList(result);
}

Result<Done> onlyKnownFields(const QJsonObject &object, const QStringList &known)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key()))
            return makeFailure(BusinessNotes::tr("unknown field \"%1\"").arg(it.key().left(40)),
                               u"invalid"_s);
    }
    return Done{};
}

void insertIfAny(QJsonObject &object, QStringView key, const QString &value)
{
    if (!value.isEmpty())
        object.insert(key, value);
}

void insertIfAny(QJsonObject &object, QStringView key, const QStringList &values)
{
    if (!values.isEmpty())
        object.insert(key, QJsonArray::fromStringList(values));
}

} // namespace

bool BusinessNote::isEmpty() const
{
    return description.trimmed().isEmpty() && synonyms.isEmpty() && allowedValues.isEmpty()
            && formula.trimmed().isEmpty();
}

QString BusinessNote::target() const
{
    return column.isEmpty() ? table : table + u'.' + column;
}

QString BusinessNote::key(QStringView table, QStringView column)
{
    return column.isEmpty() ? table.toString().toLower()
                            : (table.toString() + u'.' + column.toString()).toLower();
}

QJsonObject BusinessNote::toJson() const
{
    QJsonObject object;
    object.insert(u"kind", u"note"_s);
    object.insert(u"table", table);
    insertIfAny(object, u"column", column);
    insertIfAny(object, u"description", description);
    insertIfAny(object, u"synonyms", synonyms);
    insertIfAny(object, u"allowed_values", allowedValues);
    insertIfAny(object, u"formula", formula);
    return object;
}

Result<BusinessNote> BusinessNote::fromJson(const QJsonObject &object)
{
    if (Result<Done> known = onlyKnownFields(object, noteFields); !known)
        return makeUnexpected(known.error());
    BusinessNote note;
    for (const auto &[key, field] : {std::pair{u"table", &note.table},
                                     {u"column", &note.column},
                                     {u"description", &note.description},
                                     {u"formula", &note.formula}}) {
        Result<QString> value = stringField(object, key);
        if (!value)
            return makeUnexpected(value.error());
        *field = value.value();
    }
    for (const auto &[key, field] :
         {std::pair{u"synonyms", &note.synonyms}, {u"allowed_values", &note.allowedValues}}) {
        Result<QStringList> value = listField(object, key);
        if (!value)
            return makeUnexpected(value.error());
        *field = value.value();
    }
    if (note.table.isEmpty())
        return makeFailure(BusinessNotes::tr("the field \"table\" is missing"), u"invalid"_s);
    if (note.table.contains(u'.') || note.column.contains(u'.'))
        return makeFailure(BusinessNotes::tr("a table or column name holds no dot; give the "
                                             "column in \"column\""),
                           u"invalid"_s);
    if (note.isEmpty())
        return makeFailure(BusinessNotes::tr("the note on %1 says nothing (no description, "
                                             "synonyms, allowed values or formula)")
                                   .arg(note.target()),
                           u"invalid"_s);
    return note;
}

bool operator==(const BusinessNote &a, const BusinessNote &b)
{
    return a.table == b.table && a.column == b.column && a.description == b.description
            && a.synonyms == b.synonyms && a.allowedValues == b.allowedValues
            && a.formula == b.formula;
}

QString GlossaryTerm::key(QStringView term)
{
    return term.toString().simplified().toLower();
}

QJsonObject GlossaryTerm::toJson() const
{
    QJsonObject object;
    object.insert(u"kind", u"term"_s);
    object.insert(u"term", term);
    object.insert(u"definition", definition);
    insertIfAny(object, u"tables", tables);
    return object;
}

Result<GlossaryTerm> GlossaryTerm::fromJson(const QJsonObject &object)
{
    if (Result<Done> known = onlyKnownFields(object, termFields); !known)
        return makeUnexpected(known.error());
    GlossaryTerm term;
    Result<QString> name = stringField(object, u"term");
    Result<QString> definition = stringField(object, u"definition");
    Result<QStringList> tables = listField(object, u"tables");
    for (const Result<QString> *field : {&name, &definition}) {
        if (!*field)
            return makeUnexpected(field->error());
    }
    if (!tables)
        return makeUnexpected(tables.error());
    term.term = name.value().simplified();
    term.definition = definition.value();
    term.tables = tables.value();
    if (term.term.isEmpty())
        return makeFailure(BusinessNotes::tr("the field \"term\" is missing"), u"invalid"_s);
    if (term.definition.isEmpty())
        return makeFailure(
                BusinessNotes::tr("the term \"%1\" has no definition").arg(term.term.left(40)),
                u"invalid"_s);
    return term;
}

bool operator==(const GlossaryTerm &a, const GlossaryTerm &b)
{
    return a.term == b.term && a.definition == b.definition && a.tables == b.tables;
}

std::optional<NoteTarget> NoteTarget::parse(QStringView text)
{
    const QString trimmed = text.trimmed().toString();
    const qsizetype dot = trimmed.indexOf(u'.');
    NoteTarget target;
    target.table = (dot < 0 ? trimmed : trimmed.left(dot)).trimmed();
    target.column = dot < 0 ? QString() : trimmed.mid(dot + 1).trimmed();
    if (target.table.isEmpty() || (dot >= 0 && target.column.isEmpty())
        || target.column.contains(u'.'))
        return std::nullopt;
    return target;
}

BusinessNotes::BusinessNotes(QList<BusinessNote> notes, QList<GlossaryTerm> terms)
    : m_notes(std::move(notes)), m_terms(std::move(terms))
{
    for (qsizetype i = 0; i < m_notes.size(); ++i)
        m_byKey.insert(BusinessNote::key(m_notes.at(i).table, m_notes.at(i).column), int(i));
}

const BusinessNote *BusinessNotes::find(QStringView table, QStringView column) const
{
    const auto found = m_byKey.constFind(BusinessNote::key(table, column));
    return found == m_byKey.cend() ? nullptr : &m_notes.at(found.value());
}

QList<const BusinessNote *> BusinessNotes::columnNotes(QStringView table) const
{
    QList<const BusinessNote *> result;
    for (const BusinessNote &note : m_notes) {
        if (!note.column.isEmpty() && note.table.compare(table, Qt::CaseInsensitive) == 0)
            result.append(&note);
    }
    return result;
}

QByteArray BusinessNotes::fingerprint() const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const auto add = [&hash](const QString &text) {
        const QByteArray bytes = text.toUtf8();
        hash.addData(QByteArray::number(bytes.size()) + ':');
        hash.addData(bytes);
    };
    for (const BusinessNote &note : m_notes) {
        for (const QString &part : {note.table, note.column, note.description, note.formula})
            add(part);
        add(note.synonyms.join(u'\n'));
        add(note.allowedValues.join(u'\n'));
    }
    hash.addData("terms");
    for (const GlossaryTerm &term : m_terms) {
        add(term.term);
        add(term.definition);
        add(term.tables.join(u'\n'));
    }
    return hash.result();
}

QString noteSummary(const BusinessNote *note, const QString &catalogComment)
{
    QStringList parts;
    const QString description =
            note && !note->description.trimmed().isEmpty() ? note->description : catalogComment;
    if (!description.trimmed().isEmpty())
        parts.append(description.simplified());
    if (note) {
        if (!note->synonyms.isEmpty())
            parts.append(u"also: "_s + note->synonyms.join(u", "_s));
        if (!note->allowedValues.isEmpty())
            parts.append(u"values: "_s + note->allowedValues.join(u", "_s));
        if (!note->formula.trimmed().isEmpty())
            parts.append(u"formula: "_s + note->formula.simplified());
    }
    return parts.join(u"; "_s);
}

} // namespace sqlmend::core
