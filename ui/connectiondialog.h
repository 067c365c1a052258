#pragma once

#include "core/sql/connectionprofile.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

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

    // Valid after accept().
    core::ConnectionProfile profile() const { return m_profile; }
    QString password() const;

    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *passwordEdit() const { return m_password; }
    QCheckBox *rememberBox() const { return m_remember; }
    // The keychain's state as shown to the person.
    QString keychainMessage() const;

    void accept() override;

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
    bool m_passwordTyped = false;
};

} // namespace sqlmend::ui
