// Differential: whatever FlatJsonReader takes, QJsonDocument must read as an object with the same
// fields (kind and text); anything the reader refuses goes to QJsonDocument in the program, so a
// refusal is never wrong, only slower.

#include "core/export/flatjsonreader.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FlatJsonReader reader({u"message"_s, u"engine"_s, u"code"_s, u""_s});
    static const QStringList keys{u"message"_s, u"engine"_s, u"code"_s, u""_s};
    const QByteArray line(reinterpret_cast<const char *>(data), qsizetype(size));
    if (!reader.read(line))
        return 0;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        std::abort();
    const QJsonObject object = document.object();
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const FlatJsonReader::Field &field = reader.field(i);
        const QJsonValue value = object.value(keys.at(i));
        switch (field.kind) {
        case FlatJsonReader::Kind::Absent:
            if (!value.isUndefined())
                std::abort();
            break;
        case FlatJsonReader::Kind::String:
            if (!value.isString() || value.toString() != field.text)
                std::abort();
            break;
        case FlatJsonReader::Kind::Integer:
            if (!value.isDouble() || QString::number(value.toInteger()) != field.text)
                std::abort();
            break;
        case FlatJsonReader::Kind::Other:
            if (!value.isBool() && !value.isNull())
                std::abort();
            break;
        }
    }
    return 0;
}
