#include "core/sql/inmemorysecretstore.h"

#include <QMutexLocker>
#include <QPromise>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

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

} // namespace

QFuture<Result<QString>> InMemorySecretStore::lookup(const QString &key)
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_secrets.constFind(key);
    if (it == m_secrets.cend()) {
        return readyFuture<Result<QString>>(
                makeFailure(tr("No secret is stored for %1.").arg(key), u"not_found"_s));
    }
    return readyFuture<Result<QString>>(*it);
}

QFuture<Result<Done>> InMemorySecretStore::store(const QString &key, const QString &secret)
{
    if (key.isEmpty()) {
        return readyFuture<Result<Done>>(
                makeFailure(tr("A secret needs a non-empty key."), u"invalid_key"_s));
    }
    QMutexLocker locker(&m_mutex);
    m_secrets.insert(key, secret);
    return readyFuture<Result<Done>>(Done{});
}

QFuture<Result<Done>> InMemorySecretStore::remove(const QString &key)
{
    QMutexLocker locker(&m_mutex);
    m_secrets.remove(key);
    return readyFuture<Result<Done>>(Done{});
}

} // namespace sqlmend::core
