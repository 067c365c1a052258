#pragma once

#include "core/result.h"
#include "core/sql/connectionprofile.h"

#include <QCoreApplication>
#include <QString>

namespace sqlmend::core {

// Copies one Spider SQLite database into its own PostgreSQL schema, so that the correction
// benchmark can measure the breaks SQLite accepts silently. Declared types map by SQLite's
// affinity rules; a column holding a value that does not fit its mapped type becomes text.
// Table and column names are folded to lower case, as PostgreSQL folds the gold SQL's bare names.
class SpiderMirror
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::SpiderMirror)

public:
    // "spider_<db_id in lower case>", letters, digits and underscores only.
    static QString schemaName(const QString &dbId);
    // The PostgreSQL type for a SQLite declared type ("INT" -> "bigint", "varchar(20)" -> "text").
    static QString postgresType(const QString &sqliteType);

    // Drops and recreates the schema, then copies every table in one transaction per table.
    static Result<Done> copy(const QString &sqlitePath, const QString &dbId,
                             const ConnectionProfile &postgres, const QString &password);
};

} // namespace sqlmend::core
