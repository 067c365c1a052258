#include "core/errors/diagnosis.h"
#include "core/errors/errorclass.h"

#include "tests/support/cliprocess.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using Run = sqlmend::test::CliRun;

QJsonObject objectOf(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return {};
    return document.object();
}

QByteArray record(const QString &engine, const QString &message, const QJsonValue &code = {})
{
    QJsonObject object{{u"engine"_s, engine}, {u"message"_s, message}};
    if (!code.isUndefined())
        object.insert(u"code", code);
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

class tst_ClassifyCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void linesInOrder();
    void sameAsTheDiagnosisObject();
    void badLineInTheMiddle_data();
    void badLineInTheMiddle();
    void codeAsNumberOrString();
    void plainTextWithEngine();
    void hugeMessage_data();
    void hugeMessage();
    void emptyInput();
    void nonUtf8Bytes_data();
    void nonUtf8Bytes();
    void readsLinesAsQJsonDocumentDoes_data();
    void readsLinesAsQJsonDocumentDoes();
    void threadsKeepTheOrder();
    void answersBeforeTheInputEnds();
    void badThreadCount();

private:
    Run run(const QStringList &arguments, const QByteArray &input);

    QTemporaryDir m_home;
};

Run tst_ClassifyCli::run(const QStringList &arguments, const QByteArray &input)
{
    sqlmend::test::CliOptions options;
    sqlmend::test::isolate(options.environment, m_home.path());
    options.input = input;
    return sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY),
                                 QStringList{u"classify"_s} + arguments, options);
}

void tst_ClassifyCli::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
}

void tst_ClassifyCli::linesInOrder()
{
    const QByteArray input = record(u"postgresql"_s,
                                    u"ERROR:  relation \"customers\" does not exist\nLINE 1: "
                                    "SELECT id FROM customers\n                       ^"_s,
                                    u"42P01"_s)
            + record(u"mariadb"_s, u"ERROR 1054 (42S22): Unknown column 'user_name' in 'SELECT'"_s)
            + record(u"sqlite"_s, u"no such table: order_lines Unable to execute statement"_s);
    const Run result = run({}, input);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.lines().size(), 3);
    const QStringList expectedNames{u"customers"_s, u"user_name"_s, u"order_lines"_s};
    for (qsizetype i = 0; i < result.lines().size(); ++i) {
        const QJsonObject object = objectOf(result.lines().at(i));
        for (const QString &key :
             {u"class"_s, u"terminal"_s, u"root_cause"_s, u"location"_s, u"hint"_s, u"advice"_s}) {
            QVERIFY2(object.contains(key), qPrintable(key));
        }
        QVERIFY(sqlmend::core::errorClassFromName(object.value(u"class").toString()).has_value());
        QVERIFY(object.value(u"terminal").isBool());
        QVERIFY(object.value(u"root_cause").toString().contains(expectedNames.at(i)));
        QVERIFY(object.value(u"advice").toString().startsWith(u"Query failed: "_s));
        QVERIFY(object.value(u"advice").toString().contains(u"\nAdvice: "_s));
    }
}

// The command streams each diagnosis field by field; what it writes must be what
// Diagnosis::toJson() holds, escapes and all.
void tst_ClassifyCli::sameAsTheDiagnosisObject()
{
    struct Input
    {
        QString engine;
        QString message;
        QString code;
    };
    const QList<Input> inputs{
            {u"postgresql"_s,
             u"ERROR:  column \"u.nme\" does not exist\nLINE 1: SELECT u.nme FROM users u\n"
             "               ^\nHINT:  Perhaps you meant to reference the column \"u.name\"."_s,
             u"42703"_s},
            {u"mariadb"_s, u"Unknown column 'a\\b\"c' in 'field list'"_s, u"1054"_s},
            {u"sqlite"_s, u"no such table: 订单\u0001\u0008\u000c\t😀"_s, {}},
            {u"clickhouse"_s,
             u"Code: 47, e.displayText() = DB::Exception: Missing columns: 'x' while processing "
             "query: 'SELECT x', required columns: 'x', e.what() = DB::Exception"_s,
             {}},
            {u"unknown"_s, u"something \u2028 odd </script> happened"_s, {}},
    };
    QByteArray input;
    for (const Input &one : inputs)
        input += record(one.engine, one.message,
                        one.code.isEmpty() ? QJsonValue() : QJsonValue(one.code));
    const Run result = run({}, input);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.lines().size(), inputs.size());
    for (qsizetype i = 0; i < inputs.size(); ++i) {
        const Input &one = inputs.at(i);
        const QJsonObject expected =
                sqlmend::core::diagnose(
                        sqlmend::core::EngineError::fromText(
                                sqlmend::core::engineFromName(one.engine), one.message, one.code))
                        .toJson();
        QCOMPARE(objectOf(result.lines().at(i)), expected);
    }
}

void tst_ClassifyCli::badLineInTheMiddle_data()
{
    QTest::addColumn<QByteArray>("badLine");
    QTest::newRow("not JSON") << QByteArray("this is not json\n");
    QTest::newRow("truncated JSON") << QByteArray("{\"engine\": \"postgresql\", \"mess\n");
    QTest::newRow("array") << QByteArray("[1, 2, 3]\n");
    QTest::newRow("no message") << QByteArray("{\"engine\": \"postgresql\"}\n");
    QTest::newRow("message not a string") << QByteArray("{\"message\": 42}\n");
}

void tst_ClassifyCli::badLineInTheMiddle()
{
    QFETCH(QByteArray, badLine);
    const QByteArray input = record(u"postgresql"_s, u"ERROR:  division by zero"_s) + badLine
            + record(u"sqlite"_s, u"no such column: x"_s);
    const Run result = run({}, input);
    QCOMPARE(result.exitCode, 1);
    QCOMPARE(result.lines().size(), 3);
    QVERIFY(objectOf(result.lines().at(0)).contains(u"advice"));
    const QJsonObject bad = objectOf(result.lines().at(1));
    QVERIFY(!bad.value(u"error").toString().isEmpty());
    QCOMPARE(bad.value(u"line").toInteger(), 2);
    QVERIFY(objectOf(result.lines().at(2))
                    .value(u"root_cause")
                    .toString()
                    .contains(u"no such column"_s));
    QVERIFY(result.err.contains("line 2"));
}

void tst_ClassifyCli::codeAsNumberOrString()
{
    const QByteArray input =
            record(u"mariadb"_s, u"Table 'shop.customers' doesn't exist"_s, QJsonValue(1146))
            + record(u"postgresql"_s, u"relation \"x\" does not exist"_s, u"42P01"_s);
    const Run result = run({}, input);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.lines().size(), 2);
    QCOMPARE(objectOf(result.lines().at(0)).value(u"code").toString(), u"1146"_s);
    QCOMPARE(objectOf(result.lines().at(1)).value(u"code").toString(), u"42P01"_s);
}

void tst_ClassifyCli::plainTextWithEngine()
{
    // Several lines and a JSON-looking line: with --engine all of it is one message.
    const QByteArray input = "ERROR:  column \"user_name\" does not exist\n"
                             "LINE 1: SELECT user_name FROM users\n"
                             "               ^\n"
                             "{\"not\": \"a record\"}\n";
    const Run result = run({u"--engine"_s, u"postgresql"_s}, input);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.lines().size(), 1);
    const QJsonObject object = objectOf(result.lines().at(0));
    QVERIFY(object.value(u"raw").toString().contains(u"{\"not\""_s));
    QCOMPARE(object.value(u"engine").toString(), u"postgresql"_s);
    QVERIFY(object.value(u"advice").toString().contains(u"user_name"_s));
}

void tst_ClassifyCli::hugeMessage_data()
{
    QTest::addColumn<bool>("plain");
    QTest::newRow("JSON Lines") << false;
    QTest::newRow("--engine") << true;
}

void tst_ClassifyCli::hugeMessage()
{
    QFETCH(bool, plain);
    const QString message =
            u"ERROR:  column \"user_name\" does not exist "_s + QString(10 * 1024 * 1024, u'x');
    const Run result = plain ? run({u"--engine"_s, u"postgresql"_s}, message.toUtf8())
                             : run({}, record(u"postgresql"_s, message));
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.lines().size(), 1);
    const QJsonObject object = objectOf(result.lines().at(0));
    QVERIFY(!object.isEmpty());
    // The advice stays readable; the raw text is kept whole.
    QVERIFY(object.value(u"advice").toString().size() < 10000);
    QVERIFY(object.value(u"raw").toString().size() >= 10 * 1024 * 1024);
}

void tst_ClassifyCli::emptyInput()
{
    const Run lines = run({}, QByteArray());
    QCOMPARE(lines.exitCode, 0);
    QVERIFY(lines.lines().isEmpty());

    const Run blank = run({}, QByteArray("\n\r\n   \n"));
    QCOMPARE(blank.exitCode, 0);
    QVERIFY(blank.lines().isEmpty());

    const Run plain = run({u"--engine"_s, u"sqlite"_s}, QByteArray());
    QCOMPARE(plain.exitCode, 1);
    QCOMPARE(plain.lines().size(), 1);
    QVERIFY(objectOf(plain.lines().at(0)).contains(u"error"));
}

void tst_ClassifyCli::nonUtf8Bytes_data()
{
    QTest::addColumn<bool>("plain");
    QTest::addColumn<QByteArray>("input");
    const QByteArray junk("\xff\xfe\x80\x00\xc3\x28 no such table: t\xe9st", 26);
    QTest::newRow("JSON string with bad bytes")
            << false << QByteArray("{\"engine\":\"sqlite\",\"message\":\"" + junk + "\"}\n");
    QTest::newRow("bare junk line") << false << QByteArray(junk + "\n");
    QTest::newRow("--engine junk") << true << junk;
}

void tst_ClassifyCli::nonUtf8Bytes()
{
    QFETCH(bool, plain);
    QFETCH(QByteArray, input);
    const Run result = plain ? run({u"--engine"_s, u"sqlite"_s}, input) : run({}, input);
    QVERIFY2(result.exitCode == 0 || result.exitCode == 1, result.err.constData());
    QCOMPARE(result.lines().size(), 1);
    const QJsonObject object = objectOf(result.lines().at(0));
    QVERIFY(!object.isEmpty());
    QVERIFY(object.contains(u"advice") || object.contains(u"error"));
    QCOMPARE(result.exitCode, object.contains(u"error") ? 1 : 0);
}

// Most lines are read by a reader of flat objects; what it makes of a line must be what
// QJsonDocument makes of it, and every line it does not take must still be read or refused.
void tst_ClassifyCli::readsLinesAsQJsonDocumentDoes_data()
{
    QTest::addColumn<QByteArray>("line");
    const auto row = [](const char *name, const QByteArray &line) { QTest::newRow(name) << line; };
    row("plain", R"({"engine":"sqlite","message":"no such table: t"})");
    row("spaces", " \t{ \"engine\" : \"sqlite\" ,\"message\":\"no such column: c\" } \r");
    row("escapes",
        R"({"engine":"postgresql","message":"ERROR:  column \"a\\b\" does not exist\nLINE 1: SELECT \/x\tFROM t\n  ^"})");
    row("unicode escapes",
        R"({"engine":"sqlite","message":"no such table: \u8ba2\u5355 \ud83d\ude00 \u00e9"})");
    row("lone surrogate escape", R"({"engine":"sqlite","message":"no such table: \udc00x"})");
    row("nul escape", R"({"engine":"sqlite","message":"no such table: a\u0000b"})");
    row("UTF-8 text",
        "{\"engine\":\"sqlite\",\"message\":\"no such table: \xe8\xae\xa2\xe5\x8d\x95\"}");
    row("bad UTF-8", "{\"engine\":\"sqlite\",\"message\":\"no such table: t\xe9st\"}");
    row("integer code",
        R"({"engine":"mariadb","message":"Table 'a.b' doesn't exist","code":1146})");
    row("negative code", R"({"engine":"sqlite","message":"x","code":-5})");
    row("fraction code", R"({"engine":"mariadb","message":"Unknown column 'x'","code":1054.5})");
    row("exponent code", R"({"engine":"mariadb","message":"Unknown column 'x'","code":1e3})");
    row("leading zero code", R"({"engine":"mariadb","message":"Unknown column 'x'","code":01054})");
    row("string code",
        R"({"engine":"postgresql","message":"relation \"x\" does not exist","code":"42P01"})");
    row("null and booleans",
        R"({"engine":null,"message":"no such table: t","code":true,"x":false})");
    row("nested other field",
        R"({"engine":"sqlite","meta":{"a":[1,2,{"b":"c"}]},"message":"no such table: t"})");
    row("message twice",
        R"({"message":"no such table: a","engine":"sqlite","message":"no such table: b"})");
    row("escaped key", R"({"engine":"sqlite","mess\u0061ge":"no such table: t"})");
    row("message a number", R"({"engine":"sqlite","message":42})");
    row("message null", R"({"engine":"sqlite","message":null})");
    row("empty object", "{}");
    row("raw control byte", "{\"engine\":\"sqlite\",\"message\":\"a\x01b\"}");
    row("trailing comma", R"({"engine":"sqlite","message":"t",})");
    row("trailing text", R"({"engine":"sqlite","message":"t"} x)");
    row("two objects", R"({"message":"a"}{"message":"b"})");
    row("bad escape", R"({"engine":"sqlite","message":"a\qb"})");
    row("short unicode escape", R"({"engine":"sqlite","message":"a\u12"})");
    row("unterminated", R"({"engine":"sqlite","message":"abc)");
    row("bare word", "message");
}

void tst_ClassifyCli::readsLinesAsQJsonDocumentDoes()
{
    QFETCH(QByteArray, line);
    const Run result = run({u"--threads"_s, u"1"_s}, line + '\n');
    QCOMPARE(result.lines().size(), 1);
    const QJsonObject got = objectOf(result.lines().at(0));

    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    const QJsonObject record = document.object();
    if (error.error != QJsonParseError::NoError || !document.isObject()
        || !record.value(u"message").isString()) {
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(got.contains(u"error"), result.out.constData());
        QCOMPARE(got.value(u"line").toInteger(), 1);
        return;
    }
    QString code;
    if (record.value(u"code").isString())
        code = record.value(u"code").toString();
    else if (record.value(u"code").isDouble())
        code = QString::number(record.value(u"code").toInteger());
    const QJsonObject expected =
            sqlmend::core::diagnose(
                    sqlmend::core::EngineError::fromText(
                            sqlmend::core::engineFromName(record.value(u"engine").toString()),
                            record.value(u"message").toString(), code))
                    .toJson();
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(got, expected);
}

// Thousands of lines over many blocks: on several threads the answers (and the line numbers of
// bad lines) are byte for byte what one thread writes.
void tst_ClassifyCli::threadsKeepTheOrder()
{
    QByteArray input;
    QList<int> badLines;
    for (int i = 1; i <= 6000; ++i) {
        if (i == 7 || i == 3001 || i == 6000) {
            input += "{\"engine\": \"sqlite\", \"mess\n";
            badLines.append(i);
            continue;
        }
        switch (i % 3) {
        case 0:
            input += record(u"postgresql"_s, u"ERROR:  column \"c%1\" does not exist"_s.arg(i),
                            u"42703"_s);
            break;
        case 1:
            input += record(u"mariadb"_s, u"Table 'shop.t%1' doesn't exist"_s.arg(i),
                            QJsonValue(1146));
            break;
        default:
            input += record(u"sqlite"_s, u"no such column: n%1"_s.arg(i));
        }
    }
    const Run one = run({u"--threads"_s, u"1"_s}, input);
    const Run three = run({u"--threads"_s, u"3"_s}, input);
    QCOMPARE(one.exitCode, 1);
    QCOMPARE(three.exitCode, 1);
    QCOMPARE(one.lines().size(), 6000);
    QVERIFY(three.out == one.out);
    QVERIFY(three.err == one.err);
    for (int i = 1; i <= 6000; ++i) {
        const QJsonObject object = objectOf(three.lines().at(i - 1));
        if (badLines.contains(i)) {
            QCOMPARE(object.value(u"line").toInteger(), i);
            continue;
        }
        const QString name = (i % 3 == 0 ? u"c%1"_s : i % 3 == 1 ? u"t%1"_s : u"n%1"_s).arg(i);
        QVERIFY2(object.value(u"root_cause").toString().contains(name), qPrintable(name));
    }
    qsizetype at = 0;
    for (const int line : badLines) {
        at = three.err.indexOf("line " + QByteArray::number(line) + ":", at);
        QVERIFY2(at >= 0, qPrintable(QString::number(line)));
    }
}

// Used as a filter, each line is answered while the input is still open.
void tst_ClassifyCli::answersBeforeTheInputEnds()
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    sqlmend::test::isolate(environment, m_home.path());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(SQLMEND_BINARY), {u"classify"_s, u"--threads"_s, u"2"_s});
    QVERIFY(process.waitForStarted(30000));
    QByteArray got;
    for (int i = 0; i < 3; ++i) {
        process.write(record(u"sqlite"_s, u"no such table: t%1"_s.arg(i)));
        while (got.count('\n') <= i && process.waitForReadyRead(60000))
            got += process.readAllStandardOutput();
        QCOMPARE(got.count('\n'), i + 1);
        QVERIFY(got.contains("t" + QByteArray::number(i)));
    }
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
}

void tst_ClassifyCli::badThreadCount()
{
    for (const QString &value : {u"0"_s, u"two"_s, u"-3"_s}) {
        const Run result = run({u"--threads"_s, value}, record(u"sqlite"_s, u"no such table: t"_s));
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.out.isEmpty());
        QVERIFY2(result.err.contains("--threads"), result.err.constData());
    }
}

QTEST_GUILESS_MAIN(tst_ClassifyCli)
#include "tst_classifycli.moc"
