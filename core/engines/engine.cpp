#include "core/engines/engine.h"

#include <array>

namespace sqlmend::core {

namespace {

struct EngineAlias
{
    const char16_t *alias;
    Engine engine;
};

// clang-format off
constexpr std::array<EngineAlias, 40> aliases{{
    {u"postgresql", Engine::PostgreSQL}, {u"postgres", Engine::PostgreSQL}, {u"pg", Engine::PostgreSQL},
    {u"qpsql", Engine::PostgreSQL}, {u"psql", Engine::PostgreSQL}, {u"cratedb", Engine::PostgreSQL},
    {u"risingwave", Engine::PostgreSQL},
    {u"hologres", Engine::Hologres}, {u"redshift", Engine::Redshift}, {u"greenplum", Engine::Greenplum},
    {u"mysql", Engine::MySQL}, {u"qmysql", Engine::MySQL}, {u"analyticdb-mysql", Engine::MySQL},
    {u"mariadb", Engine::MariaDB},
    {u"sqlite", Engine::SQLite}, {u"sqlite3", Engine::SQLite}, {u"qsqlite", Engine::SQLite},
    {u"duckdb", Engine::DuckDB},
    {u"clickhouse", Engine::ClickHouse}, {u"qclickhouse", Engine::ClickHouse},
    {u"byconity", Engine::ClickHouse},
    {u"trino", Engine::Trino}, {u"presto", Engine::Trino}, {u"athena", Engine::Trino},
    {u"sqlserver", Engine::SqlServer}, {u"mssql", Engine::SqlServer}, {u"tsql", Engine::SqlServer},
    {u"oracle", Engine::Oracle},
    {u"snowflake", Engine::Snowflake},
    {u"bigquery", Engine::BigQuery},
    {u"maxcompute", Engine::MaxCompute}, {u"odps", Engine::MaxCompute}, {u"clickzetta", Engine::MaxCompute},
    {u"odbc", Engine::Odbc}, {u"qodbc", Engine::Odbc},
    {u"monetdb", Engine::Unknown}, {u"calcite", Engine::Unknown}, {u"dremio", Engine::Unknown},
    {u"iotdb", Engine::Unknown}, {u"ksqldb", Engine::Unknown},
}};

struct EngineNames
{
    Engine engine;
    const char16_t *name;
    const char16_t *display;
};

constexpr std::array<EngineNames, 17> names{{
    {Engine::Unknown, u"unknown", u"SQL"},
    {Engine::PostgreSQL, u"postgresql", u"PostgreSQL"},
    {Engine::Hologres, u"hologres", u"Hologres"},
    {Engine::Redshift, u"redshift", u"Amazon Redshift"},
    {Engine::Greenplum, u"greenplum", u"Greenplum"},
    {Engine::MySQL, u"mysql", u"MySQL"},
    {Engine::MariaDB, u"mariadb", u"MariaDB"},
    {Engine::SQLite, u"sqlite", u"SQLite"},
    {Engine::DuckDB, u"duckdb", u"DuckDB"},
    {Engine::ClickHouse, u"clickhouse", u"ClickHouse"},
    {Engine::Trino, u"trino", u"Trino"},
    {Engine::SqlServer, u"sqlserver", u"SQL Server"},
    {Engine::Oracle, u"oracle", u"Oracle"},
    {Engine::Snowflake, u"snowflake", u"Snowflake"},
    {Engine::BigQuery, u"bigquery", u"BigQuery"},
    {Engine::MaxCompute, u"maxcompute", u"MaxCompute"},
    {Engine::Odbc, u"odbc", u"ODBC"},
}};
// clang-format on

const EngineNames &namesOf(Engine engine)
{
    for (const EngineNames &entry : names) {
        if (entry.engine == engine)
            return entry;
    }
    return names.front();
}

} // namespace

Engine engineFromName(QStringView name)
{
    const QStringView trimmed = name.trimmed();
    for (const EngineAlias &entry : aliases) {
        if (trimmed.compare(QStringView(entry.alias), Qt::CaseInsensitive) == 0)
            return entry.engine;
    }
    return Engine::Unknown;
}

QString engineName(Engine engine)
{
    return QString::fromUtf16(namesOf(engine).name);
}

QString engineDisplayName(Engine engine)
{
    return QString::fromUtf16(namesOf(engine).display);
}

} // namespace sqlmend::core
