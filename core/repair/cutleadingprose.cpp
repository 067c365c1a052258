#include "core/repair/cutleadingprose.h"

#include "core/sql/sqltokenizer.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// A lead-in is a line, not a page: a reply that echoes its whole prompt (a DB-GPT-Hub model's
// "I want you to act as a SQL terminal ... So please tell me <question>", then a statement) is
// not one.
constexpr int MaxLeadInWords = 24;

// Three words of a lead-in in a row, none of them a word SQL gives a meaning of its own ("the
// query you asked"); a comma or an apostrophe between two words ends the run, and a word glued to
// digits (t1) is a name. SQL puts a keyword, an operator or punctuation between its names, so a
// statement, or the start of one with a word misspelt, has no such run.
bool hasProseRun(QStringView text)
{
    static const QRegularExpression word(u"[A-Za-z]+"_s);
    int run = 0;
    qsizetype previousEnd = -1;
    for (auto match = word.globalMatch(text); match.hasNext();) {
        const QRegularExpressionMatch m = match.next();
        const bool spaced = previousEnd >= 0
                && text.sliced(previousEnd, m.capturedStart() - previousEnd).trimmed().isEmpty();
        const bool name = (m.capturedStart() > 0 && text.at(m.capturedStart() - 1).isNumber())
                || (m.capturedEnd() < text.size() && text.at(m.capturedEnd()).isNumber());
        previousEnd = m.capturedEnd();
        if (name || isSqlKeyword(m.capturedView())) {
            run = 0;
            continue;
        }
        run = spaced ? run + 1 : 1;
        if (run >= 3)
            return true;
    }
    return false;
}

// A lead-in before the statement: one line that ends with a colon, in Markdown's marks or none
// ("Here is the query:", "### Response:", "**SQL query:**"), of words alone (letters, digits,
// apostrophes, commas, hyphens): no sentence ends before it, no parenthesis, no operator. Either a
// label of one to three words, none a SQL word and no list, or a sentence with three words in a row
// that are no SQL words (which no statement has, nor one with a keyword misspelt).
bool isLeadIn(QStringView text)
{
    static const QRegularExpression leadIn(
            u"^[\\s#*_>]*([A-Za-z][A-Za-z0-9' ,\\-]*?)[ \\t]*:[\\s*_]*$"_s);
    const QRegularExpressionMatch match = leadIn.match(text);
    if (!match.hasMatch())
        return false;
    const QString words = match.captured(1);
    static const QRegularExpression separator(u"[\\s,]+"_s);
    const QStringList list = words.split(separator, Qt::SkipEmptyParts);
    const bool label = list.size() <= 3 && !words.contains(u',')
            && std::none_of(list.cbegin(), list.cend(),
                            [](const QString &word) { return isSqlKeyword(word); });
    if (label)
        return true;
    return list.size() <= MaxLeadInWords && hasProseRun(words);
}

// The same on tokens: three words in a row, none a keyword, with nothing between them.
bool hasProseRun(const QList<SqlToken> &tokens)
{
    int run = 0;
    for (const SqlToken &token : tokens) {
        run = token.kind == SqlTokenKind::Word && !token.isSqlKeyword() ? run + 1 : 0;
        if (run >= 3)
            return true;
    }
    return false;
}

// WITH [RECURSIVE] name [(columns)] AS ( ...: a common table expression, not the English word.
bool opensCommonTable(const QList<SqlToken> &tokens)
{
    qsizetype i = 1;
    if (i < tokens.size() && tokens.at(i).isWord(u"RECURSIVE"))
        ++i;
    if (i >= tokens.size() || !tokens.at(i).isIdentifier() || tokens.at(i).isSqlKeyword())
        return false;
    ++i;
    if (i < tokens.size() && tokens.at(i).kind == SqlTokenKind::OpenParen) {
        int depth = 0;
        for (; i < tokens.size(); ++i) {
            depth += tokens.at(i).kind == SqlTokenKind::OpenParen;
            depth -= tokens.at(i).kind == SqlTokenKind::CloseParen;
            if (depth == 0)
                break;
        }
        ++i;
    }
    return i + 1 < tokens.size() && tokens.at(i).isWord(u"AS")
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen;
}

} // namespace

std::optional<Repair> CutLeadingProse::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QString &sql = input.sql();
    if (repairtext::startsAsQuery(sql, input.engine()))
        return std::nullopt;

    // The first SELECT, or WITH opening a common table expression, that stands as a word: not part
    // of a name (t.select, "select", x_select).
    static const QRegularExpression start(u"(?<![\\w.$@\"'`\\[])(select|with)\\b"_s,
                                          QRegularExpression::CaseInsensitiveOption);
    const SqlTokenizer tokenizer(input.engine());
    for (auto match = start.globalMatch(sql); match.hasNext();) {
        const qsizetype at = match.next().capturedStart();
        const QStringView rest = QStringView(sql).sliced(at);
        QList<SqlToken> tokens = tokenizer.tokenize(rest);
        tokens.removeIf([](const SqlToken &token) { return token.isComment(); });
        if (tokens.constFirst().isWord(u"WITH") && !opensCommonTable(tokens))
            continue; // "Which students with a pet ...": a word of the prose
        // What comes before is a lead-in, not an echoed prompt (whose statement, measured on
        // unseen databases, answered another question every time) nor a statement's start with
        // a word misspelt ("SELCT a FROM t UNION SELECT ...").
        if (!isLeadIn(QStringView(sql).first(at)))
            return std::nullopt;
        // The rest is one statement, to its end: every parenthesis closed after it opened, no
        // string left open, no second statement, no prose (a run-on's next question, the prompt's
        // own example after it).
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            const SqlToken &token = tokens.at(i);
            if (token.kind == SqlTokenKind::Error || token.kind == SqlTokenKind::ExecutableComment
                || (token.kind == SqlTokenKind::Semicolon && i + 1 < tokens.size()))
                return std::nullopt;
        }
        if (!repairtext::balanced(tokens, 0, tokens.size()) || hasProseRun(tokens))
            return std::nullopt;
        return made(repairtext::trimmedStatement(rest), u"the text before the statement cut off"_s);
    }
    return std::nullopt;
}

} // namespace sqlmend::core
