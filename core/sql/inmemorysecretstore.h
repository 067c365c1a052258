#pragma once

#include "core/sql/secretstore.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutex>

namespace sqlmend::core {

// Secrets for this session only: the fallback when no keychain is available, and the store of
// the command line and the tests. Thread-safe; every future is ready on return.
class InMemorySecretStore final : public SecretStore
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::InMemorySecretStore)

public:
    QFuture<Result<QString>> lookup(const QString &key) override;
    QFuture<Result<Done>> store(const QString &key, const QString &secret) override;
    QFuture<Result<Done>> remove(const QString &key) override;

private:
    QMutex m_mutex;
    QHash<QString, QString> m_secrets;
};

} // namespace sqlmend::core
