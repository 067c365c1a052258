#pragma once

#include <QStringList>

namespace sqlmend::app {

// sqlmend notes list|set|remove|export|import: a datasource's business notes and glossary terms
// in the case store, from scripts.
int runNotesCommand(const QStringList &arguments);

} // namespace sqlmend::app
