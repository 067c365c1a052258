#include "core/llm/sseparser.h"

#include <QTest>

using namespace sqlmend::core;

class tst_SseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data();
    void parses();
    void splitAtEveryByte_data();
    void splitAtEveryByte();
    void limits_data();
    void limits();
    void finishDispatchesAnOpenEvent();

private:
    static QByteArray render(const QList<SseEvent> &events);
};

QByteArray tst_SseParser::render(const QList<SseEvent> &events)
{
    QByteArray out;
    for (const SseEvent &event : events)
        out += '[' + event.event + '|' + event.data + ']';
    return out;
}

void tst_SseParser::parses_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("lf") << QByteArray("data: a\n\ndata: b\n\n") << QByteArray("[|a][|b]");
    QTest::newRow("crlf") << QByteArray("data: a\r\n\r\ndata: b\r\n\r\n") << QByteArray("[|a][|b]");
    QTest::newRow("cr") << QByteArray("data: a\r\rdata: b\r\r") << QByteArray("[|a][|b]");
    QTest::newRow("comments and keep-alive")
            << QByteArray(": keep-alive\n\n:\ndata: x\n: ping\n\n") << QByteArray("[|x]");
    QTest::newRow("event names") << QByteArray(
            "event: message_start\ndata: {}\n\nevent: ping\ndata: {}\n\n")
                                 << QByteArray("[message_start|{}][ping|{}]");
    QTest::newRow("multi-line data") << QByteArray("data: one\ndata: two\ndata:three\n\n")
                                     << QByteArray("[|one\ntwo\nthree]");
    QTest::newRow("only one leading space is stripped")
            << QByteArray("data:  two spaces\n\n") << QByteArray("[| two spaces]");
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF"
                                       "data: a\n\n")
                         << QByteArray("[|a]");
    QTest::newRow("event without data is dropped")
            << QByteArray("event: x\n\ndata: y\n\n") << QByteArray("[|y]");
    QTest::newRow("field without colon") << QByteArray("data\n\n") << QByteArray("[|]");
    QTest::newRow("unknown fields ignored")
            << QByteArray("retry: 10\nid: 7\nfoo: bar\ndata: z\n\n") << QByteArray("[|z]");
    QTest::newRow("utf-8 kept as bytes") << QByteArray("data: \xE4\xBD\x99\xE9\xA2\x9D\n\n")
                                         << QByteArray("[|\xE4\xBD\x99\xE9\xA2\x9D]");
    QTest::newRow("blank lines only") << QByteArray("\n\n\r\n\r\r") << QByteArray();
}

void tst_SseParser::parses()
{
    QFETCH(QByteArray, stream);
    QFETCH(QByteArray, expected);
    SseParser parser;
    QList<SseEvent> events = parser.feed(stream);
    events += parser.finish();
    QVERIFY(!parser.hasError());
    QCOMPARE(render(events), expected);
}

void tst_SseParser::splitAtEveryByte_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("mixed line ends and utf-8")
            << QByteArray("\xEF\xBB\xBF: hi\r\nevent: delta\r\ndata: \xE4\xBD\x99\xE9\xA2\x9D "
                          "ok\r\n\r\ndata: a\rdata: b\r\rdata: [DONE]\n\n")
            << QByteArray("[delta|\xE4\xBD\x99\xE9\xA2\x9D ok][|a\nb][|[DONE]]");
}

void tst_SseParser::splitAtEveryByte()
{
    QFETCH(QByteArray, stream);
    QFETCH(QByteArray, expected);
    // Every single split point, and every pair of split points.
    for (int a = 0; a <= stream.size(); ++a) {
        for (int b = a; b <= stream.size(); ++b) {
            SseParser parser;
            QList<SseEvent> events = parser.feed(QByteArrayView(stream).first(a));
            events += parser.feed(QByteArrayView(stream).sliced(a, b - a));
            events += parser.feed(QByteArrayView(stream).sliced(b));
            events += parser.finish();
            if (render(events) != expected)
                QFAIL(qPrintable(QStringLiteral("split at %1/%2 gave %3")
                                         .arg(a)
                                         .arg(b)
                                         .arg(QString::fromUtf8(render(events)))));
        }
    }
    // One byte at a time.
    SseParser parser;
    QList<SseEvent> events;
    for (char c : stream)
        events += parser.feed(QByteArrayView(&c, 1));
    events += parser.finish();
    QCOMPARE(render(events), expected);
}

void tst_SseParser::limits_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<bool>("fails");
    QTest::newRow("long line") << QByteArray(200, 'x') << true;
    QTest::newRow("big event") << QByteArray("data: 0123456789\n").repeated(20) << true;
    QTest::newRow("many small events") << QByteArray("data: 0123456789\n\n").repeated(200) << false;
}

void tst_SseParser::limits()
{
    QFETCH(QByteArray, stream);
    QFETCH(bool, fails);
    SseParser parser(100, 150);
    qsizetype peak = 0;
    for (qsizetype i = 0; i < stream.size(); i += 7) {
        parser.feed(QByteArrayView(stream).sliced(i, qMin<qsizetype>(7, stream.size() - i)));
        peak = qMax(peak, parser.bufferedBytes());
    }
    QCOMPARE(parser.hasError(), fails);
    QVERIFY(peak <= 160);
    if (fails) {
        QVERIFY(!parser.errorString().isEmpty());
        QVERIFY(parser.feed("data: more\n\n").isEmpty()); // the error is sticky
    }
}

void tst_SseParser::finishDispatchesAnOpenEvent()
{
    SseParser parser;
    QVERIFY(parser.feed("data: [DONE]").isEmpty());
    QCOMPARE(render(parser.finish()), QByteArray("[|[DONE]]"));
}

QTEST_GUILESS_MAIN(tst_SseParser)
#include "tst_sseparser.moc"
