#include "core/errors/decapsulator.h"

namespace sqlmend::core {

DecapsulatedError Decapsulator::decapsulate(const EngineError &error)
{
    DecapsulatedError result;
    result.raw = error.rawText();
    result.rootCause = result.raw;
    result.code = error.nativeCode;
    return result;
}

} // namespace sqlmend::core
