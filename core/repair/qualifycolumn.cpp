#include "core/repair/qualifycolumn.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// A candidate joined only on the column, where another candidate's declared foreign key on the
// column references its whole one-column primary key: each row there meets at most one row of it,
// so the join repeats no row and, where the key holds, drops none; the table only confirms the
// key (Documents JOIN Templates ON Documents.Template_ID = Templates.Template_ID, selecting the
// document's Template_ID). That holds in a grouped statement too: the groups and what they count
// are the same with the table or without it.
bool confirmsKey(const SchemaNames &schema, const QList<const QueryScope::Source *> &candidates,
                 const QueryScope::Source *source, QStringView column)
{
    const SchemaNames::Table *own = schema.findTable(source->table);
    for (const QueryScope::Source *other : candidates) {
        if (other == source)
            continue;
        for (const SchemaNames::ForeignKey &key : schema.findTable(other->table)->foreignKeys) {
            if (key.columns.size() == 1 && sameName(key.columns.constFirst(), column)
                && schema.referencedByWholeKey(key) == own)
                return true;
        }
    }
    return false;
}

} // namespace

std::optional<Repair> QualifyColumn::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::AmbiguousColumn)
        return std::nullopt;
    QString column = input.capture(Capture::Name).trimmed();
    column = column.mid(column.lastIndexOf(u'.') + 1);
    if (column.isEmpty())
        return std::nullopt;
    const QueryScope &scope = input.scope();
    if (scope.isOutputAlias(column))
        return std::nullopt; // ORDER BY x may mean the output column

    QList<std::pair<qsizetype, QString>> replacements;
    QString change;
    for (const QueryScope::Reference &reference : scope.references) {
        if (!reference.qualifier.isEmpty() || !sameName(reference.column, column))
            continue;
        // The sources of this reference's block that have the column.
        QList<const QueryScope::Source *> candidates;
        for (const QueryScope::Source &source : scope.sources) {
            if (source.block != reference.block)
                continue;
            if (source.derived)
                return std::nullopt; // a subquery's columns are not known here
            const SchemaNames::Table *table = schema->findTable(source.table);
            if (!table)
                return std::nullopt;
            if (table->hasColumn(column))
                candidates.append(&source);
        }
        if (candidates.size() < 2)
            continue;
        // Every candidate: inner-joined, of one type, joined to the others on this column.
        QString type;
        for (const QueryScope::Source *source : std::as_const(candidates)) {
            if (source->nullable)
                return std::nullopt;
            const QString own = schema->findTable(source->table)->columnType(column).toUpper();
            if (source == candidates.constFirst())
                type = own;
            else if (own != type)
                return std::nullopt;
        }
        // The candidates, joined by equalities on the column.
        repairtext::JoinedGroups groups(candidates.size());
        const auto indexOf = [&](const QString &qualifier) {
            for (int i = 0; i < candidates.size(); ++i) {
                if (sameName(candidates.at(i)->alias, qualifier))
                    return i;
            }
            return -1;
        };
        QList<qsizetype> joinTokens;
        for (const QueryScope::Equality &equality : scope.equalities) {
            if (equality.block != reference.block || !sameName(equality.leftColumn, column)
                || !sameName(equality.rightColumn, column))
                continue;
            const int a = indexOf(equality.leftQualifier);
            const int b = indexOf(equality.rightQualifier);
            if (a < 0 || b < 0)
                continue;
            groups.join(a, b);
            joinTokens << equality.leftToken << equality.rightToken;
        }
        if (!groups.allJoined())
            return std::nullopt;
        // A table joined only to be joined is a sign the query is not what the question asked:
        // every candidate must be used beyond its join condition, unless it only confirms a key
        // (confirmsKey).
        for (const QueryScope::Source *source : std::as_const(candidates)) {
            bool used = false;
            for (const QueryScope::Reference &other : scope.references) {
                if (other.block == reference.block && sameName(other.qualifier, source->alias)
                    && !joinTokens.contains(other.token))
                    used = true;
                // A bare column only this source has.
                if (!used && other.block == reference.block && other.qualifier.isEmpty()
                    && !sameName(other.column, column)) {
                    int holders = 0;
                    bool mine = false;
                    for (const QueryScope::Source &any : scope.sources) {
                        if (any.block != reference.block || any.derived)
                            continue;
                        const SchemaNames::Table *table = schema->findTable(any.table);
                        if (table && table->hasColumn(other.column)) {
                            ++holders;
                            mine = mine || &any == source;
                        }
                    }
                    used = holders == 1 && mine;
                }
                if (used)
                    break;
            }
            if (!used && !confirmsKey(*schema, candidates, source, column))
                return std::nullopt;
        }
        const QString alias = candidates.constFirst()->alias;
        const QString text = scope.tokens.at(reference.token).text(input.sql()).toString();
        replacements.append({reference.token, alias + u'.' + text});
        change = u"%1 -> %2.%1"_s.arg(text, alias);
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), scope.tokens, replacements), change);
}

} // namespace sqlmend::core
