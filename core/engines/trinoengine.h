#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// Trino (and Presto, Athena), whose errors SQLMend reads and which it reaches through ODBC.
class TrinoEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::Trino; }

    EngineFamily ruleFamily() const override;

    QStringList castSpellings(CastTarget target) const override;
};

} // namespace sqlmend::core
