#pragma once

#include "core/engines/engine.h"
#include "core/exec/runresult.h"
#include "tests/support/runwait.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>

// Helpers shared by the integration tests: a digest of everything a write could change (and,
// from tests/support, waiting for a run while the test thread keeps ticking).

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
