#include "core/repair/jointhroughlink.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The columns of from's one-column foreign keys onto to's whole one-column primary key.
QStringList keysOnto(const SchemaNames &schema, const SchemaNames::Table &from,
                     const SchemaNames::Table &to)
{
    QStringList columns;
    for (const SchemaNames::ForeignKey &key : from.foreignKeys) {
        if (schema.referencedByWholeKey(key) == &to)
            columns.append(from.realColumn(key.columns.constFirst()));
    }
    return columns;
}

// A table whose rows are pairs: its primary key is two or more columns, each the column of one
// of its foreign keys (singer_in_concert pairs singers with concerts).
bool pairsRows(const SchemaNames::Table &table)
{
    return table.primaryKey.size() >= 2
            && std::all_of(table.primaryKey.cbegin(), table.primaryKey.cend(),
                           [&](const QString &column) {
                               return std::any_of(
                                       table.foreignKeys.cbegin(), table.foreignKeys.cend(),
                                       [&](const SchemaNames::ForeignKey &key) {
                                           return key.columns.contains(column, Qt::CaseInsensitive);
                                       });
                           });
}

// The block is outer or lies inside it.
bool within(const QueryScope &scope, int block, int outer)
{
    for (int b = block, hops = 0;
         b >= 0 && b < scope.parentOf.size() && hops <= scope.parentOf.size();
         b = scope.parentOf.at(b), ++hops) {
        if (b == outer)
            return true;
    }
    return false;
}

} // namespace

std::optional<Repair> JoinThroughLink::propose(const RepairInput &input) const
{
    const std::optional<repairtext::QualifiedMissing> missing = repairtext::qualifiedMissing(input);
    if (!missing || input.engine() == Engine::ClickHouse)
        return std::nullopt;
    const SchemaNames *schema = input.schema();
    const QString &qualifier = missing->qualifier;
    const QString &column = missing->column;
    const QueryScope::Source *named = missing->source;
    const SchemaNames::Table *table = missing->table;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    if (repairtext::selectsStar(input.sql(), tokens))
        return std::nullopt;
    const int block = named->block;
    for (const QueryScope::Source &source : scope.sources) {
        if (source.block == block && source.nullable)
            return std::nullopt;
    }

    // The one condition that sets the column equal to another table of the block's whole primary
    // key (course.Teacher_ID = teacher.Teacher_ID, orders.product_id = products.id).
    const QueryScope::Source *other = nullptr;
    QString otherColumn;
    for (const QueryScope::Equality &equality : scope.equalities) {
        const bool left = sameName(equality.leftQualifier, qualifier)
                && sameName(equality.leftColumn, column);
        const bool right = sameName(equality.rightQualifier, qualifier)
                && sameName(equality.rightColumn, column);
        if (left == right)
            continue;
        const QString &otherQualifier = left ? equality.rightQualifier : equality.leftQualifier;
        const QueryScope::Source *source =
                otherQualifier.isEmpty() ? nullptr : scope.find(otherQualifier, block);
        if (other || equality.block != block || !source || source == named
            || source->block != block)
            return std::nullopt;
        other = source;
        otherColumn = left ? equality.rightColumn : equality.leftColumn;
    }
    if (!other || other->derived || scope.cteNames.contains(other->table, Qt::CaseInsensitive))
        return std::nullopt;
    const SchemaNames::Table *target = schema->findTable(other->table);
    if (!target || target == table || target->primaryKey.size() != 1
        || !sameName(target->primaryKey.constFirst(), otherColumn)
        || schema->refersTo(*table, *target) || schema->refersTo(*target, *table))
        return std::nullopt;

    // The one table that holds the column as its one key onto that primary key and is linked to
    // the named table by one key, either way; none of the kind the statement reads.
    const SchemaNames::Table *link = nullptr;
    QString fromColumn;  // the named table's side of the link's join
    QString toColumn;    // the link's side
    bool toLink = false; // the named table's key refers to the link
    for (const SchemaNames::Table &candidate : schema->tables) {
        if (&candidate == table || &candidate == target)
            continue;
        const QStringList onto = keysOnto(*schema, candidate, *target);
        const QStringList pairs = keysOnto(*schema, candidate, *table);  // the link refers to it
        const QStringList refers = keysOnto(*schema, *table, candidate); // it refers to the link
        if (onto.isEmpty() || pairs.size() + refers.size() == 0)
            continue;
        if (link || onto.size() != 1 || !sameName(onto.constFirst(), column)
            || pairs.size() + refers.size() != 1 || scope.find(candidate.name)
            || scope.cteNames.contains(candidate.name, Qt::CaseInsensitive))
            return std::nullopt;
        link = &candidate;
        toLink = pairs.isEmpty();
        if (toLink) {
            fromColumn = refers.constFirst();
            toColumn = candidate.realColumn(candidate.primaryKey.constFirst());
        } else {
            fromColumn = table->realColumn(table->primaryKey.constFirst());
            toColumn = pairs.constFirst();
        }
    }
    if (!link)
        return std::nullopt;
    // A table of pairs that refers to the link: the model took the pairs for the link's own rows
    // (a stadium's concerts read from singer_in_concert, which pairs concerts with singers).
    // Grouped or aggregated, the statement would count or add each link's row once per pair
    // (a concert once per singer), which no row of the answer shows.
    if (toLink && pairsRows(*table) && (repairtext::groupsRows(tokens) || scope.aggregates(block)))
        return std::nullopt;

    // Every use of the table's missing column is read from the link; a bare column the link has
    // would turn ambiguous where the block reads it.
    const QString linkName = repairtext::spelledName(link->name, input.engine());
    QList<std::pair<qsizetype, QString>> replacements;
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.qualifier.isEmpty()) {
            if (!link->hasColumn(reference.column) || !within(scope, reference.block, block))
                continue;
            const bool ownHolder = reference.block != block
                    && std::any_of(scope.sources.cbegin(), scope.sources.cend(),
                                   [&](const QueryScope::Source &source) {
                                       const SchemaNames::Table *holder = source.derived
                                               ? nullptr
                                               : schema->findTable(source.table);
                                       return source.block == reference.block && holder
                                               && holder->hasColumn(reference.column);
                                   });
            if (!ownHolder)
                return std::nullopt;
            continue;
        }
        if (!sameName(reference.qualifier, qualifier) || table->hasColumn(reference.column))
            continue;
        if (!sameName(reference.column, column) || reference.block != block)
            return std::nullopt;
        const qsizetype written = repairtext::qualifierOf(input.sql(), tokens, reference.token);
        if (written < 0)
            return std::nullopt;
        const bool quoted = tokens.at(reference.token).kind == SqlTokenKind::QuotedIdentifier;
        replacements.append({written, linkName});
        replacements.append(
                {reference.token,
                 repairtext::spelledName(link->realColumn(column), input.engine(), quoted)});
    }
    if (replacements.isEmpty())
        return std::nullopt;

    // Joined right after the table: in parentheses with it where a join's condition follows it.
    const qsizetype item = repairtext::itemEnd(tokens, named->token, named->alias, named->table);
    const qsizetype before = repairtext::significant(tokens, named->token, -1);
    if (item < 0 || before < 0)
        return std::nullopt;
    const bool nested = tokens.at(before).isWord(u"JOIN");
    if (!nested && !tokens.at(before).isWord(u"FROM")
        && tokens.at(before).kind != SqlTokenKind::Comma
        && tokens.at(before).text(input.sql()) != u"(")
        return std::nullopt;
    const QString as = tokens.at(item).text(input.sql()).toString();
    const QString join =
            repairtext::keyJoin(input.engine(), u"JOIN", link->name, {}, as, fromColumn, toColumn);
    const QString first = tokens.at(named->token).text(input.sql()).toString();
    if (item == named->token) {
        replacements.append(
                {item,
                 (nested ? u"("_s : QString()) + first + join + (nested ? u")"_s : QString())});
    } else {
        if (nested)
            replacements.append({named->token, u'(' + first});
        replacements.append({item, as + join + (nested ? u")"_s : QString())});
    }
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1.%2 -> %3.%4 (%5)"_s.arg(qualifier, column, link->name,
                                             link->realColumn(column), join.trimmed()));
}

} // namespace sqlmend::core
