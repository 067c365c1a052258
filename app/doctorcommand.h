#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend doctor --db URL [--json] [--password-env VAR]: checks how safe the connection is from
// the account's side and prints the verdict with what to change. Exit 0 when the verdict is
// safe; 1 when it is caution, unsafe or unknown (the connection failed); 2 on bad usage.
int runDoctorCommand(const QStringList &arguments);

} // namespace sqlmend::app
