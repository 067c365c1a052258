#pragma once

#include "core/sql/inmemorysecretstore.h"
#include "core/sql/secretstore.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <chrono>
#include <memory>

namespace sqlmend::ui {

// Connection passwords in the desktop keychain (Secret Service, KWallet, macOS Keychain, Windows
// Credential Manager) through QtKeychain. Every call returns at once: the job runs asynchronously
// on the thread that owns this object and completes the future when the keychain answers or when
// the timeout passes, whichever comes first (STYLE.md rules 14 and 26).
//
// Any keychain error except "entry not found" makes the keychain unavailable: from then on
// secrets live in memory for this session only, never in a plaintext file, and
// availabilityChanged() tells the settings page why.
//
// The calls may come from any thread; the jobs always start on this object's thread, which must
// run an event loop (the GUI thread).
class KeychainSecretStore final : public QObject, public core::SecretStore
{
    Q_OBJECT

public:
    static constexpr std::chrono::milliseconds defaultTimeout{5000};

    explicit KeychainSecretStore(QObject *parent = nullptr);
    KeychainSecretStore(const QString &service, std::chrono::milliseconds timeout,
                        QObject *parent = nullptr);
    ~KeychainSecretStore() override;

    QFuture<core::Result<QString>> lookup(const QString &key) override;
    QFuture<core::Result<core::Done>> store(const QString &key, const QString &secret) override;
    QFuture<core::Result<core::Done>> remove(const QString &key) override;

    // Asks the keychain for a reserved entry to learn whether it answers; updates the
    // availability (also back to available) and yields it. Lets the settings page know the state
    // before the first password is needed.
    QFuture<bool> probe();

    // True until a keychain call fails for another reason than a missing entry.
    bool isKeychainAvailable() const;
    // Why the keychain is unavailable, as a clause for "kept for this session only because %1";
    // empty while it is available.
    QString unavailableReason() const;
    // Why the secret stored under key lives in this session only (the keychain refused it, or
    // its prompt was cancelled), as the same kind of clause; empty when the keychain holds it or
    // nothing was stored. Stays true when the keychain answers again later.
    QString sessionOnlyReason(const QString &key) const;

    QString service() const;
    std::chrono::milliseconds timeout() const;

Q_SIGNALS:
    void availabilityChanged(bool available, const QString &reason);
    // A secret could not go into the keychain and is kept for this session only.
    void keptForSession(const QString &key, const QString &reason);

private:
    enum class Operation { Read, Write, Delete };
    struct Request;
    struct Outcome;

    void start(std::shared_ptr<Request> request);
    void finish(const std::shared_ptr<Request> &request, const Outcome &outcome);
    void setAvailability(bool available, const QString &reason);

    QString m_service;
    std::chrono::milliseconds m_timeout;
    QList<std::shared_ptr<Request>> m_pending;
    bool m_available = true;
    QString m_reason;
    core::InMemorySecretStore m_sessionSecrets;
    QHash<QString, QString> m_sessionOnly; // key → why it is not in the keychain
};

} // namespace sqlmend::ui
