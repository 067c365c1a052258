#include "core/export/exportwriter.h"

#include <QBuffer>
#include <QDateTime>
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
    void formatNames_data();
    void formatNames();
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
};

void tst_ExportWriters::formatNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("format");
    QTest::newRow("csv") << u"CSV"_s << int(ExportFormat::Csv);
    QTest::newRow("jsonl") << u"jsonl"_s << int(ExportFormat::JsonLines);
    QTest::newRow("ndjson") << u"ndjson"_s << int(ExportFormat::JsonLines);
    QTest::newRow("md") << u"md"_s << int(ExportFormat::Markdown);
    QTest::newRow("unknown") << u"xlsx"_s << -1;
    QTest::newRow("empty") << QString() << -1;
}

void tst_ExportWriters::formatNames()
{
    QFETCH(QString, name);
    QFETCH(int, format);
    const std::optional<ExportFormat> parsed = exportFormatFromName(name);
    QCOMPARE(parsed ? int(*parsed) : -1, format);
    if (parsed)
        QCOMPARE(exportFormatFromName(exportFormatName(*parsed)), parsed);
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

QTEST_GUILESS_MAIN(tst_ExportWriters)
#include "tst_exportwriters.moc"
