#pragma once

#include "core/engines/sqlengine.h"

#include <QList>
#include <QStringView>

#include <utility>

namespace sqlmend::core {

// The engine objects, one per Engine value that SQLMend knows something about. Each is
// registered once (engineregistry.cpp); the rest of the code asks them and never switches on the
// engine.
class EngineRegistry
{
public:
    // Never null: an engine without a class of its own gets the generic one (what ODBC to an
    // unknown backend gets).
    static const SqlEngine &forEngine(Engine engine);
    // The engine a URL scheme names (lower case), or null.
    static const SqlEngine *forScheme(QStringView scheme);
    // ODBC to a backend of this engine (as QODBC's dbmsType() found it), or to an unknown one.
    static const SqlEngine &forOdbc(Engine backend);
    // The engine QODBC's dbmsType() names; Unknown where none registered claims it.
    static Engine odbcBackend(QSqlDriver::DbmsType type);
    // Every registered engine, in registration order.
    static const QList<const SqlEngine *> &engines();
    // The URL schemes, in registration order ("sqlite, postgresql, ...").
    static QStringList urlSchemes();
    // Every engine's errorLayers(), each with its engine, in registration order.
    static const QList<std::pair<QString, Engine>> &errorLayers();
};

} // namespace sqlmend::core
