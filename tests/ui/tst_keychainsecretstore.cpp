#include "ui/keychainsecretstore.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <limits>
#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using ui::KeychainSecretStore;

namespace {

template<typename T>
QByteArray failureOf(const core::Result<T> &result)
{
    return result.hasValue() ? QByteArray() : result.error().message.toUtf8();
}

// Runs the event loop (not a busy wait) until the future is finished or the deadline passes.
template<typename T>
bool waitFor(const QFuture<T> &future, int timeoutMs = 15000)
{
    if (future.isFinished())
        return true;
    QEventLoop loop;
    QFutureWatcher<T> watcher;
    QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    watcher.setFuture(future);
    loop.exec();
    return future.isFinished();
}

// Records the longest gap between the ticks of a 10 ms timer: a stalled event loop shows here.
class TickMonitor : public QObject
{
public:
    TickMonitor()
    {
        m_timer.setInterval(10);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            m_longestGapMs = std::max(m_longestGapMs, m_clock.restart());
            ++m_ticks;
        });
        m_clock.start();
        m_timer.start();
    }
    qint64 longestGapMs() const { return std::max(m_longestGapMs, m_clock.elapsed()); }
    int ticks() const { return m_ticks; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_longestGapMs = 0;
    int m_ticks = 0;
};

} // namespace

// Run twice by ctest: inside a private D-Bus session with an unlocked gnome-keyring
// (SQLMEND_KEYCHAIN_EXPECT=available) and without any session bus (=unavailable).
class tst_KeychainSecretStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void probe();
    void roundTrip_data();
    void roundTrip();
    void secretsReachTheKeychain();
    void invalidInput_data();
    void invalidInput();
    void eventLoopKeepsTicking();
    void callsFromAWorkerThread();
    void destroyedStoreSettlesItsFutures();
    void timeoutMakesTheKeychainUnavailable();

private:
    qint64 measureLongestStall();

    bool m_expectKeychain = false;
};

void tst_KeychainSecretStore::initTestCase()
{
    const QByteArray expect = qgetenv("SQLMEND_KEYCHAIN_EXPECT");
    QVERIFY2(expect == "available" || expect == "unavailable",
             "set SQLMEND_KEYCHAIN_EXPECT to available or unavailable (ctest does this)");
    m_expectKeychain = expect == "available";
    if (!m_expectKeychain)
        return;
    // The keyring daemon was just started: wait until it takes a write (its login collection
    // exists) before the tests judge it.
    QString reason;
    for (int attempt = 0; attempt < 40; ++attempt) {
        KeychainSecretStore store;
        const auto written = store.store(u"sqlmend-test-ready"_s, u"ready"_s);
        QVERIFY(waitFor(written));
        if (store.isKeychainAvailable()) {
            QVERIFY(waitFor(store.remove(u"sqlmend-test-ready"_s)));
            return;
        }
        reason = store.unavailableReason();
        QTest::qWait(250);
    }
    QFAIL(qPrintable(u"the Secret Service never became usable: %1"_s.arg(reason)));
}

void tst_KeychainSecretStore::probe()
{
    KeychainSecretStore store;
    QSignalSpy changes(&store, &KeychainSecretStore::availabilityChanged);
    QVERIFY(store.isKeychainAvailable()); // optimistic until the keychain says otherwise

    QElapsedTimer clock;
    clock.start();
    const QFuture<bool> answer = store.probe();
    QVERIFY(waitFor(answer));
    qInfo("probe answered in %lld ms", clock.elapsed());

    QCOMPARE(answer.result(), m_expectKeychain);
    QCOMPARE(store.isKeychainAvailable(), m_expectKeychain);
    if (m_expectKeychain) {
        QCOMPARE(changes.size(), 0);
        QVERIFY(store.unavailableReason().isEmpty());
    } else {
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes.at(0).at(0).toBool(), false);
        QCOMPARE(changes.at(0).at(1).toString(), store.unavailableReason());
        QVERIFY(!store.unavailableReason().isEmpty());
        qInfo("unavailable because %s", qPrintable(store.unavailableReason()));
    }
}

void tst_KeychainSecretStore::roundTrip_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("secret");

    QTest::newRow("ascii") << u"postgresql://analyst@db.example:5432/shop"_s << u"hunter2"_s;
    QTest::newRow("unicode") << u"profile/Ünïcödé 数据库"_s << u"pässwörd 密码 🔑 ÿ"_s;
    QTest::newRow("empty secret") << u"sqlite:///tmp/no-password.db"_s << QString();
    QTest::newRow("4 KiB token") << u"warehouse token"_s << QString(4096, u'x');
}

void tst_KeychainSecretStore::roundTrip()
{
    QFETCH(QString, key);
    QFETCH(QString, secret);

    KeychainSecretStore store;
    auto stored = store.store(key, secret);
    QVERIFY(waitFor(stored));
    QVERIFY2(stored.result().hasValue(), failureOf(stored.result()).constData());
    QVERIFY2(store.isKeychainAvailable() == m_expectKeychain,
             qPrintable(store.unavailableReason()));

    auto read = store.lookup(key);
    QVERIFY(waitFor(read));
    QVERIFY2(read.result().hasValue(), failureOf(read.result()).constData());
    QCOMPARE(read.result().value(), secret);

    const QString changed = secret + u" (changed ✓)"_s;
    stored = store.store(key, changed);
    QVERIFY(waitFor(stored));
    QVERIFY(stored.result().hasValue());
    read = store.lookup(key);
    QVERIFY(waitFor(read));
    QVERIFY(read.result().hasValue());
    QCOMPARE(read.result().value(), changed);

    const auto removed = store.remove(key);
    QVERIFY(waitFor(removed));
    QVERIFY(removed.result().hasValue());
    read = store.lookup(key);
    QVERIFY(waitFor(read));
    QVERIFY(!read.result().hasValue());
    // Without a keychain the secret may still sit there from an earlier session: not "not_found".
    QCOMPARE(read.result().error().code, m_expectKeychain ? u"not_found"_s : u"unavailable"_s);
    QVERIFY(!read.result().error().message.isEmpty());

    // Removing what is not there is not an error.
    const auto removedAgain = store.remove(key);
    QVERIFY(waitFor(removedAgain));
    QVERIFY(removedAgain.result().hasValue());
}

void tst_KeychainSecretStore::secretsReachTheKeychain()
{
    // A second store has its own, empty session secrets: it sees only what the keychain holds.
    const QString key = u"shared between stores ✓"_s;
    KeychainSecretStore writer;
    const auto stored = writer.store(key, u"s3cret ✓"_s);
    QVERIFY(waitFor(stored));
    QVERIFY(stored.result().hasValue());

    KeychainSecretStore reader;
    const auto read = reader.lookup(key);
    QVERIFY(waitFor(read));
    if (m_expectKeychain) {
        QVERIFY2(read.result().hasValue(), failureOf(read.result()).constData());
        QCOMPARE(read.result().value(), u"s3cret ✓"_s);
        const auto removed = reader.remove(key);
        QVERIFY(waitFor(removed));
        QVERIFY(removed.result().hasValue());
    } else {
        // No plaintext file or shared cache: a session secret stays in its own store.
        QVERIFY(!read.result().hasValue());
        QCOMPARE(read.result().error().code, u"unavailable"_s);
        QVERIFY(read.result().error().message.contains(reader.unavailableReason()));
    }
}

void tst_KeychainSecretStore::invalidInput_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("secret");
    QTest::addColumn<QString>("code");

    QTest::newRow("empty key") << QString() << u"pw"_s << u"invalid_key"_s;
    QTest::newRow("huge key") << QString(5000, u'k') << u"pw"_s << u"invalid_key"_s;
    QTest::newRow("10 MB secret") << u"big"_s << QString(10 * 1024 * 1024, u'a')
                                  << u"invalid_secret"_s;
    QTest::newRow("NUL in secret") << u"nul"_s << u"before\0after"_s << u"invalid_secret"_s;
}

void tst_KeychainSecretStore::invalidInput()
{
    QFETCH(QString, key);
    QFETCH(QString, secret);
    QFETCH(QString, code);

    KeychainSecretStore store;
    // Rejected at once, without a job.
    const auto stored = store.store(key, secret);
    QVERIFY(stored.isFinished());
    QVERIFY(!stored.result().hasValue());
    QCOMPARE(stored.result().error().code, code);
    QVERIFY(!stored.result().error().message.isEmpty());
    if (code == u"invalid_key"_s) {
        const auto read = store.lookup(key);
        QVERIFY(read.isFinished());
        QCOMPARE(read.result().error().code, code);
        const auto removed = store.remove(key);
        QVERIFY(removed.isFinished());
        QCOMPARE(removed.result().error().code, code);
    }
    QVERIFY(store.isKeychainAvailable());
}

void tst_KeychainSecretStore::eventLoopKeepsTicking()
{
    // Structure, not time: with a real keychain every answer comes through this thread's event
    // loop, so a store that never waits has none of them when its calls return. (A store that
    // blocked, or ran a nested event loop, would have them.) Without one, the calls answer from
    // the session at once, which is no wait either. The longest gap between ticks is a figure;
    // bench_gui measures it.
    if (m_expectKeychain) {
        KeychainSecretStore store;
        const QFuture<bool> probe = store.probe();
        const auto write = store.store(u"no wait"_s, u"secret"_s);
        const auto read = store.lookup(u"no wait"_s);
        QVERIFY(!probe.isFinished());
        QVERIFY(!write.isFinished());
        QVERIFY(!read.isFinished());
        QVERIFY(waitFor(read));
        QVERIFY(waitFor(store.remove(u"no wait"_s)));
    }
    const qint64 stall = measureLongestStall();
    qInfo("longest gap between 10 ms ticks over 80 keychain calls: %lld ms", stall);
}

qint64 tst_KeychainSecretStore::measureLongestStall()
{
    KeychainSecretStore store;
    TickMonitor monitor;
    QElapsedTimer clock;
    clock.start();

    // Probes always reach the keychain, even after it failed; the rest go where availability
    // sends them.
    constexpr int rounds = 20;
    QList<QFuture<bool>> probes;
    QList<QFuture<core::Result<core::Done>>> writes;
    QList<QFuture<core::Result<QString>>> reads;
    for (int i = 0; i < rounds; ++i) {
        probes.append(store.probe());
        writes.append(store.store(u"tick %1"_s.arg(i), u"secret %1"_s.arg(i)));
        reads.append(store.lookup(u"tick %1"_s.arg(i)));
    }
    for (int i = 0; i < rounds; ++i) {
        [&] {
            QVERIFY(waitFor(probes.at(i)));
            QVERIFY(waitFor(writes.at(i)));
            QVERIFY(waitFor(reads.at(i)));
            QCOMPARE(probes.at(i).result(), m_expectKeychain);
            QVERIFY(writes.at(i).result().hasValue());
            QVERIFY(reads.at(i).result().hasValue());
            QCOMPARE(reads.at(i).result().value(), u"secret %1"_s.arg(i));
        }();
        if (QTest::currentTestFailed())
            return 0;
    }
    const qint64 stall = monitor.longestGapMs();
    qInfo("%d keychain calls in %lld ms; longest event-loop gap %lld ms over %d ticks", rounds * 3,
          clock.elapsed(), stall, monitor.ticks());

    QList<QFuture<core::Result<core::Done>>> removals;
    for (int i = 0; i < rounds; ++i)
        removals.append(store.remove(u"tick %1"_s.arg(i)));
    for (const auto &removal : removals) {
        [&] {
            QVERIFY(waitFor(removal));
            QVERIFY(removal.result().hasValue());
        }();
    }
    return stall;
}

void tst_KeychainSecretStore::callsFromAWorkerThread()
{
    KeychainSecretStore store;
    QFuture<core::Result<core::Done>> stored;
    QFuture<core::Result<QString>> read;
    std::unique_ptr<QThread> worker(QThread::create([&] {
        stored = store.store(u"from a worker"_s, u"w0rker ✓"_s);
        read = store.lookup(u"from a worker"_s);
    }));
    worker->start();
    QVERIFY(worker->wait(5000)); // the worker never waits for the keychain itself
    QVERIFY(waitFor(stored));
    QVERIFY(waitFor(read));
    QVERIFY(stored.result().hasValue());
    QVERIFY2(read.result().hasValue(), failureOf(read.result()).constData());
    QCOMPARE(read.result().value(), u"w0rker ✓"_s);
    QVERIFY(waitFor(store.remove(u"from a worker"_s)));
}

void tst_KeychainSecretStore::destroyedStoreSettlesItsFutures()
{
    auto store = std::make_unique<KeychainSecretStore>();
    const auto read = store->lookup(u"never stored"_s);
    const auto removed = store->remove(u"never stored"_s);
    store.reset();
    QVERIFY(read.isFinished());
    QVERIFY(removed.isFinished());
    QVERIFY(!read.result().hasValue());
    QVERIFY(read.result().error().code == u"unavailable"_s
            || read.result().error().code == u"not_found"_s);
    // The jobs that outlive the store finish and delete themselves without touching it.
    QTest::qWait(300);

    // A call from a worker thread that the store never got to start still gets an answer.
    store = std::make_unique<KeychainSecretStore>();
    QFuture<core::Result<QString>> fromWorker;
    std::unique_ptr<QThread> worker(
            QThread::create([&] { fromWorker = store->lookup(u"never started"_s); }));
    worker->start();
    QVERIFY(worker->wait(5000));
    QVERIFY(!fromWorker.isFinished());
    store.reset();
    QVERIFY(fromWorker.isFinished());
    QVERIFY(!fromWorker.isCanceled());
    QVERIFY(!fromWorker.result().hasValue());
    QCOMPARE(fromWorker.result().error().code, u"unavailable"_s);
}

void tst_KeychainSecretStore::timeoutMakesTheKeychainUnavailable()
{
    // One millisecond is far less than the Secret Service's several D-Bus round trips; without a
    // bus the job may fail first, and that is unavailable as well.
    KeychainSecretStore store(u"SQLMend"_s, std::chrono::milliseconds(1));
    QSignalSpy changes(&store, &KeychainSecretStore::availabilityChanged);
    QSignalSpy kept(&store, &KeychainSecretStore::keptForSession);
    QVERIFY(store.sessionOnlyReason(u"slow"_s).isEmpty());
    const auto stored = store.store(u"slow"_s, u"kept for the session"_s);
    QVERIFY(waitFor(stored));
    QVERIFY(stored.result().hasValue());
    // A keychain that refuses (or a prompt that was cancelled) is said, for this very secret.
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept.at(0).at(0).toString(), u"slow"_s);
    QVERIFY(!kept.at(0).at(1).toString().isEmpty());
    QCOMPARE(store.sessionOnlyReason(u"slow"_s), kept.at(0).at(1).toString());
    QVERIFY(!store.isKeychainAvailable());
    QCOMPARE(changes.size(), 1);
    if (m_expectKeychain) {
        QVERIFY2(store.unavailableReason().contains(u"millisecond"_s),
                 qPrintable(store.unavailableReason()));
    }

    // The job's late answer changes nothing.
    QTest::qWait(500);
    QCOMPARE(changes.size(), 1);
    QVERIFY(!store.isKeychainAvailable());
    const auto read = store.lookup(u"slow"_s);
    QVERIFY(read.isFinished()); // answered from the session secrets, no job
    QVERIFY(read.result().hasValue());
    QCOMPARE(read.result().value(), u"kept for the session"_s);

    // The keychain answering again does not move the secret there: it stays this session's,
    // and the settings keep saying so.
    QVERIFY(waitFor(store.probe()));
    QVERIFY(!store.sessionOnlyReason(u"slow"_s).isEmpty());
    // Forgetting it forgets that too.
    QVERIFY(waitFor(store.remove(u"slow"_s)));
    QVERIFY(store.sessionOnlyReason(u"slow"_s).isEmpty());

    if (m_expectKeychain) {
        // The write may have landed in the keychain after the timeout; leave it clean.
        KeychainSecretStore cleaner;
        QVERIFY(waitFor(cleaner.remove(u"slow"_s)));
    }
}

QTEST_GUILESS_MAIN(tst_KeychainSecretStore)
#include "tst_keychainsecretstore.moc"
