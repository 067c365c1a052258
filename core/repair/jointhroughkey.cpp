#include "core/repair/jointhroughkey.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> JoinThroughKey::propose(const RepairInput &input) const
{
    const std::optional<repairtext::QualifiedMissing> missing = repairtext::qualifiedMissing(input);
    if (!missing || input.engine() == Engine::ClickHouse)
        return std::nullopt;
    const SchemaNames *schema = input.schema();
    const QString &qualifier = missing->qualifier;
    const QString &column = missing->column;
    const QueryScope &scope = input.scope();
    const QueryScope::Source *source = missing->source;
    const SchemaNames::Table *table = missing->table;
    // A table that links others (two foreign keys or more: course_arrange, a course and a
    // teacher): its row stands for the pairing, and a column it lacks is one of the things it
    // links. A table with one key holds a thing of its own, whose columns the model may have taken
    // for another's (a template's type description beside a document's name, where the question
    // asks for the document's description).
    if (table->foreignKeys.size() < 2)
        return std::nullopt;

    // No table the block can see has the column: where one has it, the qualifier may be the
    // mistake.
    for (const QueryScope::Source *visible : scope.visible(source->block)) {
        const SchemaNames::Table *other =
                visible->derived ? nullptr : schema->findTable(visible->table);
        if (!other || other->hasColumn(column))
            return std::nullopt;
    }
    // The one key of the table that leads to a table with the column, onto its whole key.
    const std::optional<SchemaNames::JoinStep> way = schema->keyToColumn(*table, column);
    const SchemaNames::Table *target = way ? schema->findTable(way->toTable) : nullptr;
    const QString fromColumn = way ? way->fromColumn : QString();
    if (!target || fromColumn.isEmpty() || scope.find(target->name)
        || scope.cteNames.contains(target->name, Qt::CaseInsensitive))
        return std::nullopt;
    const QList<SqlToken> &tokens = scope.tokens;
    if (repairtext::selectsStar(input.sql(), tokens))
        return std::nullopt;

    // Every column the qualifier names that its table lacks is read from the joined table.
    const auto [groupFirst, groupEnd] = repairtext::groupByList(scope, source->token);
    const QString targetName = repairtext::spelledName(target->name, input.engine());
    QList<std::pair<qsizetype, QString>> replacements;
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.qualifier.compare(qualifier, Qt::CaseInsensitive) != 0
            || table->hasColumn(reference.column))
            continue;
        if (reference.block != source->block || !target->hasColumn(reference.column)
            || (reference.token >= groupFirst && reference.token < groupEnd)
            || repairtext::sumsJoinedValue(scope, reference.token, *table, fromColumn))
            return std::nullopt;
        const qsizetype written = repairtext::qualifierOf(input.sql(), tokens, reference.token);
        if (written < 0)
            return std::nullopt;
        const bool quoted = tokens.at(reference.token).kind == SqlTokenKind::QuotedIdentifier;
        replacements.append({written, targetName});
        replacements.append({reference.token,
                             repairtext::spelledName(target->realColumn(reference.column),
                                                     input.engine(), quoted)});
    }
    if (replacements.isEmpty())
        return std::nullopt;

    const qsizetype item = repairtext::itemEnd(tokens, source->token, source->alias, source->table);
    if (item < 0)
        return std::nullopt;
    const QString alias = tokens.at(item).text(input.sql()).toString();
    const QString join = repairtext::leftJoin(input.engine(), target->name, {}, alias, fromColumn,
                                              way->toColumn);
    const qsizetype end = repairtext::fromItemEnd(scope, source->token);
    // The join goes after the FROM item's last join: a join condition before it that reads the
    // column would name the table before it is joined, and that condition joins other tables
    // than the ones it names (join_through_link reads such a condition).
    for (const auto &replacement : std::as_const(replacements)) {
        if (replacement.first > source->token && replacement.first <= end)
            return std::nullopt;
    }
    replacements.append({end, tokens.at(end).text(input.sql()).toString() + join});
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1.%2 -> %3.%4 (%5)"_s.arg(qualifier, column, target->name,
                                             target->realColumn(column), join.trimmed()));
}

} // namespace sqlmend::core
