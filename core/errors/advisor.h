#pragma once

#include "core/errors/classifier.h"
#include "core/errors/schemanames.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace sqlmend::core {

struct Advice
{
    QString nature;          // what kind of failure this is, in words
    QString rootCause;       // the engine's own words
    QString nextStep;        // concrete: names, the dialect's spelling, or "do not retry"
    QStringList suggestions; // closest real names, best first, where a schema was given

    // "Query failed: <nature>. Error: <root cause>\nAdvice: <next step>"
    QString text() const;
};

class Advisor
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::Advisor)

public:
    // statement: the SQL the engine rejected, when known (names the columns of a GROUP BY
    // error whose message names none).
    static Advice advise(Engine engine, const DecapsulatedError &error,
                         const Classification &classification, const SchemaNames *schema = nullptr,
                         QStringView statement = {});
};

} // namespace sqlmend::core
