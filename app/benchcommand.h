#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend bench correction --spider DIR [--json] [--limit N] [--db ID ...]
//                          [--postgres URL] [--password-env VAR]
// without a model: breaks the gold SQL and scores diagnosis, advice and autofix;
// with --model / --llm-url / --provider: runs the questions through the correction loop
// ([--api-key-env VAR] [--no-stream] [--max-corrections N] [--no-advice] [--no-decapsulate]
// [--language zh_CN]) and reports execution accuracy. JSON on stdout, notes on stderr.
int runBenchCommand(const QStringList &arguments);

} // namespace sqlmend::app
