#include "core/loop/correctionloop.h"

#include "core/cases/casestoreservice.h"
#include "core/demo/demodatabase.h"
#include "core/exec/executor.h"
#include "core/llm/demoprovider.h"
#include "core/llm/llmprovider.h"
#include "tests/support/scriptedllmserver.h"

#include <QJsonArray>
#include <QPointer>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {

const QString Endpoint = u"/v1/chat/completions"_s;
// A value only the data holds: it must never reach a prompt unless sample values are on.
const QString SecretValue = u"zebra-42"_s;
const QString EndlessCte = u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                           u"SELECT count(*) FROM c"_s;

QString fenced(const QString &sql)
{
    return u"Here you go:\n```sql\n%1\n```"_s.arg(sql);
}

ScriptedResponse answer(const QString &text)
{
    return ScriptedResponse::json(200, ScriptedLlmServer::openAiBody(text));
}

// The user message the model received in a recorded request.
QString userMessage(const RecordedRequest &request)
{
    const QJsonArray messages = request.json().value(u"messages"_s).toArray();
    return messages.isEmpty() ? QString()
                              : messages.last().toObject().value(u"content"_s).toString();
}

QStringList origins(const QuestionOutcome &outcome)
{
    QStringList list;
    for (const LoopAttempt &attempt : outcome.attempts)
        list << attemptOriginName(attempt.origin);
    return list;
}

// The store's answer; the store runs on its own thread, so the test thread may wait for it.
template<typename T>
T awaited(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

QStringList outcomes(const QuestionOutcome &outcome)
{
    QStringList list;
    for (const LoopAttempt &attempt : outcome.attempts)
        list << attemptOutcomeName(attempt.outcome);
    return list;
}

} // namespace

class tst_CorrectionLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void fixInRoundOneWithHistory();
    void terminalStopsAfterOneCall_data();
    void terminalStopsAfterOneCall();
    void correctionBoundHolds_data();
    void correctionBoundHolds();
    void transportRetryIsNotARound();
    void replyWithoutSqlIsARound();
    void badRepliesFailClearly_data();
    void badRepliesFailClearly();
    void cacheHitMakesNoModelCall();
    void autofixMakesNoModelCall();
    void autofixInDoubtIsNoAnswer_data();
    void autofixInDoubtIsNoAnswer();
    void spellingFixThatRepeatsItsFilterIsNoAnswer();
    void truncatedReplyIsNotRun();
    void repairsRunInOrder();
    void storeThatCannotAnswerCostsNothing();
    void noRowValueInAnyPrompt_data();
    void noRowValueInAnyPrompt();
    void emptyResultGetsOneExtraRound_data();
    void emptyResultGetsOneExtraRound();
    void modelStandsByAnEmptyResult();
    void sameSqlIsNotRunTwice();
    void cancelMidStream();
    void cancelReachesTheDatabase();
    void timeoutGetsOneNarrowingRound();
    void wallClockBound();
    void demoCorrectionEndToEnd_data();
    void demoCorrectionEndToEnd();
    void refusesASecondQuestionWhileRunning();
    void failureWithoutSqlIsHistoryNotABadCase_data();
    void failureWithoutSqlIsHistoryNotABadCase();
    void closedConnectionEndsTheQuestion_data();
    void closedConnectionEndsTheQuestion();

private:
    QuestionOutcome run(CorrectionLoop &loop, const QString &question, int timeoutMs = 30000);
    std::shared_ptr<const LlmProvider> scriptedProvider(bool stream = false) const;
    LoopPolicy policy(bool autofix = false) const;

    QTemporaryDir m_dir;
    QString m_database;
    std::unique_ptr<ScriptedLlmServer> m_server;
    std::unique_ptr<Executor> m_executor;
};

void tst_CorrectionLoop::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const auto path = DemoDatabase::ensure(m_dir.filePath(u"shop.db"_s));
    QVERIFY2(path, qPrintable(path ? QString() : path.error().message));
    m_database = path.value();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(m_database);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY2(query.exec(u"UPDATE users SET username = '%1' WHERE id = 1"_s.arg(SecretValue)),
                 qPrintable(query.lastError().text()));
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
}

void tst_CorrectionLoop::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
    const auto profile = ConnectionProfile::fromUrl(u"sqlite:///"_s + m_database);
    QVERIFY(profile);
    m_executor = std::make_unique<Executor>(profile.value());
}

void tst_CorrectionLoop::cleanup()
{
    m_executor.reset();
    m_server.reset();
}

std::shared_ptr<const LlmProvider> tst_CorrectionLoop::scriptedProvider(bool stream) const
{
    ProviderSettings settings;
    settings.kind = ProviderKind::OpenAiCompatible;
    settings.baseUrl = m_server->url(u"/v1"_s);
    settings.model = u"scripted"_s;
    settings.apiKey = u"test-key"_s;
    settings.stream = stream;
    settings.retryBaseDelayMs = 5;
    settings.retryMaxDelayMs = 20;
    const auto provider = LlmProvider::create(settings);
    return provider ? provider.value() : nullptr;
}

LoopPolicy tst_CorrectionLoop::policy(bool autofix) const
{
    LoopPolicy policy;
    policy.autofix = autofix;
    policy.stream = false;
    policy.wallClockMs = 60000;
    return policy;
}

QuestionOutcome tst_CorrectionLoop::run(CorrectionLoop &loop, const QString &question,
                                        int timeoutMs)
{
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    if (!loop.ask(question))
        return {};
    if (!finished.wait(timeoutMs) || finished.size() != 1)
        return {};
    return finished.at(0).at(0).value<QuestionOutcome>();
}

void tst_CorrectionLoop::fixInRoundOneWithHistory()
{
    const QString wrong = u"SELECT user_name FROM users WHERE city = 'Berlin'"_s;
    const QString right = u"SELECT username FROM users WHERE city = 'Berlin'"_s;
    m_server->enqueue(Endpoint, answer(fenced(wrong)));
    m_server->enqueue(Endpoint, answer(fenced(right)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    QSignalSpy diagnosed(&loop, &CorrectionLoop::diagnosed);

    const QuestionOutcome outcome = run(loop, u"Which users live in Berlin?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 2);
    QCOMPARE(outcomes(outcome), QStringList({u"error"_s, u"ok"_s}));
    QCOMPARE(outcome.finalSql, right);
    QCOMPARE(outcome.columns, QStringList{u"username"_s});
    QCOMPARE(outcome.rowCount, 10);
    QCOMPARE(diagnosed.size(), 1);
    QCOMPARE(outcome.attempts.at(0).errorClassName(), u"column_missing"_s);

    QCOMPARE(m_server->requests().size(), 2);
    const QString first = userMessage(m_server->requests().at(0));
    QVERIFY(first.contains(u"Which users live in Berlin?"_s));
    QVERIFY(first.contains(u"users(id"_s)); // the linked schema
    QVERIFY(!first.contains(u"Earlier attempts"_s));
    const QString second = userMessage(m_server->requests().at(1));
    QVERIFY2(second.contains(wrong), qPrintable(second));
    QVERIFY(second.contains(u"no such column: user_name"_s));
    QVERIFY(second.contains(u"column_missing"_s));
    QVERIFY(second.contains(u"username"_s));
    const qsizetype advice = second.indexOf(u"Advice:"_s);
    QVERIFY(advice > 0);
    QVERIFY(second.indexOf(u"username"_s, advice) > advice);
    // Every step is a span on its attempt.
    QStringList spans;
    for (const TraceSpan &span : outcome.attempts.at(0).spans)
        spans << span.name;
    QVERIFY(spans.contains(u"catalog"_s)); // the first question reads the catalog
    QVERIFY(spans.contains(u"link"_s));
    QVERIFY(spans.contains(u"generate"_s));
    QVERIFY(spans.contains(u"execute"_s));
    QVERIFY(spans.contains(u"diagnose"_s));
    QVERIFY(outcome.attempts.at(0).tokens() > 0);
}

void tst_CorrectionLoop::terminalStopsAfterOneCall_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("delete") << u"DELETE FROM users"_s;
    QTest::newRow("drop") << u"DROP TABLE orders"_s;
    QTest::newRow("two statements") << u"SELECT 1; UPDATE users SET city = 'x'"_s;
}

void tst_CorrectionLoop::terminalStopsAfterOneCall()
{
    QFETCH(QString, sql);
    for (int i = 0; i < 3; ++i)
        m_server->enqueue(Endpoint, answer(fenced(sql)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    const QuestionOutcome outcome = run(loop, u"Remove all users"_s);
    QCOMPARE(questionStatusName(outcome.status), u"terminal"_s);
    QCOMPARE(outcome.llmCalls, 1);
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(outcome.attempts.size(), 1);
    QCOMPARE(attemptOutcomeName(outcome.attempts.at(0).outcome), u"blocked"_s);
    QVERIFY(outcome.attempts.at(0).isTerminal());
    QCOMPARE(outcome.attempts.at(0).errorClassName(), u"read_only_violation"_s);
}

void tst_CorrectionLoop::correctionBoundHolds_data()
{
    QTest::addColumn<int>("corrections");
    QTest::newRow("0") << 0;
    QTest::newRow("1") << 1;
    QTest::newRow("2 (default)") << 2;
    QTest::newRow("3") << 3;
}

void tst_CorrectionLoop::correctionBoundHolds()
{
    QFETCH(int, corrections);
    for (int i = 0; i < 8; ++i)
        m_server->enqueue(Endpoint, answer(fenced(u"SELECT nonsense_%1 FROM users"_s.arg(i))));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    LoopPolicy bound = policy();
    bound.maxCorrections = corrections;
    loop.setPolicy(bound);
    const QuestionOutcome outcome = run(loop, u"How many users are there?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"failed"_s);
    QCOMPARE(outcome.llmCalls, 1 + corrections);
    QCOMPARE(m_server->requests().size(), 1 + corrections);
    QCOMPARE(outcome.attempts.size(), 1 + corrections);
}

void tst_CorrectionLoop::transportRetryIsNotARound()
{
    m_server->enqueue(Endpoint,
                      ScriptedResponse::json(503, R"({"error":{"message":"overloaded"}})"));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT count(*) FROM users"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    LoopPolicy noCorrections = policy();
    noCorrections.maxCorrections = 0;
    loop.setPolicy(noCorrections);
    const QuestionOutcome outcome = run(loop, u"How many users are there?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(outcome.llmCalls, 1);
    QCOMPARE(outcome.attempts.size(), 1);
}

void tst_CorrectionLoop::replyWithoutSqlIsARound()
{
    m_server->enqueue(Endpoint, answer(u"I am not sure which table you mean."_s));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT count(*) FROM users"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    const QuestionOutcome outcome = run(loop, u"How many users are there?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 2);
    QCOMPARE(outcomes(outcome), QStringList({u"error"_s, u"ok"_s}));
    QVERIFY(outcome.attempts.at(0).sql.isEmpty());
    QVERIFY(outcome.attempts.at(0).reason.contains(u"no SQL"_s));
    QVERIFY(userMessage(m_server->requests().at(1)).contains(u"no SQL"_s));
}

void tst_CorrectionLoop::badRepliesFailClearly_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << QString() << u"ok"_s << u"no SQL"_s;
    QTest::newRow("binary junk") << QString::fromLatin1(QByteArray("\x01\x02\xff\xfe\x7f", 5))
                                 << u"ok"_s << u"no SQL"_s;
    // Bigger than the llm layer's reply cap: the question fails with that reason, no crash.
    QTest::newRow("10 MB of prose")
            << QString(10 * 1024 * 1024, u'z') << u"failed"_s << u"larger than"_s;
}

void tst_CorrectionLoop::badRepliesFailClearly()
{
    QFETCH(QString, reply);
    QFETCH(QString, status);
    QFETCH(QString, reason);
    m_server->enqueue(Endpoint, answer(reply));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT count(*) FROM users"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    const QuestionOutcome outcome = run(loop, u"How many users are there?"_s, 60000);
    QCOMPARE(questionStatusName(outcome.status), status);
    QVERIFY(!outcome.attempts.isEmpty());
    QCOMPARE(attemptOutcomeName(outcome.attempts.at(0).outcome), u"error"_s);
    QVERIFY2(outcome.attempts.at(0).reason.contains(reason),
             qPrintable(outcome.attempts.at(0).reason.left(200)));
}

void tst_CorrectionLoop::cacheHitMakesNoModelCall()
{
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(awaited(store->open(m_dir.filePath(u"cases-cache.db"_s))));
    const QString wrong = u"SELECT user_name FROM users ORDER BY id"_s;
    const QString right = u"SELECT username FROM users ORDER BY id"_s;
    const QString question = u"List the user names"_s;
    {
        m_server->enqueue(Endpoint, answer(fenced(wrong)));
        m_server->enqueue(Endpoint, answer(fenced(right)));
        CorrectionLoop loop(m_executor.get(), scriptedProvider());
        loop.setPolicy(policy());
        loop.setCaseStore(store);
        const QuestionOutcome first = run(loop, question);
        QCOMPARE(questionStatusName(first.status), u"ok"_s);
        QCOMPARE(first.llmCalls, 2);
    }
    m_server->clearRequests();
    m_server->enqueue(Endpoint, answer(fenced(wrong)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    loop.setCaseStore(store);
    QSignalSpy saved(&loop, &CorrectionLoop::historySaved);
    const QuestionOutcome second = run(loop, question);
    QCOMPARE(questionStatusName(second.status), u"ok"_s);
    QCOMPARE(second.llmCalls, 1);
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(origins(second), QStringList({u"llm"_s, u"cache"_s}));
    QCOMPARE(second.finalSql, right);

    // Both questions are in the history; the good case was stored once, the fix hit once.
    QVERIFY(saved.wait(10000));
    const auto history = awaited(store->listHistory());
    QVERIFY(history);
    QCOMPARE(history->size(), 2);
    QCOMPARE(saved.at(0).at(0).toLongLong(), history->at(0).id); // newest first
    const auto fix =
            awaited(store->lookupFix({wrong, u"column_missing"_s, u"no such column: user_name"_s,
                                      m_executor->profile().toUrl()}));
    QVERIFY(fix && fix.value());
    QCOMPARE(fix.value()->fixedSql, right);
}

void tst_CorrectionLoop::truncatedReplyIsNotRun()
{
    // The token limit cut the reply after "FROM users": valid SQL that must not be run.
    QByteArray cut = ScriptedLlmServer::openAiBody(u"```sql\nSELECT username, city\nFROM users"_s);
    cut.replace("\"finish_reason\":\"stop\"", "\"finish_reason\":\"length\"");
    m_server->enqueue(Endpoint, ScriptedResponse::json(200, cut));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT username FROM users WHERE id = 1"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    const QuestionOutcome outcome = run(loop, u"Who is user 1?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.attempts.size(), 2);
    const LoopAttempt &first = outcome.attempts.first();
    QVERIFY(first.truncated);
    QCOMPARE(first.finishReason, u"length"_s);
    QCOMPARE(first.rowCount, 0);
    QVERIFY(first.reason.contains(u"cut off by the model's token limit"_s));
    QVERIFY(first.toJson().value(u"truncated"_s).toBool());
    // The next prompt says so, and asks for a short answer.
    QCOMPARE(m_server->requests().size(), 2);
    QVERIFY(userMessage(m_server->requests().at(1)).contains(u"Answer shortly"_s));
    QCOMPARE(outcome.rowCount, 1);
}

void tst_CorrectionLoop::repairsRunInOrder()
{
    // A run-on repetition and a wrong name: two repairs, each its own attempt judged by the
    // database.
    m_server->enqueue(Endpoint,
                      answer(fenced(u"SELECT user_name FROM users WHERE id < 5 SELECT user_name "
                                    u"FROM users WHERE id < 5 SELECT user_name"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy(true));
    const QuestionOutcome outcome = run(loop, u"Show the first users"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 1);
    QStringList names;
    for (const LoopAttempt &attempt : outcome.attempts)
        names << attempt.originName();
    QCOMPARE(names,
             (QStringList{u"llm"_s, u"autofix:cut_second_statement"_s, u"autofix:fix_spelling"_s}));
    QCOMPARE(outcome.attempts.at(0).errorClassName(), u"syntax"_s); // not a write attempt
    QCOMPARE(outcome.finalSql, u"SELECT username FROM users WHERE id < 5"_s);
}

void tst_CorrectionLoop::autofixMakesNoModelCall()
{
    m_server->enqueue(Endpoint,
                      answer(fenced(u"SELECT user_name, city FROM users WHERE id < 5"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy(true));
    const QuestionOutcome outcome = run(loop, u"Show the first users"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 1);
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(origins(outcome), QStringList({u"llm"_s, u"autofix"_s}));
    QCOMPARE(outcome.finalSql, u"SELECT username, city FROM users WHERE id < 5"_s);
    QCOMPARE(outcome.rowCount, 4);
}

// A spelling fix's rows are not checked, but what its statement shows is: a statement that
// returns only the column its WHERE fixes answers nothing, and the model hears why.
void tst_CorrectionLoop::spellingFixThatRepeatsItsFilterIsNoAnswer()
{
    m_server->enqueue(Endpoint,
                      answer(fenced(u"SELECT user_name FROM users WHERE user_name = "
                                    u"(SELECT MIN(username) FROM users)"_s)));
    m_server->enqueue(Endpoint,
                      answer(fenced(u"SELECT city FROM users WHERE username = "
                                    u"(SELECT MIN(username) FROM users)"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy(true));
    const QuestionOutcome outcome = run(loop, u"Where does the first user by name live?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcomes(outcome), (QStringList{u"error"_s, u"doubtful"_s, u"ok"_s}));
    const LoopAttempt &repaired = outcome.attempts.at(1);
    QCOMPARE(repaired.originName(), u"autofix:fix_spelling"_s);
    QCOMPARE(repaired.sql,
             u"SELECT username FROM users WHERE username = (SELECT MIN(username) "
             u"FROM users)"_s);
    QCOMPARE(repaired.reason, AnswerCheck::reason(AnswerDoubt::RepeatsFilter));
    QCOMPARE(m_server->requests().size(), 2);
    const QString second = userMessage(m_server->requests().at(1));
    QVERIFY2(second.contains(u"not the column the condition already fixes"_s), qPrintable(second));
}

void tst_CorrectionLoop::autofixInDoubtIsNoAnswer_data()
{
    QTest::addColumn<int>("maxCorrections");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("the model gets the next word")
            << 2 << u"ok"_s << QStringList{u"error"_s, u"doubtful"_s, u"ok"_s};
    QTest::newRow("no rounds left: no answer")
            << 0 << u"failed"_s << QStringList{u"error"_s, u"doubtful"_s};
}

void tst_CorrectionLoop::autofixInDoubtIsNoAnswer()
{
    QFETCH(int, maxCorrections);
    QFETCH(QString, status);
    QFETCH(QStringList, expected);
    // The quoted name is split and runs, but every city comes back many times: that result does
    // not stand.
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT `users.city` FROM users"_s)));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT DISTINCT city FROM users"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    LoopPolicy withRepairs = policy(true);
    withRepairs.maxCorrections = maxCorrections;
    loop.setPolicy(withRepairs);
    const QuestionOutcome outcome = run(loop, u"Which cities do users live in?"_s);
    QCOMPARE(questionStatusName(outcome.status), status);
    QCOMPARE(outcomes(outcome), expected);
    const LoopAttempt &repaired = outcome.attempts.at(1);
    QCOMPARE(repaired.originName(), u"autofix:split_quoted_name"_s);
    QCOMPARE(repaired.sql, u"SELECT `users`.`city` FROM users"_s);
    QVERIFY(repaired.reason.contains(u"same row more than once"_s));
    QCOMPARE(repaired.toJson().value(u"outcome"_s).toString(), u"doubtful"_s);
    if (status == u"ok"_s) {
        QCOMPARE(outcome.finalSql, u"SELECT DISTINCT city FROM users"_s);
        // The model was told why the repair's result did not stand.
        QCOMPARE(m_server->requests().size(), 2);
        const QString second = userMessage(m_server->requests().at(1));
        QVERIFY2(second.contains(u"SELECT `users`.`city` FROM users"_s), qPrintable(second));
        QVERIFY(second.contains(u"DISTINCT"_s));
    } else {
        QVERIFY(outcome.reason.contains(u"does not stand"_s));
        QVERIFY(outcome.rows.isEmpty());
        QCOMPARE(m_server->requests().size(), 1);
    }
}

void tst_CorrectionLoop::storeThatCannotAnswerCostsNothing()
{
    // Opening fails: every lookup and save of the question fails, and the question goes on.
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(!awaited(store->open(u"mysql://me@host/db"_s)));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT user_name FROM users ORDER BY id"_s)));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT username FROM users ORDER BY id"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    loop.setCaseStore(store);
    QSignalSpy saved(&loop, &CorrectionLoop::historySaved);
    const QuestionOutcome outcome = run(loop, u"List the user names"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(origins(outcome), QStringList({u"llm"_s, u"llm"_s}));
    QCOMPARE(outcome.llmCalls, 2);
    QVERIFY(!saved.wait(300)); // nothing was stored, so nothing says it was
}

void tst_CorrectionLoop::noRowValueInAnyPrompt_data()
{
    QTest::addColumn<bool>("sampleValues");
    QTest::newRow("sample values off (default)") << false;
    QTest::newRow("sample values on") << true;
}

void tst_CorrectionLoop::noRowValueInAnyPrompt()
{
    QFETCH(bool, sampleValues);
    // An empty result, then an error, then rows: three prompts after data was read.
    m_server->enqueue(Endpoint,
                      answer(fenced(u"SELECT username FROM users WHERE city = 'Atlantis'"_s)));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT username, nickname FROM users"_s)));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT username, city FROM users"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    LoopPolicy values = policy();
    values.sampleValues = sampleValues;
    loop.setPolicy(values);
    const QuestionOutcome outcome = run(loop, u"Which users live in Atlantis?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcomes(outcome), QStringList({u"empty"_s, u"error"_s, u"ok"_s}));
    QCOMPARE(m_server->requests().size(), 3);
    bool seen = false;
    for (const RecordedRequest &request : m_server->requests())
        seen = seen || request.body.contains(SecretValue.toUtf8());
    QCOMPARE(seen, sampleValues);
    // The answer itself does hold the value: it was read, and kept out of the prompts.
    bool inRows = false;
    for (const QVariantList &row : outcome.rows)
        inRows = inRows || row.value(0).toString() == SecretValue;
    QVERIFY(inRows);
}

void tst_CorrectionLoop::emptyResultGetsOneExtraRound_data()
{
    QTest::addColumn<bool>("emptyRetry");
    QTest::addColumn<int>("corrections");
    QTest::addColumn<int>("calls");
    QTest::addColumn<qint64>("rows");
    QTest::newRow("extra round") << true << 2 << 2 << qint64(10);
    QTest::newRow("extra round beyond the bound") << true << 0 << 2 << qint64(10);
    QTest::newRow("off") << false << 2 << 1 << qint64(0);
}

void tst_CorrectionLoop::emptyResultGetsOneExtraRound()
{
    QFETCH(bool, emptyRetry);
    QFETCH(int, corrections);
    QFETCH(int, calls);
    QFETCH(qint64, rows);
    m_server->enqueue(Endpoint,
                      answer(fenced(u"SELECT username FROM users WHERE city = 'berlin'"_s)));
    m_server->enqueue(Endpoint,
                      answer(fenced(u"SELECT username FROM users WHERE city = 'Berlin'"_s)));
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(awaited(store->open(m_dir.filePath(u"cases-empty-%1.db"_s.arg(
            QString::number(corrections) + (emptyRetry ? u"on"_s : u"off"_s))))));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    LoopPolicy empty = policy();
    empty.emptyResultRetry = emptyRetry;
    empty.maxCorrections = corrections;
    loop.setPolicy(empty);
    loop.setCaseStore(store);
    const QuestionOutcome outcome = run(loop, u"Which users live in Berlin?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, calls);
    QCOMPARE(outcome.rowCount, rows);
    QCOMPARE(attemptOutcomeName(outcome.attempts.at(0).outcome), u"empty"_s);
    if (emptyRetry) {
        const QString second = userMessage(m_server->requests().at(1));
        QVERIFY(second.contains(u"returned no rows"_s));
        QVERIFY(second.contains(u"filters"_s));
    }
    // An empty result is never a good case.
    CaseFilter good;
    good.kind = CaseKind::Good;
    // Queued after the loop's writes, so it sees them.
    const auto cases = awaited(store->submit<QList<CaseRecord>>(
            [good](CaseStore &cases) { return cases.listCases(good); }));
    QVERIFY(cases);
    QCOMPARE(cases->size(), rows > 0 ? 1 : 0);
    if (rows > 0)
        QVERIFY(cases->at(0).sql.contains(u"'Berlin'"_s));
}

void tst_CorrectionLoop::modelStandsByAnEmptyResult()
{
    // After the extra round the model gives the same statement again: no rows is the answer, the
    // question ends ok, the statement is not run twice, and nothing is saved as a good case.
    const QString nobody = u"SELECT username FROM users WHERE city = 'Atlantis'"_s;
    m_server->enqueue(Endpoint, answer(fenced(nobody)));
    m_server->enqueue(Endpoint,
                      answer(fenced(u"select username from users\nwhere city = 'Atlantis';"_s)));
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(awaited(store->open(m_dir.filePath(u"cases-stands-by-empty.db"_s))));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    loop.setCaseStore(store);
    QSignalSpy executed(&loop, &CorrectionLoop::executed);
    const QuestionOutcome outcome = run(loop, u"Which users live in Atlantis?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 2);
    QCOMPARE(executed.size(), 1);
    QCOMPARE(outcome.rowCount, qint64(0));
    QCOMPARE(outcome.columns, QStringList{u"username"_s});
    QCOMPARE(outcome.attempts.size(), 2);
    QCOMPARE(attemptOutcomeName(outcome.attempts.at(1).outcome), u"empty"_s);
    QVERIFY(outcome.attempts.at(1).reason.contains(u"same statement again"_s));
    CaseFilter good;
    good.kind = CaseKind::Good;
    const auto cases = awaited(store->submit<QList<CaseRecord>>(
            [good](CaseStore &cases) { return cases.listCases(good); }));
    QVERIFY(cases);
    QCOMPARE(cases->size(), 0);
}

void tst_CorrectionLoop::sameSqlIsNotRunTwice()
{
    const QString wrong = u"SELECT nickname FROM users"_s;
    m_server->enqueue(Endpoint, answer(fenced(wrong)));
    m_server->enqueue(Endpoint, answer(fenced(u"select   nickname\nFROM users;"_s)));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT username FROM users"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    QSignalSpy executed(&loop, &CorrectionLoop::executed);
    const QuestionOutcome outcome = run(loop, u"List the nicknames"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 3);
    QCOMPARE(executed.size(), 2); // the repeat never reached the database
    QVERIFY(outcome.attempts.at(1).reason.contains(u"already tried"_s));
    const QString third = userMessage(m_server->requests().at(2));
    QVERIFY(third.contains(u"already tried"_s));
    QVERIFY(third.contains(u"- "_s + wrong));
}

void tst_CorrectionLoop::cancelMidStream()
{
    QStringList pieces;
    for (int i = 0; i < 40; ++i)
        pieces << u"word%1 "_s.arg(i);
    ScriptedResponse slow = ScriptedResponse::sse(ScriptedLlmServer::openAiStream(pieces), 200);
    m_server->enqueue(Endpoint, slow);
    CorrectionLoop loop(m_executor.get(), scriptedProvider(true));
    LoopPolicy streaming = policy();
    streaming.stream = true;
    loop.setPolicy(streaming);
    QSignalSpy streamed(&loop, &CorrectionLoop::textStreamed);
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    QVERIFY(loop.ask(u"How many users are there?"_s));
    QVERIFY(streamed.wait(20000));
    loop.cancel();
    // At once: the question ends inside cancel(), without waiting for the stream.
    QCOMPARE(finished.size(), 1);
    const auto outcome = finished.at(0).at(0).value<QuestionOutcome>();
    QCOMPARE(questionStatusName(outcome.status), u"cancelled"_s);
    QCOMPARE(outcome.attempts.size(), 1);
    QCOMPARE(attemptOutcomeName(outcome.attempts.at(0).outcome), u"cancelled"_s);
    QVERIFY(!loop.isRunning());
    QTest::qWait(50);
    QCOMPARE(finished.size(), 1);
}

void tst_CorrectionLoop::cancelReachesTheDatabase()
{
    m_server->enqueue(Endpoint, answer(fenced(EndlessCte)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    QSignalSpy ready(&loop, &CorrectionLoop::sqlReady);
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    QVERIFY(loop.ask(u"Count forever"_s));
    QVERIFY(ready.wait(20000));
    QTest::qWait(100); // the statement is running on the worker now
    loop.cancel();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(questionStatusName(finished.at(0).at(0).value<QuestionOutcome>().status),
             u"cancelled"_s);
    // The executor is free again: the interrupt reached SQLite (the endless statement ahead of
    // this one could not have ended otherwise).
    const RunResult next = m_executor->run(u"SELECT 1"_s).result.result();
    QVERIFY(next.isOk());
}

void tst_CorrectionLoop::timeoutGetsOneNarrowingRound()
{
    m_server->enqueue(Endpoint, answer(fenced(EndlessCte)));
    m_server->enqueue(Endpoint, answer(fenced(EndlessCte + u" WHERE x > 0"_s)));
    m_server->enqueue(Endpoint, answer(fenced(u"SELECT 1"_s)));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    LoopPolicy slow = policy();
    slow.statementTimeoutMs = 300;
    loop.setPolicy(slow);
    const QuestionOutcome outcome = run(loop, u"Count forever"_s);
    QCOMPARE(questionStatusName(outcome.status), u"failed"_s);
    QCOMPARE(outcome.llmCalls, 2);
    QCOMPARE(outcomes(outcome), QStringList({u"timeout"_s, u"timeout"_s}));
    QCOMPARE(outcome.attempts.at(0).errorClassName(), u"timeout"_s);
    QVERIFY(userMessage(m_server->requests().at(1)).contains(u"Narrow the query"_s));
}

void tst_CorrectionLoop::wallClockBound()
{
    ScriptedResponse never;
    never.silent = true;
    m_server->enqueue(Endpoint, never);
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    LoopPolicy bounded = policy();
    bounded.wallClockMs = 400;
    loop.setPolicy(bounded);
    const QuestionOutcome outcome = run(loop, u"How many users are there?"_s, 10000);
    // The model never answers: only the wall-clock bound can end the question.
    QCOMPARE(questionStatusName(outcome.status), u"timeout"_s);
    QVERIFY(outcome.totalMs >= bounded.wallClockMs);
    QCOMPARE(outcome.llmCalls, 0);
}

void tst_CorrectionLoop::demoCorrectionEndToEnd_data()
{
    QTest::addColumn<bool>("autofix");
    QTest::addColumn<QStringList>("origins");
    QTest::addColumn<int>("calls");
    QTest::newRow("the model corrects") << false << QStringList{u"llm"_s, u"llm"_s} << 2;
    QTest::newRow("autofix corrects") << true << QStringList{u"llm"_s, u"autofix"_s} << 1;
}

void tst_CorrectionLoop::demoCorrectionEndToEnd()
{
    QFETCH(bool, autofix);
    QFETCH(QStringList, origins);
    QFETCH(int, calls);
    ProviderSettings settings;
    settings.kind = ProviderKind::Demo;
    settings.demoPieceDelayMs = 0;
    const auto demo = DemoProvider::load(settings);
    QVERIFY(demo);
    CorrectionLoop loop(m_executor.get(), demo.value());
    LoopPolicy demoPolicy = policy(autofix);
    demoPolicy.stream = true;
    loop.setPolicy(demoPolicy);
    QSignalSpy streamed(&loop, &CorrectionLoop::textStreamed);
    const QuestionOutcome outcome = run(loop, u"Who are the top 10 customers by total spending?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(::origins(outcome), origins);
    QCOMPARE(outcome.llmCalls, calls);
    QVERIFY(streamed.size() > 1);
    const LoopAttempt &first = outcome.attempts.at(0);
    QCOMPARE(first.errorClassName(), u"column_missing"_s);
    QCOMPARE(first.rootCause(), u"no such column: user_name"_s);
    QVERIFY(first.advice.contains(u"username"_s));
    QCOMPARE(outcome.rowCount, 10);
    QVERIFY(outcome.columns.contains(u"total_spent"_s));
}

void tst_CorrectionLoop::refusesASecondQuestionWhileRunning()
{
    ScriptedResponse never;
    never.silent = true;
    m_server->enqueue(Endpoint, never);
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    QVERIFY(!loop.ask(u"   "_s));
    QVERIFY(loop.ask(u"How many users are there?"_s));
    QVERIFY(!loop.ask(u"And orders?"_s));
    loop.cancel();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(questionStatusName(finished.at(0).at(0).value<QuestionOutcome>().status),
             u"cancelled"_s);
}

void tst_CorrectionLoop::failureWithoutSqlIsHistoryNotABadCase_data()
{
    QTest::addColumn<bool>("quota"); // else replies without SQL
    QTest::addColumn<QString>("reason");
    QTest::newRow("quota") << true << u"quota"_s;
    QTest::newRow("no SQL in any reply") << false << u"No correction rounds"_s;
}

void tst_CorrectionLoop::failureWithoutSqlIsHistoryNotABadCase()
{
    QFETCH(bool, quota);
    QFETCH(QString, reason);
    if (quota) {
        m_server->enqueue(Endpoint,
                          ScriptedResponse::json(429,
                                                 R"({"error":{"message":"You exceeded your )"
                                                 R"(current quota.","type":"insufficient_)"
                                                 R"(quota","code":"insufficient_quota"}})"));
    } else {
        for (int i = 0; i < 3; ++i)
            m_server->enqueue(Endpoint, answer(u"I cannot tell which table you mean."_s));
    }
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(awaited(store->open(m_dir.filePath(u"cases-nosql-%1.db"_s.arg(int(quota))))));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    loop.setCaseStore(store);
    QSignalSpy saved(&loop, &CorrectionLoop::historySaved);
    const QuestionOutcome outcome = run(loop, u"How many users are there?"_s);
    QCOMPARE(questionStatusName(outcome.status), u"failed"_s);
    QVERIFY2(outcome.reason.contains(reason, Qt::CaseInsensitive), qPrintable(outcome.reason));
    QVERIFY(outcome.finalSql.isEmpty());
    // The question is in the history; no case was made of it (there is no SQL to learn from).
    QVERIFY(saved.wait(20000));
    const auto cases = awaited(
            store->submit<QList<CaseRecord>>([](CaseStore &open) { return open.listCases(); }));
    QVERIFY(cases);
    QCOMPARE(cases->size(), 0);
    const auto history = awaited(store->listHistory());
    QVERIFY(history);
    QCOMPARE(history->size(), 1);
    QCOMPARE(history->first().status, QuestionStatus::Failed);
}

void tst_CorrectionLoop::closedConnectionEndsTheQuestion_data()
{
    QTest::addColumn<bool>("whileRunning"); // else while the model is being asked
    QTest::newRow("while the statement runs") << true;
    QTest::newRow("while the model answers") << false;
}

void tst_CorrectionLoop::closedConnectionEndsTheQuestion()
{
    QFETCH(bool, whileRunning);
    if (whileRunning) {
        m_server->enqueue(Endpoint, answer(fenced(EndlessCte)));
    } else {
        ScriptedResponse never;
        never.silent = true;
        m_server->enqueue(Endpoint, never);
    }
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(awaited(store->open(m_dir.filePath(u"cases-closed-%1.db"_s.arg(int(whileRunning))))));
    CorrectionLoop loop(m_executor.get(), scriptedProvider());
    loop.setPolicy(policy());
    loop.setCaseStore(store);
    QSignalSpy ready(&loop, &CorrectionLoop::sqlReady);
    QSignalSpy started(&loop, &CorrectionLoop::attemptStarted);
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    QVERIFY(loop.ask(u"Count forever"_s));
    if (whileRunning)
        QVERIFY(ready.wait(20000));
    else
        QTRY_VERIFY(!started.isEmpty());
    QTest::qWait(100);
    // The window closes the connection: its executor goes (without waiting for its worker).
    const QPointer<QThread> worker = m_executor->findChild<QThread *>();
    QVERIFY(worker);
    m_executor->setWaitsOnDestruction(false);
    m_executor.reset();
    // At once, with the reason, and nothing left running.
    QCOMPARE(finished.size(), 1);
    const auto outcome = finished.at(0).at(0).value<QuestionOutcome>();
    QCOMPARE(outcome.status, QuestionStatus::Cancelled);
    QCOMPARE(outcome.reason, u"The connection was closed."_s);
    QVERIFY(!loop.isRunning());
    QVERIFY(!outcome.attempts.isEmpty());
    QCOMPARE(outcome.attempts.constLast().outcome, AttemptOutcome::Cancelled);
    // The loop cannot take another question without a connection, and says so by refusing.
    QVERIFY(!loop.ask(u"Another question"_s));
    QTest::qWait(200);
    QCOMPARE(finished.size(), 1);
    // A closed question is history, never a bad case.
    const auto cases = awaited(
            store->submit<QList<CaseRecord>>([](CaseStore &open) { return open.listCases(); }));
    QVERIFY(cases);
    QCOMPARE(cases->size(), 0);
    // The worker it left behind was cancelled; it ends and deletes itself.
    QTRY_VERIFY_WITH_TIMEOUT(worker.isNull(), 20000);
}

QTEST_GUILESS_MAIN(tst_CorrectionLoop)
#include "tst_correctionloop.moc"
