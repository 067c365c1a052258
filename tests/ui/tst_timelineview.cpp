#include "ui/timelineview.h"

#include "core/errors/diagnosis.h"
#include "core/exec/answercheck.h"
#include "core/loop/conversation.h"
#include "ui/attemptcard.h"
#include "ui/errorclasspalette.h"
#include "ui/sqldiff.h"

#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>
#include <QToolButton>

#include <cmath>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using ui::AttemptCard;
using ui::TimelineView;

namespace {

const QString wrongSql = u"SELECT user_name, SUM(o.total) AS total_spent\nFROM users AS u\n"
                         "JOIN orders AS o ON o.user_id = u.id\nGROUP BY u.id"_s;
const QString rightSql = u"SELECT u.username, SUM(o.total) AS total_spent\nFROM users AS u\n"
                         "JOIN orders AS o ON o.user_id = u.id\nGROUP BY u.id, u.username"_s;

core::LoopAttempt failedAttempt()
{
    core::LoopAttempt attempt;
    attempt.index = 0;
    attempt.origin = core::AttemptOrigin::Llm;
    attempt.sql = wrongSql;
    attempt.outcome = core::AttemptOutcome::Error;
    core::SchemaNames schema;
    schema.tables = {{QString(), u"users"_s, {u"id"_s, u"username"_s, u"city"_s}, false},
                     {QString(), u"orders"_s, {u"id"_s, u"user_id"_s, u"total"_s}, false}};
    attempt.diagnosis = core::diagnose(
            core::EngineError::fromText(core::Engine::SQLite,
                                        u"no such column: user_name Unable to execute statement"_s),
            &schema);
    attempt.advice = attempt.diagnosis->advice.text();
    attempt.elapsedMs = 412;
    attempt.promptTokens = 900;
    attempt.completionTokens = 80;
    return attempt;
}

core::LoopAttempt goodAttempt()
{
    core::LoopAttempt attempt;
    attempt.index = 1;
    attempt.origin = core::AttemptOrigin::Autofix;
    attempt.sql = rightSql;
    attempt.outcome = core::AttemptOutcome::Ok;
    attempt.columns = {u"username"_s, u"total_spent"_s};
    attempt.rowCount = 10;
    attempt.elapsedMs = 37;
    return attempt;
}

// The demo's correction: the first attempt names a column that does not exist, the second works.
int addCorrection(core::Conversation &conversation)
{
    const int question = conversation.addQuestion(u"Who are the top 10 customers?"_s);
    conversation.startAttempt(question, 0, core::AttemptOrigin::Llm);
    conversation.setSql(question, wrongSql);
    conversation.finishAttempt(question, failedAttempt());
    conversation.startAttempt(question, 1, core::AttemptOrigin::Autofix);
    conversation.setSql(question, rightSql);
    conversation.finishAttempt(question, goodAttempt());
    core::QuestionOutcome outcome;
    outcome.question = conversation.question(question).question;
    outcome.status = core::QuestionStatus::Ok;
    outcome.finalSql = rightSql;
    outcome.columns = {u"username"_s, u"total_spent"_s};
    outcome.rows = {{u"ann"_s, 10.5}, {u"bob"_s, 7.25}};
    outcome.rowCount = 2;
    outcome.attempts = {failedAttempt(), goodAttempt()};
    conversation.finishQuestion(question, outcome);
    return question;
}

} // namespace

class TestTimelineView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cards_data();
    void cards();
    void diffMarksTheRenamedColumn();
    void sqlDiff_data();
    void sqlDiff();
    void sqlDiffFragments_data();
    void sqlDiffFragments();
    void clickAndKeyActivate();
    void followsLive();
    void showQuestionStopsFollowing();
    void showTrace();
    void badInput_data();
    void badInput();
    void rawErrorExpands();
    void linkedTablesOnTheCard();
    void terminalAttempt();
    void doubtfulRepair();
    void paletteIsReadable_data();
    void paletteIsReadable();
    void manyAttempts();
    void sqlFitsEveryWidth();
    void sqlFitEndsWhereWidthsTakeTurns();
};

void TestTimelineView::cards_data()
{
    QTest::addColumn<int>("card");
    QTest::addColumn<QString>("badge");
    QTest::addColumn<QString>("origin");
    QTest::addColumn<QString>("metrics");
    QTest::addColumn<QString>("advice");
    QTest::addColumn<bool>("hasRawError");

    QTest::newRow("failed") << 0 << u"column_missing"_s << u"model"_s << u"412 ms"_s
                            << u"username"_s << true;
    QTest::newRow("answered") << 1 << u"ok"_s << u"autofix"_s << u"37 ms"_s << QString() << false;
}

void TestTimelineView::cards()
{
    QFETCH(int, card);
    QFETCH(QString, badge);
    QFETCH(QString, origin);
    QFETCH(QString, metrics);
    QFETCH(QString, advice);
    QFETCH(bool, hasRawError);

    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    addCorrection(conversation);

    QCOMPARE(view.shownQuestion(), 0);
    QCOMPARE(view.cardCount(), 2);
    const AttemptCard *shown = view.card(card);
    QVERIFY(shown);
    QCOMPARE(shown->index(), card);
    QCOMPARE(shown->badgeText(), badge);
    QCOMPARE(shown->originText(), origin);
    QVERIFY2(shown->metricsText().contains(metrics), qPrintable(shown->metricsText()));
    if (advice.isEmpty())
        QCOMPARE(shown->adviceText(), QString());
    else
        QVERIFY2(shown->adviceText().contains(advice), qPrintable(shown->adviceText()));
    QCOMPARE(shown->rawErrorText().isEmpty(), !hasRawError);
    QVERIFY(!shown->isTerminalShown());
    if (card == 0) {
        QVERIFY(shown->metricsText().contains(u"980"_s)); // prompt + completion tokens
        QVERIFY(shown->rootCauseText().contains(u"no such column: user_name"_s));
    }
    QVERIFY(view.headerText().contains(u"Who are the top 10 customers?"_s));
}

void TestTimelineView::diffMarksTheRenamedColumn()
{
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    addCorrection(conversation);

    QVERIFY(view.card(0)->addedTokens().isEmpty()); // nothing before the first attempt
    QVERIFY(view.card(0)->diffText().isEmpty());
    const AttemptCard *second = view.card(1);
    QVERIFY(second->removedTokens().contains(u"user_name"_s));
    QVERIFY(second->addedTokens().contains(u"username"_s));
    QVERIFY(!second->removedTokens().contains(u"SUM"_s));
    QVERIFY(second->diffText().contains(u"user_name"_s));
    QVERIFY(second->diffText().contains(u"username"_s));
}

void TestTimelineView::sqlDiff_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QStringList>("removed");
    QTest::addColumn<QStringList>("added");

    QTest::newRow("same") << u"select 1"_s << u"SELECT  1"_s << QStringList{u"select"_s}
                          << QStringList{u"SELECT"_s};
    QTest::newRow("white space only")
            << u"select a\nfrom t"_s << u"select a from t"_s << QStringList() << QStringList();
    QTest::newRow("renamed column")
            << u"select user_name from users"_s << u"select username from users"_s
            << QStringList{u"user_name"_s} << QStringList{u"username"_s};
    QTest::newRow("added clause") << u"select a from t"_s << u"select a from t where a > 1"_s
                                  << QStringList()
                                  << QStringList{u"where"_s, u"a"_s, u">"_s, u"1"_s};
    QTest::newRow("string kept whole") << u"select 'a b' from t"_s << u"select 'a c' from t"_s
                                       << QStringList{u"'a b'"_s} << QStringList{u"'a c'"_s};
    QTest::newRow("from empty") << QString() << u"select 1"_s << QStringList()
                                << QStringList{u"select"_s, u"1"_s};
    QTest::newRow("unterminated") << u"select 'abc"_s << u"select 'abd"_s << QStringList{u"'abc"_s}
                                  << QStringList{u"'abd"_s};
}

void TestTimelineView::sqlDiff()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QStringList, removed);
    QFETCH(QStringList, added);

    const ui::SqlDiff diff = ui::SqlDiff::compare(before, after);
    QCOMPARE(diff.removedTokens, removed);
    QCOMPARE(diff.addedTokens, added);
    for (const ui::SqlDiff::Range &range : diff.added)
        QVERIFY(range.offset >= 0 && range.offset + range.length <= after.size());
    for (const ui::SqlDiff::Range &range : diff.removed)
        QVERIFY(range.offset >= 0 && range.offset + range.length <= before.size());
}

void TestTimelineView::sqlDiffFragments_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QStringList>("removed");
    QTest::addColumn<QStringList>("added");
    QTest::addColumn<QString>("cardText"); // the card's "Added: ..." line, as a person reads it

    QTest::newRow("added GROUP BY column")
            << u"SELECT u.id, COUNT(*) FROM users AS u GROUP BY u.id"_s
            << u"SELECT u.id, COUNT(*) FROM users AS u GROUP BY u.id, u.username"_s << QStringList()
            << QStringList{u"u.username"_s} << u"Added: u.username"_s;
    // The demo's correction: the column renamed in SELECT and added to GROUP BY is one fragment.
    QTest::newRow("demo correction")
            << u"SELECT user_name, ROUND(SUM(o.total), 2) AS total_spent\nFROM users AS u\n"
               u"JOIN orders AS o ON o.user_id = u.id\nGROUP BY u.id\nORDER BY total_spent DESC"_s
            << u"SELECT u.username, ROUND(SUM(o.total), 2) AS total_spent\nFROM users AS u\n"
               u"JOIN orders AS o ON o.user_id = u.id\nGROUP BY u.id, u.username\n"
               u"ORDER BY total_spent DESC"_s
            << QStringList{u"user_name"_s} << QStringList{u"u.username"_s}
            << u"Added: u.username"_s;
    QTest::newRow("renamed column")
            << u"SELECT pay_time FROM payments"_s << u"SELECT payment_time FROM payments"_s
            << QStringList{u"pay_time"_s} << QStringList{u"payment_time"_s}
            << u"Added: payment_time"_s;
    QTest::newRow("changed function")
            << u"SELECT NOW() FROM orders"_s << u"SELECT CURRENT_TIMESTAMP FROM orders"_s
            << QStringList{u"NOW()"_s} << QStringList{u"CURRENT_TIMESTAMP"_s}
            << u"Added: CURRENT_TIMESTAMP"_s;
    QTest::newRow("changed table")
            << u"SELECT COUNT(*) FROM \"order\" WHERE status = 'paid'"_s
            << u"SELECT COUNT(*) FROM orders WHERE status = 'paid'"_s << QStringList{u"\"order\""_s}
            << QStringList{u"orders"_s} << u"Added: orders"_s;
    QTest::newRow("added clause, one line")
            << u"SELECT a FROM t"_s << u"SELECT a FROM t\n  WHERE a > 1"_s << QStringList()
            << QStringList{u"WHERE a > 1"_s} << u"Added: WHERE a > 1"_s;
    // Whole bracket pairs with the call's name, never "AVG )" or "ROUND(AVG ), 2".
    QTest::newRow("wrapped in a cast")
            << u"SELECT ROUND(AVG(price), 2) FROM t"_s
            << u"SELECT ROUND(AVG(CAST(price AS REAL)), 2) FROM t"_s << QStringList()
            << QStringList{u"CAST(price AS REAL)"_s} << u"Added: CAST(price AS REAL)"_s;
    QTest::newRow("call taken away")
            << u"SELECT ROUND(AVG(price), 2) FROM t"_s << u"SELECT AVG(price) FROM t"_s
            << QStringList{u"ROUND(AVG(price), 2)"_s} << QStringList()
            << u"Removed: ROUND(AVG(price), 2)"_s;
    QTest::newRow("argument changed")
            << u"SELECT strftime('%m', created_at) FROM orders"_s
            << u"SELECT strftime('%Y-%m', created_at) FROM orders"_s << QStringList{u"'%m'"_s}
            << QStringList{u"'%Y-%m'"_s} << u"Added: '%Y-%m'"_s;
    QTest::newRow("a comma only") << u"SELECT a b FROM t"_s << u"SELECT a, b FROM t"_s
                                  << QStringList() << QStringList{u","_s} << u"Added: ,"_s;
}

void TestTimelineView::sqlDiffFragments()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QStringList, removed);
    QFETCH(QStringList, added);
    QFETCH(QString, cardText);

    const ui::SqlDiff diff = ui::SqlDiff::compare(before, after);
    QCOMPARE(diff.removedFragments, removed);
    QCOMPARE(diff.addedFragments, added);

    AttemptCard card;
    core::AttemptRecord record;
    record.sql = after;
    record.outcome = core::AttemptOutcome::Ok;
    card.setAttempt(record, before);
    QTextDocument shown;
    shown.setHtml(card.diffText());
    const QString text = shown.toPlainText().simplified();
    QVERIFY2(text.endsWith(cardText), qPrintable(text));
}

void TestTimelineView::clickAndKeyActivate()
{
    core::Conversation conversation;
    TimelineView view;
    view.resize(700, 800);
    view.setConversation(&conversation);
    addCorrection(conversation);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QSignalSpy spy(&view, &TimelineView::attemptActivated);
    QTest::mouseClick(view.card(0), Qt::LeftButton, {}, QPoint(10, 10));
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 0);
    QCOMPARE(spy.at(0).at(1).toInt(), 0);
    QCOMPARE(view.currentAttempt(), 0);

    // A click on the SQL itself also activates its card (through the window, as a real click).
    QPlainTextEdit *sqlView = view.card(1)->findChild<QPlainTextEdit *>();
    QVERIFY(sqlView);
    QVERIFY(sqlView->isVisible());
    const QPoint onSql = sqlView->viewport()->mapTo(&view, QPoint(5, 5));
    QTest::mouseClick(view.windowHandle(), Qt::LeftButton, {}, onSql);
    QCOMPARE(spy.size(), 2);
    QCOMPARE(spy.at(1).at(1).toInt(), 1);

    QTest::keyClick(view.card(0), Qt::Key_Return);
    QCOMPARE(spy.size(), 3);
    QCOMPARE(spy.at(2).at(1).toInt(), 0);
}

void TestTimelineView::followsLive()
{
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    QCOMPARE(view.cardCount(), 0);

    const int question = conversation.addQuestion(u"How many users?"_s);
    QCOMPARE(view.shownQuestion(), question);
    QVERIFY(view.headerText().contains(u"How many users?"_s));
    conversation.startAttempt(question, 0, core::AttemptOrigin::Llm);
    QCOMPARE(view.cardCount(), 1);
    QVERIFY(view.card(0)->isRunning());
    conversation.setSql(question, wrongSql);
    QCOMPARE(view.card(0)->sql(), wrongSql);
    conversation.finishAttempt(question, failedAttempt());
    QCOMPARE(view.cardCount(), 1);
    QVERIFY(!view.card(0)->isRunning());
    QCOMPARE(view.card(0)->badgeText(), u"column_missing"_s);

    conversation.startAttempt(question, 1, core::AttemptOrigin::Cache);
    QCOMPARE(view.cardCount(), 2);
    QVERIFY(view.card(1)->isRunning());
    QCOMPARE(view.card(1)->originText(), u"fix cache"_s);
    conversation.setSql(question, rightSql);
    QVERIFY(view.card(1)->addedTokens().contains(u"username"_s));

    conversation.clear();
    QCOMPARE(view.cardCount(), 0);
    QCOMPARE(view.shownQuestion(), -1);
}

void TestTimelineView::showQuestionStopsFollowing()
{
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    addCorrection(conversation);
    const int second = conversation.addQuestion(u"Second"_s);
    QCOMPARE(view.shownQuestion(), second);
    QCOMPARE(view.cardCount(), 0);

    view.showQuestion(0);
    QCOMPARE(view.cardCount(), 2);
    conversation.startAttempt(second, 0, core::AttemptOrigin::Llm);
    QCOMPARE(view.shownQuestion(), 0); // an older question stays shown
    QCOMPARE(view.cardCount(), 2);
    conversation.addQuestion(u"Third"_s);
    QCOMPARE(view.shownQuestion(), 0);

    view.showQuestion(conversation.count() - 1);
    conversation.addQuestion(u"Fourth"_s);
    QCOMPARE(view.shownQuestion(), conversation.count() - 1); // the newest is followed again
}

void TestTimelineView::showTrace()
{
    core::Conversation conversation;
    addCorrection(conversation);
    const core::QuestionTrace trace =
            conversation.question(0).outcome->toTrace(u"sqlite:///shop.db"_s, u"sqlite"_s);

    TimelineView view;
    view.setConversation(&conversation);
    view.showTrace(trace);
    QVERIFY(view.isShowingTrace());
    QCOMPARE(view.cardCount(), 2);
    QCOMPARE(view.card(0)->badgeText(), u"column_missing"_s);
    QVERIFY(view.card(0)->rawErrorText().contains(u"user_name"_s));
    QVERIFY(view.card(1)->addedTokens().contains(u"username"_s));
    QVERIFY(view.headerText().contains(u"history"_s));

    // Live events do not replace a trace from history.
    conversation.addQuestion(u"Another"_s);
    QCOMPARE(view.cardCount(), 2);

    QSignalSpy spy(&view, &TimelineView::traceAttemptActivated);
    QSignalSpy live(&view, &TimelineView::attemptActivated);
    QTest::keyClick(view.card(1), Qt::Key_Space);
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(1).toInt(), 1);
    QCOMPARE(live.size(), 0);
}

void TestTimelineView::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("binary junk") << QString::fromLatin1(QByteArray("\x00\x01\xff\xfe'\"`/*--", 12));
    QTest::newRow("10 MB") << QString(10 * 1024 * 1024, u'x');
}

void TestTimelineView::badInput()
{
    QFETCH(QString, text);
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    const int question = conversation.addQuestion(text);
    conversation.startAttempt(question, 0, core::AttemptOrigin::User);
    conversation.setSql(question, text);
    core::LoopAttempt attempt;
    attempt.sql = text;
    attempt.reason = text;
    attempt.advice = text;
    attempt.diagnosis = core::diagnose(core::EngineError::fromText(core::Engine::Unknown, text));
    conversation.finishAttempt(question, attempt);
    attempt.index = 1;
    attempt.sql = text + u" x"_s;
    conversation.finishAttempt(question, attempt);
    QCOMPARE(view.cardCount(), 2);
    // Labels show a bounded part; the raw error keeps all of it.
    QVERIFY(view.card(0)->adviceText().size() < 3000);
    QVERIFY(view.card(0)->rootCauseText().size() < 3000);
    QCOMPARE(view.card(0)->sql(), text);
}

void TestTimelineView::rawErrorExpands()
{
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    addCorrection(conversation);
    AttemptCard *card = view.card(0);
    auto *toggle = card->findChild<QToolButton *>();
    QVERIFY(toggle);
    QVERIFY(!toggle->isChecked());
    toggle->click();
    const QList<QPlainTextEdit *> edits = card->findChildren<QPlainTextEdit *>();
    QCOMPARE(edits.size(), 2); // the SQL and the raw error
    QVERIFY(edits.last()->toPlainText().contains(u"no such column: user_name"_s));
    QVERIFY(edits.last()->isVisibleTo(card));
    toggle->click();
    QVERIFY(!edits.last()->isVisibleTo(card));
}

void TestTimelineView::linkedTablesOnTheCard()
{
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    const int question = conversation.addQuestion(u"Who are the top 10 customers?"_s);
    core::LoopAttempt attempt = failedAttempt();
    attempt.linkedTables = {
            {u"users"_s,
             {u"id"_s, u"username"_s, u"city"_s},
             {{core::LinkReason::Kind::Matched, {u"customers"_s}, {}, {}}}},
            {u"orders"_s,
             {u"id"_s, u"user_id"_s, u"total"_s},
             {{core::LinkReason::Kind::ForeignKey, {}, u"users"_s, {}},
              {core::LinkReason::Kind::Pinned, {}, {}, {}}}},
    };
    conversation.startAttempt(question, 0, core::AttemptOrigin::Llm);
    conversation.finishAttempt(question, attempt);
    core::LoopAttempt repaired = goodAttempt(); // an autofix had no prompt, so no schema
    conversation.startAttempt(question, 1, core::AttemptOrigin::Autofix);
    conversation.finishAttempt(question, repaired);
    view.show();

    AttemptCard *card = view.card(0);
    QVERIFY(card->isLinkedTablesShown());
    QVERIFY(!card->isLinkedTablesExpanded());
    // Compact: the names only.
    QCOMPARE(card->linkedTablesText(), u"users \u00b7 orders"_s);
    const QList<QToolButton *> toggles = card->findChildren<QToolButton *>();
    QToolButton *linkedToggle = nullptr;
    for (QToolButton *button : toggles) {
        if (button->text().contains(u"Schema given"_s))
            linkedToggle = button;
    }
    QVERIFY(linkedToggle);
    QVERIFY(linkedToggle->isVisibleTo(card));
    QVERIFY2(linkedToggle->text().contains(u"2 table"_s), qPrintable(linkedToggle->text()));
    // Expanded: each table with why it was given.
    linkedToggle->click();
    QVERIFY(card->isLinkedTablesExpanded());
    const QString expanded = card->linkedTablesText();
    QVERIFY2(expanded.contains(u"users (3 column"_s)
                     && expanded.contains(u"): matched \u201ccustomers\u201d"_s),
             qPrintable(expanded));
    QVERIFY2(expanded.contains(u"): foreign key of users; pinned"_s), qPrintable(expanded));
    linkedToggle->click();
    QCOMPARE(card->linkedTablesText(), u"users \u00b7 orders"_s);

    QVERIFY(!view.card(1)->isLinkedTablesShown());
    QVERIFY(view.card(1)->linkedTablesText().isEmpty());
}

void TestTimelineView::terminalAttempt()
{
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    const int question = conversation.addQuestion(u"Salaries?"_s);
    core::LoopAttempt attempt;
    attempt.sql = u"SELECT * FROM salaries"_s;
    attempt.diagnosis = core::diagnose(core::EngineError::fromText(
            core::Engine::PostgreSQL, u"ERROR:  permission denied for table salaries"_s,
            u"42501"_s));
    conversation.finishAttempt(question, attempt);
    QCOMPARE(view.cardCount(), 1);
    QCOMPARE(view.card(0)->badgeText(), u"permission"_s);
    QVERIFY(view.card(0)->isTerminalShown());
    QVERIFY(!view.card(0)->rootCauseText().contains(u"ERROR:"_s)); // decapsulated
}

void TestTimelineView::doubtfulRepair()
{
    // A repair that ran but whose result was held back: its own badge, why, and what to do.
    core::Conversation conversation;
    TimelineView view;
    view.setConversation(&conversation);
    const int question = conversation.addQuestion(u"The busiest city?"_s);
    core::LoopAttempt attempt;
    attempt.origin = core::AttemptOrigin::Autofix;
    attempt.repair = u"qualify_column"_s;
    attempt.sql = u"SELECT u.city FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.city "
                  u"ORDER BY count(*) DESC LIMIT 1"_s;
    attempt.outcome = core::AttemptOutcome::Doubtful;
    attempt.reason = core::AnswerCheck::reason(core::AnswerDoubt::OrderTie);
    attempt.advice = core::AnswerCheck::advice(core::AnswerDoubt::OrderTie);
    attempt.columns = {u"city"_s};
    attempt.rowCount = 1;
    conversation.finishAttempt(question, attempt);
    QCOMPARE(view.cardCount(), 1);
    const AttemptCard *card = view.card(0);
    QCOMPARE(card->badgeText(), u"in doubt"_s);
    QCOMPARE(card->originText(), u"autofix"_s);
    QVERIFY2(card->rootCauseText().contains(u"tie on its ORDER BY"_s),
             qPrintable(card->rootCauseText()));
    QVERIFY2(card->adviceText().contains(u"decide between the tied rows"_s),
             qPrintable(card->adviceText()));
    QVERIFY(!card->isTerminalShown());
}

void TestTimelineView::paletteIsReadable_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestTimelineView::paletteIsReadable()
{
    QFETCH(bool, dark);
    QPalette palette;
    palette.setColor(QPalette::Window, dark ? QColor(0x20, 0x20, 0x20) : QColor(0xf0, 0xf0, 0xf0));
    QCOMPARE(ui::ErrorClassPalette::isDark(palette), dark);

    auto luminance = [](const QColor &colour) {
        auto channel = [](double value) {
            value /= 255.0;
            return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green())
                + 0.0722 * channel(colour.blue());
    };
    QSet<QRgb> seen;
    for (const core::ErrorClass errorClass : core::allErrorClasses()) {
        const QColor fill = ui::ErrorClassPalette::background(errorClass, palette);
        QVERIFY2(!seen.contains(fill.rgb()), qPrintable(core::errorClassName(errorClass)));
        seen.insert(fill.rgb());
        const QColor text = ui::ErrorClassPalette::foreground(fill);
        const double a = luminance(fill);
        const double b = luminance(text);
        const double contrast = (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
        QVERIFY2(contrast >= 4.5,
                 qPrintable(u"%1: %2"_s.arg(core::errorClassName(errorClass)).arg(contrast)));
    }
}

void TestTimelineView::manyAttempts()
{
    core::Conversation conversation;
    const int question = conversation.addQuestion(u"A hundred tries"_s);
    for (int i = 0; i < 100; ++i) {
        core::LoopAttempt attempt = failedAttempt();
        attempt.index = i;
        attempt.sql = u"SELECT col_%1 FROM t WHERE x > %1"_s.arg(i);
        conversation.finishAttempt(question, attempt);
    }
    TimelineView view;
    view.resize(700, 900);
    view.show();
    QElapsedTimer timer;
    timer.start();
    view.setConversation(&conversation);
    QCoreApplication::processEvents();
    const qint64 buildMs = timer.elapsed();
    QCOMPARE(view.cardCount(), 100);
    QCOMPARE(view.card(99)->index(), 99);
    QVERIFY(view.card(99)->addedTokens().contains(u"col_99"_s));

    timer.restart();
    view.showQuestion(question); // a rebuild reuses the cards
    QCoreApplication::processEvents();
    const qint64 rebuildMs = timer.elapsed();
    qInfo("100 attempt cards: built in %lld ms, rebuilt in %lld ms", buildMs, rebuildMs);
}

// A card's SQL editor is as tall as its statement wraps at its width. Each new height lays the
// timeline out again, and a scroll bar that comes and goes (the editor's, or the timeline's when
// the cards grow past its height) changes the width the lines wrap at and resizes the editor once
// more: at no size may that recurse, and the widths that fit the statement show all of it.
void TestTimelineView::sqlFitsEveryWidth()
{
    core::Conversation conversation;
    const int question = conversation.addQuestion(u"Wide and narrow"_s);
    QStringList words;
    for (int i = 0; i < 40; ++i)
        words.append(u"column_%1"_s.arg(i));
    for (int i = 0; i < 3; ++i) {
        core::LoopAttempt attempt = failedAttempt();
        attempt.index = i;
        attempt.sql = u"SELECT "_s + words.mid(0, 10 + 10 * i).join(u", "_s) + u" FROM t"_s;
        conversation.finishAttempt(question, attempt);
    }
    TimelineView view;
    view.resize(900, 1200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setConversation(&conversation);
    QCoreApplication::processEvents();
    QCOMPARE(view.cardCount(), 3);
    // Every height from tall to short crosses the one where the timeline's scroll bar appears.
    QString firstMiss;
    int misses = 0;
    for (int width = 900; width >= 300; width -= 50) {
        for (int height = 1200; height >= 200; height -= 11) {
            view.resize(width, height);
            QCoreApplication::processEvents();
            const auto *sql = view.card(0)->findChild<QPlainTextEdit *>();
            QVERIFY(sql);
            // The first card's ten columns fit in its editor at every one of these widths.
            if (sql->verticalScrollBar()->maximum() == 0)
                continue;
            ++misses;
            if (firstMiss.isEmpty())
                firstMiss = u"%1 x %2: the editor (%3 x %4) scrolls by %5"_s.arg(width)
                                    .arg(height)
                                    .arg(sql->width())
                                    .arg(sql->height())
                                    .arg(sql->verticalScrollBar()->maximum());
        }
    }
    QVERIFY2(misses == 0, qPrintable(u"%1 sizes; the first: %2"_s.arg(misses).arg(firstMiss)));
}

namespace {

// The layout of a scroll bar that comes and goes, played by hand: every new height of the editor
// gives it the other of two widths, one that wraps the statement into more lines than the other.
// Past a number of resizes no fit needs, it swallows them, so that a fit that recursed ends and
// fails the test instead of overflowing the stack.
class WidthsTakingTurns : public QObject
{
public:
    WidthsTakingTurns(QWidget *editor, int narrow, int wide)
        : m_editor(editor), m_narrow(narrow), m_wide(wide)
    {
    }
    static constexpr int cap = 200;
    int resizes = 0;
    int turns = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched != m_editor || event->type() != QEvent::Resize)
            return false;
        if (++resizes > cap)
            return true; // the card's own filter, which runs after this one, does not see it
        const auto *resize = static_cast<QResizeEvent *>(event);
        if (resize->size().height() == resize->oldSize().height())
            return false;
        ++turns;
        m_editor->resize(resize->size().width() > m_narrow ? m_narrow : m_wide,
                         resize->size().height());
        return false;
    }

private:
    QWidget *m_editor;
    int m_narrow;
    int m_wide;
};

} // namespace

void TestTimelineView::sqlFitEndsWhereWidthsTakeTurns()
{
    QStringList words;
    for (int i = 0; i < 30; ++i)
        words.append(u"column_%1"_s.arg(i));
    core::LoopAttempt attempt = failedAttempt();
    attempt.sql = u"SELECT "_s + words.join(u", "_s) + u" FROM t"_s;
    AttemptCard card;
    card.resize(700, 600);
    card.show();
    QVERIFY(QTest::qWaitForWindowExposed(&card));
    auto *sql = card.findChild<QPlainTextEdit *>();
    QVERIFY(sql);
    WidthsTakingTurns layout(sql, 220, 640);
    sql->installEventFilter(&layout); // after the card's own filter: it sees each resize first
    card.setAttempt(attempt.toRecord(), QString());
    QCoreApplication::processEvents();
    // Each height the card sets is answered by another width; fitting again inside that resize,
    // and again inside the next, nests one level deeper each time until the stack runs out.
    QVERIFY2(layout.turns > 0, "the statement wraps into as many lines at both widths");
    QVERIFY2(layout.resizes < WidthsTakingTurns::cap,
             qPrintable(u"%1 resizes, %2 turns"_s.arg(layout.resizes).arg(layout.turns)));
}

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
