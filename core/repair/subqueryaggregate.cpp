#include "core/repair/subqueryaggregate.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> SubqueryAggregate::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::GroupBy)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<QueryScope::OuterAggregate> found = scope.outerAggregates(schema);
    if (found.isEmpty())
        return std::nullopt;
    QList<std::pair<qsizetype, QString>> replacements;
    QStringList changes;
    for (const QueryScope::OuterAggregate &aggregate : found) {
        const QueryScope::Source &outer = scope.sources.at(aggregate.outerSource);
        if (outer.derived)
            return std::nullopt;
        // The subquery's one read of the outer alias's table.
        const QueryScope::Source *own = nullptr;
        for (const QueryScope::Source &source : scope.sources) {
            if (source.block != aggregate.block)
                continue;
            if (source.derived)
                return std::nullopt;
            if (source.table.compare(outer.table, Qt::CaseInsensitive) == 0) {
                if (own)
                    return std::nullopt;
                own = &source;
            }
        }
        const SchemaNames::Table *table = own ? schema->findTable(own->table) : nullptr;
        if (!table)
            return std::nullopt;
        QString qualifier;
        for (const int r : aggregate.references) {
            const QueryScope::Reference &reference = scope.references.at(r);
            const qsizetype at = reference.token - 2;
            if (reference.qualifier.isEmpty() || !table->hasColumn(reference.column) || at < 0
                || scope.tokens.at(at + 1).kind != SqlTokenKind::Dot
                || scope.tokens.at(at).name.compare(reference.qualifier, Qt::CaseInsensitive) != 0)
                return std::nullopt;
            qualifier = reference.qualifier;
            replacements.append({at, repairtext::writtenName(own->alias, input.engine())});
        }
        // The alias stands nowhere else in the subquery (a correlation would make the subquery's
        // rows the outer row's).
        for (const QueryScope::Reference &reference : scope.references) {
            if (reference.block == aggregate.block
                && reference.qualifier.compare(qualifier, Qt::CaseInsensitive) == 0
                && (reference.token < aggregate.call || reference.token > aggregate.close)) {
                bool inAnother = false;
                for (const QueryScope::OuterAggregate &other : found)
                    inAnother = inAnother
                            || (reference.token > other.call && reference.token < other.close);
                if (!inAnother)
                    return std::nullopt;
            }
        }
        changes.append(u"%1. -> %2. in %3(...)"_s.arg(qualifier, own->alias,
                                                      scope.tokens.at(aggregate.call).name));
    }
    changes.removeDuplicates();
    return made(repairtext::replaced(input.sql(), scope.tokens, replacements),
                changes.join(u"; "_s));
}

} // namespace sqlmend::core
