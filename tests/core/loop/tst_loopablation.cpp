#include "core/loop/correctionloop.h"

#include "core/demo/demodatabase.h"
#include "core/exec/executor.h"
#include "core/llm/llmprovider.h"
#include "tests/support/scriptedllmserver.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {

const QString Endpoint = u"/v1/chat/completions"_s;
const QString Wrong = u"SELECT user_name FROM users WHERE city = 'Berlin'"_s;
const QString Right = u"SELECT username FROM users WHERE city = 'Berlin'"_s;
// What the SQLite driver wraps around the engine's message; decapsulation strips it.
const QString DriverWrapping = u"Unable to execute statement"_s;

ScriptedResponse answer(const QString &sql)
{
    return ScriptedResponse::json(200,
                                  ScriptedLlmServer::openAiBody(u"```sql\n%1\n```"_s.arg(sql)));
}

QString userMessage(const RecordedRequest &request)
{
    const QJsonArray messages = request.json().value(u"messages"_s).toArray();
    return messages.isEmpty() ? QString()
                              : messages.last().toObject().value(u"content"_s).toString();
}

} // namespace

// The ablations of `sqlmend bench correction`: no advice in the prompt, no decapsulation.
class tst_LoopAblation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void advice_data();
    void advice();
    void decapsulation_data();
    void decapsulation();

private:
    QuestionOutcome ask(const LoopPolicy &policy, const PromptBuilder &prompts);

    QTemporaryDir m_dir;
    QString m_database;
    std::unique_ptr<ScriptedLlmServer> m_server;
    std::unique_ptr<Executor> m_executor;
};

void tst_LoopAblation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const auto path = DemoDatabase::ensure(m_dir.filePath(u"shop.db"_s));
    QVERIFY2(path, qPrintable(path ? QString() : path.error().message));
    m_database = path.value();
}

void tst_LoopAblation::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
    const auto profile = ConnectionProfile::fromUrl(u"sqlite:///"_s + m_database);
    QVERIFY(profile);
    m_executor = std::make_unique<Executor>(profile.value());
    m_server->enqueue(Endpoint, answer(Wrong));
    m_server->enqueue(Endpoint, answer(Right));
}

void tst_LoopAblation::cleanup()
{
    m_executor.reset();
    m_server.reset();
}

QuestionOutcome tst_LoopAblation::ask(const LoopPolicy &policy, const PromptBuilder &prompts)
{
    ProviderSettings settings;
    settings.baseUrl = m_server->url(u"/v1"_s);
    settings.model = u"scripted"_s;
    settings.stream = false;
    const auto provider = LlmProvider::create(settings);
    if (!provider)
        return {};
    CorrectionLoop loop(m_executor.get(), provider.value());
    loop.setPolicy(policy);
    loop.setPromptBuilder(prompts);
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    if (!loop.ask(u"Which users live in Berlin?"_s) || !finished.wait(30000))
        return {};
    return finished.at(0).at(0).value<QuestionOutcome>();
}

void tst_LoopAblation::advice_data()
{
    QTest::addColumn<bool>("include");
    QTest::newRow("advice") << true;
    QTest::newRow("no advice") << false;
}

void tst_LoopAblation::advice()
{
    QFETCH(bool, include);
    LoopPolicy policy;
    policy.autofix = false; // the model, not autofix, must make the fix
    policy.stream = false;
    PromptBuilder prompts;
    prompts.setIncludeAdvice(include);
    const QuestionOutcome outcome = ask(policy, prompts);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 2);
    QCOMPARE(outcome.finalSql, Right);
    const QString advice = outcome.attempts.at(0).advice;
    QVERIFY(advice.contains(u"username"_s)); // the advice names the real column

    QCOMPARE(m_server->requests().size(), 2);
    const QString second = userMessage(m_server->requests().at(1));
    QVERIFY2(second.contains(Wrong), qPrintable(second));
    QVERIFY(second.contains(u"Class: column_missing"_s));
    QVERIFY(second.contains(u"Root cause: no such column: user_name"_s));
    QCOMPARE(second.contains(u"Advice:"_s), include);
    QCOMPARE(second.contains(advice), include);
    QVERIFY(!userMessage(m_server->requests().at(0)).contains(u"Advice:"_s)); // no history yet
}

void tst_LoopAblation::decapsulation_data()
{
    QTest::addColumn<bool>("decapsulate");
    QTest::newRow("decapsulated") << true;
    QTest::newRow("raw") << false;
}

void tst_LoopAblation::decapsulation()
{
    QFETCH(bool, decapsulate);
    LoopPolicy policy;
    policy.autofix = false;
    policy.stream = false;
    policy.decapsulate = decapsulate;
    const QuestionOutcome outcome = ask(policy, PromptBuilder());
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.llmCalls, 2);
    const LoopAttempt &failed = outcome.attempts.at(0);
    QVERIFY(failed.diagnosis);
    QCOMPARE(failed.rootCause().contains(DriverWrapping), !decapsulate);
    QCOMPARE(failed.diagnosis->error.rootCause == u"no such column: user_name"_s, decapsulate);

    QCOMPARE(m_server->requests().size(), 2);
    const QString second = userMessage(m_server->requests().at(1));
    QVERIFY(second.contains(u"no such column: user_name"_s));
    QVERIFY2(second.contains(DriverWrapping) == !decapsulate, qPrintable(second));
}

QTEST_GUILESS_MAIN(tst_LoopAblation)
#include "tst_loopablation.moc"
