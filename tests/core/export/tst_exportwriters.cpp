#include "core/export/exportsink.h"
#include "core/export/exportwriter.h"
#include "core/export/jsontext.h"
#include "core/export/xlsxwriter.h"

#include <QBuffer>
#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

// A strict RFC 4180 reader for the round trip; std::nullopt marks an unquoted empty field (NULL).
using CsvRow = QList<std::optional<QString>>;

QList<CsvRow> parseCsv(const QByteArray &bytes, bool *ok)
{
    const QString text = QString::fromUtf8(bytes);
    QList<CsvRow> rows;
    CsvRow row;
    qsizetype i = 0;
    *ok = true;
    while (i < text.size()) {
        std::optional<QString> field;
        if (text.at(i) == u'"') {
            QString value;
            ++i;
            for (;;) {
                if (i >= text.size()) {
                    *ok = false;
                    return rows;
                }
                if (text.at(i) == u'"') {
                    if (i + 1 < text.size() && text.at(i + 1) == u'"') {
                        value += u'"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                value += text.at(i++);
            }
            field = value;
        } else {
            const qsizetype start = i;
            while (i < text.size() && text.at(i) != u',' && text.at(i) != u'\r') {
                if (text.at(i) == u'"' || text.at(i) == u'\n')
                    *ok = false;
                ++i;
            }
            if (i > start)
                field = text.mid(start, i - start);
        }
        row.append(field);
        if (i < text.size() && text.at(i) == u',') {
            ++i;
            continue;
        }
        if (text.mid(i, 2) != u"\r\n") {
            *ok = false;
            return rows;
        }
        i += 2;
        rows.append(row);
        row.clear();
    }
    return rows;
}

QByteArray write(ExportFormat format, const QStringList &columns, const QList<QVariantList> &rows)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(format, &buffer);
    if (!writer->begin(columns))
        return {};
    for (const QVariantList &row : rows) {
        if (!writer->writeRow(row))
            return {};
    }
    if (!writer->finish())
        return {};
    return buffer.data();
}

const QByteArray blob("\x00\x01\xff\xfe,\"\r\n", 8);

} // namespace

class tst_ExportWriters : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonTextReadsBack();
    void formatNames_data();
    void formatNames();
    void formatFromPath_data();
    void formatFromPath();
    void jsonParseBack();
    void jsonEmpty();
    void xlsxReadBack();
    void xlsxMoreSheets();
    void xlsxTooWide();
    void csvRoundTrip_data();
    void csvRoundTrip();
    void csvExactBytes();
    void jsonLinesParseBack();
    void jsonLinesDuplicateKeys();
    void markdownEscaping_data();
    void markdownEscaping();
    void largeOutputIsComplete();
    void unwritableDevice();
    void hugeCell();
    void tsvOneLinePerRow();
    void sinkStreams();
    void sinkStopsOnFailure();
};

void tst_ExportWriters::formatNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("format");
    QTest::newRow("csv") << u"CSV"_s << int(ExportFormat::Csv);
    QTest::newRow("tsv") << u"tsv"_s << int(ExportFormat::Tsv);
    QTest::newRow("jsonl") << u"jsonl"_s << int(ExportFormat::JsonLines);
    QTest::newRow("ndjson") << u"ndjson"_s << int(ExportFormat::JsonLines);
    QTest::newRow("md") << u"md"_s << int(ExportFormat::Markdown);
    QTest::newRow("json") << u"JSON"_s << int(ExportFormat::Json);
    QTest::newRow("xlsx") << u"xlsx"_s << int(ExportFormat::Xlsx);
    QTest::newRow("excel") << u"excel"_s << int(ExportFormat::Xlsx);
    QTest::newRow("unknown") << u"xls"_s << -1;
    QTest::newRow("empty") << QString() << -1;
}

void tst_ExportWriters::formatNames()
{
    QFETCH(QString, name);
    QFETCH(int, format);
    const std::optional<ExportFormat> parsed = exportFormatFromName(name);
    QCOMPARE(parsed ? int(*parsed) : -1, format);
    if (parsed) {
        QCOMPARE(exportFormatFromName(exportFormatName(*parsed)), parsed);
        QCOMPARE(exportFormatFromPath(u"dir.v2/out."_s + exportFormatExtension(*parsed)), parsed);
        QVERIFY(exportFormats().contains(*parsed));
        QVERIFY(!exportFormatTitle(*parsed).isEmpty());
    }
}

void tst_ExportWriters::formatFromPath_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("format");
    QTest::newRow("csv") << u"/tmp/a.csv"_s << int(ExportFormat::Csv);
    QTest::newRow("tsv") << u"rows.tsv"_s << int(ExportFormat::Tsv);
    QTest::newRow("upper") << u"REPORT.XLSX"_s << int(ExportFormat::Xlsx);
    QTest::newRow("md") << u"notes.md"_s << int(ExportFormat::Markdown);
    QTest::newRow("jsonl") << u"rows.jsonl"_s << int(ExportFormat::JsonLines);
    QTest::newRow("json") << u"rows.json"_s << int(ExportFormat::Json);
    QTest::newRow("no extension") << u"/tmp/report"_s << -1;
    QTest::newRow("dot in folder") << u"/tmp/x.csv/report"_s << -1;
    QTest::newRow("other") << u"a.txt"_s << -1;
}

void tst_ExportWriters::formatFromPath()
{
    QFETCH(QString, path);
    QFETCH(int, format);
    const std::optional<ExportFormat> parsed = exportFormatFromPath(path);
    QCOMPARE(parsed ? int(*parsed) : -1, format);
}

void tst_ExportWriters::csvRoundTrip_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("expected"); // the field's text after parsing
    QTest::addColumn<bool>("null");
    QTest::newRow("plain") << QVariant(u"hello"_s) << u"hello"_s << false;
    QTest::newRow("comma") << QVariant(u"a,b"_s) << u"a,b"_s << false;
    QTest::newRow("quotes") << QVariant(u"say \"hi\""_s) << u"say \"hi\""_s << false;
    QTest::newRow("only quote") << QVariant(u"\""_s) << u"\""_s << false;
    QTest::newRow("newline") << QVariant(u"line1\nline2"_s) << u"line1\nline2"_s << false;
    QTest::newRow("crlf") << QVariant(u"a\r\nb\r"_s) << u"a\r\nb\r"_s << false;
    QTest::newRow("unicode") << QVariant(u"Zoë 北京 🚀"_s) << u"Zoë 北京 🚀"_s << false;
    QTest::newRow("spaces kept") << QVariant(u"  padded  "_s) << u"  padded  "_s << false;
    QTest::newRow("empty string") << QVariant(QString(u""_s)) << QString(u""_s) << false;
    QTest::newRow("null text") << QVariant(QMetaType::fromType<QString>()) << QString() << true;
    QTest::newRow("null int") << QVariant(QMetaType::fromType<qlonglong>()) << QString() << true;
    QTest::newRow("invalid") << QVariant() << QString() << true;
    QTest::newRow("integer") << QVariant(qlonglong(-9007199254740993)) << u"-9007199254740993"_s
                             << false;
    QTest::newRow("real") << QVariant(0.1) << u"0.1"_s << false;
    QTest::newRow("real exp") << QVariant(1.5e300) << u"1.5e+300"_s << false;
    // An integral real keeps its point, as sqlite3 -csv and Python print it.
    QTest::newRow("integral real") << QVariant(651421.0) << u"651421.0"_s << false;
    QTest::newRow("negative integral real") << QVariant(-3.0) << u"-3.0"_s << false;
    QTest::newRow("large integral real") << QVariant(1e21) << u"1e+21"_s << false;
    QTest::newRow("bool") << QVariant(true) << u"true"_s << false;
    QTest::newRow("blob") << QVariant(blob) << QString::fromLatin1(blob.toBase64()) << false;
    QTest::newRow("date") << QVariant(QDate(2024, 2, 29)) << u"2024-02-29"_s << false;
    QTest::newRow("datetime") << QVariant(QDateTime(QDate(2024, 1, 2), QTime(3, 4, 5, 6), Qt::UTC))
                              << u"2024-01-02T03:04:05.006Z"_s << false;
}

void tst_ExportWriters::csvRoundTrip()
{
    QFETCH(QVariant, value);
    QFETCH(QString, expected);
    QFETCH(bool, null);
    const QByteArray bytes = write(ExportFormat::Csv, {u"id"_s, u"odd, \"name\""_s, u"tail"_s},
                                   {{1, value, u"end"_s}, {2, value, QVariant()}});
    bool ok = false;
    const QList<CsvRow> rows = parseCsv(bytes, &ok);
    QVERIFY2(ok, bytes.constData());
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows.at(0), (CsvRow{u"id"_s, u"odd, \"name\""_s, u"tail"_s}));
    for (int r = 1; r <= 2; ++r) {
        QCOMPARE(rows.at(r).size(), 3);
        QCOMPARE(rows.at(r).at(0), std::optional<QString>(QString::number(r)));
        QCOMPARE(rows.at(r).at(1).has_value(), !null);
        if (!null)
            QCOMPARE(*rows.at(r).at(1), expected);
    }
    QCOMPARE(rows.at(1).at(2), std::optional<QString>(u"end"_s));
    QCOMPARE(rows.at(2).at(2), std::nullopt);
}

void tst_ExportWriters::csvExactBytes()
{
    const QByteArray bytes = write(ExportFormat::Csv, {u"a"_s, u"b"_s},
                                   {{u"x\"y"_s, 3}, {QVariant(), u""_s}, {u"p,q"_s}});
    QCOMPARE(bytes, QByteArray("a,b\r\n\"x\"\"y\",3\r\n,\"\"\r\n\"p,q\",\r\n"));
}

void tst_ExportWriters::jsonLinesParseBack()
{
    const QStringList columns = {u"id"_s, u"name"_s, u"price"_s, u"note"_s, u"data"_s, u"ok"_s};
    const QList<QVariantList> rows = {
            {1, u"Zoë \"quoted\"\n\t\\ 北京"_s, 2.5, QVariant(QMetaType::fromType<QString>()), blob,
             true},
            {qlonglong(1) << 53, QString(u""_s), qQNaN(), u"\x01\x1f"_s, QByteArray(), false},
    };
    const QByteArray bytes = write(ExportFormat::JsonLines, columns, rows);
    const QList<QByteArray> lines = bytes.split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines.last().isEmpty());

    QJsonParseError error;
    const QJsonObject first = QJsonDocument::fromJson(lines.at(0), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY(lines.at(0).startsWith("{\"id\":1,\"name\":")); // column order, numbers as numbers
    QCOMPARE(first.value(u"id"), QJsonValue(1));
    QCOMPARE(first.value(u"name").toString(), rows.at(0).at(1).toString());
    QCOMPARE(first.value(u"price"), QJsonValue(2.5));
    QVERIFY(first.value(u"note").isNull());
    QCOMPARE(QByteArray::fromBase64(first.value(u"data").toString().toLatin1()), blob);
    QCOMPARE(first.value(u"ok"), QJsonValue(true));

    const QJsonObject second = QJsonDocument::fromJson(lines.at(1), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(second.value(u"id").toInteger(), qint64(1) << 53);
    QCOMPARE(second.value(u"name"), QJsonValue(u""_s));
    QCOMPARE(second.value(u"price"), QJsonValue(u"NaN"_s));
    QCOMPARE(second.value(u"note").toString(), u"\x01\x1f"_s);
    QCOMPARE(second.value(u"ok"), QJsonValue(false));
}

void tst_ExportWriters::jsonLinesDuplicateKeys()
{
    const QByteArray bytes =
            write(ExportFormat::JsonLines, {u"id"_s, u"id"_s, u"id_2"_s}, {{1, 2, 3}});
    const QJsonObject object = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(object.size(), 3);
    QCOMPARE(object.value(u"id"), QJsonValue(1));
    QCOMPARE(object.value(u"id_2"), QJsonValue(2));
    QCOMPARE(object.value(u"id_2_2"), QJsonValue(3));
}

void tst_ExportWriters::markdownEscaping_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QByteArray>("cell");
    QTest::newRow("pipe") << QVariant(u"a|b"_s) << QByteArray(" a\\|b |");
    QTest::newRow("backslash") << QVariant(u"c:\\dir"_s) << QByteArray(" c:\\\\dir |");
    QTest::newRow("newline") << QVariant(u"one\ntwo"_s) << QByteArray(" one<br>two |");
    QTest::newRow("crlf") << QVariant(u"one\r\ntwo\r"_s) << QByteArray(" one<br>two<br> |");
    QTest::newRow("null") << QVariant() << QByteArray("  |");
    QTest::newRow("number") << QVariant(42) << QByteArray(" 42 |");
    QTest::newRow("unicode") << QVariant(u"北京"_s)
                             << QString(u"北京"_s).toUtf8().prepend(' ').append(" |");
}

void tst_ExportWriters::markdownEscaping()
{
    QFETCH(QVariant, value);
    QFETCH(QByteArray, cell);
    const QByteArray bytes = write(ExportFormat::Markdown, {u"k"_s, u"v|w"_s}, {{1, value}});
    const QList<QByteArray> lines = bytes.split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines.at(0), QByteArray("| k | v\\|w |"));
    QCOMPARE(lines.at(1), QByteArray("| --- | --- |"));
    QCOMPARE(lines.at(2), QByteArray("| 1 |") + cell);
}

void tst_ExportWriters::largeOutputIsComplete()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::Csv, &buffer);
    QVERIFY(writer->begin({u"n"_s, u"text"_s}));
    const int count = 200000; // several flushes
    for (int i = 0; i < count; ++i)
        QVERIFY(writer->writeRow({i, u"row %1"_s.arg(i)}));
    QVERIFY(writer->finish());
    QCOMPARE(writer->rowsWritten(), qint64(count));
    const QByteArray data = buffer.data();
    QCOMPARE(data.count("\r\n"), count + 1);
    QVERIFY(data.endsWith("199999,row 199999\r\n"));
}

void tst_ExportWriters::unwritableDevice()
{
    QBuffer closed;
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::JsonLines, &closed);
    const Result<Done> begun = writer->begin({u"a"_s});
    QVERIFY(!begun);
    QCOMPARE(begun.error().code, u"write"_s);
    QVERIFY(!begun.error().message.isEmpty());
    QVERIFY(!writer->writeRow({1}));
}

void tst_ExportWriters::hugeCell()
{
    const QString big(10 * 1024 * 1024, u'x');
    const QByteArray bytes = write(ExportFormat::Csv, {u"a"_s}, {{big + u","_s}});
    QCOMPARE(bytes.size(), qsizetype(3 + big.size() + 3 + 2));
}

void tst_ExportWriters::jsonParseBack()
{
    const QByteArray bytes = write(ExportFormat::Json, {u"id"_s, u"name"_s, u"id"_s},
                                   {{1, u"a \"b\""_s, 2.5}, {2, QVariant(), true}});
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY(document.isArray());
    const QJsonArray rows = document.array();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.at(0).toObject().value(u"name").toString(), u"a \"b\""_s);
    QCOMPARE(rows.at(0).toObject().value(u"id_2"), QJsonValue(2.5));
    QVERIFY(rows.at(1).toObject().value(u"name").isNull());
    // An integral real is written with its point: a reader tells it from an integer.
    const QByteArray reals = write(ExportFormat::Json, {u"sum"_s, u"count"_s}, {{651421.0, 3}});
    QVERIFY2(reals.contains("651421.0") && reals.contains(":3}"), reals.constData());
    QCOMPARE(rows.at(1).toObject().value(u"id_2"), QJsonValue(true));
    // One object a line, so that a large file stays readable and diffable.
    QCOMPARE(bytes.count('\n'), 4);
}

void tst_ExportWriters::jsonEmpty()
{
    const QByteArray bytes = write(ExportFormat::Json, {u"a"_s}, {});
    QCOMPARE(bytes, QByteArray("[]\n"));
}

namespace {

// Reads a workbook back with openpyxl, as another program would: each sheet's name and cells,
// each cell as [type, value] (dates as ISO text).
std::optional<QJsonArray> readWorkbook(const QString &path, QString *why)
{
    const QString python = QStringLiteral(SQLMEND_PYTHON3);
    QProcess process;
    process.start(
            python,
            {u"-c"_s,
             u"import json, sys, datetime\n"
             "try:\n"
             "    import openpyxl\n"
             "except ImportError:\n"
             "    sys.exit(3)\n"
             "book = openpyxl.load_workbook(sys.argv[1], read_only=True)\n"
             "out = []\n"
             "for sheet in book.worksheets:\n"
             "    rows = []\n"
             "    for row in sheet.iter_rows():\n"
             "        cells = []\n"
             "        for c in row:\n"
             "            v = c.value\n"
             "            if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):\n"
             "                cells.append([type(v).__name__, v.isoformat(), c.number_format])\n"
             "            else:\n"
             "                cells.append([type(v).__name__, v])\n"
             "        rows.append(cells)\n"
             "    out.append([sheet.title, rows])\n"
             "print(json.dumps(out))\n"_s,
             path});
    if (!process.waitForFinished(60000)) {
        *why = u"python3 did not finish: "_s + process.errorString();
        return std::nullopt;
    }
    if (process.exitCode() == 3) {
        *why = u"skip"_s;
        return std::nullopt;
    }
    if (process.exitCode() != 0) {
        *why = QString::fromUtf8(process.readAllStandardError());
        return std::nullopt;
    }
    return QJsonDocument::fromJson(process.readAllStandardOutput()).array();
}

} // namespace

void tst_ExportWriters::xlsxReadBack()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"result.xlsx"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::Xlsx, &file);
    QVERIFY(writer->begin({u"id"_s, u"name"_s, u"price"_s, u"day"_s, u"at"_s, u"note"_s, u"ok"_s,
                           u"amount"_s, u"big"_s},
                          {QMetaType::fromType<qlonglong>(), QMetaType::fromType<QString>(),
                           QMetaType::fromType<double>(), QMetaType::fromType<QDate>(),
                           QMetaType::fromType<QString>(), QMetaType::fromType<QString>(),
                           QMetaType::fromType<bool>(), QMetaType::fromType<double>(),
                           QMetaType::fromType<qlonglong>()}));
    QVERIFY(writer->writeRow({1, u"Zoë <b>&amp; 北京\x01"_s, 2.5, QDate(2024, 2, 29),
                              u"2024-07-01 05:30:00"_s, QVariant(QMetaType::fromType<QString>()),
                              true, u"12345.67"_s, qlonglong(9007199254740993)}));
    QVERIFY(writer->writeRow({2, QString(u""_s), qQNaN(), u"2023-12-31"_s,
                              QDateTime(QDate(2024, 1, 2), QTime(3, 4, 5), Qt::UTC), u"NULL"_s,
                              false, u"not a number"_s, qlonglong(-7)}));
    QVERIFY(writer->finish());
    file.close();

    QString why;
    const std::optional<QJsonArray> book = readWorkbook(path, &why);
    if (!book && why == u"skip"_s) {
        if (qEnvironmentVariableIsSet("CI"))
            QFAIL("openpyxl (python3-openpyxl) is missing");
        QSKIP("openpyxl (python3-openpyxl) is not installed: the workbook cannot be read back");
    }
    QVERIFY2(book, qPrintable(why));
    QCOMPARE(book->size(), 1);
    const QJsonArray sheet = book->at(0).toArray();
    QCOMPARE(sheet.at(0).toString(), u"Result"_s);
    const QJsonArray rows = sheet.at(1).toArray();
    QCOMPARE(rows.size(), 3);
    const auto cell = [&](int row, int column) {
        return rows.at(row).toArray().at(column).toArray();
    };
    QCOMPARE(cell(0, 0).at(1).toString(), u"id"_s);
    QCOMPARE(cell(0, 8).at(1).toString(), u"big"_s);
    // Numbers are numbers, text is text, NULL is an empty cell.
    QCOMPARE(cell(1, 0).at(0).toString(), u"int"_s);
    QCOMPARE(cell(1, 0).at(1).toInt(), 1);
    QCOMPARE(cell(1, 1).at(0).toString(), u"str"_s);
    QVERIFY(cell(1, 1).at(1).toString().startsWith(u"Zoë <b>&amp; 北京"_s));
    QCOMPARE(cell(1, 2).at(0).toString(), u"float"_s);
    QCOMPARE(cell(1, 2).at(1).toDouble(), 2.5);
    // Dates are dates, with a date format; ISO text (SQLite's dates) too.
    QCOMPARE(cell(1, 3).at(0).toString(), u"datetime"_s);
    QCOMPARE(cell(1, 3).at(1).toString(), u"2024-02-29T00:00:00"_s);
    QCOMPARE(cell(1, 3).at(2).toString(), u"yyyy-mm-dd"_s);
    QCOMPARE(cell(1, 4).at(1).toString(), u"2024-07-01T05:30:00"_s);
    QCOMPARE(cell(1, 5).at(0).toString(), u"NoneType"_s);
    QCOMPARE(cell(1, 6).at(0).toString(), u"bool"_s);
    QCOMPARE(cell(1, 6).at(1).toBool(), true);
    // A numeric column that arrives as text stays a number.
    QCOMPARE(cell(1, 7).at(0).toString(), u"float"_s);
    QCOMPARE(cell(1, 7).at(1).toDouble(), 12345.67);
    // Past 2^53 a spreadsheet's double would round: the integer stays exact, as text.
    QCOMPARE(cell(1, 8).at(1).toString(), u"9007199254740993"_s);
    // A workbook cell cannot hold an empty string: libxlsxwriter leaves it empty, as NULL.
    QCOMPARE(cell(2, 1).at(0).toString(), u"NoneType"_s);
    QCOMPARE(cell(2, 2).at(1).toString(), u"NaN"_s);
    QCOMPARE(cell(2, 3).at(1).toString(), u"2023-12-31T00:00:00"_s);
    QCOMPARE(cell(2, 4).at(1).toString(), u"2024-01-02T03:04:05"_s);
    QCOMPARE(cell(2, 5).at(1).toString(), u"NULL"_s); // the text 'NULL' is text
    QCOMPARE(cell(2, 7).at(1).toString(), u"not a number"_s);
    QCOMPARE(cell(2, 8).at(1).toInt(), -7);
}

void tst_ExportWriters::xlsxMoreSheets()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"rows.xlsx"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    XlsxWriter writer(&file);
    writer.setRowsPerSheet(4);
    QVERIFY(writer.begin({u"n"_s}));
    for (int i = 0; i < 10; ++i)
        QVERIFY(writer.writeRow({i}));
    QVERIFY(writer.finish());
    QCOMPARE(writer.sheetCount(), 3);
    file.close();
    QString why;
    const std::optional<QJsonArray> book = readWorkbook(path, &why);
    if (!book && why == u"skip"_s)
        QSKIP("openpyxl (python3-openpyxl) is not installed");
    QVERIFY2(book, qPrintable(why));
    QCOMPARE(book->size(), 3);
    QCOMPARE(book->at(2).toArray().at(0).toString(), u"Result (3)"_s);
    // Each sheet has the header and its rows; together they hold all ten.
    int total = 0;
    for (const QJsonValue &sheet : *book) {
        const QJsonArray rows = sheet.toArray().at(1).toArray();
        QCOMPARE(rows.at(0).toArray().at(0).toArray().at(1).toString(), u"n"_s);
        total += int(rows.size()) - 1;
    }
    QCOMPARE(total, 10);
}

void tst_ExportWriters::xlsxTooWide()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    XlsxWriter writer(&buffer);
    QStringList columns;
    for (int i = 0; i <= XlsxWriter::maxColumns; ++i)
        columns.append(u"c%1"_s.arg(i));
    const Result<Done> begun = writer.begin(columns);
    QVERIFY(!begun);
    QCOMPARE(begun.error().code, u"too_wide"_s);
    QVERIFY(!writer.writeRow({1}));
    QCOMPARE(buffer.size(), 0);
}

void tst_ExportWriters::tsvOneLinePerRow()
{
    const QByteArray bytes =
            write(ExportFormat::Tsv, {u"a\tb"_s, u"n"_s, u"x"_s},
                  {{u"line\nbreak\r\\"_s, QVariant(QMetaType::fromType<qlonglong>()), 1.5},
                   {QString(u""_s), qlonglong(7), QVariant(true)},
                   {QString(QChar(u'\0')), QVariant(), QVariant(QDate(2024, 2, 29))}});
    QCOMPARE(bytes,
             QByteArray("a\\tb\tn\tx\n"
                        "line\\nbreak\\r\\\\\tNULL\t1.5\n"
                        "\t7\ttrue\n"
                        "\\0\tNULL\t2024-02-29\n"));
    for (const QByteArray &line : bytes.split('\n')) {
        if (!line.isEmpty())
            QCOMPARE(line.count('\t'), 2);
    }
}

void tst_ExportWriters::sinkStreams()
{
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    ExportSink sink(ExportWriter::create(ExportFormat::Csv, &buffer));
    QVERIFY(!sink.started());
    QVERIFY(sink.begin({u"id"_s, u"name"_s}, {}));
    QVERIFY(sink.started());
    QCOMPARE(buffer.data(), QByteArray("id,name\r\n")); // the header at once
    QVERIFY(sink.row({qlonglong(1), u"a"_s}));
    // The first row reaches the device before any more come: a reader sees it while the
    // statement runs.
    QCOMPARE(buffer.data(), QByteArray("id,name\r\n1,a\r\n"));
    // The rest go out through the sink's writing thread, a batch at a time, in order.
    QByteArray expected("id,name\r\n1,a\r\n");
    for (int i = 2; i <= 5000; ++i) {
        const QString name = u"b%1"_s.arg(i);
        QVERIFY(sink.row({qlonglong(i), name}));
        expected += QByteArray::number(i) + ',' + name.toUtf8() + "\r\n";
    }
    QVERIFY(sink.finish());
    QCOMPARE(sink.rowsWritten(), 5000);
    QCOMPARE(buffer.data(), expected);
    // A second statement's rows never follow the first's.
    QVERIFY(!sink.begin({u"id"_s}, {}));
    QVERIFY(sink.failure().has_value());
}

void tst_ExportWriters::sinkStopsOnFailure()
{
    QTemporaryDir dir;
    QFile file(dir.filePath(u"rows.csv"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    ExportSink sink(ExportWriter::create(ExportFormat::Csv, &file));
    QVERIFY(sink.begin({u"id"_s}, {}));
    QVERIFY(sink.row({qlonglong(1)}));
    file.close(); // the reader went away
    bool stopped = false;
    // The writer's block fills and its write fails: the sink answers false from then on.
    const QString wide(4096, u'x');
    for (int i = 0; i < 10000 && !stopped; ++i)
        stopped = !sink.row({wide});
    QVERIFY(stopped);
    QVERIFY(sink.failure().has_value());
    QVERIFY(!sink.row({qlonglong(2)}));
    QVERIFY(!sink.finish());
}

// Every string written by JsonText reads back as itself: ASCII runs, escapes, CJK, a
// surrogate pair, and all of them side by side.
void tst_ExportWriters::jsonTextReadsBack()
{
    const QStringList texts{
            QString(),
            u"plain"_s,
            u"quote\" back\\ nl\n tab\t cr\r"_s,
            u"ctl"_s + QChar(1) + QChar(0x1f) + QChar(0x7f) + u"end"_s,
            u"中文😀"_s,
            u"a中b😀c\"d\\é"_s,
            QString(5000, u'x') + u"中"_s + QString(5000, u'"'),
    };
    sqlmend::core::JsonText json;
    QByteArray out = "[";
    for (qsizetype i = 0; i < texts.size(); ++i) {
        if (i > 0)
            out += ',';
        json.appendString(out, texts.at(i));
    }
    out += ']';
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(out, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray array = document.array();
    QCOMPARE(array.size(), texts.size());
    for (qsizetype i = 0; i < texts.size(); ++i)
        QCOMPARE(array.at(i).toString(), texts.at(i));
    // A lone surrogate has no UTF-8 form: it is written as its escape, so it reads back too,
    // beside a pair, at either end and twice in a row.
    const QStringList lone{
            u"x"_s + QChar(0xD800) + u"y"_s,
            QString(QChar(0xDC00)) + u"中"_s,
            u"😀"_s + QChar(0xD83D),
            QString(QChar(0xDC00)) + QChar(0xD800) + u"é😀"_s,
    };
    for (const QString &text : lone) {
        QByteArray bytes;
        json.appendString(bytes, text);
        const QJsonDocument back = QJsonDocument::fromJson("[" + bytes + "]", &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(back.array().at(0).toString(), text);
    }
}

QTEST_GUILESS_MAIN(tst_ExportWriters)
#include "tst_exportwriters.moc"
