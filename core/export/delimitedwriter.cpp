#include "core/export/delimitedwriter.h"

namespace sqlmend::core {

DelimitedWriter::DelimitedWriter(QIODevice *device, char separator, const char *lineEnd,
                                 const char *null)
    : ExportWriter(device), m_separator(separator), m_lineEnd(lineEnd), m_null(null)
{
}

void DelimitedWriter::encodeHeader(QByteArray &out)
{
    for (qsizetype i = 0; i < columns().size(); ++i) {
        if (i > 0)
            out.append(m_separator);
        appendField(out, columns().at(i));
    }
    out.append(m_lineEnd);
}

void DelimitedWriter::encodeRow(QByteArray &out, const QVariantList &row)
{
    const qsizetype count = columns().size();
    for (qsizetype i = 0; i < count; ++i) {
        if (i > 0)
            out.append(m_separator);
        const QVariant &value = row.at(i);
        if (isNull(value)) {
            out.append(m_null);
            continue;
        }
        if (value.typeId() == QMetaType::QString) {
            appendField(out, *static_cast<const QString *>(value.constData()));
            continue;
        }
        if (appendNumber(out, value))
            continue;
        appendField(out, cellText(value));
    }
    out.append(m_lineEnd);
}

} // namespace sqlmend::core
