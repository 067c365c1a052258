#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// PostgreSQL and the engines that speak its protocol and dialect (Hologres, Redshift,
// Greenplum), through QPSQL: READ ONLY transactions, statement_timeout, PQcancel; the guard reads
// statements with the real PostgreSQL parser.
class PostgresEngine final : public SqlEngine
{
public:
    explicit PostgresEngine(Engine flavour = Engine::PostgreSQL) : m_flavour(flavour) { }
    Engine engine() const override { return m_flavour; }

    QStringList urlSchemes() const override;
    QString qtDriverName() const override { return QStringLiteral("QPSQL"); }
    QStringList connectOptions(const ConnectionProfile &profile) const override;
    std::optional<ConnectionProfile::Driver> driver() const override
    {
        return ConnectionProfile::Driver::PostgreSQL;
    }
    QString versionQuery() const override;
    std::unique_ptr<EngineSession> attach(QSqlDatabase &database, const ConnectionProfile &profile,
                                          const QString &password,
                                          RunInterrupt &interrupt) const override;
    QSqlDriver::DbmsType odbcDbmsType() const override { return QSqlDriver::PostgreSQL; }

    SqlLexicalRules lexicalRules() const override;
    bool parsesAsPostgres() const override { return true; }
    QStringList denylistKeys() const override;

    QString rowLimitClause(int rows) const override { return limitClause(rows); }
    QStringList sessionSetup() const override;
    LexingPin lexingPin(const QString &state) const override;
    QStringList beginRun(int timeoutMs, int maxRows = 0) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override { return explained(sql); }
    QString unrunnableReason(QStringView kind) const override;
    CancelMethod cancelMethod() const override { return CancelMethod::PgCancel; }

    QStringList odbcSessionSetup() const override;
    LexingPin odbcLexingPin(const QString &state) const override;
    QStringList odbcBeginRun(int timeoutMs, int maxRows) const override;

    QString defaultSchema(QSqlDatabase &database) const override;
    Result<QStringList, Diagnosis> catalogSchemas(QSqlDatabase &database) const override;
    Result<QList<CatalogTable>, Diagnosis> catalogTables(QSqlDatabase &database,
                                                         const QString &schema) const override;
    QString catalogMark(QSqlDatabase &database, const QString &schema) const override;
    QStringList catalogFunctions(QSqlDatabase &database, const QString &schema) const override;

    void examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const override;

    EngineFamily ruleFamily() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString nativeType(const QString &lowerType) const override;
    QString functionEquivalent(QStringView lowerName) const override;
    bool isBuiltinFunction(QStringView lowerName) const override;
    bool doubleQuotedValueIsColumn() const override { return true; }
    bool hasDoubleColonCast() const override { return true; }
    bool hasDistinctOn() const override { return true; }
    bool refusesBackquotes() const override { return true; }
    bool hasIlike() const override { return true; }
    bool castsDecimalTextStrictly() const override { return true; }
    QString nullFallbackFunction() const override;
    QStringList promptNotes() const override;

private:
    Engine m_flavour;
};

} // namespace sqlmend::core
