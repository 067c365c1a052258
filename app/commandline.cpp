#include "app/commandline.h"

namespace sqlmend::app {

std::optional<int> parseArguments(const char *command, QCommandLineParser &parser,
                                  const QStringList &arguments, bool takesPositional)
{
    if (!parser.parse(arguments))
        return usageError(command, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        printHelp(command, parser);
        return ExitOk;
    }
    if (!takesPositional && !parser.positionalArguments().isEmpty()) {
        return usageError(command,
                          QCoreApplication::translate("sqlmend::app", "unexpected argument '%1'")
                                  .arg(parser.positionalArguments().constFirst()));
    }
    return std::nullopt;
}

std::optional<QString> environmentValue(const char *command, const QString &variable,
                                        const char *option)
{
    const QByteArray name = variable.toLocal8Bit();
    if (name.isEmpty() || !qEnvironmentVariableIsSet(name.constData())) {
        usageError(command,
                   QCoreApplication::translate("sqlmend::app",
                                               "the environment variable %1 (%2) is not set")
                           .arg(variable, QLatin1String(option)));
        return std::nullopt;
    }
    return qEnvironmentVariable(name.constData());
}

std::optional<QString> databasePassword(const char *command, const QCommandLineParser &parser,
                                        const QCommandLineOption &passwordEnv,
                                        const QString &urlPassword)
{
    if (parser.isSet(passwordEnv))
        return environmentValue(command, parser.value(passwordEnv), "--password-env");
    if (!urlPassword.isEmpty()) {
        note(command,
             QCoreApplication::translate("sqlmend::app",
                                         "warning: a password in the URL stays in the shell's "
                                         "history; prefer --password-env"));
    }
    return urlPassword;
}

} // namespace sqlmend::app
