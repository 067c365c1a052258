#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace sqlmend::test {

// What a run of the command-line binary left behind.
struct CliRun
{
    int exitCode = -1; // -1: did not start, or killed after the time limit; -2: crashed
    QByteArray out;
    QByteArray err;
    QJsonObject json; // standard output as one JSON object, when it is one

    // Standard output's lines, without the empty one after the last newline.
    QList<QByteArray> lines() const;
};

struct CliOptions
{
    QByteArray input; // standard input, then closed
    // Starts as the test's own environment; tests add or remove variables.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    int timeoutMs = 120000;
};

// Settings, data and home under home, and English messages whatever the machine's locale.
void isolate(QProcessEnvironment &environment, const QString &home);

// Runs program with arguments and waits with this thread's event loop running, so that a scripted
// server living on it keeps answering.
CliRun runCli(const QString &program, const QStringList &arguments, const CliOptions &options = {});

} // namespace sqlmend::test
