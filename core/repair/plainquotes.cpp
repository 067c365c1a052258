#include "core/repair/plainquotes.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> PlainQuotes::propose(const RepairInput &input) const
{
    // The engine read the typographic quote as part of a name or as an unknown token.
    const QString named = input.capture(Capture::Name) + input.capture(Capture::Token);
    static const QString marks = u"\u201C\u201D\u2018\u2019"_s;
    bool quoted = false;
    for (const QChar c : named)
        quoted = quoted || marks.contains(c);
    if (!quoted)
        return std::nullopt;
    // “text” or ‘text’ with no quote of any kind inside.
    static const QRegularExpression pair(
            u"[\u201C\u2018]([^\u201C\u201D\u2018\u2019'\"\\n]*)[\u201D\u2019]"_s);
    QString sql = input.sql();
    QString result;
    qsizetype last = 0;
    int count = 0;
    for (auto it = pair.globalMatch(sql); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        result += QStringView(sql).mid(last, m.capturedStart() - last);
        result += u'\'' + m.captured(1) + u'\'';
        last = m.capturedEnd();
        ++count;
    }
    if (count == 0)
        return std::nullopt;
    result += QStringView(sql).mid(last);
    return made(result, u"typographic quotes written as '...'"_s);
}

} // namespace sqlmend::core
