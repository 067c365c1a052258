#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace sqlmend::core {

// Whether a path may be opened as a SQLite database: a regular file (also through symbolic
// links), or nothing yet where a new file may be created. A FIFO would hang the open, a device
// or a socket is no database, a folder cannot be one: each is refused at once, with the reason.
class DatabaseFile
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::DatabaseFile)

public:
    // A translated reason when path is not a file SQLite may open; nothing when it is, when
    // nothing is there yet, or for ":memory:".
    static std::optional<QString> refusal(const QString &path);
};

} // namespace sqlmend::core
