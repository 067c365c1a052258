#pragma once

#include "core/cases/questiontrace.h"
#include "core/result.h"

#include <QList>

namespace sqlmend::core {

class CaseStore;

// The schema each model attempt of a stored question was given (AttemptRecord::linkedTables),
// kept beside the attempts so that a question reopened from the history shows it too. Called by
// CaseStore inside its history transactions.
class AttemptLinks
{
public:
    static Result<Done> save(CaseStore &store, qint64 questionId,
                             const QList<AttemptRecord> &attempts);
    // Fills the linked tables of the attempts (by index) that have some.
    static Result<Done> load(CaseStore &store, qint64 questionId, QList<AttemptRecord> &attempts);
    static Result<Done> forget(CaseStore &store, qint64 questionId);
};

} // namespace sqlmend::core
