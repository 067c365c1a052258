#include "core/exec/runinterrupt.h"

#include <set>

namespace sqlmend::core {

std::atomic<bool> RunInterrupt::s_stopping{false};

namespace {

// Every RunInterrupt alive in the process, for stopAll().
std::mutex &registryMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::set<RunInterrupt *> &registry()
{
    static std::set<RunInterrupt *> interrupts;
    return interrupts;
}

// The server's own timeout comes first; this much later the watchdog interrupts anyway.
constexpr std::chrono::milliseconds WatchdogGrace{500};
// Without a server timeout (SQLite: only the progress handler, which a heavy step, one call of a
// large function, may not reach for a while) the watchdog follows closely.
constexpr std::chrono::milliseconds LocalWatchdogGrace{100};

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
}

} // namespace

RunInterrupt::RunInterrupt() : m_watchdog([this] { watch(); })
{
    std::lock_guard lock(registryMutex());
    registry().insert(this);
}

RunInterrupt::~RunInterrupt()
{
    {
        std::lock_guard lock(registryMutex());
        registry().erase(this);
    }
    {
        std::lock_guard lock(m_watchMutex);
        m_stopWatch = true;
    }
    m_watchWake.notify_all();
    m_watchdog.join();
    detach();
}

void RunInterrupt::begin(quint64 generation, int timeoutMs)
{
    m_fired = Reason::None;
    m_deadlineNs = timeoutMs > 0 ? nowNs() + qint64(timeoutMs) * 1000000 : 0;
    {
        std::lock_guard lock(m_watchMutex);
        m_running = generation;
    }
    m_watchWake.notify_all();
}

void RunInterrupt::end()
{
    {
        std::lock_guard lock(m_watchMutex);
        m_running = 0;
        m_deadlineNs = 0;
    }
    m_watchWake.notify_all();
}

void RunInterrupt::cancelUpTo(quint64 generation)
{
    quint64 current = m_cancelUpTo.load();
    while (current < generation && !m_cancelUpTo.compare_exchange_weak(current, generation)) { }
    const quint64 running = m_running.load();
    if (running != 0 && running <= generation)
        fire(Reason::Cancel);
}

bool RunInterrupt::isCancelled(quint64 generation) const
{
    return s_stopping.load() || (generation != 0 && generation <= m_cancelUpTo.load());
}

void RunInterrupt::stopAll()
{
    s_stopping = true;
    std::lock_guard lock(registryMutex());
    for (RunInterrupt *interrupt : registry()) {
        // Also when no run is marked as running: a catalog load runs outside run().
        interrupt->fire(Reason::Cancel);
    }
}

bool RunInterrupt::isStopping()
{
    return s_stopping.load();
}

bool RunInterrupt::deadlinePassed() const
{
    const qint64 deadline = m_deadlineNs.load();
    return deadline != 0 && nowNs() >= deadline;
}

void RunInterrupt::attach(Hooks hooks)
{
    std::lock_guard lock(m_handleMutex);
    if (m_hooks.release)
        m_hooks.release();
    m_serverTimeout = hooks.serverTimeout;
    m_hooks = std::move(hooks);
}

void RunInterrupt::detach()
{
    std::lock_guard lock(m_handleMutex);
    if (m_hooks.release)
        m_hooks.release();
    m_hooks = {};
    m_serverTimeout = false;
}

bool RunInterrupt::checkpoint()
{
    const quint64 running = m_running.load();
    if (running != 0 && isCancelled(running)) {
        m_fired = Reason::Cancel;
        return true;
    }
    if (deadlinePassed()) {
        m_fired = Reason::Timeout;
        return true;
    }
    return false;
}

void RunInterrupt::stopAtCap()
{
    std::lock_guard lock(m_handleMutex);
    if (m_hooks.stopAtCap)
        m_hooks.stopAtCap();
}

void RunInterrupt::fire(Reason reason)
{
    Reason none = Reason::None;
    m_fired.compare_exchange_strong(none, reason);
    std::lock_guard lock(m_handleMutex);
    if (m_hooks.interrupt)
        m_hooks.interrupt();
}

void RunInterrupt::watch()
{
    std::unique_lock lock(m_watchMutex);
    while (!m_stopWatch) {
        const qint64 deadline = m_deadlineNs.load();
        const quint64 running = m_running.load();
        if (running == 0 || deadline == 0) {
            m_watchWake.wait(lock);
            continue;
        }
        const auto due = std::chrono::steady_clock::time_point(std::chrono::nanoseconds(deadline))
                + (m_serverTimeout.load() ? WatchdogGrace : LocalWatchdogGrace);
        if (m_watchWake.wait_until(lock, due) == std::cv_status::timeout
            && m_running.load() == running && m_deadlineNs.load() == deadline) {
            lock.unlock();
            fire(Reason::Timeout);
            lock.lock();
            // One shot per run: wait until this run ends or another begins.
            while (!m_stopWatch && m_running.load() == running && m_deadlineNs.load() == deadline)
                m_watchWake.wait(lock);
        }
    }
}

} // namespace sqlmend::core
