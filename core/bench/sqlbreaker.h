#pragma once

#include "core/engines/engine.h"
#include "core/errors/errorclass.h"
#include "core/errors/schemanames.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace sqlmend::core {

// The kinds of mistake the deterministic correction benchmark puts into gold SQL.
enum class BreakKind {
    ColumnMisspelled,
    TableMisspelled,
    GroupByDropped,
    ForeignFunction,
    StringNumber,
    AmbiguousColumn,
};

// "column_misspelled", "table_misspelled", "group_by_dropped", "foreign_function",
// "string_number", "ambiguous_column": stable, written to JSON.
QString breakKindName(BreakKind kind);
const QList<BreakKind> &allBreakKinds();

// One broken statement and what a good diagnosis of it says.
struct SqlBreak
{
    BreakKind kind = BreakKind::ColumnMisspelled;
    QString sql;
    QList<ErrorClass> expectedClasses; // the first is the usual one; any of them is right
    // What good advice names: the real column or table, the qualified column, this engine's
    // spelling of the function, or the operator (`=`) and the value for a type mismatch.
    QStringList rightNames;
    QString wrongName; // the name as broken, where one was misspelled
};

// Breaks one identifier, clause item or literal of a statement, found with the tokenizer and the
// schema's names (never per database or per question). The choice among the places a kind
// applies to, and the misspelling, come from the seed alone, so every run breaks the same way.
class SqlBreaker
{
public:
    SqlBreaker(Engine engine, SchemaNames schema);

    // Empty when the kind does not apply to this statement.
    std::optional<SqlBreak> breakSql(QStringView sql, BreakKind kind, quint64 seed) const;

    // A plausible typo of name (a letter dropped, doubled or swapped, an underscore removed or
    // added, singular/plural) that is none of the forbidden names; empty when none is found.
    static QString misspell(const QString &name, quint64 seed, const QStringList &forbidden);

private:
    Engine m_engine;
    SchemaNames m_schema;
};

} // namespace sqlmend::core
