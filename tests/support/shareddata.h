#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QTest>

// Data sets that are not part of the repository (the Spider set, for one): a test finds them
// through an environment variable, else in ../shared beside the source tree. Without them it is
// skipped with the reason, except on CI (the environment variable CI is set), where a missing
// data set is a failure: CI must run everything.

namespace sqlmend::test {

// The folder environmentVariable names, else ../shared/relative beside the source tree; empty
// when marker (a file inside it) is not there.
inline QString sharedDataDir(const char *environmentVariable, const QString &relative,
                             const QString &marker)
{
    QString dir = qEnvironmentVariable(environmentVariable);
    if (dir.isEmpty()) {
        dir = QDir(QStringLiteral(SQLMEND_SOURCE_DIR))
                      .absoluteFilePath(QStringLiteral("../shared/") + relative);
    }
    return QFileInfo::exists(QDir(dir).filePath(marker)) ? QDir::cleanPath(dir) : QString();
}

inline QString sharedDataMissing(const char *environmentVariable, const QString &relative)
{
    return QStringLiteral("the data set is not here: set %1, or put it at ../shared/%2 beside "
                          "the source tree")
            .arg(QString::fromLatin1(environmentVariable), relative);
}

} // namespace sqlmend::test

// In initTestCase(), so that ctest reports the whole suite as skipped: sets dir, or skips (fails
// on CI) with the reason.
#define SQLMEND_REQUIRE_SHARED_DATA(dir, environmentVariable, relative, marker) \
    do { \
        (dir) = sqlmend::test::sharedDataDir(environmentVariable, relative, marker); \
        if ((dir).isEmpty()) { \
            const QString reason = \
                    sqlmend::test::sharedDataMissing(environmentVariable, relative); \
            if (qEnvironmentVariableIsSet("CI")) \
                QFAIL(qPrintable(reason + QStringLiteral(" (CI is set: it must be)"))); \
            QSKIP(qPrintable(reason)); \
        } \
    } while (false)
