#include "core/errors/classifier.h"

namespace sqlmend::core {

Classification Classifier::classify(Engine engine, const DecapsulatedError &error)
{
    Q_UNUSED(engine);
    Q_UNUSED(error);
    return {};
}

} // namespace sqlmend::core
