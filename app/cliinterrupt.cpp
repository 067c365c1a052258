#include "app/cliinterrupt.h"

#include "app/commandline.h"

#include "core/exec/runinterrupt.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QThreadPool>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <mutex>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace sqlmend::app {

namespace {

std::atomic<int> receivedSignal{0};
int wakePipe[2] = {-1, -1};

struct Hook
{
    QPointer<QObject> context;
    std::function<void()> fn;
};

std::mutex hooksMutex;
std::vector<Hook> hooks;

std::mutex doneMutex;
std::condition_variable doneWake;
bool commandDone = false;

struct sigaction previousInt;
struct sigaction previousTerm;

// Async-signal-safe: one byte into the pipe; a second signal ends the process at once.
void onSignal(int number)
{
    int expected = 0;
    if (!receivedSignal.compare_exchange_strong(expected, number))
        _exit(128 + expected);
    const char byte = char(number);
    [[maybe_unused]] const ssize_t written = write(wakePipe[1], &byte, 1);
}

const char *signalName(int number)
{
    return number == SIGTERM ? "SIGTERM" : "SIGINT";
}

} // namespace

CliInterrupt::CliInterrupt(const char *command) : m_command(command)
{
    if (pipe(wakePipe) != 0)
        return;
    fcntl(wakePipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(wakePipe[1], F_SETFD, FD_CLOEXEC);
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = &onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &previousInt);
    sigaction(SIGTERM, &action, &previousTerm);
    m_watcher = std::thread([this] { watch(); });
}

CliInterrupt::~CliInterrupt()
{
    {
        std::lock_guard lock(doneMutex);
        commandDone = true;
    }
    doneWake.notify_all();
    if (m_watcher.joinable()) {
        sigaction(SIGINT, &previousInt, nullptr);
        sigaction(SIGTERM, &previousTerm, nullptr);
        if (receivedSignal.load() == 0) {
            const char wake = 0; // ends the watcher's read
            [[maybe_unused]] const ssize_t written = write(wakePipe[1], &wake, 1);
        }
        m_watcher.join();
        close(wakePipe[0]);
        close(wakePipe[1]);
    }
}

void CliInterrupt::watch()
{
    char byte = 0;
    while (read(wakePipe[0], &byte, 1) < 0 && errno == EINTR) { }
    const int number = receivedSignal.load();
    if (number == 0)
        return; // the command ended first
    note(m_command,
         QCoreApplication::translate("sqlmend::app",
                                     "interrupted by %1: cancelling the running statement on the "
                                     "server")
                 .arg(QLatin1String(signalName(number))));
    core::RunInterrupt::stopAll();
    {
        std::lock_guard lock(hooksMutex);
        for (const Hook &hook : hooks) {
            if (QObject *context = hook.context.data())
                QMetaObject::invokeMethod(context, hook.fn, Qt::QueuedConnection);
        }
    }
    // KILL QUERY goes out from pool threads: let it reach the server before anything exits.
    QThreadPool::globalInstance()->waitForDone(graceMs);
    std::unique_lock lock(doneMutex);
    if (!doneWake.wait_for(lock, std::chrono::milliseconds(graceMs), [] { return commandDone; })) {
        note(m_command,
             QCoreApplication::translate("sqlmend::app",
                                         "the command did not stop within %1 s of %2; exiting")
                     .arg(graceMs / 1000)
                     .arg(QLatin1String(signalName(number))));
        std::fflush(stdout);
        _exit(128 + number);
    }
}

int CliInterrupt::finish(int status)
{
    const int number = receivedSignal.load();
    if (number == 0)
        return status;
    note(m_command,
         QCoreApplication::translate("sqlmend::app",
                                     "stopped by %1; the statement that was running was "
                                     "cancelled on the server")
                 .arg(QLatin1String(signalName(number))));
    return 128 + number;
}

void CliInterrupt::onInterrupt(QObject *context, std::function<void()> fn)
{
    std::lock_guard lock(hooksMutex);
    hooks.push_back({context, std::move(fn)});
}

int CliInterrupt::signalled()
{
    return receivedSignal.load();
}

} // namespace sqlmend::app
