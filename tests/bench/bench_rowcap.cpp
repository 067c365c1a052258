// bench_rowcap: 10 rows of a 3,000,000-row result, the way the executor fetched them before the
// cap stopped the server (a forward-only query read for 10 rows, then finished) and through the
// executor now (maxRows = 10). Prints the time and the process's peak memory for each; every
// measurement runs in a process of its own so that peaks do not mix.
//
//   SQLMEND_BENCH_PG_URL=postgresql://user@host:port/db
//   SQLMEND_BENCH_MARIADB_URL=mariadb://user@host:port/db
//   SQLMEND_BENCH_PASSWORD=...        (both servers)
// An engine whose URL is not set is skipped.

#include "core/exec/executor.h"
#include "core/sql/connectionprofile.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

namespace {

constexpr int Rows = 10;

QString bigQuery(Engine engine)
{
    if (engine == Engine::PostgreSQL)
        return u"SELECT g, md5(g::text) AS h FROM generate_series(1, 3000000) AS g"_s;
    return u"SELECT seq, MD5(seq) AS h FROM seq_1_to_3000000"_s;
}

qint64 peakKilobytes()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// One measurement in this process: prints "<ms> <peak kB> <rows>".
int measure(const QString &mode, const QString &url)
{
    const QString password = qEnvironmentVariable("SQLMEND_BENCH_PASSWORD");
    const auto profile = ConnectionProfile::fromUrl(url);
    if (!profile) {
        std::fprintf(stderr, "bad URL %s\n", qPrintable(url));
        return 2;
    }
    const Engine engine = profile->engine();
    qint64 rows = 0;
    QElapsedTimer clock;
    if (mode == u"before") {
        QSqlDatabase db = QSqlDatabase::addDatabase(profile->qtDriverName(), u"before"_s);
        db.setHostName(profile->host());
        db.setPort(profile->port());
        db.setDatabaseName(profile->database());
        db.setUserName(profile->user());
        db.setPassword(password);
        if (!db.open()) {
            std::fprintf(stderr, "%s\n", qPrintable(db.lastError().text()));
            return 1;
        }
        clock.start();
        {
            QSqlQuery query(db);
            query.setForwardOnly(true);
            if (!query.exec(bigQuery(engine))) {
                std::fprintf(stderr, "%s\n", qPrintable(query.lastError().text()));
                return 1;
            }
            while (rows < Rows && query.next())
                ++rows;
            query.finish();
        }
    } else {
        Executor executor(*profile, password);
        if (!executor.open().result()) {
            std::fprintf(stderr, "cannot connect\n");
            return 1;
        }
        RunOptions options;
        options.maxRows = Rows;
        options.dryRun = false;
        clock.start();
        const RunResult result = executor.run(bigQuery(engine), options).result.result();
        if (!result.isOk()) {
            std::fprintf(stderr, "%s\n", qPrintable(runOutcomeName(result.outcome)));
            return 1;
        }
        rows = result.rowCount;
    }
    std::printf("%lld %lld %lld\n", clock.elapsed(), peakKilobytes(), rows);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() == 4 && arguments.at(1) == u"--measure")
        return measure(arguments.at(2), arguments.at(3));

    std::printf("10 rows of a 3,000,000-row result: before (the driver's whole result, or a "
                "drain to the end) and after (the row cap stops the server)\n");
    for (const auto &[name, variable] : {std::pair{"PostgreSQL", "SQLMEND_BENCH_PG_URL"},
                                         std::pair{"MariaDB", "SQLMEND_BENCH_MARIADB_URL"}}) {
        const QString url = qEnvironmentVariable(variable);
        if (url.isEmpty()) {
            std::printf("%s: skipped (set %s)\n", name, variable);
            continue;
        }
        qint64 figures[2][3] = {};
        for (int i = 0; i < 2; ++i) {
            const QString mode = i == 0 ? u"before"_s : u"after"_s;
            QProcess process;
            process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
            process.start(QCoreApplication::applicationFilePath(), {u"--measure"_s, mode, url});
            process.waitForFinished(600000);
            const QList<QByteArray> parts = process.readAllStandardOutput().trimmed().split(' ');
            for (int k = 0; k < 3; ++k)
                figures[i][k] = parts.value(k).toLongLong();
            std::printf("%s %-6s %7lld ms  peak %7.1f MB  %lld rows\n", name, qPrintable(mode),
                        figures[i][0], figures[i][1] / 1024.0, figures[i][2]);
        }
        if (figures[1][0] > 0 && figures[1][1] > 0) {
            std::printf("%s: %.0fx faster, %.1fx less memory\n", name,
                        double(figures[0][0]) / double(figures[1][0]),
                        double(figures[0][1]) / double(figures[1][1]));
        }
    }
    return 0;
}
