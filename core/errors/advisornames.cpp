#include "core/errors/advisorsteps.h"

#include "core/engines/engineregistry.h"
#include "core/errors/namesuggester.h"
#include "core/sql/selectlist.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core::advisorsteps {

namespace {

// The name looks like a whole statement: the model put its SQL in backticks, which quote a name.
bool looksLikeStatement(const QString &name)
{
    const QString trimmed = name.trimmed();
    return trimmed.contains(u' ')
            && (trimmed.startsWith(u"select ", Qt::CaseInsensitive)
                || trimmed.startsWith(u"with ", Qt::CaseInsensitive));
}

// `table.column` in backticks or double quotes is one name, not a qualified column.
bool quotedAsOneName(QStringView statement, const QString &name)
{
    return !statement.isEmpty() && name.contains(u'.')
            && (statement.contains(QString(u'`' + name + u'`'), Qt::CaseInsensitive)
                || statement.contains(QString(u'"' + name + u'"'), Qt::CaseInsensitive));
}

// Closest real column names, each with the table that has it.
Step closestColumns(const Input &in, const QString &wrong, const QString &column,
                    const QStringList &preferred)
{
    const SchemaNames &schema = *in.schema;
    QStringList suggestions;
    QString tableShown;
    if (!preferred.isEmpty()) {
        suggestions = NameSuggester::closest(column, schema.columnNames(preferred), MaxSuggestions);
        tableShown = preferred.constFirst();
    }
    if (suggestions.isEmpty()) {
        suggestions = NameSuggester::closest(column, schema.columnNames(), MaxSuggestions);
        tableShown.clear();
    }
    if (suggestions.isEmpty())
        return {};
    if (!tableShown.isEmpty()) {
        return {Advisor::tr("The column %1 does not exist in %2. Use one of: %3.")
                        .arg(code(wrong), code(tableShown), joinedNames(suggestions)),
                suggestions};
    }
    QStringList withTables;
    for (const QString &name : suggestions) {
        QStringList holders;
        for (const QString &table : schema.tablesWithColumn(name))
            holders.append(baseName(table));
        withTables.append(holders.isEmpty()
                                  ? name
                                  : Advisor::tr("%1 (in %2)").arg(name, holders.join(u", ")));
    }
    return {Advisor::tr("The column %1 does not exist. Use one of: %2.")
                    .arg(code(wrong), joinedNames(withTables)),
            suggestions};
}

// A column the qualifier's table lacks that a table joined to it keeps for the joined row under
// the name of the join key's role: p1.name, where matches m joins players p1 on m.loser_id =
// p1.player_id and matches has loser_name. The role is the words of the other side's key before
// the words the two keys end alike in (loser_id against player_id: loser), and the joined table
// has a column of the role's words and the missing name's. Empty otherwise.
Step roleColumnStep(const Input &in, const QueryScope &scope, const QString &wrong,
                    const QString &qualifier, const QString &column)
{
    const QueryScope::Source *named = scope.find(qualifier);
    const SchemaNames::Table *table =
            named && !named->derived ? in.schema->findTable(named->table) : nullptr;
    if (!table || table->hasColumn(column))
        return {};
    const QStringList wanted = NameSuggester::words(column);
    for (const QueryScope::Equality &equality : scope.equalities) {
        for (const bool leftIsNamed : {true, false}) {
            const QString &namedQualifier =
                    leftIsNamed ? equality.leftQualifier : equality.rightQualifier;
            const QString &key = leftIsNamed ? equality.leftColumn : equality.rightColumn;
            const QString &otherQualifier =
                    leftIsNamed ? equality.rightQualifier : equality.leftQualifier;
            const QString &link = leftIsNamed ? equality.rightColumn : equality.leftColumn;
            if (namedQualifier.isEmpty() || otherQualifier.isEmpty()
                || scope.find(namedQualifier, equality.block) != named)
                continue;
            const QueryScope::Source *other = scope.find(otherQualifier, equality.block);
            const SchemaNames::Table *holder = other && other != named && !other->derived
                    ? in.schema->findTable(other->table)
                    : nullptr;
            if (!holder || !table->hasColumn(key) || !holder->hasColumn(link))
                continue;
            QStringList keyWords = NameSuggester::words(key);
            QStringList role = NameSuggester::words(link);
            const qsizetype linkSize = role.size();
            while (!keyWords.isEmpty() && !role.isEmpty() && keyWords.last() == role.last()) {
                keyWords.removeLast();
                role.removeLast();
            }
            if (role.isEmpty() || role.size() == linkSize)
                continue;
            for (const QString &real : holder->columns) {
                if (NameSuggester::words(real) != role + wanted)
                    continue;
                const QString written = otherQualifier + u'.' + real;
                return {Advisor::tr("The column %1 does not exist in %2. %3, which the query joins "
                                    "to it on %4, holds it for that row as %5: write %6.")
                                .arg(code(wrong), code(table->name), sourceLabel(*other),
                                     code(otherQualifier + u'.' + holder->realColumn(link)),
                                     code(real), code(written)),
                        {written}};
            }
        }
    }
    return {};
}

// Columns named with a word of the same stem as a word of the wrong name that the schema does not
// use (Director and Directed_by, Writer and Written_by): two words of four letters or more that
// begin alike for two thirds of the shorter one. For a name no spelling is close to.
Step sameStemColumns(const Input &in, const QString &wrong, const QString &column)
{
    const auto sameStem = [](const QString &a, const QString &b) {
        const qsizetype shorter = std::min(a.size(), b.size());
        if (shorter < 4)
            return false;
        qsizetype common = 0;
        while (common < shorter && a.at(common) == b.at(common))
            ++common;
        return common >= 4 && common * 3 >= shorter * 2;
    };
    // The words of the name that no name of the schema has: the ones the model made up
    // (Paragraph_Colour: colour, not paragraph).
    const QSet<QString> known = in.schema->nameWords();
    QStringList wanted;
    for (const QString &word : NameSuggester::words(column)) {
        if (!known.contains(word) && !known.contains(word + u's')
            && !(word.endsWith(u's') && known.contains(word.chopped(1))))
            wanted.append(word);
    }
    if (wanted.isEmpty())
        return {};
    QStringList suggestions;
    QStringList withTables;
    for (const SchemaNames::Table &table : in.schema->tables) {
        for (const QString &real : table.columns) {
            if (suggestions.size() >= MaxSuggestions)
                break;
            bool alike = false;
            for (const QString &word : NameSuggester::words(real)) {
                for (const QString &own : wanted)
                    alike = alike || sameStem(word, own);
            }
            if (!alike || suggestions.contains(real, Qt::CaseInsensitive))
                continue;
            suggestions.append(real);
            QStringList holders;
            for (const QString &holder : in.schema->tablesWithColumn(real))
                holders.append(baseName(holder));
            withTables.append(Advisor::tr("%1 (in %2)").arg(real, holders.join(u", ")));
        }
    }
    if (suggestions.isEmpty())
        return {};
    return {Advisor::tr("The column %1 does not exist, and no real column is spelled like it. "
                        "Columns named with a word of the same stem: %2.")
                    .arg(code(wrong), joinedNames(withTables)),
            suggestions};
}

QString storedValueHint(const Input &in, const QString &function);

// YEAR in TIMESTAMPDIFF(YEAR, a, b) or DATEDIFF(day, a, b), where the engine has no such function
// and reads the unit as a column.
Step unitArgumentStep(const Input &in, const QueryScope &scope, const QString &column)
{
    static const QStringList units = {u"year"_s,        u"month"_s,  u"day"_s,  u"hour"_s,
                                      u"minute"_s,      u"second"_s, u"week"_s, u"quarter"_s,
                                      u"microsecond"_s, u"yy"_s,     u"mm"_s,   u"dd"_s};
    if (!units.contains(column.toLower()))
        return {};
    const QList<SqlToken> &tokens = scope.tokens;
    for (qsizetype i = 2; i + 1 < tokens.size(); ++i) {
        if (!tokens.at(i).isWord(column) || tokens.at(i - 1).kind != SqlTokenKind::OpenParen
            || tokens.at(i - 2).kind != SqlTokenKind::Word
            || tokens.at(i + 1).kind != SqlTokenKind::Comma)
            continue;
        const QString function = tokens.at(i - 2).name;
        if (isKnownFunction(in.engine, function, in.schema))
            continue;
        const QString equivalent = equivalentFor(in.engine, function);
        if (!equivalent.isEmpty()) {
            return {Advisor::tr("%1 is the unit argument of %2, which %3 does not have, so it "
                                "reads %1 as a column. Use %4 instead.")
                                    .arg(code(column), code(function.toUpper()), dialect(in.engine),
                                         code(equivalent))
                            + storedValueHint(in, function),
                    {}};
        }
        return {Advisor::tr("%1 is the unit argument of %2, which %3 does not have, so it reads "
                            "%1 as a column. Rewrite it with %3's own date functions.")
                                .arg(code(column), code(function.toUpper()), dialect(in.engine))
                        + storedValueHint(in, function),
                {}};
    }
    return {};
}

// The key of a table: its declared primary key, or else the one column named for the table
// with "id" (StuID in Student).
QString keyColumnOf(const SchemaNames::Table &table)
{
    if (table.primaryKey.size() == 1)
        return table.realColumn(table.primaryKey.constFirst());
    if (!table.primaryKey.isEmpty())
        return {};
    QString key;
    for (const QString &column : table.columns) {
        QStringList words = NameSuggester::words(column);
        if (words.size() < 2 || words.constLast() != u"id")
            continue;
        words.removeLast();
        const QString stem = words.join(QString());
        if (!table.name.startsWith(stem, Qt::CaseInsensitive))
            continue;
        if (!key.isEmpty())
            return {}; // two of them: none is the key
        key = column;
    }
    return key;
}

// Names written by convention instead of from the schema, looked for in the query's tables: `id`
// for a table keyed by `StuID`, `battle_id` for the column that links to `battle` (a foreign key
// such as `ship.lost_in_battle`), a column's word prefixed with the table's name
// (`Paragraph_Details` for `Other_Details`). Empty when none applies.
Step conventionalColumns(const Input &in, const QueryScope &scope, const QString &wrong,
                         const QString &qualifier, const QString &column)
{
    const SchemaNames &schema = *in.schema;
    QList<const SchemaNames::Table *> tables;
    const auto addTable = [&](QStringView name) {
        const SchemaNames::Table *table = schema.findTable(name);
        if (table && !tables.contains(table))
            tables.append(table);
    };
    if (!qualifier.isEmpty()) {
        const QueryScope::Source *source = scope.find(qualifier);
        addTable(source && !source->derived ? QStringView(source->table) : QStringView(qualifier));
    } else {
        // The tables of the SELECT that uses the name (the nearest one around it that has any),
        // else all of the query's.
        int block = -1;
        for (const QueryScope::Reference &reference : scope.references) {
            if (reference.qualifier.isEmpty()
                && reference.column.compare(column, Qt::CaseInsensitive) == 0) {
                block = reference.block;
                break;
            }
        }
        while (block >= 0 && tables.isEmpty()) {
            for (const QueryScope::Source &source : scope.sources) {
                if (!source.derived && source.block == block)
                    addTable(source.table);
            }
            block = block < scope.parentOf.size() ? scope.parentOf.at(block) : -1;
        }
        if (tables.isEmpty()) {
            for (const QueryScope::Source &source : scope.sources) {
                if (!source.derived)
                    addTable(source.table);
            }
        }
    }
    if (tables.isEmpty())
        return {};

    QStringList suggestions;
    QStringList shown;
    const auto add = [&](const SchemaNames::Table &table, const QString &name) {
        if (name.isEmpty() || suggestions.size() >= MaxSuggestions)
            return;
        const QString qualified = table.name + u'.' + name;
        if (!shown.contains(code(qualified))) {
            suggestions.append(name);
            shown.append(code(qualified));
        }
    };
    const QStringList words = NameSuggester::words(column);

    // `id`: the key of each table of the query.
    if (words == QStringList{u"id"_s}) {
        for (const SchemaNames::Table *table : std::as_const(tables))
            add(*table, keyColumnOf(*table));
        if (suggestions.isEmpty())
            return {};
        QString text = Advisor::tr("No table of the query has a column %1; their keys are named "
                                   "for them: %2.")
                               .arg(code(wrong), joinedNames(shown));
        // `T1.Id` where another table of its SELECT has a column `Id` (T1 and T2 swapped).
        if (const QueryScope::Source *own = qualifier.isEmpty() ? nullptr : scope.find(qualifier)) {
            for (const QueryScope::Source &other : scope.sources) {
                const SchemaNames::Table *table =
                        other.derived ? nullptr : schema.findTable(other.table);
                if (&other == own || other.block != own->block || !table
                    || !table->hasColumn(column))
                    continue;
                const QString spelled = other.alias + u'.' + table->realColumn(column);
                text += u' '
                        + (sameName(other.alias, other.table)
                                   ? Advisor::tr("%1 of the query has a column %2: if the query "
                                                 "means it, write %3.")
                                             .arg(code(other.table),
                                                  code(table->realColumn(column)), code(spelled))
                                   : Advisor::tr("%1 of the query (alias %2) has a column %3: if "
                                                 "the query means it, write %4.")
                                             .arg(code(other.table), code(other.alias),
                                                  code(table->realColumn(column)), code(spelled)));
                suggestions.append(spelled);
                break;
            }
        }
        return {text, suggestions};
    }
    // `battle_id`: what links the query's tables to the table battle.
    if (words.size() >= 2 && words.constLast() == u"id") {
        const SchemaNames::Table *target = schema.tableNamedBy(column);
        if (target) {
            for (const SchemaNames::Table *table : std::as_const(tables)) {
                for (const SchemaNames::ForeignKey &key : table->foreignKeys) {
                    if (key.columns.size() == 1
                        && key.referencedTable.compare(target->name, Qt::CaseInsensitive) == 0)
                        add(*table, table->realColumn(key.columns.constFirst()));
                }
            }
            const bool linked = !suggestions.isEmpty();
            if (!linked && !tables.contains(target)) {
                // No table of the query refers to it: the way there through other tables.
                QStringList from;
                for (const SchemaNames::Table *table : std::as_const(tables))
                    from.append(table->name);
                const QList<SchemaNames::JoinStep> path = schema.joinPath(from, target->name);
                if (!path.isEmpty()) {
                    QStringList through;
                    for (const SchemaNames::JoinStep &step : path) {
                        if (const SchemaNames::Table *at = schema.findTable(step.fromTable))
                            add(*at, step.fromColumn);
                        if (step.toTable.compare(target->name, Qt::CaseInsensitive) != 0)
                            through.append(step.toTable);
                    }
                    const QString link = code(joinText(path, scope));
                    return {through.isEmpty()
                                    ? Advisor::tr("No table of the query has a column %1. Join "
                                                  "%2: %3.")
                                              .arg(code(wrong), code(target->name), link)
                                    : Advisor::tr("No table of the query has a column %1, and "
                                                  "none refers to %2: it is reached through "
                                                  "%3. Join them: %4.")
                                              .arg(code(wrong), code(target->name),
                                                   joinedNames(through), link),
                            suggestions};
                }
            }
            if (tables.contains(target))
                add(*target, keyColumnOf(*target));
            if (!suggestions.isEmpty()) {
                return {linked ? Advisor::tr("No table of the query has a column %1. What links "
                                             "them to %2 is %3 (a foreign key to %2).")
                                         .arg(code(wrong), code(target->name), joinedNames(shown))
                               : Advisor::tr("No table of the query has a column %1; the key of "
                                             "%2 is %3.")
                                         .arg(code(wrong), code(target->name), joinedNames(shown)),
                        suggestions};
            }
        }
    }
    // A word of the name that is not a table's: the query's columns that have it.
    QStringList tableWords;
    for (const SchemaNames::Table *table : std::as_const(tables))
        tableWords += NameSuggester::words(table->name);
    QStringList telling;
    for (const QString &word : words) {
        bool ofTable = false;
        for (const QString &tableWord : std::as_const(tableWords))
            ofTable = ofTable || NameSuggester::namesTable(word, tableWord);
        if (word.size() >= 3 && word != u"id" && !ofTable)
            telling.append(word);
    }
    if (telling.isEmpty())
        return {};
    QList<std::pair<const SchemaNames::Table *, QString>> found;
    for (const SchemaNames::Table *table : std::as_const(tables)) {
        for (const QString &candidate : table->columns) {
            const QStringList candidateWords = NameSuggester::words(candidate);
            for (const QString &word : std::as_const(telling)) {
                if (candidateWords.contains(word)) {
                    found.append({table, candidate});
                    break;
                }
            }
        }
    }
    if (found.isEmpty() || found.size() > MaxSuggestions)
        return {};
    for (const auto &[table, candidate] : std::as_const(found))
        add(*table, candidate);
    return {Advisor::tr("The column %1 does not exist. The query's tables have %2, named with the "
                        "same word.")
                    .arg(code(wrong), joinedNames(shown)),
            suggestions};
}

// qualifier.column where the qualifier stands for a WITH query that has no such column: its
// columns, and the WITH query or table that has it.
Step cteColumnStep(const Input &in, const QueryScope &scope, const QString &qualifier,
                   const QString &column)
{
    if (qualifier.isEmpty() || scope.cteNames.isEmpty())
        return {};
    const auto reference =
            std::find_if(scope.references.cbegin(), scope.references.cend(), [&](const auto &r) {
                return !r.qualifier.compare(qualifier, Qt::CaseInsensitive)
                        && !r.column.compare(column, Qt::CaseInsensitive);
            });
    if (reference == scope.references.cend())
        return {};
    const QueryScope::Source *source = scope.find(qualifier, reference->block);
    if (!source || source->block != reference->block || !source->derived
        || !scope.cteNames.contains(source->table, Qt::CaseInsensitive))
        return {};
    const QStringList columns = scope.cteColumns(source->table);
    if (columns.isEmpty() || columns.contains(column, Qt::CaseInsensitive))
        return {};
    QStringList quoted;
    for (const QString &c : columns)
        quoted.append(code(c));
    QString text = Advisor::tr("%1 stands for the WITH query %2, whose columns are %3.")
                           .arg(code(qualifier), code(source->table), quoted.join(u", "_s));
    // Another WITH query of the statement that returns it, under its name in this block.
    for (const QueryScope::Source *other : scope.visible(reference->block)) {
        if (other == source || !other->derived
            || !scope.cteNames.contains(other->table, Qt::CaseInsensitive))
            continue;
        if (scope.cteColumns(other->table).contains(column, Qt::CaseInsensitive)) {
            const QString written = other->alias + u'.' + column;
            return {text + u' '
                            + Advisor::tr("%1 returns %2: write %3.")
                                      .arg(code(other->table), code(column), code(written)),
                    {written}};
        }
    }
    QStringList holders;
    if (in.schema) {
        for (const SchemaNames::Table &table : in.schema->tables) {
            if (table.hasColumn(column))
                holders.append(table.name);
        }
    }
    if (holders.isEmpty())
        return {text, {}};
    return {text + u' '
                    + Advisor::tr("%1 is a column of %2: select it in %3's SELECT list, or join "
                                  "%2 here.")
                              .arg(code(column), joinedNames(holders), code(source->table)),
            {}};
}

// A bare name no column is like, where a value stands: compared with a column or a call
// (tonnage = t, LOWER(name) <> Kyle) or in the list of an IN after a column. It reads as a text
// value written without its quotes.
Step unquotedValueStep(const Input &in, const QueryScope &scope, const QString &column)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const auto isComparison = [&](qsizetype i) {
        if (i < 0)
            return false;
        const SqlToken &t = tokens.at(i);
        if (t.isWord(u"LIKE"))
            return true;
        return t.kind == SqlTokenKind::Operator && isComparisonOperator(t.text(in.statement));
    };
    // A column reference ends at i: a name, or qualifier.name.
    const auto endsColumn = [&](qsizetype i) {
        return i >= 0 && tokens.at(i).isIdentifier() && !tokens.at(i).isSqlKeyword();
    };
    for (const QueryScope::Reference &reference : scope.references) {
        if (!reference.qualifier.isEmpty()
            || reference.column.compare(column, Qt::CaseInsensitive) != 0)
            continue;
        const qsizetype at = reference.token;
        // A name in double quotes where they name columns (PostgreSQL): "paid" written as a value.
        const bool doubleQuoted = tokens.at(at).kind == SqlTokenKind::QuotedIdentifier
                && tokens.at(at).text(in.statement).startsWith(u'"')
                && EngineRegistry::forEngine(in.engine).doubleQuotedValueIsColumn();
        if (tokens.at(at).kind != SqlTokenKind::Word && !doubleQuoted)
            continue; // another quoted name (backquotes, brackets)
        const qsizetype before = at - 1;
        bool value = false;
        if (isComparison(before)) {
            value = endsColumn(before - 1)
                    || (before >= 1 && tokens.at(before - 1).kind == SqlTokenKind::CloseParen);
        } else if (before >= 0
                   && (tokens.at(before).kind == SqlTokenKind::Comma
                       || tokens.at(before).kind == SqlTokenKind::OpenParen)) {
            // Back to the list's '(': only values and commas on the way, then IN and a column.
            qsizetype i = before;
            while (i >= 0 && tokens.at(i).kind != SqlTokenKind::OpenParen)
                --i;
            value = i >= 2 && tokens.at(i - 1).isWord(u"IN") && endsColumn(i - 2);
            for (qsizetype j = i + 1; value && j < at; ++j) {
                const SqlTokenKind kind = tokens.at(j).kind;
                value = kind == SqlTokenKind::Comma || kind == SqlTokenKind::String
                        || kind == SqlTokenKind::Number
                        || (tokens.at(j).isIdentifier() && !tokens.at(j).isSqlKeyword());
            }
        }
        if (!value)
            continue;
        const QString written = tokens.at(at).text(in.statement).toString();
        QString literal = doubleQuoted ? tokens.at(at).name : written;
        literal.replace(u'\'', u"''"_s);
        if (doubleQuoted) {
            return {Advisor::tr("%1 stands where a value is compared, and no column is named like "
                                "it: in %2, double quotes name a column. If it is a text value, "
                                "write it in single quotes: %3.")
                            .arg(code(written), dialect(in.engine), code(u'\'' + literal + u'\'')),
                    {}};
        }
        return {Advisor::tr("%1 stands where a value is compared, and no column is named like it. "
                            "If it is a text value, write it in single quotes: %2.")
                        .arg(code(written), code(u'\'' + literal + u'\'')),
                {}};
    }
    return {};
}

// A qualifier that only a subquery defines, used outside it ("o.total = (SELECT max(o.total)
// FROM orders o) AND o.status = 'paid'"): a block's names are not seen outside it. Names the
// tables of the place it is used that read the same table, with the column where the schema
// (or no schema) allows it. Empty when the qualifier is seen where it is used, or defined nowhere.
Step subqueryAliasStep(const Input &in, const QueryScope &scope, const QString &qualifier,
                       const QString &column)
{
    if (qualifier.isEmpty())
        return {};
    const auto same = [](QStringView a, QStringView b) {
        return a.compare(b, Qt::CaseInsensitive) == 0;
    };
    const QueryScope::Source *inner = nullptr;
    for (const QueryScope::Source &source : scope.sources) {
        if (same(source.alias, qualifier))
            inner = &source;
    }
    if (!inner)
        return {};
    for (const QueryScope::Reference &reference : scope.references) {
        if (!same(reference.qualifier, qualifier)
            || (!column.isEmpty() && !same(reference.column, column)))
            continue;
        const QList<const QueryScope::Source *> seen = scope.visible(reference.block);
        if (std::any_of(seen.cbegin(), seen.cend(), [&](const QueryScope::Source *source) {
                return same(source->alias, qualifier);
            }))
            continue; // seen where it is used
        const SchemaNames::Table *table =
                in.schema && !inner->derived ? in.schema->findTable(inner->table) : nullptr;
        const QString real = table && table->hasColumn(reference.column)
                ? table->realColumn(reference.column)
                : reference.column;
        QStringList aliases;
        QStringList spellings;
        for (const QueryScope::Source *source : seen) {
            if (!source->derived && !inner->derived && same(source->table, inner->table)) {
                aliases.append(source->alias);
                spellings.append(source->alias + u'.' + real);
            }
        }
        const QString text = Advisor::tr("The alias %1 is defined only inside a subquery (for "
                                         "%2), and a subquery's names are not seen outside it.")
                                     .arg(code(qualifier), code(inner->table));
        if (!spellings.isEmpty()) {
            return {text + u' '
                            + Advisor::tr("Where %1 is used, the query reads that table as %2: "
                                          "write %3.")
                                      .arg(code(qualifier + u'.' + reference.column),
                                           alternatives(aliases), alternatives(spellings)),
                    spellings};
        }
        return {text + u' '
                        + Advisor::tr("Join that table where %1 is used, or move the condition "
                                      "into the subquery.")
                                  .arg(code(qualifier + u'.' + reference.column)),
                {}};
    }
    return {};
}

// A name the SELECT list gives a result (count(*) AS n), used in the WHERE of its own block:
// WHERE is worked out before the SELECT list, so the name does not exist there yet. Empty when the
// name is used nowhere in a WHERE.
Step outputAliasInWhereStep(const Input &in, const QueryScope &scope, const QString &column)
{
    if (!scope.isOutputAlias(column))
        return {};
    for (const QueryScope::Reference &reference : scope.references) {
        if (!reference.qualifier.isEmpty()
            || reference.column.compare(column, Qt::CaseInsensitive) != 0)
            continue;
        // The clause of its block it stands in: the nearest clause word before it, outside the
        // parentheses it is in.
        int clause = 0;
        const int depth = scope.depthOf.at(reference.token);
        for (qsizetype i = reference.token - 1; i >= 0 && clause == 0; --i) {
            if (scope.blockAt(i) == reference.block && scope.depthOf.at(i) <= depth)
                clause = QueryScope::clauseRank(scope.tokens, i);
        }
        if (QueryScope::clauseName(clause) != u"WHERE")
            continue;
        return {Advisor::tr("%1 is the name the SELECT list gives a result, and WHERE is worked "
                            "out before the SELECT list, so it cannot use that name. Repeat the "
                            "expression in WHERE (a condition on an aggregate belongs in HAVING), "
                            "or select from a subquery that computes it: %2.")
                        .arg(code(column),
                             code(u"SELECT * FROM (SELECT ..., ... AS "_s + column
                                  + u" FROM ...) AS t WHERE "_s + column + u" ..."_s)),
                {}};
    }
    return {};
}

// A bare name that ends the statement and is an alias of the query, or the start of one
// (`... JOIN matches AS T2 ON T1.player_id = T2.winner_id WHERE T2`, `... ON T`): the statement
// stops where `T2.column` would follow, as a reply cut off by the model's token limit does.
Step cutAtAliasStep(const Input &in, const QueryScope &scope, const QString &column)
{
    qsizetype last = scope.tokens.size() - 1;
    while (last >= 0 && scope.tokens.at(last).kind == SqlTokenKind::Semicolon)
        --last;
    if (last < 0 || !sameName(scope.tokens.at(last).name, column))
        return {};
    for (const QueryScope::Source &source : scope.sources) {
        if (sameName(source.alias, source.table)
            || !source.alias.startsWith(column, Qt::CaseInsensitive))
            continue;
        return {Advisor::tr("The statement ends at %1 (the alias %2 of the query, or its "
                            "start), where a column of it would follow: it looks cut off, as a "
                            "reply the model's token limit stopped. Write the whole statement.")
                        .arg(code(column), code(source.alias)),
                {}};
    }
    return {};
}

// The item of a SELECT list that holds the token, read by SelectList over the list of the
// token's own query block; none where the token stands outside a select list.
std::optional<SelectItem> selectItemAt(const QueryScope &scope, qsizetype token)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const int block = scope.blockAt(token);
    qsizetype select = token;
    while (select >= 0 && !(tokens.at(select).isWord(u"SELECT") && scope.blockAt(select) == block))
        --select;
    if (select < 0)
        return std::nullopt;
    // The list ends at its block's FROM, or at the parenthesis that closes the block (a
    // parenthesis has the depth outside it).
    const int depth = scope.depthOf.at(select);
    qsizetype end = select + 1;
    while (end < tokens.size() && scope.depthOf.at(end) >= depth
           && !(scope.depthOf.at(end) == depth && scope.blockAt(end) == block
                && tokens.at(end).isWord(u"FROM")))
        ++end;
    for (const SelectItem &item : SelectList::items(tokens, select, end)) {
        if (item.first <= token && token < item.end)
            return item;
    }
    return std::nullopt;
}

// The call of a function the engine lacks inside a select item the statement names with the
// words of a column a table of its SELECT stores (`AVG(DATEDIFF(CURRENT_DATE, date_of_birth) /
// 365) AS average_age` on Dogs, which has `age`): the model computes what is stored. Empty
// otherwise.
QString storedValueHint(const Input &in, const QString &function)
{
    if (!in.schema)
        return {};
    const QueryScope &scope = in.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    for (qsizetype call = 0; call + 1 < tokens.size(); ++call) {
        if (!sameName(tokens.at(call).name, function)
            || tokens.at(call + 1).kind != SqlTokenKind::OpenParen)
            continue;
        // The item's alias, and the names its expression reads: their own stored value is no
        // news. A call's name is no column it reads (AGE(date_departed, date_arrived)).
        const std::optional<SelectItem> item = selectItemAt(scope, call);
        if (!item || call >= item->last || item->last >= item->end)
            continue;
        const qsizetype named = tokens.at(item->last).isWord(u"AS") ? item->last + 1 : item->last;
        if (named >= item->end)
            continue;
        const QString alias = tokens.at(named).name;
        QStringList read;
        for (qsizetype i = item->first; i < item->last; ++i) {
            if (!tokens.at(i).name.isEmpty()
                && (i + 1 >= item->last || tokens.at(i + 1).kind != SqlTokenKind::OpenParen))
                read.append(tokens.at(i).name);
        }
        const QStringList words = NameSuggester::words(alias);
        if (words.size() < 2)
            return {};
        QStringList stored;
        for (const QueryScope::Source *source : scope.visible(scope.blockAt(call))) {
            const SchemaNames::Table *table =
                    source->derived ? nullptr : in.schema->findTable(source->table);
            if (!table)
                continue;
            for (const QString &column : table->columns) {
                const QStringList own = NameSuggester::words(column);
                if (own.isEmpty() || read.contains(column, Qt::CaseInsensitive)
                    || !std::all_of(own.cbegin(), own.cend(),
                                    [&](const QString &word) { return words.contains(word); }))
                    continue;
                stored.append(baseName(table->name) + u'.' + column);
            }
        }
        if (stored.size() != 1)
            return {};
        return u' '
                + Advisor::tr("The query names this value %1, and %2 is stored: if it holds that "
                              "value, read it instead of computing it.")
                          .arg(code(alias), code(stored.constFirst()));
    }
    return {};
}

// A name a subquery's SELECT list gives a result (`COUNT(*) AS count_wins`), used in a query
// block that does not read that subquery in its FROM (the outer query's ORDER BY, around the
// subquery that reads it): the name is known only there. Empty when no reference is of the kind.
Step subqueryOutputNameStep(const Input &in, const QueryScope &scope, const QString &column)
{
    const QList<SqlToken> &tokens = scope.tokens;
    for (qsizetype as = 0; as + 1 < tokens.size(); ++as) {
        const SqlToken &name = tokens.at(as + 1);
        if (!tokens.at(as).isWord(u"AS") || !sameName(name.name, column))
            continue;
        const int defined = scope.blockAt(as);
        if (defined < 0 || defined >= scope.parentOf.size() || scope.parentOf.at(defined) < 0)
            continue; // the outermost query's own name: another step's
        // The expression it names: its select item's, where the AS ends an item (not the AS of
        // a CAST(id AS text) inside one).
        const std::optional<SelectItem> item = selectItemAt(scope, as);
        if (!item || item->last != as || item->first == as)
            continue;
        const QString expression =
                in.statement
                        .sliced(tokens.at(item->first).offset,
                                tokens.at(as - 1).end() - tokens.at(item->first).offset)
                        .toString()
                        .simplified();
        for (const QueryScope::Reference &reference : scope.references) {
            if (!reference.qualifier.isEmpty() || !sameName(reference.column, column)
                || reference.block == defined || reference.block == scope.parentOf.at(defined))
                continue;
            return {Advisor::tr("%1 is the name a subquery gives its result (%2), and only the "
                                "query that reads that subquery in its FROM knows it. Where it "
                                "stands now, write the expression itself (%3).")
                            .arg(code(column), code(expression + u" AS "_s + column),
                                 code(expression)),
                    {}};
        }
    }
    return {};
}

// qualifier.column set equal to the same column of another table of the query (ON T1.x = T2.x)
// where the qualifier's table lacks it: the model took the column for a key the two tables share.
// Qualified with the other table, the condition would compare that column with itself. What links
// them instead: the qualifier's own foreign keys onto that column, the one key between the two
// tables, or the way through its keys to a table the query does not read that has the column.
// Empty when the reference is set against nothing of the kind, or when no key leads anywhere.
Step comparedAsSharedKey(const Input &in, const QueryScope &scope, const QueryScope::Source &named,
                         const QString &qualifier, const QString &column)
{
    const SchemaNames &schema = *in.schema;
    const SchemaNames::Table *table = named.derived ? nullptr : schema.findTable(named.table);
    if (!table)
        return {};
    // A join condition (or WHERE conjunct) that sets it equal to the column of that name of
    // another table of the query that has it.
    const auto names = [&](const QString &q, const QString &c) {
        return q.compare(qualifier, Qt::CaseInsensitive) == 0
                && c.compare(column, Qt::CaseInsensitive) == 0;
    };
    const QueryScope::Source *other = nullptr;
    for (const QueryScope::Equality &equality : scope.equalities) {
        const bool left = names(equality.leftQualifier, equality.leftColumn);
        if (left == names(equality.rightQualifier, equality.rightColumn))
            continue;
        const QString &otherColumn = left ? equality.rightColumn : equality.leftColumn;
        const QueryScope::Source *source =
                scope.find(left ? equality.rightQualifier : equality.leftQualifier, equality.block);
        const SchemaNames::Table *sourceTable =
                source && !source->derived ? schema.findTable(source->table) : nullptr;
        if (otherColumn.compare(column, Qt::CaseInsensitive) == 0 && source != &named && sourceTable
            && sourceTable->hasColumn(column)) {
            other = source;
            break;
        }
    }
    if (!other)
        return {};
    const SchemaNames::Table *otherTable = schema.findTable(other->table);
    const QString real = otherTable->realColumn(column);
    const QString compared = other->alias + u'.' + real;

    // The one-column foreign keys of one table onto the other: (its column, the other's).
    const auto keysOnto = [](const SchemaNames::Table &from, const SchemaNames::Table &to) {
        QList<std::pair<QString, QString>> pairs;
        for (const SchemaNames::ForeignKey &key : from.foreignKeys) {
            const QStringList onto =
                    key.referencedColumns.isEmpty() ? to.primaryKey : key.referencedColumns;
            if (key.columns.size() == 1 && onto.size() == 1
                && key.referencedTable.compare(to.name, Qt::CaseInsensitive) == 0)
                pairs.append({from.realColumn(key.columns.constFirst()),
                              to.realColumn(onto.constFirst())});
        }
        return pairs;
    };
    const QList<std::pair<QString, QString>> forward = keysOnto(*table, *otherTable);
    const QList<std::pair<QString, QString>> backward = keysOnto(*otherTable, *table);
    const QString text = Advisor::tr("The column %1 is not in %2, and the condition sets it equal "
                                     "to %3: qualified as %3, it would compare that column with "
                                     "itself.")
                                 .arg(code(column), sourceLabel(named), code(compared));

    // The qualifier's table refers to that very column under its own names (flights'
    // SourceAirport and DestAirport onto airports.AirportCode).
    QStringList keys;
    for (const auto &[own, theirs] : forward) {
        if (theirs.compare(real, Qt::CaseInsensitive) == 0)
            keys.append(named.alias + u'.' + own);
    }
    if (!keys.isEmpty()) {
        return {text + u' '
                        + Advisor::tr("%1 refers to it through its own keys: compare %2 with "
                                      "%3.")
                                  .arg(code(table->name), code(compared), alternatives(keys)),
                keys};
    }
    // The one key between the two tables on other columns, either way: the join the model meant
    // (Documents.Template_ID onto Templates, where it compared their Template_Type_Code).
    if (forward.size() + backward.size() == 1) {
        const QString own = named.alias + u'.'
                + (forward.isEmpty() ? backward.constFirst().second : forward.constFirst().first);
        const QString theirs = other->alias + u'.'
                + (forward.isEmpty() ? backward.constFirst().first : forward.constFirst().second);
        return {text + u' '
                        + Advisor::tr("The key that links %1 and %2 is %3: join on it instead.")
                                  .arg(code(table->name), code(otherTable->name),
                                       code(own + u" = "_s + theirs)),
                {own}};
    }
    // Through the qualifier's keys to a table the query does not read that has the column.
    const QStringList read = scope.tables();
    const SchemaNames::JoinPaths paths = schema.joinPaths({table->name});
    QList<SchemaNames::JoinStep> shortest;
    const SchemaNames::Table *holder = nullptr;
    for (const SchemaNames::Table &candidate : schema.tables) {
        if (!candidate.hasColumn(column) || read.contains(candidate.name, Qt::CaseInsensitive))
            continue;
        const QList<SchemaNames::JoinStep> path = paths.to(candidate.name);
        if (!path.isEmpty() && (shortest.isEmpty() || path.size() < shortest.size())) {
            shortest = path;
            holder = &candidate;
        }
    }
    if (!holder)
        return {};
    const QString through = holder->name + u'.' + holder->realColumn(column);
    return {text + u' '
                    + Advisor::tr("%1 reaches the column through its keys: %2, then compare %3 "
                                  "with %4.")
                              .arg(code(table->name), code(joinText(shortest, scope)),
                                   code(through), code(compared)),
            {through}};
}

// The column exists, verbatim, in tables the query did not name where it used it: say where, and
// how to reach them. Empty when the schema holds it nowhere.
Step whereColumnLives(const Input &in, const QueryScope &scope, const QString &wrong,
                      const QString &qualifier, const QString &column)
{
    const SchemaNames &schema = *in.schema;
    QStringList holders;
    for (const SchemaNames::Table &table : schema.tables) {
        if (table.hasColumn(column))
            holders.append(table.name);
    }
    if (holders.isEmpty())
        return {};
    const QString real = schema.findTable(holders.constFirst())->realColumn(column);

    // Tables of the query that have it, under their aliases.
    QList<const QueryScope::Source *> inScope;
    for (const QueryScope::Source &source : scope.sources) {
        if (!source.derived && holders.contains(source.table, Qt::CaseInsensitive)
            && (qualifier.isEmpty() || source.alias.compare(qualifier, Qt::CaseInsensitive) != 0))
            inScope.append(&source);
    }
    const QueryScope::Source *named = qualifier.isEmpty() ? nullptr : scope.find(qualifier);
    QStringList spellings;
    QStringList labels;
    for (const QueryScope::Source *source : std::as_const(inScope)) {
        const QString spelling = source->alias + u'.' + real;
        if (!spellings.contains(spelling)) {
            spellings.append(spelling);
            labels.append(sourceLabel(*source));
        }
    }
    if (!spellings.isEmpty()) {
        QStringList quoted;
        for (const QString &spelling : spellings)
            quoted.append(code(spelling));
        if (named) {
            const Step keyed = comparedAsSharedKey(in, scope, *named, qualifier, column);
            if (!keyed.text.isEmpty())
                return keyed;
            return {Advisor::tr("The column %1 is not in %2, but %3 of the query has it: write %4, "
                                "or join the table that really holds what the question asks for.")
                            .arg(code(column), sourceLabel(*named), labels.join(u", "),
                                 alternatives(spellings)),
                    spellings};
        }
        if (!qualifier.isEmpty()) {
            return {Advisor::tr("The alias %1 is not defined in FROM. %2 of the query has the "
                                "column %3: write %4.")
                            .arg(code(qualifier), labels.join(u", "), code(column),
                                 alternatives(spellings)),
                    spellings};
        }
        return {Advisor::tr("The column %1 is in %2, which this part of the query cannot see: "
                            "qualify it as %3 where that table is in FROM, or join it here.")
                        .arg(code(column), labels.join(u", "), alternatives(spellings)),
                spellings};
    }

    // Not in the query at all: name the tables that have it and the way to join them.
    QStringList from = scope.tables();
    if (named && !named->derived && !from.contains(named->table, Qt::CaseInsensitive))
        from.append(named->table);
    QString join;
    QString target = holders.constFirst();
    // The holder the shortest join reaches (the first of them in the schema's order).
    const SchemaNames::JoinPaths paths = schema.joinPaths(from);
    QList<SchemaNames::JoinStep> shortest;
    for (const QString &holder : std::as_const(holders)) {
        const QList<SchemaNames::JoinStep> path = paths.to(holder);
        if (!path.isEmpty() && (shortest.isEmpty() || path.size() < shortest.size())) {
            shortest = path;
            target = holder;
        }
    }
    if (!shortest.isEmpty())
        join = joinText(shortest, scope);
    // A column that most tables of a large schema have (name, created_at): the table joined
    // first, then the first others, and how many more.
    QStringList shown = holders;
    QString holderNames = joinedNames(holders);
    if (holders.size() > MaxHolderNames) {
        shown = QStringList{target};
        for (const QString &holder : std::as_const(holders)) {
            if (shown.size() < MaxHolderNames && holder != target)
                shown.append(holder);
        }
        holderNames = Advisor::tr("%1 and %n more", nullptr, int(holders.size() - shown.size()))
                              .arg(joinedNames(shown));
    }
    QStringList qualified;
    for (const QString &holder : std::as_const(shown))
        qualified.append(holder + u'.' + real);
    QString where;
    if (named && !named->derived)
        where = Advisor::tr("The column %1 is not in %2; it is in %3.")
                        .arg(code(column), sourceLabel(*named), holderNames);
    else if (!qualifier.isEmpty() && !named)
        where = Advisor::tr("The alias %1 is not defined in FROM, and the column %2 is in %3.")
                        .arg(code(qualifier), code(column), holderNames);
    else if (!from.isEmpty())
        where = Advisor::tr("The column %1 is not in the tables of the query (%2); it is in %3.")
                        .arg(code(column), joinedNames(from), holderNames);
    else
        where = Advisor::tr("The column %1 is in %2.").arg(code(wrong), holderNames);
    if (!join.isEmpty()) {
        return {where + u' '
                        + Advisor::tr("Join %1 to reach it: %2, then use %3.")
                                  .arg(code(target), code(join), code(target + u'.' + real)),
                qualified};
    }
    return {where + u' '
                    + Advisor::tr("Add %1 to FROM with a join condition on the key that links it "
                                  "to the query's tables, then use %2.")
                              .arg(code(target), code(target + u'.' + real)),
            qualified};
}

// JOIN ... USING (x) where a table of the query has no x: the columns that link the tables
// instead. Empty when every table has it.
Step usingJoinStep(const Input &in, const QueryScope &scope, const QString &column)
{
    QList<const SchemaNames::Table *> tables;
    for (const QueryScope::Source &source : scope.sources) {
        const SchemaNames::Table *table =
                source.derived ? nullptr : in.schema->findTable(source.table);
        if (table && !tables.contains(table))
            tables.append(table);
    }
    QStringList lacking;
    for (const SchemaNames::Table *table : std::as_const(tables)) {
        if (!table->hasColumn(column))
            lacking.append(table->name);
    }
    if (lacking.isEmpty())
        return {};
    QStringList links;
    for (const SchemaNames::Table *table : std::as_const(tables)) {
        for (const SchemaNames::ForeignKey &key : table->foreignKeys) {
            const SchemaNames::Table *to = in.schema->findTable(key.referencedTable);
            if (key.columns.size() != 1 || !to || to == table || !tables.contains(to)
                || !(lacking.contains(table->name) || lacking.contains(to->name)))
                continue;
            const QString toColumn = key.referencedColumns.size() == 1
                    ? key.referencedColumns.constFirst()
                    : (to->primaryKey.size() == 1 ? to->primaryKey.constFirst() : QString());
            if (toColumn.isEmpty() || links.size() >= MaxSuggestions)
                continue;
            links.append(u"%1.%2 = %3.%4"_s.arg(table->name,
                                                table->realColumn(key.columns.constFirst()),
                                                to->name, to->realColumn(toColumn)));
        }
    }
    const QString head = Advisor::tr("USING (%1) needs a column %1 on both sides of the "
                                     "join; %2 has none.")
                                 .arg(code(column), joinedNames(lacking));
    if (links.isEmpty())
        return {head + u' ' + Advisor::tr("Join with ON on the columns that link the tables."), {}};
    return {head + u' '
                    + Advisor::tr("Join with ON on the columns that link the tables: %1.")
                              .arg(alternatives(links)),
            links};
}

// name as it is, then its singular forms when it reads as an English plural ("countries":
// "country"; "states": "state"; "boxes": "box").
QStringList singularAndPlain(const QString &name)
{
    QStringList forms{name};
    const auto endsWith = [&name](QStringView suffix) {
        return name.size() > suffix.size() + 2 && name.endsWith(suffix, Qt::CaseInsensitive);
    };
    if (endsWith(u"ies"))
        forms.append(name.chopped(3) + (name.back().isUpper() ? u'Y' : u'y'));
    if (endsWith(u"es"))
        forms.append(name.chopped(2));
    if (endsWith(u"s") && !endsWith(u"ss"))
        forms.append(name.chopped(1));
    return forms;
}

// Each column that a call to function reads alone (YEAR(c.Year)), with the token after the
// call's closing parenthesis.
QList<std::pair<const QueryScope::Reference *, qsizetype>> soleArguments(const Input &in,
                                                                         const QString &function)
{
    QList<std::pair<const QueryScope::Reference *, qsizetype>> found;
    if (!in.schema || in.statement.isEmpty())
        return found;
    const QueryScope &scope = in.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    for (const QueryScope::Reference &reference : scope.references) {
        const qsizetype first =
                reference.qualifier.isEmpty() ? reference.token : reference.token - 2;
        const qsizetype close = reference.token + 1;
        if (first < 2 || close >= tokens.size()
            || tokens.at(first - 1).kind != SqlTokenKind::OpenParen
            || !tokens.at(first - 2).isWord(function)
            || tokens.at(close).kind != SqlTokenKind::CloseParen)
            continue;
        found.append({&reference, close + 1});
    }
    return found;
}

// The column of YEAR(col), MONTH(col), ... where it holds no date (dateArgument).
std::optional<ColumnUnderDatePart> columnUnderDatePart(const Input &in, const QString &function)
{
    for (const auto &[reference, after] : soleArguments(in, function)) {
        if (const auto found = dateArgument(in, *reference, function, after))
            return found;
    }
    return std::nullopt;
}

// YEAR(m.tourney_date) where the date's table has a column named for the part (partColumnStep).
Step partColumnOf(const Input &in, const QString &function, const QString &instead)
{
    for (const auto &argument : soleArguments(in, function)) {
        const Step step = partColumnStep(in, in.scope(), *argument.first, function,
                                         Advisor::tr("function %1").arg(code(function)), instead);
        if (!step.text.isEmpty())
            return step;
    }
    return {};
}

// COUNT of several columns is the usual slip: COUNT takes one argument everywhere.
Step countOfSeveralStep()
{
    return {Advisor::tr("%1 takes one argument: %2 counts the rows, %3 the rows where "
                        "the column is not NULL, %4 its distinct values. To count "
                        "distinct combinations of several columns, count the rows of a "
                        "%5 subquery.")
                    .arg(code(u"COUNT"_s), code(u"COUNT(*)"_s), code(u"COUNT(column)"_s),
                         code(u"COUNT(DISTINCT column)"_s), code(u"SELECT DISTINCT a, b"_s)),
            {u"COUNT(*)"_s}};
}

// No real column resembles the name: the columns of the tables the query reads, which the
// model can choose from (orchestra's own name is its column Orchestra, not Organization). A name
// that is one of those tables' (COUNT(city) on the table city) is the table, not a column. Read
// for a qualifier that names a table of the query, else for the tables of the query's FROM, at
// most MaxScopeTablesListed of them; empty when the query reads no table the schema knows.
// A table's columns, at most MaxColumnsListed of them, and how many more it has.
QString columnsOf(const SchemaNames::Table &table)
{
    const QStringList listed = table.columns.mid(0, MaxColumnsListed);
    if (table.columns.size() > listed.size())
        return Advisor::tr("%1, and %n more", nullptr, int(table.columns.size() - listed.size()))
                .arg(joinedNames(listed));
    return joinedNames(listed);
}

// A bare name that is a table the query reads (`COUNT(city)` on city, `SELECT country FROM
// country`), none of whose columns is spelled like it: the model used the table for its rows or
// its key. Its key comes first among the suggestions.
Step tableAsColumnStep(const Input &in, const QueryScope &scope, const QString &column)
{
    for (const QueryScope::Source &source : scope.sources) {
        if (source.derived || (!sameName(source.table, column) && !sameName(source.alias, column)))
            continue;
        const SchemaNames::Table *table = in.schema->findTable(source.table);
        // A column of it spelled like the name (`Airline` in airlines, for `Airlines`) is the
        // closer reading: the closest names say so.
        if (!table || !NameSuggester::closest(column, table->columns, 1).isEmpty())
            continue;
        QStringList suggestions = table->columns.mid(0, MaxColumnsListed);
        if (table->primaryKey.size() == 1) {
            const QString key = table->realColumn(table->primaryKey.constFirst());
            suggestions.removeAll(key);
            suggestions.prepend(key);
            return {Advisor::tr("%1 is a table the query reads, not a column of it: its key is "
                                "%2, %3 counts its rows, and its columns are %4.")
                            .arg(code(column), code(key), code(u"COUNT(*)"_s), columnsOf(*table)),
                    suggestions};
        }
        return {Advisor::tr("%1 is a table the query reads, not a column of it: %2 counts its "
                            "rows, and its columns are %3.")
                        .arg(code(column), code(u"COUNT(*)"_s), columnsOf(*table)),
                suggestions};
    }
    return {};
}

Step scopeColumnsStep(const Input &in, const QueryScope &scope, const QString &wrong,
                      const QString &qualifier, const QString &column)
{
    QList<const SchemaNames::Table *> tables;
    const auto add = [&](const QueryScope::Source &source) {
        const SchemaNames::Table *table =
                source.derived ? nullptr : in.schema->findTable(source.table);
        if (!table || tables.contains(table))
            return;
        tables.append(table);
    };
    if (!qualifier.isEmpty()) {
        const QueryScope::Source *source = scope.find(qualifier);
        if (!source)
            return {};
        add(*source);
    } else {
        for (const QueryScope::Source &source : scope.sources)
            add(source);
    }
    if (tables.isEmpty() || tables.size() > MaxScopeTablesListed)
        return {};
    QStringList suggestions;
    for (const SchemaNames::Table *table : std::as_const(tables))
        suggestions.append(table->columns.mid(0, MaxColumnsListed));
    if (tables.size() == 1) {
        return {Advisor::tr("The column %1 does not exist, and no column of %2 has a similar name. "
                            "Its columns are %3: use the one that holds this information, or join "
                            "the table that has it.")
                        .arg(code(wrong), code(tables.constFirst()->name),
                             columnsOf(*tables.constFirst())),
                suggestions};
    }
    QStringList each;
    for (const SchemaNames::Table *table : std::as_const(tables))
        each.append(Advisor::tr("%1 has %2").arg(code(table->name), columnsOf(*table)));
    return {Advisor::tr("The column %1 does not exist, and no column of the query's tables has a "
                        "similar name. %2. Use the one that holds this information, or join the "
                        "table that has it.")
                    .arg(code(wrong), each.join(u"; "_s)),
            suggestions};
}

// What a query reads through a table that does not exist: the columns qualified by its alias,
// the real tables that have them all (at most two, else the columns say nothing), and which of
// those the query already reads.
struct ColumnsRead
{
    QStringList columns;
    QStringList holders;
    QStringList inQuery;
};

ColumnsRead columnsReadFrom(const SchemaNames &schema, const QueryScope &scope, QStringView table)
{
    ColumnsRead read;
    for (const QueryScope::Source &source : scope.sources) {
        if (source.derived || !sameName(source.table, table))
            continue;
        for (const QueryScope::Reference &reference : scope.references) {
            if (sameName(reference.qualifier, source.alias)
                && !read.columns.contains(reference.column, Qt::CaseInsensitive))
                read.columns.append(reference.column);
        }
    }
    if (read.columns.isEmpty())
        return read;
    for (const SchemaNames::Table &holder : schema.tables) {
        const bool all = std::all_of(read.columns.cbegin(), read.columns.cend(),
                                     [&holder](const QString &c) { return holder.hasColumn(c); });
        if (!all)
            continue;
        if (read.holders.size() == 2)
            return {};
        read.holders.append(baseName(holder.name));
        for (const QueryScope::Source &source : scope.sources) {
            if (!source.derived && sameName(baseName(source.table), baseName(holder.name))
                && !read.inQuery.contains(read.holders.constLast()))
                read.inQuery.append(read.holders.constLast());
        }
    }
    return read;
}

} // namespace

Step columnMissingStep(const Input &in)
{
    const std::optional<RuleMatch> found = in.first({u"column/of-relation",
                                                     u"column/quoted-does-not-exist",
                                                     u"column/does-not-exist",
                                                     u"column/has-no-column-named",
                                                     u"column/unknown-column",
                                                     u"column/no-such-column",
                                                     u"column/cannot-be-resolved",
                                                     u"column/missing-columns",
                                                     u"column/unknown-identifier",
                                                     u"column/failed-to-find-column",
                                                     u"column/referenced-column-not-found",
                                                     u"column/invalid-identifier-quoted",
                                                     u"column/invalid-identifier",
                                                     u"column/invalid-column-name",
                                                     u"column/not-found-in-any-table",
                                                     u"column/could-not-be-found",
                                                     u"column/unknown",
                                                     u"column/identifier-unknown",
                                                     u"column/unrecognized-name",
                                                     u"column/invalid-column",
                                                     u"column/cannot-join-using",
                                                     u"column/order-by-term",
                                                     u"column/position-out-of-range"});
    if (!found) {
        return {Advisor::tr("A column the query names does not exist. Check the real column names "
                            "of the tables in the schema and use one of them; do not guess "
                            "another name."),
                {}};
    }
    if (found->is(u"column/order-by-term")) {
        return {Advisor::tr("ORDER BY term %1 names no column of the result. Order by a column "
                            "the SELECT list returns (in a UNION, by its output columns), or by "
                            "its position.")
                        .arg(found->capture(Capture::Token)),
                {}};
    }
    if (found->is(u"column/position-out-of-range")) {
        return {Advisor::tr("A number after %1 names an output column by its position, and the "
                            "SELECT list has fewer columns than that. Name the column (or write "
                            "the expression) instead of the number, or give a position the "
                            "SELECT list has.")
                        .arg(code(found->capture(Capture::Operator))),
                {}};
    }
    const QString name = found->capture(Capture::Name);
    if (looksLikeStatement(unquoted(name))) {
        return {Advisor::tr("The statement is written inside backticks, which quote a single "
                            "name. Answer with the SQL itself, without backticks or prose around "
                            "it."),
                {}};
    }
    const QString wrong = unquoted(name);
    if (quotedAsOneName(in.statement, wrong)) {
        const QString qualifier = qualifierOf(wrong);
        const QString column = baseName(wrong);
        return {Advisor::tr("%1 in quotes is one name, not a column of %2. Quote each part on its "
                            "own (%3) or leave the quotes out (%4).")
                        .arg(code(wrong), code(qualifier),
                             code(quotedIdentifier(in.engine, qualifier) + u'.'
                                  + quotedIdentifier(in.engine, column)),
                             code(qualifier + u'.' + column)),
                {qualifier + u'.' + column}};
    }
    const QString tableHint = unquoted(found->capture(Capture::Table));
    const QString column = baseName(wrong);
    const QString qualifier = qualifierOf(wrong);

    const QueryScope &scope = in.scope();
    // An alias of a subquery used outside it; a SELECT list's name used in WHERE.
    if (!qualifier.isEmpty()) {
        const Step outside = subqueryAliasStep(in, scope, qualifier, column);
        if (!outside.text.isEmpty())
            return outside;
    } else {
        const Step cut = cutAtAliasStep(in, scope, column);
        if (!cut.text.isEmpty())
            return cut;
        const Step early = outputAliasInWhereStep(in, scope, column);
        if (!early.text.isEmpty())
            return early;
        const Step inner = subqueryOutputNameStep(in, scope, column);
        if (!inner.text.isEmpty())
            return inner;
    }
    // ROWNUM: Oracle's number of a row of its result, which the other engines do not have.
    if (qualifier.isEmpty() && column.compare(u"ROWNUM", Qt::CaseInsensitive) == 0
        && in.engine != Engine::Oracle
        && (!in.schema || in.schema->tablesWithColumn(column).isEmpty())) {
        return {Advisor::tr("%1 has no %2, Oracle's number of each row of a result. To keep the "
                            "first rows, order them and end the query with the row limit (%3 "
                            "keeps one row).")
                        .arg(dialect(in.engine), code(u"ROWNUM"_s),
                             code(EngineRegistry::forEngine(in.engine).rowLimitClause(1))),
                {}};
    }
    if (in.schema) {
        if (found->is(u"column/cannot-join-using")) {
            const Step joined = usingJoinStep(in, scope, column);
            if (!joined.text.isEmpty())
                return joined;
        }
        // engine: where names are case-sensitive, a column that differs only by case is a typo.
        if (EngineRegistry::forEngine(in.engine).caseSensitiveNames()) {
            QStringList spellings;
            for (const SchemaNames::Table &table : in.schema->tables) {
                const QString real = table.realColumn(column);
                if (!real.isEmpty() && real != column && !spellings.contains(real))
                    spellings.append(real);
            }
            if (!spellings.isEmpty()) {
                return {Advisor::tr("%1 tells names apart by letter case: the column is spelled "
                                    "%2, not %3.")
                                .arg(dialect(in.engine), joinedNames(spellings), code(column)),
                        spellings};
            }
        }
        // `id` where the query's tables have keys named for them (StuID): the model wrote the
        // convention, not the name, whatever other tables have a column `id`.
        if (column.compare(u"id", Qt::CaseInsensitive) == 0) {
            const Step key = conventionalColumns(in, scope, wrong, qualifier, column);
            if (!key.text.isEmpty())
                return key;
        }
        // TIMESTAMPDIFF(YEAR, ...): the unit, not a column (even where a table has a Year).
        if (qualifier.isEmpty()) {
            const Step unit = unitArgumentStep(in, scope, column);
            if (!unit.text.isEmpty())
                return unit;
        }
        // A WITH query's name before a column it does not return.
        const Step cte = cteColumnStep(in, scope, qualifier, column);
        if (!cte.text.isEmpty())
            return cte;
        // A column that exists verbatim elsewhere is a join or qualifier problem, not a typo.
        const Step where = whereColumnLives(in, scope, wrong, qualifier, column);
        if (!where.text.isEmpty())
            return where;
        if (!qualifier.isEmpty()) {
            const Step role = roleColumnStep(in, scope, wrong, qualifier, column);
            if (!role.text.isEmpty())
                return role;
        }
        if (qualifier.isEmpty()) {
            const Step table = tableAsColumnStep(in, scope, column);
            if (!table.text.isEmpty())
                return table;
        }
        QStringList preferred;
        if (!tableHint.isEmpty() && in.schema->findTable(tableHint))
            preferred.append(tableHint);
        if (!qualifier.isEmpty()) {
            const QueryScope::Source *source = scope.find(qualifier);
            const QString table = source && !source->derived ? source->table : qualifier;
            if (in.schema->findTable(table))
                preferred.append(table);
        }
        const Step closest = closestColumns(in, wrong, column, preferred);
        if (!closest.text.isEmpty())
            return closest;
        const Step conventional = conventionalColumns(in, scope, wrong, qualifier, column);
        if (!conventional.text.isEmpty())
            return conventional;
        const Step stem = sameStemColumns(in, wrong, column);
        if (!stem.text.isEmpty())
            return stem;
    }
    // PostgreSQL reads "Ann" in double quotes as a column; a text value needs single quotes.
    const bool looksLikeValue = EngineRegistry::forEngine(in.engine).doubleQuotedValueIsColumn()
            && name.size() && in.text.contains(u'"' + name + u'"')
            && (column.contains(u' ') || (column.size() && column.front().isUpper()));
    if (looksLikeValue) {
        return {Advisor::tr("The column %1 does not exist. If %1 is meant as a text value, write "
                            "it in single quotes ('%2'): in %3, double quotes name a column.")
                        .arg(code(wrong), column, dialect(in.engine)),
                {}};
    }
    // Typographic quotes are not SQL quotes.
    if (column.startsWith(QChar(0x201C)) || column.startsWith(QChar(0x2018))) {
        return {Advisor::tr("%1 is written with typographic quotes, which SQL reads as part of a "
                            "name. Write a text value in plain single quotes.")
                        .arg(code(column)),
                {}};
    }
    if (in.schema && qualifier.isEmpty()) {
        const Step value = unquotedValueStep(in, scope, column);
        if (!value.text.isEmpty())
            return value;
    }
    if (in.schema) {
        const Step listed = scopeColumnsStep(in, scope, wrong, qualifier, column);
        if (!listed.text.isEmpty())
            return listed;
        return {Advisor::tr("The column %1 does not exist, and no real column has a similar name. "
                            "Check which table holds this information and use its real column.")
                        .arg(code(wrong)),
                {}};
    }
    return {Advisor::tr("The column %1 does not exist. Check the real column names of the table "
                        "in the schema and use one of them; do not guess another name.")
                    .arg(code(wrong)),
            {}};
}

Step tableMissingStep(const Input &in)
{
    if (const auto alias = in.first(
                {u"relation/missing-from-clause-entry", u"relation/multi-part-identifier"})) {
        const QString name = unquoted(alias->capture(Capture::Name));
        const QueryScope &scope = in.scope();
        const Step outside = subqueryAliasStep(in, scope, name, {});
        if (!outside.text.isEmpty())
            return outside;
        QString text = Advisor::tr("The table or alias %1 is used but not defined in FROM. Add its "
                                   "table to FROM or JOIN with the alias %1, or use the alias the "
                                   "FROM clause already defines.")
                               .arg(code(name));
        QStringList defined;
        for (const QueryScope::Source &source : scope.sources) {
            if (!source.derived || source.alias != source.table)
                defined.append(
                        Advisor::tr("%1 for %2")
                                .arg(code(source.alias),
                                     code(source.table.isEmpty() ? source.alias : source.table)));
        }
        if (!defined.isEmpty())
            text += u' ' + Advisor::tr("Defined: %1.").arg(defined.join(u", "));
        return {text, {}};
    }
    if (const auto missingSchema = in.first({u"schema/does-not-exist", u"schema/unknown-database",
                                             u"schema/schema-does-not-exist"})) {
        const QString wrong = unquoted(missingSchema->capture(Capture::Name));
        const QStringList suggestions = in.schema
                ? NameSuggester::closest(wrong, schemaNamesOf(*in.schema), MaxSuggestions)
                : QStringList();
        if (!suggestions.isEmpty()) {
            return {Advisor::tr("The schema %1 does not exist. Use one of: %2.")
                            .arg(code(wrong), joinedNames(suggestions)),
                    suggestions};
        }
        return {Advisor::tr("The schema %1 does not exist. Use a schema the schema browser "
                            "lists, or leave the table name unqualified.")
                        .arg(code(wrong)),
                {}};
    }
    const auto found = in.first(
            {u"relation/does-not-exist", u"relation/table-doesnt-exist", u"relation/unknown-table",
             u"relation/no-such-table", u"relation/table-does-not-exist-quoted",
             u"relation/table-doesnt-exist-unquoted", u"relation/invalid-object-name",
             u"relation/ungueltiger-objektname", u"relation/object-does-not-exist",
             u"relation/not-found-table", u"relation/table-not-found-schema",
             u"relation/table-or-view-not-found", u"relation/catalog-error",
             u"relation/table-does-not-exist"});
    if (!found) {
        return {Advisor::tr("A table the query names does not exist. Check the schema for the "
                            "real table name (and its schema prefix) instead of guessing."),
                {}};
    }
    const QString object = found->capture(Capture::Object);
    const QString wrong = object.isEmpty()
            ? unquoted(found->capture(Capture::Name))
            : unquoted(object) + u'.' + unquoted(found->capture(Capture::Name));
    const QString table = baseName(wrong);
    // A ClickHouse JOIN or IN whose right side is a Distributed table runs on each shard,
    // which looks the table up in its own database ("Table shard2.orders doesn't exist").
    if (EngineRegistry::forEngine(in.engine).shardsResolveNames() && in.schema
        && wrong.contains(u'.') && !in.schema->findTable(wrong) && in.schema->findTable(table)) {
        const QueryScope &scope = in.scope();
        bool joined = false;
        for (qsizetype i = 0; i < scope.tokens.size(); ++i)
            joined = joined || scope.tokens.at(i).isWord(u"JOIN")
                    || scope.tokens.at(i).isWord(u"IN");
        if (joined) {
            return {Advisor::tr("The JOIN (or IN) reads %1 on every shard of a Distributed table, "
                                "where %2 does not exist. Write %3 (or %4): the right side is then "
                                "read once and sent to each shard.")
                            .arg(code(table), code(wrong), code(u"GLOBAL JOIN"_s),
                                 code(u"GLOBAL IN"_s)),
                    {}};
        }
    }
    // An alias read as a table: the alias names its table only in the query block that gives it
    // ("FROM Professionals AS T1 JOIN (SELECT ... FROM T1 ...)").
    if (!wrong.contains(u'.')) {
        const QueryScope &scope = in.scope();
        for (const QueryScope::Source &source : scope.sources) {
            if (source.derived || source.alias.compare(table, Qt::CaseInsensitive) != 0
                || source.table.compare(table, Qt::CaseInsensitive) == 0)
                continue;
            return {Advisor::tr("%1 is an alias of the table %2, given in another part of the "
                                "statement; an alias stands for its table only in the query "
                                "block that gives it. Name the table here: %3.")
                            .arg(code(table), code(source.table),
                                 code(source.table + u" AS "_s + source.alias)),
                    {source.table}};
        }
    }
    const QStringList suggestions = in.schema
            ? NameSuggester::closest(table, in.schema->tableNames(), MaxSuggestions)
            : QStringList();
    // A column's name used as a table, also in the plural (`States` for the column `state`).
    QString columnHint;
    if (in.schema) {
        for (const QString &column : singularAndPlain(table)) {
            QStringList holders;
            for (const QString &holder : in.schema->tablesWithColumn(column))
                holders.append(baseName(holder));
            if (holders.isEmpty())
                continue;
            columnHint = u' '
                    + Advisor::tr("%1 is a column of %2, not a table: select it from there.")
                              .arg(code(column), joinedNames(holders));
            break;
        }
    }
    // Columns named for it (`student` -> `Friend.student_id`), and the tables their foreign keys
    // refer to: the thing the query means, under its real table's name.
    QString namedForHint;
    if (in.schema && columnHint.isEmpty()) {
        const QStringList wanted = NameSuggester::words(table);
        QStringList namedFor;
        QStringList referred;
        for (const SchemaNames::Table &holder : in.schema->tables) {
            for (const QString &column : holder.columns) {
                const QStringList words = NameSuggester::words(column);
                if (wanted.isEmpty() || words.size() <= wanted.size()
                    || words.mid(0, wanted.size()) != wanted || namedFor.size() >= MaxSuggestions)
                    continue;
                namedFor.append(baseName(holder.name) + u'.' + column);
                for (const SchemaNames::ForeignKey &key : holder.foreignKeys) {
                    if (key.columns.size() == 1
                        && key.columns.constFirst().compare(column, Qt::CaseInsensitive) == 0
                        && !referred.contains(baseName(key.referencedTable), Qt::CaseInsensitive))
                        referred.append(baseName(key.referencedTable));
                }
            }
        }
        if (!namedFor.isEmpty()) {
            namedForHint = u' '
                    + (referred.isEmpty()
                               ? Advisor::tr("Columns are named for it: %1.")
                                         .arg(joinedNames(namedFor))
                               : Advisor::tr("Columns are named for it: %1; they refer to %2.")
                                         .arg(joinedNames(namedFor), joinedNames(referred)));
        }
    }
    // The columns the query reads from it (`t.tourney_name` for `tournaments AS t`) and the real
    // tables that have them all: the table the query means holds what it reads.
    QString readsHint;
    QString preferred;
    if (in.schema && columnHint.isEmpty()) {
        const ColumnsRead read = columnsReadFrom(*in.schema, in.scope(), table);
        if (!read.holders.isEmpty()) {
            readsHint = u' '
                    + Advisor::tr("The columns the query reads from it (%1) are in %2.")
                              .arg(joinedNames(read.columns), joinedNames(read.holders));
            // One table has them: the query means it.
            if (read.holders.size() == 1 && read.inQuery.size() == 1) {
                readsHint += u' '
                        + Advisor::tr("The query already reads %1: take the columns from there "
                                      "instead of joining a table that does not exist.")
                                  .arg(code(read.inQuery.constFirst()));
            } else if (read.holders.size() == 1) {
                preferred = read.holders.constFirst();
            }
        }
    }
    // The one table that holds what it reads comes first among the suggestions.
    const auto preferring = [&preferred](QStringList names) {
        if (!preferred.isEmpty()) {
            names.removeAll(preferred);
            names.prepend(preferred);
        }
        return names;
    };
    if (!suggestions.isEmpty()) {
        const QStringList shown = preferring(suggestions).mid(0, MaxSuggestions);
        return {Advisor::tr("The table %1 does not exist. Use one of: %2.")
                                .arg(code(wrong), joinedNames(shown))
                        + columnHint + namedForHint + readsHint,
                shown};
    }
    if (in.schema) {
        // Every table of a small schema (Spider's have up to 20-odd): the one the query means
        // may sort late in the alphabet (Students after Student_Enrolment_Courses).
        const QStringList tables = in.schema->tableNames();
        const QStringList listed = tables.mid(0, MaxTablesListed);
        QString tableList = u' ' + Advisor::tr("The tables are: %1.").arg(joinedNames(listed));
        if (tables.size() > listed.size()) {
            tableList = u' '
                    + Advisor::tr("The tables are: %1, and %n more.", nullptr,
                                  int(tables.size() - listed.size()))
                              .arg(joinedNames(listed));
        }
        return {Advisor::tr("The table %1 does not exist, and no real table has a similar name. "
                            "Check which table holds this information in the schema.")
                                .arg(code(wrong))
                        + (columnHint.isEmpty() ? tableList : columnHint) + namedForHint
                        + readsHint,
                columnHint.isEmpty() ? preferring(listed) : QStringList()};
    }
    return {Advisor::tr("The table %1 does not exist. Check the schema for the real table name "
                        "(and its schema prefix) instead of guessing.")
                    .arg(code(wrong)),
            {}};
}

Step functionMissingStep(const Input &in)
{
    const Engine engine = in.engine;
    // ClickHouse reads DISTINCT ON (x) as a call of a function ON.
    if (const auto unknown = in.first({u"function/unknown-function"});
        unknown && unknown->capture(Capture::Function).compare(u"ON", Qt::CaseInsensitive) == 0) {
        if (const Step distinctOn = distinctOnStep(in); !distinctOn.text.isEmpty())
            return distinctOn;
    }
    if (const auto count =
                in.first({u"function/parameter-count", u"function/number-of-arguments",
                          u"function/takes-arguments", u"function/wrong-number-of-arguments"})) {
        if (count->capture(Capture::Function).compare(u"count", Qt::CaseInsensitive) == 0)
            return countOfSeveralStep();
        return {Advisor::tr("The function %1 exists, but not with this number of arguments. Call "
                            "it with the arguments %2 expects (see its signature in the manual).")
                        .arg(code(count->capture(Capture::Function)), dialect(engine)),
                {}};
    }
    const auto found = in.first(
            {u"function/with-arguments-does-not-exist", u"function/does-not-exist",
             u"function/routine-not-executable", u"function/no-such-function",
             u"function/unknown-function", u"function/not-a-built-in", u"function/not-registered",
             u"function/function-not-found", u"function/scalar-function",
             u"function/invalid-function", u"function/oracle-invalid-identifier"});
    if (!found) {
        return {Advisor::tr("A function the query calls does not exist in %1 with these "
                            "arguments. Use a function %1 provides, or cast the arguments to the "
                            "types the function accepts.")
                        .arg(dialect(engine)),
                {}};
    }
    const QString function = baseName(unquoted(found->capture(Capture::Function)));
    const QString arguments = found->capture(Capture::Arguments).trimmed();
    // PostgreSQL names COUNT(DISTINCT a, b) by its argument types: count(integer, text).
    if (function.compare(u"count", Qt::CaseInsensitive) == 0 && arguments.contains(u','))
        return countOfSeveralStep();
    if (!arguments.isEmpty() && isKnownFunction(engine, function, in.schema)) {
        // round(double precision, integer): PostgreSQL rounds to digits only for numeric.
        const bool roundDouble = (function.compare(u"round", Qt::CaseInsensitive) == 0
                                  || function.compare(u"trunc", Qt::CaseInsensitive) == 0)
                && arguments.contains(u"double precision");
        const QString example = roundDouble
                ? code(function.toLower() + u"(col::numeric, 2)"_s)
                : alternatives({u"col::numeric"_s, u"col::text"_s, u"col::timestamp"_s});
        return {Advisor::tr("The function %1 exists in %2, but not for the argument types (%3). "
                            "Cast the arguments to the types it accepts, e.g. %4.")
                        .arg(code(function), dialect(engine), arguments, example),
                {}};
    }
    // YEAR(c.Year) of a column that holds numbers: the engine's date functions would read them
    // as day counts; a year stored as a number is compared as it is.
    const auto argument = columnUnderDatePart(in, function);
    if (argument && (argument->number || !equivalentFor(engine, function).isEmpty())) {
        return datePartStep(in, *argument, Advisor::tr("function %1").arg(code(function)),
                            code(function), function.toLower(), equivalentFor(engine, function));
    }
    const QString equivalent = equivalentFor(engine, function);
    if (const Step named = partColumnOf(in, function, equivalent); !named.text.isEmpty())
        return named;
    if (!equivalent.isEmpty()) {
        return {Advisor::tr("%1 has no function %2. Use %3 instead.")
                                .arg(dialect(engine), code(function), code(equivalent))
                        + storedValueHint(in, function),
                {}};
    }
    QStringList suggestions;
    if (const auto maybe = in.first({u"function/maybe-you-meant"})) {
        for (const QString &part : maybe->capture(Capture::Suggestions).split(u','))
            suggestions.append(unquoted(part));
        suggestions.removeAll(QString());
    }
    if (suggestions.isEmpty() && in.schema)
        suggestions = NameSuggester::closest(function, in.schema->functions, MaxSuggestions);
    if (!suggestions.isEmpty()) {
        return {Advisor::tr("%1 has no function %2. Use one of: %3.")
                        .arg(dialect(engine), code(function), joinedNames(suggestions)),
                suggestions};
    }
    if (found->is(u"function/routine-not-executable")) {
        // MariaDB refused it as a stored routine: one may exist that this user may not run.
        return {Advisor::tr("%1 has no built-in function %2, and this user may not run a stored "
                            "function of that name. Rewrite the expression with functions that "
                            "%1 provides (a stored function needs the EXECUTE privilege).")
                        .arg(dialect(engine), code(function)),
                {}};
    }
    return {Advisor::tr("%1 has no function %2. Rewrite the expression with functions that %1 "
                        "provides.")
                    .arg(dialect(engine), code(function)),
            {}};
}

} // namespace sqlmend::core::advisorsteps
