#pragma once

#include <QFile>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

// The tab-separated data files of the tests (tests/data, ../shared/errors): one header line, then
// one row per line, fields that escape a line break, tab or backslash as \n, \t, \r and \\.

namespace sqlmend::test {

// A field with its escapes read; a backslash before any other character stays as written.
inline QString unescapeTsvField(QStringView field)
{
    QString out;
    out.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        const QChar c = field.at(i);
        if (c != u'\\' || i + 1 == field.size()) {
            out += c;
            continue;
        }
        const QChar next = field.at(++i);
        switch (next.unicode()) {
        case u'n':
            out += u'\n';
            break;
        case u't':
            out += u'\t';
            break;
        case u'r':
            out += u'\r';
            break;
        case u'\\':
            out += u'\\';
            break;
        default:
            out += c;
            out += next;
            break;
        }
    }
    return out;
}

// The rows after the header, split at tabs (fields still escaped); blank lines and lines that
// start with '#' left out. Empty when the file cannot be read.
inline QList<QStringList> readTsv(const QString &path)
{
    QList<QStringList> rows;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    file.readLine(); // the header
    while (!file.atEnd()) {
        QString line = QString::fromUtf8(file.readLine());
        if (line.endsWith(u'\n'))
            line.chop(1);
        if (line.trimmed().isEmpty() || line.startsWith(u'#'))
            continue;
        rows.append(line.split(u'\t'));
    }
    return rows;
}

} // namespace sqlmend::test
