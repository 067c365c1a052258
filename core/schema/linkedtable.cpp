#include "core/schema/linkedtable.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QString LinkReason::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Matched:
        return u"matched"_s;
    case Kind::ForeignKey:
        return u"foreign_key"_s;
    case Kind::Pinned:
        return u"pinned"_s;
    case Kind::Example:
        return u"example"_s;
    case Kind::NamedByError:
        return u"named_by_error"_s;
    case Kind::SmallCatalog:
        return u"small_catalog"_s;
    case Kind::NoMatch:
        return u"no_match"_s;
    case Kind::Note:
        return u"note"_s;
    }
    return u"matched"_s;
}

std::optional<LinkReason::Kind> LinkReason::kindFromName(QStringView name)
{
    for (Kind kind : {Kind::Matched, Kind::ForeignKey, Kind::Pinned, Kind::Example,
                      Kind::NamedByError, Kind::SmallCatalog, Kind::NoMatch, Kind::Note}) {
        if (name == kindName(kind))
            return kind;
    }
    return std::nullopt;
}

QJsonObject LinkReason::toJson() const
{
    QJsonObject object{{u"kind"_s, kindName(kind)}};
    if (!terms.isEmpty())
        object.insert(u"terms"_s, QJsonArray::fromStringList(terms));
    if (!of.isEmpty())
        object.insert(u"of"_s, of);
    if (!name.isEmpty())
        object.insert(u"name"_s, name);
    return object;
}

QString LinkReason::text() const
{
    switch (kind) {
    case Kind::Matched: {
        QStringList quoted;
        for (const QString &term : terms)
            quoted.append(u"\u201c"_s + term + u"\u201d"_s);
        return LinkedTable::tr("matched %1").arg(quoted.join(u", "_s));
    }
    case Kind::ForeignKey:
        return LinkedTable::tr("foreign key of %1").arg(of);
    case Kind::Pinned:
        return LinkedTable::tr("pinned");
    case Kind::Example:
        return LinkedTable::tr("used by an example");
    case Kind::NamedByError:
        return LinkedTable::tr("named by the error of attempt %1 (%2)").arg(of, name);
    case Kind::SmallCatalog:
        return LinkedTable::tr("small schema, shown whole");
    case Kind::NoMatch:
        return LinkedTable::tr("no table matched the question");
    case Kind::Note:
        return LinkedTable::tr("named by a business note or glossary term");
    }
    return {};
}

bool LinkedTable::has(LinkReason::Kind kind) const
{
    for (const LinkReason &reason : reasons) {
        if (reason.kind == kind)
            return true;
    }
    return false;
}

QJsonObject LinkedTable::toJson() const
{
    QJsonArray reasonArray;
    for (const LinkReason &reason : reasons)
        reasonArray.append(reason.toJson());
    return QJsonObject{{u"table"_s, table},
                       {u"columns"_s, QJsonArray::fromStringList(columns)},
                       {u"reasons"_s, reasonArray}};
}

std::optional<LinkedTable> LinkedTable::fromJson(const QJsonObject &object)
{
    const QJsonValue name = object.value(u"table"_s);
    if (!name.isString() || name.toString().isEmpty())
        return std::nullopt;
    LinkedTable table;
    table.table = name.toString();
    for (const QJsonValue &column : object.value(u"columns"_s).toArray())
        table.columns.append(column.toString());
    for (const QJsonValue &value : object.value(u"reasons"_s).toArray()) {
        const QJsonObject reason = value.toObject();
        const std::optional<LinkReason::Kind> kind =
                LinkReason::kindFromName(reason.value(u"kind"_s).toString());
        if (!kind)
            continue;
        QStringList terms;
        for (const QJsonValue &term : reason.value(u"terms"_s).toArray())
            terms.append(term.toString());
        table.reasons.append({*kind, terms, reason.value(u"of"_s).toString(),
                              reason.value(u"name"_s).toString()});
    }
    return table;
}

QString LinkedTable::text() const
{
    QStringList parts;
    for (const LinkReason &reason : reasons)
        parts.append(reason.text());
    return tr("%1: %2").arg(table, parts.join(u"; "_s));
}

} // namespace sqlmend::core
