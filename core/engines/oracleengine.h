#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// Oracle Database, whose errors SQLMend reads and which it reaches through ODBC.
class OracleEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::Oracle; }

    EngineFamily ruleFamily() const override;
    ErrorNumbering errorNumbering() const override { return ErrorNumbering::OracleNumber; }

    QStringList castSpellings(CastTarget target) const override;
};

} // namespace sqlmend::core
