#include "core/engines/engineregistry.h"

#include "core/engines/bigqueryengine.h"
#include "core/engines/clickhouseengine.h"
#include "core/engines/duckdbengine.h"
#include "core/engines/maxcomputeengine.h"
#include "core/engines/mysqlengine.h"
#include "core/engines/odbcengine.h"
#include "core/engines/oracleengine.h"
#include "core/engines/postgresengine.h"
#include "core/engines/snowflakeengine.h"
#include "core/engines/sqliteengine.h"
#include "core/engines/sqlserverengine.h"
#include "core/engines/trinoengine.h"

#include <array>
#include <memory>
#include <vector>

namespace sqlmend::core {

namespace {

struct Registry
{
    std::vector<std::unique_ptr<const SqlEngine>> engines;
    // The same engines behind an ODBC driver, in the same order; the last one is ODBC to an
    // unknown backend.
    std::vector<std::unique_ptr<const SqlEngine>> odbc;
    // Engine value -> its engine (the first registered that answers it), else the generic one.
    std::array<const SqlEngine *, size_t(Engine::Odbc) + 1> byEngine{};
    QList<const SqlEngine *> list;
    QList<std::pair<QString, Engine>> layers;

    void add(std::unique_ptr<const SqlEngine> engine)
    {
        odbc.push_back(std::make_unique<OdbcEngine>(engine.get()));
        engines.push_back(std::move(engine));
    }

    Registry()
    {
        // One line per engine.
        add(std::make_unique<SqliteEngine>());
        add(std::make_unique<PostgresEngine>(Engine::PostgreSQL));
        add(std::make_unique<PostgresEngine>(Engine::Hologres));
        add(std::make_unique<PostgresEngine>(Engine::Redshift));
        add(std::make_unique<PostgresEngine>(Engine::Greenplum));
        add(std::make_unique<MysqlEngine>(Engine::MySQL));
        add(std::make_unique<MysqlEngine>(Engine::MariaDB));
        add(std::make_unique<ClickHouseEngine>());
        add(std::make_unique<DuckDbEngine>());
        add(std::make_unique<TrinoEngine>());
        add(std::make_unique<SqlServerEngine>());
        add(std::make_unique<OracleEngine>());
        add(std::make_unique<SnowflakeEngine>());
        add(std::make_unique<BigQueryEngine>());
        add(std::make_unique<MaxComputeEngine>());
        engines.push_back(std::make_unique<OdbcEngine>());
        for (auto it = engines.crbegin(); it != engines.crend(); ++it)
            byEngine.at(size_t((*it)->engine())) = it->get();
        for (const auto &engine : engines) {
            list.append(engine.get());
            for (const QString &layer : engine->errorLayers())
                layers.append({layer, engine->engine()});
        }
        for (const SqlEngine *&engine : byEngine) {
            if (!engine)
                engine = &generic();
        }
    }

    const SqlEngine &generic() const { return *engines.back(); }
};

const Registry &registry()
{
    static const Registry instance;
    return instance;
}

} // namespace

const SqlEngine &EngineRegistry::forEngine(Engine engine)
{
    const auto &byEngine = registry().byEngine;
    const size_t index = size_t(engine);
    return index < byEngine.size() ? *byEngine[index] : registry().generic();
}

const SqlEngine *EngineRegistry::forScheme(QStringView scheme)
{
    for (const auto &candidate : registry().engines) {
        if (candidate->urlSchemes().contains(scheme))
            return candidate.get();
    }
    return nullptr;
}

const SqlEngine &EngineRegistry::forOdbc(Engine backend)
{
    const Registry &all = registry();
    for (size_t i = 0; i < all.odbc.size(); ++i) {
        if (all.engines.at(i)->engine() == backend)
            return *all.odbc.at(i);
    }
    return all.generic();
}

Engine EngineRegistry::odbcBackend(QSqlDriver::DbmsType type)
{
    if (type == QSqlDriver::UnknownDbms)
        return Engine::Unknown;
    for (const auto &candidate : registry().engines) {
        if (candidate->odbcDbmsType() == type)
            return candidate->engine();
    }
    return Engine::Unknown;
}

const QList<const SqlEngine *> &EngineRegistry::engines()
{
    return registry().list;
}

const QList<std::pair<QString, Engine>> &EngineRegistry::errorLayers()
{
    return registry().layers;
}

QStringList EngineRegistry::urlSchemes()
{
    QStringList result;
    for (const auto &engine : registry().engines)
        result << engine->urlSchemes();
    return result;
}

} // namespace sqlmend::core
