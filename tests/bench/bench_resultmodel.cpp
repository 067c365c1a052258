// bench_resultmodel [rows]: a 1,000,000-row SQLite result streamed through the executor into the
// result model. Prints the time from the start of the run to the first 1,000 rows in the model
// (goal 50 ms) and the peak resident memory (VmHWM) after scrolling through every row (goal
// under 200 MB). Prints figures only; never asserts.

#include "core/exec/executor.h"
#include "core/exec/resultmodel.h"
#include "core/sql/connectionprofile.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <cstdio>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

qint64 statusKilobytes(const char *field)
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

bool makeDatabase(const QString &file, qint64 rows)
{
    QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"bench_setup"_s);
    database.setDatabaseName(file);
    bool ok = database.open();
    QSqlQuery query(database);
    ok = ok
            && query.exec(u"CREATE TABLE t (id INTEGER, qty INTEGER, price REAL, name TEXT, "
                          "city TEXT, ratio REAL, maybe INTEGER, note TEXT)"_s)
            && query.exec(u"INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                          "FROM n WHERE i < %1) SELECT i, i % 97, i * 0.25, 'name ' || i, "
                          "CASE i % 3 WHEN 0 THEN 'Berlin' WHEN 1 THEN 'Zoë, \"QC\"' ELSE "
                          "'北京' END, i / 7.0, CASE WHEN i % 5 = 0 THEN NULL ELSE i END, "
                          "CASE WHEN i % 2 = 0 THEN NULL ELSE 'note ' || i END FROM n"_s.arg(rows));
    if (!ok)
        std::fprintf(stderr, "setup failed: %s\n", qPrintable(query.lastError().text()));
    query.finish();
    database.close();
    database = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"bench_setup"_s);
    return ok;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const qint64 rows = argc > 1 ? QByteArray(argv[1]).toLongLong() : 1000000;
    QTemporaryDir dir;
    const QString file = dir.filePath(u"result.db"_s);
    if (!dir.isValid() || !makeDatabase(file, rows))
        return 1;
    std::printf("rows in result: %lld x 8 columns\n", static_cast<long long>(rows));
    std::printf("VmHWM before the run: %.1f MB\n", statusKilobytes("VmHWM:") / 1024.0);

    const Result<ConnectionProfile> profile = ConnectionProfile::fromUrl(u"sqlite://"_s + file);
    if (!profile) {
        std::fprintf(stderr, "%s\n", qPrintable(profile.error().message));
        return 1;
    }
    Executor executor(profile.value());
    ResultModel model;
    model.setPreviewCap(rows);

    QElapsedTimer clock;
    qint64 firstThousandNs = -1;
    QEventLoop loop;
    QObject::connect(&executor, &Executor::batchReady, &model, [&](const ResultBatch &batch) {
        model.appendBatch(batch);
        if (firstThousandNs < 0 && model.rowCount() >= 1000)
            firstThousandNs = clock.nsecsElapsed();
    });
    QObject::connect(&executor, &Executor::runFinished, &loop, [&](const RunResult &result) {
        model.finish(result.generation, result.rowStatus);
        loop.quit();
    });

    // Connect first, so that the figure is the fetch and not the connection.
    if (!executor.open().result()) {
        std::fprintf(stderr, "cannot open the database\n");
        return 1;
    }
    RunOptions options;
    options.maxRows = int(rows);
    options.batchSize = 1000;
    options.dryRun = false;
    options.keepRows = false;
    options.timeoutMs = 0;
    clock.start();
    const RunTicket ticket = executor.run(u"SELECT * FROM t"_s, options);
    model.start(ticket.generation);
    loop.exec();
    const qint64 allRowsMs = clock.elapsed();

    // Scroll: expose every row and read every cell, as a view walking down would.
    QElapsedTimer scroll;
    scroll.start();
    while (model.canFetchMore({}))
        model.fetchMore({});
    qint64 cells = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        for (int c = 0; c < model.columnCount(); ++c) {
            if (model.data(model.index(r, c)).isValid())
                ++cells;
        }
    }
    const qint64 scrollMs = scroll.elapsed();

    std::printf("first 1,000 rows in the model: %.1f ms after run() (goal 50 ms)\n",
                firstThousandNs / 1e6);
    std::printf("all %lld rows received: %lld ms; model keeps %.1f MB (%.1f bytes per row)\n",
                static_cast<long long>(model.receivedRowCount()), static_cast<long long>(allRowsMs),
                model.storedBytes() / 1048576.0,
                model.receivedRowCount() ? double(model.storedBytes()) / model.receivedRowCount()
                                         : 0.0);
    std::printf("scrolled through %d rows (%lld cells read) in %lld ms\n", model.rowCount(),
                static_cast<long long>(cells), static_cast<long long>(scrollMs));
    const double peakMb = statusKilobytes("VmHWM:") / 1024.0;
    std::printf("peak resident memory (VmHWM): %.1f MB (goal under 200 MB): %s\n", peakMb,
                peakMb < 200 ? "met" : "missed");
    std::printf("ratio first-1000 / goal: %.2f\n", firstThousandNs / 1e6 / 50.0);
    return 0;
}
