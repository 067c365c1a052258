#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// ClickHouse over HTTP (ClickHouseDriver). HTTP is stateless: nothing is set per session; the
// read-only level travels with every request (the connect options) and a run's timeout and row
// cap go to the driver as query settings (ClickHouseDriver::runSettings()). Names are
// case-sensitive; the dry run is LIMIT 0, since 18.16 has no EXPLAIN.
class ClickHouseEngine final : public SqlEngine
{
public:
    Engine engine() const override { return Engine::ClickHouse; }

    QStringList urlSchemes() const override;
    QString qtDriverName() const override;
    std::optional<Failure> readUrl(QStringView scheme, const QString &rest, const QString &url,
                                   ConnectionProfile &profile, QString *password) const override;
    QStringList connectOptions(const ConnectionProfile &profile) const override;
    std::optional<ConnectionProfile::Driver> driver() const override
    {
        return ConnectionProfile::Driver::ClickHouse;
    }
    ReachedServer reached(QSqlDatabase &database) const override;
    std::unique_ptr<EngineSession> attach(QSqlDatabase &database, const ConnectionProfile &profile,
                                          const QString &password,
                                          RunInterrupt &interrupt) const override;

    SqlLexicalRules lexicalRules() const override;
    QList<SqlLexicalRules> otherReadings(QStringView sql) const override;
    bool hasRequestClauses() const override { return true; }
    QStringList denylistKeys() const override;

    QString quoteIdentifier(QStringView identifier) const override;
    QString trimmed(QStringView expression) const override; // 18.16 has no TRIM
    bool caseSensitiveNames() const override { return true; }
    bool hasSelectTop() const override { return true; }              // SELECT TOP n is its LIMIT n
    bool doubleQuotedValueIsColumn() const override { return true; } // "x" is a name, as in SQL
    QString rowLimitClause(int rows) const override { return limitClause(rows); }
    QString dryRunSql(QStringView sql) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::KillQuery; }

    QString defaultSchema(QSqlDatabase &database) const override;
    Result<QStringList, Diagnosis> catalogSchemas(QSqlDatabase &database) const override;
    Result<QList<CatalogTable>, Diagnosis> catalogTables(QSqlDatabase &database,
                                                         const QString &schema) const override;
    QString catalogMark(QSqlDatabase &database, const QString &schema) const override;
    QStringList catalogFunctions(QSqlDatabase &database, const QString &schema) const override;

    EngineFamily ruleFamily() const override;
    QStringView errorCodeRule() const override { return u"clickhouse"; }
    bool ownsErrorCode(QStringView) const override { return true; }
    std::optional<ErrorClass> errorCodeClass(int code, QStringView text) const override;
    QStringList errorLayers() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString adviceQuoted(const QString &name) const override;
    QString functionEquivalent(QStringView lowerName) const override;
    bool shardsResolveNames() const override { return true; }
    QString firstRowPerGroup() const override;
    QStringList promptNotes() const override;
};

} // namespace sqlmend::core
