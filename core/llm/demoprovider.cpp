#include "core/llm/demoprovider.h"

#include "core/llm/democall.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

DemoProvider::DemoProvider(ProviderSettings settings, QString model,
                           QList<DemoRecording> recordings)
    : m_settings(std::move(settings)),
      m_model(std::move(model)),
      m_recordings(std::move(recordings))
{
    m_settings.kind = ProviderKind::Demo;
}

Result<std::shared_ptr<DemoProvider>> DemoProvider::load(const ProviderSettings &settings)
{
    QFile file(QString::fromLatin1(ResourcePath));
    if (!file.open(QIODevice::ReadOnly))
        return makeFailure(tr("The demo recordings are missing from this build."),
                           u"demo_missing"_s);
    return fromJson(file.readAll(), settings);
}

Result<std::shared_ptr<DemoProvider>> DemoProvider::fromJson(const QByteArray &json,
                                                             const ProviderSettings &settings)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return makeFailure(
                tr("The demo recordings are not valid JSON: %1").arg(parseError.errorString()),
                u"demo_invalid"_s);
    const QJsonObject root = document.object();
    QList<DemoRecording> recordings;
    for (const QJsonValue &value : root.value(u"questions"_s).toArray()) {
        const QJsonObject object = value.toObject();
        DemoRecording recording;
        recording.id = object.value(u"id"_s).toString();
        recording.question = object.value(u"question"_s).toString();
        recording.language = object.value(u"language"_s).toString(u"en"_s);
        for (const QJsonValue &attempt : object.value(u"attempts"_s).toArray()) {
            const QJsonObject a = attempt.toObject();
            recording.attempts.append(
                    {a.value(u"reply"_s).toString(), a.value(u"error"_s).toString()});
        }
        if (normalized(recording.question).isEmpty() || recording.attempts.isEmpty())
            return makeFailure(tr("A demo recording has no question or no answer."),
                               u"demo_invalid"_s);
        recordings.append(std::move(recording));
    }
    if (recordings.isEmpty())
        return makeFailure(tr("The demo recordings hold no questions."), u"demo_invalid"_s);
    return std::shared_ptr<DemoProvider>(new DemoProvider(
            settings, root.value(u"model"_s).toString(u"demo-recorded"_s), std::move(recordings)));
}

QString DemoProvider::displayName() const
{
    return tr("Demo (recorded)");
}

QStringList DemoProvider::questions() const
{
    QStringList result;
    for (const DemoRecording &recording : m_recordings)
        result.append(recording.question);
    return result;
}

QStringList DemoProvider::questions(const QString &language) const
{
    // "zh_CN", "zh_TW" and "zh" all speak Chinese; a language without samples gets English's.
    const auto speaks = [](const QString &recorded, const QString &wanted) {
        return recorded.section(u'_', 0, 0).compare(wanted.section(u'_', 0, 0), Qt::CaseInsensitive)
                == 0;
    };
    QStringList result;
    for (const DemoRecording &recording : m_recordings) {
        if (speaks(recording.language, language))
            result.append(recording.question);
    }
    if (result.isEmpty() && !speaks(u"en"_s, language))
        return questions(u"en"_s);
    return result;
}

QString DemoProvider::normalized(QStringView text)
{
    QString result;
    result.reserve(text.size());
    for (QChar c : text)
        result.append(c.isLetterOrNumber() ? c.toLower() : u' ');
    return result.simplified();
}

const DemoRecording *DemoProvider::recordingFor(const ChatRequest &request) const
{
    // The loop names the question it asks: only that very question (letter case, spacing and
    // punctuation aside) has a recording. The prompt also quotes other questions, as examples of
    // good cases, and those must never answer for it.
    if (!request.question.trimmed().isEmpty()) {
        const QString asked = normalized(request.question);
        for (const DemoRecording &recording : m_recordings) {
            if (normalized(recording.question) == asked)
                return &recording;
        }
        return nullptr;
    }
    // A bare request (a test, a script): the question is the one the prompt quotes last, as in
    // every language's template; at the same place, the longer one (one may begin with another).
    const QString prompt = normalized(request.lastUserContent());
    const DemoRecording *match = nullptr;
    qsizetype matchAt = -1;
    qsizetype matchLength = 0;
    for (const DemoRecording &recording : m_recordings) {
        const QString question = normalized(recording.question);
        const qsizetype at = prompt.lastIndexOf(question);
        if (at < 0)
            continue;
        if (at > matchAt || (at == matchAt && question.size() > matchLength)) {
            match = &recording;
            matchAt = at;
            matchLength = question.size();
        }
    }
    return match;
}

Result<QString, LlmError> DemoProvider::replyFor(const ChatRequest &request) const
{
    const DemoRecording *match = recordingFor(request);
    if (!match) {
        QStringList list;
        for (const QString &question : questions())
            list.append(u"“"_s + question + u"”"_s);
        return makeUnexpected(LlmError::make(
                LlmError::Kind::BadRequest,
                tr("This recorded demo only knows these questions: %1. Pick one of them, or "
                   "configure a real model in the settings.")
                        .arg(list.join(u", "_s))));
    }
    QString everything;
    for (const ChatMessage &message : request.messages)
        everything += message.content + u'\n';
    qsizetype attempt = request.assistantTurns();
    for (qsizetype i = 1; i < match->attempts.size(); ++i) {
        const QString &error = match->attempts.at(i - 1).error;
        if (!error.isEmpty() && everything.contains(error, Qt::CaseInsensitive))
            attempt = qMax(attempt, i);
    }
    attempt = qBound<qsizetype>(0, attempt, match->attempts.size() - 1);
    return match->attempts.at(attempt).reply;
}

LlmCall *DemoProvider::start(const ChatRequest &request, QObject *parent) const
{
    Result<QString, LlmError> reply = replyFor(request);
    if (!reply)
        return new DemoCall(reply.error(), parent);
    ChatReply chat;
    chat.text = reply.value();
    chat.model = m_model;
    chat.finishReason = u"stop"_s;
    chat.recorded = true;
    return new DemoCall(std::move(chat), request.messages, m_settings.demoPieceDelayMs, parent);
}

} // namespace sqlmend::core
