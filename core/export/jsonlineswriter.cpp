#include "core/export/jsonlineswriter.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

JsonLinesWriter::JsonLinesWriter(QIODevice *device) : ExportWriter(device) { }

void JsonLinesWriter::appendString(QByteArray &out, QStringView text)
{
    m_json.appendString(out, text);
}

void JsonLinesWriter::encodeHeader(QByteArray &out)
{
    Q_UNUSED(out); // JSON Lines has no header: the keys go into every object
    QSet<QString> used;
    m_keyPrefixes.clear();
    for (const QString &column : columns()) {
        QString key = column;
        for (int n = 2; used.contains(key); ++n)
            key = u"%1_%2"_s.arg(column).arg(n);
        used.insert(key);
        QByteArray prefix = m_keyPrefixes.isEmpty() ? "{" : ",";
        appendString(prefix, key);
        prefix.append(':');
        m_keyPrefixes.append(prefix);
    }
}

void JsonLinesWriter::encodeRow(QByteArray &out, const QVariantList &row)
{
    encodeObject(out, row);
    out.append('\n');
}

void JsonLinesWriter::encodeObject(QByteArray &out, const QVariantList &row)
{
    if (m_keyPrefixes.isEmpty())
        out.append('{');
    for (qsizetype i = 0; i < m_keyPrefixes.size(); ++i) {
        out.append(m_keyPrefixes.at(i));
        const QVariant &value = row.at(i);
        if (isNull(value)) {
            out.append("null");
        } else if (value.typeId() == QMetaType::QString) {
            appendString(out, *static_cast<const QString *>(value.constData()));
        } else if (!appendNumber(out, value)) {
            appendString(out, cellText(value));
        }
    }
    out.append('}');
}

} // namespace sqlmend::core
