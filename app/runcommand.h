#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend run --db URL --sql SQL [--timeout-ms N] [--max-rows N] [--autofix] [--json]
//             [--password-env VAR]: one guarded, read-only, bounded run; JSON on stdout.
int runRunCommand(const QStringList &arguments);

} // namespace sqlmend::app
