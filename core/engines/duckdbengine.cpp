#include "core/engines/duckdbengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SqlLexicalRules DuckDbEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.nestedComments = true;
    rules.dollarQuotes = true;
    rules.escapeStrings = true;
    rules.numberedDollarParameters = true;
    return rules;
}

EngineFamily DuckDbEngine::ruleFamily() const
{
    return EngineFamily::DuckDB;
}

QStringList DuckDbEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"TRY_CAST(col AS DOUBLE)"_s};
    case CastTarget::Date:
        return {u"TRY_CAST(col AS DATE)"_s};
    case CastTarget::Text:
        return {u"CAST(col AS VARCHAR)"_s};
    }
    return {};
}

} // namespace sqlmend::core
