#include "core/sql/sqltokenizer.h"

#include "core/engines/engineregistry.h"

#include <QSet>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool isSpace(char16_t c)
{
    return c == u' ' || c == u'\t' || c == u'\n' || c == u'\r' || c == u'\f' || c == u'\v';
}

bool isDigit(char16_t c)
{
    return c >= u'0' && c <= u'9';
}

// Like PostgreSQL, every non-ASCII character may be part of an identifier.
bool isIdentifierStart(char16_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_' || c >= 0x80;
}

bool isIdentifierPart(char16_t c)
{
    return isIdentifierStart(c) || isDigit(c) || c == u'$';
}

bool isHexDigit(char16_t c)
{
    return isDigit(c) || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
}

// Longest first, so that the first match is the longest one.
constexpr std::array<std::u16string_view, 28> multiCharOperators{
        u"<=>", u"->>", u"#>>", u"!~*", u"!~~", u"::", u"<=", u">=", u"<>", u"!=",
        u"||",  u"->",  u":=",  u"<<",  u">>",  u"#>", u"@>", u"<@", u"&&", u"==",
        u"!~",  u"~*",  u"?|",  u"?&",  u"~~",  u"=>", u"@@", u"**",
};

class Lexer
{
public:
    Lexer(QStringView source, const SqlLexicalRules &rules) : m_source(source), m_rules(rules) { }

    QList<SqlToken> run()
    {
        while (m_pos < m_source.size()) {
            const char16_t c = at(m_pos);
            if (isSpace(c)) {
                ++m_pos;
                continue;
            }
            lexOne(c);
        }
        return std::move(m_tokens);
    }

private:
    char16_t at(qsizetype index) const
    {
        // Past the end reads as NUL, which no lexing rule continues with.
        return index < m_source.size() ? m_source.at(index).unicode() : char16_t(0);
    }

    void push(SqlTokenKind kind, qsizetype start, QString name = {})
    {
        SqlToken token;
        token.kind = kind;
        token.offset = start;
        token.length = m_pos - start;
        token.name = std::move(name);
        m_tokens.append(std::move(token));
    }

    void pushError(SqlTokenError error, qsizetype start)
    {
        m_pos = m_source.size();
        push(SqlTokenKind::Error, start);
        m_tokens.last().error = error;
    }

    void lexOne(char16_t c)
    {
        const qsizetype start = m_pos;
        const char16_t next = at(m_pos + 1);
        if (c == 0) {
            ++m_pos;
            push(SqlTokenKind::Error, start);
            m_tokens.last().error = SqlTokenError::NulCharacter;
            return;
        }
        if (c == u'-' && next == u'-' && isDashComment())
            return lexLineComment(start);
        if (c == u'#' && m_rules.hashComments)
            return lexLineComment(start);
        if (c == u'/' && next == u'*')
            return lexBlockComment(start);
        if (c == u'\'')
            return lexString(start, m_pos, u'\'', m_rules.backslashEscapes);
        if (c == u'"') {
            if (m_rules.doubleQuotedStrings)
                return lexString(start, m_pos, u'"', m_rules.backslashEscapes);
            return lexQuotedIdentifier(start, m_pos + 1, u'"');
        }
        if (c == u'`' && m_rules.backtickIdentifiers)
            return lexQuotedIdentifier(start, m_pos + 1, u'`');
        if (c == u'[' && m_rules.bracketIdentifiers)
            return lexQuotedIdentifier(start, m_pos + 1, u']');
        if (isIdentifierStart(c))
            return lexWordOrPrefixedString(start, c, next);
        if (isDigit(c) || (c == u'.' && isDigit(next)))
            return lexNumber(start);
        if (c == u'$')
            return lexDollar(start, next);
        if (lexParameter(start, c, next))
            return;
        switch (c) {
        case u'(':
            ++m_pos;
            return push(SqlTokenKind::OpenParen, start);
        case u')':
            ++m_pos;
            return push(SqlTokenKind::CloseParen, start);
        case u',':
            ++m_pos;
            return push(SqlTokenKind::Comma, start);
        case u'.':
            ++m_pos;
            return push(SqlTokenKind::Dot, start);
        case u';':
            ++m_pos;
            return push(SqlTokenKind::Semicolon, start);
        default:
            break;
        }
        lexOperator(start);
    }

    bool isDashComment() const
    {
        if (!m_rules.dashCommentNeedsSpace)
            return true;
        // MySQL: "--" must be followed by white space or a control character, or end the input.
        const qsizetype after = m_pos + 2;
        return after >= m_source.size() || at(after) <= u' ';
    }

    void lexLineComment(qsizetype start)
    {
        while (m_pos < m_source.size() && at(m_pos) != u'\n' && at(m_pos) != u'\r')
            ++m_pos;
        push(SqlTokenKind::LineComment, start);
    }

    void lexBlockComment(qsizetype start)
    {
        SqlTokenKind kind = SqlTokenKind::BlockComment;
        if (m_rules.executableComments
            && (at(m_pos + 2) == u'!' || (at(m_pos + 2) == u'M' && at(m_pos + 3) == u'!'))) {
            kind = SqlTokenKind::ExecutableComment;
        }
        m_pos += 2;
        int depth = 1;
        while (m_pos < m_source.size()) {
            const char16_t c = at(m_pos);
            if (c == u'*' && at(m_pos + 1) == u'/') {
                m_pos += 2;
                if (--depth == 0)
                    return push(kind, start);
            } else if (c == u'/' && at(m_pos + 1) == u'*' && m_rules.nestedComments) {
                m_pos += 2;
                ++depth;
            } else {
                ++m_pos;
            }
        }
        pushError(SqlTokenError::UnterminatedComment, start);
    }

    // quotePos is the opening quote; a doubled quote stands for one.
    void lexString(qsizetype start, qsizetype quotePos, char16_t quote, bool backslash)
    {
        m_pos = quotePos + 1;
        while (m_pos < m_source.size()) {
            const char16_t c = at(m_pos);
            if (c == u'\\' && backslash) {
                m_pos += 2;
            } else if (c == quote) {
                if (at(m_pos + 1) == quote) {
                    m_pos += 2;
                } else {
                    ++m_pos;
                    return push(SqlTokenKind::String, start);
                }
            } else {
                ++m_pos;
            }
        }
        pushError(SqlTokenError::UnterminatedString, start);
    }

    void lexQuotedIdentifier(qsizetype start, qsizetype bodyStart, char16_t close)
    {
        QString name;
        m_pos = bodyStart;
        while (m_pos < m_source.size()) {
            const char16_t c = at(m_pos);
            if (c == u'\\' && m_rules.backslashInIdentifiers && close != u']') {
                if (m_pos + 1 < m_source.size())
                    name += QChar(at(m_pos + 1));
                m_pos += 2;
                continue;
            }
            if (c == close) {
                if (at(m_pos + 1) == close) {
                    name += QChar(close);
                    m_pos += 2;
                    continue;
                }
                ++m_pos;
                return push(SqlTokenKind::QuotedIdentifier, start, std::move(name));
            }
            name += QChar(c);
            ++m_pos;
        }
        pushError(SqlTokenError::UnterminatedIdentifier, start);
    }

    void lexWordOrPrefixedString(qsizetype start, char16_t c, char16_t next)
    {
        const char16_t lower = c | 0x20;
        if (next == u'\'') {
            if (lower == u'e' && m_rules.escapeStrings)
                return lexString(start, m_pos + 1, u'\'', true);
            if (lower == u'n' || lower == u'x' || lower == u'b')
                return lexString(start, m_pos + 1, u'\'', m_rules.backslashEscapes);
        }
        if (lower == u'u' && next == u'&') {
            if (at(m_pos + 2) == u'\'')
                return lexString(start, m_pos + 2, u'\'', false);
            if (at(m_pos + 2) == u'"')
                return lexQuotedIdentifier(start, m_pos + 3, u'"');
        }
        while (m_pos < m_source.size() && isIdentifierPart(at(m_pos)))
            ++m_pos;
        push(SqlTokenKind::Word, start, m_source.sliced(start, m_pos - start).toString());
    }

    void lexNumber(qsizetype start)
    {
        if (at(m_pos) == u'0' && (at(m_pos + 1) | 0x20) == u'x' && isHexDigit(at(m_pos + 2))) {
            m_pos += 2;
            while (isHexDigit(at(m_pos)))
                ++m_pos;
            return push(SqlTokenKind::Number, start);
        }
        while (isDigit(at(m_pos)))
            ++m_pos;
        if (at(m_pos) == u'.' && at(m_pos + 1) != u'.') {
            ++m_pos;
            while (isDigit(at(m_pos)))
                ++m_pos;
        }
        if ((at(m_pos) | 0x20) == u'e') {
            const qsizetype sign = (at(m_pos + 1) == u'+' || at(m_pos + 1) == u'-') ? 1 : 0;
            if (isDigit(at(m_pos + 1 + sign))) {
                m_pos += 1 + sign;
                while (isDigit(at(m_pos)))
                    ++m_pos;
            }
        }
        push(SqlTokenKind::Number, start);
    }

    void lexDollar(qsizetype start, char16_t next)
    {
        if (m_rules.numberedDollarParameters && isDigit(next)) {
            ++m_pos;
            while (isDigit(at(m_pos)))
                ++m_pos;
            return push(SqlTokenKind::Parameter, start);
        }
        if (m_rules.dollarQuotes) {
            qsizetype tagEnd = m_pos + 1;
            if (isIdentifierStart(at(tagEnd))) {
                while (isIdentifierStart(at(tagEnd)) || isDigit(at(tagEnd)))
                    ++tagEnd;
            }
            if (at(tagEnd) == u'$')
                return lexDollarQuoted(start, m_source.sliced(start, tagEnd + 1 - start));
        }
        if (!m_rules.numberedDollarParameters && isIdentifierStart(next)) {
            ++m_pos;
            while (m_pos < m_source.size() && isIdentifierPart(at(m_pos)))
                ++m_pos;
            return push(SqlTokenKind::Parameter, start);
        }
        ++m_pos;
        push(SqlTokenKind::Operator, start);
    }

    void lexDollarQuoted(qsizetype start, QStringView tag)
    {
        const qsizetype close = m_source.indexOf(tag, start + tag.size());
        if (close < 0)
            return pushError(SqlTokenError::UnterminatedDollarQuote, start);
        m_pos = close + tag.size();
        push(SqlTokenKind::String, start);
    }

    bool lexParameter(qsizetype start, char16_t c, char16_t next)
    {
        if (c == u'?' && m_rules.questionMarkParameters) {
            ++m_pos;
            while (isDigit(at(m_pos)))
                ++m_pos;
            push(SqlTokenKind::Parameter, start);
            return true;
        }
        const bool named = (c == u':' && m_rules.colonParameters && isIdentifierStart(next))
                || (c == u'@' && m_rules.colonParameters
                    && (isIdentifierStart(next) || next == u'@'));
        if (!named)
            return false;
        m_pos += next == u'@' ? 2 : 1;
        while (m_pos < m_source.size() && (isIdentifierPart(at(m_pos)) || at(m_pos) == u'.'))
            ++m_pos;
        push(SqlTokenKind::Parameter, start);
        return true;
    }

    void lexOperator(qsizetype start)
    {
        const QStringView rest = m_source.sliced(m_pos);
        for (std::u16string_view op : multiCharOperators) {
            if (rest.startsWith(QStringView(op.data(), qsizetype(op.size())))) {
                m_pos += qsizetype(op.size());
                return push(SqlTokenKind::Operator, start);
            }
        }
        // Keep a surrogate pair together.
        m_pos += QChar::isHighSurrogate(at(m_pos)) && QChar::isLowSurrogate(at(m_pos + 1)) ? 2 : 1;
        push(SqlTokenKind::Operator, start);
    }

    QStringView m_source;
    const SqlLexicalRules &m_rules;
    qsizetype m_pos = 0;
    QList<SqlToken> m_tokens;
};

} // namespace

bool isComparisonOperator(QStringView op)
{
    return op == u"=" || op == u"==" || op == u"!=" || op == u"<>" || op == u"<" || op == u">"
            || op == u"<=" || op == u">=";
}

bool isSetOperatorAt(const QList<SqlToken> &tokens, qsizetype i)
{
    if (i < 0 || i >= tokens.size())
        return false;
    const SqlToken &token = tokens.at(i);
    if (token.isWord(u"UNION") || token.isWord(u"INTERSECT") || token.isWord(u"EXCEPT"))
        return true;
    if (!token.isWord(u"MINUS"))
        return false;
    qsizetype n = i + 1;
    while (n < tokens.size() && tokens.at(n).isComment())
        ++n;
    if (n >= tokens.size())
        return false;
    const SqlToken &next = tokens.at(n);
    return next.kind == SqlTokenKind::OpenParen || next.isWord(u"SELECT") || next.isWord(u"WITH")
            || next.isWord(u"VALUES") || next.isWord(u"ALL") || next.isWord(u"DISTINCT");
}

bool isAggregateName(QStringView word)
{
    static const QSet<QString> names{
            u"COUNT"_s,
            u"SUM"_s,
            u"AVG"_s,
            u"MIN"_s,
            u"MAX"_s,
            u"TOTAL"_s,
            u"GROUP_CONCAT"_s,
            u"STRING_AGG"_s,
            u"ARRAY_AGG"_s,
            u"JSON_AGG"_s,
            u"JSONB_AGG"_s,
            u"JSON_GROUP_ARRAY"_s,
            u"JSON_GROUP_OBJECT"_s,
            u"BOOL_AND"_s,
            u"BOOL_OR"_s,
            u"EVERY"_s,
            u"STDDEV"_s,
            u"STDDEV_POP"_s,
            u"STDDEV_SAMP"_s,
            u"VARIANCE"_s,
            u"VAR_POP"_s,
            u"VAR_SAMP"_s,
            u"BIT_AND"_s,
            u"BIT_OR"_s,
            u"BIT_XOR"_s,
            u"LISTAGG"_s,
            u"MEDIAN"_s,
    };
    return names.contains(word.toString().toUpper());
}

bool isAggregateCall(const QList<SqlToken> &tokens, qsizetype i)
{
    return i >= 0 && i + 1 < tokens.size() && tokens.at(i).kind == SqlTokenKind::Word
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen
            && isAggregateName(tokens.at(i).name);
}

qsizetype closingParen(const QList<SqlToken> &tokens, qsizetype open, qsizetype end)
{
    if (open < 0)
        return -1;
    if (end < 0 || end > tokens.size())
        end = tokens.size();
    int depth = 0;
    for (qsizetype i = open; i < end; ++i) {
        if (tokens.at(i).kind == SqlTokenKind::OpenParen)
            ++depth;
        else if (tokens.at(i).kind == SqlTokenKind::CloseParen && --depth == 0)
            return i;
    }
    return -1;
}

qsizetype openingParen(const QList<SqlToken> &tokens, qsizetype i, qsizetype begin)
{
    int depth = 0;
    for (qsizetype j = std::min(i, tokens.size()) - 1; j >= std::max<qsizetype>(begin, 0); --j) {
        if (tokens.at(j).kind == SqlTokenKind::CloseParen)
            ++depth;
        else if (tokens.at(j).kind == SqlTokenKind::OpenParen && depth-- == 0)
            return j;
    }
    return -1;
}

bool isSqlKeyword(QStringView word)
{
    static const QSet<QString> words{
            u"SELECT"_s,  u"FROM"_s,    u"WHERE"_s,    u"GROUP"_s,  u"ORDER"_s,  u"BY"_s,
            u"HAVING"_s,  u"LIMIT"_s,   u"OFFSET"_s,   u"UNION"_s,  u"ALL"_s,    u"INTERSECT"_s,
            u"EXCEPT"_s,  u"JOIN"_s,    u"INNER"_s,    u"LEFT"_s,   u"RIGHT"_s,  u"FULL"_s,
            u"OUTER"_s,   u"CROSS"_s,   u"ON"_s,       u"USING"_s,  u"AND"_s,    u"OR"_s,
            u"NOT"_s,     u"IN"_s,      u"IS"_s,       u"NULL"_s,   u"LIKE"_s,   u"BETWEEN"_s,
            u"AS"_s,      u"ASC"_s,     u"DESC"_s,     u"CASE"_s,   u"WHEN"_s,   u"THEN"_s,
            u"ELSE"_s,    u"END"_s,     u"DISTINCT"_s, u"WITH"_s,   u"NULLS"_s,  u"FIRST"_s,
            u"LAST"_s,    u"COLLATE"_s, u"ESCAPE"_s,   u"EXISTS"_s, u"WINDOW"_s, u"OVER"_s,
            u"FETCH"_s,   u"FOR"_s,     u"ILIKE"_s,    u"RLIKE"_s,  u"REGEXP"_s, u"GLOB"_s,
            u"SIMILAR"_s, u"MINUS"_s,   u"TOP"_s,      u"INTO"_s,   u"FILTER"_s,
    };
    return words.contains(word.toString().toUpper());
}

bool SqlToken::isSqlKeyword() const
{
    return kind == SqlTokenKind::Word && core::isSqlKeyword(name);
}

bool SqlToken::isComment() const
{
    return kind == SqlTokenKind::LineComment || kind == SqlTokenKind::BlockComment;
}

bool SqlToken::isIdentifier() const
{
    return kind == SqlTokenKind::Word || kind == SqlTokenKind::QuotedIdentifier;
}

bool SqlToken::isWord(QStringView keyword) const
{
    return kind == SqlTokenKind::Word && name.compare(keyword, Qt::CaseInsensitive) == 0;
}

SqlLexicalRules SqlLexicalRules::forEngine(Engine engine)
{
    return EngineRegistry::forEngine(engine).lexicalRules();
}

SqlTokenizer::SqlTokenizer(Engine engine) : m_rules(SqlLexicalRules::forEngine(engine)) { }

SqlTokenizer::SqlTokenizer(const SqlLexicalRules &rules) : m_rules(rules) { }

QList<SqlToken> SqlTokenizer::tokenize(QStringView sql) const
{
    return Lexer(sql, m_rules).run();
}

QList<SqlStatementRange> SqlTokenizer::statements(const QList<SqlToken> &tokens)
{
    QList<SqlStatementRange> result;
    qsizetype first = -1;
    qsizetype last = -1;
    const auto flush = [&] {
        if (first >= 0)
            result.append({first, last});
        first = last = -1;
    };
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::Semicolon) {
            flush();
            continue;
        }
        if (token.isComment())
            continue;
        if (first < 0)
            first = i;
        last = i + 1;
    }
    flush();
    return result;
}

BackslashQuotes backslashQuotesDoubled(QStringView sql, Engine engine)
{
    SqlLexicalRules rules = SqlLexicalRules::forEngine(engine);
    if (rules.backslashEscapes || !sql.contains(u"\\'"))
        return {};
    rules.backslashEscapes = true;
    BackslashQuotes result;
    qsizetype copied = 0;
    for (const SqlToken &token : SqlTokenizer(rules).tokenize(sql)) {
        if (token.kind == SqlTokenKind::Error)
            return {};
        const QStringView text = token.text(sql);
        if (token.kind != SqlTokenKind::String || !text.contains(u'\\'))
            continue;
        // A plain '...' string (not E'...', N'...' or X'...').
        if (text.size() < 2 || !text.startsWith(u'\'') || !text.endsWith(u'\''))
            return {};
        const QStringView body = text.sliced(1, text.size() - 2);
        QString doubled = u"'"_s;
        for (qsizetype k = 0; k < body.size(); ++k) {
            if (body.at(k) != u'\\') {
                doubled += body.at(k);
                continue;
            }
            if (k == 0 || k + 2 >= body.size() || body.at(k + 1) != u'\''
                || !body.at(k - 1).isLetterOrNumber() || !body.at(k + 2).isLetterOrNumber())
                return {};
            doubled += u"''"_s;
            ++k;
        }
        doubled += u'\'';
        if (result.written.isEmpty()) {
            result.written = text.toString();
            result.doubled = doubled;
        }
        result.sql += sql.sliced(copied, token.offset - copied);
        result.sql += doubled;
        copied = token.end();
    }
    if (result.written.isEmpty())
        return {};
    result.sql += sql.sliced(copied);
    for (const SqlToken &token : SqlTokenizer(engine).tokenize(result.sql)) {
        if (token.kind == SqlTokenKind::Error)
            return {};
    }
    return result;
}

} // namespace sqlmend::core
