#include "core/engines/oracleengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

EngineFamily OracleEngine::ruleFamily() const
{
    return EngineFamily::Oracle;
}

QStringList OracleEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"TO_NUMBER(col DEFAULT NULL ON CONVERSION ERROR)"_s};
    case CastTarget::Date:
        return {u"TO_DATE(col DEFAULT NULL ON CONVERSION ERROR, 'YYYY-MM-DD')"_s};
    case CastTarget::Text:
        return {u"TO_CHAR(col)"_s};
    }
    return {};
}

} // namespace sqlmend::core
