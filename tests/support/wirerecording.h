#pragma once

#include "tests/support/scriptedllmserver.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace sqlmend::test {

// One recorded model-server exchange of ../shared/wire/recordings (README there): the status,
// headers and body as recorded, and what a correct client extracts from it (expect).
struct WireRecording
{
    QString file;
    QString id;
    QString provider; // "openai" or "anthropic"
    bool stream = false;
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QJsonObject expect;
    QJsonObject splice; // {"text", "after"} where the recording can carry SQL

    static QList<WireRecording> loadAll(const QString &dir);

    // The body with only the answer text replaced by splice.text (after the splice.after marker
    // where one is given, e.g. "</think>"): content or text deltas of a stream, the message
    // content or the first text block of a JSON reply. Every other field is as recorded.
    QByteArray splicedBody() const;
    // The response for the scripted server: a JSON body, or the SSE body released event by event.
    ScriptedResponse response(bool spliced) const;
};

} // namespace sqlmend::test
