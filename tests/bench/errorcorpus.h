#pragma once

// The labelled engine-error corpus (../shared/errors/corpus.tsv) and the reference every
// classification figure is measured against: a plain regex rule set of the kind a first
// classifier would be. Shared by bench_classify (in process) and bench_plainclassify (the
// whole-process reference of bench_process classify).

#include "core/engines/engine.h"
#include "core/errors/engineerror.h"
#include "core/errors/errorclass.h"

#include <QFile>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <utility>

namespace sqlmend::bench {

using namespace Qt::StringLiterals;
using core::EngineError;
using core::ErrorClass;

struct Sample
{
    EngineError error;
    QString label;
    QString code; // as the corpus gives it, for the JSON Lines form
};

// The corpus escapes \n, \t, \r and \\ inside fields.
inline QString unescaped(QStringView field)
{
    QString result;
    result.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field[i] == u'\\' && i + 1 < field.size()) {
            const QChar next = field[++i];
            if (next == u'n')
                result += u'\n';
            else if (next == u't')
                result += u'\t';
            else if (next == u'r')
                result += u'\r';
            else if (next == u'\\')
                result += u'\\';
            else
                result += u'\\', result += next;
        } else {
            result += field[i];
        }
    }
    return result;
}

inline QList<Sample> loadCorpus(const QString &path)
{
    QList<Sample> samples;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return samples;
    bool header = true;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).chopped(1);
        if (header) {
            header = false;
            continue;
        }
        const QStringList fields = line.split(u'\t');
        if (fields.size() < 6)
            continue;
        // sqlstate_or_code: "1146 (42S02)" for MariaDB, the errno first, as QMYSQL gives it.
        const QString code = fields.at(4).section(u' ', 0, 0);
        samples.append({EngineError::fromText(core::engineFromName(fields.at(1)),
                                              unescaped(fields.at(5)), code),
                        fields.at(3), code});
    }
    return samples;
}

inline QString defaultCorpusPath()
{
    // The engine errors of ../shared/errors beside the source tree, or where SQLMEND_ERRORS_DIR
    // says; they are read where they are, never copied into the repository.
    QString errorsDir = qEnvironmentVariable("SQLMEND_ERRORS_DIR");
    if (errorsDir.isEmpty())
        errorsDir = QStringLiteral(SQLMEND_SOURCE_DIR "/../shared/errors");
    return errorsDir + QStringLiteral("/corpus.tsv");
}

// The reference: a plain regex rule set of the kind a first classifier would be, one pattern a
// class, first match wins, on the raw text (no codes, no unwrapping, no captures, no advice).
struct PlainRule
{
    ErrorClass errorClass;
    QRegularExpression pattern;
};

inline QList<PlainRule> plainRules()
{
    const QList<std::pair<ErrorClass, const char16_t *>> rules{
            {ErrorClass::Permission,
             uR"(permission denied|access denied|not authori[sz]ed|must be owner)"},
            {ErrorClass::Timeout, uR"(timeout|timed out|canceling statement|lock wait|deadlock)"},
            {ErrorClass::StorageFormat,
             uR"(corrupt|malformed|file is not a database|doesn't exist in engine)"},
            {ErrorClass::ResourceExceeded,
             uR"(out of memory|too many|disk (?:is )?full|limit exceeded|memory limit)"},
            {ErrorClass::TypeUnsupported,
             uR"(type "?\w+"? does not exist|unsupported (?:data )?type|unknown data ?type)"},
            {ErrorClass::FunctionMissing,
             uR"(function .{1,80} does not exist|no such function|unknown function)"},
            {ErrorClass::ColumnMissing,
             uR"(column .{1,80} does not exist|no such column|unknown column|invalid column)"},
            {ErrorClass::TableMissing,
             uR"(relation .{1,80} does not exist|no such table|table .{1,80} doesn't exist|unknown table)"},
            {ErrorClass::OperatorMismatch, uR"(operator does not exist|type mismatch|illegal mix)"},
            {ErrorClass::CastError,
             uR"(invalid input syntax|cannot cast|out of range|incorrect \w+ value|conversion failed)"},
            {ErrorClass::AmbiguousColumn, uR"(ambiguous)"},
            {ErrorClass::GroupBy,
             uR"(group by|misuse of aggregate|aggregate functions are not allowed)"},
            {ErrorClass::DivisionByZero, uR"(division by zero|divide by zero)"},
            {ErrorClass::ReadOnlyViolation, uR"(read[- ]only)"},
            {ErrorClass::Syntax, uR"(syntax error|near "|unexpected|incomplete input)"},
            {ErrorClass::Connection, uR"(connection|could not connect|server has gone away)"},
    };
    QList<PlainRule> compiled;
    for (const auto &[errorClass, pattern] : rules) {
        QRegularExpression expression(QString::fromUtf16(pattern),
                                      QRegularExpression::CaseInsensitiveOption);
        expression.optimize();
        compiled.append({errorClass, expression});
    }
    return compiled;
}

inline ErrorClass plainClassify(const QList<PlainRule> &rules, const QString &text)
{
    for (const PlainRule &rule : rules) {
        if (rule.pattern.match(text).hasMatch())
            return rule.errorClass;
    }
    return ErrorClass::Other;
}

} // namespace sqlmend::bench
