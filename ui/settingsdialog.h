#pragma once

#include "core/llm/modelprobe.h"
#include "ui/appsettings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace sqlmend::ui {

class KeychainSecretStore;

// The model provider (presets for local and hosted OpenAI-compatible servers, and Anthropic),
// the API key (to the keychain), loop bounds and policies, the case store and the language.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    struct Preset
    {
        QString id;
        QString label;
        core::ProviderKind kind;
        QString baseUrl;
    };
    static const QList<Preset> &presets();

    SettingsDialog(KeychainSecretStore *secrets, QWidget *parent = nullptr);

    // The values as edited now.
    AppSettings settings() const;
    void setSettings(const AppSettings &settings);

    QComboBox *presetBox() const { return m_preset; }
    QLineEdit *baseUrlEdit() const { return m_baseUrl; }
    QLineEdit *modelEdit() const { return m_model; }
    QLineEdit *apiKeyEdit() const { return m_apiKey; }
    QSpinBox *rowCapBox() const { return m_rowCap; }
    QPushButton *testButton() const { return m_test; }
    QString keychainMessage() const;
    // What the provider fields mean now ("the recorded demo answers ...").
    QString providerNote() const;
    QString testResultText() const;

    // Sends one tiny request to the model the fields describe; the answer shows under the
    // button (model name, latency, streaming, token usage). Never waits.
    void testModel();

    // Saves to QSettings and the key to the keychain.
    void accept() override;

Q_SIGNALS:
    void modelTested(const sqlmend::core::ModelProbeResult &result);

private:
    void applyPreset(int index);
    void updateKeychainMessage();
    void updateProviderNote();

    KeychainSecretStore *m_secrets;
    QComboBox *m_preset = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_apiKey = nullptr;
    QLabel *m_keychain = nullptr;
    QSpinBox *m_maxCorrections = nullptr;
    QSpinBox *m_statementTimeout = nullptr;
    QSpinBox *m_rowCap = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_testResult = nullptr;
    QLabel *m_providerNote = nullptr;
    core::ModelProbe *m_probe = nullptr;
    QSpinBox *m_llmTimeout = nullptr;
    QComboBox *m_emptyPolicy = nullptr;
    QCheckBox *m_sampleValues = nullptr;
    QSpinBox *m_conversationTokens = nullptr;
    QLineEdit *m_caseStore = nullptr;
    QComboBox *m_language = nullptr;
    bool m_keyEdited = false;
};

} // namespace sqlmend::ui
