#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend run --db URL --sql SQL [--timeout-ms N] [--max-rows N] [--autofix] [--json]
//             [--password-env VAR] [--format csv|json|jsonl|md|xlsx] [--output FILE]: one
//             guarded, read-only, bounded run; JSON on stdout, or the rows in a file format.
int runRunCommand(const QStringList &arguments);

} // namespace sqlmend::app
