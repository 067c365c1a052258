#include "core/engines/trinoengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

EngineFamily TrinoEngine::ruleFamily() const
{
    return EngineFamily::Trino;
}

QStringList TrinoEngine::castSpellings(CastTarget target) const
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
