#include "core/bench/modelbench.h"

#include "tests/support/scriptedllmserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {

const QString Endpoint = u"/v1/chat/completions"_s;
const QString DbId = u"concert_singer"_s;
// A second database whose one question has an empty gold result.
const QString EmptyDbId = u"planets"_s;
const QString EmptyQuestion = u"Which planets have more than 100 moons?"_s;
const QString EmptyGold = u"SELECT name FROM planet WHERE moons > 100"_s;

struct Gold
{
    QString question;
    QString sql;
};

// Four questions on one database. The scripted model answers Q1 right at once, misspells a
// column in Q2 (no unique autofix: the model must correct it), answers Q3 with SQL that runs but
// gives another result, and never writes SQL for Q4.
const QList<Gold> Questions = {
        {u"How many singers do we have?"_s, u"SELECT count(*) FROM singer"_s},
        {u"Show the name and age of the singers from France, youngest first."_s,
         u"SELECT name, age FROM singer WHERE country = 'France' ORDER BY age"_s},
        {u"What is the average age of the singers from France?"_s,
         u"SELECT avg(age) FROM singer WHERE country = 'France'"_s},
        {u"Which songs did male singers release?"_s,
         u"SELECT song_name FROM singer WHERE is_male = 1"_s},
};
const QString Q1Answer = u"SELECT COUNT(*) AS singers FROM singer"_s;
const QString Q2Wrong = u"SELECT fullname, age FROM singer WHERE country = 'France' ORDER BY age"_s;
const QString Q2Right = u"SELECT name, age FROM singer WHERE country = 'France' ORDER BY age"_s;
const QString Q3Answer = u"SELECT avg(age) FROM singer"_s;

ScriptedResponse reply(const QString &text, int promptTokens, int completionTokens)
{
    return ScriptedResponse::json(
            200, ScriptedLlmServer::openAiBody(text, promptTokens, completionTokens));
}

QString fenced(const QString &sql)
{
    return u"```sql\n%1\n```"_s.arg(sql);
}

QString userMessage(const RecordedRequest &request)
{
    const QJsonArray messages = request.json().value(u"messages"_s).toArray();
    return messages.isEmpty() ? QString()
                              : messages.last().toObject().value(u"content"_s).toString();
}

} // namespace

class tst_ModelBench : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void scoresTheSet_data();
    void scoresTheSet();
    void reportJson();
    void filters_data();
    void filters();
    void emptyGoldResult();
    void unreachableModelStopsEarly();
    void badInputFailsClearly_data();
    void badInputFailsClearly();

private:
    // Queues the model's answers for the four questions; maxCorrections bounds Q2 and Q4.
    void script(int maxCorrections);
    ModelBenchOptions options() const;

    QTemporaryDir m_dir;
    std::unique_ptr<ScriptedLlmServer> m_server;
};

void tst_ModelBench::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QDir root(m_dir.path());
    QVERIFY(root.mkpath(u"database/%1"_s.arg(DbId)));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(root.filePath(u"database/%1/%1.sqlite"_s.arg(DbId)));
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY2(query.exec(u"CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, "
                            u"country TEXT, song_name TEXT, age INTEGER, is_male INTEGER)"_s),
                 qPrintable(query.lastError().text()));
        QVERIFY(query.exec(u"INSERT INTO singer VALUES "
                           u"(1, 'Joe Sharp', 'Netherlands', 'You', 52, 1), "
                           u"(2, 'Timbaland', 'United States', 'Dangerous', 32, 1), "
                           u"(3, 'Justin Brown', 'France', 'Hey Oh', 29, 1), "
                           u"(4, 'Rose White', 'France', 'Sun', 41, 0), "
                           u"(5, 'John Nizinik', 'France', 'Gentleman', 43, 1), "
                           u"(6, 'Tribal King', 'France', 'Love', 25, 1)"_s));
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    QVERIFY(root.mkpath(u"database/%1"_s.arg(EmptyDbId)));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(root.filePath(u"database/%1/%1.sqlite"_s.arg(EmptyDbId)));
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"CREATE TABLE planet (name TEXT, moons INTEGER)"_s));
        QVERIFY(query.exec(u"INSERT INTO planet VALUES ('Earth', 1), ('Mars', 2)"_s));
    }
    QSqlDatabase::removeDatabase(u"setup"_s);

    QJsonArray items;
    for (const Gold &gold : Questions)
        items.append(QJsonObject{
                {u"db_id"_s, DbId}, {u"question"_s, gold.question}, {u"query"_s, gold.sql}});
    items.append(QJsonObject{
            {u"db_id"_s, EmptyDbId}, {u"question"_s, EmptyQuestion}, {u"query"_s, EmptyGold}});
    QFile dev(root.filePath(u"dev.json"_s));
    QVERIFY(dev.open(QIODevice::WriteOnly));
    dev.write(QJsonDocument(items).toJson());
}

void tst_ModelBench::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
}

void tst_ModelBench::cleanup()
{
    m_server.reset();
}

void tst_ModelBench::script(int maxCorrections)
{
    m_server->enqueue(Endpoint, reply(fenced(Q1Answer), 100, 10));
    m_server->enqueue(Endpoint, reply(fenced(Q2Wrong), 200, 20));
    if (maxCorrections > 0)
        m_server->enqueue(Endpoint, reply(u"Fixed:\n"_s + fenced(Q2Right), 300, 30));
    m_server->enqueue(Endpoint, reply(fenced(Q3Answer), 400, 40));
    for (int round = 0; round <= maxCorrections; ++round)
        m_server->enqueue(Endpoint, reply(u"I would rather not say."_s, 50, 5));
}

ModelBenchOptions tst_ModelBench::options() const
{
    ModelBenchOptions options;
    options.spiderDir = m_dir.path();
    options.provider.kind = ProviderKind::OpenAiCompatible;
    options.provider.baseUrl = m_server->url(u"/v1"_s);
    options.provider.model = u"scripted"_s;
    options.provider.stream = false;
    options.provider.retryBaseDelayMs = 5;
    options.provider.retryMaxDelayMs = 20;
    options.questionTimeoutMs = 30000;
    options.databases = {DbId};
    return options;
}

void tst_ModelBench::scoresTheSet_data()
{
    QTest::addColumn<int>("maxCorrections");
    QTest::addColumn<bool>("advice");
    QTest::addColumn<bool>("decapsulate");
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("correct");
    QTest::addColumn<int>("firstTry");
    QTest::addColumn<int>("corrected");
    QTest::addColumn<int>("llmCalls");
    QTest::addColumn<qint64>("tokens");
    QTest::addColumn<QString>("historyLabel");

    // Tokens are the server's usage figures: 110 + (220 + 330) + 440 + 3 * 55.
    QTest::newRow("default") << 2 << true << true << QString() << 2 << 1 << 1 << 7 << qint64(1265)
                             << u"Root cause:"_s;
    QTest::newRow("no advice") << 2 << false << true << QString() << 2 << 1 << 1 << 7
                               << qint64(1265) << u"Root cause:"_s;
    QTest::newRow("no decapsulation") << 2 << true << false << QString() << 2 << 1 << 1 << 7
                                      << qint64(1265) << u"Root cause:"_s;
    // Q2 fails after its one call: 110 + 220 + 440 + 55.
    QTest::newRow("max corrections 0")
            << 0 << true << true << QString() << 1 << 1 << 0 << 4 << qint64(825) << QString();
    QTest::newRow("zh_CN") << 2 << true << true << u"zh_CN"_s << 2 << 1 << 1 << 7 << qint64(1265)
                           << u"根本原因："_s;
}

void tst_ModelBench::scoresTheSet()
{
    QFETCH(int, maxCorrections);
    QFETCH(bool, advice);
    QFETCH(bool, decapsulate);
    QFETCH(QString, language);
    QFETCH(int, correct);
    QFETCH(int, firstTry);
    QFETCH(int, corrected);
    QFETCH(int, llmCalls);
    QFETCH(qint64, tokens);
    QFETCH(QString, historyLabel);

    script(maxCorrections);
    ModelBenchOptions bench = options();
    bench.maxCorrections = maxCorrections;
    bench.advice = advice;
    bench.decapsulate = decapsulate;
    bench.language = language;
    QList<QPair<int, int>> progress;
    const auto result = runModelBench(bench, [&progress](int done, int total) {
        progress.append({done, total});
    });
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    const ModelBenchReport &report = result.value();
    QCOMPARE(m_server->pending(Endpoint), 0); // every scripted answer was asked for
    QCOMPARE(m_server->requests().size(), llmCalls);
    QCOMPARE(progress, (QList<QPair<int, int>>{{1, 4}, {2, 4}, {3, 4}, {4, 4}}));

    QCOMPARE(report.questions.size(), 4);
    QList<bool> correctness;
    for (const ModelBenchQuestion &row : report.questions)
        correctness << row.correct;
    QCOMPARE(correctness, (QList<bool>{true, maxCorrections > 0, false, false}));
    QCOMPARE(report.questions.at(0).finalSql, Q1Answer);
    QCOMPARE(report.questions.at(2).status, u"ok"_s); // it ran; only the result is wrong
    QCOMPARE(report.questions.at(3).status, u"failed"_s);
    QCOMPARE(report.questions.at(3).finalSql, QString());
    QCOMPARE(report.questions.at(1).rounds, maxCorrections > 0 ? 2 : 1);
    QCOMPARE(report.questions.at(1).errorClasses, QStringList{u"column_missing"_s});

    const QJsonObject json = report.toJson();
    QCOMPARE(json.value(u"questions"_s).toInt(), 4);
    QCOMPARE(json.value(u"correct"_s).toInt(), correct);
    QCOMPARE(json.value(u"execution_accuracy"_s).toDouble(), correct / 4.0);
    QCOMPARE(json.value(u"first_try_accuracy"_s).toDouble(), firstTry / 4.0);
    QCOMPARE(json.value(u"corrected"_s).toInt(), corrected);
    QCOMPARE(json.value(u"llm_calls"_s).toInt(), llmCalls);
    QCOMPARE(json.value(u"tokens"_s).toInteger(), tokens);
    const QJsonObject ablation = json.value(u"ablation"_s).toObject();
    QCOMPARE(ablation.value(u"advice"_s).toBool(), advice);
    QCOMPARE(ablation.value(u"decapsulate"_s).toBool(), decapsulate);
    QCOMPARE(ablation.value(u"max_corrections"_s).toInt(), maxCorrections);

    // No prompt carries advice with --no-advice; the rest of the history stays.
    for (const RecordedRequest &request : m_server->requests()) {
        const QString text = userMessage(request);
        if (!advice) {
            QVERIFY2(!text.contains(u"Advice:"_s), qPrintable(text));
            QVERIFY(!text.contains(u"Answer with exactly one SQL statement"_s));
        }
    }
    if (maxCorrections == 0)
        return;
    // Q2's second prompt: the question, the failed SQL, its error; the advice unless ablated.
    const QString second = userMessage(m_server->requests().at(2));
    QVERIFY(second.contains(Questions.at(1).question));
    QVERIFY2(second.contains(Q2Wrong), qPrintable(second));
    QVERIFY(second.contains(historyLabel));
    QVERIFY(second.contains(u"no such column: fullname"_s));
    const bool adviceShown = second.contains(u"Advice:"_s) || second.contains(u"建议："_s);
    QCOMPARE(adviceShown, advice);
    QCOMPARE(second.contains(u"Unable to execute statement"_s), !decapsulate);
    // Q4's later prompts carry the reason the reply failed.
    const QString noSql = userMessage(m_server->requests().last());
    QVERIFY2(noSql.contains(u"no SQL"_s), qPrintable(noSql));
}

void tst_ModelBench::reportJson()
{
    script(2);
    const auto result = runModelBench(options());
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    const QJsonObject json = result->toJson();
    QCOMPARE(json.value(u"mode"_s).toString(), u"model"_s);
    QCOMPARE(json.value(u"model"_s).toString(), u"scripted"_s);
    QCOMPARE(json.value(u"provider"_s).toString(), u"openai"_s);
    const QJsonObject latency = json.value(u"latency_ms"_s).toObject();
    QVERIFY(latency.contains(u"mean"_s) && latency.contains(u"p50"_s)
            && latency.contains(u"p90"_s));
    QVERIFY(latency.value(u"p50"_s).toInteger() <= latency.value(u"p90"_s).toInteger());
    QCOMPARE(json.value(u"attempts"_s).toObject().value(u"llm"_s).toInt(), 7);
    QCOMPARE(json.value(u"classes"_s).toObject().value(u"column_missing"_s).toInt(), 1);
    const QJsonObject statuses = json.value(u"statuses"_s).toObject();
    QCOMPARE(statuses.value(u"ok"_s).toInt(), 3);
    QCOMPARE(statuses.value(u"failed"_s).toInt(), 1);
    const QJsonObject database = json.value(u"per_database"_s).toObject().value(DbId).toObject();
    QCOMPARE(database.value(u"questions"_s).toInt(), 4);
    QCOMPARE(database.value(u"correct"_s).toInt(), 2);

    const QJsonArray rows = json.value(u"per_question"_s).toArray();
    QCOMPARE(rows.size(), 4);
    const QJsonObject q2 = rows.at(1).toObject();
    QCOMPARE(q2.value(u"index"_s).toInt(), 1);
    QCOMPARE(q2.value(u"db_id"_s).toString(), DbId);
    QCOMPARE(q2.value(u"question"_s).toString(), Questions.at(1).question);
    QCOMPARE(q2.value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(q2.value(u"correct"_s).toBool(), true);
    QCOMPARE(q2.value(u"rounds"_s).toInt(), 2);
    QCOMPARE(q2.value(u"tokens"_s).toInteger(), 550);
    QCOMPARE(q2.value(u"final_sql"_s).toString(), Q2Right);
    QVERIFY(q2.value(u"ms"_s).toInteger() >= 0);

    const QString text = result->toText();
    QVERIFY2(text.contains(u"50.0%"_s), qPrintable(text));
    QVERIFY(text.contains(DbId));
}

void tst_ModelBench::filters_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<QStringList>("databases");
    QTest::addColumn<int>("questions");
    QTest::newRow("limit 2") << 2 << QStringList() << 2;
    QTest::newRow("all databases") << 0 << QStringList() << 5;
    QTest::newRow("database") << 1 << QStringList{DbId} << 1;
}

void tst_ModelBench::filters()
{
    QFETCH(int, limit);
    QFETCH(QStringList, databases);
    QFETCH(int, questions);
    script(2);
    for (int round = 0; round < 2; ++round)
        m_server->enqueue(Endpoint, reply(fenced(EmptyGold), 10, 1));
    ModelBenchOptions bench = options();
    bench.limit = limit;
    bench.databases = databases;
    const auto result = runModelBench(bench);
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    QCOMPARE(result->questions.size(), questions);
    QCOMPARE(result->questions.constFirst().index, 0);
    QCOMPARE(result->questions.constLast().index, questions - 1);
}

void tst_ModelBench::emptyGoldResult()
{
    // The empty result earns an extra round; the model stands by its statement, so no rows is
    // the answer and the question ends "ok", and it equals the (empty) gold result.
    m_server->enqueue(Endpoint, reply(fenced(EmptyGold), 10, 1));
    m_server->enqueue(Endpoint, reply(fenced(EmptyGold), 10, 1));
    ModelBenchOptions bench = options();
    bench.databases = {EmptyDbId};
    const auto result = runModelBench(bench);
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    QCOMPARE(result->questions.size(), 1);
    const ModelBenchQuestion &row = result->questions.constFirst();
    QCOMPARE(row.index, 4);
    QCOMPARE(row.rounds, 2);
    QCOMPARE(row.status, u"ok"_s);
    QCOMPARE(row.finalSql, EmptyGold);
    QVERIFY(row.correct);
    QVERIFY(row.firstTryCorrect);
}

void tst_ModelBench::unreachableModelStopsEarly()
{
    // A port that was just free: nothing listens there.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const quint16 port = probe.serverPort();
    probe.close();
    ModelBenchOptions bench = options();
    bench.provider.baseUrl = QUrl(u"http://127.0.0.1:%1/v1"_s.arg(port));
    bench.provider.maxTransportRetries = 1;
    int calls = 0;
    QElapsedTimer timer;
    timer.start();
    const auto result = runModelBench(bench, [&calls](int, int) { ++calls; });
    QVERIFY(!result);
    QCOMPARE(result.error().code, u"model_unreachable"_s);
    QVERIFY2(result.error().message.contains(u"network"_s), qPrintable(result.error().message));
    QCOMPARE(calls, 0); // stopped at the first question
    QVERIFY(timer.elapsed() < 20000);
}

void tst_ModelBench::badInputFailsClearly_data()
{
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QStringList>("databases");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing folder")
            << u"/nonexistent/spider"_s << QStringList() << u"m"_s << u"does not exist"_s;
    QTest::newRow("empty folder") << QString() << QStringList() << u"m"_s << u"Spider"_s;
    QTest::newRow("unknown database")
            << u"."_s << QStringList{u"no_such_db"_s} << u"m"_s << u"no_such_db"_s;
    QTest::newRow("no model") << u"."_s << QStringList() << QString() << u"model"_s;
}

void tst_ModelBench::badInputFailsClearly()
{
    QFETCH(QString, dir);
    QFETCH(QStringList, databases);
    QFETCH(QString, model);
    QFETCH(QString, expected);
    ModelBenchOptions bench = options();
    bench.spiderDir = dir == u"."_s ? m_dir.path() : dir;
    bench.databases = databases;
    bench.provider.model = model;
    const auto result = runModelBench(bench);
    QVERIFY(!result);
    QVERIFY2(result.error().message.contains(expected, Qt::CaseInsensitive),
             qPrintable(result.error().message));
    QVERIFY(m_server->requests().isEmpty());
}

QTEST_GUILESS_MAIN(tst_ModelBench)
#include "tst_modelbench.moc"
