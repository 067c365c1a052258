#pragma once

#include "core/errors/engine.h"
#include "core/exec/runresult.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFuture>
#include <QFutureWatcher>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QTimer>

// Helpers shared by the integration tests: waiting for a run while the test thread keeps
// ticking, and a digest of everything a write could change.

struct WaitedRun
{
    sqlmend::core::RunResult result;
    bool finished = false;
    qint64 elapsedMs = 0;
    qint64 longestTickGapMs = 0; // the longest the asking thread went without a 10 ms tick
};

inline WaitedRun waitForRun(const QFuture<sqlmend::core::RunResult> &future, int limitMs = 20000)
{
    WaitedRun waited;
    QEventLoop loop;
    QFutureWatcher<sqlmend::core::RunResult> watcher;
    QObject::connect(&watcher, &QFutureWatcher<sqlmend::core::RunResult>::finished, &loop,
                     &QEventLoop::quit);
    QTimer tick;
    tick.setInterval(10);
    QElapsedTimer sinceTick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        waited.longestTickGapMs = qMax(waited.longestTickGapMs, sinceTick.restart());
    });
    QTimer::singleShot(limitMs, &loop, &QEventLoop::quit);
    QElapsedTimer clock;
    clock.start();
    sinceTick.start();
    tick.start();
    watcher.setFuture(future);
    if (!future.isFinished())
        loop.exec();
    waited.elapsedMs = clock.elapsed();
    waited.finished = future.isFinished() && future.resultCount() > 0;
    if (waited.finished)
        waited.result = future.result();
    return waited;
}

inline QString describeRun(const sqlmend::core::RunResult &result)
{
    using namespace sqlmend::core;
    return QStringLiteral("%1 at %2 [%3]: %4")
            .arg(runOutcomeName(result.outcome), runStageName(result.stage),
                 result.diagnosis ? errorClassName(result.diagnosis->errorClass()) : QString(),
                 result.diagnosis ? result.diagnosis->error.raw.left(300) : QString());
}

// Every row of every table, plus what else a write could touch (sequences, roles, large
// objects, users, files), read through an administrator's connection on the calling thread.
inline QString databaseDigest(QSqlDatabase &db, sqlmend::core::Engine engine)
{
    using sqlmend::core::Engine;
    QStringList parts;
    const auto collect = [&](const QString &sql) {
        QSqlQuery query(db);
        if (!query.exec(sql)) {
            parts << QStringLiteral("error: ") + query.lastError().text();
            return;
        }
        while (query.next()) {
            QStringList row;
            for (int i = 0; i < query.record().count(); ++i)
                row << query.value(i).toString();
            parts << row.join(u'|');
        }
    };
    QStringList tables;
    {
        QSqlQuery query(db);
        const QString sql = engine == Engine::SQLite
                ? QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1")
                : engine == Engine::PostgreSQL
                ? QStringLiteral("SELECT table_name FROM information_schema.tables WHERE "
                                 "table_schema = 'public' ORDER BY 1")
                : QStringLiteral("SELECT table_name FROM information_schema.tables WHERE "
                                 "table_schema = DATABASE() ORDER BY 1");
        query.exec(sql);
        while (query.next())
            tables << query.value(0).toString();
    }
    parts << tables.join(u',');
    for (const QString &table : tables) {
        if (engine == Engine::PostgreSQL)
            collect(QStringLiteral("SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), "
                                   "'')) FROM \"%1\" t")
                            .arg(table));
        else if (engine == Engine::SQLite)
            collect(QStringLiteral("SELECT * FROM \"%1\" ORDER BY 1").arg(table));
        else
            collect(QStringLiteral("CHECKSUM TABLE `%1` EXTENDED").arg(table));
    }
    if (engine == Engine::PostgreSQL) {
        collect(QStringLiteral("SELECT last_value, is_called FROM invoice_seq"));
        collect(QStringLiteral("SELECT rolname, rolsuper, rolcanlogin, rolcreaterole FROM pg_roles "
                               "ORDER BY 1"));
        collect(QStringLiteral("SELECT count(*) FROM pg_largeobject_metadata"));
        collect(QStringLiteral("SELECT proname FROM pg_proc p JOIN pg_namespace n ON "
                               "n.oid = p.pronamespace WHERE nspname = 'public' ORDER BY 1"));
        collect(QStringLiteral("SELECT name, setting FROM pg_settings WHERE source NOT IN "
                               "('default', 'override', 'session', 'client') ORDER BY 1"));
    } else if (engine == Engine::MariaDB || engine == Engine::MySQL) {
        collect(QStringLiteral("SELECT user, host FROM mysql.user ORDER BY 1, 2"));
        collect(QStringLiteral("SELECT routine_name FROM information_schema.routines ORDER BY 1"));
        collect(QStringLiteral("SELECT schema_name FROM information_schema.schemata ORDER BY 1"));
    } else if (engine == Engine::SQLite) {
        collect(QStringLiteral("SELECT type, name, sql FROM sqlite_master ORDER BY 1, 2"));
    }
    return parts.join(u'\n');
}
