// The desktop window: a program of its own, so that the command line never loads the widget
// stack. `sqlmend` without a command starts it (see main.cpp).
#include "app/appsetup.h"

#include "core/loop/conversation.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QIcon>
#include <QLocale>
#include <QTimer>

#include <cstdio>
#include <memory>

using namespace Qt::StringLiterals;
using sqlmend::app::installTranslators;
using sqlmend::app::leave;
using sqlmend::app::setIdentity;

int main(int argc, char *argv[])
{
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
        // The correction question in the language the window speaks.
        window->askWhenReady(QLocale().language() == QLocale::Chinese
                                     ? u"消费总额最高的前 10 位客户是谁？"_s
                                     : u"Who are the top 10 customers by total spending?"_s);
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
