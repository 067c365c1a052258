#pragma once

#include "core/sql/connectionprofile.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>

#include <optional>

namespace sqlmend::app {

// The options that choose a database, shared by run, ask, schema and doctor: --db URL and
// --password-env VAR.
class DatabaseOptions
{
public:
    // demo: --db demo names the demo shop (the command resolves it).
    explicit DatabaseOptions(bool demo = false);

    QList<QCommandLineOption> options() const;
    // The text --db gives, or empty.
    QString url(const QCommandLineParser &parser) const;
    // --db is given; else prints "sqlmend <command>: --db URL is required".
    bool given(const QCommandLineParser &parser, const char *command) const;

    struct Database
    {
        core::ConnectionProfile profile;
        QString password;
    };
    // The database url names (by default --db's) and its password: from the variable
    // --password-env names, else the URL's own (with a warning: it stays in the shell's history).
    // Prints "sqlmend <command>: ..." and yields nothing on bad usage: no --db, a URL that names no
    // database, a variable that is not set.
    std::optional<Database> database(const QCommandLineParser &parser, const char *command,
                                     const std::optional<QString> &url = std::nullopt) const;

private:
    QCommandLineOption m_db;
    QCommandLineOption m_passwordEnv;
};

} // namespace sqlmend::app
