#include "app/askcommand.h"
#include "app/benchcommand.h"
#include "app/casescommand.h"
#include "app/classifycommand.h"
#include "app/cliinterrupt.h"
#include "app/doctorcommand.h"
#include "app/notescommand.h"
#include "app/runcommand.h"
#include "app/schemacommand.h"
#include "app/appsetup.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <cerrno>
#include <cstring>
#include <string>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

using sqlmend::app::installTranslators;
using sqlmend::app::leave;
using sqlmend::app::setIdentity;

namespace {

struct Subcommand
{
    const char *name;
    const char *summary;
    int (*run)(const QStringList &arguments);
};

constexpr Subcommand subcommands[] = {
        {"classify",
         QT_TRANSLATE_NOOP("sqlmend::app",
                           "Diagnose database errors (JSON Lines in, JSON Lines out)"),
         sqlmend::app::runClassifyCommand},
        {"run",
         QT_TRANSLATE_NOOP("sqlmend::app",
                           "Run one read-only statement with a timeout and a row cap"),
         sqlmend::app::runRunCommand},
        {"cases", QT_TRANSLATE_NOOP("sqlmend::app", "List, export and import good and bad cases"),
         sqlmend::app::runCasesCommand},
        {"notes",
         QT_TRANSLATE_NOOP("sqlmend::app",
                           "Business notes on tables and columns, and the glossary"),
         sqlmend::app::runNotesCommand},
        {"schema", QT_TRANSLATE_NOOP("sqlmend::app", "Print a database's tables, columns and keys"),
         sqlmend::app::runSchemaCommand},
        {"ask",
         QT_TRANSLATE_NOOP(
                 "sqlmend::app",
                 "Ask a question: a model writes SQL, errors are diagnosed and corrected"),
         sqlmend::app::runAskCommand},
        {"bench",
         QT_TRANSLATE_NOOP("sqlmend::app",
                           "Benchmark diagnosis, advice and autofix on a Spider-format set"),
         sqlmend::app::runBenchCommand},
        {"doctor",
         QT_TRANSLATE_NOOP("sqlmend::app",
                           "Check how safe a connection is from the account's side"),
         sqlmend::app::runDoctorCommand},
};

const Subcommand *findSubcommand(const char *name)
{
    for (const Subcommand &command : subcommands) {
        if (std::strcmp(command.name, name) == 0)
            return &command;
    }
    return nullptr;
}

QString usage()
{
    QString text = QCoreApplication::translate(
                           "sqlmend::app", "Usage: sqlmend [--demo] | sqlmend <command> [options]")
            + u"\n\n"_s + QCoreApplication::translate("sqlmend::app", "Commands:") + u'\n';
    for (const Subcommand &command : subcommands) {
        text += u"  %1  %2\n"_s.arg(QString::fromLatin1(command.name).leftJustified(10),
                                    QCoreApplication::translate("sqlmend::app", command.summary));
    }
    text += u'\n'
            + QCoreApplication::translate("sqlmend::app",
                                          "Run 'sqlmend <command> --help' for a command's options.")
            + u'\n';
    return text;
}

// The window is its own program beside this one (sqlmend-gui), so that the command line loads
// no widget library; it replaces this process with the same arguments.
int launchWindow(char *argv[])
{
#ifdef Q_OS_UNIX
    std::string gui = "sqlmend-gui";
    char self[4096];
    const ssize_t length = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (length > 0) {
        const std::string path(self, size_t(length));
        gui = path.substr(0, path.rfind('/') + 1) + gui;
    }
    argv[0] = gui.data();
    ::execv(gui.c_str(), argv);
    const int error = errno;
    ::execvp("sqlmend-gui", argv); // installed elsewhere on PATH
    std::fprintf(stderr, "sqlmend: cannot start the window (%s): %s\n", gui.c_str(),
                 std::strerror(error));
#else
    std::fputs("sqlmend: start sqlmend-gui for the window\n", stderr);
#endif
    return 127;
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc > 1 && argv[1][0] != '-') {
        const Subcommand *command = findSubcommand(argv[1]);
        QCoreApplication app(argc, argv);
        setIdentity();
        installTranslators(app);
        if (!command) {
            std::fprintf(
                    stderr, "sqlmend: %s\n\n%s",
                    qPrintable(QCoreApplication::translate("sqlmend::app", "unknown command '%1'")
                                       .arg(QString::fromLocal8Bit(argv[1]))),
                    qPrintable(usage()));
            return 2;
        }
        QStringList arguments = QCoreApplication::arguments();
        arguments.removeAt(1); // parsers see "sqlmend <options>"
        // SIGINT/SIGTERM cancel on the server and exit 130/143 (see CliInterrupt).
        sqlmend::app::CliInterrupt interrupt(command->name);
        const int code = interrupt.finish(command->run(arguments));
        return leave(code);
    }

    // Plain --version and --help must work without a display.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0) {
            std::printf("sqlmend %s\n", SQLMEND_VERSION);
            return 0;
        }
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            QCoreApplication app(argc, argv);
            setIdentity();
            installTranslators(app);
            std::fputs(qPrintable(usage()), stdout);
            return 0;
        }
    }

    return launchWindow(argv);
}
