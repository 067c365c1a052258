#include "core/llm/chatprotocol.h"

#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

StreamDecoder::~StreamDecoder() = default;
ChatProtocol::~ChatProtocol() = default;

Result<QJsonObject, LlmError> ChatProtocol::parseObject(const QByteArray &body)
{
    if (body.trimmed().isEmpty()) {
        return makeUnexpected(LlmError::make(LlmError::Kind::MalformedReply,
                                             tr("The model server sent an empty reply.")));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return makeUnexpected(LlmError::notJson(body, parseError.errorString()));
    return document.object();
}

QUrl ChatProtocol::joinUrl(const QUrl &base, const QString &path)
{
    QUrl url = base;
    QString basePath = url.path();
    while (basePath.endsWith(u'/'))
        basePath.chop(1);
    QString tail = path;
    while (tail.startsWith(u'/'))
        tail.remove(0, 1);
    // A user who pasted the full endpoint gets it once, not twice.
    if (!basePath.endsWith(u'/' + tail))
        basePath += u'/' + tail;
    url.setPath(basePath);
    return url;
}

} // namespace sqlmend::core
