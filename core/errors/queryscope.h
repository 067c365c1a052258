#pragma once

#include "core/engines/engine.h"
#include "core/errors/schemanames.h"
#include "core/sql/sqltokenizer.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

// What a statement reads and how it names it, read with the tokenizer (no parser): the tables
// of each query block with their aliases, the join conditions, and the column references. Enough
// for advice that says where a name lives and for repairs that must know what is in scope; when
// the text cannot be read this way the lists are simply incomplete, never wrong about what they
// hold.
struct QueryScope
{
    // One FROM or JOIN item.
    struct Source
    {
        QString table;         // as written, without quotes (the last part of schema.table)
        QString alias;         // the alias, or the table itself when there is none
        int block = 0;         // the SELECT it belongs to
        bool derived = false;  // a subquery or a CTE: its columns are not known here
        bool nullable = false; // the NULL side of an outer join
        qsizetype token = -1;  // index of the table name (or of the subquery's alias) in tokens
    };
    // qualifier.column = qualifier.column, as a conjunct of an ON or WHERE clause.
    struct Equality
    {
        QString leftQualifier;
        QString leftColumn;
        QString rightQualifier;
        QString rightColumn;
        int block = 0;
        qsizetype leftToken = -1; // the column tokens
        qsizetype rightToken = -1;
    };
    // A name used where a column can be: qualifier.column or a bare column.
    struct Reference
    {
        QString qualifier; // empty when bare
        QString column;
        qsizetype token = -1; // index of the column token
        int block = 0;
    };

    // An aggregate written inside a subquery whose columns all belong to one source of a block
    // around it (max(T2.Height) in (SELECT max(T2.Height) FROM people), where T2 is the outer
    // query's people; MIN(uid) in (SELECT MIN(uid) FROM flights), where flights has no uid): SQL
    // takes it as an aggregate of that outer block's rows, which its WHERE cannot hold.
    struct OuterAggregate
    {
        qsizetype call = -1;   // the aggregate's name
        qsizetype close = -1;  // its closing parenthesis
        int block = 0;         // the subquery it is written in
        int outerSource = -1;  // index in sources: the outer source its columns read
        QList<int> references; // indexes in references: its columns
    };

    QList<SqlToken> tokens; // without the comments
    bool hasComments = false;
    QList<int> blockOf;  // per token: the SELECT it belongs to (-1 before any)
    QList<int> depthOf;  // per token: parenthesis depth
    QList<int> parentOf; // per block: the block around it, or -1
    QList<Source> sources;
    QList<Equality> equalities;
    QList<Reference> references;
    QStringList outputAliases; // names given with AS in select lists
    QStringList cteNames;

    // The standard's row limit at the statement's outer level: [OFFSET m ROW[S]] FETCH FIRST|NEXT
    // [n] ROW[S] ONLY (token indexes; the numbers as written, n 1 where it is left out).
    struct FetchClause
    {
        qsizetype start = -1;  // OFFSET where one stands right before FETCH, else FETCH
        qsizetype fetch = -1;  // FETCH
        qsizetype offset = -1; // m, the OFFSET's number; -1 without one
        qsizetype rows = -1;   // n; -1 where it is left out (one row)
        qsizetype only = -1;   // ONLY; -1 where the clause goes on otherwise (WITH TIES, PERCENT)
    };

    static QueryScope read(QStringView sql, Engine engine);
    // The token at i ends a FROM clause (and a GROUP BY list) at its own depth: WHERE, GROUP,
    // HAVING, ORDER, LIMIT, OFFSET, FETCH, WINDOW, QUALIFY, a set operator (isSetOperatorAt), or
    // a ';'.
    static bool endsFromClause(const QList<SqlToken> &tokens, qsizetype i);
    // A clause's place in a query block (FROM 1, a join 2, WHERE 3, GROUP BY 4, HAVING 5, ORDER BY
    // 6, LIMIT 7), or 0 for a token that starts none. Each word of LEFT OUTER JOIN that can start
    // a join counts (LEFT and JOIN); IS DISTINCT FROM's FROM does not.
    static int clauseRank(const QList<SqlToken> &tokens, qsizetype i);
    // The clause of a rank, as SQL writes it ("GROUP BY"), or "" for 0.
    static QString clauseName(int rank);
    // A word SQL gives a meaning of its own, never a name a model meant: a reserved word (ORDER,
    // USER, KEY, RANK, ...), a keyword (isSqlKeyword), NATURAL or SOME (any letter case).
    static bool isKeyword(QStringView word);
    static bool isReservedWord(QStringView word);

    // Prose starts at token i: a capitalised word that is no keyword (SQL aside) and no name
    // (names have underscores or digits, or follow a dot), then a colon or another word of prose
    // in lower case (or SQL) that ends no alias (a clause word, ON, AS, USING): "This SQL query
    // ...", "Note: ...", "Write Sql for ...". Never after what asks for more (a comma, an
    // operator, FROM, JOIN, WHERE, AND, ...): "FROM Professionals p" names a table. sql: the text
    // the tokens were read from.
    static bool startsProse(const QList<SqlToken> &tokens, qsizetype i, QStringView sql);

    // An alias of several words in a select list, "AS number of singers", where token i is its
    // second word (where an engine stops). Its words are plain names that are no keyword (or a
    // '-' between two: un-treated), from the AS to the next comma, keyword or parenthesis, with no
    // clause of its block before it.
    struct SpacedAlias
    {
        qsizetype first = -1; // its first word; -1: token i is no second word of such an alias
        qsizetype last = -1;  // its last word
        // A comma or its block's FROM follows it: the alias ends the item. Else the words may
        // run into a clause whose keyword is misspelt (AS n FORM singer).
        bool endsItem = false;
        // With a schema: a word after its first that names a column of a table of the query,
        // where a comma may be what is missing (AS n Citizenship), or -1.
        qsizetype itemWord = -1;
        // With a schema: the columns of every table of the query are known.
        bool columnsKnown = false;
    };
    // sql: the text the tokens were read from; schema: the catalog, or null.
    SpacedAlias spacedAlias(QStringView sql, qsizetype i, const SchemaNames *schema) const;

    // A qualifier and its column written without the dot between them (WHERE Cartoon Directed_by,
    // T1"Name"), where token i is the column: token i - 1 is a plain word, no keyword and not
    // after AS (an alias of several words) or a dot, that names a table or alias of i's block
    // whose table, in the schema, has token i (a name; a plain word no keyword) as a column. That
    // source, or null.
    const Source *undottedQualifier(qsizetype i, const SchemaNames *schema) const;

    // The source an alias or table name stands for (case-insensitive), preferring the block given.
    const Source *find(QStringView aliasOrTable, int block = -1) const;
    // The source a reference reads: its qualifier's, or the one source of its own block (null
    // where a bare name's block reads none or several).
    const Source *sourceOf(const Reference &reference) const;
    // The real tables the statement reads (no subqueries), each once, in order.
    QStringList tables() const;
    // The sources visible in a block: its own and those of the blocks around it.
    QList<const Source *> visible(int block) const;
    // The innermost block that encloses a token.
    int blockAt(qsizetype token) const;
    // Whether the block itself calls an aggregate (COUNT, SUM, ...), not one of its subqueries.
    bool aggregates(int block) const;
    bool isOutputAlias(QStringView name) const;
    // Where SQL reads a bare column of a subquery from when its own block cannot give it: the
    // schema shows that no table of the reference's block has the column (every source of that
    // block is a table the schema knows; a block that reads none qualifies), and the nearest
    // block around it that has a table with the column has exactly one. Null for a qualified
    // reference, one outside any subquery, one its own block may give, and one no outer table
    // or several of the nearest block have (which the engine calls ambiguous).
    const Source *outerSourceOf(const Reference &reference, const SchemaNames &schema) const;
    // The aggregates of subqueries that read only a source of an outer block. A bare column counts
    // as outer where outerSourceOf names its source.
    QList<OuterAggregate> outerAggregates(const SchemaNames *schema) const;
    // MIN or MAX written where an ORDER BY term's direction stands (ORDER BY COUNT(*) MIN LIMIT 1):
    // the word's token, right after a term of its block's ORDER BY and before its end, a comma,
    // LIMIT, OFFSET, NULLS or a closing parenthesis; never a call (MIN(x)) or a name after AS.
    QList<qsizetype> orderDirectionWords() const;
    // Each FETCH FIRST or FETCH NEXT at the statement's outer level, in order.
    QList<FetchClause> fetchClauses() const;
    // The columns a WITH query returns: its column list (name (a, b) AS ...), or its SELECT
    // list's names (an alias, else a column's own name). Empty when one of them has no name the
    // text gives (an expression without AS, a *), or the query is not found.
    QStringList cteColumns(QStringView name) const;
};

} // namespace sqlmend::core
