#include "core/errors/advisor.h"

namespace sqlmend::core {

QString Advice::text() const
{
    return Advisor::tr("Query failed: %1. Error: %2").arg(nature, rootCause) + u'\n'
            + Advisor::tr("Advice: %1").arg(nextStep);
}

Advice Advisor::advise(Engine engine, const DecapsulatedError &error,
                       const Classification &classification, const SchemaNames *schema)
{
    Q_UNUSED(engine);
    Q_UNUSED(classification);
    Q_UNUSED(schema);
    Advice advice;
    advice.rootCause = error.rootCause;
    return advice;
}

} // namespace sqlmend::core
