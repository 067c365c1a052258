#pragma once

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

// What the integration suites read from tests/data: the escaped SQL column of the attack and read
// lists, and the sample shop the servers are loaded with (here for a SQLite copy of it).

// The SQL column as written in the .tsv files: \n, \r, \t, \uXXXX and \\ stand for themselves.
inline QString unescapeSqlField(const QString &text)
{
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) != u'\\' || i + 1 >= text.size()) {
            out += text.at(i);
            continue;
        }
        const QChar next = text.at(++i);
        if (next == u'n') {
            out += u'\n';
        } else if (next == u'r') {
            out += u'\r';
        } else if (next == u't') {
            out += u'\t';
        } else if (next == u'\\') {
            out += u'\\';
        } else if (next == u'u' && i + 4 < text.size()) {
            out += QChar(text.mid(i + 1, 4).toUShort(nullptr, 16));
            i += 4;
        } else {
            out += u'\\';
            out += next;
        }
    }
    return out;
}

// Loads tests/data/fixtures/sample_schema.sql into db; an error message, or empty.
inline QString loadSampleShop(QSqlDatabase &db)
{
    QFile schema(QStringLiteral(SQLMEND_TEST_DATA_DIR "/fixtures/sample_schema.sql"));
    if (!schema.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read ") + schema.fileName();
    QString script;
    for (const QString &line : QString::fromUtf8(schema.readAll()).split(u'\n')) {
        if (!line.trimmed().startsWith(u"--"))
            script += line + u'\n';
    }
    for (const QString &statement : script.split(u';', Qt::SkipEmptyParts)) {
        if (statement.trimmed().isEmpty())
            continue;
        QSqlQuery query(db);
        if (!query.exec(statement))
            return query.lastError().text();
    }
    return {};
}
