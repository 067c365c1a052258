#include "app/doctorcommand.h"

#include "app/commandline.h"

#include "core/exec/connectiondoctor.h"
#include "core/exec/executor.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

int runDoctorCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "Checks the connection's safety from the account's side: whether the account can "
            "write (grants, ownership, superuser, REPLICATION, FILE), whether a read-only session "
            "really refuses a write (inside a transaction that is rolled back), the server "
            "settings the guard depends on and the statement timeout. Exit status 0 when the "
            "verdict is safe, 1 otherwise, 2 on bad usage."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(
            u"db"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "The database URL (sqlite:///path, "
                                        "postgresql://user@host:port/db, "
                                        "mysql://..., odbc://DSN)."),
            QCoreApplication::translate("sqlmend::app", "url"));
    const QCommandLineOption jsonOption(
            u"json"_s, QCoreApplication::translate("sqlmend::app", "Print one JSON object."));
    const QCommandLineOption passwordOption(
            u"password-env"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Read the password from this environment variable."),
            QCoreApplication::translate("sqlmend::app", "var"));
    parser.addOptions({dbOption, jsonOption, passwordOption});
    if (!parser.parse(arguments))
        return usageError("doctor", parser.errorText());
    if (parser.isSet(u"help"_s)) {
        printHelp("doctor", parser);
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        return usageError("doctor",
                          QCoreApplication::translate("sqlmend::app", "unexpected argument '%1'")
                                  .arg(parser.positionalArguments().constFirst()));
    }
    if (!parser.isSet(dbOption))
        return usageError("doctor",
                          QCoreApplication::translate("sqlmend::app", "--db URL is required"));
    QString urlPassword;
    const auto profile = core::ConnectionProfile::fromUrl(parser.value(dbOption), &urlPassword);
    if (!profile)
        return usageError("doctor", profile.error().message);
    const std::optional<QString> password =
            databasePassword("doctor", parser, passwordOption, urlPassword);
    if (!password)
        return ExitUsage;

    core::Executor executor(*profile, *password);
    const core::SafetyVerdict verdict = core::ConnectionDoctor::examine(executor).result();
    QFile out;
    if (out.open(stdout, QIODevice::WriteOnly)) {
        if (parser.isSet(jsonOption))
            out.write(QJsonDocument(verdict.toJson()).toJson(QJsonDocument::Compact) + '\n');
        else
            out.write(verdict.toText().toUtf8());
    }
    return verdict.level == core::SafetyVerdict::Level::Safe ? ExitOk : ExitFailed;
}

} // namespace sqlmend::app
