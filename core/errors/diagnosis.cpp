#include "core/errors/diagnosis.h"

#include "core/errors/diagnosisfields.h"

#include <QJsonArray>

#include <type_traits>

namespace sqlmend::core {

QJsonObject Diagnosis::toJson() const
{
    QJsonObject object;
    forEachDiagnosisField(*this, [&object](QStringView key, const auto &value) {
        using Value = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<Value, QStringList>)
            object.insert(key, QJsonArray::fromStringList(value));
        else
            object.insert(key, value);
    });
    return object;
}

Diagnosis diagnose(const EngineError &input, const SchemaNames *schema,
                   const DiagnoseOptions &options)
{
    Diagnosis diagnosis;
    diagnosis.engine = input.engine;
    diagnosis.dialect = options.dialect == input.engine ? Engine::Unknown : options.dialect;
    if (options.decapsulate) {
        diagnosis.error = Decapsulator::decapsulate(input);
    } else {
        diagnosis.error.raw = input.rawText();
        diagnosis.error.rootCause = diagnosis.error.raw;
        diagnosis.error.code = input.nativeCode;
        diagnosis.error.origin = input.origin;
    }
    diagnosis.classification =
            Classifier::classify(input.engine, diagnosis.error, options.statement);
    diagnosis.advice = Advisor::advise(diagnosis.sqlDialect(), diagnosis.error,
                                       diagnosis.classification, schema, options.statement);
    return diagnosis;
}

} // namespace sqlmend::core
