#include "ui/keychainsecretstore.h"

#include <QPromise>
#include <QThread>
#include <QTimer>

#include <qt6keychain/keychain.h>

#include <functional>
#include <utility>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// Keys name connection profiles; secrets are passwords and tokens. Far larger input is a bug or
// an attack, and some backends (Windows) refuse big blobs with an unhelpful error.
constexpr qsizetype maxKeyLength = 1024;
constexpr qsizetype maxSecretLength = 64 * 1024;

const QString probeKey = u"sqlmend-keychain-probe"_s;

template<typename T>
QFuture<T> readyFuture(T value)
{
    QPromise<T> promise;
    QFuture<T> future = promise.future();
    promise.start();
    promise.addResult(std::move(value));
    promise.finish();
    return future;
}

template<typename T>
void settle(QPromise<T> &promise, T value)
{
    promise.addResult(std::move(value));
    promise.finish();
}

} // namespace

struct KeychainSecretStore::Outcome
{
    enum class Kind {
        Ok,
        NotFound,
        // The keychain failed, timed out or is known to be unavailable: use the session secrets.
        Unavailable,
        // The store is being destroyed.
        Closed,
    };
    Kind kind = Kind::Ok;
    QString text;
};

struct KeychainSecretStore::Request
{
    Operation operation = Operation::Read;
    QString key;
    QString secret;
    bool probe = false;
    bool settled = false;
    QTimer *timer = nullptr;
    // Turns the outcome into the caller's future; set by lookup(), store(), remove(), probe().
    // The Closed outcome must not touch the store: it may be gone.
    std::function<void(const Outcome &)> complete;

    Request() = default;
    Request(const Request &) = delete;
    Request &operator=(const Request &) = delete;
    // A request posted from another thread dies unstarted when the store dies first: its caller
    // still gets an answer instead of a future that never finishes.
    ~Request()
    {
        if (!settled && complete)
            complete(Outcome{Outcome::Kind::Closed, {}});
    }
};

KeychainSecretStore::KeychainSecretStore(QObject *parent)
    : KeychainSecretStore(u"SQLMend"_s, defaultTimeout, parent)
{
}

KeychainSecretStore::KeychainSecretStore(const QString &service, std::chrono::milliseconds timeout,
                                         QObject *parent)
    : QObject(parent), m_service(service), m_timeout(timeout)
{
}

KeychainSecretStore::~KeychainSecretStore()
{
    // Jobs still running keep going and delete themselves; their answers have nowhere to go.
    const auto pending = std::exchange(m_pending, {});
    for (const auto &request : pending) {
        request->settled = true;
        request->complete(Outcome{Outcome::Kind::Closed, {}});
    }
}

QFuture<core::Result<QString>> KeychainSecretStore::lookup(const QString &key)
{
    if (key.isEmpty() || key.size() > maxKeyLength) {
        return readyFuture<core::Result<QString>>(core::makeFailure(
                tr("A secret needs a key of 1 to %1 characters.").arg(maxKeyLength),
                u"invalid_key"_s));
    }
    auto promise = std::make_shared<QPromise<core::Result<QString>>>();
    QFuture<core::Result<QString>> future = promise->future();
    promise->start();

    auto request = std::make_shared<Request>();
    request->operation = Operation::Read;
    request->key = key;
    request->complete = [this, promise, key](const Outcome &outcome) {
        using Kind = Outcome::Kind;
        if (outcome.kind == Kind::Ok) {
            settle<core::Result<QString>>(*promise, outcome.text);
            return;
        }
        if (outcome.kind == Kind::Closed) {
            settle<core::Result<QString>>(
                    *promise,
                    core::makeFailure(tr("The password store was closed before it answered."),
                                      u"unavailable"_s));
            return;
        }
        // A password typed while the keychain was down lives in the session secrets.
        core::Result<QString> session = m_sessionSecrets.lookup(key).result();
        if (session || outcome.kind == Kind::NotFound) {
            settle(*promise, std::move(session));
            return;
        }
        settle<core::Result<QString>>(
                *promise,
                core::makeFailure(tr("The keychain is unavailable because %1, and no password "
                                     "for %2 was entered in this session.")
                                          .arg(m_reason, key),
                                  u"unavailable"_s));
    };
    start(std::move(request));
    return future;
}

QFuture<core::Result<core::Done>> KeychainSecretStore::store(const QString &key,
                                                             const QString &secret)
{
    if (key.isEmpty() || key.size() > maxKeyLength) {
        return readyFuture<core::Result<core::Done>>(core::makeFailure(
                tr("A secret needs a key of 1 to %1 characters.").arg(maxKeyLength),
                u"invalid_key"_s));
    }
    if (secret.size() > maxSecretLength) {
        return readyFuture<core::Result<core::Done>>(core::makeFailure(
                tr("A secret may have at most %1 characters.").arg(maxSecretLength),
                u"invalid_secret"_s));
    }
    // Backends keep text secrets as C strings; a NUL would silently cut the secret short.
    if (secret.contains(QChar(u'\0'))) {
        return readyFuture<core::Result<core::Done>>(core::makeFailure(
                tr("A secret may not contain a NUL character."), u"invalid_secret"_s));
    }
    auto promise = std::make_shared<QPromise<core::Result<core::Done>>>();
    QFuture<core::Result<core::Done>> future = promise->future();
    promise->start();

    auto request = std::make_shared<Request>();
    request->operation = Operation::Write;
    request->key = key;
    request->secret = secret;
    request->complete = [this, promise, key, secret](const Outcome &outcome) {
        switch (outcome.kind) {
        case Outcome::Kind::Ok:
        case Outcome::Kind::NotFound:
            // The keychain holds it now; an older session copy must not shadow it later.
            m_sessionSecrets.remove(key);
            m_sessionOnly.remove(key);
            settle<core::Result<core::Done>>(*promise, core::Done{});
            return;
        case Outcome::Kind::Unavailable: {
            const QString reason = outcome.text.isEmpty() ? m_reason : outcome.text;
            m_sessionOnly.insert(key, reason);
            settle(*promise, m_sessionSecrets.store(key, secret).result());
            Q_EMIT keptForSession(key, reason);
            return;
        }
        case Outcome::Kind::Closed:
            settle<core::Result<core::Done>>(
                    *promise,
                    core::makeFailure(tr("The password store was closed before it answered."),
                                      u"unavailable"_s));
            return;
        }
    };
    start(std::move(request));
    return future;
}

QFuture<core::Result<core::Done>> KeychainSecretStore::remove(const QString &key)
{
    if (key.isEmpty() || key.size() > maxKeyLength) {
        return readyFuture<core::Result<core::Done>>(core::makeFailure(
                tr("A secret needs a key of 1 to %1 characters.").arg(maxKeyLength),
                u"invalid_key"_s));
    }
    auto promise = std::make_shared<QPromise<core::Result<core::Done>>>();
    QFuture<core::Result<core::Done>> future = promise->future();
    promise->start();

    auto request = std::make_shared<Request>();
    request->operation = Operation::Delete;
    request->key = key;
    request->complete = [this, promise, key](const Outcome &outcome) {
        if (outcome.kind == Outcome::Kind::Closed) {
            settle<core::Result<core::Done>>(
                    *promise,
                    core::makeFailure(tr("The password store was closed before it answered."),
                                      u"unavailable"_s));
            return;
        }
        // Forgetting always reaches the session copy, whatever the keychain said.
        m_sessionSecrets.remove(key);
        m_sessionOnly.remove(key);
        settle<core::Result<core::Done>>(*promise, core::Done{});
    };
    start(std::move(request));
    return future;
}

QFuture<bool> KeychainSecretStore::probe()
{
    auto promise = std::make_shared<QPromise<bool>>();
    QFuture<bool> future = promise->future();
    promise->start();

    auto request = std::make_shared<Request>();
    request->operation = Operation::Read;
    request->key = probeKey;
    request->probe = true;
    request->complete = [this, promise](const Outcome &outcome) {
        const bool answered =
                outcome.kind == Outcome::Kind::Ok || outcome.kind == Outcome::Kind::NotFound;
        if (answered)
            setAvailability(true, {});
        settle(*promise, answered);
    };
    start(std::move(request));
    return future;
}

bool KeychainSecretStore::isKeychainAvailable() const
{
    return m_available;
}

QString KeychainSecretStore::unavailableReason() const
{
    return m_reason;
}

QString KeychainSecretStore::sessionOnlyReason(const QString &key) const
{
    return m_sessionOnly.value(key);
}

QString KeychainSecretStore::service() const
{
    return m_service;
}

std::chrono::milliseconds KeychainSecretStore::timeout() const
{
    return m_timeout;
}

void KeychainSecretStore::start(std::shared_ptr<Request> request)
{
    // QtKeychain's jobs and their D-Bus calls belong to this object's thread.
    if (QThread::currentThread() != thread()) {
        QMetaObject::invokeMethod(
                this, [this, request = std::move(request)]() mutable { start(std::move(request)); },
                Qt::QueuedConnection);
        return;
    }
    m_pending.append(request);
    // Once the keychain failed, only an explicit probe asks it again, so that every later call
    // does not pay another timeout.
    if (!m_available && !request->probe) {
        finish(request, Outcome{Outcome::Kind::Unavailable, {}});
        return;
    }

    QKeychain::Job *job = nullptr;
    switch (request->operation) {
    case Operation::Read:
        job = new QKeychain::ReadPasswordJob(m_service);
        break;
    case Operation::Write: {
        auto *write = new QKeychain::WritePasswordJob(m_service);
        write->setTextData(request->secret);
        job = write;
        break;
    }
    case Operation::Delete:
        job = new QKeychain::DeletePasswordJob(m_service);
        break;
    }
    // No parent: a job deletes itself after finished(), even when it outlives this store (the
    // backend's callbacks still point at it).
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(request->key);

    connect(job, &QKeychain::Job::finished, this, [this, request](QKeychain::Job *finished) {
        Outcome outcome;
        const QString detail = finished->errorString().isEmpty() ? tr("no details given")
                                                                 : finished->errorString();
        switch (finished->error()) {
        case QKeychain::NoError:
            if (request->operation == Operation::Read)
                outcome.text = static_cast<QKeychain::ReadPasswordJob *>(finished)->textData();
            break;
        case QKeychain::EntryNotFound:
            outcome.kind = Outcome::Kind::NotFound;
            break;
        case QKeychain::AccessDenied:
        case QKeychain::AccessDeniedByUser:
            outcome.kind = Outcome::Kind::Unavailable;
            outcome.text = tr("access to the keychain was denied (%1)").arg(detail);
            break;
        case QKeychain::NoBackendAvailable:
        case QKeychain::NotImplemented:
            outcome.kind = Outcome::Kind::Unavailable;
            outcome.text = tr("no keychain service is available (%1)").arg(detail);
            break;
        case QKeychain::CouldNotDeleteEntry:
        case QKeychain::OtherError:
            outcome.kind = Outcome::Kind::Unavailable;
            outcome.text = tr("the keychain reported an error (%1)").arg(detail);
            break;
        }
        finish(request, outcome);
    });

    request->timer = new QTimer(this);
    request->timer->setSingleShot(true);
    connect(request->timer, &QTimer::timeout, this, [this, request] {
        const auto ms = static_cast<int>(m_timeout.count());
        finish(request,
               Outcome{Outcome::Kind::Unavailable,
                       tr("the keychain did not answer within %n millisecond(s)", nullptr, ms)});
    });
    request->timer->start(m_timeout);
    job->start();
}

void KeychainSecretStore::finish(const std::shared_ptr<Request> &request, const Outcome &outcome)
{
    // The first of the job's answer and the timeout wins; the other one is ignored.
    if (request->settled)
        return;
    request->settled = true;
    m_pending.removeOne(request);
    if (request->timer) {
        request->timer->stop();
        request->timer->deleteLater();
        request->timer = nullptr;
    }
    // An empty text means the keychain was already known to be unavailable.
    if (outcome.kind == Outcome::Kind::Unavailable && !outcome.text.isEmpty())
        setAvailability(false, outcome.text);
    request->complete(outcome);
}

void KeychainSecretStore::setAvailability(bool available, const QString &reason)
{
    if (available == m_available && reason == m_reason)
        return;
    m_available = available;
    m_reason = reason;
    Q_EMIT availabilityChanged(available, reason);
}

} // namespace sqlmend::ui
