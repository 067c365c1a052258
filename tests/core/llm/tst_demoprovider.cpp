#include "core/demo/demodatabase.h"
#include "core/llm/demoprovider.h"
#include "core/llm/llmcall.h"
#include "core/llm/replyparser.h"
#include "core/loop/promptbuilder.h"

#include <QSignalSpy>

#include <algorithm>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_DemoProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void everyQuestionYieldsRunnableSql_data();
    void everyQuestionYieldsRunnableSql();
    void correctionReplaysTheFix_data();
    void correctionReplaysTheFix();
    void examplesDoNotConfuseTheQuestion_data();
    void examplesDoNotConfuseTheQuestion();
    void unknownQuestionFailsClearly();
    void unrecordedQuestionAmongRecordedExamples_data();
    void unrecordedQuestionAmongRecordedExamples();
    void streamsInPiecesAndCancels();
    void samplesInTheWindowsLanguage_data();
    void samplesInTheWindowsLanguage();
    void rejectsBrokenRecordings_data();
    void rejectsBrokenRecordings();

private:
    static ChatResult run(const DemoProvider &provider, const ChatRequest &request,
                          QStringList *pieces = nullptr);
    QString runSql(const QString &sql);

    std::shared_ptr<DemoProvider> m_provider;
    QTemporaryDir m_dir;
    QString m_database;
};

void tst_DemoProvider::initTestCase()
{
    ProviderSettings settings;
    settings.kind = ProviderKind::Demo;
    settings.demoPieceDelayMs = 0;
    Result<std::shared_ptr<DemoProvider>> provider = DemoProvider::load(settings);
    QVERIFY2(provider.hasValue(),
             qPrintable(provider.hasValue() ? QString() : provider.error().message));
    m_provider = std::move(provider).value();
    QVERIFY(m_provider->isRecorded());
    QCOMPARE(m_provider->displayName(), u"Demo (recorded)"_s);

    const Result<QString> path = DemoDatabase::ensure(m_dir.filePath(u"shop.sqlite"_s));
    QVERIFY(path.hasValue());
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"demo"_s);
    db.setDatabaseName(*path);
    db.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s);
    QVERIFY(db.open());
}

void tst_DemoProvider::cleanupTestCase()
{
    QSqlDatabase::database(u"demo"_s, false).close();
    QSqlDatabase::removeDatabase(u"demo"_s);
}

ChatResult tst_DemoProvider::run(const DemoProvider &provider, const ChatRequest &request,
                                 QStringList *pieces)
{
    std::unique_ptr<LlmCall> call(provider.start(request));
    QSignalSpy finished(call.get(), &LlmCall::finished);
    QSignalSpy deltas(call.get(), &LlmCall::textDelta);
    if (!finished.wait(10000))
        return makeUnexpected(LlmError::make(LlmError::Kind::Timeout, u"test timeout"_s));
    if (pieces) {
        for (const QList<QVariant> &args : deltas)
            pieces->append(args.at(0).toString());
    }
    return call->result();
}

QString tst_DemoProvider::runSql(const QString &sql)
{
    QSqlQuery query(QSqlDatabase::database(u"demo"_s));
    if (!query.exec(sql))
        return query.lastError().databaseText();
    return query.next() ? QString() : u"no rows"_s;
}

void tst_DemoProvider::everyQuestionYieldsRunnableSql_data()
{
    QTest::addColumn<QString>("question");
    ProviderSettings settings;
    settings.kind = ProviderKind::Demo;
    const auto provider = DemoProvider::load(settings);
    QVERIFY(provider.hasValue());
    QVERIFY((*provider)->questions().size() >= 4);
    for (const QString &question : (*provider)->questions())
        QTest::newRow(qPrintable(question)) << question;
}

void tst_DemoProvider::everyQuestionYieldsRunnableSql()
{
    QFETCH(QString, question);
    for (const DemoRecording &recording : m_provider->recordings()) {
        if (recording.question != question)
            continue;
        // Every recorded attempt parses; the last one runs on the demo database, the earlier
        // ones fail with exactly the error recorded for them.
        for (qsizetype i = 0; i < recording.attempts.size(); ++i) {
            const Result<ExtractedSql> sql = ReplyParser::extract(recording.attempts.at(i).reply);
            QVERIFY(sql.hasValue());
            QVERIFY(sql->sql.startsWith(u"SELECT"_s) || sql->sql.startsWith(u"WITH"_s));
            const QString outcome = runSql(sql->sql);
            QCOMPARE(outcome, recording.attempts.at(i).error);
        }
    }
    // Asked inside a larger prompt, in other case and spacing, it still matches.
    ChatRequest request;
    request.messages = {
            {ChatRole::System, u"You write SQLite SQL."_s},
            {ChatRole::User,
             u"Schema: users(id, username, ...)\nQuestion:   %1\n"_s.arg(question.toUpper())}};
    const ChatResult result = run(*m_provider, request);
    QVERIFY2(result.hasValue(), qPrintable(result.hasValue() ? QString() : result.error().message));
    QVERIFY(result->recorded);
    QVERIFY(!result->usage.known);
    QVERIFY(result->usage.prompt > 0 && result->usage.completion > 0);
    QVERIFY(ReplyParser::extract(result->text).hasValue());
}

void tst_DemoProvider::correctionReplaysTheFix_data()
{
    QTest::addColumn<bool>("asTurns");
    QTest::addColumn<QString>("question");
    // The demo's correction, in each language the window speaks.
    const QString english = u"Who are the top 10 customers by total spending?"_s;
    const QString chinese = u"消费总额最高的前 10 位客户是谁？"_s;
    QTest::newRow("en: error quoted in the prompt") << false << english;
    QTest::newRow("en: earlier assistant turn") << true << english;
    QTest::newRow("zh_CN: error quoted in the prompt") << false << chinese;
    QTest::newRow("zh_CN: earlier assistant turn") << true << chinese;
}

void tst_DemoProvider::correctionReplaysTheFix()
{
    QFETCH(bool, asTurns);
    QFETCH(QString, question);
    ChatRequest first;
    first.messages = {{ChatRole::User, question}};
    const ChatResult one = run(*m_provider, first);
    QVERIFY(one.hasValue());
    const Result<ExtractedSql> wrong = ReplyParser::extract(one->text);
    QVERIFY(wrong.hasValue());
    QVERIFY(wrong->sql.contains(u"user_name"_s));
    const QString error = runSql(wrong->sql);
    QCOMPARE(error, u"no such column: user_name"_s);

    ChatRequest second;
    if (asTurns) {
        second.messages = {{ChatRole::User, question},
                           {ChatRole::Assistant, one->text},
                           {ChatRole::User, u"That failed. Question: %1"_s.arg(question)}};
    } else {
        second.messages = {{ChatRole::User,
                            u"Question: %1\nAttempt 1 failed: %2. Fix it."_s.arg(question, error)}};
    }
    const ChatResult two = run(*m_provider, second);
    QVERIFY(two.hasValue());
    const Result<ExtractedSql> fixed = ReplyParser::extract(two->text);
    QVERIFY(fixed.hasValue());
    QVERIFY(fixed->sql.contains(u"u.username"_s));
    QCOMPARE(runSql(fixed->sql), QString());
}

void tst_DemoProvider::examplesDoNotConfuseTheQuestion_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QString>("example");
    const QStringList questions = m_provider->questions();
    for (const QString &language : {QString(), u"zh_CN"_s}) {
        for (const QString &asked : questions) {
            for (const QString &example : questions) {
                if (asked != example) {
                    QTest::addRow("%s: %s / %s", language.isEmpty() ? "en" : qPrintable(language),
                                  qPrintable(asked.left(24)), qPrintable(example.left(24)))
                            << language << asked << example;
                }
            }
        }
    }
}

void tst_DemoProvider::examplesDoNotConfuseTheQuestion()
{
    // The loop shows the model good cases of other questions before the one asked; the
    // recording must follow the question asked, in either language's prompt.
    QFETCH(QString, language);
    QFETCH(QString, asked);
    QFETCH(QString, example);
    ChatRequest alone;
    alone.messages = {{ChatRole::User, asked}};
    const ChatResult expected = run(*m_provider, alone);
    QVERIFY(expected.hasValue());

    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = asked;
    input.schemaText = u"users(id, username)"_s;
    input.examples = {{example, u"SELECT 1"_s}};
    const ChatResult reply = run(*m_provider, PromptBuilder(language).build(input));
    QVERIFY(reply.hasValue());
    QCOMPARE(reply->text, expected->text);
}

void tst_DemoProvider::samplesInTheWindowsLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("expected"); // the language of the samples offered
    QTest::newRow("English") << u"en"_s << u"en"_s;
    QTest::newRow("none chosen") << QString() << u"en"_s;
    QTest::newRow("C locale") << u"C"_s << u"en"_s;
    QTest::newRow("Simplified Chinese") << u"zh_CN"_s << u"zh_CN"_s;
    QTest::newRow("Chinese, no country") << u"zh"_s << u"zh_CN"_s;
    QTest::newRow("no samples in German") << u"de_DE"_s << u"en"_s;
}

void tst_DemoProvider::samplesInTheWindowsLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, expected);
    const QStringList samples = m_provider->questions(language);
    QVERIFY(samples.size() >= 5);
    for (const QString &sample : samples) {
        const auto recording =
                std::find_if(m_provider->recordings().cbegin(), m_provider->recordings().cend(),
                             [&sample](const DemoRecording &r) { return r.question == sample; });
        QVERIFY(recording != m_provider->recordings().cend());
        QCOMPARE(recording->language, expected);
        // A Chinese sample reads as Chinese: no English sentence in the question.
        if (expected == u"zh_CN"_s)
            QVERIFY2(!sample.contains(u"How"_s) && !sample.contains(u"What"_s), qPrintable(sample));
    }
    // Every language's samples are answered, whatever the window speaks.
    QCOMPARE(m_provider->questions().size(),
             m_provider->questions(u"en"_s).size() + m_provider->questions(u"zh_CN"_s).size());
}

void tst_DemoProvider::unknownQuestionFailsClearly()
{
    ChatRequest request;
    request.messages = {{ChatRole::User, u"What is the meaning of life?"_s}};
    const ChatResult result = run(*m_provider, request);
    QVERIFY(!result.hasValue());
    QCOMPARE(result.error().kind, LlmError::Kind::BadRequest);
    QVERIFY(result.error().message.contains(u"only knows these questions"_s));
    QVERIFY(result.error().message.contains(m_provider->questions().constFirst()));
    // Empty and binary prompts are just unknown questions.
    request.messages = {{ChatRole::User, QString::fromLatin1("\x01\xff\x00", 3)}};
    QVERIFY(!run(*m_provider, request).hasValue());
    request.messages.clear();
    QVERIFY(!run(*m_provider, request).hasValue());
}

void tst_DemoProvider::unrecordedQuestionAmongRecordedExamples_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("asked");
    for (const QString &language : {QString(), u"zh_CN"_s}) {
        const char *tag = language.isEmpty() ? "en" : "zh_CN";
        QTest::addRow("%s: unrecorded", tag) << language << u"How many products are there?"_s;
        // A recorded question inside a longer one is still another question.
        QTest::addRow("%s: recorded question and more", tag)
                << language << u"How many users are there in each city? And in each country?"_s;
    }
}

void tst_DemoProvider::unrecordedQuestionAmongRecordedExamples()
{
    // The prompt shows the good cases of recorded questions as examples; the question asked has
    // no recording. The demo must say it does not know it, not replay an example's recording.
    QFETCH(QString, language);
    QFETCH(QString, asked);
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = asked;
    input.schemaText = u"products(id, name)"_s;
    for (const QString &recorded : m_provider->questions())
        input.examples.append({recorded, u"SELECT 1"_s});
    const ChatRequest request = PromptBuilder(language).build(input);
    QCOMPARE(request.question, asked);
    QVERIFY(m_provider->recordingFor(request) == nullptr);
    const ChatResult reply = run(*m_provider, request);
    QVERIFY(!reply.hasValue());
    QCOMPARE(reply.error().kind, LlmError::Kind::BadRequest);
    QVERIFY(reply.error().message.contains(u"only knows these questions"_s));
}

void tst_DemoProvider::streamsInPiecesAndCancels()
{
    ChatRequest request;
    request.messages = {{ChatRole::User, u"每个城市的已支付订单总金额是多少？"_s}};
    QStringList pieces;
    const ChatResult result = run(*m_provider, request, &pieces);
    QVERIFY(result.hasValue());
    QVERIFY(pieces.size() > 5);
    QCOMPARE(pieces.join(QString()), result->text);
    QVERIFY(result->text.contains(u"按用户所在城市"_s));

    ProviderSettings slow;
    slow.kind = ProviderKind::Demo;
    slow.demoPieceDelayMs = 20;
    const auto provider = DemoProvider::load(slow);
    QVERIFY(provider.hasValue());
    std::unique_ptr<LlmCall> call((*provider)->start(request));
    QSignalSpy finished(call.get(), &LlmCall::finished);
    QSignalSpy deltas(call.get(), &LlmCall::textDelta);
    QVERIFY(deltas.wait(5000));
    call->cancel();
    QCOMPARE(finished.size(), 1);
    const int seen = int(deltas.size());
    QTest::qWait(100);
    QCOMPARE(deltas.size(), seen);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(call->result().error().kind, LlmError::Kind::Cancelled);
}

void tst_DemoProvider::rejectsBrokenRecordings_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not json") << QByteArray("<html>");
    QTest::newRow("no questions") << QByteArray(R"({"questions": []})");
    QTest::newRow("no attempts") << QByteArray(
            R"({"questions": [{"question": "q", "attempts": []}]})");
}

void tst_DemoProvider::rejectsBrokenRecordings()
{
    QFETCH(QByteArray, json);
    const auto provider = DemoProvider::fromJson(json, ProviderSettings());
    QVERIFY(!provider.hasValue());
    QVERIFY(!provider.error().message.isEmpty());
}

QTEST_GUILESS_MAIN(tst_DemoProvider)
#include "tst_demoprovider.moc"
