#include "core/engines/sqlengine.h"

#include "core/errors/errorrules.h"
#include "core/exec/safetyexamination.h"
#include "core/schema/catalogquery.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SqlEngine::~SqlEngine() = default;

QString SqlEngine::name() const
{
    return engineDisplayName(engine());
}

Engine SqlEngine::engineForVersion(const QString &) const
{
    return engine();
}

QList<SqlLexicalRules> SqlEngine::otherReadings(QStringView) const
{
    return {};
}

QStringList SqlEngine::denylistKeys() const
{
    // Engines without rows of their own still refuse what every engine refuses.
    return {u"any"_s, u"postgresql"_s, u"mysql"_s, u"sqlserver"_s};
}

QString SqlEngine::quoteIdentifier(QStringView identifier) const
{
    QString quoted = identifier.toString();
    quoted.replace(u'"', u"\"\""_s);
    return u'"' + quoted + u'"';
}

QString SqlEngine::rowLimitClause(int rows) const
{
    return u"FETCH FIRST %1 ROWS ONLY"_s.arg(qMax(0, rows));
}

QString SqlEngine::statementBody(QStringView sql)
{
    QStringView body = sql.trimmed();
    while (body.endsWith(u';'))
        body = body.chopped(1).trimmed();
    return body.toString();
}

QString SqlEngine::limitClause(int rows)
{
    return u"LIMIT %1"_s.arg(qMax(0, rows));
}

QString SqlEngine::explained(QStringView sql)
{
    return u"EXPLAIN "_s + statementBody(sql);
}

QString SqlEngine::limitWrapped(QStringView sql, int rows) const
{
    // Newlines keep a trailing "-- comment" in the user's text from swallowing the parenthesis.
    return u"SELECT * FROM (\n%1\n) AS q %2"_s.arg(statementBody(sql), rowLimitClause(rows));
}

LexingPin SqlEngine::lexingPin(const QString &) const
{
    return {};
}

QStringList SqlEngine::beginRun(int, int) const
{
    return {};
}

QString SqlEngine::dryRunSql(QStringView sql) const
{
    return limitWrapped(sql, 1);
}

bool SqlEngine::dryRunApplies(QStringView kind)
{
    // Only statements that are a plan or a description already go without: everything else,
    // even what the guard let through by mistake, must first survive EXPLAIN (MariaDB's
    // read-only session does not refuse DDL, but EXPLAIN CREATE fails).
    return kind != u"explain" && kind != u"show" && kind != u"describe" && kind != u"pragma";
}

QString SqlEngine::unrunnableReason(QStringView) const
{
    return {};
}

LexingPin SqlEngine::odbcLexingPin(const QString &) const
{
    return {};
}

QStringList SqlEngine::odbcBeginRun(int, int) const
{
    return {};
}

QString SqlEngine::defaultSchema(QSqlDatabase &) const
{
    return {};
}

Result<QStringList, Diagnosis> SqlEngine::catalogSchemas(QSqlDatabase &database) const
{
    // Without information_schema: the driver's default schema only.
    return catalog::firstColumn(database, engine(),
                                u"SELECT schema_name FROM information_schema.schemata"_s)
            .valueOr(QStringList{QString()});
}

Result<QList<CatalogTable>, Diagnosis> SqlEngine::catalogTables(QSqlDatabase &database,
                                                                const QString &schema) const
{
    if (schema.isEmpty())
        return catalog::loadFromDriver(database, engine(), schema);
    return catalog::loadInformationSchema(database, engine(), schema);
}

QString SqlEngine::catalogMark(QSqlDatabase &database, const QString &schema) const
{
    return catalog::countsFingerprint(database, engine(), schema);
}

QStringList SqlEngine::catalogFunctions(QSqlDatabase &, const QString &) const
{
    return {};
}

void SqlEngine::examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const
{
    SafetyExamination(database, verdict).odbcOnly();
}

EngineFamily SqlEngine::ruleFamily() const
{
    return EngineFamily::Any;
}

QStringList SqlEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"CAST(col AS DECIMAL(18,4))"_s};
    case CastTarget::Date:
        return {u"CAST(col AS DATE)"_s};
    case CastTarget::Text:
        return {u"CAST(col AS VARCHAR(255))"_s};
    }
    return {};
}

QString SqlEngine::adviceQuoted(const QString &name) const
{
    return u'"' + name + u'"';
}

QString SqlEngine::nativeType(const QString &) const
{
    return {};
}

QString SqlEngine::functionEquivalent(QStringView) const
{
    return {};
}

bool SqlEngine::isBuiltinFunction(QStringView) const
{
    return false;
}

QString SqlEngine::ilikeReplacement() const
{
    return u"LOWER(col) LIKE LOWER('pattern')"_s;
}

QString SqlEngine::lengthFunction() const
{
    return u"length"_s;
}

QStringList SqlEngine::promptNotes() const
{
    return {u"- Cast with CAST(x AS type)."_s, u"- Use standard SQL functions only."_s};
}

} // namespace sqlmend::core
