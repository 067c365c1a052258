#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// Alibaba MaxCompute (ODPS), whose errors SQLMend reads and which it reaches through ODBC.
class MaxComputeEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::MaxCompute; }

    SqlLexicalRules lexicalRules() const override;

    EngineFamily ruleFamily() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString adviceQuoted(const QString &name) const override;
};

} // namespace sqlmend::core
