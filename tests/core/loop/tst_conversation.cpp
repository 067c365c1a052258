#include "core/loop/conversation.h"

#include "core/demo/demodatabase.h"
#include "core/exec/executor.h"
#include "core/llm/demoprovider.h"
#include "core/loop/correctionloop.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_Conversation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editsAnnounceThemselves_data();
    void editsAnnounceThemselves();
    void ignoresUnknownQuestions();
    void followsALoop();
};

void tst_Conversation::editsAnnounceThemselves_data()
{
    QTest::addColumn<int>("attempts");
    QTest::newRow("one attempt") << 1;
    QTest::newRow("three attempts") << 3;
}

void tst_Conversation::editsAnnounceThemselves()
{
    QFETCH(int, attempts);
    Conversation conversation;
    QSignalSpy changed(&conversation, &Conversation::changed);
    const int question = conversation.addQuestion(u"How many users?"_s);
    QCOMPARE(question, 0);
    QuestionOutcome outcome;
    outcome.question = u"How many users?"_s;
    outcome.status = QuestionStatus::Ok;
    for (int i = 0; i < attempts; ++i) {
        conversation.startAttempt(question, i, AttemptOrigin::Llm);
        conversation.appendText(question, u"SELECT "_s);
        conversation.appendText(question, u"1"_s);
        QCOMPARE(conversation.question(question).streamingText, u"SELECT 1"_s);
        conversation.setSql(question, u"SELECT 1"_s);
        LoopAttempt attempt;
        attempt.index = i;
        attempt.sql = u"SELECT 1"_s;
        conversation.finishAttempt(question, attempt);
        outcome.attempts.append(attempt);
    }
    QVERIFY(!conversation.question(question).isFinished());
    conversation.finishQuestion(question, outcome);
    QVERIFY(conversation.question(question).isFinished());
    QCOMPARE(conversation.question(question).attempts.size(), attempts);

    QCOMPARE(changed.size(), 1 + 5 * attempts + 1);
    const auto first = changed.first().first().value<ConversationEvent>();
    QCOMPARE(first.kind, ConversationEvent::Kind::QuestionAdded);
    const auto streamed = changed.at(2).first().value<ConversationEvent>();
    QCOMPARE(streamed.kind, ConversationEvent::Kind::TextStreamed);
    QCOMPARE(streamed.text, u"SELECT "_s);
    const auto last = changed.last().first().value<ConversationEvent>();
    QCOMPARE(last.kind, ConversationEvent::Kind::QuestionFinished);
    QCOMPARE(last.text, u"ok"_s);

    conversation.clear();
    QCOMPARE(conversation.count(), 0);
    QCOMPARE(changed.last().first().value<ConversationEvent>().kind,
             ConversationEvent::Kind::Cleared);
}

void tst_Conversation::ignoresUnknownQuestions()
{
    Conversation conversation;
    QSignalSpy changed(&conversation, &Conversation::changed);
    conversation.startAttempt(3, 0, AttemptOrigin::Llm);
    conversation.appendText(-1, u"x"_s);
    conversation.finishQuestion(0, {});
    QCOMPARE(changed.size(), 0);
    conversation.addQuestion(u"q"_s);
    conversation.appendText(0, u"no attempt under way"_s);
    QCOMPARE(changed.size(), 1);
}

void tst_Conversation::followsALoop()
{
    QTemporaryDir dir;
    const auto path = DemoDatabase::ensure(dir.filePath(u"shop.db"_s));
    QVERIFY(path);
    Executor executor(ConnectionProfile::fromUrl(u"sqlite:///"_s + path.value()).value());
    ProviderSettings settings;
    settings.kind = ProviderKind::Demo;
    settings.demoPieceDelayMs = 0;
    const auto demo = DemoProvider::load(settings);
    QVERIFY(demo);
    CorrectionLoop loop(&executor, demo.value());
    LoopPolicy policy;
    policy.autofix = false;
    loop.setPolicy(policy);
    Conversation conversation;
    conversation.follow(&loop);
    QSignalSpy changed(&conversation, &Conversation::changed);
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    QVERIFY(loop.ask(u"Who are the top 10 customers by total spending?"_s));
    QVERIFY(finished.wait(30000));
    QCOMPARE(conversation.count(), 1);
    const ConversationQuestion &question = conversation.question(0);
    QVERIFY(question.isFinished());
    QCOMPARE(question.attempts.size(), 2);
    QCOMPARE(question.attempts.at(0).errorClassName(), u"column_missing"_s);
    QVERIFY(question.attempts.at(1).sql.contains(u"u.username"_s));
    QList<ConversationEvent::Kind> kinds;
    for (const auto &arguments : changed)
        kinds << arguments.first().value<ConversationEvent>().kind;
    QCOMPARE(kinds.first(), ConversationEvent::Kind::QuestionAdded);
    QCOMPARE(kinds.count(ConversationEvent::Kind::AttemptStarted), 2);
    QCOMPARE(kinds.count(ConversationEvent::Kind::SqlReady), 2);
    QVERIFY(kinds.count(ConversationEvent::Kind::TextStreamed) > 2);
    QCOMPARE(kinds.count(ConversationEvent::Kind::AttemptFinished), 2);
    QCOMPARE(kinds.last(), ConversationEvent::Kind::QuestionFinished);
}

QTEST_GUILESS_MAIN(tst_Conversation)
#include "tst_conversation.moc"
