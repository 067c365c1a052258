// Runs the demo's correction question (the recorded provider, the bundled shop database) through
// the real loop into the chat panel and the retry timeline, and saves them as PNGs:
//   screenshot_demo <output folder>
// packaging/screenshots.sh runs it on a virtual display; under QT_QPA_PLATFORM=offscreen it
// doubles as a smoke test of the widgets against the live loop.

#include "core/demo/demodatabase.h"
#include "core/exec/executor.h"
#include "core/llm/llmprovider.h"
#include "core/llm/providersettings.h"
#include "core/loop/conversation.h"
#include "core/loop/correctionloop.h"
#include "core/sql/connectionprofile.h"
#include "ui/attemptcard.h"
#include "ui/chatpanel.h"
#include "ui/timelineview.h"

#include <QApplication>
#include <QDir>
#include <QFutureWatcher>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>
#include <QtConcurrent>

#include <cstdio>
#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;

namespace {

const QString question = u"Who are the top 10 customers by total spending?"_s;

void fail(const QString &message)
{
    std::fprintf(stderr, "screenshot_demo: %s\n", qPrintable(message));
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QTranslator plurals;
    if (plurals.load(QStringLiteral(SQLMEND_PLURALS_QM)))
        QCoreApplication::installTranslator(&plurals);
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() != 2) {
        fail(u"usage: screenshot_demo <output folder>"_s);
        return 2;
    }
    const QDir output(arguments.at(1));
    if (!QDir().mkpath(output.path())) {
        fail(u"cannot create %1"_s.arg(output.path()));
        return 1;
    }
    QTemporaryDir scratch; // the demo database, away from the user's own data
    if (!scratch.isValid()) {
        fail(u"no temporary folder"_s);
        return 1;
    }

    core::ProviderSettings settings;
    settings.kind = core::ProviderKind::Demo;
    const auto provider = core::LlmProvider::create(settings);
    if (!provider) {
        fail(provider.error().message);
        return 1;
    }

    QSplitter window;
    window.setWindowTitle(u"SQLMend"_s);
    auto *chat = new ui::ChatPanel(&window);
    auto *timeline = new ui::TimelineView(&window);
    window.addWidget(chat);
    window.addWidget(timeline);
    window.setSizes({700, 700});
    window.resize(1400, 900);
    chat->setRecordedProvider(provider.value()->isRecorded());

    core::Conversation conversation;
    chat->setConversation(&conversation);
    timeline->setConversation(&conversation);

    std::unique_ptr<core::Executor> executor;
    std::unique_ptr<core::CorrectionLoop> loop;
    int status = 1;

    auto capture = [&] {
        timeline->setCurrentAttempt(0);
        if (ui::AttemptCard *first = timeline->card(0))
            first->setRawErrorExpanded(true);
        QCoreApplication::processEvents();
        const QString correction = output.filePath(u"correction.png"_s);
        const QString timelineFile = output.filePath(u"timeline.png"_s);
        if (!window.grab().save(correction) || !timeline->grab().save(timelineFile)) {
            fail(u"cannot write the PNGs into %1"_s.arg(output.path()));
            status = 1;
        } else {
            std::printf("%s\n%s\n", qPrintable(correction), qPrintable(timelineFile));
        }
        // The same timeline in a dark theme, to check that badges and marks stay readable.
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
        dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
        dark.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xe6));
        QApplication::setPalette(dark);
        QCoreApplication::processEvents();
        const QString darkFile = output.filePath(u"timeline-dark.png"_s);
        if (!timeline->grab().save(darkFile)) {
            fail(u"cannot write %1"_s.arg(darkFile));
            status = 1;
        } else {
            std::printf("%s\n", qPrintable(darkFile));
        }
        QCoreApplication::quit();
    };

    // The demo database is built off the GUI thread, then the question goes in through the chat.
    QFutureWatcher<core::Result<QString>> demo;
    QObject::connect(&demo, &QFutureWatcher<core::Result<QString>>::finished, &window, [&] {
        const core::Result<QString> path = demo.result();
        if (!path) {
            fail(path.error().message);
            QCoreApplication::exit(1);
            return;
        }
        const auto profile = core::ConnectionProfile::fromUrl(u"sqlite:///"_s + path.value());
        if (!profile) {
            fail(profile.error().message);
            QCoreApplication::exit(1);
            return;
        }
        executor = std::make_unique<core::Executor>(profile.value());
        loop = std::make_unique<core::CorrectionLoop>(executor.get(), provider.value());
        core::LoopPolicy policy = loop->policy();
        policy.autofix = false; // the recorded model makes the correction
        policy.useFixCache = false;
        policy.datasource = profile->toUrl();
        loop->setPolicy(policy);
        conversation.follow(loop.get());
        QObject::connect(chat, &ui::ChatPanel::questionSubmitted, loop.get(),
                         [&](const QString &text) { loop->ask(text); });
        QObject::connect(chat, &ui::ChatPanel::stopRequested, loop.get(), [&] { loop->cancel(); });
        QObject::connect(loop.get(), &core::CorrectionLoop::finished, &window,
                         [&](const core::QuestionOutcome &outcome) {
                             status = outcome.isOk() ? 0 : 1;
                             if (!outcome.isOk())
                                 fail(u"the demo question ended with %1: %2"_s.arg(
                                         core::questionStatusName(outcome.status), outcome.reason));
                             // The chart redraws after its debounce; the cards settle first.
                             QTimer::singleShot(600, &window, capture);
                         });
        chat->questionEdit()->setPlainText(question);
        chat->submit();
    });
    const QString file = QDir(scratch.path()).filePath(u"shop.db"_s);
    demo.setFuture(QtConcurrent::run([file] { return core::DemoDatabase::ensure(file); }));

    window.show();
    // A bound, so that a stuck run never hangs a script.
    QTimer::singleShot(60000, &window, [] {
        fail(u"the demo question did not finish within 60 s"_s);
        QCoreApplication::exit(1);
    });
    const int code = app.exec();
    loop.reset();
    executor.reset();
    return code != 0 ? code : status;
}
