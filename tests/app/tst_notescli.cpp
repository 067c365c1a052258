#include "core/demo/demodatabase.h"
#include "tests/support/cliprocess.h"
#include "tests/support/scriptedllmserver.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {
const QString Endpoint = u"/v1/chat/completions"_s;
}

// sqlmend notes, driven as a user would drive it, and what ask then sends the model: a scripted
// server in this process records every request.
class TestNotesCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void setListAndKeepFields();
    void noteReachesThePromptNextToItsTable();
    void exportImportWithBadLines();
    void removes();
    void badUsage_data();
    void badUsage();

private:
    CliRun notes(const QStringList &arguments, const QByteArray &input = {});
    QString m_store;
    QTemporaryDir m_dir;
    QString m_url;
};

void TestNotesCli::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    QVERIFY(m_dir.isValid());
    const auto path = sqlmend::core::DemoDatabase::ensure(m_dir.filePath(u"shop.db"_s));
    QVERIFY(path);
    m_url = u"sqlite:///"_s + path.value();
    m_store = m_dir.filePath(u"cases.sqlite"_s);
}

CliRun TestNotesCli::notes(const QStringList &arguments, const QByteArray &input)
{
    CliOptions options;
    isolate(options.environment, m_dir.filePath(u"home"_s));
    options.input = input;
    options.timeoutMs = 60000;
    QStringList all{u"notes"_s};
    all += arguments;
    if (!arguments.contains(u"--store"_s))
        all += {u"--store"_s, m_store};
    return runCli(QStringLiteral(SQLMEND_BINARY), all, options);
}

void TestNotesCli::setListAndKeepFields()
{
    CliRun set = notes({u"set"_s, u"--db"_s, m_url, u"users"_s, u"--description"_s,
                        u"People with an account"_s, u"--synonym"_s, u"customer"_s});
    QCOMPARE(set.exitCode, 0);
    QCOMPARE(set.json.value(u"table"_s).toString(), u"users"_s);
    // A second set names only the synonyms: the description stays.
    set = notes({u"set"_s, u"--db"_s, m_url, u"users"_s, u"--synonym"_s, u"client"_s,
                 u"--synonym"_s, u"buyer"_s});
    QCOMPARE(set.exitCode, 0);
    QCOMPARE(set.json.value(u"description"_s).toString(), u"People with an account"_s);
    QCOMPARE(set.json.value(u"synonyms"_s).toArray(), (QJsonArray{u"client"_s, u"buyer"_s}));

    const CliRun list = notes({u"list"_s, u"--db"_s, m_url, u"--json"_s});
    QCOMPARE(list.exitCode, 0);
    const QJsonArray array = QJsonDocument::fromJson(list.out).array();
    QCOMPARE(array.size(), 1);
    QCOMPARE(array.at(0).toObject().value(u"description"_s).toString(),
             u"People with an account"_s);
    const CliRun text = notes({u"list"_s, u"--db"_s, m_url});
    QVERIFY2(text.out.contains("People with an account; also: client, buyer"), text.out);
    // Another database's notes are its own.
    const CliRun other = notes({u"list"_s, u"--db"_s, u"sqlite:///elsewhere.db"_s, u"--json"_s});
    QCOMPARE(QJsonDocument::fromJson(other.out).array().size(), 0);
}

void TestNotesCli::noteReachesThePromptNextToItsTable()
{
    const QString store = m_dir.filePath(u"ask-cases.sqlite"_s);
    QCOMPARE(
            notes({u"set"_s, u"--db"_s, m_url, u"--store"_s, store, u"orders"_s, u"--description"_s,
                   u"One row per checkout, placed by a user"_s, u"--synonym"_s, u"sale"_s})
                    .exitCode,
            0);
    QCOMPARE(notes({u"set"_s, u"--db"_s, m_url, u"--store"_s, store, u"orders.status"_s,
                    u"--value"_s, u"paid"_s, u"--value"_s, u"cancelled"_s})
                     .exitCode,
             0);
    QCOMPARE(notes({u"set"_s, u"--db"_s, m_url, u"--store"_s, store, u"--term"_s, u"big spender"_s,
                    u"--definition"_s, u"a user whose paid orders add up to more than 500"_s,
                    u"--table"_s, u"orders"_s})
                     .exitCode,
             0);

    ScriptedLlmServer server;
    QVERIFY(server.listen());
    server.enqueue(Endpoint,
                   ScriptedResponse::json(200,
                                          ScriptedLlmServer::openAiBody(
                                                  u"```sql\nSELECT count(*) FROM orders\n```"_s)));
    CliOptions options;
    isolate(options.environment, m_dir.filePath(u"home"_s));
    options.environment.insert(u"SQLMEND_TEST_KEY"_s, u"test-key"_s);
    const CliRun ask =
            runCli(QStringLiteral(SQLMEND_BINARY),
                   {u"ask"_s, u"--db"_s, m_url, u"--cases"_s, store, u"--question"_s,
                    u"How many big spenders made a sale?"_s, u"--llm-url"_s,
                    server.url(u"/v1"_s).toString(), u"--model"_s, u"scripted"_s,
                    u"--api-key-env"_s, u"SQLMEND_TEST_KEY"_s, u"--no-stream"_s, u"--json"_s},
                   options);
    QCOMPARE(ask.exitCode, 0);
    QCOMPARE(server.requests().size(), 1);
    const QJsonArray messages = server.requests().at(0).json().value(u"messages"_s).toArray();
    const QString prompt = messages.last().toObject().value(u"content"_s).toString();
    const QStringList lines = prompt.split(u'\n');
    const qsizetype table = lines.indexOf(
            QRegularExpression(u"^orders\\(id INTEGER PK, user_id INTEGER -> users\\.id.*"_s));
    QVERIFY2(table >= 0, qPrintable(prompt));
    QCOMPARE(lines.at(table + 1), u"-- One row per checkout, placed by a user; also: sale"_s);
    QVERIFY2(lines.mid(table + 2).contains(u"--   status: values: paid, cancelled"_s),
             qPrintable(prompt));
    QVERIFY2(prompt.contains(u"--   \"big spender\": a user whose paid orders add up to more "
                             "than 500 (tables: orders)"_s),
             qPrintable(prompt));
    // The notes are the user's words; nothing of the rows is in the prompt.
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"shop"_s);
    db.setDatabaseName(m_url.mid(u"sqlite:///"_s.size()));
    QVERIFY(db.open());
    QSqlQuery names(db);
    QVERIFY(names.exec(u"SELECT username FROM users"_s));
    int checked = 0;
    while (names.next()) {
        QVERIFY2(!prompt.contains(names.value(0).toString()),
                 qPrintable(names.value(0).toString()));
        ++checked;
    }
    QCOMPARE_GT(checked, 0);
}

void TestNotesCli::exportImportWithBadLines()
{
    const QString source = m_dir.filePath(u"source.sqlite"_s);
    const QString target = m_dir.filePath(u"target.sqlite"_s);
    QCOMPARE(notes({u"set"_s, u"--db"_s, m_url, u"--store"_s, source, u"payments.amount"_s,
                    u"--description"_s, u"In euros"_s, u"--formula"_s, u"sum(amount)"_s})
                     .exitCode,
             0);
    QCOMPARE(notes({u"set"_s, u"--db"_s, m_url, u"--store"_s, source, u"--term"_s, u"revenue"_s,
                    u"--definition"_s, u"the sum of payments"_s})
                     .exitCode,
             0);
    const QString file = m_dir.filePath(u"notes.jsonl"_s);
    const CliRun exported =
            notes({u"export"_s, u"--db"_s, m_url, u"--store"_s, source, u"--output"_s, file});
    QCOMPARE(exported.exitCode, 0);
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QByteArray lines = written.readAll();
    QCOMPARE(lines.count('\n'), 2);

    // Bad lines among the good: each reported with its number, the good ones kept.
    lines.insert(0, "{\"kind\":\"note\"}\n");
    lines.append("this is not json\n{\"kind\":\"term\",\"term\":\"aov\",\"definition\":\"average "
                 "order value\",\"tables\":[\"orders\"]}\n");
    const CliRun imported =
            notes({u"import"_s, u"--db"_s, m_url, u"--store"_s, target, u"-"_s}, lines);
    QCOMPARE(imported.exitCode, 1);
    QCOMPARE(imported.json.value(u"imported"_s).toInt(), 3);
    const QJsonArray problems = imported.json.value(u"problems"_s).toArray();
    QCOMPARE(problems.size(), 2);
    QCOMPARE(problems.at(0).toObject().value(u"line"_s).toInt(), 1);
    QCOMPARE(problems.at(1).toObject().value(u"line"_s).toInt(), 4);
    QVERIFY2(imported.err.contains("line 4: not JSON"), imported.err);

    const CliRun list = notes({u"list"_s, u"--db"_s, m_url, u"--store"_s, target, u"--json"_s});
    const QJsonArray all = QJsonDocument::fromJson(list.out).array();
    QCOMPARE(all.size(), 3);
    QCOMPARE(all.at(0).toObject().value(u"formula"_s).toString(), u"sum(amount)"_s);
}

void TestNotesCli::removes()
{
    const QString store = m_dir.filePath(u"remove.sqlite"_s);
    QCOMPARE(notes({u"set"_s, u"--db"_s, m_url, u"--store"_s, store, u"products"_s,
                    u"--description"_s, u"What the shop sells"_s})
                     .exitCode,
             0);
    QCOMPARE(notes({u"set"_s, u"--db"_s, m_url, u"--store"_s, store, u"--term"_s, u"sku"_s,
                    u"--definition"_s, u"stock keeping unit"_s})
                     .exitCode,
             0);
    QCOMPARE(notes({u"remove"_s, u"--db"_s, m_url, u"--store"_s, store, u"Products"_s}).exitCode,
             0);
    QCOMPARE(notes({u"remove"_s, u"--db"_s, m_url, u"--store"_s, store, u"--term"_s, u"SKU"_s})
                     .exitCode,
             0);
    const CliRun again =
            notes({u"remove"_s, u"--db"_s, m_url, u"--store"_s, store, u"--term"_s, u"sku"_s});
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains("no term"), again.err);
    const CliRun list = notes({u"list"_s, u"--db"_s, m_url, u"--store"_s, store, u"--json"_s});
    QCOMPARE(QJsonDocument::fromJson(list.out).array().size(), 0);
}

void TestNotesCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no action") << QStringList{u"--db"_s, u"demo"_s} << u"say list"_s;
    QTest::newRow("unknown action")
            << QStringList{u"drop"_s, u"--db"_s, u"demo"_s} << u"unknown action"_s;
    QTest::newRow("no db") << QStringList{u"list"_s} << u"--db URL is required"_s;
    QTest::newRow("bad db") << QStringList{u"list"_s, u"--db"_s, u"gopher://x"_s} << u"gopher"_s;
    QTest::newRow("set without fields")
            << QStringList{u"set"_s, u"--db"_s, u"demo"_s, u"orders"_s} << u"say what to set"_s;
    QTest::newRow("set without target")
            << QStringList{u"set"_s, u"--db"_s, u"demo"_s, u"--description"_s, u"x"_s}
            << u"takes one TABLE"_s;
    QTest::newRow("bad target") << QStringList{u"set"_s,   u"--db"_s,          u"demo"_s,
                                               u"a.b.c"_s, u"--description"_s, u"x"_s}
                                << u"name a table"_s;
    QTest::newRow("term without definition")
            << QStringList{u"set"_s, u"--db"_s, u"demo"_s, u"--term"_s, u"x"_s}
            << u"has no definition"_s;
    QTest::newRow("term with a note's field")
            << QStringList{u"set"_s, u"--db"_s,      u"demo"_s, u"--term"_s,
                           u"x"_s,   u"--synonym"_s, u"y"_s}
            << u"a term takes"_s;
    QTest::newRow("fields for list")
            << QStringList{u"list"_s, u"--db"_s, u"demo"_s, u"--description"_s, u"x"_s}
            << u"are for set"_s;
    QTest::newRow("import without file")
            << QStringList{u"import"_s, u"--db"_s, u"demo"_s} << u"import takes one FILE"_s;
}

void TestNotesCli::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliRun run = notes(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err);
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestNotesCli)
#include "tst_notescli.moc"
