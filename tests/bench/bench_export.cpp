// bench_export [rows]: our CSV export of SELECT * FROM t (1,000,000 rows x 8 columns of mixed
// integers, reals, text and NULLs) against the sqlite3 command-line client writing the same
// query as CSV, in the same run, both into a file. Prints both times and the ratio (goal <= 1.5x).
// Prints figures only; never asserts.

#include "core/export/exportjob.h"
#include "core/export/exportwriter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

constexpr int Repeats = 3;

bool makeDatabase(QSqlDatabase &database, qint64 rows)
{
    QSqlQuery query(database);
    const bool ok = query.exec(u"CREATE TABLE t (id INTEGER, qty INTEGER, price REAL, name TEXT, "
                               "city TEXT, ratio REAL, maybe INTEGER, note TEXT)"_s)
            && query.exec(u"INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                          "FROM n WHERE i < %1) SELECT i, i % 97, i * 0.25, 'name ' || i, "
                          "CASE i % 3 WHEN 0 THEN 'Berlin' WHEN 1 THEN 'Zoë, \"QC\"' ELSE "
                          "'北京' END, i / 7.0, CASE WHEN i % 5 = 0 THEN NULL ELSE i END, "
                          "CASE WHEN i % 2 = 0 THEN NULL ELSE 'note ' || i END FROM n"_s.arg(rows));
    if (!ok)
        std::fprintf(stderr, "setup failed: %s\n", qPrintable(query.lastError().text()));
    return ok;
}

// Milliseconds, or -1 when the export failed.
qint64 timeOurs(QSqlDatabase &database, const QString &target, qint64 *written)
{
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return -1;
    QElapsedTimer clock;
    clock.start();
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::Csv, &out);
    ExportJob job(database, u"SELECT * FROM t"_s);
    const Result<qint64> rows = job.run(*writer);
    out.close();
    const qint64 ms = clock.elapsed();
    if (!rows) {
        std::fprintf(stderr, "export failed: %s\n", qPrintable(rows.error().message));
        return -1;
    }
    *written = rows.value();
    return ms;
}

qint64 timeClient(const QString &client, const QString &file, const QString &target)
{
    QProcess process;
    process.setStandardOutputFile(target, QIODevice::Truncate);
    QElapsedTimer clock;
    clock.start();
    process.start(client, {u"-csv"_s, u"-header"_s, file, u"SELECT * FROM t"_s});
    if (!process.waitForFinished(600000) || process.exitCode() != 0)
        return -1;
    return clock.elapsed();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const qint64 rows = argc > 1 ? QByteArray(argv[1]).toLongLong() : 1000000;
    QTemporaryDir dir;
    if (!dir.isValid())
        return 1;
    const QString file = dir.filePath(u"export.db"_s);
    QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"bench_export"_s);
    database.setDatabaseName(file);
    if (!database.open() || !makeDatabase(database, rows))
        return 1;
    std::printf("table t: %lld rows x 8 columns\n", static_cast<long long>(rows));

    const QString client = QStandardPaths::findExecutable(u"sqlite3"_s);
    qint64 bestOurs = -1;
    qint64 bestClient = -1;
    qint64 written = 0;
    for (int i = 0; i < Repeats; ++i) {
        const qint64 ours = timeOurs(database, dir.filePath(u"ours.csv"_s), &written);
        if (ours >= 0)
            bestOurs = bestOurs < 0 ? ours : std::min(bestOurs, ours);
        if (!client.isEmpty()) {
            const qint64 theirs = timeClient(client, file, dir.filePath(u"sqlite3.csv"_s));
            if (theirs >= 0)
                bestClient = bestClient < 0 ? theirs : std::min(bestClient, theirs);
        }
    }
    std::printf("ours (ExportJob + CsvWriter): %lld ms for %lld rows, %.1f MB\n",
                static_cast<long long>(bestOurs), static_cast<long long>(written),
                QFileInfo(dir.filePath(u"ours.csv"_s)).size() / 1048576.0);
    if (bestClient < 0) {
        std::printf("sqlite3 -csv: not available\n");
        return 0;
    }
    std::printf("sqlite3 -csv: %lld ms, %.1f MB\n", static_cast<long long>(bestClient),
                QFileInfo(dir.filePath(u"sqlite3.csv"_s)).size() / 1048576.0);
    std::printf("ratio ours / sqlite3: %.2fx (goal <= 1.5x), best of %d\n",
                double(bestOurs) / double(std::max<qint64>(bestClient, 1)), Repeats);
    return 0;
}
