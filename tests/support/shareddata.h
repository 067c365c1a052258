#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>

namespace sqlmend::test {

// A folder of the shared data that lives beside the checkout (../shared/...) or where an
// environment variable says; empty when neither exists. Tests skip without it, except under CI
// (the variable CI set), where missing data is a failure.
inline QString sharedDataDir(const char *variable, const QString &relative)
{
    const QString fromEnvironment = qEnvironmentVariable(variable);
    if (!fromEnvironment.isEmpty())
        return QFileInfo(fromEnvironment).isDir() ? fromEnvironment : QString();
    const QString beside = QDir(QStringLiteral(SQLMEND_SOURCE_DIR))
                                   .absoluteFilePath(QStringLiteral("../shared/") + relative);
    return QFileInfo(beside).isDir() ? beside : QString();
}

inline bool missingDataFails()
{
    return qEnvironmentVariableIsSet("CI");
}

} // namespace sqlmend::test

// In a test function: the folder, or skip (fail under CI) with the reason.
#define SQLMEND_SHARED_DIR(var, variable, relative) \
    const QString var = sqlmend::test::sharedDataDir(variable, relative); \
    if (var.isEmpty()) { \
        const QByteArray reason = QByteArray("no ../shared/") + QString(relative).toUtf8() \
                + " beside the checkout and " + variable + " is not set"; \
        if (sqlmend::test::missingDataFails()) \
            QFAIL(reason.constData()); \
        QSKIP(reason.constData()); \
    }
