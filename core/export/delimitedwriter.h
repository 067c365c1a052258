#pragma once

#include "core/export/exportwriter.h"

namespace sqlmend::core {

// One line per row of fields between separators (CSV, TSV): the header and the rows are laid out
// here; each format says how a field is quoted or escaped (appendField) and how NULL reads.
class DelimitedWriter : public ExportWriter
{
public:
    DelimitedWriter(QIODevice *device, char separator, const char *lineEnd, const char *null);

protected:
    void encodeHeader(QByteArray &out) final;
    void encodeRow(QByteArray &out, const QVariantList &row) final;
    virtual void appendField(QByteArray &out, QStringView text) = 0;

private:
    const char m_separator;
    const char *const m_lineEnd;
    const char *const m_null;
};

} // namespace sqlmend::core
