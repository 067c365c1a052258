#include "core/export/xlsxwriter.h"

#include <QDate>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTime>

#include <xlsxwriter.h>

#include <cmath>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Doubles hold every integer up to here exactly.
constexpr qint64 maxExactInteger = qint64(1) << 53;
// Column widths are read from this many rows; a width is at most this many characters.
constexpr qint64 widthSampleRows = 200;
constexpr int maxWidth = 60;
constexpr qint64 copyBlock = qint64(1) << 20;

// SQLite keeps dates as ISO 8601 text ('2024-07-01', '2024-07-01 05:30:00'); a workbook gets
// them as dates. Anything else stays text.
std::optional<QDateTime> isoDateTime(const QString &text, bool *hasTime)
{
    const qsizetype size = text.size();
    if (size < 10 || size > 32 || text.at(4) != u'-' || text.at(7) != u'-')
        return std::nullopt;
    const QDate date = QDate::fromString(QStringView(text).left(10), Qt::ISODate);
    if (!date.isValid())
        return std::nullopt;
    if (size == 10) {
        *hasTime = false;
        return date.startOfDay(Qt::UTC);
    }
    if (text.at(10) != u' ' && text.at(10) != u'T')
        return std::nullopt;
    const QTime time = QTime::fromString(QStringView(text).mid(11), Qt::ISODateWithMs);
    if (!time.isValid())
        return std::nullopt;
    *hasTime = true;
    return QDateTime(date, time, Qt::UTC);
}

lxw_datetime excelDateTime(QDate date, QTime time)
{
    lxw_datetime value{};
    if (date.isValid()) {
        value.year = date.year();
        value.month = date.month();
        value.day = date.day();
    }
    if (time.isValid()) {
        value.hour = time.hour();
        value.min = time.minute();
        value.sec = time.second() + time.msec() / 1000.0;
    }
    return value;
}

// Excel counts days from 1900; earlier dates and those past 9999 stay text.
bool fitsExcel(QDate date)
{
    return date.isValid() && date.year() >= 1900 && date.year() <= 9999;
}

bool isNumericType(QMetaType type)
{
    switch (type.id()) {
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Int:
    case QMetaType::UInt:
        return true;
    default:
        return false;
    }
}

} // namespace

XlsxWriter::XlsxWriter(QIODevice *device) : ExportWriter(device)
{
    m_file.setFileTemplate(QDir::tempPath() + u"/sqlmend-export-XXXXXX.xlsx"_s);
}

XlsxWriter::~XlsxWriter()
{
    // A workbook that never reached complete() (an error, a cancel) is dropped unwritten.
    if (m_workbook)
        lxw_workbook_free(m_workbook);
}

void XlsxWriter::setRowsPerSheet(qint64 rows)
{
    m_rowsPerSheet = std::clamp<qint64>(rows, 1, maxSheetRows - 1);
}

bool XlsxWriter::check(int error)
{
    if (error == LXW_NO_ERROR)
        return true;
    setFailure({tr("The workbook could not be written: %1")
                        .arg(QString::fromUtf8(lxw_strerror(lxw_error(error)))),
                u"write"_s});
    return false;
}

void XlsxWriter::encodeHeader(QByteArray &out)
{
    Q_UNUSED(out); // the workbook is built in its own file
    m_columnCount = int(std::min<qsizetype>(columns().size(), maxColumns));
    if (columns().size() > maxColumns) {
        setFailure({tr("An Excel sheet holds at most %1 columns; this result has %2.")
                            .arg(maxColumns)
                            .arg(columns().size()),
                    u"too_wide"_s});
        return;
    }
    if (!m_file.open()) {
        setFailure({tr("No temporary file for the workbook: %1").arg(m_file.errorString()),
                    u"write"_s});
        return;
    }
    m_file.close(); // libxlsxwriter writes the file by its name
    lxw_workbook_options options{};
    options.constant_memory = LXW_TRUE;
    options.use_zip64 = LXW_TRUE; // a result past 4 GB still makes a valid file
    m_workbook = workbook_new_opt(QFile::encodeName(m_file.fileName()).constData(), &options);
    if (!m_workbook) {
        setFailure({tr("The workbook could not be created."), u"write"_s});
        return;
    }
    m_header = workbook_add_format(m_workbook);
    format_set_bold(m_header);
    m_date = workbook_add_format(m_workbook);
    format_set_num_format(m_date, "yyyy-mm-dd");
    m_dateTime = workbook_add_format(m_workbook);
    format_set_num_format(m_dateTime, "yyyy-mm-dd hh:mm:ss");
    m_time = workbook_add_format(m_workbook);
    format_set_num_format(m_time, "hh:mm:ss");
    m_widths.fill(8, m_columnCount);
    for (int i = 0; i < m_columnCount; ++i)
        m_widths[i] = std::clamp(int(columns().at(i).size()) + 2, 8, maxWidth);
    addSheet();
}

bool XlsxWriter::addSheet()
{
    const int number = int(m_sheets.size()) + 1;
    const QString name = number == 1 ? tr("Result") : tr("Result (%1)").arg(number);
    m_sheet = workbook_add_worksheet(m_workbook, name.left(31).toUtf8().constData());
    if (!m_sheet) {
        setFailure({tr("The workbook could not take another sheet."), u"write"_s});
        return false;
    }
    m_sheets.append(m_sheet);
    m_sheetRow = 0;
    for (int i = 0; i < m_columnCount; ++i) {
        if (!check(worksheet_write_string(m_sheet, 0, lxw_col_t(i),
                                          columns().at(i).left(maxCellText).toUtf8().constData(),
                                          m_header)))
            return false;
    }
    worksheet_freeze_panes(m_sheet, 1, 0);
    m_sheetRow = 1;
    return true;
}

void XlsxWriter::encodeRow(QByteArray &out, const QVariantList &row)
{
    Q_UNUSED(out);
    if (!m_sheet)
        return;
    if (m_sheetRow > m_rowsPerSheet && !addSheet())
        return;
    for (int i = 0; i < m_columnCount; ++i)
        writeCell(i, row.at(i));
    ++m_sheetRow;
}

void XlsxWriter::writeText(int column, const QString &text)
{
    const QString cell = text.size() > maxCellText ? text.left(maxCellText) : text;
    if (rowsWritten() < widthSampleRows)
        m_widths[column] = std::clamp(int(cell.size()) + 2, m_widths.at(column), maxWidth);
    check(worksheet_write_string(m_sheet, lxw_row_t(m_sheetRow), lxw_col_t(column),
                                 cell.toUtf8().constData(), nullptr));
}

void XlsxWriter::writeCell(int column, const QVariant &value)
{
    if (isNull(value))
        return; // an empty cell
    const lxw_row_t row = lxw_row_t(m_sheetRow);
    const lxw_col_t col = lxw_col_t(column);
    switch (value.typeId()) {
    case QMetaType::Bool:
        check(worksheet_write_boolean(m_sheet, row, col, value.toBool(), nullptr));
        return;
    case QMetaType::LongLong:
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::Long:
    case QMetaType::SChar: {
        const qlonglong number = value.toLongLong();
        if (number > maxExactInteger || number < -maxExactInteger) {
            writeText(column, QString::number(number));
            return;
        }
        check(worksheet_write_number(m_sheet, row, col, double(number), nullptr));
        return;
    }
    case QMetaType::ULongLong:
    case QMetaType::UInt:
    case QMetaType::UShort:
    case QMetaType::UChar:
    case QMetaType::ULong: {
        const qulonglong number = value.toULongLong();
        if (number > qulonglong(maxExactInteger)) {
            writeText(column, QString::number(number));
            return;
        }
        check(worksheet_write_number(m_sheet, row, col, double(number), nullptr));
        return;
    }
    case QMetaType::Double:
    case QMetaType::Float: {
        const double number = value.toDouble();
        if (!std::isfinite(number)) {
            writeText(column, cellText(value));
            return;
        }
        check(worksheet_write_number(m_sheet, row, col, number, nullptr));
        return;
    }
    case QMetaType::QDate: {
        const QDate date = value.toDate();
        if (!fitsExcel(date))
            break;
        lxw_datetime cell = excelDateTime(date, QTime(0, 0));
        check(worksheet_write_datetime(m_sheet, row, col, &cell, m_date));
        m_widths[column] = std::max(m_widths.at(column), 12);
        return;
    }
    case QMetaType::QDateTime: {
        const QDateTime time = value.toDateTime();
        if (!fitsExcel(time.date()))
            break;
        lxw_datetime cell = excelDateTime(time.date(), time.time());
        check(worksheet_write_datetime(m_sheet, row, col, &cell, m_dateTime));
        m_widths[column] = std::max(m_widths.at(column), 20);
        return;
    }
    case QMetaType::QTime: {
        const QTime time = value.toTime();
        if (!time.isValid())
            break;
        lxw_datetime cell = excelDateTime(QDate(), time);
        check(worksheet_write_datetime(m_sheet, row, col, &cell, m_time));
        return;
    }
    case QMetaType::QString: {
        const QString &text = *static_cast<const QString *>(value.constData());
        bool hasTime = false;
        if (const std::optional<QDateTime> time = isoDateTime(text, &hasTime);
            time && fitsExcel(time->date())) {
            lxw_datetime cell = excelDateTime(time->date(), time->time());
            check(worksheet_write_datetime(m_sheet, row, col, &cell,
                                           hasTime ? m_dateTime : m_date));
            m_widths[column] = std::max(m_widths.at(column), hasTime ? 20 : 12);
            return;
        }
        // A numeric column whose driver hands out text (PostgreSQL numeric, MySQL DECIMAL).
        if (isNumericType(columnTypes().value(column))) {
            bool ok = false;
            const double number = text.toDouble(&ok);
            if (ok && std::isfinite(number)) {
                check(worksheet_write_number(m_sheet, row, col, number, nullptr));
                return;
            }
        }
        writeText(column, text);
        return;
    }
    default:
        break;
    }
    writeText(column, cellText(value));
}

Result<Done> XlsxWriter::complete()
{
    if (!m_workbook)
        return makeFailure(tr("The workbook was not created."), u"write"_s);
    // The widths apply to every sheet; they are known only now.
    for (lxw_worksheet *sheet : std::as_const(m_sheets)) {
        for (int c = 0; c < m_columnCount; ++c)
            worksheet_set_column(sheet, lxw_col_t(c), lxw_col_t(c), m_widths.at(c), nullptr);
    }
    const lxw_error closed = workbook_close(m_workbook); // frees the workbook
    m_workbook = nullptr;
    if (!check(closed))
        return Done{}; // finish() reports the failure
    QFile built(m_file.fileName());
    if (!built.open(QIODevice::ReadOnly))
        return makeFailure(tr("The workbook could not be read back: %1").arg(built.errorString()),
                           u"write"_s);
    QByteArray block;
    while (!built.atEnd()) {
        block = built.read(copyBlock);
        if (block.isEmpty() && !built.atEnd())
            return makeFailure(
                    tr("The workbook could not be read back: %1").arg(built.errorString()),
                    u"write"_s);
        if (Result<Done> written = writeDevice(block.constData(), block.size()); !written)
            return written;
    }
    return Done{};
}

} // namespace sqlmend::core
