#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace sqlmend::core {

// Why schema linking put a table into a prompt.
struct LinkReason
{
    enum class Kind {
        Matched,      // the question's words matched its name, columns or comments (terms)
        ForeignKey,   // a foreign-key neighbour of a matched table (of)
        Pinned,       // the user pinned it for this datasource
        Example,      // a similar good case shown as an example reads it
        NamedByError, // an earlier attempt's error named it, or a column it holds (name, of)
        SmallCatalog, // the catalog is small enough to be shown whole
        NoMatch,      // nothing matched, so the first tables are shown
        Note,         // a business note's synonym or a glossary term the question used names it
    };

    Kind kind = Kind::Matched;
    QStringList terms; // Matched: the question's terms that matched
    QString of;        // ForeignKey: the matched table; NamedByError: the attempt (1-based)
    QString name;      // NamedByError: the name the error used

    // "matched", "foreign_key", "pinned", "example", "named_by_error", "small_catalog",
    // "no_match", "note": stable, written to JSON.
    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(QStringView name);
    QJsonObject toJson() const;
    // For people: "matched “city”", "foreign key of orders", "pinned", ...
    QString text() const;
    friend bool operator==(const LinkReason &, const LinkReason &) = default;
};

// One table of the schema a prompt was given: its columns as shown, and every reason it is there.
struct LinkedTable
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::LinkedTable)

public:
    QString table;
    QStringList columns;
    QList<LinkReason> reasons;

    bool has(LinkReason::Kind kind) const;
    // {"table", "columns": [...], "reasons": [{"kind", "terms"?, "of"?, "name"?}]}
    QJsonObject toJson() const;
    // Back from toJson(); nothing for what it did not write (reasons of unknown kinds are left
    // out, so that a newer build's store still reads).
    static std::optional<LinkedTable> fromJson(const QJsonObject &object);
    // "orders: matched “status”; foreign key of users"
    QString text() const;
    friend bool operator==(const LinkedTable &, const LinkedTable &) = default;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::LinkedTable)
