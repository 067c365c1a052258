#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// Microsoft SQL Server, whose errors SQLMend reads and which it reaches through ODBC.
class SqlServerEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::SqlServer; }

    SqlLexicalRules lexicalRules() const override;
    QStringList denylistKeys() const override;

    EngineFamily ruleFamily() const override;
    QStringView errorCodeRule() const override { return u"mssql"; }
    bool ownsErrorCode(QStringView) const override { return true; }
    std::optional<ErrorClass> errorCodeClass(int code, QStringView text) const override;
    QStringList errorLayers() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString adviceQuoted(const QString &name) const override;
    QString functionEquivalent(QStringView lowerName) const override;
    bool hasSelectTop() const override { return true; }
    bool hasExtract() const override { return false; }
};

} // namespace sqlmend::core
