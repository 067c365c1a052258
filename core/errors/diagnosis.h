#pragma once

#include "core/errors/advisor.h"

#include <QJsonObject>
#include <QMetaType>

namespace sqlmend::core {

// The single exit for every error shown to a user or sent to a model (DESIGN.md):
// decapsulate, classify, advise.
struct Diagnosis
{
    Engine engine = Engine::Unknown; // whose driver reported the error
    // The engine whose SQL the statement is written in, where it is not the one above: the
    // database behind ODBC. Unknown: the engine's own.
    Engine dialect = Engine::Unknown;
    DecapsulatedError error;
    Classification classification;
    Advice advice;

    ErrorClass errorClass() const { return classification.errorClass; }
    bool isTerminal() const { return classification.terminal; }
    // The engine the advice and the repairs speak for: the dialect where known, else the engine.
    Engine sqlDialect() const { return dialect != Engine::Unknown ? dialect : engine; }
    // {"class", "terminal", "root_cause", "location", "hint", "detail", "advice", "raw", ...}
    QJsonObject toJson() const;
};

struct DiagnoseOptions
{
    bool decapsulate = true; // off only for ablation benchmarks
    // The statement the engine rejected, when known: advice may read names from it where the
    // message gives none.
    QString statement;
    // The engine whose SQL the statement is written in, where another driver reports its errors
    // (ODBC: the backend QODBC names). The advice then speaks that engine's dialect.
    Engine dialect = Engine::Unknown;
};

Diagnosis diagnose(const EngineError &error, const SchemaNames *schema = nullptr,
                   const DiagnoseOptions &options = {});

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::Diagnosis)
