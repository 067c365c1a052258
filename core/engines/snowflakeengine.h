#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// Snowflake, whose errors SQLMend reads and which it reaches through ODBC.
class SnowflakeEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::Snowflake; }

    SqlLexicalRules lexicalRules() const override;

    EngineFamily ruleFamily() const override;
    QStringView errorCodeRule() const override { return u"snowflake"; }
    bool ownsErrorCode(QStringView digits) const override { return digits.size() == 6; }
    std::optional<ErrorClass> errorCodeClass(int code, QStringView text) const override;
    QStringList errorLayers() const override;

    QStringList castSpellings(CastTarget target) const override;
    bool hasDoubleColonCast() const override { return true; }
    bool hasMinus() const override { return true; }
};

} // namespace sqlmend::core
