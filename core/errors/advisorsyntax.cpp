#include "core/errors/advisorsteps.h"

#include "core/engines/engineregistry.h"
#include "core/errors/namesuggester.h"
#include "core/sql/selectlist.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core::advisorsteps {

namespace {

// A subquery that stands for one value (after IN or =, or in the select list) but returns
// several columns; PostgreSQL calls it a syntax error, the others a mismatch of operands.
std::optional<Step> subqueryColumnsStep(const Input &in)
{
    if (!in.has(u"operator/subquery-columns"))
        return std::nullopt;
    return Step{Advisor::tr("A subquery that stands for one value (after IN or =, or in the "
                            "SELECT list) returns more than one column. Select only the column "
                            "to compare with in it, e.g. %1.")
                        .arg(code(u"WHERE id IN (SELECT id FROM ...)"_s)),
                {}};
}

// Where the statement puts an aggregate: inside WHERE at the same level, or inside another one.
struct AggregatePlaces
{
    bool inWhere = false;
    bool nested = false;
    // An aggregate call in the ORDER BY of a query block without GROUP BY, as written.
    QString orderedWithoutGroups;
};

AggregatePlaces aggregatePlaces(QStringView statement, Engine engine)
{
    AggregatePlaces places;
    if (statement.isEmpty())
        return places;
    const QueryScope scope = QueryScope::read(statement, engine);
    const QList<SqlToken> &tokens = scope.tokens;
    // For each block: where its WHERE clause runs, at its own depth.
    QList<int> openAggregates; // the depths inside open aggregate calls
    int whereBlock = -2;
    int whereDepth = -1;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        const int depth = scope.depthOf.at(i);
        while (!openAggregates.isEmpty() && depth < openAggregates.constLast())
            openAggregates.removeLast();
        if (token.isWord(u"WHERE")) {
            whereBlock = scope.blockOf.at(i);
            whereDepth = depth;
        } else if (depth == whereDepth && scope.blockOf.at(i) == whereBlock
                   && (token.isWord(u"GROUP") || token.isWord(u"ORDER") || token.isWord(u"HAVING")
                       || token.isWord(u"LIMIT") || isSetOperatorAt(tokens, i))) {
            whereBlock = -2;
        } else if (depth < whereDepth) {
            whereBlock = -2;
        }
        if (!isAggregateCall(tokens, i))
            continue;
        if (!openAggregates.isEmpty())
            places.nested = true;
        if (whereBlock >= 0 && scope.blockOf.at(i) == whereBlock && depth == whereDepth)
            places.inWhere = true;
        if (places.orderedWithoutGroups.isEmpty() && openAggregates.isEmpty()) {
            // The clause it stands in, and whether its block groups, at the block's own depth.
            const int block = scope.blockOf.at(i);
            bool inOrderBy = false;
            bool grouped = false;
            for (qsizetype j = 0; j < tokens.size(); ++j) {
                if (scope.blockOf.at(j) != block || scope.depthOf.at(j) != depth)
                    continue;
                if (tokens.at(j).isWord(u"GROUP"))
                    grouped = true;
                if (j < i && tokens.at(j).isWord(u"ORDER"))
                    inOrderBy = true;
                else if (j < i && (tokens.at(j).isWord(u"LIMIT") || isSetOperatorAt(tokens, j)))
                    inOrderBy = false;
            }
            qsizetype close = i + 1;
            for (int open = 0; close < tokens.size(); ++close) {
                if (tokens.at(close).kind == SqlTokenKind::OpenParen)
                    ++open;
                else if (tokens.at(close).kind == SqlTokenKind::CloseParen && --open == 0)
                    break;
            }
            if (inOrderBy && !grouped && close < tokens.size())
                places.orderedWithoutGroups =
                        statement.sliced(token.offset, tokens.at(close).end() - token.offset)
                                .toString();
        }
        openAggregates.append(depth + 1);
        ++i; // its own parenthesis
    }
    return places;
}

// ORDER BY COUNT(*) with no GROUP BY: the rows were meant to be groups. Wrapping the columns in
// MAX would answer with one row made of maxima.
Step orderedWithoutGroupsStep(const QString &aggregate, const QStringList &ungrouped)
{
    return {Advisor::tr("The query has no GROUP BY, so %1 in its ORDER BY is taken over all the "
                        "rows at once, beside columns of each row. To rank by a count or total "
                        "per row, group the rows: %2.")
                    .arg(code(aggregate),
                         code(u"GROUP BY "_s + ungrouped.join(u", "_s) + u" ORDER BY "_s
                              + aggregate)),
            ungrouped};
}

// An aggregate in a subquery whose columns all belong to the query around it: SQL takes it as an
// aggregate of the outer query's rows (max(T2.Height) in (SELECT max(T2.Height) FROM people)).
std::optional<Step> outerAggregateStep(const Input &in)
{
    if (in.statement.isEmpty())
        return std::nullopt;
    const QueryScope &scope = in.scope();
    const QList<QueryScope::OuterAggregate> found = scope.outerAggregates(in.schema);
    if (found.isEmpty())
        return std::nullopt;
    const QueryScope::OuterAggregate &aggregate = found.constFirst();
    const QueryScope::Source &outer = scope.sources.at(aggregate.outerSource);
    const QueryScope::Reference &first = scope.references.at(aggregate.references.constFirst());
    const QString call = in.statement
                                 .sliced(scope.tokens.at(aggregate.call).offset,
                                         scope.tokens.at(aggregate.close).end()
                                                 - scope.tokens.at(aggregate.call).offset)
                                 .toString();
    QStringList ownTables;
    const QueryScope::Source *same = nullptr;
    for (const QueryScope::Source &source : scope.sources) {
        if (source.block != aggregate.block || source.derived)
            continue;
        ownTables.append(code(source.table));
        if (!outer.derived && source.table.compare(outer.table, Qt::CaseInsensitive) == 0)
            same = same ? nullptr : &source;
    }
    const QString reads = first.qualifier.isEmpty()
            ? Advisor::tr("its tables (%1) have no %2, so it reads %3 of the outer query")
                      .arg(ownTables.join(u", "_s), code(first.column),
                           code(outer.alias + u'.' + first.column))
            : Advisor::tr("%1 is the outer query's %2")
                      .arg(code(first.qualifier), sourceLabel(outer));
    QString text = Advisor::tr("%1 is written in a subquery, but %2: SQL takes it as an aggregate "
                               "of the outer query's rows, which its WHERE cannot hold.")
                           .arg(code(call), reads);
    if (same && !first.qualifier.isEmpty()) {
        QString own = call;
        own.replace(first.qualifier + u'.', same->alias + u'.', Qt::CaseInsensitive);
        text += u' ' + Advisor::tr("For the subquery's own rows, write %1.").arg(code(own));
    } else {
        text += u' '
                + Advisor::tr("Take the aggregate over a column of the subquery's own tables, or "
                              "read %1 in the subquery.")
                          .arg(code(outer.table));
    }
    return Step{text, {}};
}

Step nestedAggregateStep()
{
    return {Advisor::tr("One aggregate is nested inside another (such as %1), which SQL "
                        "does not allow. To find the group with the most or fewest rows, "
                        "order the groups by the aggregate and keep the first: %2.")
                    .arg(code(u"MAX(COUNT(*))"_s),
                         code(u"GROUP BY … ORDER BY COUNT(*) DESC LIMIT 1"_s)),
            {}};
}

// SELECT DISTINCT ON (...).
bool hasDistinctOn(const QList<SqlToken> &tokens)
{
    for (qsizetype i = 0; i + 2 < tokens.size(); ++i) {
        if (tokens.at(i).isWord(u"DISTINCT") && tokens.at(i + 1).isWord(u"ON")
            && tokens.at(i + 2).kind == SqlTokenKind::OpenParen)
            return true;
    }
    return false;
}

// A set operator where the engine stopped after it, and the parser's own list of what it expected
// there (ClickHouse 18.16) shows the server lacks it: UNION without ALL, or EXCEPT, INTERSECT
// and MINUS, which it read as the table's alias.
Step setOperatorStep(const Input &in, const SqlToken &before, const QStringList &expected)
{
    if (expected.isEmpty())
        return {};
    if (before.isWord(u"UNION") && expected == QStringList{u"ALL"_s}) {
        return {Advisor::tr("This %1 server has UNION ALL only: after UNION it expects ALL. For "
                            "UNION's rows without repeats write %2.")
                        .arg(dialect(in.engine),
                             code(u"SELECT DISTINCT * FROM (SELECT ... UNION ALL SELECT ...)"_s)),
                {}};
    }
    const bool except = before.isWord(u"EXCEPT") || before.isWord(u"MINUS");
    const bool intersect = before.isWord(u"INTERSECT");
    if ((!except && !intersect)
        || expected.contains(except ? u"EXCEPT"_s : u"INTERSECT"_s, Qt::CaseInsensitive))
        return {};
    return {Advisor::tr("This %1 server has no %2: it read %3 as the table's alias and stopped "
                        "at the SELECT after it. Write the rows of the first query %4 with %5.")
                    .arg(dialect(in.engine), except ? u"EXCEPT"_s : u"INTERSECT"_s,
                         code(before.name),
                         except ? Advisor::tr("that the second does not return")
                                : Advisor::tr("that the second returns too"),
                         code(except ? u"SELECT DISTINCT a, b FROM t1 WHERE (a, b) NOT IN "
                                       "(SELECT a, b FROM t2)"_s
                                     : u"SELECT DISTINCT a, b FROM t1 WHERE (a, b) IN (SELECT "
                                       "a, b FROM t2)"_s)),
            {}};
}

// What the statement's text says about a syntax error the engine only locates.
Step syntaxFromStatement(const Input &in, const QString &token)
{
    const QueryScope &scope = in.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const QStringList expected = ErrorRules::parserExpected(in.text);
    if (tokens.isEmpty())
        return {};
    const SqlToken &first = tokens.constFirst();
    const bool opensQuery = first.isWord(u"SELECT") || first.isWord(u"WITH")
            || first.kind == SqlTokenKind::OpenParen;
    if (!opensQuery) {
        if (first.kind == SqlTokenKind::QuotedIdentifier || first.kind == SqlTokenKind::Operator) {
            return {Advisor::tr("The answer starts with %1, which is not SQL. Remove the marker "
                                "and answer with the statement alone.")
                            .arg(code(first.text(in.statement).toString())),
                    {}};
        }
        return {Advisor::tr("The answer is not a SQL statement: it starts with %1. Answer with "
                            "exactly one SQL statement and nothing else.")
                        .arg(code(in.statement.first(qMin<qsizetype>(40, in.statement.size()))
                                          .toString()
                                          .simplified())),
                {}};
    }
    if (token.isEmpty())
        return {};
    // Where the engine stopped: a second SELECT at the top, or a word of prose after the end. The
    // engine may name a word the statement has more than once (SELECT in a subquery before the
    // run-on): each place it stands is read.
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &t = tokens.at(i);
        if (t.kind != SqlTokenKind::Word || t.name.compare(token, Qt::CaseInsensitive) != 0)
            continue;
        const SqlToken &before = tokens.at(i - 1);
        if (const Step set = setOperatorStep(in, before, expected); !set.text.isEmpty())
            return set;
        if (t.isWord(u"SELECT") && before.isWord(u"MINUS")
            && !EngineRegistry::forEngine(in.engine).hasMinus()) {
            return {Advisor::tr("MINUS is Oracle's name for EXCEPT, which %1 spells EXCEPT: the "
                                "rows of the first query that the second does not return. "
                                "Write %2.")
                            .arg(dialect(in.engine), code(u"... EXCEPT SELECT ..."_s)),
                    {}};
        }
        if ((t.isWord(u"SELECT") || t.isWord(u"WITH")) && scope.depthOf.at(i) == 0
            && before.kind != SqlTokenKind::OpenParen && !isSetOperatorAt(tokens, i - 1)
            && !before.isWord(u"ALL") && !before.isWord(u"DISTINCT")) {
            return {Advisor::tr("A second statement starts at %1 without a set operator: the "
                                "answer runs on after the first statement. Answer with one "
                                "statement, or join the two with UNION, INTERSECT or EXCEPT.")
                            .arg(code(t.name)),
                    {}};
        }
        if (QueryScope::startsProse(tokens, i, in.statement) && scope.depthOf.at(i) == 0) {
            return {Advisor::tr("The statement is followed by text that is not SQL, from %1 on. "
                                "Answer with the statement alone, without explanations after "
                                "it.")
                            .arg(code(in.statement.sliced(t.offset)
                                              .first(qMin<qsizetype>(
                                                      40, in.statement.size() - t.offset))
                                              .toString()
                                              .simplified())),
                    {}};
        }
    }
    return {};
}

// Where a word of a select list or a clause stands: the word before it names nothing else.
bool standsAsName(const QList<SqlToken> &tokens, qsizetype i)
{
    if (i + 1 < tokens.size() && tokens.at(i + 1).kind == SqlTokenKind::Dot)
        return true;
    if (i == 0)
        return false;
    const SqlToken &before = tokens.at(i - 1);
    // SELECT after a parenthesis opens a subquery.
    if (tokens.at(i).isWord(u"SELECT") || tokens.at(i).isWord(u"WITH"))
        return before.kind == SqlTokenKind::Dot;
    return before.kind == SqlTokenKind::Comma || before.kind == SqlTokenKind::Dot
            || before.kind == SqlTokenKind::OpenParen || before.isWord(u"SELECT")
            || before.isWord(u"DISTINCT") || before.isWord(u"FROM") || before.isWord(u"JOIN")
            || before.isWord(u"AS") || before.isWord(u"UPDATE") || before.isWord(u"INTO");
}

// EXTRACT(part FROM ...) where the engine has none, read with the schema (at: EXTRACT's token;
// instead: the engine's own spelling): the one column it reads, where that is no date (a year
// kept as a number or as text named for it), or where its table has a column named for the part
// (matches.year beside matches.tourney_date), which the question most likely means. Empty
// otherwise.
Step extractStep(const Input &in, const QueryScope &scope, qsizetype at, const QString &field,
                 const QString &instead)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const qsizetype close = closingParen(tokens, at + 1);
    if (!in.schema || close < 0)
        return {};
    const QueryScope::Reference *read = nullptr;
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.token <= at + 3 || reference.token >= close)
            continue;
        if (read)
            return {}; // several columns
        read = &reference;
    }
    if (!read)
        return {};
    const QString part = field.toLower();
    if (const auto argument = dateArgument(in, *read, part, close + 1)) {
        return datePartStep(in, *argument, u"EXTRACT(%1 FROM ...)"_s.arg(field.toUpper()),
                            code(u"EXTRACT"_s), part, instead);
    }
    return partColumnStep(in, scope, *read, part, u"EXTRACT(%1 FROM ...)"_s.arg(field.toUpper()),
                          instead);
}

// What the statement shows about a word the engine stopped at, beyond a name or a run-on: a
// comparison with ANY or ALL of a subquery, or EXTRACT, where the engine has none; a clause
// after one it must come before; ASC or DESC after GROUP BY; an alias of several words. Each
// place the word stands is read, since the engine may not say which one it means.
Step placementStep(const Input &in, const QueryScope &scope, const QString &word,
                   const QString &rest)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const SqlEngine &spoken = EngineRegistry::forEngine(in.engine);
    if (word.startsWith(u'\\') && in.statement.contains(u"\\_")) {
        return {Advisor::tr("A backslash is not SQL: %1 is Markdown's escape of %2. Write the "
                            "names with %2 alone.")
                        .arg(code(u"\\_"_s), code(u"_"_s)),
                {}};
    }
    // The standard's FETCH FIRST n ROWS ONLY where the engine stopped at it (SQLite, ClickHouse
    // 18.16): the engine's own row limit.
    const QList<QueryScope::FetchClause> fetches = scope.fetchClauses();
    if (!fetches.isEmpty()) {
        const QueryScope::FetchClause &fetch = fetches.constFirst();
        const auto text = [&](qsizetype i) { return tokens.at(i).text(in.statement); };
        const auto stoppedAt = [&](qsizetype i) {
            return i >= 0 && tokens.at(i).name.compare(word, Qt::CaseInsensitive) == 0;
        };
        // At FETCH, the word after it, or the OFFSET before it, where SQLite stops.
        const bool stoppedHere = stoppedAt(fetch.fetch) || stoppedAt(fetch.fetch + 1)
                || (fetch.offset >= 0 && stoppedAt(fetch.start));
        bool count = fetch.rows < 0;
        const int rows = count ? 1 : text(fetch.rows).toInt(&count);
        QString limit = count ? spoken.rowLimitClause(rows) : QString();
        if (stoppedHere && !limit.isEmpty() && !limit.startsWith(u"FETCH", Qt::CaseInsensitive)) {
            if (fetch.offset >= 0)
                limit += u" OFFSET "_s + text(fetch.offset).toString();
            return {Advisor::tr("%1 has no %2. Write %3 at the end of the query instead.")
                            .arg(dialect(in.engine), code(u"FETCH FIRST n ROWS ONLY"_s),
                                 code(limit)),
                    {}};
        }
    }
    // ORDER BY COUNT(*) MIN: MIN or MAX where the term's direction stands.
    if (word.compare(u"MIN", Qt::CaseInsensitive) == 0
        || word.compare(u"MAX", Qt::CaseInsensitive) == 0) {
        const QList<qsizetype> directions = scope.orderDirectionWords();
        if (!directions.isEmpty()) {
            const bool smallest = tokens.at(directions.constFirst()).isWord(u"MIN");
            const QString written = code(word.toUpper());
            return {smallest ? Advisor::tr("ORDER BY takes ASC or DESC after a term, not %1. For "
                                           "the smallest first, write %2.")
                                       .arg(written, code(u"ASC"_s))
                             : Advisor::tr("ORDER BY takes ASC or DESC after a term, not %1. For "
                                           "the largest first, write %2.")
                                       .arg(written, code(u"DESC"_s)),
                    {}};
        }
    }
    // MySQL's GROUP_CONCAT(x SEPARATOR ', '): elsewhere the separator is the second argument.
    if (word.compare(u"SEPARATOR", Qt::CaseInsensitive) == 0
        && spoken.ruleFamily() != EngineFamily::Mysql) {
        QList<qsizetype> open;
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            if (tokens.at(i).kind == SqlTokenKind::OpenParen)
                open.append(i);
            else if (tokens.at(i).kind == SqlTokenKind::CloseParen && !open.isEmpty())
                open.removeLast();
            else if (tokens.at(i).isWord(u"SEPARATOR") && !open.isEmpty() && open.last() > 0
                     && tokens.at(open.last() - 1).isWord(u"GROUP_CONCAT")) {
                return {Advisor::tr("%1's %2 takes the separator as its second argument, not "
                                    "after SEPARATOR: %3.")
                                .arg(dialect(in.engine), code(u"GROUP_CONCAT"_s),
                                     code(u"group_concat(col, ', ')"_s)),
                        {}};
            }
        }
    }
    for (qsizetype i = 1; i + 2 < tokens.size(); ++i) {
        const SqlToken &t = tokens.at(i);
        if (!spoken.parenthesizedCompoundMembers() && t.kind == SqlTokenKind::OpenParen
            && scope.depthOf.at(i) == 0 && tokens.at(i + 1).isWord(u"SELECT")) {
            const qsizetype operatorAt = tokens.at(i - 1).isWord(u"ALL") && i >= 2 ? i - 2 : i - 1;
            const SqlToken &before = tokens.at(operatorAt);
            if (isSetOperatorAt(tokens, operatorAt)) {
                return {Advisor::tr("%1 takes no SELECT of %2 in parentheses. Write it without "
                                    "them, or as a subquery: %3.")
                                .arg(dialect(in.engine), before.name.toUpper(),
                                     code(before.name.toUpper()
                                          + u" SELECT * FROM (SELECT ...)"_s)),
                        {}};
            }
        }
        const bool quantifier = t.isWord(u"ANY") || t.isWord(u"SOME") || t.isWord(u"ALL");
        // A parser that read ALL (SELECT as a call of ALL, and stopped at the word after that
        // SELECT, listing what it expected there (ClickHouse 18.16), has none either.
        const bool readAsCall = quantifier && i + 3 < tokens.size()
                && tokens.at(i + 3).text(in.statement).compare(word, Qt::CaseInsensitive) == 0
                && !ErrorRules::parserExpected(in.text).isEmpty();
        if ((!spoken.hasQuantifiedComparison() || readAsCall) && quantifier
            && tokens.at(i - 1).kind == SqlTokenKind::Operator
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen
            && (tokens.at(i + 2).isWord(u"SELECT") || tokens.at(i + 2).isWord(u"WITH"))) {
            return {Advisor::tr("%1 has no comparison with ANY or ALL of a subquery's rows. "
                                "Compare with one value: %2 is %3 (%4 takes MIN), %5 is %6 "
                                "(%7 takes MAX), %8 is %9; ALL over no rows is true, where the "
                                "MIN or MAX of no rows is NULL. Whether the question's \"any\" "
                                "means every one or at least one decides between them.")
                            .arg(dialect(in.engine), code(u"x < ANY (SELECT c ...)"_s),
                                 code(u"x < (SELECT MAX(c) ...)"_s), code(u"> ANY"_s),
                                 code(u"x < ALL (SELECT c ...)"_s),
                                 code(u"x < (SELECT MIN(c) ...)"_s), code(u"> ALL"_s),
                                 code(u"= ANY"_s), code(u"IN"_s)),
                    {}};
        }
        if (!spoken.hasExtract() && t.isWord(u"EXTRACT")
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen && i + 3 < tokens.size()
            && tokens.at(i + 2).kind == SqlTokenKind::Word && tokens.at(i + 3).isWord(u"FROM")) {
            const QString field = tokens.at(i + 2).name;
            QString instead = spoken.functionEquivalent(field.toLower());
            if (instead.isEmpty())
                instead = spoken.functionEquivalent(u"extract");
            if (!instead.isEmpty()) {
                const Step schemaAware = extractStep(in, scope, i, field, instead);
                if (!schemaAware.text.isEmpty())
                    return schemaAware;
                return {Advisor::tr("%1 has no EXTRACT(%2 FROM ...). Write %3 instead.")
                                .arg(dialect(in.engine), field.toUpper(), code(instead)),
                        {}};
            }
        }
    }
    // Where the engine quotes the rest of the statement from there (MySQL), that one place.
    qsizetype at = -1;
    if (rest.size() > word.size()) {
        const qsizetype found = in.statement.indexOf(rest);
        if (found >= 0 && in.statement.indexOf(rest, found + 1) < 0)
            at = found;
    }
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &t = tokens.at(i);
        if (at >= 0 ? t.offset != at : t.text(in.statement).compare(word, Qt::CaseInsensitive) != 0)
            continue;
        const int block = scope.blockOf.at(i);
        const int depth = scope.depthOf.at(i);
        const auto sameLevel = [&](qsizetype j) {
            return scope.blockOf.at(j) == block && scope.depthOf.at(j) == depth;
        };
        // The clauses of its own query block before it, latest first, back to its SELECT
        // (subqueries in between are other blocks).
        QList<int> earlier;
        for (qsizetype j = i - 1; j >= 0; --j) {
            if (!sameLevel(j))
                continue;
            if (tokens.at(j).isWord(u"SELECT"))
                break;
            if (const int r = QueryScope::clauseRank(tokens, j))
                earlier.append(r);
        }
        const int previousRank = earlier.isEmpty() ? 0 : earlier.constFirst();
        const int rank = QueryScope::clauseRank(tokens, i);
        if (rank > 0) {
            // The latest clause of the block so far that must come after this one.
            for (const int later : std::as_const(earlier)) {
                if (later <= rank)
                    continue;
                QString text = Advisor::tr("%1 stands after %2, but a query's clauses go in this "
                                           "order: SELECT, FROM with its JOINs, WHERE, GROUP BY, "
                                           "HAVING, ORDER BY, LIMIT. Move %1 before %2.")
                                       .arg(code(QueryScope::clauseName(rank)),
                                            code(QueryScope::clauseName(later)));
                if (rank == 3 && (later == 4 || later == 5))
                    text += u' '
                            + Advisor::tr("A condition on an aggregate (SUM, COUNT, ...) belongs "
                                          "in HAVING.");
                return {text, {}};
            }
        }
        if ((t.isWord(u"DESC") || t.isWord(u"ASC")) && previousRank == 4) {
            return {Advisor::tr("GROUP BY takes no %1. To order the groups, add %2 after GROUP BY "
                                "(and HAVING).")
                            .arg(code(t.name.toUpper()),
                                 code(u"ORDER BY ... "_s + t.name.toUpper())),
                    {}};
        }
        // AS a AS b: a second alias for one expression.
        if (t.isWord(u"AS") && i >= 2 && i + 1 < tokens.size() && tokens.at(i - 2).isWord(u"AS")
            && tokens.at(i - 1).isIdentifier() && !QueryScope::isKeyword(tokens.at(i - 1).name)
            && tokens.at(i + 1).isIdentifier() && !QueryScope::isKeyword(tokens.at(i + 1).name)) {
            const QString first = tokens.at(i - 1).text(in.statement).toString();
            const QString second = tokens.at(i + 1).text(in.statement).toString();
            return {Advisor::tr("%1 gives one expression two aliases; it takes one. Keep %2 or %3.")
                            .arg(code(in.statement
                                              .sliced(tokens.at(i - 2).offset,
                                                      tokens.at(i + 1).end()
                                                              - tokens.at(i - 2).offset)
                                              .toString()),
                                 code(u"AS "_s + first), code(u"AS "_s + second)),
                    {}};
        }
        // alias column: a table or alias of the query and a column of it, without the dot.
        if (scope.undottedQualifier(i, in.schema)) {
            const QString written = tokens.at(i - 1).text(in.statement).toString() + u'.'
                    + t.text(in.statement).toString();
            return {Advisor::tr("%1 reads as two names: a qualifier and its column are joined by "
                                "a dot. Write %2.")
                            .arg(code(in.statement
                                              .sliced(tokens.at(i - 1).offset,
                                                      t.end() - tokens.at(i - 1).offset)
                                              .toString()),
                                 code(written)),
                    {written}};
        }
        // AS two words in a select list (no clause before it in its block): the alias ends at
        // the next comma, keyword or parenthesis.
        if (const QueryScope::SpacedAlias spaced = scope.spacedAlias(in.statement, i, in.schema);
            spaced.first >= 0 && spaced.endsItem) {
            const qsizetype first = spaced.first;
            const qsizetype last = spaced.last;
            const qsizetype from = tokens.at(first).offset;
            const QString alias =
                    in.statement.sliced(from, tokens.at(last).end() - from).toString();
            const QString quoted = u"AS "_s + quotedIdentifier(in.engine, alias);
            if (spaced.itemWord >= 0) {
                // AS n Citizenship: the next column, its comma left out, or one alias.
                const SqlToken &word = tokens.at(spaced.itemWord);
                const qsizetype as = tokens.at(first - 1).offset;
                const QString withComma =
                        in.statement.sliced(as, tokens.at(spaced.itemWord - 1).end() - as)
                                .toString()
                        + u", "_s + word.text(in.statement).toString();
                return {Advisor::tr("%1 is a column of the query's tables: if the next item starts "
                                    "there, a comma is missing before it (%2); if it is a word of "
                                    "the alias, write %3.")
                                .arg(code(word.text(in.statement).toString()), code(withComma),
                                     code(quoted)),
                        {}};
            }
            return {Advisor::tr("An alias of several words needs quotes: write %1, or join the "
                                "words with underscores.")
                            .arg(code(quoted)),
                    {}};
        }
    }
    return {};
}

// Parentheses that do not pair up: the first ) that closes none, or the ( left open at the end
// (the innermost of those still open), with the alias an unclosed call runs into:
// MAX(CAST(x AS REAL) AS m, ... leaves MAX( open, to be closed before AS m.
// MySQL's \' inside a word of a string ('O\'Brien') where strings take no backslash escapes: the
// string ends at that quote, and what follows is read as SQL or as a string that never closes.
Step backslashQuoteStep(const Input &in)
{
    const BackslashQuotes quotes = backslashQuotesDoubled(in.statement, in.engine);
    if (quotes.sql.isEmpty())
        return {};
    return {Advisor::tr("In %1 a backslash does not escape a quote inside a string, so %2 ends at "
                        "the quote after the backslash. Write a quote inside a string twice: %3.")
                    .arg(dialect(in.engine), code(quotes.written), code(quotes.doubled)),
            {}};
}

// A string or a quoted name the engine's lexer never saw closed. An empty string at the very end
// is a reply cut off.
Step unclosedQuoteStep(const Input &in)
{
    if (in.statement.isEmpty())
        return {};
    const QList<SqlToken> &tokens = in.scope().tokens;
    qsizetype open = -1;
    for (qsizetype i = 0; i < tokens.size() && open < 0; ++i) {
        const SqlTokenError error = tokens.at(i).error;
        if (error == SqlTokenError::UnterminatedString
            || error == SqlTokenError::UnterminatedIdentifier)
            open = i;
    }
    if (open < 0)
        return {};
    // An apostrophe in prose after the statement ("each student's pets") is not a string.
    for (qsizetype i = 1; i < open; ++i) {
        if (QueryScope::startsProse(tokens, i, in.statement))
            return {};
    }
    const SqlToken &unclosed = tokens.at(open);
    const QStringView rest = unclosed.text(in.statement);
    const bool identifier = unclosed.error == SqlTokenError::UnterminatedIdentifier;
    if (!identifier && rest.size() > 0 && rest.sliced(1).trimmed().isEmpty() && open > 0) {
        const QString before = tokens.at(open - 1).text(in.statement).toString();
        return {Advisor::tr("The statement stops at a quote that opens a string, after %1: the "
                            "answer was cut off. Answer again with the whole statement.")
                        .arg(code(before)),
                {}};
    }
    const QString start = rest.left(24).toString().simplified();
    if (identifier) {
        return {Advisor::tr("A quoted name is never closed: the one that starts at %1 runs to the "
                            "end of the statement. Close it.")
                        .arg(code(start)),
                {}};
    }
    return {Advisor::tr("A string is never closed: the one that starts at %1 runs to the end of "
                        "the statement. Close it, and write a quote inside a string twice "
                        "(%2).")
                    .arg(code(start), code(u"'it''s'"_s)),
            {}};
}

Step unbalancedStep(const Input &in)
{
    if (in.statement.isEmpty())
        return {};
    const QList<SqlToken> &tokens = in.scope().tokens;
    // Prose after the statement (a run-on "Write Sql for ..."): the parentheses are not the point.
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        if (QueryScope::startsProse(tokens, i, in.statement))
            return {};
    }
    QList<qsizetype> open;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::OpenParen) {
            open.append(i);
        } else if (token.kind == SqlTokenKind::CloseParen) {
            if (!open.isEmpty()) {
                open.removeLast();
                continue;
            }
            // The words before it, for the reader to find it by.
            qsizetype from = i;
            for (int words = 0; from > 0 && words < 4; ++words)
                --from;
            const QString before =
                    in.statement
                            .sliced(tokens.at(from).offset, token.end() - tokens.at(from).offset)
                            .toString()
                            .simplified();
            return {Advisor::tr("The statement closes a parenthesis it never opened, at %1. "
                                "Remove that %2, or open the parenthesis it was meant to close.")
                            .arg(code(before), code(u")"_s)),
                    {}};
        }
    }
    if (open.isEmpty())
        return {};
    // Cut off mid-clause (WHERE language =): the reply ended, not the parenthesis.
    qsizetype last = tokens.size() - 1;
    while (last >= 0 && tokens.at(last).kind == SqlTokenKind::Semicolon)
        --last;
    const SqlToken &end = tokens.at(std::max<qsizetype>(last, 0));
    static const QStringList continued = {u"WHERE"_s, u"AND"_s,     u"OR"_s,     u"ON"_s,
                                          u"BY"_s,    u"FROM"_s,    u"SELECT"_s, u"JOIN"_s,
                                          u"IN"_s,    u"NOT"_s,     u"AS"_s,     u"HAVING"_s,
                                          u"LIKE"_s,  u"BETWEEN"_s, u"THEN"_s,   u"ELSE"_s};
    if (last >= 0
        && (end.kind == SqlTokenKind::Operator || end.kind == SqlTokenKind::Comma
            || end.kind == SqlTokenKind::OpenParen || end.kind == SqlTokenKind::Dot
            || (end.kind == SqlTokenKind::Word
                && continued.contains(end.name, Qt::CaseInsensitive)))) {
        return {Advisor::tr("The statement stops in the middle, after %1, with a parenthesis "
                            "still open: the answer was cut off. Answer again with the whole "
                            "statement.")
                        .arg(code(end.text(in.statement).toString())),
                {}};
    }
    const qsizetype at = open.constFirst();
    const bool word = at > 0 && tokens.at(at - 1).kind == SqlTokenKind::Word;
    // A function's name before it (MAX), not a keyword (IN, OVER) or a cast, whose AS is its
    // own (CAST(x AS REAL)).
    const SqlToken &before = tokens.at(std::max<qsizetype>(at - 1, 0));
    const bool call = word && !before.isSqlKeyword() && !before.isWord(u"CAST")
            && !before.isWord(u"TRY_CAST") && !before.isWord(u"SAFE_CAST");
    const QString opened = !word
            ? u"("_s
            : tokens.at(at - 1).text(in.statement).toString() + (call ? u"("_s : u" ("_s);
    // An AS at the depth of the open call: the alias it runs into.
    int depth = 0;
    for (qsizetype i = at + 1; call && i + 1 < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::OpenParen)
            ++depth;
        else if (token.kind == SqlTokenKind::CloseParen)
            --depth;
        else if (depth == 0 && token.isWord(u"AS") && tokens.at(i + 1).isIdentifier()) {
            return {Advisor::tr("%1 opens a parenthesis that is never closed: the statement has "
                                "one %2 fewer than %3. Close the call before its alias: %4.")
                            .arg(code(opened), code(u")"_s), code(u"("_s),
                                 code(u") AS "_s + tokens.at(i + 1).text(in.statement).toString())),
                    {}};
        }
    }
    return {Advisor::tr("%1 opens a parenthesis that is never closed: the statement has %n %2 "
                        "fewer than %3. Close it where what it holds ends.",
                        nullptr, int(open.size()))
                    .arg(code(opened), code(u")"_s), code(u"("_s)),
            {}};
}

} // namespace

Step castStep(const Input &in)
{
    const Engine engine = in.engine;
    if (in.first({u"cast/value-too-long", u"cast/data-too-long", u"cast/would-be-truncated"})) {
        return {Advisor::tr("A text value is longer than its type allows. Cast to a longer type "
                            "(for example %1) or shorten the value with SUBSTRING.")
                        .arg(alternatives(castSpellings(engine, CastTarget::Text))),
                {}};
    }
    if (const auto date =
                in.first({u"cast/date-out-of-range", u"cast/incorrect-date-value",
                          u"cast/truncated-incorrect-date-value", u"cast/cannot-parse-as-date",
                          u"cast/cannot-read-datetime", u"cast/invalid-date-input"})) {
        const QString spelling = alternatives(castSpellings(engine, CastTarget::Date));
        const QString value = date->capture(Capture::Value);
        if (!value.isEmpty()) {
            return {Advisor::tr("The value %1 is not a valid date or time. Fix the literal (ISO "
                                "format 'YYYY-MM-DD' with a real month and day), or convert text "
                                "with %2.")
                            .arg(code(value), spelling),
                    {}};
        }
        return {Advisor::tr("A value is not a valid date or time. Fix the literal (ISO format "
                            "'YYYY-MM-DD' with a real month and day), or convert text with %1.")
                        .arg(spelling),
                {}};
    }
    if (in.first({u"cast/number-out-of-range", u"cast/out-of-range-value",
                  u"cast/arithmetic-overflow"})) {
        return {Advisor::tr("A number is out of range for its type. Cast to a wider type before "
                            "the arithmetic, e.g. %1.")
                        .arg(alternatives(castSpellings(engine, CastTarget::Number))),
                {}};
    }
    if (const auto typePair = in.first({u"cast/cannot-cast-type"})) {
        return {Advisor::tr("%1 cannot convert %2 to %3 directly. Convert through a type both "
                            "sides understand (for example extract a number from a date with "
                            "EXTRACT, or cast through text), or compare values of the same type.")
                        .arg(dialect(engine), code(typePair->capture(Capture::Left)),
                             code(typePair->capture(Capture::Right).trimmed())),
                {}};
    }
    QString type;
    QString offending;
    if (const auto found =
                in.first({u"cast/invalid-input-syntax", u"cast/truncated-incorrect-value",
                          u"cast/incorrect-value", u"cast/bad-value", u"cast/cannot-parse-string",
                          u"cast/could-not-convert-string", u"cast/cannot-cast-value",
                          u"cast/conversion-failed", u"cast/numeric-value-not-recognized"})) {
        type = found->capture(Capture::Type).trimmed();
        offending = found->capture(Capture::Value);
        if (type.isEmpty())
            type = u"number"_s;
    } else if (const auto store = in.first({u"cast/cannot-store"})) {
        type = store->capture(Capture::Type);
    } else if (in.text.contains(u"invalid number", Qt::CaseInsensitive)) {
        type = u"number"_s;
    }
    const CastTarget target = type.isEmpty() ? CastTarget::Number : castTargetForType(type);
    const QString spelling = alternatives(castSpellings(engine, target));
    static const QRegularExpression numeric(uR"re(^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$)re"_s,
                                            QRegularExpression::CaseInsensitiveOption);
    if (!offending.isEmpty() && target == CastTarget::Number
        && !numeric.match(offending).hasMatch()) {
        return {Advisor::tr("The value %1 is not a number, so it cannot become %2. Compare it with "
                            "a text column instead, or filter out such values before converting "
                            "with %3.")
                        .arg(code(offending), type, spelling),
                {}};
    }
    if (!offending.isEmpty()) {
        // "2000.0" into an integer: the value is a decimal, so cast to a decimal type.
        if (EngineRegistry::forEngine(engine).castsDecimalTextStrictly()
            && target == CastTarget::Number) {
            return {Advisor::tr("The value %1 cannot be read as %2. In %3, convert text such as "
                                "%1 with %4, not with AS INT or AS DOUBLE; filter out values that "
                                "are not numbers.")
                            .arg(code(offending), type, dialect(engine), spelling),
                    {}};
        }
        return {Advisor::tr("The value %1 cannot be read as %2. In %3, convert it with %4, and "
                            "filter out values that do not convert.")
                        .arg(code(offending), type, dialect(engine), spelling),
                {}};
    }
    if (!type.isEmpty()) {
        return {Advisor::tr("A value cannot be read as %1. In %2, convert it explicitly with %3, "
                            "and filter out values that do not convert.")
                        .arg(type, dialect(engine), spelling),
                {}};
    }
    return {Advisor::tr("A value does not convert to the type the query needs. In %1, convert "
                        "explicitly with %2, and filter out values that do not convert.")
                    .arg(dialect(engine), spelling),
            {}};
}

Step operatorStep(const Input &in)
{
    if (std::optional<Step> step = subqueryColumnsStep(in))
        return *step;
    if (in.first({u"operator/collations"})) {
        return {Advisor::tr("The two sides use different collations. Convert one side, e.g. "
                            "%1, so both compare with the same collation.")
                        .arg(code(u"a = b COLLATE utf8mb4_unicode_ci"_s)),
                {}};
    }
    const QString cast = alternatives(castSpellings(in.engine, CastTarget::Text));
    if (const auto found = in.first({u"operator/does-not-exist", u"operator/cannot-apply",
                                     u"operator/illegal-parameter-data-types"})) {
        return {Advisor::tr("The operator %1 cannot compare or combine %2 with %3. Cast one side "
                            "so both have the same type (e.g. %4, or a number without quotes), "
                            "or compare with a column of the matching type.")
                        .arg(code(found->capture(Capture::Operator)),
                             code(found->capture(Capture::Left)),
                             code(found->capture(Capture::Right).trimmed()), cast),
                {}};
    }
    return {Advisor::tr("An operator or function gets values of types that do not fit together. "
                        "Cast one side so both have the same type, e.g. %1.")
                    .arg(cast),
            {}};
}

Step groupByStep(const Input &in)
{
    if (const auto window = in.first({u"group-by/misuse-of-window-function",
                                      u"group-by/window-function-in-context",
                                      u"group-by/window-functions-not-allowed-in"})) {
        const QString function = window->capture(Capture::Function);
        return {Advisor::tr("A window function (%1) is computed after WHERE, GROUP BY and HAVING, "
                            "so it cannot be used in them or inside an aggregate. Compute it in "
                            "a subquery and filter on its result outside: %2.")
                        .arg(code(function.isEmpty() ? u"RANK() OVER (...)"_s
                                                     : function + u"() OVER (...)"_s),
                             code(u"SELECT * FROM (SELECT ..., RANK() OVER (ORDER BY ...) AS r "
                                  "FROM ...) WHERE r <= 3"_s)),
                {}};
    }
    if (const auto misplaced = in.first(
                {u"group-by/aggregate-in-where", u"group-by/invalid-use-of-group-function"})) {
        if (const std::optional<Step> outer = outerAggregateStep(in))
            return *outer;
        // MySQL's "invalid use of group function" is also its word for MAX(COUNT(*)).
        if (misplaced->is(u"group-by/invalid-use-of-group-function")
            && aggregatePlaces(in.statement, in.engine).nested)
            return nestedAggregateStep();
        return {Advisor::tr("An aggregate (SUM, AVG, COUNT …) is used where rows are still being "
                            "filtered. Move that condition into HAVING after GROUP BY, or compute "
                            "the aggregate in a subquery and compare with its result."),
                {}};
    }
    if (in.first({u"group-by/having-without-aggregate"})) {
        return {Advisor::tr("HAVING needs a GROUP BY or an aggregate. Add the GROUP BY the "
                            "question needs, or put the condition in WHERE."),
                {}};
    }
    if (in.first({u"group-by/aggregate-in-group-by"})) {
        return {Advisor::tr("GROUP BY cannot contain an aggregate. Group by the plain columns or "
                            "expressions, and keep the aggregates in the SELECT list."),
                {}};
    }
    const auto found = in.first(
            {u"group-by/must-appear-in-group-by", u"group-by/nonaggregated-column",
             u"group-by/isnt-in-group-by", u"group-by/must-be-aggregate-quoted",
             u"group-by/must-be-aggregate", u"group-by/not-under-aggregate",
             u"group-by/invalid-in-select-list", u"group-by/neither-grouped-nor-aggregated",
             u"group-by/should-appear-in-group-by", u"group-by/not-part-of-group-by",
             u"group-by/not-being-grouped", u"group-by/outside-of-aggregation"});
    if (!found) {
        // The message names no column (SQLite's "misuse of aggregate"): the statement does.
        if (const std::optional<Step> outer = outerAggregateStep(in))
            return *outer;
        const AggregatePlaces places = aggregatePlaces(in.statement, in.engine);
        if (places.nested)
            return nestedAggregateStep();
        if (places.inWhere) {
            return {Advisor::tr("An aggregate is used in WHERE, where rows are still being "
                                "filtered. Put the condition in HAVING (after GROUP BY), not in "
                                "GROUP BY, or compare with the aggregate computed in a subquery "
                                "that has its own FROM."),
                    {}};
        }
        const QStringList ungrouped = in.statement.isEmpty()
                ? QStringList()
                : SelectList::ungroupedColumns(in.statement, in.engine);
        if (!ungrouped.isEmpty() && !places.orderedWithoutGroups.isEmpty())
            return orderedWithoutGroupsStep(places.orderedWithoutGroups, ungrouped);
        if (!ungrouped.isEmpty()) {
            QStringList quoted;
            for (const QString &column : ungrouped)
                quoted.append(code(column));
            return {Advisor::tr("The selected columns %1 are neither grouped nor aggregated. Add "
                                "them to GROUP BY, or wrap each in an aggregate such as %2.")
                            .arg(quoted.join(u", "_s),
                                 code(u"MAX("_s + ungrouped.constFirst() + u')')),
                    ungrouped};
        }
        return {Advisor::tr("A selected column is neither grouped nor aggregated. Add every "
                            "selected plain column to GROUP BY, or wrap it in an aggregate such "
                            "as MAX or COUNT."),
                {}};
    }
    QString column = unquoted(found->capture(Capture::Name));
    // db.table.column -> table.column: the database prefix is noise in a GROUP BY.
    QStringList parts = column.split(u'.');
    while (parts.size() > 2)
        parts.removeFirst();
    column = parts.join(u'.');
    const QString ordered = aggregatePlaces(in.statement, in.engine).orderedWithoutGroups;
    if (!ordered.isEmpty()) {
        QStringList ungrouped = SelectList::ungroupedColumns(in.statement, in.engine);
        if (ungrouped.isEmpty())
            ungrouped = {column};
        return orderedWithoutGroupsStep(ordered, ungrouped);
    }
    return {Advisor::tr("The column %1 is neither grouped nor aggregated. Add %1 to GROUP BY, or "
                        "wrap it in an aggregate such as %2.")
                    .arg(code(column), code(u"MAX("_s + column + u')')),
            {column}};
}

Step ambiguousStep(const Input &in)
{
    if (const auto duplicate = in.first({u"ambiguous/duplicate-column-name"})) {
        return {Advisor::tr("The result has two columns named %1. Give one of them its own name "
                            "with AS, or select it only once.")
                        .arg(code(duplicate->capture(Capture::Name))),
                {}};
    }
    if (const auto alias = in.first({u"ambiguous/not-unique-alias"})) {
        return {Advisor::tr("The alias %1 is given to two tables. Give every table in FROM and "
                            "JOIN its own alias.")
                        .arg(code(alias->capture(Capture::Name))),
                {}};
    }
    const auto found =
            in.first({u"ambiguous/column-reference", u"ambiguous/order-group-by",
                      u"ambiguous/common-column-name", u"ambiguous/column-in-clause",
                      u"ambiguous/sqlite-ambiguous-column-name", u"ambiguous/column-is-ambiguous",
                      u"ambiguous/column-name-is-ambiguous", u"ambiguous/column-name-unquoted"});
    if (!found) {
        return {Advisor::tr("A column name exists in more than one table of the query. Qualify "
                            "every such column with its table alias (for example o.id)."),
                {}};
    }
    const QString column = baseName(unquoted(found->capture(Capture::Name)));
    // players.first_name where FROM reads players twice under that one name: the qualifier is
    // what is ambiguous, and no other qualifier of the statement tells the two apart.
    if (const QString qualifier = qualifierOf(unquoted(found->capture(Capture::Name)));
        !qualifier.isEmpty() && !in.statement.isEmpty()) {
        const QueryScope &scope = in.scope();
        const auto times =
                std::count_if(scope.sources.cbegin(), scope.sources.cend(),
                              [&](const QueryScope::Source &source) {
                                  return source.alias.compare(qualifier, Qt::CaseInsensitive) == 0;
                              });
        if (times >= 2) {
            return {Advisor::tr("The query reads %1 %n times under that one name, so %2 could "
                                "come from any of them. If the question needs the table once, "
                                "read it once; otherwise give each its own alias (%3) and "
                                "qualify the column with the one it should come from.",
                                nullptr, int(times))
                            .arg(code(qualifier), code(qualifier + u'.' + column),
                                 code(qualifier + u" AS a JOIN "_s + qualifier + u" AS b"_s)),
                    {}};
        }
    }
    // The tables of the statement that have it, under the aliases the statement gave them.
    if (in.schema && !in.statement.isEmpty()) {
        const QueryScope &scope = in.scope();
        QStringList spellings;
        QStringList labels;
        QStringList byTable; // the same spellings with the tables' own names
        QString real = column;
        for (const QueryScope::Source &source : scope.sources) {
            const SchemaNames::Table *table =
                    source.derived ? nullptr : in.schema->findTable(source.table);
            if (!table || !table->hasColumn(column))
                continue;
            real = table->realColumn(column);
            const QString spelling = source.alias + u'.' + real;
            if (!spellings.contains(spelling, Qt::CaseInsensitive)) {
                spellings.append(spelling);
                labels.append(sourceLabel(source));
                // Under the table's own name too, unless the statement already uses it.
                const QString own = table->name + u'.' + real;
                if (!byTable.contains(own, Qt::CaseInsensitive)
                    && source.alias.compare(table->name, Qt::CaseInsensitive) != 0)
                    byTable.append(own);
            }
        }
        if (spellings.size() >= 2) {
            // Tables joined on this very column give the same value either way.
            QString joined;
            for (const QueryScope::Equality &equality : scope.equalities) {
                if (equality.leftColumn.compare(column, Qt::CaseInsensitive) == 0
                    && equality.rightColumn.compare(column, Qt::CaseInsensitive) == 0) {
                    joined = u' '
                            + Advisor::tr("The join condition %1 makes them equal, so either "
                                          "qualifier gives the same value.")
                                      .arg(code(equality.leftQualifier + u'.' + equality.leftColumn
                                                + u" = "_s + equality.rightQualifier + u'.'
                                                + equality.rightColumn));
                    break;
                }
            }
            QStringList quoted;
            for (const QString &spelling : spellings)
                quoted.append(code(spelling));
            return {Advisor::tr("The column %1 is in %2. Qualify it with the table it should come "
                                "from: %3.")
                                    .arg(code(real), labels.join(u", "),
                                         quoted.join(Advisor::tr(" or ")))
                            + joined,
                    spellings + byTable};
        }
    }
    const QStringList tables = in.schema ? in.schema->tablesWithColumn(column) : QStringList();
    if (tables.size() >= 2) {
        QStringList qualified;
        for (const QString &table : tables)
            qualified.append(baseName(table) + u'.' + column);
        return {Advisor::tr("The column %1 exists in %2. Qualify it with the alias of the table "
                            "it should come from (for example %3).")
                        .arg(code(column), joinedNames(tables), code(qualified.constFirst())),
                qualified};
    }
    return {Advisor::tr("The column %1 exists in more than one table of the query. Qualify it "
                        "with the alias of the table it should come from (for example %2).")
                    .arg(code(column), code(u"o."_s + column)),
            {}};
}

// PostgreSQL's SELECT DISTINCT ON (...) on an engine without it, whichever error the engine gave
// (a syntax error, or ClickHouse's unknown function ON).
Step distinctOnStep(const Input &in)
{
    const SqlEngine &spoken = EngineRegistry::forEngine(in.engine);
    if (spoken.hasDistinctOn() || !hasDistinctOn(in.scope().tokens))
        return {};
    return {Advisor::tr("%1 has no SELECT DISTINCT ON (...), which is PostgreSQL's. To keep the "
                        "first row of each group, write %2; for one value per group, GROUP BY "
                        "with an aggregate such as MAX.")
                    .arg(dialect(in.engine), code(spoken.firstRowPerGroup())),
            {}};
}

Step syntaxStep(const Input &in)
{
    const Engine engine = in.engine;
    if (const Step backslash = backslashQuoteStep(in); !backslash.text.isEmpty())
        return backslash;
    if (in.rule == u"guard:not_sql") {
        if (const Step unclosed = unclosedQuoteStep(in); !unclosed.text.isEmpty())
            return unclosed;
        if (const Step unbalanced = unbalancedStep(in); !unbalanced.text.isEmpty())
            return unbalanced;
        return {Advisor::tr("The answer is not one SQL statement. Answer with exactly one SELECT "
                            "(or WITH) statement, without prose, markers or a second statement."),
                {}};
    }
    if (std::optional<Step> step = subqueryColumnsStep(in))
        return *step;
    if (const auto found = in.first({u"syntax/clause-before-compound"})) {
        return {Advisor::tr("In a statement joined by %1, %2 applies to the whole result and "
                            "comes after the last SELECT. To order or cut one SELECT on its own, "
                            "make it a subquery: %3.")
                        .arg(code(found->capture(Capture::Operator)),
                             code(found->capture(Capture::Token)),
                             code(u"SELECT * FROM (SELECT ... ORDER BY ... LIMIT 1) UNION "
                                  "SELECT * FROM (SELECT ... ORDER BY ... LIMIT 1)"_s)),
                {}};
    }
    if (in.first({u"syntax/limit-comma"})) {
        return {Advisor::tr("%1 has no %2 (MySQL's way to skip rows). Write %3: %4 is %5.")
                        .arg(dialect(in.engine), code(u"LIMIT offset, count"_s),
                             code(u"LIMIT count OFFSET offset"_s), code(u"LIMIT 10, 5"_s),
                             code(u"LIMIT 5 OFFSET 10"_s)),
                {}};
    }
    if (const auto found = in.first({u"syntax/union-columns", u"syntax/different-number-of-columns",
                                     u"syntax/result-columns"})) {
        const QString joinedBy = found->capture(Capture::Operator).toUpper();
        return {Advisor::tr("The SELECTs joined by %1 return different numbers of columns. "
                            "Give every SELECT the same columns in the same order.")
                        .arg(joinedBy.isEmpty() ? u"UNION"_s : joinedBy),
                {}};
    }
    if (in.first({u"syntax/unterminated-quoted", u"syntax/unrecognized-quote-token",
                  u"syntax/unterminated-string"})) {
        return {Advisor::tr("A quoted string is not closed. Close it with a single quote, and "
                            "double any single quote inside the text ('it''s')."),
                {}};
    }
    if (in.first({u"syntax/end-of-input", u"syntax/incomplete-input", u"syntax/unexpected-end",
                  u"syntax/near-nothing"})) {
        return {Advisor::tr("The statement ends too early. Complete it: a WITH clause needs its "
                            "main SELECT, and every parenthesis must be closed."),
                {}};
    }
    const SqlEngine &spoken = EngineRegistry::forEngine(engine);
    const bool foreignCast = !spoken.hasDoubleColonCast()
            && (in.text.contains(u"::") || (in.statement.contains(u"::")));
    if (foreignCast || in.first({u"syntax/unrecognized-colon-token"})) {
        return {Advisor::tr("%1 has no :: cast. Write %2 instead.")
                        .arg(dialect(engine), code(u"CAST(col AS type)"_s)),
                {}};
    }
    const bool topInText =
            in.has(u"syntax/select-top") && in.text.contains(u"TOP", Qt::CaseInsensitive);
    static const QRegularExpression topInStatement(uR"re(\bSELECT\s+(?:DISTINCT\s+)?TOP\s+\d+)re"_s,
                                                   QRegularExpression::CaseInsensitiveOption);
    if (!spoken.hasSelectTop() && (topInText || topInStatement.match(in.statement).hasMatch())) {
        return {Advisor::tr("%1 has no SELECT TOP n. Put %2 at the end of the query instead.")
                        .arg(dialect(engine), code(u"LIMIT n"_s)),
                {}};
    }
    // The parser may stop after the backquoted name (near "FROM"): the statement shows it too.
    const auto backquoted = [&] {
        if (in.text.contains(u'`'))
            return true;
        const QList<SqlToken> &tokens = in.scope().tokens;
        return std::any_of(tokens.cbegin(), tokens.cend(), [&](const SqlToken &t) {
            return t.kind != SqlTokenKind::String && t.text(in.statement).contains(u'`');
        });
    };
    if (spoken.refusesBackquotes() && backquoted()) {
        return {Advisor::tr("%1 quotes names with double quotes, not backticks. Write %2, or "
                            "leave the name unquoted.")
                        .arg(dialect(engine), code(u"\"name\""_s)),
                {}};
    }
    const auto found =
            in.first({u"syntax/at-or-near", u"syntax/near", u"syntax/right-syntax-near-line",
                      u"syntax/right-syntax-near", u"syntax/unrecognized-token",
                      u"syntax/failed-at-position-quoted", u"syntax/failed-at-position",
                      u"syntax/mismatched-input", u"syntax/incorrect-syntax-near",
                      u"syntax/unexpected-keyword", u"syntax/syntax-error-unexpected"});
    const QString token = captured(found, Capture::Token).trimmed();
    const QString firstWord = token.section(u' ', 0, 0);
    if (const Step distinctOn = distinctOnStep(in); !distinctOn.text.isEmpty())
        return distinctOn;
    if (firstWord.compare(u"ILIKE", Qt::CaseInsensitive) == 0 && !spoken.hasIlike()) {
        const QString note = spoken.ilikeNote();
        return {Advisor::tr("%1 has no ILIKE. Write %2 instead.")
                                .arg(dialect(engine), code(spoken.ilikeReplacement()))
                        + (note.isEmpty() ? QString() : u' ' + note),
                {}};
    }
    const Step fromStatement = syntaxFromStatement(in, firstWord);
    if (!fromStatement.text.isEmpty())
        return fromStatement;
    const QueryScope &scope = in.scope();
    const Step placement = placementStep(in, scope, firstWord, token);
    if (!placement.text.isEmpty())
        return placement;
    if (!found || token.isEmpty()) {
        return {Advisor::tr("Check the statement's syntax against the %1 dialect: keywords, "
                            "commas, parentheses and quotes.")
                        .arg(dialect(engine)),
                {}};
    }
    // A reserved word is worth quoting where it stands as a name (after FROM, in a select list,
    // before a dot), or where the statement is not known.
    bool asName = scope.tokens.isEmpty();
    for (qsizetype i = 0; i < scope.tokens.size() && !asName; ++i) {
        if (scope.tokens.at(i).kind == SqlTokenKind::Word
            && scope.tokens.at(i).name.compare(firstWord, Qt::CaseInsensitive) == 0)
            asName = standsAsName(scope.tokens, i);
    }
    if (QueryScope::isReservedWord(firstWord) && asName) {
        const QStringList tables = in.schema
                ? NameSuggester::closest(firstWord, in.schema->tableNames(), MaxSuggestions)
                : QStringList();
        if (!tables.isEmpty()) {
            return {Advisor::tr("%1 is a reserved word. If it is meant as a name, use the real "
                                "table name (%2) or quote it as %3.")
                            .arg(code(firstWord), joinedNames(tables),
                                 code(quotedIdentifier(engine, firstWord))),
                    tables};
        }
        return {Advisor::tr("%1 is a reserved word. If it is meant as a name, quote it as %2 or "
                            "use the real table or column name.")
                        .arg(code(firstWord), code(quotedIdentifier(engine, firstWord))),
                {}};
    }
    return {Advisor::tr("Check the SQL near %1: a keyword, comma or parenthesis is missing or out "
                        "of place there, or %2 spells this construct differently.")
                    .arg(code(token.left(60)), dialect(engine)),
            {}};
}

} // namespace sqlmend::core::advisorsteps
