#include "core/engines/maxcomputeengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SqlLexicalRules MaxComputeEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.backslashEscapes = true;
    rules.backtickIdentifiers = true;
    rules.hashComments = true;
    return rules;
}

EngineFamily MaxComputeEngine::ruleFamily() const
{
    return EngineFamily::MaxCompute;
}

QStringList MaxComputeEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"CAST(col AS DOUBLE)"_s};
    case CastTarget::Date:
        return {u"TO_DATE(col, 'yyyy-mm-dd')"_s};
    case CastTarget::Text:
        return {u"CAST(col AS STRING)"_s};
    }
    return {};
}

QString MaxComputeEngine::adviceQuoted(const QString &name) const
{
    return u'`' + name + u'`';
}

} // namespace sqlmend::core
