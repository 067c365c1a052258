#include "core/errors/diagnosis.h"

#include <QJsonArray>

namespace sqlmend::core {

QJsonObject Diagnosis::toJson() const
{
    QJsonObject object;
    object.insert(u"class", errorClassName(classification.errorClass));
    object.insert(u"engine", engineName(engine));
    object.insert(u"terminal", classification.terminal);
    object.insert(u"root_cause", error.rootCause);
    object.insert(u"code", error.code);
    object.insert(u"location", error.location);
    object.insert(u"hint", error.hint);
    object.insert(u"detail", error.detail);
    object.insert(u"advice", advice.text());
    object.insert(u"nature", advice.nature);
    object.insert(u"next_step", advice.nextStep);
    object.insert(u"suggestions", QJsonArray::fromStringList(advice.suggestions));
    object.insert(u"rule", classification.rule);
    object.insert(u"raw", error.raw);
    return object;
}

Diagnosis diagnose(const EngineError &input, const SchemaNames *schema,
                   const DiagnoseOptions &options)
{
    Diagnosis diagnosis;
    diagnosis.engine = input.engine;
    if (options.decapsulate) {
        diagnosis.error = Decapsulator::decapsulate(input);
    } else {
        diagnosis.error.raw = input.rawText();
        diagnosis.error.rootCause = diagnosis.error.raw;
        diagnosis.error.code = input.nativeCode;
        diagnosis.error.origin = input.origin;
    }
    diagnosis.classification = Classifier::classify(input.engine, diagnosis.error);
    diagnosis.advice = Advisor::advise(input.engine, diagnosis.error, diagnosis.classification,
                                       schema, options.statement);
    return diagnosis;
}

} // namespace sqlmend::core
