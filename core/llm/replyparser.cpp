#include "core/llm/replyparser.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

struct Fence
{
    QString language;
    QString body;
};

bool isSqlLanguage(const QString &language)
{
    static const QStringList names = {
            u"sql"_s,        u"sqlite"_s, u"sqlite3"_s,  u"postgresql"_s, u"postgres"_s,
            u"psql"_s,       u"pgsql"_s,  u"plpgsql"_s,  u"mysql"_s,      u"mariadb"_s,
            u"tsql"_s,       u"t-sql"_s,  u"mssql"_s,    u"plsql"_s,      u"oracle"_s,
            u"hive"_s,       u"hiveql"_s, u"sparksql"_s, u"bigquery"_s,   u"snowflake"_s,
            u"clickhouse"_s, u"duckdb"_s, u"trino"_s,    u"presto"_s,     u"redshift"_s,
    };
    return names.contains(language);
}

bool isBlank(QStringView line)
{
    return line.trimmed().isEmpty();
}

// Where a fence opens on a line: at its start, or after prose ("Here it is: ```sql"). -1: none.
qsizetype fenceStart(QStringView line)
{
    const QStringView trimmed = line.trimmed();
    if (trimmed.startsWith(u"```"_s) || trimmed.startsWith(u"~~~"_s))
        return line.indexOf(trimmed.front());
    return line.indexOf(u"```"_s);
}

// Fenced blocks (``` or ~~~), also when the opener follows text on its line. An unclosed fence
// runs to the end: the stream may have been cut.
QList<Fence> fences(const QString &text)
{
    QList<Fence> result;
    const QList<QStringView> lines = QStringView(text).split(u'\n');
    qsizetype i = 0;
    while (i < lines.size()) {
        const qsizetype at = fenceStart(lines.at(i));
        const QStringView opener = at < 0 ? QStringView() : lines.at(i).sliced(at).trimmed();
        ++i;
        if (opener.isEmpty())
            continue;
        const QChar mark = opener.front();
        qsizetype length = 0;
        while (length < opener.size() && opener.at(length) == mark)
            ++length;
        QStringView rest = opener.sliced(length);
        qsizetype word = 0;
        while (word < rest.size() && !rest.at(word).isSpace() && rest.at(word) != u'{')
            ++word;
        QString language = rest.first(word).toString().toLower();
        rest = rest.sliced(word).trimmed();
        Fence fence{language, {}};
        QStringList body;
        const QString closer(length, mark);
        bool closed = false;
        // "```sql SELECT 1 ```": a body on the opener's own line.
        if (!rest.isEmpty() && !rest.startsWith(u'{')) {
            const qsizetype end = rest.indexOf(closer);
            body.append((end < 0 ? rest : rest.first(end)).toString());
            closed = end >= 0;
        }
        while (!closed && i < lines.size()) {
            const QStringView line = lines.at(i);
            const QStringView trimmed = line.trimmed();
            ++i;
            if (trimmed.startsWith(closer) && trimmed.count(mark) == trimmed.size())
                break;
            // "SELECT 1;```": the closer glued to the last line.
            if (trimmed.endsWith(closer)) {
                body.append(trimmed.chopped(closer.size()).toString());
                break;
            }
            body.append(line.toString());
        }
        fence.body = body.join(u'\n');
        result.append(std::move(fence));
    }
    return result;
}

QString cleaned(QStringView sql)
{
    QStringView view = sql.trimmed();
    while (view.endsWith(u';'))
        view = view.chopped(1).trimmed();
    return view.toString();
}

// "sql" or "query" from a JSON object, found whole or as the outermost {...} of the text.
QString sqlFromJson(QStringView text)
{
    const qsizetype open = text.indexOf(u'{');
    const qsizetype close = text.lastIndexOf(u'}');
    if (open < 0 || close <= open)
        return {};
    const QJsonDocument document =
            QJsonDocument::fromJson(text.sliced(open, close - open + 1).toUtf8());
    if (!document.isObject())
        return {};
    const QJsonObject object = document.object();
    for (const QString &key : {u"sql"_s, u"query"_s, u"SQL"_s}) {
        const QString value = object.value(key).toString();
        if (!value.trimmed().isEmpty())
            return cleaned(value);
    }
    return {};
}

QStringView skipComments(QStringView text)
{
    for (;;) {
        text = text.trimmed();
        if (text.startsWith(u"--"_s)) {
            const qsizetype end = text.indexOf(u'\n');
            text = end < 0 ? QStringView() : text.sliced(end + 1);
        } else if (text.startsWith(u"/*"_s)) {
            const qsizetype end = text.indexOf(u"*/"_s, 2);
            text = end < 0 ? QStringView() : text.sliced(end + 2);
        } else {
            return text;
        }
    }
}

QStringView firstWord(QStringView text)
{
    qsizetype n = 0;
    while (n < text.size() && (text.at(n).isLetter() || text.at(n) == u'_'))
        ++n;
    return text.first(n);
}

// SQL keywords are written all upper or all lower case; "Select the rows..." is a sentence.
bool sqlCased(QStringView word)
{
    return word.size() > 1
            && (word == word.toString().toUpper() || word == word.toString().toLower());
}

bool isContinuation(QStringView line)
{
    const QStringView text = line.trimmed();
    if (text.isEmpty())
        return false;
    const QChar c = text.front();
    if (c == u'(' || c == u')' || c == u',' || text.startsWith(u"--"_s))
        return true;
    const QStringView word = firstWord(text);
    static const QStringList words = {
            u"FROM"_s,  u"WHERE"_s,   u"GROUP"_s,     u"ORDER"_s,  u"HAVING"_s, u"LIMIT"_s,
            u"JOIN"_s,  u"LEFT"_s,    u"RIGHT"_s,     u"INNER"_s,  u"OUTER"_s,  u"FULL"_s,
            u"CROSS"_s, u"UNION"_s,   u"INTERSECT"_s, u"EXCEPT"_s, u"AND"_s,    u"OR"_s,
            u"ON"_s,    u"SELECT"_s,  u"WITH"_s,      u"OFFSET"_s, u"WINDOW"_s, u"QUALIFY"_s,
            u"FETCH"_s, u"AS"_s,      u"CASE"_s,      u"WHEN"_s,   u"THEN"_s,   u"ELSE"_s,
            u"END"_s,   u"LATERAL"_s, u"NATURAL"_s,   u"USING"_s,  u"VALUES"_s,
    };
    return sqlCased(word) && words.contains(word.toString().toUpper());
}

// A line of prose: starts with a capitalised word that is not a keyword and ends a sentence.
bool isProseLine(QStringView line)
{
    if (line.isEmpty() || line.front().isSpace())
        return false;
    const QStringView text = line.trimmed();
    const QStringView word = firstWord(text);
    if (word.size() < 2 || !word.front().isUpper() || sqlCased(word))
        return false;
    return text.endsWith(u'.') || text.endsWith(u':') || text.endsWith(u'!');
}

// The statement that starts at `text`: up to ';' outside quotes and comments, or up to a blank
// line (or fence, or prose line) after which no SQL continues.
QString takeStatement(QStringView text)
{
    QChar quote;
    qsizetype i = 0;
    const qsizetype n = text.size();
    qsizetype lineStart = 0;
    while (i < n) {
        const QChar c = text.at(i);
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            ++i;
            continue;
        }
        if (c == u'\'' || c == u'"' || c == u'`') {
            quote = c;
            ++i;
            continue;
        }
        if (c == u'-' && i + 1 < n && text.at(i + 1) == u'-') {
            while (i < n && text.at(i) != u'\n')
                ++i;
            continue;
        }
        if (c == u'/' && i + 1 < n && text.at(i + 1) == u'*') {
            const qsizetype end = text.indexOf(u"*/"_s, i + 2);
            i = end < 0 ? n : end + 2;
            continue;
        }
        if (c == u';')
            return cleaned(text.first(i));
        if (c == u'\n') {
            lineStart = i + 1;
            const qsizetype next = text.indexOf(u'\n', lineStart);
            const QStringView line = text.sliced(lineStart, (next < 0 ? n : next) - lineStart);
            if (line.trimmed().startsWith(u"```"_s) || isProseLine(line))
                return cleaned(text.first(i));
            if (isBlank(line)) {
                // Find the next non-blank line and decide whether the statement goes on.
                qsizetype probe = lineStart;
                QStringView following;
                while (probe < n) {
                    const qsizetype end = text.indexOf(u'\n', probe);
                    following = text.sliced(probe, (end < 0 ? n : end) - probe);
                    if (!isBlank(following))
                        break;
                    if (end < 0) {
                        probe = n;
                        break;
                    }
                    probe = end + 1;
                }
                if (probe >= n || !isContinuation(following))
                    return cleaned(text.first(i));
            }
        }
        ++i;
    }
    return cleaned(text);
}

} // namespace

bool ReplyParser::looksLikeSql(QStringView text)
{
    const QStringView body = skipComments(text);
    const QStringView word = firstWord(body);
    if (!sqlCased(word))
        return false;
    const QString upper = word.toString().toUpper();
    static const QStringList others = {
            u"VALUES"_s,   u"EXPLAIN"_s, u"SHOW"_s,  u"DESCRIBE"_s, u"PRAGMA"_s, u"INSERT"_s,
            u"UPDATE"_s,   u"DELETE"_s,  u"MERGE"_s, u"CREATE"_s,   u"DROP"_s,   u"ALTER"_s,
            u"TRUNCATE"_s, u"REPLACE"_s, u"GRANT"_s, u"TABLE"_s,
    };
    const QStringView head = body.first(qMin<qsizetype>(body.size(), 4000));
    if (upper == u"SELECT"_s) {
        static const QRegularExpression from(u"\\bfrom\\b"_s,
                                             QRegularExpression::CaseInsensitiveOption);
        static const QRegularExpression literal(u"^select\\s+[\\d'\"(*-]"_s,
                                                QRegularExpression::CaseInsensitiveOption);
        return from.match(head).hasMatch() || literal.match(head).hasMatch();
    }
    if (upper == u"WITH"_s) {
        static const QRegularExpression cte(u"\\bas\\s*(not\\s+)?(materialized\\s*)?\\("_s,
                                            QRegularExpression::CaseInsensitiveOption);
        return cte.match(head).hasMatch();
    }
    return others.contains(upper) && body.size() > word.size()
            && (upper != u"TABLE"_s || !body.contains(u". "_s));
}

QString ReplyParser::stripReasoning(QStringView reply)
{
    QString text = reply.toString();
    for (const QString &tag : {u"think"_s, u"thinking"_s, u"reasoning"_s}) {
        const QString open = u'<' + tag + u'>';
        const QString close = u"</"_s + tag + u'>';
        // A closer without an opener: the server stripped the opener (some R1 deployments).
        const qsizetype firstClose = text.indexOf(close, 0, Qt::CaseInsensitive);
        const qsizetype firstOpen = text.indexOf(open, 0, Qt::CaseInsensitive);
        if (firstClose >= 0 && (firstOpen < 0 || firstOpen > firstClose))
            text.remove(0, firstClose + close.size());
        for (;;) {
            const qsizetype start = text.indexOf(open, 0, Qt::CaseInsensitive);
            if (start < 0)
                break;
            const qsizetype end = text.indexOf(close, start, Qt::CaseInsensitive);
            text.remove(start, end < 0 ? text.size() - start : end + close.size() - start);
        }
    }
    return text;
}

Result<ExtractedSql> ReplyParser::extract(QStringView reply)
{
    const bool hadReasoning = reply.contains(u"</think>"_s, Qt::CaseInsensitive)
            || reply.contains(u"<think>"_s, Qt::CaseInsensitive);
    QString text = stripReasoning(reply);
    text.replace(u"\r\n"_s, u"\n"_s);
    text.replace(u'\r', u'\n');
    if (text.trimmed().isEmpty()) {
        if (hadReasoning)
            return makeFailure(tr("The model's reply holds only its reasoning and no SQL."),
                               u"no_sql"_s);
        return makeFailure(tr("The model's reply is empty."), u"empty_reply"_s);
    }

    const QList<Fence> blocks = fences(text);
    for (auto it = blocks.crbegin(); it != blocks.crend(); ++it) {
        if (isSqlLanguage(it->language) && !cleaned(it->body).isEmpty())
            return ExtractedSql{cleaned(it->body), ExtractedSql::Source::SqlFence};
    }
    for (auto it = blocks.crbegin(); it != blocks.crend(); ++it) {
        if (it->language == u"json"_s || it->body.trimmed().startsWith(u'{')) {
            const QString sql = sqlFromJson(it->body);
            if (!sql.isEmpty())
                return ExtractedSql{sql, ExtractedSql::Source::JsonField};
        }
    }
    for (auto it = blocks.crbegin(); it != blocks.crend(); ++it) {
        if (looksLikeSql(it->body))
            return ExtractedSql{cleaned(it->body), ExtractedSql::Source::OtherFence};
    }

    const QStringView trimmed = QStringView(text).trimmed();
    if (trimmed.startsWith(u'{')) {
        const QString sql = sqlFromJson(trimmed);
        if (!sql.isEmpty())
            return ExtractedSql{sql, ExtractedSql::Source::JsonField};
    }
    if (looksLikeSql(trimmed)) {
        const QString sql = takeStatement(trimmed);
        if (!sql.isEmpty())
            return ExtractedSql{sql, ExtractedSql::Source::Bare};
    }

    // Outside fences only: inline code, then a statement after a sentence.
    QString prose = text;
    if (!blocks.isEmpty()) {
        static const QRegularExpression fenced(u"(```|~~~)[\\s\\S]*?(\\1|$)"_s);
        prose.replace(fenced, u"\n"_s);
    }
    static const QRegularExpression inlineCode(u"`([^`\\n]{6,})`"_s);
    QString lastInline;
    for (auto match = inlineCode.globalMatch(prose); match.hasNext();) {
        const QString code = match.next().captured(1);
        if (looksLikeSql(code))
            lastInline = cleaned(code);
    }
    if (!lastInline.isEmpty())
        return ExtractedSql{lastInline, ExtractedSql::Source::InlineCode};

    static const QRegularExpression start(u"(?<![\\w.])(SELECT|WITH|select|with)\\b"_s);
    for (auto match = start.globalMatch(prose); match.hasNext();) {
        const qsizetype at = match.next().capturedStart();
        const QStringView rest = QStringView(prose).sliced(at);
        if (looksLikeSql(rest)) {
            const QString sql = takeStatement(rest);
            if (!sql.isEmpty())
                return ExtractedSql{sql, ExtractedSql::Source::AfterProse};
        }
    }
    return makeFailure(tr("The model's reply contains no SQL."), u"no_sql"_s);
}

QString ReplyParser::sourceName(ExtractedSql::Source source)
{
    switch (source) {
    case ExtractedSql::Source::SqlFence:
        return u"sql_fence"_s;
    case ExtractedSql::Source::JsonField:
        return u"json"_s;
    case ExtractedSql::Source::OtherFence:
        return u"fence"_s;
    case ExtractedSql::Source::Bare:
        return u"bare"_s;
    case ExtractedSql::Source::InlineCode:
        return u"inline_code"_s;
    case ExtractedSql::Source::AfterProse:
        return u"after_prose"_s;
    }
    return u"sql_fence"_s;
}

} // namespace sqlmend::core
