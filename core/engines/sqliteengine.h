#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// SQLite through QSQLITE: a file opened read-only with query_only; the timeout is a progress
// handler, the cancel sqlite3_interrupt.
class SqliteEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::SQLite; }

    QStringList urlSchemes() const override;
    std::optional<ConnectionProfile::Driver> driver() const override
    {
        return ConnectionProfile::Driver::SQLite;
    }
    QString versionQuery() const override;

    SqlLexicalRules lexicalRules() const override;
    bool hasPragmas() const override { return true; }
    bool writesOnlyAtStatementStart() const override { return true; }
    QStringList denylistKeys() const override;

    QString rowLimitClause(int rows) const override { return limitClause(rows); }
    QStringList sessionSetup() const override;
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::SqliteInterrupt; }

    QString defaultSchema(QSqlDatabase &database) const override;
    Result<QStringList, Diagnosis> catalogSchemas(QSqlDatabase &database) const override;
    Result<QList<CatalogTable>, Diagnosis> catalogTables(QSqlDatabase &database,
                                                         const QString &schema) const override;
    QString catalogMark(QSqlDatabase &database, const QString &schema) const override;
    QStringList catalogFunctions(QSqlDatabase &database, const QString &schema) const override;

    void examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const override;

    EngineFamily ruleFamily() const override;
    ErrorNumbering errorNumbering() const override { return ErrorNumbering::SqliteCode; }
    QStringList errorLayers() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString functionEquivalent(QStringView lowerName) const override;
    QString ilikeReplacement() const override;
    QString ilikeNote() const override;
    bool likeIgnoresCase() const override { return true; }
    bool doubleQuotedNameMayBeString() const override { return true; }
    QString nullFallbackFunction() const override;
    QStringList promptNotes() const override;
};

} // namespace sqlmend::core
