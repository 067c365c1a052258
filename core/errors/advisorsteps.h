#pragma once

// The advisor's steps, private to core/errors. advisor.cpp holds what they share and the small
// classes; advisornames.cpp the missing columns, tables and functions; advisorsyntax.cpp casts,
// operators, GROUP BY, ambiguity and syntax.

#include "core/engines/engine.h"
#include "core/engines/sqlengine.h"
#include "core/errors/advisor.h"
#include "core/errors/errorrules.h"
#include "core/errors/queryscope.h"
#include "core/errors/schemanames.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <initializer_list>
#include <optional>

namespace sqlmend::core::advisorsteps {

// Advice must stay readable (and a prompt small) even for a 10 MB error: the root cause shown is
// cut here, and identifiers are looked for only in this much of it.
inline constexpr qsizetype MaxShownRootCause = 4000;
inline constexpr int MaxSuggestions = 3;
// The tables named as holding a column, at most (the rest are counted).
inline constexpr qsizetype MaxHolderNames = 8;
inline constexpr int MaxAlternatives = 8;
// A missing table that resembles none: the schema's tables, up to this many.
inline constexpr int MaxTablesListed = 24;
// The tables whose columns a column's advice lists, and the columns listed of each.
inline constexpr int MaxScopeTablesListed = 4;
inline constexpr int MaxColumnsListed = 24;

struct Step
{
    QString text;
    QStringList suggestions;
};

// A step's input: the message, the row of the rule table that recognised it and what it
// captured, the schema and the statement. Steps ask for the shapes they treat apart by the row's
// name; they never match the message themselves.
struct Input
{
    Engine engine = Engine::Unknown;
    ErrorClass errorClass = ErrorClass::Other;
    QString rule; // the classification's rule ("guard:not_sql", "text:column/no-such-column")
    QString text; // the shown part of the root cause
    RuleMatch match;
    const SchemaNames *schema = nullptr;
    QStringView statement;

    // The first of these rows that matches: the classification's own row when it is one of them.
    std::optional<RuleMatch> first(std::initializer_list<QStringView> names) const
    {
        for (const QStringView name : names) {
            if (match.is(name))
                return match;
        }
        return ErrorRules::firstOf(engine, text, names);
    }
    bool has(QStringView name) const { return first({name}).has_value(); }
    // The statement's scope, read on first use; the steps that ask for it share the one reading.
    const QueryScope &scope() const
    {
        if (!m_scope)
            m_scope = statement.isEmpty() ? QueryScope() : QueryScope::read(statement, engine);
        return *m_scope;
    }

private:
    mutable std::optional<QueryScope> m_scope;
};

// `shop`.`orders`, "S"."OWNER", [dbo].[t] -> shop.orders, S.OWNER, dbo.t
QString unquoted(QStringView identifier);
QString baseName(const QString &identifier);
// shop.orders.created_at -> orders; o.user_name -> o; user_name -> empty.
QString qualifierOf(const QString &identifier);
// Names and values quoted from a hostile message stay short in the advice.
QString code(const QString &text);
QString joinedNames(const QStringList &names);
// "x or y", translated joiner for a list of spellings.
QString alternatives(const QStringList &spellings);
QString dialect(Engine engine);
QString bounded(const QString &text);
QStringList castSpellings(Engine engine, CastTarget target);
CastTarget castTargetForType(const QString &type);
QString quotedIdentifier(Engine engine, const QString &name);
QStringList schemaNamesOf(const SchemaNames &schema);
QString qualifiedName(const SchemaNames::Table &table);
// Tables a user could ask access to at the same time, or read instead: the same schema and kind.
QStringList tablesBeside(const SchemaNames &schema, const QString &object);
QString nativeTypeFor(Engine engine, const QString &type);
QString equivalentFor(Engine engine, const QString &name);
bool isKnownFunction(Engine engine, const QString &name, const SchemaNames *schema);
QString natureOf(ErrorClass errorClass);
QString captured(const std::optional<RuleMatch> &found, Capture which);
QString sourceLabel(const QueryScope::Source &source);
// "JOIN people ON people.People_ID = T2.People_ID", through the aliases the query gave.
QString joinText(const QList<SchemaNames::JoinStep> &path, const QueryScope &scope);

// The table a reference's column comes from: its qualifier's, or the one source of its block
// that has it. Null where the schema does not show it (two tables of the block have it, none
// does, a subquery's column).
const SchemaNames::Table *holderOf(const SchemaNames &schema, const QueryScope &scope,
                                   const QueryScope::Reference &reference);

// A column that is no date, read where a part of a date is taken from it (YEAR(c.Year),
// EXTRACT(YEAR FROM c.Year)): one of a number type (Year INTEGER), or a text column named for
// the part (Year TEXT for YEAR). The column, its declared type, and how the statement compares
// the part (= 2014), when it does.
struct ColumnUnderDatePart
{
    QString column;
    QString type;
    QString comparison;
    bool number = true; // else text named for the part
    // The example the advice gives: the comparison on the column itself, or the column.
    QString example() const { return comparison.isEmpty() ? column : comparison; }
};
// reference: the column the part is read from; part: year, month, day, ...; after: the token
// after the call's closing parenthesis (its comparison), or -1.
std::optional<ColumnUnderDatePart> dateArgument(const Input &in,
                                                const QueryScope::Reference &reference,
                                                const QString &part, qsizetype after);
// The advice for such a column: use it as it is. missing: what the engine lacks, as the advice
// names it ("function `YEAR`", "EXTRACT(YEAR FROM ...)"); call: what to leave out (`YEAR`);
// instead: the engine's spelling for dates stored as dates (a text column may hold them).
Step datePartStep(const Input &in, const ColumnUnderDatePart &argument, const QString &missing,
                  const QString &call, const QString &part, const QString &instead);
// The advice for a date whose table has a column named for the part (matches.year beside
// matches.tourney_date, read by YEAR(m.tourney_date) or EXTRACT(YEAR FROM m.tourney_date)): that
// column, which the question most likely means, and instead where it holds something else.
// Empty where the reference is no date part's argument of such a table, or instead is empty.
Step partColumnStep(const Input &in, const QueryScope &scope,
                    const QueryScope::Reference &reference, const QString &part,
                    const QString &missing, const QString &instead);

// The step of each class (advisornames.cpp, advisorsyntax.cpp).
Step columnMissingStep(const Input &in);
Step tableMissingStep(const Input &in);
Step functionMissingStep(const Input &in);
Step castStep(const Input &in);
Step operatorStep(const Input &in);
Step groupByStep(const Input &in);
Step ambiguousStep(const Input &in);
Step distinctOnStep(const Input &in);
Step syntaxStep(const Input &in);

} // namespace sqlmend::core::advisorsteps
