#pragma once

#include "core/engines/sqlengine.h"

namespace sqlmend::core {

// MySQL and MariaDB through QMYSQL, one class with a flavour (a mysql:// URL may reach MariaDB,
// which spells the statement time limit differently): START TRANSACTION READ ONLY, the session's
// sql_mode pinned to the guard's lexing, sql_select_limit as the row cap, KILL QUERY.
class MysqlEngine final : public SqlEngine
{
public:
    // The session's sql_mode without the modes that change how strings, quotes and statements
    // are read (NO_BACKSLASH_ESCAPES, ANSI_QUOTES and the modes that include them); empty when
    // the text is not a list of mode names.
    static std::optional<QString> guardSqlMode(const QString &sqlMode);

    explicit MysqlEngine(Engine flavour) : m_flavour(flavour) { }
    Engine engine() const override { return m_flavour; }

    QStringList urlSchemes() const override;
    QString qtDriverName() const override { return QStringLiteral("QMYSQL"); }
    QStringList connectOptions(const ConnectionProfile &profile) const override;
    std::optional<ConnectionProfile::Driver> driver() const override
    {
        return ConnectionProfile::Driver::MySQL;
    }
    QString versionQuery() const override;
    Engine engineForVersion(const QString &version) const override;
    std::unique_ptr<EngineSession> attach(QSqlDatabase &database, const ConnectionProfile &profile,
                                          const QString &password,
                                          RunInterrupt &interrupt) const override;
    QSqlDriver::DbmsType odbcDbmsType() const override { return QSqlDriver::MySqlServer; }

    SqlLexicalRules lexicalRules() const override;
    QList<SqlLexicalRules> otherReadings(QStringView sql) const override;
    QStringList denylistKeys() const override;

    QString quoteIdentifier(QStringView identifier) const override;
    bool groupsDecideJoinedColumns() const override { return true; }
    QString rowLimitClause(int rows) const override { return limitClause(rows); }
    QStringList sessionSetup() const override;
    QString lexingStateQuery() const override;
    LexingPin lexingPin(const QString &state) const override;
    QStringList beginRun(int timeoutMs, int maxRows = 0) const override;
    QStringList endRun() const override;
    QString dryRunSql(QStringView sql) const override { return explained(sql); }
    CancelMethod cancelMethod() const override { return CancelMethod::KillQuery; }

    QStringList odbcSessionSetup() const override { return sessionSetup(); }
    QString odbcLexingStateQuery() const override { return lexingStateQuery(); }
    LexingPin odbcLexingPin(const QString &state) const override { return lexingPin(state); }
    QStringList odbcBeginRun(int timeoutMs, int maxRows) const override;
    QStringList odbcEndRun() const override;

    QString defaultSchema(QSqlDatabase &database) const override;
    Result<QStringList, Diagnosis> catalogSchemas(QSqlDatabase &database) const override;
    Result<QList<CatalogTable>, Diagnosis> catalogTables(QSqlDatabase &database,
                                                         const QString &schema) const override;
    QString catalogMark(QSqlDatabase &database, const QString &schema) const override;
    QStringList catalogFunctions(QSqlDatabase &database, const QString &schema) const override;

    void examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const override;

    EngineFamily ruleFamily() const override;
    QStringView errorCodeRule() const override { return u"errno"; }
    bool ownsErrorCode(QStringView digits) const override { return digits.size() < 5; }
    std::optional<ErrorClass> errorCodeClass(int code, QStringView text) const override;
    QStringList errorLayers() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString adviceQuoted(const QString &name) const override;
    QString nativeType(const QString &lowerType) const override;
    QString functionEquivalent(QStringView lowerName) const override;
    QString lengthFunction() const override;
    QStringList promptNotes() const override;

private:
    // KILL QUERY from a second, short-lived connection; runs on a pool thread, so the
    // connection is created, used and removed there.
    void killQuery(const ConnectionProfile &profile, const QString &password,
                   qint64 connectionId) const;
    Engine m_flavour;
};

} // namespace sqlmend::core
