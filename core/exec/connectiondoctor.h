#pragma once

#include "core/engines/engine.h"

#include <QCoreApplication>
#include <QFuture>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

class QSqlDatabase;

namespace sqlmend::core {

class Executor;

// One finding of the doctor.
struct SafetyCheck
{
    enum class Status { Ok, Info, Warning, Danger };

    QString id; // stable: "superuser", "write_grants", "read_only_session", ...
    Status status = Status::Info;
    QString title;  // translated, one line
    QString detail; // translated: what was found
    QString advice; // translated: what to change; empty when nothing

    static QString statusName(Status status); // "ok", "info", "warning", "danger"
};

// The doctor's verdict on a connection, seen from the account's side.
struct SafetyVerdict
{
    enum class Level {
        Safe,    // the account cannot write and the read-only session refuses writes
        Caution, // nothing writes through SQLMend's walls, but the account could write elsewhere
        Unsafe,  // the account can write, change the server or reach its files
        Unknown, // the connection failed, or the engine gives no way to tell
    };

    Level level = Level::Unknown;
    Engine engine = Engine::Unknown;
    QString user;
    QString summary; // translated, one paragraph: the verdict and the strongest next step
    QList<SafetyCheck> checks;

    static QString levelName(Level level); // "safe", "caution", "unsafe", "unknown"
    QJsonObject toJson() const;
    // For people: the verdict, then one line a check with its advice indented below.
    QString toText() const;
};

// "sqlmend doctor" and the connection dialog's safety check: whether the account can write
// (grants, ownership, superuser, REPLICATION, FILE), whether a read-only session really refuses a
// write (tried inside a transaction that is rolled back), the server settings the guard depends
// on, and the statement timeout. Nothing it runs changes the database.
class ConnectionDoctor
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ConnectionDoctor)

public:
    // On the executor's worker thread, with its open (read-only) session; the future never
    // waits on the calling thread. A connection that fails gives an Unknown verdict saying why.
    static QFuture<SafetyVerdict> examine(Executor &executor);

    // The checks themselves, on the thread that owns db (an open connection of that engine).
    static SafetyVerdict examine(QSqlDatabase &db, Engine engine);
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::SafetyVerdict)
