#include "core/errors/valueredaction.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// MySQL and MariaDB name the clause of an error in quotes; that is not data.
bool isClauseName(QStringView content)
{
    static const QStringList clauses{u"field list"_s,         u"where clause"_s,  u"order clause"_s,
                                     u"group statement"_s,    u"having clause"_s, u"on clause"_s,
                                     u"IN/ALL/ANY subquery"_s};
    for (const QString &clause : clauses) {
        if (content.compare(clause, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

bool known(QStringView content, QStringView statement, QStringView names)
{
    if (content.trimmed().isEmpty() || isClauseName(content))
        return true;
    return statement.contains(content, Qt::CaseInsensitive)
            || names.contains(content, Qt::CaseInsensitive);
}

} // namespace

QString ValueRedaction::marker()
{
    return u"<value>"_s;
}

QString ValueRedaction::redact(QStringView text, QStringView statement, QStringView names,
                               const QStringList &capturedValues)
{
    QString result = text.toString();
    for (const QString &value : capturedValues) {
        if (!value.isEmpty() && !statement.contains(value))
            result.replace(value, marker());
    }
    // Keys and rows that DETAIL lists: "Key (id)=(42)", "Failing row contains (1, x)".
    static const QRegularExpression keyValues(uR"re(\)=\(([^)\n]*)\))re"_s);
    result.replace(keyValues, u")=("_s + marker() + u')');
    static const QRegularExpression failingRow(uR"re((\bFailing row contains )\([^\n]*\))re"_s,
                                               QRegularExpression::CaseInsensitiveOption);
    result.replace(failingRow, u"\\1("_s + marker() + u')');
    // Quoted literals the statement does not hold.
    static const QRegularExpression quoted(uR"re('((?:[^'\n]|'')*)'|"((?:[^"\n]|"")*)")re"_s);
    QString out;
    qsizetype last = 0;
    for (auto it = quoted.globalMatch(result); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const bool single = m.capturedLength(1) > 0 || result.at(m.capturedStart()) == u'\'';
        const QStringView content = m.capturedView(single ? 1 : 2);
        if (content == marker() || known(content, statement, names))
            continue;
        const QChar quote = single ? u'\'' : u'"';
        out += QStringView(result).mid(last, m.capturedStart() - last);
        out += quote + marker() + quote;
        last = m.capturedEnd();
    }
    if (last == 0)
        return result;
    out += QStringView(result).mid(last);
    return out;
}

} // namespace sqlmend::core
