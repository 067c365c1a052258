#include "core/engines/snowflakeengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SqlLexicalRules SnowflakeEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.backslashEscapes = true;
    rules.dollarQuotes = true;
    return rules;
}

EngineFamily SnowflakeEngine::ruleFamily() const
{
    return EngineFamily::Snowflake;
}

QStringList SnowflakeEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"TRY_CAST(col AS FLOAT)"_s, u"TRY_TO_NUMBER(col)"_s};
    case CastTarget::Date:
        return {u"TRY_TO_DATE(col)"_s};
    case CastTarget::Text:
        return {u"col::VARCHAR"_s};
    }
    return {};
}

QStringList SnowflakeEngine::errorLayers() const
{
    return {u"snowflake"_s};
}

} // namespace sqlmend::core
