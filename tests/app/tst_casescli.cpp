// sqlmend cases, run as a user runs it: the built binary through QProcess, on SQLite stores in a
// temporary folder (never the user's own store).

#include "tests/support/cliprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using Run = sqlmend::test::CliRun;

QByteArray caseLine(const QString &kind, const QString &question, const QString &errorClass = {})
{
    QJsonObject object{{u"kind"_s, kind},
                       {u"question"_s, question},
                       {u"sql"_s, u"SELECT 1"_s},
                       {u"columns"_s, QJsonArray{u"one"_s}},
                       {u"row_count"_s, 1}};
    if (!errorClass.isEmpty())
        object.insert(u"error_class", errorClass);
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

class tst_CasesCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void badUsage_data();
    void badUsage();
    void badStore();
    void emptyStore();
    void importListExport();
    void exportRoundTripThroughFiles();
    void importFromStandardInput_data();
    void importFromStandardInput();

private:
    Run run(const QStringList &arguments, const QByteArray &input = {});
    QString store(const QString &name) const { return m_home.filePath(name + u".sqlite"_s); }

    QTemporaryDir m_home;
};

Run tst_CasesCli::run(const QStringList &arguments, const QByteArray &input)
{
    sqlmend::test::CliOptions options;
    sqlmend::test::isolate(options.environment, m_home.path());
    options.input = input;
    return sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY),
                                 QStringList{u"cases"_s} + arguments, options);
}

void tst_CasesCli::initTestCase()
{
    QVERIFY(m_home.isValid());
}

void tst_CasesCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no action") << QStringList{};
    QTest::newRow("unknown action") << QStringList{u"drop"_s};
    QTest::newRow("unknown option") << QStringList{u"list"_s, u"--frobnicate"_s};
    QTest::newRow("bad kind") << QStringList{u"list"_s, u"--kind"_s, u"ugly"_s};
    QTest::newRow("bad class") << QStringList{u"list"_s, u"--class"_s, u"nonsense"_s};
    QTest::newRow("import without file") << QStringList{u"import"_s};
    QTest::newRow("import with two files") << QStringList{u"import"_s, u"a"_s, u"b"_s};
    QTest::newRow("list with a file") << QStringList{u"list"_s, u"a"_s};
    QTest::newRow("output for list") << QStringList{u"list"_s, u"--output"_s, u"x"_s};
}

void tst_CasesCli::badUsage()
{
    QFETCH(QStringList, arguments);
    const Run result = run(arguments + QStringList{u"--store"_s, store(u"usage"_s)});
    QCOMPARE(result.exitCode, 2);
    QVERIFY(result.out.isEmpty());
    QVERIFY(result.err.startsWith("sqlmend cases: "));
}

void tst_CasesCli::badStore()
{
    Run result = run({u"list"_s, u"--store"_s, u"ftp://example.org/cases"_s});
    QCOMPARE(result.exitCode, 1);
    QVERIFY(result.err.contains("ftp://example.org/cases"));
    QFile junk(m_home.filePath(u"junk.sqlite"_s));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write(QByteArray(8192, '\xee'));
    junk.close();
    result = run({u"list"_s, u"--store"_s, junk.fileName()});
    QCOMPARE(result.exitCode, 1);
    QVERIFY(!result.err.isEmpty());
}

void tst_CasesCli::emptyStore()
{
    Run result = run({u"list"_s, u"--json"_s, u"--store"_s, store(u"empty"_s)});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(result.out).array().size(), 0);
    QVERIFY(QJsonDocument::fromJson(result.out).isArray());
    result = run({u"export"_s, u"--store"_s, store(u"empty"_s)});
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.out.isEmpty());
}

void tst_CasesCli::importListExport()
{
    const QString target = store(u"main"_s);
    const QByteArray input = caseLine(u"good"_s, u"How many customers per country?"_s)
            + caseLine(u"bad"_s, u"Show customer names"_s, u"column_missing"_s)
            + "this line is not JSON\n" + caseLine(u"bad"_s, u"Orders by month"_s, u"syntax"_s)
            + caseLine(u"good"_s, u"每个国家有多少客户"_s);
    QFile file(m_home.filePath(u"input.jsonl"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(input);
    file.close();

    Run result = run({u"import"_s, u"--store"_s, target, file.fileName()});
    QCOMPARE(result.exitCode, 1); // one bad line
    const QJsonObject summary = QJsonDocument::fromJson(result.out).object();
    QCOMPARE(summary.value(u"imported").toInt(), 4);
    const QJsonArray problems = summary.value(u"problems").toArray();
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems.at(0).toObject().value(u"line").toInt(), 3);
    QVERIFY(result.err.contains("line 3"));

    result = run({u"list"_s, u"--json"_s, u"--store"_s, target});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(result.out).array().size(), 4);

    result = run({u"list"_s, u"--json"_s, u"--kind"_s, u"bad"_s, u"--store"_s, target});
    const QJsonArray bad = QJsonDocument::fromJson(result.out).array();
    QCOMPARE(bad.size(), 2);
    QCOMPARE(bad.at(0).toObject().value(u"kind").toString(), u"bad"_s);

    result = run({u"list"_s, u"--json"_s, u"--class"_s, u"syntax"_s, u"--store"_s, target});
    QCOMPARE(QJsonDocument::fromJson(result.out).array().size(), 1);

    result = run({u"list"_s, u"--json"_s, u"--search"_s, u"customers"_s, u"--store"_s, target});
    QCOMPARE(QJsonDocument::fromJson(result.out).array().size(), 1);

    result = run({u"list"_s, u"--json"_s, u"--search"_s, u"国家"_s, u"--store"_s, target});
    const QJsonArray chinese = QJsonDocument::fromJson(result.out).array();
    QCOMPARE(chinese.size(), 1);
    QCOMPARE(chinese.at(0).toObject().value(u"question").toString(), u"每个国家有多少客户"_s);

    // The table form: one line a case on stdout, the count on stderr.
    result = run({u"list"_s, u"--store"_s, u"sqlite://"_s + target});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out.count('\n'), 4);
    QVERIFY(result.out.contains("column_missing"));

    result = run({u"export"_s, u"--kind"_s, u"good"_s, u"--store"_s, target});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out.count('\n'), 2);
}

void tst_CasesCli::exportRoundTripThroughFiles()
{
    const QString first = store(u"first"_s);
    QByteArray input;
    for (int i = 0; i < 20; ++i)
        input += caseLine(i % 2 ? u"good"_s : u"bad"_s, u"question %1 ✓"_s.arg(i));
    QVERIFY(run({u"import"_s, u"--store"_s, first, u"-"_s}, input).exitCode == 0);

    const QString exported = m_home.filePath(u"exported.jsonl"_s);
    Run result = run({u"export"_s, u"--store"_s, first, u"--output"_s, exported});
    QCOMPARE(result.exitCode, 0);
    QFile file(exported);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QCOMPARE(bytes.count('\n'), 20);

    const QString second = store(u"second"_s);
    QCOMPARE(run({u"import"_s, u"--store"_s, second, exported}).exitCode, 0);
    result = run({u"export"_s, u"--store"_s, second, u"--output"_s, u"-"_s});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out, bytes);

    // The same export again adds nothing, and says how many it skipped.
    result = run({u"import"_s, u"--store"_s, second, exported});
    QCOMPARE(result.exitCode, 0);
    const QJsonObject again = QJsonDocument::fromJson(result.out).object();
    QCOMPARE(again.value(u"imported").toInt(-1), 0);
    QCOMPARE(again.value(u"skipped").toInt(-1), 20);
    QVERIFY2(result.err.contains("20 case(s) skipped"), result.err.constData());
    result = run({u"list"_s, u"--json"_s, u"--store"_s, second});
    QCOMPARE(QJsonDocument::fromJson(result.out).array().size(), 20);

    // An export into a folder that does not exist fails and says where.
    result = run({u"export"_s, u"--store"_s, first, u"--output"_s,
                  m_home.filePath(u"no/such/folder/out.jsonl"_s)});
    QCOMPARE(result.exitCode, 1);
    QVERIFY(result.err.contains("out.jsonl"));
}

void tst_CasesCli::importFromStandardInput_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("imported");
    QTest::newRow("empty") << QByteArray() << 0 << 0;
    QTest::newRow("blank lines") << QByteArray("\n\n  \n") << 0 << 0;
    QByteArray junk(256 * 1024, '\0');
    for (int i = 0; i < junk.size(); ++i)
        junk[i] = char((i * 131) % 251);
    QTest::newRow("binary junk") << junk << 1 << 0;
    QByteArray huge = "{\"kind\": \"bad\", \"question\": \"huge\", \"notes\": \""
            + QByteArray(10 * 1024 * 1024, 'n') + "\"}\n";
    QTest::newRow("10 MB line") << huge << 0 << 1;
}

void tst_CasesCli::importFromStandardInput()
{
    QFETCH(QByteArray, input);
    QFETCH(int, exitCode);
    QFETCH(int, imported);
    const Run result =
            run({u"import"_s, u"--store"_s,
                 store(u"stdin"_s + QString::fromLatin1(QTest::currentDataTag())), u"-"_s},
                input);
    QCOMPARE(result.exitCode, exitCode);
    const QJsonObject summary = QJsonDocument::fromJson(result.out).object();
    QCOMPARE(summary.value(u"imported").toInt(-1), imported);
}

QTEST_GUILESS_MAIN(tst_CasesCli)
#include "tst_casescli.moc"
