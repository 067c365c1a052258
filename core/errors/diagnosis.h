#pragma once

#include "core/errors/advisor.h"

#include <QJsonObject>
#include <QMetaType>

namespace sqlmend::core {

// The single exit for every error shown to a user or sent to a model (DESIGN.md):
// decapsulate, classify, advise.
struct Diagnosis
{
    Engine engine = Engine::Unknown;
    DecapsulatedError error;
    Classification classification;
    Advice advice;

    ErrorClass errorClass() const { return classification.errorClass; }
    bool isTerminal() const { return classification.terminal; }
    // {"class", "terminal", "root_cause", "location", "hint", "detail", "advice", "raw", ...}
    QJsonObject toJson() const;
};

struct DiagnoseOptions
{
    bool decapsulate = true; // off only for ablation benchmarks
    // The statement the engine rejected, when known: advice may read names from it where the
    // message gives none.
    QString statement;
};

Diagnosis diagnose(const EngineError &error, const SchemaNames *schema = nullptr,
                   const DiagnoseOptions &options = {});

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::Diagnosis)
