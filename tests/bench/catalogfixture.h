#pragma once

// A SQLite file of N tables x 20 columns for the catalog benchmarks, kept between runs: SQLite
// scans the whole schema table for each CREATE TABLE, so 50,000 tables take minutes to write
// once and no time to reuse. The folder is $SQLMEND_BENCH_FIXTURES, else "fixtures" beside the
// benchmark.

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

#include <cstdio>

namespace sqlmend::bench {

inline constexpr int FixtureColumns = 20;

inline QString fixtureFolder()
{
    const QString configured = qEnvironmentVariable("SQLMEND_BENCH_FIXTURES");
    const QString folder = configured.isEmpty()
            ? QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("fixtures"))
            : configured;
    QDir().mkpath(folder);
    return folder;
}

inline QString createFixtureTable(const QString &name)
{
    QStringList columns = {QStringLiteral("id INTEGER PRIMARY KEY")};
    for (int c = 1; c < FixtureColumns; ++c) {
        columns.append(
                QStringLiteral("col_%1 %2")
                        .arg(c)
                        .arg(c % 3 == 0 ? QStringLiteral("TEXT") : QStringLiteral("INTEGER")));
    }
    return QStringLiteral("CREATE TABLE %1 (%2)").arg(name, columns.join(QStringLiteral(", ")));
}

// The path of a file with exactly `tables` tables named table_0 ..., written when missing.
inline QString catalogFixture(int tables)
{
    const QString file =
            QDir(fixtureFolder()).filePath(QStringLiteral("catalog-%1.db").arg(tables));
    const QString connection = QStringLiteral("bench_fixture");
    bool ready = false;
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        database.setDatabaseName(file);
        if (QFile::exists(file) && database.open()) {
            QSqlQuery count(database);
            ready = count.exec(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = "
                                              "'table'"))
                    && count.next() && count.value(0).toInt() == tables;
            count.finish();
            database.close();
        }
        if (!ready) {
            QFile::remove(file);
            QElapsedTimer clock;
            clock.start();
            std::printf("(writing %d tables x %d columns into %s once; 50,000 take minutes)\n",
                        tables, FixtureColumns, qPrintable(file));
            std::fflush(stdout);
            ready = database.open();
            QSqlQuery query(database);
            for (const char *pragma : {"PRAGMA journal_mode=OFF", "PRAGMA synchronous=OFF",
                                       "PRAGMA cache_size=-1000000", "BEGIN"})
                ready = ready && query.exec(QString::fromLatin1(pragma));
            for (int t = 0; ready && t < tables; ++t)
                ready = query.exec(createFixtureTable(QStringLiteral("table_%1").arg(t)));
            ready = ready && query.exec(QStringLiteral("COMMIT"));
            if (!ready)
                std::fprintf(stderr, "writing %s failed: %s\n", qPrintable(file),
                             qPrintable(query.lastError().text()));
            else
                std::printf("(written in %.0f s)\n", double(clock.elapsed()) / 1000);
            query.finish();
            database.close();
        }
    }
    QSqlDatabase::removeDatabase(connection);
    if (!ready)
        QFile::remove(file);
    return ready ? file : QString();
}

} // namespace sqlmend::bench
