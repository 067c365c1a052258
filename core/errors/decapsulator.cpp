#include "core/errors/decapsulator.h"

#include <QCoreApplication>
#include "core/errors/textpattern.h"

#include <QRegularExpression>
#include <QVarLengthArray>

#include <atomic>
#include <memory>
#include <mutex>
#include <string_view>
#include <utility>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Wrappers sit at the two ends of a message. Looking only at bounded windows there keeps a
// 10 MB message linear, and every pattern below is anchored with bounded repetition so that no
// input can make it backtrack.
constexpr qsizetype TailWindow = 512;
constexpr qsizetype HeadWindow = 4096;
constexpr int MaxPeelRounds = 24;

TextPattern pattern(const QString &source, int options = TextPattern::NoOption)
{
    return TextPattern(source, options);
}

void setCodeIfEmpty(DecapsulatedError &out, const QString &code)
{
    if (out.code.isEmpty() && !code.isEmpty())
        out.code = code;
}

void appendPart(QString &part, QStringView text)
{
    if (text.isEmpty())
        return;
    if (!part.isEmpty())
        part += u'\n';
    part += text;
}

// Matches `expression` against the first HeadWindow characters and returns the match; the
// expressions used with it are anchored at the start (anchoredPattern).
TextMatch matchHead(const TextPattern &expression, const QString &text)
{
    return expression.match(QStringView(text).left(HeadWindow));
}

// A pattern that can only match at the start of the text it is given. The anchor is part of the
// pattern, not a match option: PCRE2's JIT does not take PCRE2_ANCHORED at match time, and
// QRegularExpression::AnchorAtOffsetMatchOption would send every match to the interpreter.
TextPattern anchoredPattern(const QString &source, int options = TextPattern::NoOption)
{
    return pattern(u"\\A(?:"_s + source + u')', options);
}

// Where c is in text at or after from, or -1: a plain scan, without the general string search
// that QStringView::indexOf(QChar) goes through in Qt 6.4 (its set-up costs more than a short
// line's scan).
qsizetype findChar(QStringView text, char16_t c, qsizetype from = 0)
{
    const char16_t *data = text.utf16();
    for (qsizetype i = qMax<qsizetype>(from, 0); i < text.size(); ++i) {
        if (data[i] == c)
            return i;
    }
    return -1;
}

// --- Trailers: what drivers and clients append after the server's text ------------------------

// Whether tail holds "Q<driver>:" somewhere: the prefixed driver trailer cannot match otherwise.
bool hasQtDriverName(QStringView tail)
{
    static constexpr std::u16string_view names[] = {u"PSQL", u"MYSQL", u"ODBC",  u"SQLITE", u"OCI",
                                                    u"TDS",  u"DB2",   u"IBASE", u"MIMER"};
    for (qsizetype at = findChar(tail, u'Q'); at >= 0; at = findChar(tail, u'Q', at + 1)) {
        const QStringView after = tail.mid(at + 1);
        for (const std::u16string_view name : names) {
            if (after.startsWith(QStringView(name.data(), qsizetype(name.size()))))
                return true;
        }
    }
    return false;
}

// The texts Qt's SQLite driver appends without a prefix, in the language of the translation
// installed (Qt's own catalogue, e.g. "无法执行语句" in Chinese): the same wrapper in another
// language. Only the translated forms; the English ones are in the pattern below.
std::mutex driverTextsMutex;
std::shared_ptr<const QStringList> driverTextsCache;
// 0: not read yet, 1: read and empty (no translation installed), 2: read, with texts.
std::atomic<int> driverTextsState{0};

bool hasTranslatedDriverTexts()
{
    return driverTextsState.load(std::memory_order_acquire) != 1;
}

std::shared_ptr<const QStringList> translatedDriverTexts()
{
    std::lock_guard lock(driverTextsMutex);
    if (driverTextsCache)
        return driverTextsCache;
    static constexpr std::pair<const char *, const char *> texts[] = {
            {"QSQLiteResult", "Unable to execute statement"},
            {"QSQLiteResult", "Unable to fetch row"},
            {"QSQLiteResult", "Unable to execute multiple statements at a time"},
            {"QSQLiteResult", "Unable to bind parameters"},
            {"QSQLiteResult", "Unable to reset statement"},
            {"QSQLiteResult", "Parameter count mismatch"},
            {"QSQLiteResult", "No query"},
            {"QSQLiteDriver", "Error opening database"},
            {"QSQLiteDriver", "Error closing database"},
            {"QSQLiteDriver", "Unable to begin transaction"},
            {"QSQLiteDriver", "Unable to commit transaction"},
            {"QSQLiteDriver", "Unable to rollback transaction"},
    };
    QStringList translated;
    if (QCoreApplication::instance()) {
        for (const auto &[context, source] : texts) {
            const QString text = QCoreApplication::translate(context, source).trimmed();
            if (!text.isEmpty() && text != QLatin1StringView(source) && !translated.contains(text))
                translated.append(text);
        }
    }
    driverTextsState.store(translated.isEmpty() ? 1 : 2, std::memory_order_release);
    driverTextsCache = std::make_shared<const QStringList>(std::move(translated));
    return driverTextsCache;
}

// The English texts Qt's SQLite driver appends with no prefix (QSQLiteResult, QSQLiteDriver).
constexpr std::u16string_view SqliteDriverTexts[] = {
        u"Unable to execute statement",
        u"Unable to fetch row",
        u"Unable to execute multiple statements at a time",
        u"Unable to bind parameters",
        u"Unable to reset statement",
        u"Unable to begin transaction",
        u"Unable to commit transaction",
        u"Unable to rollback transaction",
        u"Error opening database",
        u"Error closing database",
        u"Parameter count mismatch",
};

QStringView view(std::u16string_view text)
{
    return QStringView(text.data(), qsizetype(text.size()));
}

// Where body ends with driverText after whitespace (the driver's words alone are left as they
// are): the length of what stays, or -1.
qsizetype beforeDriverText(QStringView body, QStringView driverText)
{
    if (body.size() <= driverText.size() || body.back() != driverText.back()
        || !body.endsWith(driverText))
        return -1;
    body.chop(driverText.size());
    if (body.isEmpty() || !(body.back() == u' ' || body.back() == u'\t' || body.back() == u'\n'))
        return -1; // nothing but the driver's text, or a word that only ends the same
    while (!body.isEmpty() && body.back().isSpace())
        body.chop(1);
    return body.isEmpty() ? -1 : body.size();
}

bool stripTrailer(QString &text, DecapsulatedError &out)
{
    // QSqlError::text() of the Qt drivers: "...\n(42P01) QPSQL: Unable to create query",
    // "... QMYSQL: Unable to execute query", "... QODBC: Unable to execute statement", or the
    // same in the language of Qt's installed translation ("QMYSQL: 无法连接").
    static const TextPattern qtDriver = pattern(
            uR"((?:\s*\(([0-9A-Z]{5})\))?\s*(Q(?:PSQL|MYSQL|ODBC|SQLITE|OCI|TDS|DB2|IBASE|MIMER)3?):[ \t]*[^\s\p{Ll}][^\n]{0,100}\z)"_s);
    // unixODBC isql's own last line.
    static const TextPattern isql = pattern(uR"(\n\[ISQL\][^\n]{0,120}\z)"_s);
    // psqlODBC reformats the server text as "ERROR: msg;\nError while executing the query".
    static const TextPattern psqlOdbc =
            pattern(uR"(;[ \t]*\n[ \t]*Error while [A-Za-z ]{1,60}[ \t]*\z)"_s);

    // Every trailer sits on the last line: its words are looked for there first, and a pattern
    // runs only where they are (most messages have no trailer at all).
    const qsizetype from = qMax<qsizetype>(0, text.size() - TailWindow);
    const QStringView tail = QStringView(text).mid(from);
    const qsizetype newline = tail.lastIndexOf(u'\n');
    const QStringView lastLine = tail.mid(newline + 1);
    if (hasQtDriverName(lastLine)) {
        if (const TextMatch m = qtDriver.match(tail); m.hasMatch()) {
            if (m.capturedStart(0) == 0 && from == 0)
                return false; // nothing but the driver's text: leave it
            setCodeIfEmpty(out, m.captured(1));
            out.layers.append(m.captured(2).toLower());
            text.truncate(from + m.capturedStart(0));
            return true;
        }
    }
    // QSQLITE adds its driver text with no prefix, in English or in the installed translation.
    QStringView body = QStringView(text);
    while (!body.isEmpty() && (body.back() == u' ' || body.back() == u'\t'))
        body.chop(1);
    for (const std::u16string_view driverText : SqliteDriverTexts) {
        if (const qsizetype keep = beforeDriverText(body, view(driverText)); keep >= 0) {
            out.layers.append(u"qsqlite"_s);
            text.truncate(keep);
            return true;
        }
    }
    if (hasTranslatedDriverTexts()) {
        const std::shared_ptr<const QStringList> translated = translatedDriverTexts();
        for (const QString &driverText : *translated) {
            if (const qsizetype keep = beforeDriverText(body, driverText); keep >= 0) {
                out.layers.append(u"qsqlite"_s);
                text.truncate(keep);
                return true;
            }
        }
    }
    if (newline >= 0 && lastLine.startsWith(u"[ISQL]")) {
        if (const TextMatch m = isql.match(tail); m.hasMatch()) {
            out.layers.append(u"isql"_s);
            text.truncate(from + m.capturedStart(0));
            return true;
        }
    }
    if (newline >= 0 && lastLine.trimmed().startsWith(u"Error while ")) {
        if (const TextMatch m = psqlOdbc.match(tail); m.hasMatch()) {
            out.layers.append(u"psqlodbc"_s);
            text.truncate(from + m.capturedStart(0));
            return true;
        }
    }
    return false;
}

// --- Prefixes: clients, protocols and labels in front of the server's text ---------------------

bool isSqlState(QStringView token)
{
    if (token.size() != 5)
        return false;
    bool hasDigit = false;
    for (QChar c : token) {
        if (c.isDigit())
            hasDigit = true;
        else if (!(c >= u'A' && c <= u'Z'))
            return false;
    }
    return hasDigit;
}

// "[unixODBC][Driver Manager]", "[Microsoft][ODBC Driver 17 for SQL Server][SQL Server]",
// "[ma-3.1.15][10.11.19-MariaDB]", "[psqlODBC]", "[42P01]": driver components, not message text
// such as Snowflake's "[SUM(X)] is not a valid group by expression".
bool isDriverToken(QStringView token)
{
    static const TextPattern driverWords = pattern(
            uR"(ODBC|Driver|Manager|Microsoft|SQL Server|MySQL|MariaDB|mysqld|^ma-\d|psql|Oracle|Simba|Snowflake|ClickHouse|DataDirect|IBM|Teradata|SQLite|Postgre|Cloudera|Amazon|Devart|^\d+\.\d+)"_s,
            TextPattern::CaseInsensitive);
    return isSqlState(token) || driverWords.match(token).hasMatch();
}

bool stripDriverBrackets(QString &text, DecapsulatedError &out)
{
    qsizetype pos = 0;
    while (pos < text.size() && text.at(pos) == u'[') {
        const qsizetype close = text.indexOf(u']', pos + 1);
        if (close < 0 || close - pos > 100)
            break;
        const QStringView token = QStringView(text).mid(pos + 1, close - pos - 1);
        if (token.contains(u'[') || token.contains(u'\n') || !isDriverToken(token))
            break;
        if (isSqlState(token))
            setCodeIfEmpty(out, token.toString());
        pos = close + 1;
        while (pos < text.size() && text.at(pos) == u' ')
            ++pos;
    }
    if (pos == 0)
        return false;
    out.layers.append(u"odbc"_s);
    text.remove(0, pos);
    return true;
}

// The DuckDB/Hologres-style COPY wrappers of a peer project. The inner SQL is quoted without
// escaping, so the only safe terminator is the LAST `;": `, and only once the wrapper is known.
bool stripCopyWrapper(QString &text, DecapsulatedError &out)
{
    static const QString prepare = u"Failed to prepare COPY \""_s;
    static const QString fetchHeader = u"Failed to fetch header for COPY"_s;
    if (text.startsWith(prepare)) {
        const qsizetype end = text.lastIndexOf(u";\": "_s);
        if (end < prepare.size())
            return false;
        out.layers.append(u"copy"_s);
        text.remove(0, end + 4);
        return true;
    }
    if (text.startsWith(fetchHeader)) {
        const QStringView rest = QStringView(text).mid(fetchHeader.size());
        qsizetype cut = -1;
        if (rest.startsWith(u": "))
            cut = fetchHeader.size() + 2;
        else if (rest.startsWith(u" \"")) {
            const qsizetype end = text.lastIndexOf(u"\": "_s);
            if (end > fetchHeader.size())
                cut = end + 3;
        }
        if (cut < 0)
            return false;
        out.layers.append(u"copy"_s);
        text.remove(0, cut);
        return true;
    }
    return false;
}

// ClickHouse before 19.x closes every message with ", e.what() = DB::Exception" (or the
// exception's what(), "e.what() = Connection refused"): the tail repeats the class, not the cause.
void stripClickHouseWhat(QString &text)
{
    static const TextPattern what = pattern(uR"(,? e\.what\(\) = [^\n]{0,200}\s*\z)"_s);
    const qsizetype from = qMax<qsizetype>(0, text.size() - TailWindow);
    if (!QStringView(text).mid(from).contains(u"e.what() = "))
        return;
    if (const TextMatch m = what.match(QStringView(text).mid(from)); m.hasMatch())
        text.truncate(from + m.capturedStart(0));
}

// ClickHouse's own network errors (the server reaching out, e.g. to the ODBC bridge) come from
// Poco without a DB:: label: "Poco::Exception. Code: 1000, e.code() = 111, e.displayText() =
// Connection refused, e.what() = Connection refused".
bool stripClickHousePoco(QString &text, DecapsulatedError &out)
{
    static const TextPattern poco = pattern(
            uR"(^(?:Poco::[A-Za-z:]{0,60}Exception\. )?Code: (\d{1,5}), e\.code\(\) = -?\d{1,9}, e\.displayText\(\) = )"_s);
    if (!QStringView(text).left(240).contains(u"e.displayText() = "))
        return false;
    const TextMatch m = poco.match(QStringView(text).left(240));
    if (!m.hasMatch())
        return false;
    setCodeIfEmpty(out, m.captured(1));
    out.layers.append(u"clickhouse"_s);
    text.remove(0, m.capturedEnd(0));
    stripClickHouseWhat(text);
    return true;
}

// ClickHouse: "Code: 47. DB::Exception: Received from host:9000. DB::Exception: <message>
// (UNKNOWN_IDENTIFIER) (version ...)". The message follows the last DB::...Exception label.
bool stripClickHouse(QString &text, DecapsulatedError &out)
{
    // Once: what follows the first message is a log of earlier attempts, kept as written.
    if (out.layers.contains(u"clickhouse"_s))
        return false;
    const QStringView window = QStringView(text).left(HeadWindow);
    if (!window.contains(u"DB::"))
        return stripClickHousePoco(text, out);
    // Walked with globalMatch: QRegularExpression (this runs only on ClickHouse's words).
    static const QRegularExpression label = [] {
        QRegularExpression expression(uR"(DB::[A-Za-z]{0,30}Exception: )"_s);
        expression.optimize();
        return expression;
    }();
    static const QRegularExpression codeNumber = [] {
        QRegularExpression expression(uR"(\bCode: (\d{1,5})[.,])"_s);
        expression.optimize();
        return expression;
    }();
    const QStringView head = QStringView(text).left(HeadWindow);
    qsizetype end = -1;
    QRegularExpressionMatchIterator it = label.globalMatch(head);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        // The first label opens the text or follows a short "... Code: N" preamble; elsewhere it
        // is part of someone else's message.
        if (end < 0 && m.capturedStart(0) > 0
            && (m.capturedStart(0) > 300
                || !codeNumber.match(head.left(m.capturedStart(0))).hasMatch()))
            return false;
        // "Received from host. DB::Exception: ..." chains; anything else after the first label
        // belongs to the message.
        if (end >= 0 && !head.mid(end, m.capturedStart(0) - end).startsWith(u"Received from "))
            break;
        end = m.capturedEnd(0);
    }
    if (end < 0)
        return false;
    QString code;
    QRegularExpressionMatchIterator codes = codeNumber.globalMatch(head.left(end));
    while (codes.hasNext())
        code = codes.next().captured(1);
    setCodeIfEmpty(out, code);
    out.layers.append(u"clickhouse"_s);
    text.remove(0, end);

    // Trailers: "(ERROR_NAME) (version 22.8.1 (official build))", ", Stack trace ...",
    // ", e.what() = DB::Exception".
    static const TextPattern stack = pattern(uR"([.,:]?\s*Stack trace\b)"_s);
    if (const TextMatch m = stack.match(QStringView(text).left(HeadWindow)); m.hasMatch())
        text.truncate(m.capturedStart(0));
    stripClickHouseWhat(text);
    static const TextPattern version =
            pattern(uR"((?:[.,]? \([A-Z][A-Z0-9_]{2,60}\)?)?,? \(version \d[^\n]{0,120})"_s);
    if (const TextMatch m = version.match(QStringView(text).left(HeadWindow)); m.hasMatch()) {
        const qsizetype lineEnd = text.indexOf(u'\n', m.capturedStart(0));
        text.remove(m.capturedStart(0), (lineEnd < 0 ? text.size() : lineEnd) - m.capturedStart(0));
    }
    static const TextPattern errorName = pattern(uR"(\.? \([A-Z][A-Z0-9_]{2,60}\)\.?\s*\z)"_s);
    const qsizetype from = qMax<qsizetype>(0, text.size() - TailWindow);
    if (const TextMatch m = errorName.match(QStringView(text).mid(from)); m.hasMatch())
        text.truncate(from + m.capturedStart(0));
    return true;
}

// "OCI ERROR: [ORA-00942: table or view does not exist]", "SQL Error [1722] [42000]: ORA-01722:
// invalid number": the ORA- code opens the message wherever a tool's label chain ends.
bool stripInlineOracle(QString &text, DecapsulatedError &out)
{
    static const TextPattern inlineCode = pattern(uR"(\b(ORA-\d{5}): )"_s);
    if (!QStringView(text).left(240).contains(u"ORA-"))
        return false;
    const qsizetype lineEnd = text.indexOf(u'\n');
    const QStringView firstLine = QStringView(text).left(lineEnd < 0 ? text.size() : lineEnd);
    const TextMatch m = inlineCode.match(firstLine.left(240));
    if (!m.hasMatch() || m.capturedStart(0) == 0)
        return false;
    const bool bracketed = m.capturedStart(0) > 0 && firstLine.at(m.capturedStart(0) - 1) == u'[';
    setCodeIfEmpty(out, m.captured(1));
    out.layers.append(u"oracle"_s);
    text.remove(0, m.capturedEnd(0));
    if (bracketed) {
        const qsizetype close = text.indexOf(u']');
        const qsizetype newline = text.indexOf(u'\n');
        if (close >= 0 && (newline < 0 || close < newline))
            text.remove(close, 1);
    }
    return true;
}

struct PrefixRule
{
    const char16_t *layer;
    TextPattern expression;
    bool caseless;
    int codeGroup;     // capture group holding a code, or 0
    int locationGroup; // capture group holding a location, or 0
    const char16_t *codePrefix;
};

const std::vector<PrefixRule> &prefixRules()
{
    // Each expression is matched at the start of the remaining text.
    static const std::vector<PrefixRule> rules = [] {
        const int ci = TextPattern::CaseInsensitive;
        const int none = TextPattern::NoOption;
        std::vector<PrefixRule> list;
        auto add = [&list](const char16_t *layer, const QString &source, int options,
                           int codeGroup = 0, int locationGroup = 0,
                           const char16_t *codePrefix = u"") {
            list.push_back({layer, anchoredPattern(source, options),
                            (options & TextPattern::CaseInsensitive) != 0, codeGroup, locationGroup,
                            codePrefix});
        };
        // Interactive prompts echoed before the error ("mysql> SELECT ...;").
        add(u"prompt", uR"((?:mysql|mariadb|sqlite|MariaDB \[[^\]\n]{0,64}\])> [^\n]{0,4096}\n)"_s,
            none);
        // The mariadb/mysql client in batch mode echoes the failing statement between dashes.
        add(u"echo", uR"(-{5,80}\n(?:[^\n]{0,4096}\n){1,40}?-{5,80}\n)"_s, none);
        add(u"psql", uR"(psql: error: )"_s, none);
        add(u"psql", uR"(psql:[^\n:]{0,256}:\d{1,9}: )"_s, none);
        // libpq connection failures: the server's FATAL message is the cause.
        add(u"connect",
            uR"(connection to server (?:at "[^"\n]{0,256}" \([^)\n]{0,64}\), port \d{1,5}|at "[^"\n]{0,256}", port \d{1,5}|on socket "[^"\n]{0,256}") failed: (?=FATAL:))"_s,
            none);
        // MariaDB/MySQL client: "ERROR 1146 (42S02) at line 3: ..."; the errno is the code.
        add(u"mysql-client",
            uR"(ERROR (\d{1,5}) \([0-9A-Z]{5}\)(?: at line \d{1,9}(?: in file: '[^'\n]{0,256}')?)?: )"_s,
            none, 1);
        // PostgreSQL severities, psql's two spaces included, with VERBOSITY verbose's code.
        add(u"server", uR"((?:ERROR|FATAL|PANIC):[ \t]+([0-9A-Z]{5}): )"_s, none, 1);
        add(u"server", uR"((?:ERROR|FATAL|PANIC):[ \t]*)"_s, none);
        // sqlite3 shell.
        add(u"sqlite-shell", uR"(Error: (?:in prepare|stepping|near line \d{1,9}), )"_s, none);
        add(u"sqlite-shell", uR"((?:Parse|Runtime) error(?: near line \d{1,9})?: )"_s, none);
        // DuckDB-style labels ("Binder Error: ", "Invalid Error: ", "Out of Memory Error: ").
        add(u"label", uR"([A-Z][A-Za-z]{1,20}(?: [A-Za-z]{1,20}){0,3} Error: )"_s, none);
        add(u"label", uR"(Error: )"_s, none);
        add(u"label", uR"(Query error: )"_s, none);
        // Trino / Presto.
        add(u"trino", uR"(Query \w{1,64} failed: )"_s, none);
        add(u"trino", uR"(Query failed \(#\w{1,64}\): )"_s, none);
        add(u"location", uR"((line \d{1,9}:\d{1,9}): )"_s, none, 0, 1);
        // Oracle.
        add(u"oracle", uR"((ERROR at line \d{1,9}):\n)"_s, none, 0, 1);
        add(u"oracle", uR"((ORA-\d{5}): )"_s, none, 1);
        // SQL Server: "Msg 208, Level 16, State 1, Procedure p, Line 128".
        add(u"sqlserver",
            uR"(Msg\s+(\d{1,6}),?\s+Level\s+\d{1,3},?\s+State\s+\d{1,3}(?:,?\s+(?:Procedure|Server)\s+[^,\n]{1,128})?(?:,?\s+(Line\s+\d{1,9}))?\s*\n)"_s,
            ci, 1, 2);
        // Snowflake: "002003 (42S02): SQL compilation error:".
        add(u"snowflake", uR"((\d{6}) \([0-9A-Z]{5}\): )"_s, none, 1);
        add(u"snowflake",
            uR"(SQL compilation error:\s{0,8}(error line \d{1,9} at position \d{1,9})\s{0,8})"_s,
            none, 0, 1);
        add(u"snowflake", uR"(SQL compilation error:\s{0,8})"_s, none);
        // MaxCompute.
        add(u"maxcompute", uR"(FAILED: )"_s, none);
        add(u"maxcompute",
            uR"((ODPS-\d{7}):\s{0,8}(?:InstanceId: \S{1,64}\n)?(\[\d{1,9},\d{1,9}\])?\s{0,4})"_s,
            none, 1, 2);
        // Log lines: "2021-11-04 11:32:01 [ERROR] ".
        add(u"log",
            uR"(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?\s{1,4}(?:\[[A-Za-z]{1,10}\]\s{0,4})?)"_s,
            none);
        // Vendor-named errors ("Snowflake error: ").
        add(u"vendor",
            uR"((?:Snowflake|BigQuery|Trino|Presto|ClickHouse|MySQL|MariaDB|PostgreSQL|Postgres|Oracle|SQLite|DuckDB|Hologres|MaxCompute|Redshift|Greenplum|SQL Server|ODBC) error: )"_s,
            ci);
        // PHP PDO: "SQLSTATE[42000]: Syntax error or access violation: 1055 ...".
        add(u"pdo", uR"(SQLSTATE\[([0-9A-Z]{5})\]: [A-Za-z ,]{1,80}: (?:\d{1,6} )?)"_s, none, 1);
        // Go MySQL driver: "Error 1055: ..." / "Error 1055 (42000): ...".
        add(u"mysql-client", uR"(Error (\d{1,5})(?: \([0-9A-Z]{5}\))?: )"_s, none, 1);
        // "Error Code: 000979\n  Error Message: ..." (Snowflake worksheets, JDBC tools).
        add(u"tool", uR"(Error Code\s{0,8}: (\w{1,16})\s{0,8}\n\s{0,16}Error Message\s{0,8}: )"_s,
            none, 1);
        // HTTP clients: "BadRequest: 400 POST https://...: ".
        add(u"http", uR"(\w{1,40}: \d{3} (?:GET|POST|PUT|PATCH|DELETE) [^\s]{1,2048}: )"_s, none);
        // Trino's Python client: TrinoUserError(type=USER_ERROR, name=X, message="...").
        add(u"trino", uR"(\w{1,40}\(type=\w{1,40}, name=(\w{1,80}), message=")"_s, none, 1);
        // Error names in front of the message ("TYPE_MISMATCH: Cannot apply operator").
        add(u"error-name", uR"(([A-Z][A-Z0-9]{1,30}(?:_[A-Z0-9]{1,30}){1,6}): )"_s, none, 1);
        // Exception class names of client libraries ("io.trino.spi.TrinoException: ").
        add(u"exception", uR"((?:[a-z_][\w$]{0,40}\.){1,8}[A-Z]\w{0,60}: )"_s, none);
        add(u"exception", uR"(\((?:[a-z_]\w{0,40}\.){1,8}[A-Z]\w{0,60}\) )"_s, none);
        add(u"exception", uR"([A-Z][A-Za-z]{0,40}(?:Exception|Error|Warning): )"_s, none);
        return list;
    }();
    return rules;
}

// Every prefix rule as one alternative of a single expression, in order: one match finds the
// first rule that opens the text (as trying them one by one would), at a fraction of the cost.
struct CombinedPrefixes
{
    TextPattern expression{QString()};
    QList<int> groups; // per rule: the group that wraps it
};

const CombinedPrefixes &combinedPrefixes()
{
    static const CombinedPrefixes combined = [] {
        CombinedPrefixes result;
        QStringList alternatives;
        int group = 1;
        for (const PrefixRule &rule : prefixRules()) {
            result.groups.append(group);
            alternatives.append((rule.caseless ? u"((?i:"_s : u"((?:"_s) + rule.expression.pattern()
                                + u"))"_s);
            group += 1 + rule.expression.captureCount();
        }
        result.expression = anchoredPattern(alternatives.join(u'|'));
        return result;
    }();
    return combined;
}

bool applyPrefix(const PrefixRule &rule, const TextMatch &m, int offset, QString &text,
                 DecapsulatedError &out);

// Whether text holds needle, found by one of its rarer characters (needle[pivot]): a search
// for one character runs on vector instructions, a search for a string in Qt 6.4 does not.
bool containsAround(QStringView text, QStringView needle, qsizetype pivot)
{
    const QChar rare = needle.at(pivot);
    for (qsizetype at = findChar(text, rare.unicode(), pivot); at >= 0;
         at = findChar(text, rare.unicode(), at + 1)) {
        const qsizetype start = at - pivot;
        if (start + needle.size() <= text.size() && text.sliced(start, needle.size()) == needle)
            return true;
    }
    return false;
}

// Words some wrappers cannot do without, looked for once in the whole input: peeling only ever
// removes text, so what the input lacks no later step will find.
struct Hints
{
    bool clickHouse = true; // "DB::" or Poco's "e.displayText() = "
    bool oracle = true;     // "ORA-"

    explicit Hints(QStringView raw)
        : clickHouse(containsAround(raw, u"DB::", 2)
                     || containsAround(raw, u"e.displayText() = ", 13)),
          oracle(containsAround(raw, u"ORA-", 3))
    {
    }
};

bool stripPrefix(QString &text, DecapsulatedError &out, const Hints &hints)
{
    if (stripDriverBrackets(text, out) || stripCopyWrapper(text, out))
        return true;
    const std::vector<PrefixRule> &rules = prefixRules();
    const qsizetype ruleCount = qsizetype(rules.size());
    const CombinedPrefixes &combined = combinedPrefixes();
    qsizetype from = 0;
    if (const TextMatch m = matchHead(combined.expression, text); m.hasMatch()) {
        qsizetype index = 0;
        while (index < ruleCount && m.capturedStart(combined.groups.at(index)) < 0)
            ++index;
        if (index < ruleCount) {
            const int group = combined.groups.at(index);
            if (m.capturedLength(group) > 0 && m.capturedLength(group) < text.size())
                return applyPrefix(rules[size_t(index)], m, group, text, out);
            from = index + 1; // an empty or whole match: the rules after it, one by one
        }
    } else {
        from = ruleCount;
    }
    for (qsizetype index = from; index < ruleCount; ++index) {
        const PrefixRule &rule = rules[size_t(index)];
        const TextMatch m = matchHead(rule.expression, text);
        if (!m.hasMatch() || m.capturedLength(0) == 0 || m.capturedLength(0) >= text.size())
            continue;
        return applyPrefix(rule, m, 0, text, out);
    }
    if ((hints.clickHouse && stripClickHouse(text, out))
        || (hints.oracle && stripInlineOracle(text, out)))
        return true;
    return false;
}

// Removes what rule matched (its groups start after offset in m) and records the layer.
bool applyPrefix(const PrefixRule &rule, const TextMatch &m, int offset, QString &text,
                 DecapsulatedError &out)
{
    if (rule.codeGroup > 0)
        setCodeIfEmpty(out,
                       QString::fromUtf16(rule.codePrefix) + m.captured(offset + rule.codeGroup));
    if (rule.locationGroup > 0)
        appendPart(out.location, m.capturedView(offset + rule.locationGroup));
    if (QStringView(rule.layer) == u"label")
        out.layers.append(m.capturedView(offset).trimmed().chopped(1).toString()); // "Binder Error"
    else
        out.layers.append(QString::fromUtf16(rule.layer));
    const bool sqliteShell = QStringView(rule.layer) == u"sqlite-shell";
    text.remove(0, m.capturedLength(offset));
    if (sqliteShell) {
        // The shell appends the extended result code to the first line: "... (11)".
        static const TextPattern trailingCode = pattern(uR"( \((\d{1,5})\)$)"_s);
        const qsizetype lineEnd = text.indexOf(u'\n');
        const QStringView firstLine = QStringView(text).left(lineEnd < 0 ? text.size() : lineEnd);
        const QStringView window = firstLine.right(TailWindow);
        if (const TextMatch c = trailingCode.match(window); c.hasMatch()) {
            setCodeIfEmpty(out, c.captured(1));
            text.remove(firstLine.size() - window.size() + c.capturedStart(0), c.capturedLength(0));
        }
    }
    return true;
}

// --- Sections: location, hint, detail, context ------------------------------------------------

enum class Section { Message, Detail, Hint, Context };

Section sectionOf(QStringView label)
{
    if (label == u"DETAIL")
        return Section::Detail;
    if (label == u"HINT")
        return Section::Hint;
    return Section::Context; // CONTEXT, QUERY, STATEMENT, LOCATION, WHERE
}

QString *sectionText(DecapsulatedError &out, Section section, QString &message)
{
    switch (section) {
    case Section::Detail:
        return &out.detail;
    case Section::Hint:
        return &out.hint;
    case Section::Context:
        return &out.context;
    case Section::Message:
        break;
    }
    return &message;
}

bool isCaretLine(QStringView line)
{
    const QStringView trimmed = line.trimmed();
    return trimmed == u"^" || trimmed == u"^--- error here" || trimmed == u"error here ---^";
}

// PostgreSQL's caret sits under the statement text after the "LINE n: " prefix.
int caretPosition(QStringView lineLabel, QStringView caretLine)
{
    static const TextPattern linePrefix = anchoredPattern(uR"(LINE (\d{1,9}): )"_s);
    const TextMatch m = linePrefix.match(lineLabel);
    if (!m.hasMatch() || m.capturedView(1) != u"1")
        return -1;
    if (lineLabel.mid(m.capturedEnd(0)).startsWith(u"..."))
        return -1; // the statement was cut on the left; the offset is unknown
    const qsizetype caret = caretLine.indexOf(u'^');
    if (caret < m.capturedEnd(0))
        return -1;
    return int(caret - m.capturedEnd(0) + 1);
}

// Whether line holds "DETAIL:", "HINT:" or "CONTEXT:": one look for the colons, not three
// searches of the line.
bool hasInlineLabel(QStringView line)
{
    for (qsizetype at = findChar(line, u':'); at >= 0; at = findChar(line, u':', at + 1)) {
        const QStringView before = line.left(at);
        if (before.endsWith(u"DETAIL") || before.endsWith(u"HINT") || before.endsWith(u"CONTEXT"))
            return true;
    }
    return false;
}

void splitSections(QString &text, DecapsulatedError &out)
{
    static const TextPattern labelLine =
            anchoredPattern(uR"((DETAIL|HINT|CONTEXT|QUERY|STATEMENT|LOCATION|WHERE):[ \t]*)"_s);
    static const TextPattern positionLine = anchoredPattern(uR"(POSITION:[ \t]*(\d{1,9})\s*$)"_s);
    static const TextPattern lineLabel = anchoredPattern(uR"(LINE \d{1,9}: )"_s);
    static const TextPattern inlineLabel = pattern(uR"([ \t](DETAIL|HINT|CONTEXT):[ \t]+)"_s);
    // Client additions: SQLAlchemy's "[SQL: ...]" and "(Background on this error at: ...)",
    // BigQuery's "Location: ..." and "Job ID: ...".
    static const TextPattern clientContext = anchoredPattern(
            uR"(\[SQL: |\[parameters: |\(Background on this error at: |Location: |Job ID: )"_s);
    static const TextPattern bigQueryPosition = pattern(uR"( at \[(\d{1,9}:\d{1,9})\]$)"_s);

    const auto anchored = [](const TextPattern &expression, QStringView line) {
        return expression.match(line.left(HeadWindow));
    };

    // Sections sit near the top; the body of a huge message is kept as it is, unsplit.
    constexpr qsizetype SectionWindow = 64 * 1024;
    QStringView body = QStringView(text);
    QStringView rest;
    if (body.size() > SectionWindow) {
        const qsizetype cut = body.lastIndexOf(u'\n', SectionWindow);
        const qsizetype at = cut > 0 ? cut : SectionWindow;
        rest = body.mid(at);
        body = body.left(at);
    }

    QString message;
    Section current = Section::Message;
    // The lines, as views (QStringView::split goes through the general string search).
    QVarLengthArray<QStringView, 16> lines;
    for (qsizetype start = 0;;) {
        const qsizetype end = findChar(body, u'\n', start);
        lines.append(body.sliced(start, (end < 0 ? body.size() : end) - start));
        if (end < 0)
            break;
        start = end + 1;
    }
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QStringView line = lines.at(i);
        if (line.endsWith(u'\r'))
            line.chop(1);
        // Cheap looks first: most lines are plain message text.
        const bool upper = !line.isEmpty() && line.front().isUpper();
        const TextMatch none;
        if (const TextMatch m = line.startsWith(u"LINE ") ? anchored(lineLabel, line) : none;
            m.hasMatch()) {
            QString location = line.toString();
            if (i + 1 < lines.size() && isCaretLine(lines.at(i + 1))) {
                out.position = caretPosition(line, lines.at(i + 1));
                location += u'\n' + lines.at(i + 1).toString();
                ++i;
            }
            appendPart(out.location, location);
            continue;
        }
        if (const TextMatch m = line.startsWith(u"POSITION:") ? anchored(positionLine, line) : none;
            m.hasMatch()) {
            out.position = m.captured(1).toInt();
            continue;
        }
        if (const TextMatch m = upper ? anchored(labelLine, line) : none; m.hasMatch()) {
            current = sectionOf(m.capturedView(1));
            appendPart(*sectionText(out, current, message), line.mid(m.capturedEnd(0)));
            continue;
        }
        if (!message.isEmpty() && !line.isEmpty() && QStringView(u"[(LJ").contains(line.front())
            && anchored(clientContext, line).hasMatch()) {
            appendPart(out.context, line);
            continue;
        }
        if (line.startsWith(u"ORA-06512: ")) {
            appendPart(out.context, line);
            continue;
        }
        // sqlite3 shell: the statement, then a caret line under it.
        if (current == Section::Message && i + 1 < lines.size() && isCaretLine(lines.at(i + 1))
            && line.startsWith(u"  ")) {
            appendPart(out.location, line.toString() + u'\n' + lines.at(i + 1).toString());
            ++i;
            continue;
        }
        if (current != Section::Message) {
            appendPart(*sectionText(out, current, message), line);
            continue;
        }
        // Inline labels on the message line: "... CONTEXT:  [query_id:...]".
        const QStringView head = line.left(HeadWindow);
        const bool labelled = hasInlineLabel(head);
        if (const TextMatch m = labelled ? inlineLabel.match(head) : none; m.hasMatch()) {
            appendPart(message, line.left(m.capturedStart(0)).trimmed());
            current = sectionOf(m.capturedView(1));
            appendPart(*sectionText(out, current, message), line.mid(m.capturedEnd(0)));
            continue;
        }
        if (message.isEmpty()) {
            const QStringView end = line.right(64);
            if (const TextMatch m =
                        containsAround(end, u" at [", 4) ? bigQueryPosition.match(end) : none;
                m.hasMatch()) {
                appendPart(out.location, m.capturedView(1));
                line.chop(end.size() - m.capturedStart(0));
            }
        }
        if (!message.isEmpty())
            message += u'\n';
        message += line;
    }
    QString *last = sectionText(out, current, message);
    last->append(rest);
    text = message;
}

} // namespace

void Decapsulator::reloadDriverTexts()
{
    std::lock_guard lock(driverTextsMutex);
    driverTextsCache.reset();
    driverTextsState.store(0, std::memory_order_release);
}

DecapsulatedError Decapsulator::decapsulate(const EngineError &error)
{
    DecapsulatedError result;
    result.origin = error.origin;
    result.raw = error.rawText();
    result.code = error.nativeCode.trimmed();

    QString text = result.raw.trimmed();
    const Hints hints(result.raw);
    for (int round = 0; round < MaxPeelRounds; ++round) {
        if (!stripTrailer(text, result))
            break;
        text = std::move(text).trimmed();
    }
    for (int round = 0; round < MaxPeelRounds; ++round) {
        if (!stripPrefix(text, result, hints))
            break;
        text = std::move(text).trimmed();
        // A wrapper may reveal a driver trailer of its own (psqlODBC inside QODBC).
        while (stripTrailer(text, result))
            text = std::move(text).trimmed();
    }
    if (result.layers.contains(u"trino"_s)) {
        static const TextPattern trinoTail = pattern(uR"("(?:, query_id=\w{1,80})?\)\s*\z)"_s);
        const qsizetype from = qMax<qsizetype>(0, text.size() - TailWindow);
        if (const TextMatch m = trinoTail.match(QStringView(text).mid(from)); m.hasMatch())
            text.truncate(from + m.capturedStart(0));
    }
    splitSections(text, result);
    result.rootCause = text.trimmed();
    if (result.rootCause.isEmpty())
        result.rootCause = result.raw.trimmed();

    // Codes that stay inside the text ("... ORA-00942: table or view does not exist]").
    if (result.code.isEmpty() && hints.oracle) {
        static const TextPattern oracle = pattern(uR"(\bORA-(\d{5})\b)"_s);
        if (const TextMatch m = oracle.match(QStringView(result.raw).left(HeadWindow));
            m.hasMatch())
            result.code = m.captured(0);
    }
    return result;
}

} // namespace sqlmend::core
