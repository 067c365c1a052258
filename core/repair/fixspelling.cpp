#include "core/repair/fixspelling.h"

#include "core/engines/engineregistry.h"
#include "core/errors/namesuggester.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

void appendUnique(QStringList &list, const QString &name)
{
    if (!list.contains(name, Qt::CaseInsensitive))
        list.append(name);
}

// A word without the s of a plural: "course" and "courses" are one word here.
QString singular(const QString &word)
{
    return word.size() > 3 && word.endsWith(u's') ? word.chopped(1) : word;
}

// Whether the fix turns a word the schema uses into another word: "MakerId" -> "MakeId" changes
// "maker", the word of the columns Maker and of the table car_makers, into "make", a name of
// another meaning that is one letter away. A misspelt word ("Contintent", "Wouth") is one no
// name of the schema has. Where the words run together differently as well (user_nme ->
// username), every word of the wrong name counts as changed.
bool changesAWordOfTheSchema(const QString &wrong, const QString &real, const SchemaNames &schema)
{
    // Letter case and separators alone change no word (user_name, username).
    if (NameSuggester::words(wrong).join(QString()) == NameSuggester::words(real).join(QString()))
        return false;
    QSet<QString> kept;
    for (const QString &word : NameSuggester::words(real))
        kept.insert(singular(word));
    QStringList changed;
    for (const QString &word : NameSuggester::words(wrong)) {
        if (!kept.contains(singular(word)))
            changed.append(singular(word));
    }
    if (changed.isEmpty())
        return false;
    for (const QString &word : schema.nameWords()) {
        if (changed.contains(singular(word)))
            return true;
    }
    return false;
}

} // namespace

std::optional<Repair> FixSpelling::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    const bool column = input.errorClass() == ErrorClass::ColumnMissing;
    const bool table = input.errorClass() == ErrorClass::TableMissing;
    if (!schema || (!column && !table))
        return std::nullopt;
    const QString named = repairtext::unquotedName(input.capture(Capture::Name));
    const QString wrong = repairtext::lastNamePart(named);
    if (wrong.isEmpty())
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const SqlEngine &dialect = EngineRegistry::forEngine(input.engine());

    QStringList candidates;
    // engine: where the server tells names apart by case, a name that differs from a column of
    // the query's tables only by case is a typo whose fix is unique.
    const bool caseSensitive = dialect.caseSensitiveNames();
    std::optional<QString> caseFix;
    if (column && caseSensitive) {
        QStringList spellings;
        for (const QString &name : scope.tables()) {
            const SchemaNames::Table *found = schema->findTable(name);
            const QString real = found ? found->realColumn(wrong) : QString();
            if (!real.isEmpty() && real != wrong && !spellings.contains(real))
                spellings.append(real);
        }
        if (spellings.size() == 1)
            caseFix = spellings.constFirst();
    }
    if (column && !caseFix) {
        // A name that exists verbatim in some table is a join or qualifier problem, not a typo.
        if (!schema->tablesWithColumn(wrong).isEmpty())
            return std::nullopt;
        const QString qualifier = named.contains(u'.') ? named.section(u'.', -2, -2) : QString();
        QStringList tables;
        if (!qualifier.isEmpty()) {
            const QueryScope::Source *source = scope.find(qualifier);
            if (!source || source->derived)
                return std::nullopt;
            tables.append(source->table);
        } else {
            tables = scope.tables();
        }
        for (const QString &name : tables) {
            const SchemaNames::Table *found = schema->findTable(name);
            if (!found)
                return std::nullopt; // a table the schema does not know: the scope is unsure
            for (const QString &real : found->columns)
                appendUnique(candidates, real);
        }
    } else {
        if (schema->findTable(wrong))
            return std::nullopt;
        for (const QString &real : schema->tableNames())
            appendUnique(candidates, real);
    }
    const std::optional<QString> real =
            caseFix ? caseFix : NameSuggester::uniqueSpelling(wrong, candidates);
    if (!real || changesAWordOfTheSchema(wrong, *real, *schema))
        return std::nullopt;

    // Every use of the wrong name in its role: column references, or table names and the
    // qualifiers that repeat them.
    QList<std::pair<qsizetype, QString>> replacements;
    const auto replacement = [&](const SqlToken &token) {
        return token.kind == SqlTokenKind::QuotedIdentifier ? dialect.quoteIdentifier(*real)
                                                            : *real;
    };
    if (column) {
        for (const QueryScope::Reference &reference : scope.references) {
            const SqlToken &token = scope.tokens.at(reference.token);
            if (caseSensitive ? token.name == wrong : repairtext::namesIt(token, wrong))
                replacements.append(
                        {reference.token, replacement(scope.tokens.at(reference.token))});
        }
    } else {
        for (const QueryScope::Source &source : scope.sources) {
            if (source.token >= 0 && !source.derived
                && repairtext::namesIt(scope.tokens.at(source.token), wrong))
                replacements.append({source.token, replacement(scope.tokens.at(source.token))});
        }
        // Qualifiers repeat the table's name where it has no alias of its own.
        const QueryScope::Source *source = scope.find(wrong);
        const bool unaliased =
                source && source->alias.compare(source->table, Qt::CaseInsensitive) == 0;
        for (const QueryScope::Reference &reference : scope.references) {
            const qsizetype qualifier = reference.token - 2;
            if (unaliased && !reference.qualifier.isEmpty() && qualifier >= 0
                && repairtext::namesIt(scope.tokens.at(qualifier), wrong))
                replacements.append({qualifier, replacement(scope.tokens.at(qualifier))});
        }
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), scope.tokens, replacements),
                u"%1 -> %2"_s.arg(wrong, *real));
}

} // namespace sqlmend::core
