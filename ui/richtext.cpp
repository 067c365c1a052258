#include "ui/richtext.h"

#include <QRegularExpression>
#include <QTextDocument>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

QString RichText::fromMarkdown(const QString &markdown)
{
    // "Here it is: ```sql" opens no fence in markdown; the model meant one.
    static const QRegularExpression midLineFence(u"([^\\n`])[ \\t]*(```)"_s);
    QString text = markdown;
    text.replace(midLineFence, u"\\1\n\\2"_s);
    QTextDocument document;
    document.setMarkdown(text,
                         QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub
                                                         | QTextDocument::MarkdownNoHTML));
    return document.toHtml();
}

QString RichText::withCodeSpans(const QString &text)
{
    QString html;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        if (text.at(i) != u'`') {
            const qsizetype next = text.indexOf(u'`', i);
            const qsizetype end = next < 0 ? n : next;
            html += text.mid(i, end - i).toHtmlEscaped();
            i = end;
            continue;
        }
        qsizetype run = i;
        while (run < n && text.at(run) == u'`')
            ++run;
        const qsizetype ticks = run - i;
        // The closing run has exactly as many backticks.
        qsizetype close = run;
        qsizetype found = -1;
        while ((close = text.indexOf(u'`', close)) >= 0) {
            qsizetype closeEnd = close;
            while (closeEnd < n && text.at(closeEnd) == u'`')
                ++closeEnd;
            if (closeEnd - close == ticks) {
                found = close;
                break;
            }
            close = closeEnd;
        }
        if (found < 0) {
            html += text.mid(i, ticks).toHtmlEscaped();
            i = run;
            continue;
        }
        QString code = text.mid(run, found - run);
        // One space on each side lets a span start or end with a backtick ("`` `a` ``").
        if (code.size() > 2 && code.startsWith(u' ') && code.endsWith(u' '))
            code = code.mid(1, code.size() - 2);
        html += u"<code>"_s + code.toHtmlEscaped() + u"</code>"_s;
        i = found + ticks;
    }
    html.replace(u'\n', u"<br>"_s);
    return html;
}

QString RichText::toPlainText(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

} // namespace sqlmend::ui
