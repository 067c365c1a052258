#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// Google BigQuery, whose errors SQLMend reads and which it reaches through ODBC.
class BigQueryEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::BigQuery; }

    SqlLexicalRules lexicalRules() const override;

    EngineFamily ruleFamily() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString adviceQuoted(const QString &name) const override;
};

} // namespace sqlmend::core
