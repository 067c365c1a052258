#pragma once

#include <QtGlobal>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace sqlmend::core {

// Wall 3's cancel and timeout for one connection: a cooperative flag per generation plus an
// interrupt that reaches the server, which the connection's engine attaches (SqlEngine::attach:
// sqlite3_interrupt, PQcancel, KILL QUERY). cancel() and the watchdog may fire from any thread.
class RunInterrupt
{
public:
    enum class Reason { None, Cancel, Timeout };

    RunInterrupt();
    ~RunInterrupt();
    RunInterrupt(const RunInterrupt &) = delete;
    RunInterrupt &operator=(const RunInterrupt &) = delete;

    // Worker thread: a run of this generation starts / ends. timeoutMs 0: no deadline.
    void begin(quint64 generation, int timeoutMs);
    void end();

    // Any thread: cancels every request up to and including this generation.
    void cancelUpTo(quint64 generation);
    // Any thread, for a process that is being stopped (SIGINT, SIGTERM): every connection's
    // running statement is cancelled on the server, and every later run of every connection
    // ends as cancelled before it reaches the server.
    static void stopAll();
    static bool isStopping();
    bool isCancelled(quint64 generation) const;
    bool deadlinePassed() const;
    // Why the running statement was interrupted, if it was.
    Reason firedReason() const { return m_fired.load(); }
    // Worker thread, once the row cap is reached: stops the statement on the server (PQcancel,
    // which returns once the server has it), so that discarding the rest of the result does
    // not wait for the server to produce it. Neither a cancel nor a timeout of the run.
    void stopAtCap();

    // What reaches the server, as the connection's engine attaches it.
    struct Hooks
    {
        // Stops the running statement on the server; any thread, under a lock, so it must not
        // block (a second connection is opened from a pool thread).
        std::function<void()> interrupt;
        // Stops the statement once the row cap is reached (see stopAtCap()), or empty.
        std::function<void()> stopAtCap;
        // Undoes what attaching set on the handle, before it is closed, or empty.
        std::function<void()> release;
        // Whether the server has a statement timeout of its own (the watchdog then waits
        // longer before it interrupts).
        bool serverTimeout = true;
    };
    // Worker thread, after connecting / before disconnecting.
    void attach(Hooks hooks);
    void detach();

    // For a driver's progress callback (SQLite's progress handler), on the running statement's
    // thread: whether the statement must stop now (cancelled, or past its deadline); records why.
    bool checkpoint();

private:
    void fire(Reason reason);
    void watch();

    static std::atomic<bool> s_stopping;

    std::atomic<quint64> m_cancelUpTo{0};
    std::atomic<quint64> m_running{0};
    std::atomic<qint64> m_deadlineNs{0}; // steady_clock; 0: none
    std::atomic<Reason> m_fired{Reason::None};
    std::atomic<bool> m_serverTimeout{false}; // the server has a statement timeout of its own

    std::mutex m_handleMutex;
    Hooks m_hooks;

    // The watchdog backs the server-side timeout up: it interrupts a statement still running
    // shortly after its deadline (drivers without a server timeout, a server that ignores it).
    std::mutex m_watchMutex;
    std::condition_variable m_watchWake;
    bool m_stopWatch = false;
    std::thread m_watchdog;
};

} // namespace sqlmend::core
