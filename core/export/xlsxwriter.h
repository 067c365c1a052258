#pragma once

#include "core/export/exportwriter.h"

#include <QList>
#include <QTemporaryFile>

#include <memory>

struct lxw_workbook;
struct lxw_worksheet;
struct lxw_format;

namespace sqlmend::core {

// An Excel workbook (.xlsx) through libxlsxwriter in its constant-memory mode: each row goes to
// the worksheet's temporary file as it comes, so memory stays at one row whatever the result's
// size. Numbers are numbers, dates and times (also ISO 8601 text such as SQLite's) are Excel
// dates with a date format, booleans are booleans, NULL is an empty cell (so is an empty string: a
// workbook cell holds none), bytes are base64 text. Integers beyond 2^53, which a spreadsheet's
// doubles would round, stay exact as text; text is cut at Excel's 32,767 characters. Past Excel's
// 1,048,576 rows the rows go on in another sheet under the same header. The workbook is built in a
// temporary file and copied to the device by finish().
class XlsxWriter : public ExportWriter
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::XlsxWriter)

public:
    // Excel's own bounds.
    static constexpr qint64 maxSheetRows = 1048576;
    static constexpr int maxColumns = 16384;
    static constexpr qsizetype maxCellText = 32767;

    explicit XlsxWriter(QIODevice *device);
    ~XlsxWriter() override;

    // Data rows per sheet before the next sheet starts (tests make it small).
    void setRowsPerSheet(qint64 rows);
    int sheetCount() const { return int(m_sheets.size()); }

protected:
    void encodeHeader(QByteArray &out) override;
    void encodeRow(QByteArray &out, const QVariantList &row) override;
    Result<Done> complete() override;

private:
    bool addSheet();
    void writeCell(int column, const QVariant &value);
    void writeText(int column, const QString &text);
    bool check(int error);

    QTemporaryFile m_file;
    lxw_workbook *m_workbook = nullptr;
    lxw_worksheet *m_sheet = nullptr;
    QList<lxw_worksheet *> m_sheets;
    lxw_format *m_header = nullptr;
    lxw_format *m_date = nullptr;
    lxw_format *m_dateTime = nullptr;
    lxw_format *m_time = nullptr;
    qint64 m_rowsPerSheet = maxSheetRows - 1;
    qint64 m_sheetRow = 0; // the next row of the current sheet (0 is the header)
    int m_columnCount = 0;
    QList<int> m_widths; // characters, from the header and the first rows
};

} // namespace sqlmend::core
