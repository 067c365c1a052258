#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend cases list|export|import: the case store from scripts.
int runCasesCommand(const QStringList &arguments);

} // namespace sqlmend::app
