#pragma once

#include "core/cases/storelocation.h"

#include <QList>
#include <QStringList>

namespace sqlmend::core {

// The case store's schema as ordered steps: step i (0-based) takes a store from version i to
// version i + 1. Steps are only ever appended; a released step never changes.
QList<QStringList> storeMigrations(StoreLocation::Backend backend);

} // namespace sqlmend::core
