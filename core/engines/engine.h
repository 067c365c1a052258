#pragma once

#include <QString>
#include <QStringView>

namespace sqlmend::core {

// The database engine that produced an error or that a dialect speaks: a value (persisted by
// name). What each engine does differently is answered by its object,
// EngineRegistry::forEngine() in core/engines/.
enum class Engine {
    Unknown,
    PostgreSQL,
    Hologres,
    Redshift,
    Greenplum,
    MySQL,
    MariaDB,
    SQLite,
    DuckDB,
    ClickHouse,
    Trino,
    SqlServer,
    Oracle,
    Snowflake,
    BigQuery,
    MaxCompute,
    Odbc,
};

// Accepts the engine names of the error corpus and common aliases
// ("postgres", "pg", "QPSQL", "mysql", "QMYSQL", "presto", "mssql", ...); Unknown otherwise.
Engine engineFromName(QStringView name);
QString engineName(Engine engine);
// The name used in prompts and advice ("PostgreSQL", "MariaDB", ...).
QString engineDisplayName(Engine engine);

} // namespace sqlmend::core
