#pragma once

#include "core/export/exportwriter.h"

namespace sqlmend::core {

// A GitHub-flavoured Markdown table. '|' and '\' are escaped, line breaks become <br>, NULL is
// an empty cell.
class MarkdownWriter : public ExportWriter
{
public:
    explicit MarkdownWriter(QIODevice *device);

protected:
    void encodeHeader(QByteArray &out) override;
    void encodeRow(QByteArray &out, const QVariantList &row) override;

private:
    void appendCell(QByteArray &out, QStringView text);
};

} // namespace sqlmend::core
