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

std::optional<ErrorClass> SnowflakeEngine::errorCodeClass(int code, QStringView /*text*/) const
{
    switch (code) {
    case 2003:
    case 2043:
        return ErrorClass::TableMissing;
    case 904:
        return ErrorClass::ColumnMissing;
    case 979:
        return ErrorClass::GroupBy;
    case 630:
    case 604:
        return ErrorClass::Timeout;
    case 100038:
    case 100035:
    case 100036:
    case 100037:
    case 100040:
    case 100069:
    case 100071:
    case 100096:
        return ErrorClass::CastError;
    case 100051:
        return ErrorClass::DivisionByZero;
    case 1003:
        return ErrorClass::Syntax;
    case 2140:
    case 1044:
        return ErrorClass::FunctionMissing;
    case 3001:
    case 390100:
    case 390102:
        return ErrorClass::Permission;
    default:
        return std::nullopt;
    }
}

} // namespace sqlmend::core
