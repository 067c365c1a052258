#include "ui/sqlhighlighter.h"

#include <QApplication>
#include <QPalette>
#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

const QSet<QString> &keywords()
{
    static const QSet<QString> words = [] {
        QSet<QString> set;
        const char *const list[] = {
                "select",    "from",   "where",     "group",   "by",     "order",     "having",
                "limit",     "offset", "join",      "inner",   "left",   "right",     "full",
                "outer",     "cross",  "on",        "using",   "as",     "and",       "or",
                "not",       "in",     "is",        "null",    "like",   "ilike",     "between",
                "exists",    "case",   "when",      "then",    "else",   "end",       "distinct",
                "union",     "all",    "intersect", "except",  "with",   "recursive", "asc",
                "desc",      "nulls",  "first",     "last",    "cast",   "true",      "false",
                "insert",    "update", "delete",    "into",    "values", "set",       "create",
                "drop",      "alter",  "table",     "view",    "index",  "explain",   "over",
                "partition", "window", "filter",    "lateral", "fetch",  "next",      "rows",
                "only",      "count",  "sum",       "avg",     "min",    "max",       "coalesce",
                "interval",  "date",   "timestamp"};
        for (const char *word : list)
            set.insert(QString::fromLatin1(word));
        return set;
    }();
    return words;
}

} // namespace

QStringList SqlHighlighter::keywordList()
{
    QStringList list = keywords().values();
    list.sort();
    return list;
}

SqlHighlighter::SqlHighlighter(QTextDocument *document) : QSyntaxHighlighter(document)
{
    updateFormats();
}

void SqlHighlighter::updateFormats()
{
    const QPalette palette = QApplication::palette();
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    m_keyword = {};
    m_keyword.setForeground(dark ? QColor(0x8c, 0xb4, 0xff) : QColor(0x1a, 0x3f, 0xa8));
    m_keyword.setFontWeight(QFont::Bold);
    m_string = {};
    m_string.setForeground(dark ? QColor(0xa5, 0xd6, 0x8a) : QColor(0x2e, 0x7d, 0x32));
    m_number = {};
    m_number.setForeground(dark ? QColor(0xf0, 0xb0, 0x70) : QColor(0xa6, 0x4b, 0x00));
    m_comment = {};
    m_comment.setForeground(palette.color(QPalette::PlaceholderText));
    m_comment.setFontItalic(true);
    m_identifier = {};
    m_identifier.setForeground(dark ? QColor(0xd0, 0xa0, 0xf0) : QColor(0x6a, 0x1b, 0x9a));
    rehighlight();
}

void SqlHighlighter::highlightBlock(const QString &text)
{
    qsizetype i = 0;
    const qsizetype n = text.size();
    setCurrentBlockState(Normal);
    // A pasted line of megabytes (generated SQL, a dump) stays plain: colouring it would cost
    // seconds on every edit.
    if (n > maxHighlightedBlock)
        return;

    // Continue a block comment or a string from the previous line.
    if (previousBlockState() == InBlockComment) {
        const qsizetype end = text.indexOf(u"*/"_s);
        if (end < 0) {
            setFormat(0, int(n), m_comment);
            setCurrentBlockState(InBlockComment);
            return;
        }
        setFormat(0, int(end + 2), m_comment);
        i = end + 2;
    } else if (previousBlockState() == InString) {
        qsizetype end = text.indexOf(u'\'');
        if (end < 0) {
            setFormat(0, int(n), m_string);
            setCurrentBlockState(InString);
            return;
        }
        setFormat(0, int(end + 1), m_string);
        i = end + 1;
    }

    while (i < n) {
        const QChar c = text.at(i);
        if (c == u'-' && i + 1 < n && text.at(i + 1) == u'-') {
            setFormat(int(i), int(n - i), m_comment);
            return;
        }
        if (c == u'/' && i + 1 < n && text.at(i + 1) == u'*') {
            const qsizetype end = text.indexOf(u"*/"_s, i + 2);
            if (end < 0) {
                setFormat(int(i), int(n - i), m_comment);
                setCurrentBlockState(InBlockComment);
                return;
            }
            setFormat(int(i), int(end + 2 - i), m_comment);
            i = end + 2;
            continue;
        }
        if (c == u'\'' || c == u'"' || c == u'`') {
            // A doubled quote inside is an escaped quote.
            qsizetype j = i + 1;
            while (j < n) {
                if (text.at(j) == c) {
                    if (j + 1 < n && text.at(j + 1) == c) {
                        j += 2;
                        continue;
                    }
                    break;
                }
                ++j;
            }
            const QTextCharFormat &format = c == u'\'' ? m_string : m_identifier;
            if (j >= n) {
                setFormat(int(i), int(n - i), format);
                if (c == u'\'')
                    setCurrentBlockState(InString);
                return;
            }
            setFormat(int(i), int(j + 1 - i), format);
            i = j + 1;
            continue;
        }
        if (c.isDigit()) {
            qsizetype j = i;
            while (j < n && (text.at(j).isDigit() || text.at(j) == u'.'))
                ++j;
            setFormat(int(i), int(j - i), m_number);
            i = j;
            continue;
        }
        if (c.isLetter() || c == u'_') {
            qsizetype j = i + 1;
            while (j < n && (text.at(j).isLetterOrNumber() || text.at(j) == u'_'))
                ++j;
            const qsizetype length = j - i;
            if (keywords().contains(text.mid(i, length).toLower()))
                setFormat(int(i), int(length), m_keyword);
            i += length;
            continue;
        }
        ++i;
    }
}

} // namespace sqlmend::ui
