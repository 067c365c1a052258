#pragma once

#include "core/errors/decapsulator.h"
#include "core/errors/errorclass.h"
#include "core/errors/errorrules.h"

#include <QString>

namespace sqlmend::core {

struct Classification
{
    ErrorClass errorClass = ErrorClass::Other;
    bool terminal = false;
    bool byCode = false; // decided by the engine's code rather than by text
    QString rule;        // which rule decided, for logs and tests (e.g. "sqlstate:42P01")
    // The row of the rule table that recognised the message, and what it captured; also found
    // when the code decided the class (among that class's rows). Invalid when no row matched.
    RuleMatch match;
};

// Names the root cause: the engine's code first, then text rules ordered by the risk of a wrong
// call (permission first; function and column before relation; cast before syntax).
class Classifier
{
public:
    // statement: the one the engine rejected, where known (it tells a query's call of a function
    // the engine lacks from a refused routine, where the engine words both alike).
    static Classification classify(Engine engine, const DecapsulatedError &error,
                                   QStringView statement = {});
};

} // namespace sqlmend::core
