#pragma once

#include "core/cases/casestore.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

class QIODevice;

namespace sqlmend::core {

// Reads an import in JSON Lines to its end: a leading byte-order mark and empty lines are
// skipped, every other line must be one JSON object, which take() accepts (returning an empty
// string) or refuses with the reason. Lines that are not objects and refused lines are reported
// in problems with their 1-based numbers; reading never stops at a bad line.
void readJsonLines(QIODevice &in, QList<ImportProblem> &problems,
                   const std::function<QString(qint64 line, const QJsonObject &object)> &take);

} // namespace sqlmend::core
