#pragma once

#include <QByteArray>
#include <QStringEncoder>
#include <QStringView>

namespace sqlmend::core {

// JSON text appended straight to a byte buffer, for output that streams instead of building a
// document: UTF-8, with the escapes RFC 8259 requires and nothing more.
class JsonText
{
public:
    // text as a quoted, escaped JSON string.
    void appendString(QByteArray &out, QStringView text);
    void appendUtf8(QByteArray &out, QStringView text);

private:
    QStringEncoder m_encoder{QStringEncoder::Utf8};
};

} // namespace sqlmend::core
