#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QString>

namespace sqlmend::core {

// The bundled demo shop (resources/demo/shop.sql) as a SQLite file.
class DemoDatabase
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::DemoDatabase)

public:
    // The file the demo lives in by default, under QStandardPaths::AppDataLocation.
    static QString defaultPath();
    // Creates the file from the bundled SQL unless a complete copy is already there; returns its
    // path. Runs SQL: call it on a worker thread, never on the GUI thread.
    static Result<QString> ensure(const QString &path);
    // The statements of the bundled script, in order.
    static QStringList statements();
};

} // namespace sqlmend::core
