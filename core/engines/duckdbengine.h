#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// DuckDB, whose errors SQLMend reads (the error corpus) and which it reaches through ODBC.
class DuckDbEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::DuckDB; }

    SqlLexicalRules lexicalRules() const override;
    bool hasPragmas() const override { return true; }

    EngineFamily ruleFamily() const override;

    QStringList castSpellings(CastTarget target) const override;
    bool hasDoubleColonCast() const override { return true; }
    bool hasDistinctOn() const override { return true; }
};

} // namespace sqlmend::core
