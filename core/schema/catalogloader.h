#pragma once

#include "core/errors/diagnosis.h"
#include "core/result.h"
#include "core/schema/catalogobjects.h"

#include <QCoreApplication>
#include <QStringList>

class QSqlDatabase;

namespace sqlmend::core {

// Reads the catalog of a live connection with a few set-based queries per schema, never one query
// per table; the queries are each engine's (SqlEngine::catalogTables() and the rest). Runs on
// whatever thread calls it (the connection's worker); every error leaves through diagnose().
class CatalogLoader
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::CatalogLoader)

public:
    // The engine a QtSql driver speaks (QSQLITE, QPSQL, QMYSQL, QODBC, QCLICKHOUSE); Unknown for
    // others.
    static Engine engineOf(const QSqlDatabase &database);
    // Where unqualified names resolve: "main", the current PostgreSQL schema, the MySQL database.
    static QString defaultSchema(QSqlDatabase &database, Engine engine);

    static Result<QStringList, Diagnosis> loadSchemas(QSqlDatabase &database, Engine engine);
    // Tables and views with columns, keys, comments and row estimates, sorted by name.
    static Result<QList<CatalogTable>, Diagnosis> loadTables(QSqlDatabase &database, Engine engine,
                                                             const QString &schema);
    // A cheap mark of the schema's shape, for the catalog cache: it changes whenever a table, a
    // column, a key or a comment of the schema does (row estimates aside). SQLite: the schema
    // version and the file's identity; PostgreSQL: counts and a sum of the transaction ids that
    // last wrote the schema's rows in pg_class, pg_attribute, pg_attrdef, pg_constraint and
    // pg_description; MySQL/MariaDB: the tables' and views' definition times and texts; other
    // engines: the catalog's row counts. Empty when none can be taken, or (MySQL, whose times
    // count seconds) while the last change is too recent to tell from the next one.
    static QString fingerprint(QSqlDatabase &database, Engine engine, const QString &schema);
    // Function names callable from the schema (its own and the built-in ones the engine lists).
    static Result<QStringList, Diagnosis> loadFunctions(QSqlDatabase &database, Engine engine,
                                                        const QString &schema);
};

} // namespace sqlmend::core
