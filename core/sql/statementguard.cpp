#include "core/sql/statementguard.h"

#include "core/engines/engineregistry.h"
#include "core/sql/functiondenylist.h"
#include "core/sql/pgparser.h"
#include "core/sql/sqltokenizer.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

#include <optional>
#include <variant>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using Refusal = std::optional<GuardVerdict>;

// Nesting of WITH and EXPLAIN that the token check follows before it gives up.
constexpr int maximumDepth = 64;

GuardVerdict allow(const QString &kind)
{
    GuardVerdict verdict;
    verdict.allowed = true;
    verdict.kind = kind;
    return verdict;
}

GuardVerdict refuse(const QString &reason, qsizetype offset, const QString &kind = {})
{
    GuardVerdict verdict;
    verdict.kind = kind;
    verdict.reason = reason;
    verdict.offset = offset;
    return verdict;
}

GuardVerdict refuseMalformed(const QString &reason, qsizetype offset, const QString &kind = {})
{
    GuardVerdict verdict = refuse(reason, offset, kind);
    verdict.malformed = true;
    return verdict;
}

QString upper(const SqlToken &token)
{
    return token.name.toUpper();
}

bool contains(std::initializer_list<QStringView> words, QStringView word)
{
    for (QStringView candidate : words) {
        if (candidate.compare(word, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

QString unterminatedReason(SqlTokenError error)
{
    switch (error) {
    case SqlTokenError::UnterminatedString:
        return StatementGuard::tr("The query has a string that is never closed.");
    case SqlTokenError::UnterminatedIdentifier:
        return StatementGuard::tr("The query has a quoted name that is never closed.");
    case SqlTokenError::UnterminatedComment:
        return StatementGuard::tr("The query has a comment that is never closed.");
    case SqlTokenError::UnterminatedDollarQuote:
        return StatementGuard::tr("The query has a dollar-quoted string that is never closed.");
    case SqlTokenError::NulCharacter:
    case SqlTokenError::None:
        break;
    }
    return StatementGuard::tr("The query contains a NUL character, which would cut it short on "
                              "the way to the server.");
}

QString notReadOnlyReason(const QString &keyword)
{
    return StatementGuard::tr("%1 is not a read-only statement; only SELECT, WITH, VALUES, TABLE, "
                              "EXPLAIN, SHOW, DESCRIBE and read-only PRAGMA queries may run.")
            .arg(keyword);
}

QString writeInsideReason(const QString &keyword)
{
    return StatementGuard::tr("The query contains %1, which changes data; only read-only queries "
                              "may run.")
            .arg(keyword);
}

QString intoReason()
{
    return StatementGuard::tr("SELECT ... INTO writes the result into a table, a file or a "
                              "variable; remove the INTO clause.");
}

QString lockReason(const QString &clause)
{
    return StatementGuard::tr("%1 locks rows; remove the locking clause.").arg(clause);
}

// A refusal that names the function and what it does, or nothing when the list lets it run.
Refusal refuseFunction(const QString &function, Engine engine, qsizetype offset)
{
    const FunctionDenylist &list = FunctionDenylist::instance();
    if (!list.refuses(function, engine))
        return {};
    return refuse(FunctionDenylist::refusalReason(
                          function, list.effect(function, engine).value_or(FunctionEffect::Runs)),
                  offset);
}

QString explainReason(const QString &keyword)
{
    return StatementGuard::tr("EXPLAIN may only explain a read-only query, not %1.").arg(keyword);
}

// The single statement of the input, as tokens without comments, or why there is none.
struct Statement
{
    QList<SqlToken> tokens;
};

// Several statements: each one's text range, so that each can be judged on its own.
struct Several
{
    QList<std::pair<qsizetype, qsizetype>> pieces; // offset, length
};

std::variant<Statement, GuardVerdict, Several> singleStatement(QStringView sql,
                                                               const SqlLexicalRules &rules)
{
    const QList<SqlToken> tokens = SqlTokenizer(rules).tokenize(sql);
    for (const SqlToken &token : tokens) {
        if (token.kind == SqlTokenKind::Error)
            return refuseMalformed(unterminatedReason(token.error), token.offset);
        if (token.kind == SqlTokenKind::ExecutableComment) {
            return refuse(StatementGuard::tr("The query contains a MySQL executable comment "
                                             "(/*! ... */), whose content the server runs as "
                                             "SQL."),
                          token.offset);
        }
    }
    const QList<SqlStatementRange> ranges = SqlTokenizer::statements(tokens);
    if (ranges.isEmpty())
        return refuse(StatementGuard::tr("The query is empty: there is no statement to run."), 0);
    if (ranges.size() > 1) {
        Several several;
        for (const SqlStatementRange &range : ranges) {
            const qsizetype start = tokens.at(range.first).offset;
            several.pieces.append({start, tokens.at(range.last - 1).end() - start});
        }
        return several;
    }
    Statement statement;
    for (qsizetype i = ranges.first().first; i < ranges.first().last; ++i) {
        if (!tokens.at(i).isComment())
            statement.tokens.append(tokens.at(i));
    }
    return statement;
}

// Several statements are refused. When one of them would write, that is the reason; when all
// of them only read, the refusal asks for one at a time and is no write attempt.
GuardVerdict judgeSeveral(QStringView sql, Engine engine, const Several &several)
{
    for (const auto &[offset, length] : several.pieces) {
        GuardVerdict piece = StatementGuard::check(sql.sliced(offset, length), engine);
        if (!piece.allowed && !piece.multiple) {
            piece.offset = piece.offset < 0 ? offset : offset + piece.offset;
            return piece;
        }
    }
    // A plain variable as the count: lupdate cannot read a cast expression in that place.
    const int count = several.pieces.size() > 1000000 ? 1000000 : int(several.pieces.size());
    GuardVerdict verdict = refuse(StatementGuard::tr("Only one statement may run at a time, but "
                                                     "the query holds %n statements; send them "
                                                     "one by one.",
                                                     nullptr, count),
                                  several.pieces.at(1).first);
    verdict.multiple = true;
    return verdict;
}

// The token check of one statement, for engines without a real parser here.
class TokenCheck
{
public:
    TokenCheck(QStringView sql, Engine engine, const QList<SqlToken> &tokens)
        : m_sql(sql), m_engine(engine), m_tokens(tokens)
    {
    }

    GuardVerdict run()
    {
        QString kind;
        Refusal refusal = checkBalance();
        if (!refusal)
            refusal = checkStatement(0, m_tokens.size(), 0, &kind);
        // SHOW CREATE TABLE and SHOW GRANTS name write keywords but cannot run them.
        if (!refusal)
            refusal = scanForWrites(kind != u"show");
        if (!refusal)
            return allow(kind);
        if (refusal->kind.isEmpty() && m_tokens.first().kind == SqlTokenKind::Word)
            refusal->kind = m_tokens.first().name.toLower();
        return *refusal;
    }

private:
    // Unbalanced parentheses mean the tokens are not what the server will see.
    Refusal checkBalance() const
    {
        qsizetype depth = 0;
        for (const SqlToken &token : m_tokens) {
            if (token.kind == SqlTokenKind::OpenParen)
                ++depth;
            else if (token.kind == SqlTokenKind::CloseParen && --depth < 0)
                break;
        }
        if (depth == 0)
            return {};
        return refuse(StatementGuard::tr("The query has unbalanced parentheses."),
                      m_tokens.first().offset);
    }

    bool isKind(qsizetype i, SqlTokenKind kind) const
    {
        return i < m_tokens.size() && m_tokens.at(i).kind == kind;
    }

    bool isWord(qsizetype i, QStringView word) const
    {
        return i < m_tokens.size() && m_tokens.at(i).isWord(word);
    }

    bool isWordIn(qsizetype i, std::initializer_list<QStringView> words) const
    {
        return i < m_tokens.size() && m_tokens.at(i).kind == SqlTokenKind::Word
                && contains(words, m_tokens.at(i).name);
    }

    qsizetype offsetOf(qsizetype i) const
    {
        return i < m_tokens.size() ? m_tokens.at(i).offset : m_sql.size();
    }

    // What a refusal names: the keyword in upper case, or the token as written.
    QString display(qsizetype i) const
    {
        if (i >= m_tokens.size())
            return StatementGuard::tr("nothing");
        const SqlToken &token = m_tokens.at(i);
        return token.kind == SqlTokenKind::Word ? upper(token) : token.text(m_sql).toString();
    }

    qsizetype skipOpenParens(qsizetype i) const
    {
        while (isKind(i, SqlTokenKind::OpenParen))
            ++i;
        return i;
    }

    Refusal tooDeep(qsizetype i) const
    {
        return refuse(StatementGuard::tr("The query nests WITH or EXPLAIN too deeply to check."),
                      offsetOf(i));
    }

    Refusal checkStatement(qsizetype i, qsizetype end, int depth, QString *kind) const
    {
        const SqlToken &first = m_tokens.at(i);
        if (first.kind == SqlTokenKind::OpenParen || isWordIn(i, {u"SELECT", u"WITH", u"VALUES"}))
            return checkQuery(i, end, depth, kind);
        if (first.kind != SqlTokenKind::Word)
            return refuse(notReadOnlyReason(display(i)), first.offset);
        if (isWordIn(i, {u"EXPLAIN", u"DESCRIBE", u"DESC"})) {
            *kind = first.isWord(u"EXPLAIN") ? u"explain"_s : u"describe"_s;
            return checkExplain(i, end, depth);
        }
        if (first.isWord(u"TABLE"))
            return checkQuery(i, end, depth, kind);
        if (first.isWord(u"SHOW")) {
            *kind = u"show"_s;
            return {};
        }
        if (first.isWord(u"PRAGMA") && hasPragmas()) {
            *kind = u"pragma"_s;
            return checkPragma(i, end);
        }
        return refuse(notReadOnlyReason(display(i)), first.offset, first.name.toLower());
    }

    // A query: SELECT, VALUES, TABLE or WITH, maybe behind opening parentheses.
    Refusal checkQuery(qsizetype i, qsizetype end, int depth, QString *kind) const
    {
        const qsizetype start = skipOpenParens(i);
        if (isWord(start, u"WITH")) {
            *kind = u"with"_s;
            return checkWith(start, end, depth + 1);
        }
        if (isWordIn(start, {u"SELECT", u"VALUES", u"TABLE"})) {
            *kind = m_tokens.at(start).name.toLower();
            return {};
        }
        return refuse(notReadOnlyReason(display(start)), offsetOf(start));
    }

    bool isQueryStart(qsizetype i) const
    {
        return isWordIn(skipOpenParens(i), {u"SELECT", u"WITH", u"VALUES", u"TABLE"});
    }

    // WITH name [(columns)] AS [NOT] [MATERIALIZED] (query), ... main query.
    Refusal checkWith(qsizetype with, qsizetype end, int depth) const
    {
        if (depth > maximumDepth)
            return tooDeep(with);
        qsizetype i = with + 1;
        if (isWord(i, u"RECURSIVE"))
            ++i;
        for (;;) {
            if (i >= end || !m_tokens.at(i).isIdentifier())
                return checkLooseWith(with, end);
            const QString name = m_tokens.at(i).name;
            m_cteNames.insert(i);
            ++i;
            if (isKind(i, SqlTokenKind::OpenParen)) {
                i = closingParen(m_tokens, i, end);
                if (i < 0)
                    return checkLooseWith(with, end);
                ++i;
            }
            if (!isWord(i, u"AS"))
                return checkLooseWith(with, end);
            ++i;
            if (isWord(i, u"NOT"))
                ++i;
            if (isWord(i, u"MATERIALIZED"))
                ++i;
            if (!isKind(i, SqlTokenKind::OpenParen))
                return checkLooseWith(with, end);
            const qsizetype close = closingParen(m_tokens, i, end);
            if (close < 0)
                return checkLooseWith(with, end);
            const qsizetype body = skipOpenParens(i + 1);
            if (!isQueryStart(body)) {
                return refuse(StatementGuard::tr("The common table expression %1 runs %2, which "
                                                 "is not a read-only query.")
                                      .arg(name, display(body)),
                              offsetOf(body));
            }
            QString ignored;
            if (Refusal refusal = checkQuery(body, close, depth, &ignored))
                return refusal;
            i = close + 1;
            if (!isKind(i, SqlTokenKind::Comma))
                break;
            ++i;
        }
        const qsizetype main = skipOpenParens(i);
        if (!isWordIn(main, {u"SELECT", u"VALUES", u"TABLE"})) {
            return refuse(StatementGuard::tr("The WITH clause leads into %1, which is not a "
                                             "read-only query.")
                                  .arg(display(main)),
                          offsetOf(main));
        }
        return {};
    }

    // Dialects such as ClickHouse also write WITH expression AS name: then the first statement
    // keyword outside parentheses must be SELECT (scanForWrites() sees the rest).
    Refusal checkLooseWith(qsizetype with, qsizetype end) const
    {
        int depth = 0;
        for (qsizetype i = with + 1; i < end; ++i) {
            const SqlToken &token = m_tokens.at(i);
            if (token.kind == SqlTokenKind::OpenParen)
                ++depth;
            else if (token.kind == SqlTokenKind::CloseParen)
                --depth;
            else if (depth == 0 && token.isWord(u"SELECT"))
                return {};
            else if (depth == 0
                     && isWordIn(i,
                                 {u"INSERT", u"UPDATE", u"DELETE", u"MERGE", u"REPLACE", u"UPSERT",
                                  u"VALUES", u"TABLE"})) {
                break;
            }
        }
        return refuse(StatementGuard::tr("The WITH clause does not lead into a SELECT."),
                      offsetOf(with));
    }

    // EXPLAIN [options] query, DESCRIBE [options] query, or EXPLAIN/DESCRIBE [TABLE] name.
    Refusal checkExplain(qsizetype explain, qsizetype end, int depth) const
    {
        if (depth > maximumDepth)
            return tooDeep(explain);
        qsizetype i = explain + 1;
        while (i < end) {
            const SqlToken &token = m_tokens.at(i);
            const bool option =
                    isWordIn(i, {u"ANALYZE",    u"ANALYSE",     u"VERBOSE",     u"EXTENDED",
                                 u"PARTITIONS", u"QUERY",       u"PLAN",        u"FORMAT",
                                 u"TREE",       u"JSON",        u"TRADITIONAL", u"TEXT",
                                 u"XML",        u"YAML",        u"AST",         u"SYNTAX",
                                 u"PIPELINE",   u"ESTIMATE",    u"HEADER",      u"INDEXES",
                                 u"ACTIONS",    u"DESCRIPTION", u"GRAPH",       u"COMPACT",
                                 u"LOGICAL",    u"DISTRIBUTED", u"IO",          u"TYPE",
                                 u"COSTS",      u"BUFFERS",     u"TIMING",      u"SUMMARY",
                                 u"SETTINGS",   u"WAL",         u"ON",          u"OFF",
                                 u"TRUE",       u"FALSE"})
                    || token.kind == SqlTokenKind::Number
                    || (token.kind == SqlTokenKind::Operator && token.text(m_sql) == u"=");
            if (option) {
                ++i;
                continue;
            }
            if (token.kind == SqlTokenKind::OpenParen && !isQueryStart(i)) {
                const qsizetype close = closingParen(m_tokens, i, end);
                if (close < 0)
                    break;
                i = close + 1;
                continue;
            }
            break;
        }
        if (i >= end) {
            return refuse(StatementGuard::tr("%1 needs a query or a table to describe.")
                                  .arg(display(explain)),
                          offsetOf(explain));
        }
        if (isQueryStart(i)) {
            QString ignored;
            return checkQuery(i, end, depth + 1, &ignored);
        }
        // EXPLAIN t / DESCRIBE [TABLE] schema.t [column]: a name and nothing that acts.
        for (qsizetype k = i; k < end; ++k) {
            const SqlToken &token = m_tokens.at(k);
            const bool namePart = token.isIdentifier() || token.kind == SqlTokenKind::Dot
                    || token.kind == SqlTokenKind::String;
            if (!namePart)
                return refuse(explainReason(display(i)), offsetOf(i));
        }
        if (isWordIn(i, {u"INSERT", u"UPDATE", u"DELETE", u"MERGE",    u"REPLACE", u"UPSERT",
                         u"CREATE", u"DROP",   u"ALTER",  u"TRUNCATE", u"EXECUTE", u"EXEC",
                         u"CALL",   u"DO",     u"COPY",   u"DECLARE",  u"PREPARE", u"LOCK",
                         u"GRANT",  u"REVOKE", u"SET",    u"LOAD",     u"VACUUM"})) {
            return refuse(explainReason(display(i)), offsetOf(i));
        }
        return {};
    }

    bool hasPragmas() const { return EngineRegistry::forEngine(m_engine).hasPragmas(); }

    // PRAGMA [schema.]name or PRAGMA [schema.]name(argument): read-only ones only.
    Refusal checkPragma(qsizetype pragma, qsizetype end) const
    {
        qsizetype i = pragma + 1;
        if (i >= end || !m_tokens.at(i).isIdentifier())
            return refuse(notReadOnlyReason(u"PRAGMA"_s), offsetOf(pragma));
        if (isKind(i + 1, SqlTokenKind::Dot) && i + 2 < end && m_tokens.at(i + 2).isIdentifier())
            i += 2;
        const QString name = m_tokens.at(i).name.toLower();
        const qsizetype nameIndex = i;
        ++i;
        bool hasArgument = false;
        if (isKind(i, SqlTokenKind::OpenParen)) {
            const qsizetype close = closingParen(m_tokens, i, end);
            if (close < 0)
                return refuse(notReadOnlyReason(u"PRAGMA"_s), offsetOf(i));
            hasArgument = true;
            i = close + 1;
        }
        if (i < end) {
            return refuse(StatementGuard::tr("PRAGMA %1 with a value changes a setting; only the "
                                             "query form of a read-only pragma may run.")
                                  .arg(name),
                          offsetOf(i));
        }
        // Pragmas whose argument names what to list; the argument changes nothing.
        static const QSet<QString> listing{
                u"table_info"_s,       u"table_xinfo"_s,       u"table_list"_s,
                u"index_list"_s,       u"index_info"_s,        u"index_xinfo"_s,
                u"foreign_key_list"_s, u"foreign_key_check"_s, u"integrity_check"_s,
                u"quick_check"_s,      u"storage_info"_s,      u"show"_s,
        };
        // Settings and facts that may only be read: with an argument they would be set.
        static const QSet<QString> readable{
                u"database_list"_s,
                u"collation_list"_s,
                u"function_list"_s,
                u"module_list"_s,
                u"pragma_list"_s,
                u"compile_options"_s,
                u"page_count"_s,
                u"page_size"_s,
                u"freelist_count"_s,
                u"schema_version"_s,
                u"user_version"_s,
                u"application_id"_s,
                u"encoding"_s,
                u"journal_mode"_s,
                u"foreign_keys"_s,
                u"data_version"_s,
                u"auto_vacuum"_s,
                u"cache_size"_s,
                u"query_only"_s,
                u"busy_timeout"_s,
                u"synchronous"_s,
                u"temp_store"_s,
                u"locking_mode"_s,
                u"max_page_count"_s,
                u"recursive_triggers"_s,
                u"secure_delete"_s,
                u"automatic_index"_s,
                u"defer_foreign_keys"_s,
                u"trusted_schema"_s,
                u"show_tables"_s,
                u"show_tables_expanded"_s,
                u"database_size"_s,
                u"version"_s,
                u"platform"_s,
                u"functions"_s,
                u"collations"_s,
        };
        if (listing.contains(name))
            return {};
        if (readable.contains(name)) {
            if (!hasArgument)
                return {};
            return refuse(StatementGuard::tr("PRAGMA %1 with a value changes a setting; only the "
                                             "query form of a read-only pragma may run.")
                                  .arg(name),
                          offsetOf(nameIndex));
        }
        return refuse(StatementGuard::tr("PRAGMA %1 is not a read-only pragma.").arg(name),
                      offsetOf(nameIndex));
    }

    // Whatever the statement kind: no write keyword, no INTO, no locking, no acting function.
    Refusal scanForWrites(bool writeKeywords) const
    {
        const qsizetype end = m_tokens.size();
        for (qsizetype i = 0; i < end; ++i) {
            const SqlToken &token = m_tokens.at(i);
            const bool afterDot = i > 0 && m_tokens.at(i - 1).kind == SqlTokenKind::Dot;
            const bool beforeParen = isKind(i + 1, SqlTokenKind::OpenParen);
            if (token.isIdentifier() && beforeParen && !m_cteNames.contains(i)) {
                if (Refusal refusal = refuseFunction(token.name, m_engine, token.offset))
                    return refusal;
            }
            if (token.kind != SqlTokenKind::Word || afterDot)
                continue;
            if (token.isWord(u"INTO"))
                return refuse(intoReason(), token.offset);
            if (token.isWord(u"FOR") && isWordIn(i + 1, {u"UPDATE", u"SHARE", u"NO", u"KEY"})) {
                qsizetype last = i + 1;
                while (last + 1 < end && !isWordIn(last, {u"UPDATE", u"SHARE"})
                       && isWordIn(last + 1, {u"NO", u"KEY", u"UPDATE", u"SHARE"})) {
                    ++last;
                }
                QStringList words;
                for (qsizetype k = i; k <= last; ++k)
                    words.append(upper(m_tokens.at(k)));
                return refuse(lockReason(words.join(u' ')), token.offset);
            }
            if (EngineRegistry::forEngine(m_engine).hasRequestClauses()) {
                if (Refusal refusal = refuseClickHouseClause(i))
                    return refusal;
            }
            // SQLite has none of the clauses below and no write inside a query: there, words
            // such as lock, procedure, grant, merge or replace are names, and a write keyword
            // only matters where a statement could begin (after '(' or a set operator).
            if (EngineRegistry::forEngine(m_engine).writesOnlyAtStatementStart()) {
                const bool statementStart = i > 0
                        && (m_tokens.at(i - 1).kind == SqlTokenKind::OpenParen
                            || isWordIn(i - 1, {u"ALL"}) || isSetOperatorAt(m_tokens, i - 1));
                if (statementStart && !beforeParen
                    && isWordIn(i,
                                {u"INSERT", u"UPDATE", u"DELETE", u"REPLACE", u"CREATE", u"DROP",
                                 u"ALTER"})) {
                    return refuse(writeInsideReason(upper(token)), token.offset);
                }
                continue;
            }
            if (token.isWord(u"LOCK") && isWord(i + 1, u"IN"))
                return refuse(lockReason(u"LOCK IN SHARE MODE"_s), token.offset);
            if (isWordIn(i, {u"UPDLOCK", u"XLOCK", u"TABLOCKX", u"HOLDLOCK"}))
                return refuse(lockReason(upper(token)), token.offset);
            if (token.isWord(u"PROCEDURE")) {
                return refuse(StatementGuard::tr("A PROCEDURE clause runs a stored procedure on "
                                                 "the result; remove it."),
                              token.offset);
            }
            // INSERT(...) and REPLACE(...) are also MySQL and SQLite string functions.
            if (isWordIn(i, {u"INSERT", u"REPLACE"}) && beforeParen)
                continue;
            if (writeKeywords
                && isWordIn(i,
                            {u"INSERT", u"UPDATE", u"DELETE", u"MERGE", u"UPSERT", u"REPLACE",
                             u"TRUNCATE", u"DROP", u"CREATE", u"ALTER", u"GRANT", u"REVOKE"})) {
                return refuse(writeInsideReason(upper(token)), token.offset);
            }
        }
        return {};
    }

    // ClickHouse's FORMAT name (the driver reads its own format: another one would be misread)
    // and SETTINGS name = value (it would lift the run's timeout, row cap or read-only level).
    // format(...) the function, and a column or alias called format or settings, stay allowed.
    Refusal refuseClickHouseClause(qsizetype i) const
    {
        const SqlToken &token = m_tokens.at(i);
        const qsizetype end = m_tokens.size();
        if (token.isWord(u"SETTINGS") && i + 2 < end && m_tokens.at(i + 1).isIdentifier()
            && m_tokens.at(i + 2).kind == SqlTokenKind::Operator
            && m_tokens.at(i + 2).text(m_sql) == u"=") {
            return refuse(StatementGuard::tr("A SETTINGS clause changes the server's limits for "
                                             "this query (its timeout, row cap or read-only "
                                             "level); remove it."),
                          token.offset);
        }
        if (!token.isWord(u"FORMAT") || i + 1 >= end || !m_tokens.at(i + 1).isIdentifier())
            return {};
        const bool alias = i > 0
                && (isWordIn(i - 1, {u"AS", u"SELECT", u"DISTINCT", u"BY"})
                    || m_tokens.at(i - 1).kind == SqlTokenKind::Comma
                    || m_tokens.at(i - 1).kind == SqlTokenKind::OpenParen
                    || m_tokens.at(i - 1).kind == SqlTokenKind::Operator);
        const qsizetype after = i + 2;
        const bool last = after >= end || m_tokens.at(after).kind == SqlTokenKind::CloseParen
                || isWord(after, u"SETTINGS");
        if (alias || !last)
            return {};
        return refuse(StatementGuard::tr("A FORMAT clause changes how the server sends the "
                                         "result, which SQLMend reads in its own format; remove "
                                         "the clause."),
                      token.offset);
    }

    QStringView m_sql;
    Engine m_engine;
    const QList<SqlToken> &m_tokens;
    // Token indexes of the names WITH defines: "WITH edit(n) AS" names no function.
    mutable QSet<qsizetype> m_cteNames;
};

GuardVerdict checkTokens(QStringView sql, Engine engine, const SqlLexicalRules &rules)
{
    auto statement = singleStatement(sql, rules);
    if (auto *verdict = std::get_if<GuardVerdict>(&statement))
        return *verdict;
    if (auto *several = std::get_if<Several>(&statement))
        return judgeSeveral(sql, engine, *several);
    return TokenCheck(sql, engine, std::get<Statement>(statement).tokens).run();
}

// PostgreSQL-family engines: libpg_query decides; the tokens only name the kind.
class PostgresCheck
{
public:
    PostgresCheck(QStringView sql, Engine engine, const PgParseTree &tree,
                  const QList<SqlToken> &tokens)
        : m_sql(sql), m_engine(engine), m_tree(tree), m_tokens(tokens)
    {
    }

    GuardVerdict run()
    {
        const QList<SqlToken> &tokens = m_tokens;
        if (m_tree.statements.isEmpty())
            return refuse(StatementGuard::tr("The query is empty: there is no statement to run."),
                          0);
        if (m_tree.statements.size() > 1) {
            const QJsonObject second = m_tree.statements.at(1).toObject();
            return refuse(StatementGuard::tr("Only one statement may run at a time, but the "
                                             "query holds %n statements.",
                                             nullptr, int(m_tree.statements.size())),
                          m_tree.indexOfLocation(second.value(u"stmt_location").toInteger()));
        }
        const QJsonObject stmt = m_tree.statements.first().toObject().value(u"stmt").toObject();
        const QString type = stmt.isEmpty() ? QString() : stmt.constBegin().key();
        QString kind = u"select"_s;
        qsizetype first = 0;
        while (first < tokens.size() && tokens.at(first).kind == SqlTokenKind::OpenParen)
            ++first;
        if (first < tokens.size() && tokens.at(first).kind == SqlTokenKind::Word)
            kind = tokens.at(first).name.toLower();
        const QString keyword = first < tokens.size() ? tokens.at(first).name.toUpper() : type;
        const qsizetype keywordOffset = first < tokens.size() ? tokens.at(first).offset : 0;

        if (type == u"SelectStmt") {
            if (!contains({u"select", u"with", u"values", u"table"}, kind))
                kind = u"select"_s;
        } else if (type == u"ExplainStmt") {
            const QJsonObject query = stmt.value(type).toObject().value(u"query").toObject();
            const QString queryType = query.isEmpty() ? QString() : query.constBegin().key();
            if (queryType != u"SelectStmt")
                return refuse(explainReason(statementName(queryType)), keywordOffset, kind);
        } else if (type == u"VariableShowStmt") {
            kind = u"show"_s;
        } else {
            return refuse(notReadOnlyReason(keyword), keywordOffset, kind.toLower());
        }
        if (Refusal refusal = walk(stmt, -1)) {
            // Some nodes carry no location; the statement's keyword is the next best place.
            if (refusal->offset < 0)
                refusal->offset = keywordOffset;
            refusal->kind = kind;
            return *refusal;
        }
        return allow(kind);
    }

private:
    static QString statementName(const QString &nodeType)
    {
        static const QList<std::pair<QString, QString>> names{
                {u"InsertStmt"_s, u"INSERT"_s},
                {u"UpdateStmt"_s, u"UPDATE"_s},
                {u"DeleteStmt"_s, u"DELETE"_s},
                {u"MergeStmt"_s, u"MERGE"_s},
                {u"CreateTableAsStmt"_s, u"CREATE TABLE AS"_s},
                {u"ExecuteStmt"_s, u"EXECUTE"_s},
                {u"DeclareCursorStmt"_s, u"DECLARE"_s},
        };
        for (const auto &[node, name] : names) {
            if (node == nodeType)
                return name;
        }
        return nodeType;
    }

    static QString lockName(const QString &strength)
    {
        if (strength == u"LCS_FORNOKEYUPDATE")
            return u"FOR NO KEY UPDATE"_s;
        if (strength == u"LCS_FORSHARE")
            return u"FOR SHARE"_s;
        if (strength == u"LCS_FORKEYSHARE")
            return u"FOR KEY SHARE"_s;
        return u"FOR UPDATE"_s;
    }

    qsizetype offsetOf(const QJsonValue &node, qint64 fallback) const
    {
        const qint64 location = node.toObject().value(u"location").toInteger(-1);
        return m_tree.indexOfLocation(location >= 0 ? location : fallback);
    }

    // QJsonDocument already bounds the depth (it refuses deeper nesting than 1024 levels).
    Refusal walk(const QJsonValue &value, qint64 location) const
    {
        if (value.isArray()) {
            for (const QJsonValue &element : value.toArray()) {
                if (Refusal refusal = walk(element, location))
                    return refusal;
            }
            return {};
        }
        if (!value.isObject())
            return {};
        const QJsonObject object = value.toObject();
        const qint64 here = object.value(u"location").toInteger(-1);
        if (here >= 0)
            location = here;
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            const QString &key = it.key();
            if (contains({u"InsertStmt", u"UpdateStmt", u"DeleteStmt", u"MergeStmt"}, key)) {
                const qint64 relation = it.value()
                                                .toObject()
                                                .value(u"relation")
                                                .toObject()
                                                .value(u"location")
                                                .toInteger(-1);
                return refuse(writeInsideReason(statementName(key)),
                              m_tree.indexOfLocation(location >= 0 ? location : relation));
            }
            if (key == u"intoClause")
                return refuse(intoReason(),
                              offsetOf(it.value().toObject().value(u"rel"), location));
            if (key == u"lockingClause") {
                const QJsonObject clause =
                        it.value().toArray().at(0).toObject().value(u"LockingClause").toObject();
                return refuse(lockReason(lockName(clause.value(u"strength").toString())),
                              lockOffset());
            }
            if (key == u"FuncCall") {
                const QJsonArray names = it.value().toObject().value(u"funcname").toArray();
                const QString name = names.at(names.size() - 1)
                                             .toObject()
                                             .value(u"String")
                                             .toObject()
                                             .value(u"sval")
                                             .toString();
                if (Refusal refusal =
                            refuseFunction(name, m_engine, offsetOf(it.value(), location)))
                    return refusal;
            }
            if (Refusal refusal = walk(it.value(), location))
                return refusal;
        }
        return {};
    }

    // Locking clauses have no location in the tree: the first FOR UPDATE/SHARE/NO/KEY token.
    qsizetype lockOffset() const
    {
        for (qsizetype i = 0; i + 1 < m_tokens.size(); ++i) {
            const SqlToken &next = m_tokens.at(i + 1);
            if (m_tokens.at(i).isWord(u"FOR")
                && (next.isWord(u"UPDATE") || next.isWord(u"SHARE") || next.isWord(u"NO")
                    || next.isWord(u"KEY"))) {
                return m_tokens.at(i).offset;
            }
        }
        return -1;
    }

    QStringView m_sql;
    Engine m_engine;
    const PgParseTree &m_tree;
    const QList<SqlToken> &m_tokens;
};

GuardVerdict checkPostgres(QStringView sql, Engine engine)
{
    // The tokens must agree that there is one statement, and they name its kind.
    auto statement = singleStatement(sql, SqlLexicalRules::forEngine(engine));
    if (auto *verdict = std::get_if<GuardVerdict>(&statement))
        return *verdict;
    if (auto *several = std::get_if<Several>(&statement))
        return judgeSeveral(sql, engine, *several);
    const QList<SqlToken> &tokens = std::get<Statement>(statement).tokens;
    const auto tree = PgParser::parse(sql);
    if (!tree) {
        const SqlToken &first = tokens.first();
        GuardVerdict verdict = refuseMalformed(
                StatementGuard::tr("PostgreSQL could not parse the query: %1")
                        .arg(tree.error().message),
                qMax<qsizetype>(tree.error().offset, first.offset),
                first.kind == SqlTokenKind::Word ? first.name.toLower() : QString());
        // A query by its first word: the grammar's words say where it went wrong. Other text
        // (prose, a prompt echo) stays text that is not SQL.
        if (first.isWord(u"SELECT") || first.isWord(u"WITH"))
            verdict.parserMessage = tree.error().message;
        return verdict;
    }
    return PostgresCheck(sql, engine, tree.value(), tokens).run();
}

// Keywords that open a statement which writes, changes the session or runs other code.
bool opensWritingStatement(const SqlToken &token)
{
    static const QSet<QString> keywords{
            u"INSERT"_s,     u"UPDATE"_s,     u"DELETE"_s,   u"MERGE"_s,    u"REPLACE"_s,
            u"UPSERT"_s,     u"CREATE"_s,     u"DROP"_s,     u"ALTER"_s,    u"TRUNCATE"_s,
            u"RENAME"_s,     u"GRANT"_s,      u"REVOKE"_s,   u"COPY"_s,     u"CALL"_s,
            u"EXEC"_s,       u"EXECUTE"_s,    u"DO"_s,       u"SET"_s,      u"RESET"_s,
            u"BEGIN"_s,      u"START"_s,      u"COMMIT"_s,   u"ROLLBACK"_s, u"SAVEPOINT"_s,
            u"RELEASE"_s,    u"LOCK"_s,       u"UNLOCK"_s,   u"VACUUM"_s,   u"ANALYZE"_s,
            u"ANALYSE"_s,    u"REINDEX"_s,    u"CLUSTER"_s,  u"ATTACH"_s,   u"DETACH"_s,
            u"LOAD"_s,       u"IMPORT"_s,     u"EXPORT"_s,   u"INSTALL"_s,  u"USE"_s,
            u"HANDLER"_s,    u"KILL"_s,       u"FLUSH"_s,    u"OPTIMIZE"_s, u"REPAIR"_s,
            u"CHECKPOINT"_s, u"DISCARD"_s,    u"LISTEN"_s,   u"NOTIFY"_s,   u"UNLISTEN"_s,
            u"PREPARE"_s,    u"DEALLOCATE"_s, u"DECLARE"_s,  u"FETCH"_s,    u"MOVE"_s,
            u"CLOSE"_s,      u"COMMENT"_s,    u"SECURITY"_s, u"REFRESH"_s,  u"UNLOAD"_s,
            u"PUT"_s,        u"REMOVE"_s,     u"SHUTDOWN"_s, u"UNDROP"_s,   u"SYSTEM"_s,
            u"INTO"_s,       u"UNINSTALL"_s,  u"PURGE"_s,    u"RESTORE"_s,  u"BACKUP"_s,
    };
    return token.kind == SqlTokenKind::Word && keywords.contains(token.name.toUpper());
}

// Statement words that write wherever they stand (EXPLAIN DELETE, a CTE with UPDATE).
bool writesInside(const SqlToken &token, const SqlToken *next)
{
    static const QSet<QString> keywords{
            u"INSERT"_s,  u"UPDATE"_s, u"DELETE"_s, u"MERGE"_s,    u"UPSERT"_s,
            u"CREATE"_s,  u"DROP"_s,   u"ALTER"_s,  u"TRUNCATE"_s, u"RENAME"_s,
            u"GRANT"_s,   u"REVOKE"_s, u"COPY"_s,   u"CALL"_s,     u"EXEC"_s,
            u"EXECUTE"_s, u"VACUUM"_s, u"ATTACH"_s, u"DETACH"_s,   u"REPLACE"_s,
    };
    const bool call = next && next->kind == SqlTokenKind::OpenParen;
    return token.kind == SqlTokenKind::Word && !call && keywords.contains(token.name.toUpper());
}

// A refusal of text that would not write: prose or a marker where a statement should start, or
// several read-only statements; the number of statements, or nothing for a write. A write keyword
// opening any statement or standing inside a read-only one, or a refusal inside a read-only
// statement (INTO, a locking clause, a function with side effects), is a write.
std::optional<qsizetype> statementsWithoutWrites(QStringView sql, Engine engine,
                                                 const GuardVerdict &verdict)
{
    const QList<SqlToken> tokens = SqlTokenizer(SqlLexicalRules::forEngine(engine)).tokenize(sql);
    const QList<SqlStatementRange> ranges = SqlTokenizer::statements(tokens);
    for (const SqlStatementRange &range : ranges) {
        qsizetype first = range.first;
        while (first < range.last
               && (tokens.at(first).isComment()
                   || tokens.at(first).kind == SqlTokenKind::OpenParen))
            ++first;
        if (first >= range.last)
            continue;
        const SqlToken &opener = tokens.at(first);
        if (opener.kind == SqlTokenKind::Error || opener.kind == SqlTokenKind::ExecutableComment
            || opensWritingStatement(opener))
            return std::nullopt;
        const bool readOnlyKind = opener.kind == SqlTokenKind::Word
                && contains({u"SELECT", u"WITH", u"VALUES", u"TABLE", u"EXPLAIN", u"SHOW",
                             u"DESCRIBE", u"DESC", u"PRAGMA"},
                            opener.name);
        if (!readOnlyKind)
            continue; // not SQL: nothing in it runs
        for (qsizetype i = first + 1; i < range.last; ++i) {
            if (writesInside(tokens.at(i), i + 1 < range.last ? &tokens.at(i + 1) : nullptr))
                return std::nullopt;
        }
        const qsizetype end =
                range.last < tokens.size() ? tokens.at(range.last).offset : sql.size();
        if (verdict.offset > opener.offset && verdict.offset < end)
            return std::nullopt;
    }
    return ranges.size();
}

GuardVerdict checkAny(QStringView sql, Engine engine);

} // namespace

EngineError GuardVerdict::toEngineError(Engine engine) const
{
    if (malformed && !parserMessage.isEmpty())
        return EngineError::fromText(engine, parserMessage, u"42601"_s);
    if (malformed || notSql || multiple)
        return EngineError::fromOrigin(ErrorOrigin::Guard, engine, u"syntax error: "_s + reason,
                                       u"42601"_s);
    return EngineError::fromOrigin(ErrorOrigin::Guard, engine, u"SQLMend guard: "_s + reason,
                                   u"25006"_s);
}

QString StatementGuard::runnableText(QStringView sql, Engine engine)
{
    const QList<SqlToken> tokens = SqlTokenizer(engine).tokenize(sql);
    for (qsizetype i = tokens.size() - 1; i >= 0; --i) {
        const SqlToken &token = tokens.at(i);
        if (!token.isComment() && token.kind != SqlTokenKind::Semicolon)
            return sql.left(token.end()).toString();
    }
    return sql.toString();
}

GuardVerdict StatementGuard::check(QStringView sql, Engine engine)
{
    GuardVerdict verdict = checkAny(sql, engine);
    if (verdict.allowed || verdict.malformed)
        return verdict;
    if (const std::optional<qsizetype> statements = statementsWithoutWrites(sql, engine, verdict)) {
        verdict.notSql = true;
        // An empty text and several read-only statements keep the guard's words.
        if (*statements == 1)
            verdict.reason = tr("The text is not a SQL statement: answer with exactly one SELECT "
                                "(or WITH) statement and nothing else.");
    }
    return verdict;
}

namespace {

GuardVerdict checkAny(QStringView sql, Engine engine)
{
    if (sql.size() > StatementGuard::maximumLength) {
        return refuse(StatementGuard::tr(
                              "The query is too long to check: %1 characters, and the limit is %2.")
                              .arg(sql.size())
                              .arg(StatementGuard::maximumLength),
                      StatementGuard::maximumLength);
    }
    // A NUL ends the text for C clients and drivers: what runs would differ from what was read.
    if (const qsizetype nul = sql.indexOf(QChar(0)); nul >= 0)
        return refuse(unterminatedReason(SqlTokenError::NulCharacter), nul);
    const SqlEngine &dialect = EngineRegistry::forEngine(engine);
    if (dialect.parsesAsPostgres())
        return checkPostgres(sql, engine);

    GuardVerdict verdict = checkTokens(sql, engine, dialect.lexicalRules());
    if (!verdict.allowed)
        return verdict;
    // Where the server's quoting rules are not known for sure, the text must also be read-only
    // under the other plausible readings (MySQL with ANSI_QUOTES; any engine for Unknown/ODBC;
    // newer ClickHouse servers).
    const QList<SqlLexicalRules> alternatives = dialect.otherReadings(sql);
    for (const SqlLexicalRules &rules : std::as_const(alternatives)) {
        const GuardVerdict other = checkTokens(sql, engine, rules);
        if (!other.allowed)
            return other;
    }
    return verdict;
}

} // namespace

} // namespace sqlmend::core
