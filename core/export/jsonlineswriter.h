#pragma once

#include "core/export/exportwriter.h"
#include "core/export/jsontext.h"

#include <QList>

namespace sqlmend::core {

// JSON Lines: one object per row, keys in column order. Numbers stay numbers, NULL is null,
// bytes are base64 strings. Repeated column names get a suffix (id, id_2) so no key is lost.
class JsonLinesWriter : public ExportWriter
{
public:
    explicit JsonLinesWriter(QIODevice *device);

protected:
    void encodeHeader(QByteArray &out) override;
    void encodeRow(QByteArray &out, const QVariantList &row) override;
    // One row as one JSON object, without a line end.
    void encodeObject(QByteArray &out, const QVariantList &row);

private:
    void appendString(QByteArray &out, QStringView text);

    QList<QByteArray> m_keyPrefixes; // {"key": and ,"key": ready to append
    JsonText m_json;
};

} // namespace sqlmend::core
