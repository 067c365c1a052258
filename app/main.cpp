#include "app/askcommand.h"
#include "app/benchcommand.h"
#include "app/casescommand.h"
#include "app/classifycommand.h"
#include "app/cliinterrupt.h"
#include "app/doctorcommand.h"
#include "app/runcommand.h"
#include "app/schemacommand.h"

#include "core/exec/executor.h"
#include "core/loop/conversation.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace Qt::StringLiterals;

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

void setIdentity()
{
    QCoreApplication::setOrganizationName(u"SQLMend"_s);
    QCoreApplication::setApplicationName(u"sqlmend"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SQLMEND_VERSION));
}

// The language setting (English or Simplified Chinese) applies from the next start.
void installTranslators(QCoreApplication &app)
{
    const QString language = QSettings().value(u"ui/language"_s).toString();
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    auto *own = new QTranslator(&app);
    if (own->load(locale, u"sqlmend"_s, u"_"_s, u":/i18n"_s))
        QCoreApplication::installTranslator(own);
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
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

// Ends the process with code. A connection's worker that an executor left behind (a server that
// stopped answering a connect: the driver returns only at its timeout) must not hold the exit,
// nor run into the static destructors: then the process ends without them. Everything that is
// saved (settings, the case store's transactions) was written before this point.
int leave(int code)
{
    if (sqlmend::core::Executor::runningWorkers() > 0) {
        std::fflush(stdout);
        std::fflush(stderr);
        std::quick_exit(code);
    }
    return code;
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

    QApplication app(argc, argv);
    setIdentity();
    QApplication::setApplicationDisplayName(u"SQLMend"_s);
    installTranslators(app);

    QApplication::setWindowIcon(QIcon(u":/sqlmend/icons/sqlmend.svg"_s));

    QCommandLineParser parser;
    parser.addOption(
            {u"demo"_s,
             QCoreApplication::translate("sqlmend::app", "Open the bundled demo database.")});
    // For install tests: start the window, let it be shown, and exit cleanly.
    QCommandLineOption smokeTest(u"smoke-test"_s, u"Start, show the window and exit."_s);
    smokeTest.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(smokeTest);
    // For packaging/screenshots.sh: ask the demo's correction question, save the window, exit.
    QCommandLineOption askDemoCorrection(u"ask-demo-correction"_s,
                                         u"Ask the demo's correction question, save a PNG, exit."_s,
                                         u"png"_s);
    askDemoCorrection.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(askDemoCorrection);
    parser.process(app);

    auto window = std::make_unique<sqlmend::ui::MainWindow>();
    window->show();
    if (parser.isSet(u"demo"_s))
        window->openDemo();
    if (parser.isSet(smokeTest))
        QTimer::singleShot(0, &app, &QCoreApplication::quit);
    if (parser.isSet(askDemoCorrection)) {
        const QString png = parser.value(askDemoCorrection);
        window->resize(1400, 900);
        window->askWhenReady(u"Who are the top 10 customers by total spending?"_s);
        if (!parser.isSet(u"demo"_s))
            window->openDemo();
        sqlmend::ui::MainWindow *shown = window.get();
        QObject::connect(
                shown->conversation(), &sqlmend::core::Conversation::changed, shown,
                [shown, png](const sqlmend::core::ConversationEvent &event) {
                    if (event.kind != sqlmend::core::ConversationEvent::Kind::QuestionFinished)
                        return;
                    // The chart redraws after its debounce; the cards settle first.
                    QTimer::singleShot(800, shown, [shown, png] {
                        const bool saved = shown->grab().save(png);
                        if (!saved)
                            std::fprintf(stderr, "sqlmend: cannot write %s\n", qPrintable(png));
                        QCoreApplication::exit(saved ? 0 : 1);
                    });
                });
        // A bound, so that a stuck run never hangs a script.
        QTimer::singleShot(60000, shown, [] {
            std::fputs("sqlmend: the demo question did not finish within 60 s\n", stderr);
            QCoreApplication::exit(1);
        });
    }
    const int code = app.exec();
    window.reset();
    return leave(code);
}
