#include "tests/support/cliprocess.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace sqlmend::test {

QList<QByteArray> CliRun::lines() const
{
    QList<QByteArray> result = out.split('\n');
    if (!result.isEmpty() && result.constLast().isEmpty())
        result.removeLast();
    return result;
}

void isolate(QProcessEnvironment &environment, const QString &home)
{
    environment.insert(u"HOME"_s, home);
    environment.insert(u"XDG_CONFIG_HOME"_s, home);
    environment.insert(u"XDG_DATA_HOME"_s, home);
    environment.insert(u"LC_ALL"_s, u"C"_s);
    environment.insert(u"LANGUAGE"_s, u"en"_s);
}

CliRun runCli(const QString &program, const QStringList &arguments, const CliOptions &options)
{
    CliRun run;
    QProcess process;
    process.setProcessEnvironment(options.environment);
    QEventLoop events;
    QTimer limit;
    limit.setSingleShot(true);
    QObject::connect(&process, &QProcess::finished, &events, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &events,
                     [&events](QProcess::ProcessError error) {
                         if (error == QProcess::FailedToStart)
                             events.quit();
                     });
    QObject::connect(&limit, &QTimer::timeout, &events, &QEventLoop::quit);
    process.start(program, arguments);
    if (!process.waitForStarted(30000))
        return run;
    process.write(options.input);
    process.closeWriteChannel();
    limit.start(options.timeoutMs);
    if (process.state() != QProcess::NotRunning)
        events.exec();
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    run.json = QJsonDocument::fromJson(run.out).object();
    return run;
}

} // namespace sqlmend::test
