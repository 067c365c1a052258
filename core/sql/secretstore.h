#pragma once

#include "core/result.h"

#include <QFuture>
#include <QString>

namespace sqlmend::core {

// Where connection passwords live; profiles never hold one (STYLE.md rule 26). Every call returns
// a future so that a keychain-backed store never blocks its caller's thread. A lookup of a key
// that was never stored fails with the code "not_found"; any other failure means "unavailable".
class SecretStore
{
public:
    virtual ~SecretStore();

    virtual QFuture<Result<QString>> lookup(const QString &key) = 0;
    virtual QFuture<Result<Done>> store(const QString &key, const QString &secret) = 0;
    virtual QFuture<Result<Done>> remove(const QString &key) = 0;
};

} // namespace sqlmend::core
