#include "core/cases/sqlnormalizer.h"

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Common keywords of the dialects SQLMend talks to; a word missing here only keeps its case.
constexpr std::array keywords{
        u"ALL",       u"AND",       u"ANY",    u"AS",        u"ASC",      u"AVG",
        u"BETWEEN",   u"BY",        u"CASE",   u"CAST",      u"COALESCE", u"COUNT",
        u"CROSS",     u"CURRENT",   u"DATE",   u"DESC",      u"DISTINCT", u"ELSE",
        u"END",       u"ESCAPE",    u"EXCEPT", u"EXISTS",    u"EXTRACT",  u"FALSE",
        u"FETCH",     u"FILTER",    u"FIRST",  u"FOLLOWING", u"FOR",      u"FROM",
        u"FULL",      u"GROUP",     u"HAVING", u"ILIKE",     u"IN",       u"INNER",
        u"INTERSECT", u"INTERVAL",  u"IS",     u"JOIN",      u"LAST",     u"LATERAL",
        u"LEFT",      u"LIKE",      u"LIMIT",  u"MAX",       u"MIN",      u"NATURAL",
        u"NEXT",      u"NOT",       u"NULL",   u"NULLIF",    u"NULLS",    u"OFFSET",
        u"ON",        u"ONLY",      u"OR",     u"ORDER",     u"OUTER",    u"OVER",
        u"PARTITION", u"PRECEDING", u"RANGE",  u"RECURSIVE", u"RIGHT",    u"ROW",
        u"ROWS",      u"SELECT",    u"SOME",   u"SUM",       u"THEN",     u"TIME",
        u"TIMESTAMP", u"TOP",       u"TRUE",   u"UNBOUNDED", u"UNION",    u"USING",
        u"VALUES",    u"WHEN",      u"WHERE",  u"WINDOW",    u"WITH",
};

bool isKeyword(const QString &upper)
{
    return std::any_of(keywords.begin(), keywords.end(),
                       [&upper](const char16_t *keyword) { return upper == QStringView(keyword); });
}

bool isWordStart(QChar c)
{
    return c.isLetter() || c == u'_' || c.isHighSurrogate();
}

bool isWordPart(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'$' || c.isSurrogate() || c.isMark();
}

bool isTight(QStringView token)
{
    return token == u"(" || token == u")" || token == u"," || token == u"." || token == u";";
}

// The end of a quoted run starting at begin (the opening quote), past the closing quote; a
// doubled quote character continues the run. Unterminated: the end of the input.
qsizetype quotedEnd(QStringView sql, qsizetype begin, QChar quote)
{
    qsizetype i = begin + 1;
    while (i < sql.size()) {
        if (sql[i] == quote) {
            if (i + 1 < sql.size() && sql[i + 1] == quote) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        ++i;
    }
    return sql.size();
}

// $tag$ ... $tag$: returns the end past the closing tag, or -1 when begin does not open one.
qsizetype dollarQuoteEnd(QStringView sql, qsizetype begin)
{
    qsizetype i = begin + 1;
    while (i < sql.size() && (sql[i].isLetterOrNumber() || sql[i] == u'_'))
        ++i;
    if (i >= sql.size() || sql[i] != u'$')
        return -1;
    if (i > begin + 1 && sql[begin + 1].isDigit())
        return -1; // $1 is a parameter
    const QStringView tag = sql.sliced(begin, i - begin + 1);
    const qsizetype close = sql.indexOf(tag, i + 1);
    return close < 0 ? sql.size() : close + tag.size();
}

} // namespace

QString normalizedSql(QStringView sql)
{
    QString result;
    result.reserve(sql.size());
    bool spaceAllowed = false; // false at the start and after ( and .
    const auto appendToken = [&](QStringView token) {
        if (spaceAllowed && !isTight(token))
            result += u' ';
        result += token;
        spaceAllowed = token != u"(" && token != u".";
    };

    qsizetype i = 0;
    const qsizetype n = sql.size();
    while (i < n) {
        const QChar c = sql[i];
        if (c.isSpace()) {
            ++i;
            continue;
        }
        qsizetype end = i + 1;
        if (c == u'-' && i + 1 < n && sql[i + 1] == u'-') {
            end = sql.indexOf(u'\n', i);
            i = end < 0 ? n : end;
            continue; // a line comment says nothing to the database
        }
        if (c == u'/' && i + 1 < n && sql[i + 1] == u'*') {
            const qsizetype close = sql.indexOf(u"*/", i + 2);
            end = close < 0 ? n : close + 2;
        } else if (c == u'\'' || c == u'"' || c == u'`') {
            end = quotedEnd(sql, i, c);
        } else if (c == u'$' && (i == 0 || !isWordPart(sql[i - 1])) && dollarQuoteEnd(sql, i) > 0) {
            end = dollarQuoteEnd(sql, i);
        } else if (isWordStart(c)) {
            while (end < n && isWordPart(sql[end]))
                ++end;
            const QStringView word = sql.sliced(i, end - i);
            const QString upper = word.toString().toUpper();
            if (isKeyword(upper))
                appendToken(upper);
            else
                appendToken(word);
            i = end;
            continue;
        } else if (c.isDigit() || (c == u'$' && i + 1 < n && sql[i + 1].isDigit())) {
            while (end < n && (sql[end].isLetterOrNumber() || sql[end] == u'_'))
                ++end;
        }
        appendToken(sql.sliced(i, end - i));
        i = end;
    }
    // ";" never gets a space before it, so trailing ones are the last characters.
    while (result.endsWith(u';'))
        result.chop(1);
    return result;
}

QString normalizedRootCause(QStringView rootCause)
{
    return rootCause.toString().simplified();
}

} // namespace sqlmend::core
