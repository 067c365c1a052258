#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend classify [--engine NAME]: JSON Lines in, one diagnosis per line out.
int runClassifyCommand(const QStringList &arguments);

} // namespace sqlmend::app
