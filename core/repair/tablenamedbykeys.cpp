#include "core/repair/tablenamedbykeys.h"

#include "core/errors/namesuggester.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The words of a column named for the thing: the thing's words with "id" after them, the thing's
// last word also in the plural the query may have used (students, student_id).
bool namedFor(const QStringList &thing, const QString &column)
{
    const QStringList words = NameSuggester::words(column);
    if (words.size() != thing.size() + 1 || words.constLast() != u"id")
        return false;
    for (qsizetype i = 0; i < thing.size(); ++i) {
        const QString &word = thing.at(i);
        if (words.at(i) != word
            && !(i + 1 == thing.size() && word.size() > 3 && words.at(i) + u's' == word))
            return false;
    }
    return true;
}

} // namespace

std::optional<Repair> TableNamedByKeys::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::TableMissing)
        return std::nullopt;
    // MariaDB names the database before the table the statement wrote without it.
    const QString wrong =
            repairtext::lastNamePart(repairtext::unquotedName(input.capture(Capture::Name)));
    if (wrong.isEmpty() || schema->findTable(wrong))
        return std::nullopt;
    const QStringList thing = NameSuggester::words(wrong);
    if (thing.isEmpty())
        return std::nullopt;
    // A column's name, or its singular: the advice says to read that column from its table.
    if (!schema->tablesWithColumn(wrong).isEmpty()
        || (wrong.size() > 3 && wrong.endsWith(u's', Qt::CaseInsensitive)
            && !schema->tablesWithColumn(wrong.chopped(1)).isEmpty()))
        return std::nullopt;

    // The columns named for it: each in its table's primary key, each a key onto the whole key of
    // one and the same table, in two tables or more.
    const SchemaNames::Table *referenced = nullptr;
    QSet<const SchemaNames::Table *> holders;
    for (const SchemaNames::Table &holder : schema->tables) {
        for (const QString &column : holder.columns) {
            if (!namedFor(thing, column))
                continue;
            if (!holder.primaryKey.contains(column, Qt::CaseInsensitive))
                return std::nullopt;
            const SchemaNames::ForeignKey *foreign = holder.keyOn(column);
            const SchemaNames::Table *to =
                    foreign ? schema->referencedByWholeKey(*foreign) : nullptr;
            if (!to || to == &holder || (referenced && referenced != to))
                return std::nullopt;
            referenced = to;
            holders.insert(&holder);
        }
    }
    if (!referenced || holders.size() < 2)
        return std::nullopt;

    const QueryScope &scope = input.scope();
    if (scope.find(referenced->name))
        return std::nullopt; // read already, or an alias named so
    const QList<SqlToken> &tokens = scope.tokens;
    QList<std::pair<qsizetype, QString>> replacements;
    for (const QueryScope::Source &source : scope.sources) {
        if (source.derived || source.token < 0
            || !repairtext::namesIt(tokens.at(source.token), wrong))
            continue;
        replacements.append({source.token,
                             repairtext::spelledName(referenced->name, input.engine(),
                                                     tokens.at(source.token).kind
                                                             == SqlTokenKind::QuotedIdentifier)});
        const bool alone = std::count_if(scope.sources.cbegin(), scope.sources.cend(),
                                         [&](const QueryScope::Source &other) {
                                             return other.block == source.block;
                                         })
                == 1;
        const bool unaliased = source.alias.compare(source.table, Qt::CaseInsensitive) == 0;
        // Every column read from it is one of the table's: a qualified one, or a bare one of a
        // block that reads it alone.
        for (const QueryScope::Reference &reference : scope.references) {
            const bool through = reference.qualifier.isEmpty()
                    ? alone && reference.block == source.block
                            && !scope.isOutputAlias(reference.column)
                    : reference.qualifier.compare(source.alias, Qt::CaseInsensitive) == 0
                            && scope.find(reference.qualifier, reference.block) == &source;
            if (!through)
                continue;
            if (!referenced->hasColumn(reference.column))
                return std::nullopt;
            // Qualifiers repeat the table's name where it has no alias of its own.
            const qsizetype qualifier = reference.token - 2;
            if (unaliased && !reference.qualifier.isEmpty() && qualifier >= 0
                && repairtext::namesIt(tokens.at(qualifier), wrong))
                replacements.append(
                        {qualifier,
                         repairtext::spelledName(referenced->name, input.engine(),
                                                 tokens.at(qualifier).kind
                                                         == SqlTokenKind::QuotedIdentifier)});
        }
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1 -> %2"_s.arg(wrong, referenced->name));
}

} // namespace sqlmend::core
