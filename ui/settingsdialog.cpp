#include "ui/settingsdialog.h"

#include "core/continuation.h"
#include "ui/keychainsecretstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

const QList<SettingsDialog::Preset> &SettingsDialog::presets()
{
    using core::ProviderKind;
    static const QList<Preset> list = {
            {u"demo"_s, QString(), ProviderKind::Demo, QString()},
            {u"ollama"_s, u"Ollama"_s, ProviderKind::OpenAiCompatible,
             u"http://localhost:11434/v1"_s},
            {u"llamacpp"_s, u"llama.cpp"_s, ProviderKind::OpenAiCompatible,
             u"http://localhost:8080/v1"_s},
            {u"vllm"_s, u"vLLM"_s, ProviderKind::OpenAiCompatible, u"http://localhost:8000/v1"_s},
            {u"openai"_s, u"OpenAI"_s, ProviderKind::OpenAiCompatible,
             u"https://api.openai.com/v1"_s},
            {u"deepseek"_s, u"DeepSeek"_s, ProviderKind::OpenAiCompatible,
             u"https://api.deepseek.com/v1"_s},
            {u"qwen"_s, u"Qwen (DashScope)"_s, ProviderKind::OpenAiCompatible,
             u"https://dashscope.aliyuncs.com/compatible-mode/v1"_s},
            {u"anthropic"_s, u"Anthropic"_s, ProviderKind::Anthropic,
             u"https://api.anthropic.com"_s},
            {u"custom"_s, QString(), ProviderKind::OpenAiCompatible, QString()},
    };
    return list;
}

SettingsDialog::SettingsDialog(KeychainSecretStore *secrets, QWidget *parent)
    : QDialog(parent), m_secrets(secrets)
{
    setWindowTitle(tr("Settings"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;

    m_preset = new QComboBox(this);
    m_preset->setAccessibleName(tr("Model provider"));
    for (const Preset &preset : presets()) {
        QString label = preset.label;
        if (preset.kind == core::ProviderKind::Demo)
            label = tr("Demo (recorded answers, no model)");
        else if (label.isEmpty())
            label = tr("Custom (OpenAI-compatible)");
        m_preset->addItem(label, preset.id);
    }
    form->addRow(tr("&Provider:"), m_preset);
    m_providerNote = new QLabel(this);
    m_providerNote->setObjectName(u"providerNote"_s);
    m_providerNote->setWordWrap(true);
    m_providerNote->setAccessibleName(tr("Which model answers"));
    form->addRow(QString(), m_providerNote);
    m_baseUrl = new QLineEdit(this);
    m_baseUrl->setAccessibleName(tr("Base URL"));
    form->addRow(tr("&Base URL:"), m_baseUrl);
    m_model = new QLineEdit(this);
    m_model->setAccessibleName(tr("Model name"));
    m_model->setPlaceholderText(tr("e.g. qwen2.5-coder:7b"));
    form->addRow(tr("&Model:"), m_model);
    m_apiKey = new QLineEdit(this);
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_apiKey->setAccessibleName(tr("API key"));
    m_apiKey->setPlaceholderText(tr("Not needed for local servers"));
    form->addRow(tr("API &key:"), m_apiKey);
    m_keychain = new QLabel(this);
    m_keychain->setWordWrap(true);
    m_keychain->setAccessibleName(tr("Keychain status"));
    form->addRow(QString(), m_keychain);
    m_test = new QPushButton(tr("T&est Model"), this);
    m_test->setObjectName(u"testModel"_s);
    m_test->setToolTip(tr("Send one tiny request and report the model's name, the latency, and "
                          "whether streaming and token usage work"));
    m_testResult = new QLabel(this);
    m_testResult->setObjectName(u"testModelResult"_s);
    m_testResult->setWordWrap(true);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_testResult->setAccessibleName(tr("Model test result"));
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addWidget(m_testResult, 1);
    form->addRow(QString(), testRow);

    m_maxCorrections = new QSpinBox(this);
    m_maxCorrections->setRange(0, 10);
    m_maxCorrections->setAccessibleName(tr("Maximum corrections"));
    form->addRow(tr("Max &corrections:"), m_maxCorrections);
    m_statementTimeout = new QSpinBox(this);
    m_statementTimeout->setRange(0, 86400);
    m_statementTimeout->setSuffix(tr(" s"));
    m_statementTimeout->setSpecialValueText(tr("No limit"));
    m_statementTimeout->setAccessibleName(tr("Statement timeout"));
    form->addRow(tr("&Statement timeout:"), m_statementTimeout);
    m_rowCap = new QSpinBox(this);
    m_rowCap->setObjectName(u"rowCap"_s);
    m_rowCap->setRange(1, 1000000);
    m_rowCap->setSingleStep(500);
    m_rowCap->setGroupSeparatorShown(true);
    m_rowCap->setSuffix(tr(" rows"));
    m_rowCap->setAccessibleName(tr("Rows fetched into the grid"));
    m_rowCap->setToolTip(tr("Run SQL fetches at most this many rows; Load All fetches the rest"));
    form->addRow(tr("&Grid rows:"), m_rowCap);
    m_llmTimeout = new QSpinBox(this);
    m_llmTimeout->setRange(5, 3600);
    m_llmTimeout->setSuffix(tr(" s"));
    m_llmTimeout->setAccessibleName(tr("Model timeout"));
    form->addRow(tr("Model &timeout:"), m_llmTimeout);
    m_emptyPolicy = new QComboBox(this);
    m_emptyPolicy->setAccessibleName(tr("Empty result policy"));
    m_emptyPolicy->addItem(tr("Suspicious: one more round with advice"),
                           int(AppSettings::EmptyResultPolicy::ExtraRound));
    m_emptyPolicy->addItem(tr("Accept as an answer"), int(AppSettings::EmptyResultPolicy::Accept));
    form->addRow(tr("&Empty result:"), m_emptyPolicy);
    m_sampleValues = new QCheckBox(tr("Send sample &values to the model"), this);
    m_sampleValues->setToolTip(tr("Off: no row values ever go into a prompt."));
    form->addRow(QString(), m_sampleValues);
    m_conversationTokens = new QSpinBox(this);
    m_conversationTokens->setObjectName(u"conversationTokens"_s);
    m_conversationTokens->setRange(100, 100000);
    m_conversationTokens->setSingleStep(500);
    m_conversationTokens->setGroupSeparatorShown(true);
    m_conversationTokens->setSuffix(tr(" tokens"));
    m_conversationTokens->setAccessibleName(tr("Conversation budget"));
    m_conversationTokens->setToolTip(
            tr("A follow-up sends the earlier questions, their SQL and columns (never rows) up to "
               "this size; older questions are shortened to the question, then left out."));
    form->addRow(tr("C&onversation budget:"), m_conversationTokens);

    auto *storeRow = new QHBoxLayout;
    m_caseStore = new QLineEdit(this);
    m_caseStore->setAccessibleName(tr("Case store location"));
    m_caseStore->setPlaceholderText(tr("Default (a SQLite file in the app's data folder)"));
    auto *browse = new QPushButton(tr("Bro&wse…"), this);
    storeRow->addWidget(m_caseStore, 1);
    storeRow->addWidget(browse);
    // A label with a buddy, so that its mnemonic works and no '&' shows.
    auto *storeLabel = new QLabel(tr("Case s&tore:"), this);
    storeLabel->setBuddy(m_caseStore);
    form->addRow(storeLabel, storeRow);

    m_language = new QComboBox(this);
    m_language->setAccessibleName(tr("Language"));
    m_language->addItem(tr("System default"), QString());
    m_language->addItem(u"English"_s, u"en"_s);
    m_language->addItem(u"简体中文"_s, u"zh_CN"_s);
    form->addRow(tr("&Language:"), m_language);
    auto *restartNote = new QLabel(tr("A new language applies after a restart."), this);
    form->addRow(QString(), restartNote);
    layout->addLayout(form);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &SettingsDialog::applyPreset);
    connect(m_apiKey, &QLineEdit::textEdited, this, [this] { m_keyEdited = true; });
    connect(m_model, &QLineEdit::textChanged, this, &SettingsDialog::updateProviderNote);
    connect(m_test, &QPushButton::clicked, this, &SettingsDialog::testModel);
    m_probe = new core::ModelProbe(this);
    connect(m_probe, &core::ModelProbe::finished, this,
            [this](const core::ModelProbeResult &result) {
                m_test->setEnabled(true);
                m_testResult->setText(result.summary());
                Q_EMIT modelTested(result);
            });
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
                this, tr("Case Store"), m_caseStore->text(), tr("SQLite database (*.db *.sqlite)"),
                nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            m_caseStore->setText(path);
    });
    connect(m_secrets, &KeychainSecretStore::availabilityChanged, this,
            &SettingsDialog::updateKeychainMessage);
    connect(m_secrets, &KeychainSecretStore::keptForSession, this,
            &SettingsDialog::updateKeychainMessage);

    setSettings(AppSettings::load());
    m_secrets->probe();
    updateKeychainMessage();
    // The stored key arrives when the keychain answers; a key typed meanwhile wins.
    core::onFinished(m_secrets->lookup(AppSettings::apiKeySecretKey()), this,
                     [this](const QFuture<core::Result<QString>> &done) {
                         const std::optional<core::Result<QString>> key = core::resultOf(done);
                         if (key && *key && !m_keyEdited)
                             m_apiKey->setText(**key);
                     });
}

void SettingsDialog::applyPreset(int index)
{
    if (index < 0 || index >= presets().size())
        return;
    const Preset &preset = presets().at(index);
    if (!preset.baseUrl.isEmpty())
        m_baseUrl->setText(preset.baseUrl);
    m_baseUrl->setReadOnly(false);
    const bool demo = preset.kind == core::ProviderKind::Demo;
    m_baseUrl->setEnabled(!demo);
    m_model->setEnabled(!demo);
    m_apiKey->setEnabled(!demo);
    m_testResult->clear();
    updateProviderNote();
}

void SettingsDialog::updateProviderNote()
{
    const Preset &preset =
            presets().at(qBound(0, m_preset->currentIndex(), int(presets().size()) - 1));
    QString note;
    if (preset.kind == core::ProviderKind::Demo)
        note = tr("The recorded demo answers its sample questions on the demo database; no "
                  "model is asked.");
    else if (m_model->text().trimmed().isEmpty())
        note = tr("No model is named yet, so the recorded demo answers until one is.");
    m_providerNote->setText(note);
    m_providerNote->setVisible(!note.isEmpty());
    m_test->setEnabled(preset.kind != core::ProviderKind::Demo && !m_probe->isRunning());
}

QString SettingsDialog::providerNote() const
{
    return m_providerNote->text();
}

QString SettingsDialog::testResultText() const
{
    return m_testResult->text();
}

void SettingsDialog::testModel()
{
    core::ProviderSettings provider = settings().providerSettings();
    if (provider.kind == core::ProviderKind::Demo)
        return;
    provider.apiKey = m_apiKey->text();
    // One quick answer: a test does not wait out the retries of a real question.
    provider.maxTransportRetries = 0;
    provider.requestTimeoutMs = std::min(provider.requestTimeoutMs, 30000);
    m_test->setEnabled(false);
    m_testResult->setText(
            tr("Asking %1…").arg(provider.model.isEmpty() ? tr("the model") : provider.model));
    m_probe->start(provider);
}

void SettingsDialog::updateKeychainMessage()
{
    // A key the keychain refused stays in this session only, even when the keychain answers
    // again afterwards.
    QString reason = m_secrets->sessionOnlyReason(AppSettings::apiKeySecretKey());
    if (reason.isEmpty() && !m_secrets->isKeychainAvailable())
        reason = m_secrets->unavailableReason();
    m_keychain->setText(
            reason.isEmpty()
                    ? tr("The API key is stored in the system keychain.")
                    : tr("The API key is kept for this session only because %1.").arg(reason));
}

QString SettingsDialog::keychainMessage() const
{
    return m_keychain->text();
}

AppSettings SettingsDialog::settings() const
{
    AppSettings s;
    const int index = m_preset->currentIndex();
    const Preset &preset = presets().at(qBound(0, index, int(presets().size()) - 1));
    s.providerPreset = preset.id;
    s.providerKind = preset.kind;
    s.baseUrl = m_baseUrl->text().trimmed();
    s.model = m_model->text().trimmed();
    s.maxCorrections = m_maxCorrections->value();
    s.statementTimeoutSeconds = m_statementTimeout->value();
    s.rowCap = m_rowCap->value();
    s.llmTimeoutSeconds = m_llmTimeout->value();
    s.emptyResultPolicy = AppSettings::EmptyResultPolicy(m_emptyPolicy->currentData().toInt());
    s.sampleValues = m_sampleValues->isChecked();
    s.conversationTokens = m_conversationTokens->value();
    s.caseStoreLocation = m_caseStore->text().trimmed();
    s.language = m_language->currentData().toString();
    return s;
}

void SettingsDialog::setSettings(const AppSettings &s)
{
    int presetIndex = int(presets().size()) - 1;
    for (int i = 0; i < presets().size(); ++i) {
        if (presets().at(i).id == s.providerPreset)
            presetIndex = i;
    }
    if (s.providerKind == core::ProviderKind::Demo)
        presetIndex = 0;
    {
        const QSignalBlocker blocker(m_preset);
        m_preset->setCurrentIndex(presetIndex);
    }
    m_baseUrl->setText(s.baseUrl);
    m_model->setText(s.model);
    applyPreset(presetIndex);
    m_baseUrl->setText(s.baseUrl);
    m_maxCorrections->setValue(s.maxCorrections);
    m_statementTimeout->setValue(s.statementTimeoutSeconds);
    m_rowCap->setValue(s.rowCap);
    m_llmTimeout->setValue(s.llmTimeoutSeconds);
    m_emptyPolicy->setCurrentIndex(m_emptyPolicy->findData(int(s.emptyResultPolicy)));
    m_sampleValues->setChecked(s.sampleValues);
    m_conversationTokens->setValue(s.conversationTokens);
    m_caseStore->setText(s.caseStoreLocation);
    m_language->setCurrentIndex(qMax(0, m_language->findData(s.language)));
}

void SettingsDialog::accept()
{
    settings().save();
    if (m_keyEdited) {
        if (m_apiKey->text().isEmpty())
            m_secrets->remove(AppSettings::apiKeySecretKey());
        else
            m_secrets->store(AppSettings::apiKeySecretKey(), m_apiKey->text());
    }
    QDialog::accept();
}

} // namespace sqlmend::ui
