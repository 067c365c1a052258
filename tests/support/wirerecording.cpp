#include "tests/support/wirerecording.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace sqlmend::test {

namespace {

// Replaces the answer text, one piece at a time, as the pieces arrive.
class Splicer
{
public:
    Splicer(QString text, QString after) : m_text(std::move(text)), m_after(std::move(after)) { }

    // The replacement for one piece of answer text.
    QString next(const QString &piece)
    {
        if (m_done)
            return QString();
        if (!m_after.isEmpty()) {
            const qsizetype before = m_seen.size();
            m_seen += piece;
            const qsizetype at = m_seen.indexOf(m_after);
            if (at < 0)
                return piece; // still inside the reasoning: as recorded
            m_done = true;
            const qsizetype keep = qMax<qsizetype>(0, at + m_after.size() - before);
            return piece.left(keep) + m_text;
        }
        m_done = true;
        return m_text;
    }

private:
    QString m_text;
    QString m_after;
    QString m_seen;
    bool m_done = false;
};

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// One SSE data payload with its answer text spliced.
QByteArray splicedEvent(const QByteArray &payload, bool anthropic, Splicer &splicer)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(payload, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return payload;
    QJsonObject object = document.object();
    if (anthropic) {
        if (object.value(u"type").toString() != u"content_block_delta")
            return payload;
        QJsonObject delta = object.value(u"delta").toObject();
        if (delta.value(u"type").toString() != u"text_delta")
            return payload;
        delta.insert(u"text", splicer.next(delta.value(u"text").toString()));
        object.insert(u"delta", delta);
        return compact(object);
    }
    QJsonArray choices = object.value(u"choices").toArray();
    if (choices.isEmpty())
        return payload;
    QJsonObject choice = choices.at(0).toObject();
    QJsonObject delta = choice.value(u"delta").toObject();
    const QJsonValue content = delta.value(u"content");
    if (!content.isString())
        return payload; // a list of parts (reasoning) or nothing: as recorded
    delta.insert(u"content", splicer.next(content.toString()));
    choice.insert(u"delta", delta);
    choices[0] = choice;
    object.insert(u"choices", choices);
    return compact(object);
}

} // namespace

QList<WireRecording> WireRecording::loadAll(const QString &dir)
{
    QList<WireRecording> result;
    const QStringList files = QDir(dir).entryList({u"*.json"_s}, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        QFile file(QDir(dir).filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        WireRecording recording;
        recording.file = name;
        recording.id = object.value(u"id").toString();
        recording.provider = object.value(u"provider").toString();
        recording.stream = object.value(u"stream").toBool();
        recording.status = object.value(u"status").toInt(200);
        for (const QJsonValue &header : object.value(u"headers").toArray()) {
            const QJsonArray pair = header.toArray();
            const QByteArray key = pair.at(0).toString().toUtf8().toLower();
            // The scripted server frames the body itself.
            if (key == "content-length" || key == "transfer-encoding" || key == "content-encoding"
                || key == "content-type")
                continue;
            recording.headers.append({key, pair.at(1).toString().toUtf8()});
        }
        recording.body = object.value(u"body").toString().toUtf8();
        recording.expect = object.value(u"expect").toObject();
        recording.splice = object.value(u"sql_splice").toObject();
        result.append(recording);
    }
    return result;
}

QByteArray WireRecording::splicedBody() const
{
    Splicer splicer(splice.value(u"text").toString(), splice.value(u"after").toString());
    const bool anthropic = provider == u"anthropic";
    if (stream) {
        QList<QByteArray> lines = body.split('\n');
        for (QByteArray &line : lines) {
            if (line.startsWith("data:")) {
                const QByteArray payload = line.mid(5).trimmed();
                if (payload != "[DONE]")
                    line = "data: " + splicedEvent(payload, anthropic, splicer);
            }
        }
        return lines.join('\n');
    }
    QJsonObject object = QJsonDocument::fromJson(body).object();
    if (anthropic) {
        QJsonArray content = object.value(u"content").toArray();
        for (qsizetype i = 0; i < content.size(); ++i) {
            QJsonObject block = content.at(i).toObject();
            if (block.value(u"type").toString() != u"text")
                continue;
            block.insert(u"text", splicer.next(block.value(u"text").toString()));
            content[i] = block;
        }
        object.insert(u"content", content);
        return compact(object);
    }
    QJsonArray choices = object.value(u"choices").toArray();
    QJsonObject choice = choices.at(0).toObject();
    QJsonObject message = choice.value(u"message").toObject();
    message.insert(u"content", splicer.next(message.value(u"content").toString()));
    choice.insert(u"message", message);
    choices[0] = choice;
    object.insert(u"choices", choices);
    return compact(object);
}

ScriptedResponse WireRecording::response(bool spliced) const
{
    const QByteArray bytes = spliced ? splicedBody() : body;
    if (!stream || status != 200) {
        return ScriptedResponse::json(status, bytes, headers);
    }
    // Event by event, as a server streams them.
    QList<QByteArray> pieces;
    for (const QByteArray &event : bytes.split('\n')) {
        if (pieces.isEmpty() || pieces.constLast().endsWith("\n\n"))
            pieces.append(event + '\n');
        else
            pieces.last() += event + '\n';
    }
    ScriptedResponse response = ScriptedResponse::sse(pieces);
    response.headers.append(headers);
    return response;
}

} // namespace sqlmend::test
