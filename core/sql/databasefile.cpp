#include "core/sql/databasefile.h"

#include <QDir>
#include <QFile>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<QString> DatabaseFile::refusal(const QString &path)
{
    if (path.isEmpty() || path == u":memory:")
        return std::nullopt;
    const QByteArray encoded = QFile::encodeName(path);
    struct stat status;
    // stat() follows symbolic links and never opens the file: a FIFO does not block here.
    if (::stat(encoded.constData(), &status) != 0)
        return std::nullopt;
    const QString shown = QDir::toNativeSeparators(path);
    if (S_ISREG(status.st_mode))
        return std::nullopt;
    if (S_ISDIR(status.st_mode))
        return tr("%1 is a folder, not a database file.").arg(shown);
    if (S_ISFIFO(status.st_mode))
        return tr("%1 is a named pipe (FIFO), not a database file; opening it would wait "
                  "forever.")
                .arg(shown);
    if (S_ISSOCK(status.st_mode))
        return tr("%1 is a socket, not a database file.").arg(shown);
    if (S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode))
        return tr("%1 is a device, not a database file.").arg(shown);
    return tr("%1 is not a regular file, so it cannot be a database file.").arg(shown);
}

} // namespace sqlmend::core
