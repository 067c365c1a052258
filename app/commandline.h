#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <optional>

// What every subcommand shares: exit statuses, messages on standard error, number options.
namespace sqlmend::app {

inline constexpr int ExitOk = 0;     // success
inline constexpr int ExitFailed = 1; // the query, the question or an input line failed
inline constexpr int ExitUsage = 2;  // bad usage

// "sqlmend <command>: <message>" on standard error.
inline void note(const char *command, const QString &message)
{
    std::fprintf(stderr, "sqlmend %s: %s\n", command, qPrintable(message));
}

inline int usageError(const char *command, const QString &message)
{
    note(command, message);
    return ExitUsage;
}

// The parser's help on standard output, its usage line naming "sqlmend <command>" rather than
// the path the binary was started from.
inline void printHelp(const char *command, const QCommandLineParser &parser)
{
    QString help = parser.helpText();
    const QStringList arguments = QCoreApplication::arguments();
    const qsizetype lineEnd = help.indexOf(u'\n');
    if (!arguments.isEmpty()) {
        const qsizetype at = help.left(lineEnd).indexOf(arguments.constFirst());
        if (at >= 0) {
            help.replace(at, arguments.constFirst().size(),
                         QLatin1String("sqlmend ") + QLatin1String(command));
        }
    }
    std::fputs(qPrintable(help), stdout);
}

// Reads a command's arguments into parser. The exit status when the command ends here: bad usage
// or a positional argument where the command takes none (printed, ExitUsage), --help (printed,
// ExitOk); nothing when it goes on.
std::optional<int> parseArguments(const char *command, QCommandLineParser &parser,
                                  const QStringList &arguments, bool takesPositional = false);

// A whole number of at least minimum, or false.
inline bool parseCount(const QString &text, int minimum, int *value)
{
    bool ok = false;
    const int parsed = text.toInt(&ok);
    if (!ok || parsed < minimum)
        return false;
    *value = parsed;
    return true;
}

// The value of the environment variable an option names ("--password-env VAR"); prints a usage
// message for command and yields nothing when it is not set.
std::optional<QString> environmentValue(const char *command, const QString &variable,
                                        const char *option);

// A database password: from the environment variable --password-env names when given, else the
// one in the URL (with a warning: it stays in the shell's history). Nothing on bad usage.
std::optional<QString> databasePassword(const char *command, const QCommandLineParser &parser,
                                        const QCommandLineOption &passwordEnv,
                                        const QString &urlPassword);

} // namespace sqlmend::app
