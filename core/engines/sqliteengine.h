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
    QString qtDriverName() const override { return QStringLiteral("QSQLITE"); }
    std::optional<Failure> readUrl(QStringView scheme, const QString &rest, const QString &url,
                                   ConnectionProfile &profile, QString *password) const override;
    QString writeUrl(const ConnectionProfile &profile) const override;
    QString displayName(const ConnectionProfile &profile) const override;
    QStringList connectOptions(const ConnectionProfile &profile) const override;
    bool needsPassword() const override { return false; }
    std::optional<ConnectionProfile::Driver> driver() const override
    {
        return ConnectionProfile::Driver::SQLite;
    }
    QString versionQuery() const override;
    std::optional<QString> configure(QSqlDatabase &database, const ConnectionProfile &profile,
                                     const QString &password) const override;
    std::unique_ptr<EngineSession> attach(QSqlDatabase &database, const ConnectionProfile &profile,
                                          const QString &password,
                                          RunInterrupt &interrupt) const override;

    SqlLexicalRules lexicalRules() const override;
    bool hasPragmas() const override { return true; }
    bool groupsDecideJoinedColumns() const override { return true; }
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
    QStringView errorCodeRule() const override { return u"sqlite"; }
    bool ownsErrorCode(QStringView digits) const override { return digits.size() < 5; }
    std::optional<ErrorClass> errorCodeClass(int code, QStringView text) const override;
    QStringList errorLayers() const override;

    QStringList castSpellings(CastTarget target) const override;
    QString functionEquivalent(QStringView lowerName) const override;
    QString ilikeReplacement() const override;
    QString ilikeNote() const override;
    bool likeIgnoresCase() const override { return true; }
    bool hasQuantifiedComparison() const override { return false; }
    bool hasExtract() const override { return false; }
    bool parenthesizedCompoundMembers() const override { return false; }
    QString colonCastType(QStringView lowerType, QStringView declaredType) const override;
    bool doubleQuotedNameMayBeString() const override { return true; }
    QString nullFallbackFunction() const override;
    QStringList promptNotes() const override;
};

} // namespace sqlmend::core
