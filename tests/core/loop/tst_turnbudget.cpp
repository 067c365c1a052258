// The conversation a follow-up carries: which earlier turns fit the budget and how the prompt
// renders them (whole, summarised to the question, dropped), and that no row reaches it.

#include "core/loop/promptbuilder.h"
#include "core/loop/turnbudget.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

ConversationTurn turn(int index, const QString &question, const QString &sql = {})
{
    ConversationTurn entry;
    entry.index = index;
    entry.question = question;
    entry.finalSql = sql;
    entry.status = sql.isEmpty() ? QuestionStatus::Failed : QuestionStatus::Ok;
    entry.columns = sql.isEmpty() ? QStringList() : QStringList{u"status"_s, u"orders"_s};
    return entry;
}

// Whole: 10 tokens; summarised: 3.
int flatCost(const ConversationTurn &, bool summarised)
{
    return summarised ? 3 : 10;
}

QList<ConversationTurn> fiveTurns()
{
    QList<ConversationTurn> turns;
    for (int i = 0; i < 5; ++i)
        turns.append(turn(i, u"question %1"_s.arg(i + 1), u"SELECT %1"_s.arg(i + 1)));
    return turns;
}

} // namespace

class tst_TurnBudget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fit_data();
    void fit();
    void rendersTurns();
    void summariesAndDropsUnderASmallBudget();
    void unansweredTurnHasNoSql();
    void noConversationNoSection();
    void exampleKeepsItsContext();
};

void tst_TurnBudget::fit_data()
{
    QTest::addColumn<int>("budget");
    // One letter a kept turn, oldest first: W whole, S summarised.
    QTest::addColumn<QString>("kept");
    QTest::addColumn<int>("dropped");
    QTest::addColumn<int>("tokens");
    QTest::newRow("all whole") << 50 << u"WWWWW"_s << 0 << 50;
    QTest::newRow("ample") << 1000 << u"WWWWW"_s << 0 << 50;
    QTest::newRow("one summarised") << 49 << u"SWWWW"_s << 0 << 43;
    QTest::newRow("three whole") << 39 << u"SSWWW"_s << 0 << 36;
    QTest::newRow("oldest dropped") << 35 << u"SWWW"_s << 1 << 33;
    QTest::newRow("newest whole only") << 16 << u"SSW"_s << 2 << 16;
    QTest::newRow("summaries only") << 9 << u"SSS"_s << 2 << 9;
    QTest::newRow("nothing fits") << 2 << QString() << 5 << 0;
    QTest::newRow("zero") << 0 << QString() << 5 << 0;
}

void tst_TurnBudget::fit()
{
    QFETCH(int, budget);
    QFETCH(QString, kept);
    QFETCH(int, dropped);
    QFETCH(int, tokens);
    const QList<ConversationTurn> turns = fiveTurns();
    const FittedTurns fitted = TurnBudget::fit(turns, budget, flatCost);
    QString shape;
    for (const FittedTurns::Entry &entry : fitted.entries)
        shape += entry.summarised ? u'S' : u'W';
    QCOMPARE(shape, kept);
    QCOMPARE(fitted.dropped, dropped);
    QCOMPARE(fitted.tokens, tokens);
    QCOMPARE_LE(fitted.tokens, budget);
    // The newest are the ones kept, in their order.
    for (qsizetype i = 0; i < fitted.entries.size(); ++i)
        QCOMPARE(fitted.entries.at(i).turn, turns.at(dropped + i));
}

void tst_TurnBudget::rendersTurns()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"And only the paid ones?"_s;
    input.schemaText = u"orders(id INTEGER PK, status TEXT)"_s;
    input.conversation = {turn(0, u"How many orders per status?"_s,
                               u"SELECT status, count(*) AS orders FROM orders GROUP BY status"_s)};
    const QString text = PromptBuilder().userText(input);
    QVERIFY2(text.contains(u"Earlier questions of this conversation"_s), qPrintable(text));
    QVERIFY(text.contains(u"1. How many orders per status?\n```sql\nSELECT status, count(*) AS "
                          "orders FROM orders GROUP BY status\n```\nColumns: status, orders"_s));
    // The section comes before the question it leads to.
    QCOMPARE_LT(text.indexOf(u"Earlier questions"_s), text.indexOf(u"Question: And only"_s));
    QVERIFY(!text.contains(u"{{"_s));
    const QString chinese = PromptBuilder(u"zh_CN"_s).userText(input);
    QVERIFY2(chinese.contains(u"本次对话中之前的问题"_s), qPrintable(chinese));
    QVERIFY(chinese.contains(u"列：status, orders"_s));
}

void tst_TurnBudget::summariesAndDropsUnderASmallBudget()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"next"_s;
    for (int i = 0; i < 20; ++i)
        input.conversation.append(
                turn(i, u"Question number %1 about orders"_s.arg(i + 1),
                     u"SELECT status, count(*) AS orders FROM orders WHERE id > %1 GROUP BY "
                     "status"_s.arg(i)));
    const PromptBuilder builder;
    input.conversationTokenBudget = 120;
    const FittedTurns fitted = builder.fittedConversation(input);
    QCOMPARE_GT(fitted.dropped, 0);
    QVERIFY(!fitted.entries.isEmpty());
    QVERIFY(!fitted.entries.constLast().summarised);
    QVERIFY(fitted.entries.constFirst().summarised);
    QCOMPARE_LE(fitted.tokens, 120);
    const QString text = builder.userText(input);
    QVERIFY(text.contains(u"20. Question number 20 about orders\n```sql"_s));
    QVERIFY(!text.contains(u"Question number 1 about"_s)); // dropped
    // A summarised turn is its question only.
    const ConversationTurn &summarised = fitted.entries.constFirst().turn;
    QVERIFY(text.contains(u"%1. %2\n"_s.arg(summarised.index + 1).arg(summarised.question)));
    QVERIFY(!text.contains(u"WHERE id > %1 "_s.arg(summarised.index)));
    // A larger budget carries more of them whole.
    input.conversationTokenBudget = 2000;
    const FittedTurns more = builder.fittedConversation(input);
    QCOMPARE(more.dropped, 0);
    QCOMPARE_LT(more.dropped, fitted.dropped);
}

void tst_TurnBudget::unansweredTurnHasNoSql()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"Try by city then"_s;
    ConversationTurn failed = turn(0, u"Orders per region?"_s);
    failed.finalSql = u"SELECT region FROM orders"_s; // tried, and wrong: not for the model to copy
    input.conversation = {failed};
    const QString text = PromptBuilder().userText(input);
    QVERIFY2(text.contains(u"1. Orders per region?\n(not answered)"_s), qPrintable(text));
    QVERIFY(!text.contains(u"SELECT region"_s));
}

void tst_TurnBudget::noConversationNoSection()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"How many orders?"_s;
    QVERIFY(!PromptBuilder().userText(input).contains(u"Earlier questions"_s));
    input.conversation = {turn(0, u"first"_s, u"SELECT 1"_s)};
    input.conversationTokenBudget = 0;
    QVERIFY(!PromptBuilder().userText(input).contains(u"Earlier questions"_s));
}

void tst_TurnBudget::exampleKeepsItsContext()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"only the refunded ones"_s;
    input.examples = {{u"now only the paid ones"_s, u"SELECT 1"_s,
                       QStringList{u"How many orders per status?"_s}}};
    const QString text = PromptBuilder().userText(input);
    QVERIFY2(text.contains(u"Q: How many orders per status? \u2192 now only the paid ones"_s),
             qPrintable(text));
}

QTEST_GUILESS_MAIN(tst_TurnBudget)

#include "tst_turnbudget.moc"
