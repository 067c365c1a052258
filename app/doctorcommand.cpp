#include "app/doctorcommand.h"

#include "app/commandline.h"
#include "app/databaseoptions.h"

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
    const DatabaseOptions database;
    const QCommandLineOption jsonOption(
            u"json"_s, QCoreApplication::translate("sqlmend::app", "Print one JSON object."));
    parser.addOptions(database.options());
    parser.addOption(jsonOption);
    if (const std::optional<int> exit = parseArguments("doctor", parser, arguments))
        return *exit;
    const std::optional<DatabaseOptions::Database> chosen = database.database(parser, "doctor");
    if (!chosen)
        return ExitUsage;

    core::Executor executor(chosen->profile, chosen->password);
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
