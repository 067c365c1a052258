#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend schema --db URL [--json] [--schema NAME] [--password-env VAR]: prints the catalog.
// Exit 0; 1 when the connection or the catalog query failed (diagnosis on stderr and in the
// JSON); 2 on bad usage.
int runSchemaCommand(const QStringList &arguments);

} // namespace sqlmend::app
