#include "core/llm/chatprotocol.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

StreamDecoder::~StreamDecoder() = default;
ChatProtocol::~ChatProtocol() = default;

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
