#include "core/engines/odbcengine.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QString OdbcEngine::name() const
{
    return m_backend ? m_backend->name() : engineDisplayName(Engine::Odbc);
}

QStringList OdbcEngine::urlSchemes() const
{
    return {u"odbc"_s};
}

QList<SqlLexicalRules> OdbcEngine::otherReadings(QStringView) const
{
    // The server's quoting rules are not known: the text must also be read-only as MySQL
    // reads it.
    return {EngineRegistry::forEngine(Engine::MySQL).lexicalRules()};
}

QStringList OdbcEngine::denylistKeys() const
{
    return {u"postgresql"_s, u"mysql"_s, u"sqlite"_s, u"sqlserver"_s, u"clickhouse"_s, u"any"_s};
}

QString OdbcEngine::rowLimitClause(int rows) const
{
    return m_backend ? m_backend->rowLimitClause(rows) : SqlEngine::rowLimitClause(rows);
}

QStringList OdbcEngine::sessionSetup() const
{
    return m_backend ? m_backend->odbcSessionSetup() : QStringList();
}

QString OdbcEngine::lexingStateQuery() const
{
    return m_backend ? m_backend->odbcLexingStateQuery() : QString();
}

LexingPin OdbcEngine::lexingPin(const QString &state) const
{
    return m_backend ? m_backend->odbcLexingPin(state) : LexingPin();
}

QStringList OdbcEngine::beginRun(int timeoutMs, int maxRows) const
{
    return m_backend ? m_backend->odbcBeginRun(timeoutMs, maxRows) : QStringList();
}

QStringList OdbcEngine::endRun() const
{
    return m_backend ? m_backend->odbcEndRun() : QStringList();
}

} // namespace sqlmend::core
