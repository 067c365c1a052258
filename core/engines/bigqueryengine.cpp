#include "core/engines/bigqueryengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SqlLexicalRules BigQueryEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.backslashEscapes = true;
    rules.backtickIdentifiers = true;
    rules.hashComments = true;
    return rules;
}

EngineFamily BigQueryEngine::ruleFamily() const
{
    return EngineFamily::BigQuery;
}

QStringList BigQueryEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"SAFE_CAST(col AS FLOAT64)"_s};
    case CastTarget::Date:
        return {u"SAFE.PARSE_DATE('%Y-%m-%d', col)"_s};
    case CastTarget::Text:
        return {u"CAST(col AS STRING)"_s};
    }
    return {};
}

QString BigQueryEngine::adviceQuoted(const QString &name) const
{
    return u'`' + name + u'`';
}

} // namespace sqlmend::core
