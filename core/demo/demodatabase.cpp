#include "core/demo/demodatabase.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The demo is complete when its last table has rows; a half-written file is rebuilt.
bool isComplete(QSqlDatabase &db)
{
    QSqlQuery query(db);
    return query.exec(u"SELECT count(*) FROM payments"_s) && query.next()
            && query.value(0).toInt() > 0;
}

class ScopedConnection
{
public:
    explicit ScopedConnection(const QString &path)
        : m_name(u"sqlmend-demo-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
        db.setDatabaseName(path);
    }
    ~ScopedConnection()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }

private:
    QString m_name;
};

} // namespace

QString DemoDatabase::defaultPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath(u"demo-shop.sqlite"_s);
}

QStringList DemoDatabase::statements()
{
    QFile file(u":/sqlmend/demo/shop.sql"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // The script is ours: every statement ends with ';' at the end of a line, and no string
    // literal or comment in it does.
    QStringList result;
    QString current;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(u"--"_s) || (trimmed.isEmpty() && current.isEmpty()))
            continue;
        current += line + u'\n';
        if (trimmed.endsWith(u';')) {
            result.append(current.trimmed());
            current.clear();
        }
    }
    return result;
}

Result<QString> DemoDatabase::ensure(const QString &path)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return makeFailure(tr("Cannot create the folder %1.").arg(info.absolutePath()));
    if (!QSqlDatabase::isDriverAvailable(u"QSQLITE"_s))
        return makeFailure(tr("The Qt SQLite driver (QSQLITE) is not installed."));

    const QStringList script = statements();
    if (script.isEmpty())
        return makeFailure(tr("The bundled demo script is missing from this build."));

    if (info.exists()) {
        ScopedConnection existing(path);
        QSqlDatabase db = existing.database();
        if (db.open() && isComplete(db))
            return path;
    }

    // Build into a temporary file and rename it, so a crash never leaves a half demo behind.
    const QString partial = path + u".partial"_s;
    QFile::remove(partial);
    {
        ScopedConnection connection(partial);
        QSqlDatabase db = connection.database();
        if (!db.open())
            return makeFailure(
                    tr("Cannot create the demo database: %1").arg(db.lastError().text()));
        db.transaction();
        for (const QString &statement : script) {
            QSqlQuery query(db);
            if (!query.exec(statement)) {
                const QString message = query.lastError().text();
                db.rollback();
                return makeFailure(tr("The demo script failed: %1").arg(message));
            }
        }
        if (!db.commit())
            return makeFailure(tr("Cannot save the demo database: %1").arg(db.lastError().text()));
    }
    QFile::remove(path);
    if (!QFile::rename(partial, path))
        return makeFailure(tr("Cannot move the demo database into place at %1.").arg(path));
    return path;
}

} // namespace sqlmend::core
