#include "core/cases/searchtext.h"

#include <QSet>

namespace sqlmend::core {

namespace {

constexpr qsizetype documentInputLimit = 64 * 1024;

bool isCjk(char32_t c)
{
    switch (QChar::script(c)) {
    case QChar::Script_Han:
    case QChar::Script_Hiragana:
    case QChar::Script_Katakana:
    case QChar::Script_Hangul:
        return true;
    default:
        return false;
    }
}

void appendCodePoint(QString &target, char32_t c)
{
    const auto units = QChar::fromUcs4(QChar::toLower(c));
    target += QStringView(units);
}

void flushCjkRun(const QList<char32_t> &run, QStringList &terms)
{
    if (run.size() == 1) {
        QString term;
        appendCodePoint(term, run.first());
        terms.append(term);
        return;
    }
    for (qsizetype i = 0; i + 1 < run.size(); ++i) {
        QString term;
        appendCodePoint(term, run[i]);
        appendCodePoint(term, run[i + 1]);
        terms.append(term);
    }
}

} // namespace

QStringList searchTerms(QStringView text)
{
    QStringList terms;
    QString word;
    QList<char32_t> cjkRun;
    const auto flush = [&] {
        if (!word.isEmpty())
            terms.append(std::exchange(word, QString()));
        if (!cjkRun.isEmpty()) {
            flushCjkRun(cjkRun, terms);
            cjkRun.clear();
        }
    };
    const QList<uint> codePoints = text.toUcs4();
    for (const uint codePoint : codePoints) {
        const char32_t c = codePoint;
        if (isCjk(c)) {
            if (!word.isEmpty())
                terms.append(std::exchange(word, QString()));
            cjkRun.append(c);
        } else if (QChar::isLetterOrNumber(c)) {
            if (!cjkRun.isEmpty()) {
                flushCjkRun(cjkRun, terms);
                cjkRun.clear();
            }
            appendCodePoint(word, c);
        } else if (QChar::category(c) == QChar::Mark_NonSpacing && !word.isEmpty()) {
            appendCodePoint(word, c); // a combining accent stays with its letter
        } else {
            flush();
        }
    }
    flush();
    return terms;
}

QString searchDocument(QStringView question, QStringView notes)
{
    const QStringView boundedNotes =
            notes.left(qMax<qsizetype>(0, documentInputLimit - question.size()));
    QStringList terms = searchTerms(question.left(documentInputLimit));
    terms += searchTerms(boundedNotes);
    return terms.join(u' ');
}

QStringList queryTerms(QStringView question, int maxTerms)
{
    QStringList result;
    QSet<QString> seen;
    const QStringList terms = searchTerms(question.left(documentInputLimit));
    for (const QString &term : terms) {
        if (result.size() >= maxTerms)
            break;
        if (!seen.contains(term)) {
            seen.insert(term);
            result.append(term);
        }
    }
    return result;
}

} // namespace sqlmend::core
