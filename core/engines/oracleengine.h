#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// Oracle Database, whose errors SQLMend reads and which it reaches through ODBC.
class OracleEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::Oracle; }

    EngineFamily ruleFamily() const override;
    QStringView errorCodeRule() const override { return u"ora"; }
    bool ownsErrorCode(QStringView) const override { return true; }
    std::optional<ErrorClass> errorCodeClass(int code, QStringView text) const override;

    QStringList castSpellings(CastTarget target) const override;
    bool hasMinus() const override { return true; }
};

} // namespace sqlmend::core
