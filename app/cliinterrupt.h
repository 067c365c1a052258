#pragma once

#include <QObject>
#include <QPointer>

#include <functional>
#include <thread>

namespace sqlmend::app {

// SIGINT and SIGTERM while a subcommand runs. The first signal cancels every running statement
// on its server (PQcancel, KILL QUERY, sqlite3_interrupt: core::RunInterrupt::stopAll()) and
// makes later runs end as cancelled; the command then winds down, and exit status is 130 for
// SIGINT, 143 for SIGTERM, with a message on standard error. A command that does not end within
// a grace period, or a second signal, ends the process with that status at once.
//
// One instance, around the whole subcommand (main() holds it). The signal is read on a thread of
// its own: the main thread may be waiting on a future and run no event loop.
class CliInterrupt
{
public:
    static constexpr int graceMs = 10000;

    explicit CliInterrupt(const char *command);
    ~CliInterrupt();
    CliInterrupt(const CliInterrupt &) = delete;
    CliInterrupt &operator=(const CliInterrupt &) = delete;

    // The command's exit status: status, or 128 + the signal when one came.
    int finish(int status);

    // When a signal comes, also run fn on context's thread (for objects that are not
    // thread-safe, such as a correction loop waiting for a model). Dropped when context is gone.
    static void onInterrupt(QObject *context, std::function<void()> fn);
    // The signal that came (SIGINT, SIGTERM), or 0.
    static int signalled();

private:
    void watch();

    const char *m_command;
    std::thread m_watcher;
};

} // namespace sqlmend::app
