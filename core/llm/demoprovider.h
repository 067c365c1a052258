#pragma once

#include "core/llm/llmerror.h"
#include "core/llm/llmprovider.h"

#include <QCoreApplication>
#include <QStringList>

namespace sqlmend::core {

struct DemoRecording
{
    struct Attempt
    {
        QString reply; // the model's whole answer, as it was recorded
        QString error; // the database error this answer caused; its presence in a prompt
                       // selects the next attempt
    };
    QString id;
    QString question;
    QString language = QStringLiteral("en"); // the question's, as "en" or "zh_CN"
    QList<Attempt> attempts;
};

// "Demo (recorded)": replays recorded model answers (resources/demo/recorded.json) for the demo
// shop's sample questions, streamed through the same LlmCall interface as a live model.
class DemoProvider : public LlmProvider
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::DemoProvider)

public:
    static constexpr auto ResourcePath = ":/sqlmend/demo/recorded.json";

    static Result<std::shared_ptr<DemoProvider>> load(const ProviderSettings &settings);
    static Result<std::shared_ptr<DemoProvider>> fromJson(const QByteArray &json,
                                                          const ProviderSettings &settings);

    ProviderKind kind() const override { return ProviderKind::Demo; }
    QString displayName() const override;
    bool isRecorded() const override { return true; }
    const ProviderSettings &settings() const override { return m_settings; }
    LlmCall *start(const ChatRequest &request, QObject *parent = nullptr) const override;

    // Every recorded question, whatever its language (each of them is answered).
    QStringList questions() const;
    // The samples to offer to a person whose window speaks language ("zh_CN", "en"; empty:
    // English): the questions recorded in it, else the English ones.
    QStringList questions(const QString &language) const;
    const QList<DemoRecording> &recordings() const { return m_recordings; }
    QString model() const { return m_model; }
    // The recorded answer for a request: the recording of the question it asks (only that
    // question's: any other question is refused with the list of those it knows), the attempt
    // from earlier assistant turns or a recorded error quoted in the prompt.
    Result<QString, LlmError> replyFor(const ChatRequest &request) const;
    // The recording of the question a request asks (ChatRequest::question, else the question
    // quoted last in its prompt); null when there is none.
    const DemoRecording *recordingFor(const ChatRequest &request) const;

    static QString normalized(QStringView text);

private:
    DemoProvider(ProviderSettings settings, QString model, QList<DemoRecording> recordings);

    ProviderSettings m_settings;
    QString m_model;
    QList<DemoRecording> m_recordings;
};

} // namespace sqlmend::core
