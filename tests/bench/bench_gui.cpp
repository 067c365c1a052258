// bench_gui: how long the GUI thread goes without taking an event while work runs elsewhere. A
// 10 ms timer ticks on the GUI thread; the figure is the longest gap between two ticks (10 ms is
// a thread that never waited). Three kinds of work: a slow query in the real window's Run SQL
// panel, an import of 3,000 cases into the case library, and 80 calls to the keychain adapter.
// Offscreen unless QT_QPA_PLATFORM says otherwise. Unit tests check that the work is structured
// so as never to wait; this measures what a loaded machine makes of it. It never fails on time.

#include "core/cases/caserecord.h"
#include "core/cases/casestoreservice.h"
#include "ui/caselibrarywidget.h"
#include "ui/keychainsecretstore.h"
#include "ui/mainwindow.h"
#include "ui/runsqlpanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <functional>

using namespace sqlmend;
using namespace Qt::StringLiterals;

namespace {

struct Gaps
{
    qint64 longestMs = 0;
    int ticks = 0;
    qint64 elapsedMs = 0;
};

// Runs the event loop until done() or timeoutMs, measuring the gaps between 10 ms ticks.
Gaps spin(const std::function<bool()> &done, int timeoutMs)
{
    Gaps gaps;
    QElapsedTimer clock;
    QElapsedTimer sinceTick;
    QTimer ticker;
    ticker.setInterval(10);
    ticker.setTimerType(Qt::PreciseTimer);
    QEventLoop loop;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        gaps.longestMs = qMax(gaps.longestMs, sinceTick.restart());
        ++gaps.ticks;
        if (done() || clock.elapsed() > timeoutMs)
            loop.quit();
    });
    clock.start();
    sinceTick.start();
    ticker.start();
    loop.exec();
    gaps.elapsedMs = clock.elapsed();
    return gaps;
}

void print(const char *what, const Gaps &gaps)
{
    std::printf("%-44s longest gap %4lld ms over %5d ticks (%lld ms)\n", what, gaps.longestMs,
                gaps.ticks, gaps.elapsedMs);
}

void slowQuery()
{
    ui::MainWindow window;
    window.show();
    window.openDemo();
    spin([&] { return window.currentConnection() != 0; }, 60000);
    ui::RunSqlPanel *panel = window.runSqlPanel();
    window.showRunSql();
    panel->setSql(u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                  "SELECT count(*) FROM c"_s);
    panel->run();
    print("slow query in Run SQL (3 s)", spin([] { return false; }, 3000));
    panel->stop();
    print("stopping it", spin([&] { return !panel->isRunning(); }, 60000));
}

void caseImport(const QString &dir)
{
    const QString path = dir + u"/bulk.jsonl"_s;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return;
    for (int i = 0; i < 3000; ++i) {
        core::CaseRecord record;
        record.kind = i % 3 ? core::CaseKind::Good : core::CaseKind::Bad;
        record.question = u"bulk question number %1 about orders"_s.arg(i);
        record.sql = u"SELECT %1 FROM orders"_s.arg(i);
        record.datasource = u"sqlite:///shop.db"_s;
        record.errorClass = i % 3 ? QString() : u"syntax"_s;
        file.write(QJsonDocument(record.toJson()).toJson(QJsonDocument::Compact) + '\n');
    }
    file.close();
    auto store = std::make_shared<core::CaseStoreService>();
    store->open(dir + u"/cases.sqlite"_s);
    ui::CaseLibraryWidget library(store);
    library.show();
    spin([&] { return library.isStoreOpen() && !library.isBusy(); }, 60000);
    bool finished = false;
    QObject::connect(&library, &ui::CaseLibraryWidget::importFinished, &library,
                     [&finished] { finished = true; });
    library.importFrom(path);
    print("import of 3,000 cases into the case library", spin([&] { return finished; }, 120000));
}

void keychain()
{
    ui::KeychainSecretStore store;
    QList<QFuture<core::Result<core::Done>>> writes;
    QList<QFuture<core::Result<QString>>> reads;
    QList<QFuture<bool>> probes;
    QList<QFuture<core::Result<core::Done>>> removals;
    for (int i = 0; i < 20; ++i) {
        probes.append(store.probe());
        writes.append(store.store(u"bench %1"_s.arg(i), u"secret %1"_s.arg(i)));
        reads.append(store.lookup(u"bench %1"_s.arg(i)));
        removals.append(store.remove(u"bench %1"_s.arg(i)));
    }
    const Gaps gaps = spin(
            [&] {
                for (const auto &removal : removals) {
                    if (!removal.isFinished())
                        return false;
                }
                return true;
            },
            60000);
    print(store.isKeychainAvailable() ? "80 keychain calls (keychain answers)"
                                      : "80 keychain calls (no keychain: session only)",
          gaps);
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // never the user's own settings and stores
    QTemporaryDir dir;
    QSettings().clear();
    QSettings().setValue(u"cases/location"_s, dir.filePath(u"window-cases.sqlite"_s));
    std::printf("GUI thread responsiveness (10 ms ticks; 10 ms is a thread that never waited)\n");
    slowQuery();
    caseImport(dir.path());
    keychain();
    QSettings().clear();
    return 0;
}
