#pragma once

#include "core/export/jsonlineswriter.h"

namespace sqlmend::core {

// One JSON array of row objects, one object a line: the keys and values of JsonLinesWriter. An
// empty result is "[]".
class JsonWriter : public JsonLinesWriter
{
public:
    explicit JsonWriter(QIODevice *device);

protected:
    void encodeHeader(QByteArray &out) override;
    void encodeRow(QByteArray &out, const QVariantList &row) override;
    void encodeFooter(QByteArray &out) override;
};

} // namespace sqlmend::core
