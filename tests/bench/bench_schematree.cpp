// bench_schematree [tables] [rounds]: the real Schema dock on a real session, offscreen, on a
// SQLite file of 50,000 tables x 20 columns (tests/bench/catalogfixture.h keeps it between runs). A
// 2 ms timer on the GUI thread records the longest gap between its ticks (the longest the GUI
// thread could not answer) while the dock opens the file (catalog read from the database, then from
// the catalog cache), while a filter is typed a key at a time, while it is cleared, and while the
// tree is scrolled to its end (which shows the next batch of tables). Prints the median, min and
// max of each over the rounds (goal: no stall over 50 ms), with the GUI thread's own CPU and, of
// the longest stall, the time it was ready to run but waited for a CPU. Never fails on time.

#include "core/sql/connectionprofile.h"
#include "tests/bench/catalogfixture.h"
#include "ui/schemadock.h"
#include "ui/schematreemodel.h"
#include "ui/session.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QScrollBar>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <map>

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

using namespace sqlmend;
using namespace Qt::StringLiterals;

namespace {

// The longest gap between two ticks of a 2 ms timer on the GUI thread since reset(), and the
// most CPU time the GUI thread itself spent between two ticks: on a loaded machine a long gap
// with little CPU is the scheduler's doing, not work done on the GUI thread.
class StallMeter : public QObject
{
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(2);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            const qint64 cpu = threadCpuNs();
            const qint64 queued = queuedNs();
            if (now - m_last > m_longest) {
                m_longest = now - m_last;
                m_longestQueued = queued - m_lastQueued;
            }
            m_busiest = std::max(m_busiest, cpu - m_lastCpu);
            m_last = now;
            m_lastCpu = cpu;
            m_lastQueued = queued;
        });
        m_clock.start();
        m_timer.start();
    }
    ~StallMeter()
    {
        if (m_schedstat >= 0)
            ::close(m_schedstat);
    }
    void reset()
    {
        m_last = m_clock.nsecsElapsed();
        m_lastCpu = threadCpuNs();
        m_lastQueued = queuedNs();
        m_longest = 0;
        m_longestQueued = 0;
        m_busiest = 0;
    }
    // Counts the time since the last tick too: a stall still under way is a stall.
    double longestMs() const
    {
        return double(std::max(m_longest, m_clock.nsecsElapsed() - m_last)) / 1e6;
    }
    double busiestMs() const
    {
        return double(std::max(m_busiest, threadCpuNs() - m_lastCpu)) / 1e6;
    }

    // Of the longest gap, the time the GUI thread was ready to run but waited for a CPU (Linux
    // schedstat; -1 where it cannot be read).
    double longestQueuedMs() const { return m_schedstat < 0 ? -1 : double(m_longestQueued) / 1e6; }

private:
    qint64 queuedNs() const
    {
        if (m_schedstat < 0)
            return 0;
        char text[96] = {};
        if (::pread(m_schedstat, text, sizeof text - 1, 0) <= 0)
            return 0;
        unsigned long long running = 0, waiting = 0;
        if (std::sscanf(text, "%llu %llu", &running, &waiting) != 2)
            return 0;
        return qint64(waiting);
    }

    static qint64 threadCpuNs()
    {
        timespec now = {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
    }

    // This (the GUI) thread's run-queue figures: made on the GUI thread, read on it.
    int m_schedstat = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
    qint64 m_lastQueued = 0;
    qint64 m_longest = 0;
    qint64 m_longestQueued = 0;
    qint64 m_busiest = 0;
};

// Runs the event loop until done() or the time is up; false on time-out.
bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

void settle(int ms)
{
    waitFor([] { return false; }, ms);
}

struct Figures
{
    std::map<QString, QList<double>> stalls; // phase -> longest stall per round
    std::map<QString, QList<double>> busy;   // phase -> most GUI-thread CPU between two ticks
    std::map<QString, QList<double>> queued; // phase -> of the longest stall, waiting for a CPU
    QStringList order;
    void add(const QString &phase, const StallMeter &meter)
    {
        if (!stalls.count(phase))
            order.append(phase);
        stalls[phase].append(meter.longestMs());
        busy[phase].append(meter.busiestMs());
        queued[phase].append(meter.longestQueuedMs());
    }
};

// One round: open the file in a fresh session and dock, filter, clear, scroll, close.
bool round(const QString &file, const QString &cache, int tables, Figures &figures, bool first)
{
    qputenv("SQLMEND_CATALOG_CACHE", cache.toUtf8());
    ui::Session session;
    ui::SchemaDock dock(&session);
    dock.resize(420, 900);
    dock.show();
    StallMeter meter;
    settle(200);
    ui::SchemaTreeModel *model = dock.model();

    const QString phase =
            first ? u"open (catalog from the database)"_s : u"open (catalog from the cache)"_s;
    meter.reset();
    const int connection = session.open(
            core::ConnectionProfile::fromUrl(u"sqlite://"_s + file).value(), QString());
    if (!waitFor(
                [&] {
                    const QModelIndex schema = model->schemaIndex(connection, u"main"_s);
                    return schema.isValid() && model->rowCount(schema) > 0;
                },
                300000)) {
        std::fprintf(stderr, "the tables never arrived\n");
        return false;
    }
    settle(300); // the first paint of the rows
    figures.add(phase, meter);
    if (model->matchingTableCount(connection, u"main"_s) != tables) {
        const QModelIndex schema = model->schemaIndex(connection, u"main"_s);
        std::fprintf(stderr, "expected %d tables, the tree has %d: %s\n", tables,
                     model->matchingTableCount(connection, u"main"_s),
                     qPrintable(model->index(0, 0, schema).data().toString()));
        return false;
    }

    // A name typed a key at a time, as a person types it (100 ms a key).
    const QString name = u"table_%1"_s.arg(tables - 1);
    meter.reset();
    for (const QChar c : name) {
        dock.filterEdit()->insert(QString(c));
        settle(100);
    }
    figures.add(u"typing \"%1\", a key at a time"_s.arg(name), meter);
    if (model->matchingTableCount(connection, u"main"_s) != 1)
        std::fprintf(stderr, "the filter left %d tables\n",
                     model->matchingTableCount(connection, u"main"_s));

    meter.reset();
    dock.filterEdit()->clear();
    settle(300);
    figures.add(u"clearing the filter"_s, meter);

    // The widest filters: every table by its name, every table by a column.
    for (const QString &filter : {u"t"_s, u"col_1"_s}) {
        meter.reset();
        dock.filterEdit()->setText(filter);
        settle(300);
        figures.add(u"filter \"%1\" (matches every table)"_s.arg(filter), meter);
        meter.reset();
        dock.filterEdit()->clear();
        settle(300);
        figures.add(u"clearing \"%1\""_s.arg(filter), meter);
    }

    // To the end of the list: each time at the bottom, the next batch is shown.
    meter.reset();
    for (int i = 0; i < 5; ++i) {
        dock.tree()->verticalScrollBar()->setValue(dock.tree()->verticalScrollBar()->maximum());
        settle(150);
    }
    figures.add(u"scrolling to the end (next batches)"_s, meter);

    meter.reset();
    session.close(connection);
    settle(300);
    figures.add(u"closing the connection"_s, meter);
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int tables = argc > 1 ? std::max(1, QByteArray(argv[1]).toInt()) : 50000;
    const int rounds = argc > 2 ? std::max(1, QByteArray(argv[2]).toInt()) : 3;
    QTemporaryDir dir;
    const QString file = bench::catalogFixture(tables);
    if (file.isEmpty())
        return 1;
    std::printf("bench_schematree: %d tables x %d columns, %d rounds\n", tables,
                bench::FixtureColumns, rounds);
    Figures figures;
    for (int r = 0; r < rounds; ++r) {
        // A fresh cache each round: the first open reads the database, the second the cache.
        const QString cache = dir.filePath(u"cache-%1.sqlite"_s.arg(r));
        if (!round(file, cache, tables, figures, true)
            || !round(file, cache, tables, figures, false))
            return 1;
    }
    const auto summary = [](QList<double> values) {
        std::sort(values.begin(), values.end());
        const double median = values.size() % 2
                ? values.at(values.size() / 2)
                : (values.at(values.size() / 2 - 1) + values.at(values.size() / 2)) / 2;
        return std::array<double, 3>{median, values.first(), values.last()};
    };
    std::printf("longest GUI-thread stall per round (goal <= 50 ms), the most CPU the GUI "
                "thread spent between two ticks, and how much of the stall it was ready to run "
                "but waited for a CPU (the machine's load, not the program):\n");
    for (const QString &phase : std::as_const(figures.order)) {
        const auto stall = summary(figures.stalls[phase]);
        const auto busy = summary(figures.busy[phase]);
        const auto queued = summary(figures.queued[phase]);
        std::printf("  %-40s stall median %6.1f ms (min %.1f, max %.1f); busy median %5.1f ms "
                    "(max %.1f); of the stall, waiting for a CPU median %.1f ms (max %.1f)\n",
                    qPrintable(phase), stall[0], stall[1], stall[2], busy[0], busy[2], queued[0],
                    queued[2]);
    }
    return 0;
}
