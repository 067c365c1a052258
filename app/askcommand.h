#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend ask --db URL --question TEXT [--llm-url URL] --model NAME
//             [--provider openai|anthropic|demo] [--api-key-env VAR] [--max-corrections N]
//             [--no-stream] [--cases URL|PATH] [--timeout-ms N] [--json] [--password-env VAR]:
// one question through the correction loop; JSON on stdout, progress on stderr.
int runAskCommand(const QStringList &arguments);

} // namespace sqlmend::app
