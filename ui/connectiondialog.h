#pragma once

#include "core/exec/connectiondoctor.h"
#include "core/sql/connectionprofile.h"

#include <QDialog>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace sqlmend::core {
class Executor;
}

namespace sqlmend::ui {

class KeychainSecretStore;

// Where to connect: a saved connection or a database URL, and a password that goes to the OS
// keychain (never to the settings file). When the keychain does not answer, the dialog says that
// the password is kept for this session only, and why. Nothing here waits on the keychain.
class ConnectionDialog : public QDialog
{
    Q_OBJECT

public:
    ConnectionDialog(KeychainSecretStore *secrets, QWidget *parent = nullptr);
    ~ConnectionDialog() override;

    // Valid after accept().
    core::ConnectionProfile profile() const { return m_profile; }
    QString password() const;

    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *passwordEdit() const { return m_password; }
    QCheckBox *rememberBox() const { return m_remember; }
    // The keychain's state as shown to the person.
    QString keychainMessage() const;
    // The safety check of the URL and password as typed (what sqlmend doctor reports), run on
    // an executor's worker; the answer arrives through safetyChecked(). Nothing here waits.
    void checkSafety();
    std::optional<core::SafetyVerdict> safetyVerdict() const { return m_verdict; }
    QString safetyMessage() const;

    void accept() override;

Q_SIGNALS:
    void safetyChecked(const sqlmend::core::SafetyVerdict &verdict);

private:
    void loadSaved(int index);
    void updateKeychainMessage();
    void validate();

    KeychainSecretStore *m_secrets;
    core::ConnectionProfile m_profile;
    QComboBox *m_saved = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_url = nullptr;
    QLineEdit *m_password = nullptr;
    QCheckBox *m_remember = nullptr;
    QLabel *m_keychain = nullptr;
    QLabel *m_error = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QLabel *m_safety = nullptr;
    bool m_passwordTyped = false;
    // The executor the safety check runs on; the check's generation drops late answers.
    std::unique_ptr<core::Executor> m_doctor;
    quint64 m_safetyGeneration = 0;
    std::optional<core::SafetyVerdict> m_verdict;
};

} // namespace sqlmend::ui
