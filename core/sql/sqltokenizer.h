#pragma once

#include "core/engines/engine.h"

#include <QList>
#include <QString>
#include <QStringView>

namespace sqlmend::core {

enum class SqlTokenKind {
    Word,             // a keyword or an unquoted identifier
    QuotedIdentifier, // "x", `x`, [x], U&"x"
    String, // '...', E'...', N'...', X'...', B'...', U&'...', $tag$...$tag$; "..." in MySQL
    Number,
    Parameter, // $1, ?, ?1, :name, @name, @@name, $name (SQLite)
    Operator,  // anything else that is not white space, including characters SQL does not use
    OpenParen,
    CloseParen,
    Comma,
    Dot,
    Semicolon,
    LineComment,       // -- ..., # ... (MySQL)
    BlockComment,      // /* ... */
    ExecutableComment, // MySQL /*! ... */ and MariaDB /*M! ... */: the server runs the body as SQL
    Error, // see SqlToken::error; the token runs to the end of the input when unterminated
};

enum class SqlTokenError {
    None,
    UnterminatedString,
    UnterminatedIdentifier,
    UnterminatedComment,
    UnterminatedDollarQuote,
    NulCharacter,
};

// One token, as a range of the source text. White space produces no token.
struct SqlToken
{
    SqlTokenKind kind = SqlTokenKind::Error;
    SqlTokenError error = SqlTokenError::None;
    qsizetype offset = 0;
    qsizetype length = 0;
    // Word: the text as written (compare case-insensitively; PostgreSQL folds it to lower case);
    // QuotedIdentifier: the name without quotes, doubled quote characters folded. Else empty.
    QString name;

    qsizetype end() const { return offset + length; }
    QStringView text(QStringView source) const { return source.sliced(offset, length); }
    bool isComment() const;
    bool isIdentifier() const;
    // True for a Word spelling keyword in any letter case.
    bool isWord(QStringView keyword) const;
    // A Word that isSqlKeyword().
    bool isSqlKeyword() const;
};

// A word SQL gives a meaning of its own where it follows a complete expression: a clause, a join,
// a set operator, an operator written as a word (IN, LIKE, BETWEEN), ASC, NULL, CASE, OVER ...
// (any letter case). Prose after a statement is made of other words.
bool isSqlKeyword(QStringView word);

// An operator that compares two values: =, ==, <>, !=, <, >, <=, >=.
bool isComparisonOperator(QStringView op);

// The name of an aggregate function of one of the engines (COUNT, SUM, AVG, MIN, MAX, TOTAL,
// GROUP_CONCAT, STRING_AGG, ARRAY_AGG, JSON_AGG, STDDEV, VARIANCE, MEDIAN, LISTAGG, ...), in any
// letter case.
bool isAggregateName(QStringView word);

// The token at i names an aggregate function (isAggregateName) and a parenthesis follows it.
bool isAggregateCall(const QList<SqlToken> &tokens, qsizetype i);

// The index of the ')' that closes the '(' at open, looking no further than end (the tokens'
// size where it is -1); -1 where none does.
qsizetype closingParen(const QList<SqlToken> &tokens, qsizetype open, qsizetype end = -1);

// The index of the '(' whose parentheses hold the token at i (the nearest one left open before
// it), looking back no further than begin; -1 where none does.
qsizetype openingParen(const QList<SqlToken> &tokens, qsizetype i, qsizetype begin = 0);

// The token at i joins two queries: UNION, INTERSECT or EXCEPT (any letter case), or Oracle's
// MINUS where a query follows it (SELECT, WITH, VALUES, '(') or ALL | DISTINCT does. MINUS is no
// reserved word elsewhere, so "FROM orders minus" names the table orders minus.
bool isSetOperatorAt(const QList<SqlToken> &tokens, qsizetype i);

// The lexical rules of one dialect; forEngine() gives each engine's defaults.
struct SqlLexicalRules
{
    bool backslashEscapes = false;    // '\'' ends no string (MySQL default, ClickHouse, BigQuery)
    bool doubleQuotedStrings = false; // "..." is a string (MySQL without ANSI_QUOTES)
    bool backslashInIdentifiers = false; // "a\"b" and `a\`b` are one name (ClickHouse)
    bool backtickIdentifiers = false;
    bool bracketIdentifiers = false;
    bool hashComments = false;
    bool dashCommentNeedsSpace = false; // MySQL: "--" starts a comment only before white space
    bool nestedComments = false;
    bool dollarQuotes = false;
    bool escapeStrings = false;            // PostgreSQL E'...'
    bool executableComments = false;       // MySQL /*! ... */
    bool numberedDollarParameters = false; // PostgreSQL $1; else $name is a parameter (SQLite)
    bool colonParameters = true;           // :name; PostgreSQL has none (":" slices arrays)
    bool questionMarkParameters = true;    // PostgreSQL uses ? in jsonb operators

    static SqlLexicalRules forEngine(Engine engine);
};

// Token indexes [first, last) of one statement: comments at either end and the ';' excluded.
struct SqlStatementRange
{
    qsizetype first = 0;
    qsizetype last = 0;
};

// A lexer that never fails: bad input becomes Error tokens, and every call ends in time linear
// in the input. Use it to find statement boundaries or to replace one token without regexes.
class SqlTokenizer
{
public:
    explicit SqlTokenizer(Engine engine);
    explicit SqlTokenizer(const SqlLexicalRules &rules);

    const SqlLexicalRules &rules() const { return m_rules; }
    QList<SqlToken> tokenize(QStringView sql) const;

    // The statements that hold at least one token other than a comment, split at ';'.
    static QList<SqlStatementRange> statements(const QList<SqlToken> &tokens);

private:
    SqlLexicalRules m_rules;
};

// MySQL's \' inside a word of a string ('O\'Brien', 'it\'s'), in a statement for an engine whose
// strings take no backslash escapes, where such a string ends at the backslash's quote.
struct BackslashQuotes
{
    QString sql;     // the statement with each of them written twice ('O''Brien'); empty: none
    QString written; // the first such string as the statement has it: 'O\'Brien'
    QString doubled; // and as the engine reads it: 'O''Brien'
};
// Empty where the engine takes backslash escapes, where no string has one, where another
// backslash in a string would read differently (\n, \\, \%) or stands outside a word ('C:\'),
// or where either reading leaves a token unfinished.
BackslashQuotes backslashQuotesDoubled(QStringView sql, Engine engine);

} // namespace sqlmend::core
