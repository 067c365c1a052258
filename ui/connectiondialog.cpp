#include "ui/connectiondialog.h"

#include "ui/connectionstore.h"
#include "ui/keychainsecretstore.h"

#include "core/exec/executor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

ConnectionDialog::ConnectionDialog(KeychainSecretStore *secrets, QWidget *parent)
    : QDialog(parent), m_secrets(secrets)
{
    setWindowTitle(tr("Connect to a Database"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;

    m_saved = new QComboBox(this);
    m_saved->setAccessibleName(tr("Saved connections"));
    m_saved->addItem(tr("New connection"));
    for (const SavedConnection &saved : ConnectionStore::load())
        m_saved->addItem(saved.name, QVariant::fromValue(saved.url));
    form->addRow(tr("&Saved:"), m_saved);

    m_name = new QLineEdit(this);
    m_name->setAccessibleName(tr("Connection name"));
    m_name->setPlaceholderText(tr("Optional: a name to save this connection under"));
    form->addRow(tr("&Name:"), m_name);

    m_url = new QLineEdit(this);
    m_url->setAccessibleName(tr("Database URL"));
    m_url->setPlaceholderText(u"postgresql://user@host:5432/db"_s);
    m_url->setToolTip(tr("sqlite:///path/file.db, postgresql://user@host:port/db, "
                         "mysql://user@host:port/db, odbc://DSN"));
    form->addRow(tr("&URL:"), m_url);

    m_password = new QLineEdit(this);
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setAccessibleName(tr("Password"));
    form->addRow(tr("&Password:"), m_password);

    m_remember = new QCheckBox(tr("&Remember the password in the system keychain"), this);
    m_remember->setChecked(true);
    form->addRow(QString(), m_remember);
    layout->addLayout(form);

    m_keychain = new QLabel(this);
    m_keychain->setWordWrap(true);
    m_keychain->setAccessibleName(tr("Keychain status"));
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setAccessibleName(tr("Connection error"));
    m_error->setForegroundRole(QPalette::BrightText);
    m_safety = new QLabel(this);
    m_safety->setWordWrap(true);
    m_safety->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_safety->setAccessibleName(tr("Connection safety"));
    layout->addWidget(m_keychain);
    layout->addWidget(m_error);
    layout->addWidget(m_safety);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
    QPushButton *safety = m_buttons->addButton(tr("Check &Safety"), QDialogButtonBox::ActionRole);
    safety->setToolTip(tr("Whether this account can write, whether a read-only session refuses "
                          "writes, and the server settings SQLMend relies on"));
    connect(safety, &QPushButton::clicked, this, &ConnectionDialog::checkSafety);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);
    connect(m_saved, &QComboBox::currentIndexChanged, this, &ConnectionDialog::loadSaved);
    connect(m_url, &QLineEdit::textChanged, this, &ConnectionDialog::validate);
    connect(m_password, &QLineEdit::textEdited, this, [this] {
        m_passwordTyped = true;
        updateKeychainMessage();
    });
    connect(m_secrets, &KeychainSecretStore::availabilityChanged, this,
            &ConnectionDialog::updateKeychainMessage);
    // Learn the keychain's state before a password is needed; the answer comes back later.
    m_secrets->probe();
    updateKeychainMessage();
    validate();
}

ConnectionDialog::~ConnectionDialog() = default;

QString ConnectionDialog::password() const
{
    return m_password->text();
}

QString ConnectionDialog::keychainMessage() const
{
    return m_keychain->text();
}

void ConnectionDialog::updateKeychainMessage()
{
    if (m_secrets->isKeychainAvailable()) {
        m_keychain->setText(tr("Passwords are stored in the system keychain, never in the "
                               "settings file."));
        m_remember->setEnabled(true);
        return;
    }
    m_keychain->setText(tr("The password is kept for this session only because %1.")
                                .arg(m_secrets->unavailableReason()));
    m_remember->setEnabled(false);
}

QString ConnectionDialog::safetyMessage() const
{
    return m_safety->text();
}

void ConnectionDialog::checkSafety()
{
    QString urlPassword;
    const auto profile = core::ConnectionProfile::fromUrl(m_url->text().trimmed(), &urlPassword);
    if (!profile) {
        m_error->setText(profile.error().message);
        return;
    }
    const quint64 generation = ++m_safetyGeneration;
    m_verdict.reset();
    m_safety->setText(tr("Checking the connection's safety..."));
    if (m_doctor)
        m_doctor->setWaitsOnDestruction(false); // a server that does not answer keeps no one
    m_doctor = std::make_unique<core::Executor>(
            *profile, m_password->text().isEmpty() ? urlPassword : m_password->text());
    m_doctor->setWaitsOnDestruction(false);
    core::ConnectionDoctor::examine(*m_doctor).then(
            this, [this, generation](const core::SafetyVerdict &verdict) {
                if (generation != m_safetyGeneration)
                    return;
                m_verdict = verdict;
                QStringList lines{verdict.summary};
                for (const core::SafetyCheck &check : verdict.checks) {
                    if (check.status == core::SafetyCheck::Status::Warning
                        || check.status == core::SafetyCheck::Status::Danger) {
                        lines << u"\u2022 "_s + check.detail
                                        + (check.advice.isEmpty() ? QString()
                                                                  : u" "_s + check.advice);
                    }
                }
                m_safety->setText(lines.join(u'\n'));
                Q_EMIT safetyChecked(verdict);
            });
}

void ConnectionDialog::loadSaved(int index)
{
    const QString url = m_saved->itemData(index).toString();
    if (url.isEmpty())
        return;
    m_name->setText(m_saved->itemText(index));
    m_url->setText(url);
    m_password->clear();
    m_passwordTyped = false;
    const auto profile = core::ConnectionProfile::fromUrl(url);
    if (!profile || !profile->needsPassword())
        return;
    m_secrets->lookup(profile->secretKey())
            .then(this, [this, url](const core::Result<QString> &secret) {
                // Only if the person has not moved on or typed a password meanwhile.
                if (secret && !m_passwordTyped && m_url->text() == url)
                    m_password->setText(*secret);
            });
}

void ConnectionDialog::validate()
{
    // A verdict belongs to the URL it was made for.
    ++m_safetyGeneration;
    m_verdict.reset();
    m_safety->clear();
    const QString url = m_url->text().trimmed();
    if (url.isEmpty()) {
        m_error->clear();
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
        return;
    }
    const auto profile = core::ConnectionProfile::fromUrl(url);
    m_error->setText(profile ? QString() : profile.error().message);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(bool(profile));
    m_password->setEnabled(!profile
                           || profile->driver() != core::ConnectionProfile::Driver::SQLite);
}

void ConnectionDialog::accept()
{
    QString urlPassword;
    const auto profile = core::ConnectionProfile::fromUrl(m_url->text().trimmed(), &urlPassword);
    if (!profile) {
        m_error->setText(profile.error().message);
        return;
    }
    m_profile = *profile;
    // A password written into the URL moves to the password field; it is never saved with it.
    if (!urlPassword.isEmpty() && m_password->text().isEmpty())
        m_password->setText(urlPassword);
    const QString secret = m_password->text();
    if (!secret.isEmpty() && m_remember->isChecked())
        m_secrets->store(m_profile.secretKey(), secret); // answers later; never waited on
    if (!m_name->text().trimmed().isEmpty()) {
        ConnectionStore::upsert(
                {m_name->text().trimmed(), m_profile.toUrl(), m_remember->isChecked()});
    }
    QDialog::accept();
}

} // namespace sqlmend::ui
