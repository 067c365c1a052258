#include "core/errors/queryscope.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Words that end a FROM item or cannot be an alias. MINUS is one only where a query follows it
// (isSetOperatorAt): FROM t minus is an alias.
bool isClauseWord(const SqlToken &token)
{
    // clang-format off
    static const QSet<QString> words{
            u"WHERE"_s, u"GROUP"_s, u"ORDER"_s, u"HAVING"_s,
            u"LIMIT"_s, u"OFFSET"_s, u"UNION"_s, u"INTERSECT"_s,
            u"EXCEPT"_s, u"JOIN"_s, u"INNER"_s, u"LEFT"_s,
            u"RIGHT"_s, u"FULL"_s, u"OUTER"_s, u"CROSS"_s,
            u"NATURAL"_s, u"ON"_s, u"USING"_s, u"WINDOW"_s,
            u"QUALIFY"_s, u"FETCH"_s, u"FOR"_s, u"SELECT"_s,
            u"FROM"_s, u"AS"_s, u"AND"_s, u"OR"_s,
            u"NOT"_s, u"LATERAL"_s, u"STRAIGHT_JOIN"_s, u"TABLESAMPLE"_s,
            u"WITH"_s, u"VALUES"_s, u"INTO"_s, u"SET"_s,
            u"BY"_s, u"ASC"_s, u"DESC"_s, u"IS"_s,
            u"IN"_s, u"LIKE"_s, u"BETWEEN"_s, u"CASE"_s,
            u"WHEN"_s, u"THEN"_s, u"ELSE"_s, u"END"_s,
            u"NULL"_s, u"DISTINCT"_s, u"ALL"_s, u"EXISTS"_s,
            u"ILIKE"_s, u"GLOB"_s, u"REGEXP"_s, u"COLLATE"_s,
            u"ESCAPE"_s, u"TOP"_s, u"NULLS"_s, u"FIRST"_s,
            u"LAST"_s, u"ROWS"_s, u"RANGE"_s, u"OVER"_s,
            u"PARTITION"_s, u"FILTER"_s, u"WITHIN"_s, u"CAST"_s,
            u"TRUE"_s, u"FALSE"_s, u"INTERVAL"_s, u"ANY"_s,
            u"SOME"_s, u"RECURSIVE"_s, u"MATERIALIZED"_s, u"INDEXED"_s,
            u"USE"_s, u"FORCE"_s, u"IGNORE"_s, u"CURRENT_DATE"_s,
            u"CURRENT_TIMESTAMP"_s, u"CURRENT_TIME"_s, u"EXTRACT"_s,
    };
    // clang-format on
    return token.kind == SqlTokenKind::Word && words.contains(token.name.toUpper());
}

bool isName(const QList<SqlToken> &tokens, qsizetype i)
{
    const SqlToken &token = tokens.at(i);
    return token.kind == SqlTokenKind::QuotedIdentifier
            || (token.kind == SqlTokenKind::Word && !isClauseWord(token)
                && !isSetOperatorAt(tokens, i));
}

class Reader
{
public:
    Reader(QueryScope &scope, QStringView source)
        : m_source(source), m_scope(scope), m_tokens(scope.tokens)
    {
    }

    void run()
    {
        assignBlocks();
        readCteNames();
        readSources();
        readEqualities();
        readReferences();
    }

private:
    const SqlToken &at(qsizetype i) const { return m_tokens.at(i); }
    bool has(qsizetype i) const { return i >= 0 && i < m_tokens.size(); }
    bool isWord(qsizetype i, QStringView word) const { return has(i) && at(i).isWord(word); }
    bool isKind(qsizetype i, SqlTokenKind kind) const { return has(i) && at(i).kind == kind; }

    void assignBlocks()
    {
        struct Open
        {
            int block;
            int depth;
        };
        QList<Open> stack;
        int depth = 0;
        int next = 0;
        m_scope.blockOf.resize(m_tokens.size());
        m_scope.depthOf.resize(m_tokens.size());
        for (qsizetype i = 0; i < m_tokens.size(); ++i) {
            const SqlToken &token = at(i);
            if (token.kind == SqlTokenKind::CloseParen) {
                --depth;
                while (!stack.isEmpty() && stack.constLast().depth > depth)
                    stack.removeLast();
            }
            if (token.isWord(u"SELECT")) {
                // A SELECT after UNION at the same depth replaces the one before.
                while (!stack.isEmpty() && stack.constLast().depth >= depth)
                    stack.removeLast();
                stack.append({next++, depth});
            }
            m_scope.depthOf[i] = depth;
            m_scope.blockOf[i] = stack.isEmpty() ? -1 : stack.constLast().block;
            if (token.kind == SqlTokenKind::OpenParen)
                ++depth;
        }
        m_scope.parentOf.resize(next);
        // Each block's depth and the block around it, for visibility.
        for (qsizetype i = 0; i < m_tokens.size(); ++i) {
            if (at(i).isWord(u"SELECT")) {
                const int block = m_scope.blockOf.at(i);
                int parent = -1;
                for (qsizetype j = i - 1; j >= 0; --j) {
                    if (m_scope.depthOf.at(j) < m_scope.depthOf.at(i)
                        && m_scope.blockOf.at(j) >= 0) {
                        parent = m_scope.blockOf.at(j);
                        break;
                    }
                }
                m_scope.parentOf[block] = parent;
            }
        }
    }

    void readCteNames()
    {
        // WITH name [(cols)] AS ( ... ), name AS ( ... )
        for (qsizetype i = 0; i < m_tokens.size(); ++i) {
            if (!at(i).isWord(u"WITH") && !(isKind(i, SqlTokenKind::Comma) && m_inWith))
                continue;
            if (at(i).isWord(u"WITH"))
                m_inWith = true;
            qsizetype j = i + 1;
            if (isWord(j, u"RECURSIVE"))
                ++j;
            if (!has(j) || !isName(m_tokens, j))
                continue;
            qsizetype k = j + 1;
            if (isKind(k, SqlTokenKind::OpenParen))
                k = skipParens(k);
            if (isWord(k, u"AS")) {
                m_scope.cteNames.append(at(j).name);
                QueryScope::Source source;
                source.table = at(j).name;
                source.alias = at(j).name;
                source.block = -1;
                source.derived = true;
                source.token = j;
                m_scope.sources.append(source);
            }
        }
    }

    // The index after the parenthesis that closes the one at open (the end where none does).
    qsizetype skipParens(qsizetype open) const
    {
        const qsizetype close = closingParen(m_tokens, open);
        return close < 0 ? m_tokens.size() : close + 1;
    }

    // A FROM inside a call's parentheses is a word of its arguments, not a clause:
    // EXTRACT(YEAR FROM d), SUBSTRING(s FROM 2 FOR 3), TRIM(' ' FROM s). The parenthesis around it
    // follows a word and opens no query (SELECT, WITH, or another parenthesis).
    bool argumentFrom(qsizetype i) const
    {
        const qsizetype open = openingParen(m_tokens, i);
        return open > 0 && at(open - 1).kind == SqlTokenKind::Word && !isWord(open + 1, u"SELECT")
                && !isWord(open + 1, u"WITH") && !isKind(open + 1, SqlTokenKind::OpenParen);
    }

    void readSources()
    {
        for (qsizetype i = 0; i < m_tokens.size(); ++i) {
            if (!at(i).isWord(u"FROM") || argumentFrom(i))
                continue;
            const int depth = m_scope.depthOf.at(i);
            const int block = m_scope.blockOf.at(i);
            qsizetype j = i + 1;
            bool nullable = false;
            while (has(j)) {
                j = readItem(j, block, nullable);
                // What joins the next item: a comma, or a JOIN with its kind.
                bool more = false;
                nullable = false;
                bool nullsBefore = false;
                while (has(j) && m_scope.depthOf.at(j) >= depth) {
                    if (m_scope.depthOf.at(j) > depth) {
                        ++j;
                        continue;
                    }
                    const SqlToken &token = at(j);
                    if (token.kind == SqlTokenKind::Comma) {
                        more = true;
                        ++j;
                        break;
                    }
                    if (token.isWord(u"LEFT"))
                        nullable = true;
                    if (token.isWord(u"RIGHT"))
                        nullsBefore = true;
                    if (token.isWord(u"FULL"))
                        nullable = nullsBefore = true;
                    if (token.isWord(u"JOIN")) {
                        more = true;
                        ++j;
                        break;
                    }
                    if (QueryScope::endsFromClause(m_tokens, j))
                        break;
                    ++j;
                }
                if (nullsBefore) {
                    for (QueryScope::Source &source : m_scope.sources) {
                        if (source.block == block)
                            source.nullable = true;
                    }
                }
                if (!more)
                    break;
            }
        }
    }

    // One FROM item at j; returns the index after it (and after its alias).
    qsizetype readItem(qsizetype j, int block, bool nullable)
    {
        while (isWord(j, u"LATERAL") || isWord(j, u"ONLY"))
            ++j;
        QueryScope::Source source;
        source.block = block;
        source.nullable = nullable;
        if (isKind(j, SqlTokenKind::OpenParen)) {
            j = skipParens(j);
            source.derived = true;
        } else if (has(j) && isName(m_tokens, j)) {
            source.token = j;
            source.table = at(j).name;
            ++j;
            // schema.table (and catalog.schema.table)
            while (isKind(j, SqlTokenKind::Dot) && has(j + 1) && isName(m_tokens, j + 1)) {
                source.token = j + 1;
                source.table = at(j + 1).name;
                j += 2;
            }
            if (isKind(j, SqlTokenKind::OpenParen)) // a table function
                j = skipParens(j);
            source.derived = m_scope.cteNames.contains(source.table, Qt::CaseInsensitive);
        } else {
            return j;
        }
        if (isWord(j, u"AS"))
            ++j;
        if (has(j) && isName(m_tokens, j) && !isKind(j + 1, SqlTokenKind::Dot)) {
            source.alias = at(j).name;
            if (source.token < 0)
                source.token = j;
            ++j;
        } else {
            source.alias = source.table;
        }
        if (source.token >= 0 || source.derived)
            m_scope.sources.append(source);
        return j;
    }

    // A qualified reference q.c starting at i, or false.
    bool qualifiedAt(qsizetype i, QString *qualifier, QString *column, qsizetype *columnToken) const
    {
        if (!has(i + 2) || !isName(m_tokens, i) || !isKind(i + 1, SqlTokenKind::Dot)
            || !isName(m_tokens, i + 2))
            return false;
        if (isKind(i - 1, SqlTokenKind::Dot))
            return false;
        // schema.table.column: the last two parts.
        qsizetype q = i;
        qsizetype c = i + 2;
        while (isKind(c + 1, SqlTokenKind::Dot) && has(c + 2) && isName(m_tokens, c + 2)) {
            q = c;
            c += 2;
        }
        *qualifier = at(q).name;
        *column = at(c).name;
        *columnToken = c;
        return true;
    }

    void readEqualities()
    {
        for (qsizetype i = 0; i < m_tokens.size(); ++i) {
            if (!at(i).isWord(u"ON") && !at(i).isWord(u"WHERE"))
                continue;
            const int depth = m_scope.depthOf.at(i);
            const int block = m_scope.blockOf.at(i);
            // The conjuncts of this clause at its own depth; an OR there makes none certain.
            QList<QueryScope::Equality> found;
            bool hasOr = false;
            qsizetype j = i + 1;
            for (; has(j); ++j) {
                const int d = m_scope.depthOf.at(j);
                if (d < depth)
                    break;
                if (d > depth)
                    continue;
                const SqlToken &token = at(j);
                if (token.isWord(u"OR"))
                    hasOr = true;
                if (token.isWord(u"JOIN") || token.isWord(u"WHERE") || token.isWord(u"GROUP")
                    || token.isWord(u"ORDER") || token.isWord(u"HAVING") || token.isWord(u"LIMIT")
                    || isSetOperatorAt(m_tokens, j) || token.isWord(u"LEFT")
                    || token.isWord(u"RIGHT") || token.isWord(u"INNER") || token.isWord(u"CROSS")
                    || token.isWord(u"FULL") || token.kind == SqlTokenKind::Comma
                    || token.kind == SqlTokenKind::Semicolon)
                    break;
                QueryScope::Equality equality;
                qsizetype leftColumn = -1;
                qsizetype rightColumn = -1;
                const bool startsConjunct = j == i + 1 || at(j - 1).isWord(u"AND");
                if (!startsConjunct
                    || !qualifiedAt(j, &equality.leftQualifier, &equality.leftColumn, &leftColumn))
                    continue;
                const qsizetype op = leftColumn + 1;
                if (!has(op) || at(op).kind != SqlTokenKind::Operator
                    || (at(op).text(m_source) != u"=" && at(op).text(m_source) != u"=="))
                    continue;
                if (!qualifiedAt(op + 1, &equality.rightQualifier, &equality.rightColumn,
                                 &rightColumn))
                    continue;
                const qsizetype after = rightColumn + 1;
                if (has(after) && m_scope.depthOf.at(after) == depth && !at(after).isWord(u"AND")
                    && !at(after).isWord(u"JOIN") && !at(after).isWord(u"WHERE")
                    && !at(after).isWord(u"GROUP") && !at(after).isWord(u"ORDER")
                    && !at(after).isWord(u"LEFT") && !at(after).isWord(u"INNER")
                    && !at(after).isWord(u"HAVING") && !at(after).isWord(u"LIMIT")
                    && at(after).kind != SqlTokenKind::CloseParen
                    && at(after).kind != SqlTokenKind::Semicolon)
                    continue;
                equality.block = block;
                equality.leftToken = leftColumn;
                equality.rightToken = rightColumn;
                found.append(equality);
            }
            if (!hasOr)
                m_scope.equalities.append(found);
        }
    }

    void readReferences()
    {
        QSet<qsizetype> sourceTokens;
        for (const QueryScope::Source &source : m_scope.sources)
            sourceTokens.insert(source.token);
        for (qsizetype i = 0; i < m_tokens.size(); ++i) {
            QString qualifier;
            QString column;
            qsizetype columnToken = -1;
            if (qualifiedAt(i, &qualifier, &column, &columnToken)) {
                if (!isKind(columnToken + 1, SqlTokenKind::OpenParen)
                    && !sourceTokens.contains(columnToken))
                    m_scope.references.append(
                            {qualifier, column, columnToken, m_scope.blockOf.at(i)});
                i = columnToken;
                continue;
            }
            const SqlToken &token = at(i);
            if (!isName(m_tokens, i) || sourceTokens.contains(i) || isKind(i - 1, SqlTokenKind::Dot)
                || isKind(i + 1, SqlTokenKind::Dot) || isKind(i + 1, SqlTokenKind::OpenParen))
                continue;
            if (isWord(i - 1, u"AS")) {
                m_scope.outputAliases.append(token.name);
                continue;
            }
            // The part EXTRACT reads (YEAR in EXTRACT(YEAR FROM d)) names no column.
            if (isWord(i - 2, u"EXTRACT") && isKind(i - 1, SqlTokenKind::OpenParen)
                && isWord(i + 1, u"FROM"))
                continue;
            // An alias after a FROM item's table, or a bare alias in a select list.
            if (has(i - 1) && sourceTokens.contains(i - 1))
                continue;
            if (m_scope.cteNames.contains(token.name, Qt::CaseInsensitive))
                continue;
            m_scope.references.append({QString(), token.name, i, m_scope.blockOf.at(i)});
        }
    }

    QStringView m_source;
    QueryScope &m_scope;
    const QList<SqlToken> &m_tokens;
    bool m_inWith = false;
};

} // namespace

QueryScope QueryScope::read(QStringView sql, Engine engine)
{
    QueryScope scope;
    const QList<SqlToken> all = SqlTokenizer(engine).tokenize(sql);
    for (const SqlToken &token : all) {
        if (token.isComment())
            scope.hasComments = true;
        else
            scope.tokens.append(token);
    }
    Reader(scope, sql).run();
    return scope;
}

bool QueryScope::endsFromClause(const QList<SqlToken> &tokens, qsizetype i)
{
    static const QStringList words = {u"WHERE"_s,  u"GROUP"_s, u"HAVING"_s, u"ORDER"_s,  u"LIMIT"_s,
                                      u"OFFSET"_s, u"FETCH"_s, u"WINDOW"_s, u"QUALIFY"_s};
    const SqlToken &token = tokens.at(i);
    if (token.kind == SqlTokenKind::Semicolon || isSetOperatorAt(tokens, i))
        return true;
    return token.kind == SqlTokenKind::Word && words.contains(token.name, Qt::CaseInsensitive);
}

bool QueryScope::isReservedWord(QStringView word)
{
    static const QSet<QString> reserved = {
            u"ORDER"_s,   u"GROUP"_s,        u"USER"_s,    u"SELECT"_s,     u"FROM"_s,
            u"WHERE"_s,   u"TABLE"_s,        u"LIMIT"_s,   u"OFFSET"_s,     u"DESC"_s,
            u"ASC"_s,     u"KEY"_s,          u"INDEX"_s,   u"DEFAULT"_s,    u"CHECK"_s,
            u"COLUMN"_s,  u"RANGE"_s,        u"ROWS"_s,    u"WINDOW"_s,     u"PARTITION"_s,
            u"VALUES"_s,  u"CASE"_s,         u"END"_s,     u"ALL"_s,        u"ANY"_s,
            u"ROLE"_s,    u"TO"_s,           u"ON"_s,      u"REFERENCES"_s, u"GRANT"_s,
            u"SESSION"_s, u"CURRENT_USER"_s, u"ANALYSE"_s, u"ANALYZE"_s,    u"PRIMARY"_s,
            u"RANK"_s,    u"INTERVAL"_s,     u"MATCH"_s,   u"READ"_s,       u"RELEASE"_s,
            u"SQL"_s,
    };
    return reserved.contains(word.toString().toUpper());
}

bool QueryScope::isKeyword(QStringView word)
{
    return isReservedWord(word) || isSqlKeyword(word)
            || word.compare(u"natural", Qt::CaseInsensitive) == 0
            || word.compare(u"some", Qt::CaseInsensitive) == 0;
}

QueryScope::SpacedAlias QueryScope::spacedAlias(QStringView sql, qsizetype i,
                                                const SchemaNames *schema) const
{
    const auto word = [&](qsizetype j) {
        return j >= 0 && j < tokens.size() && tokens.at(j).kind == SqlTokenKind::Word
                && !isKeyword(tokens.at(j).name);
    };
    const auto aliasWord = [&](qsizetype j) {
        return word(j)
                || (j < tokens.size() && tokens.at(j).kind == SqlTokenKind::Operator
                    && tokens.at(j).text(sql) == u"-" && word(j - 1) && word(j + 1));
    };
    SpacedAlias alias;
    if (i < 2 || i >= tokens.size() || !tokens.at(i - 2).isWord(u"AS") || !word(i - 1)
        || !aliasWord(i))
        return alias;
    // No clause of its block between its SELECT and the alias.
    for (qsizetype j = i - 3; j >= 0; --j) {
        if (blockOf.at(j) != blockOf.at(i) || depthOf.at(j) != depthOf.at(i))
            continue;
        if (tokens.at(j).isWord(u"SELECT"))
            break;
        if (clauseRank(tokens, j) > 0)
            return alias;
    }
    alias.first = i - 1;
    alias.last = i;
    while (aliasWord(alias.last + 1))
        ++alias.last;
    const qsizetype next = alias.last + 1;
    alias.endsItem = next < tokens.size() && depthOf.at(next) == depthOf.at(i)
            && (tokens.at(next).kind == SqlTokenKind::Comma || tokens.at(next).isWord(u"FROM"));
    if (!schema)
        return alias;
    alias.columnsKnown = true;
    for (const Source &source : sources) {
        const SchemaNames::Table *table =
                source.derived ? nullptr : schema->findTable(source.table);
        alias.columnsKnown = alias.columnsKnown && table;
        for (qsizetype w = alias.first + 1; w <= alias.last && alias.itemWord < 0; ++w) {
            const QString &name = tokens.at(w).name;
            if (!name.isEmpty() && table && table->hasColumn(name))
                alias.itemWord = w;
        }
    }
    return alias;
}

bool QueryScope::startsProse(const QList<SqlToken> &tokens, qsizetype i, QStringView sql)
{
    const auto proseWord = [](const SqlToken &w) {
        return w.kind == SqlTokenKind::Word && !w.name.contains(u'_')
                && std::none_of(w.name.cbegin(), w.name.cend(),
                                [](QChar c) { return c.isDigit(); });
    };
    // No statement ends at a comma, an operator or a word that asks for what follows, so a word
    // after one is a name or a value: FROM Professionals p, JOIN Dogs d.
    const auto asksForMore = [sql](const SqlToken &p) {
        static const QStringList words{
                u"SELECT"_s, u"DISTINCT"_s, u"FROM"_s,   u"JOIN"_s,    u"ON"_s,        u"USING"_s,
                u"WHERE"_s,  u"AND"_s,      u"OR"_s,     u"NOT"_s,     u"BY"_s,        u"HAVING"_s,
                u"IN"_s,     u"LIKE"_s,     u"IS"_s,     u"BETWEEN"_s, u"CASE"_s,      u"WHEN"_s,
                u"THEN"_s,   u"ELSE"_s,     u"AS"_s,     u"UNION"_s,   u"INTERSECT"_s, u"EXCEPT"_s,
                u"ALL"_s,    u"LIMIT"_s,    u"OFFSET"_s,
        };
        return p.kind == SqlTokenKind::Comma || p.kind == SqlTokenKind::Dot
                || (p.kind == SqlTokenKind::Operator && p.text(sql) != u"*")
                || (p.kind == SqlTokenKind::Word && words.contains(p.name, Qt::CaseInsensitive));
    };
    if (i < 0 || i + 1 >= tokens.size() || (i > 0 && asksForMore(tokens.at(i - 1))))
        return false;
    const SqlToken &t = tokens.at(i);
    const bool capitalised = t.name.size() > 1 && t.name.front().isUpper()
            && t.name.sliced(1) == t.name.sliced(1).toLower();
    if (!capitalised || !proseWord(t) || (isKeyword(t.name) && !t.isWord(u"SQL")))
        return false;
    const SqlToken &w = tokens.at(i + 1);
    return w.text(sql) == u":"
            || (proseWord(w) && (w.name == w.name.toLower() || w.isWord(u"SQL"))
                && clauseRank(tokens, i + 1) == 0 && !w.isWord(u"ON") && !w.isWord(u"AS")
                && !w.isWord(u"USING"));
}

const QueryScope::Source *QueryScope::undottedQualifier(qsizetype i,
                                                        const SchemaNames *schema) const
{
    if (!schema || i < 1 || i >= tokens.size())
        return nullptr;
    const SqlToken &word = tokens.at(i - 1);
    const SqlToken &column = tokens.at(i);
    if (word.kind != SqlTokenKind::Word || isKeyword(word.name) || !column.isIdentifier()
        || (column.kind == SqlTokenKind::Word && isKeyword(column.name)))
        return nullptr;
    if (i >= 2 && (tokens.at(i - 2).isWord(u"AS") || tokens.at(i - 2).kind == SqlTokenKind::Dot))
        return nullptr;
    const Source *source = find(word.name, blockAt(i));
    const SchemaNames::Table *table =
            source && !source->derived ? schema->findTable(source->table) : nullptr;
    return table && table->hasColumn(column.name) ? source : nullptr;
}

int QueryScope::clauseRank(const QList<SqlToken> &tokens, qsizetype i)
{
    const SqlToken &t = tokens.at(i);
    if (t.kind != SqlTokenKind::Word)
        return 0;
    const auto followedBy = [&](QStringView word) {
        return i + 1 < tokens.size() && tokens.at(i + 1).isWord(word);
    };
    if (t.isWord(u"FROM"))
        return i > 0 && tokens.at(i - 1).isWord(u"DISTINCT") ? 0 : 1; // IS DISTINCT FROM
    if (t.isWord(u"JOIN"))
        return 2;
    if ((t.isWord(u"INNER") || t.isWord(u"LEFT") || t.isWord(u"RIGHT") || t.isWord(u"FULL")
         || t.isWord(u"CROSS") || t.isWord(u"NATURAL"))
        && (followedBy(u"JOIN") || followedBy(u"OUTER")))
        return 2;
    if (t.isWord(u"WHERE"))
        return 3;
    if (t.isWord(u"GROUP") && followedBy(u"BY"))
        return 4;
    if (t.isWord(u"HAVING"))
        return 5;
    if (t.isWord(u"ORDER") && followedBy(u"BY"))
        return 6;
    if (t.isWord(u"LIMIT"))
        return 7;
    return 0;
}

QString QueryScope::clauseName(int rank)
{
    static const QStringList names{QString(),     u"FROM"_s,   u"JOIN"_s,     u"WHERE"_s,
                                   u"GROUP BY"_s, u"HAVING"_s, u"ORDER BY"_s, u"LIMIT"_s};
    return rank > 0 && rank < names.size() ? names.at(rank) : QString();
}

const QueryScope::Source *QueryScope::find(QStringView aliasOrTable, int block) const
{
    const Source *fallback = nullptr;
    for (const Source &source : sources) {
        if (!sameName(source.alias, aliasOrTable))
            continue;
        if (block < 0 || source.block == block)
            return &source;
        if (!fallback)
            fallback = &source;
    }
    if (fallback)
        return fallback;
    // A table referred to by its own name although it has an alias.
    for (const Source &source : sources) {
        if (sameName(source.table, aliasOrTable) && !source.derived)
            return &source;
    }
    return nullptr;
}

const QueryScope::Source *QueryScope::sourceOf(const Reference &reference) const
{
    if (!reference.qualifier.isEmpty())
        return find(reference.qualifier, reference.block);
    const Source *found = nullptr;
    for (const Source &source : sources) {
        if (source.block != reference.block)
            continue;
        if (found)
            return nullptr;
        found = &source;
    }
    return found;
}

QStringList QueryScope::tables() const
{
    QStringList result;
    for (const Source &source : sources) {
        if (!source.derived && !source.table.isEmpty()
            && !result.contains(source.table, Qt::CaseInsensitive))
            result.append(source.table);
    }
    return result;
}

QList<const QueryScope::Source *> QueryScope::visible(int block) const
{
    QList<const Source *> result;
    QList<int> chain;
    for (int b = block; b >= 0 && b < parentOf.size() && !chain.contains(b); b = parentOf.at(b))
        chain.append(b);
    if (chain.isEmpty())
        chain.append(block);
    for (const Source &source : sources) {
        if (chain.contains(source.block))
            result.append(&source);
    }
    return result;
}

int QueryScope::blockAt(qsizetype token) const
{
    return token >= 0 && token < blockOf.size() ? blockOf.at(token) : -1;
}

bool QueryScope::isOutputAlias(QStringView name) const
{
    for (const QString &alias : outputAliases) {
        if (sameName(alias, name))
            return true;
    }
    return false;
}

const QueryScope::Source *QueryScope::outerSourceOf(const Reference &reference,
                                                    const SchemaNames &schema) const
{
    const int block = reference.block;
    if (!reference.qualifier.isEmpty() || block < 0 || block >= parentOf.size()
        || parentOf.at(block) < 0)
        return nullptr;
    // The table of a source, or null for a subquery, a WITH query or a table the schema lacks.
    const auto tableOf = [&](const Source &source) -> const SchemaNames::Table * {
        return source.derived ? nullptr : schema.findTable(source.table);
    };
    for (const Source &source : sources) {
        if (source.block != block)
            continue;
        const SchemaNames::Table *table = tableOf(source);
        if (!table || table->hasColumn(reference.column))
            return nullptr;
    }
    QList<int> chain;
    for (int b = parentOf.at(block); b >= 0 && b < parentOf.size() && !chain.contains(b);
         b = parentOf.at(b)) {
        chain.append(b);
        const Source *found = nullptr;
        for (const Source &source : sources) {
            const SchemaNames::Table *table = source.block == b ? tableOf(source) : nullptr;
            if (!table || !table->hasColumn(reference.column))
                continue;
            if (found)
                return nullptr; // ambiguous
            found = &source;
        }
        if (found)
            return found;
    }
    return nullptr;
}

bool QueryScope::aggregates(int block) const
{
    for (qsizetype i = 0; i < tokens.size() && i < blockOf.size(); ++i) {
        if (blockOf.at(i) == block && isAggregateCall(tokens, i))
            return true;
    }
    return false;
}

QList<QueryScope::OuterAggregate> QueryScope::outerAggregates(const SchemaNames *schema) const
{
    QList<OuterAggregate> result;
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        if (!isAggregateCall(tokens, i))
            continue;
        const int block = blockOf.at(i);
        if (block < 0 || block >= parentOf.size() || parentOf.at(block) < 0)
            continue;
        OuterAggregate aggregate{i, -1, block, -1, {}};
        bool subquery = false; // a subquery inside it: leave it
        for (qsizetype j = i + 1, open = 0; j < tokens.size(); ++j) {
            subquery = subquery || blockOf.at(j) != block;
            if (tokens.at(j).kind == SqlTokenKind::OpenParen) {
                ++open;
            } else if (tokens.at(j).kind == SqlTokenKind::CloseParen && --open == 0) {
                aggregate.close = j;
                break;
            }
        }
        if (aggregate.close < 0 || subquery)
            continue;
        // The sources of its own block, and those of the blocks around it.
        QList<int> own;
        QList<int> outer;
        QList<int> chain;
        for (int b = parentOf.at(block); b >= 0 && b < parentOf.size() && !chain.contains(b);
             b = parentOf.at(b))
            chain.append(b);
        for (int s = 0; s < sources.size(); ++s) {
            if (sources.at(s).block == block)
                own.append(s);
            else if (chain.contains(sources.at(s).block))
                outer.append(s);
        }
        bool valid = true;
        for (int r = 0; r < references.size() && valid; ++r) {
            const Reference &reference = references.at(r);
            if (reference.token <= i || reference.token >= aggregate.close)
                continue;
            int source = -1;
            if (!reference.qualifier.isEmpty()) {
                for (const int s : std::as_const(own)) {
                    if (sameName(sources.at(s).alias, reference.qualifier)
                        || (!sources.at(s).derived
                            && sameName(sources.at(s).table, reference.qualifier)))
                        valid = false; // its own block's
                }
                for (const int s : std::as_const(outer)) {
                    if (source < 0 && sameName(sources.at(s).alias, reference.qualifier))
                        source = s;
                }
            } else if (const Source *found = schema ? outerSourceOf(reference, *schema) : nullptr) {
                source = int(found - sources.constData());
            }
            if (source < 0 || (aggregate.outerSource >= 0 && aggregate.outerSource != source))
                valid = false;
            aggregate.outerSource = source;
            aggregate.references.append(r);
        }
        if (valid && aggregate.outerSource >= 0 && !aggregate.references.isEmpty())
            result.append(aggregate);
    }
    return result;
}

QList<qsizetype> QueryScope::orderDirectionWords() const
{
    QList<qsizetype> result;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (!(token.isWord(u"MIN") || token.isWord(u"MAX")))
            continue;
        // After a term: a name, a number or a closing parenthesis, not AS, BY or a comma.
        const SqlToken &before = tokens.at(i - 1);
        const bool afterTerm = before.kind == SqlTokenKind::CloseParen
                || before.kind == SqlTokenKind::Number
                || (before.isIdentifier() && !before.isSqlKeyword());
        if (!afterTerm)
            continue;
        if (i + 1 < tokens.size()) {
            const SqlToken &after = tokens.at(i + 1);
            if (!(after.kind == SqlTokenKind::Comma || after.kind == SqlTokenKind::CloseParen
                  || after.kind == SqlTokenKind::Semicolon || after.isWord(u"LIMIT")
                  || after.isWord(u"OFFSET") || after.isWord(u"NULLS")))
                continue;
        }
        // The latest clause of its own block at its depth is ORDER BY.
        int clause = 0;
        for (qsizetype j = i - 1; j >= 0; --j) {
            if (blockOf.at(j) != blockOf.at(i) || depthOf.at(j) != depthOf.at(i))
                continue;
            if (tokens.at(j).isWord(u"SELECT"))
                break;
            if ((clause = clauseRank(tokens, j)) != 0)
                break;
        }
        if (clause == 6)
            result.append(i);
    }
    return result;
}

QList<QueryScope::FetchClause> QueryScope::fetchClauses() const
{
    const auto rowWord = [](const SqlToken &token) {
        return token.isWord(u"ROW") || token.isWord(u"ROWS");
    };
    QList<FetchClause> result;
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        if (depthOf.at(i) != 0 || !tokens.at(i).isWord(u"FETCH")
            || !(tokens.at(i + 1).isWord(u"FIRST") || tokens.at(i + 1).isWord(u"NEXT")))
            continue;
        FetchClause clause;
        clause.fetch = clause.start = i;
        qsizetype at = i + 2;
        if (at < tokens.size() && tokens.at(at).kind == SqlTokenKind::Number)
            clause.rows = at++;
        if (at + 1 < tokens.size() && rowWord(tokens.at(at)) && tokens.at(at + 1).isWord(u"ONLY"))
            clause.only = at + 1;
        // OFFSET m [ROW[S]] right before it.
        qsizetype before = i - 1;
        if (before >= 0 && rowWord(tokens.at(before)))
            --before;
        if (before >= 1 && tokens.at(before).kind == SqlTokenKind::Number
            && tokens.at(before - 1).isWord(u"OFFSET")) {
            clause.offset = before;
            clause.start = before - 1;
        }
        result.append(clause);
    }
    return result;
}

QStringList QueryScope::cteColumns(QStringView name) const
{
    for (qsizetype i = 0; i + 2 < tokens.size(); ++i) {
        if (!tokens.at(i).isIdentifier() || tokens.at(i).name.compare(name, Qt::CaseInsensitive))
            continue;
        qsizetype at = i + 1;
        QStringList listed;
        if (tokens.at(at).kind == SqlTokenKind::OpenParen) {
            for (++at; at < tokens.size() && tokens.at(at).kind != SqlTokenKind::CloseParen; ++at) {
                if (tokens.at(at).isIdentifier())
                    listed.append(tokens.at(at).name);
            }
            ++at;
        }
        if (at + 2 >= tokens.size() || !tokens.at(at).isWord(u"AS")
            || tokens.at(at + 1).kind != SqlTokenKind::OpenParen)
            continue;
        if (!listed.isEmpty())
            return listed;
        // The body's SELECT list, at its own depth, up to its FROM.
        qsizetype first = at + 2;
        if (!tokens.at(first).isWord(u"SELECT"))
            return {};
        const int depth = depthOf.at(first);
        ++first;
        if (first < tokens.size()
            && (tokens.at(first).isWord(u"DISTINCT") || tokens.at(first).isWord(u"ALL")))
            ++first;
        QStringList columns;
        qsizetype itemStart = first;
        for (qsizetype j = first; j < tokens.size(); ++j) {
            const bool level = depthOf.at(j) == depth;
            const bool end = j + 1 >= tokens.size()
                    || (level
                        && (tokens.at(j).kind == SqlTokenKind::Comma
                            || tokens.at(j).isWord(u"FROM")))
                    || depthOf.at(j) < depth;
            if (!end)
                continue;
            const qsizetype last = j - 1;
            if (last < itemStart)
                return {};
            const SqlToken &tail = tokens.at(last);
            const bool named = tail.isIdentifier()
                    && (last == itemStart || tokens.at(last - 1).isWord(u"AS")
                        || tokens.at(last - 1).kind == SqlTokenKind::Dot
                        || tokens.at(last - 1).isIdentifier());
            if (!named)
                return {};
            columns.append(tail.name);
            if (!level || tokens.at(j).isWord(u"FROM") || depthOf.at(j) < depth)
                return columns;
            itemStart = j + 1;
        }
        return columns;
    }
    return {};
}

} // namespace sqlmend::core
