#include "ui/chatpanel.h"
#include "ui/resultgrid.h"

#include "core/loop/conversation.h"
#include "ui/chartpanel.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using ui::ChartPanel;
using ui::ChatPanel;

namespace {

core::QuestionOutcome answered(const QString &question)
{
    core::QuestionOutcome outcome;
    outcome.question = question;
    outcome.status = core::QuestionStatus::Ok;
    outcome.columns = {u"city"_s, u"users"_s};
    outcome.rows = {{u"Berlin"_s, 12}, {u"Paris"_s, 9}, {u"Rome"_s, 4}};
    outcome.rowCount = 3;
    core::LoopAttempt attempt;
    attempt.outcome = core::AttemptOutcome::Ok;
    attempt.sql = u"SELECT city, COUNT(*) AS users FROM users GROUP BY city"_s;
    outcome.attempts = {attempt};
    return outcome;
}

QPushButton *button(const ChatPanel &panel, const QString &accessibleName)
{
    for (QPushButton *candidate : panel.findChildren<QPushButton *>()) {
        if (candidate->accessibleName() == accessibleName)
            return candidate;
    }
    return nullptr;
}

} // namespace

class TestChatPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keys_data();
    void keys();
    void refusesBadQuestions_data();
    void refusesBadQuestions();
    void history();
    void streamingText();
    void markdownWhenComplete_data();
    void markdownWhenComplete();
    void stopOnlyWhileRunning();
    void answerTableAndChart();
    void cutAnswerSaysSo();
    void shellModel();
    void recordedNote();
    void failureShowsAttempts();
    void showAttempts();
    void followsTheEnd();
    void midLineFence();
};

void TestChatPanel::keys_data()
{
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::addColumn<int>("key");
    QTest::addColumn<bool>("sends");

    QTest::newRow("Enter") << Qt::KeyboardModifiers() << int(Qt::Key_Return) << true;
    QTest::newRow("keypad Enter") << Qt::KeyboardModifiers(Qt::KeypadModifier) << int(Qt::Key_Enter)
                                  << true;
    QTest::newRow("Ctrl+Enter") << Qt::KeyboardModifiers(Qt::ControlModifier) << int(Qt::Key_Return)
                                << true;
    QTest::newRow("Shift+Enter") << Qt::KeyboardModifiers(Qt::ShiftModifier) << int(Qt::Key_Return)
                                 << false;
}

void TestChatPanel::keys()
{
    QFETCH(Qt::KeyboardModifiers, modifiers);
    QFETCH(int, key);
    QFETCH(bool, sends);

    ChatPanel panel;
    QSignalSpy spy(&panel, &ChatPanel::questionSubmitted);
    QTest::keyClicks(panel.questionEdit(), u"How many users?"_s);
    QTest::keyClick(panel.questionEdit(), Qt::Key(key), modifiers);
    QCOMPARE(spy.size(), sends ? 1 : 0);
    if (sends) {
        QCOMPARE(spy.at(0).at(0).toString(), u"How many users?"_s);
        QCOMPARE(panel.questionEdit()->toPlainText(), QString());
    } else {
        QCOMPARE(panel.questionEdit()->toPlainText(), u"How many users?\n"_s);
        QCOMPARE(panel.questionEdit()->document()->blockCount(), 2);
    }
}

void TestChatPanel::refusesBadQuestions_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("explains");
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("blank") << u"  \n\t "_s << false;
    QTest::newRow("10 MB") << QString(10 * 1024 * 1024, u'q') << true;
}

void TestChatPanel::refusesBadQuestions()
{
    QFETCH(QString, text);
    QFETCH(bool, explains);
    ChatPanel panel;
    QSignalSpy spy(&panel, &ChatPanel::questionSubmitted);
    panel.questionEdit()->setPlainText(text);
    panel.submit();
    QCOMPARE(spy.size(), 0);
    bool shown = false;
    for (QLabel *label : panel.findChildren<QLabel *>()) {
        if (label->accessibleName() == u"Question problem"_s)
            shown = label->isVisibleTo(&panel) && label->text().contains(u"too long"_s);
    }
    QCOMPARE(shown, explains);
}

void TestChatPanel::history()
{
    ChatPanel panel;
    QPlainTextEdit *edit = panel.questionEdit();
    for (const QString &question : {u"first"_s, u"second\nline"_s}) {
        edit->setPlainText(question);
        QTest::keyClick(edit, Qt::Key_Return);
    }
    QCOMPARE(panel.history(), (QStringList{u"first"_s, u"second\nline"_s}));

    edit->setPlainText(u"draft"_s);
    QTest::keyClick(edit, Qt::Key_Up);
    QCOMPARE(edit->toPlainText(), u"second\nline"_s);
    // The cursor is on the first line after recalling upwards: Up walks on.
    QTest::keyClick(edit, Qt::Key_Up);
    QCOMPARE(edit->toPlainText(), u"first"_s);
    QTest::keyClick(edit, Qt::Key_Up); // no older question
    QCOMPARE(edit->toPlainText(), u"first"_s);
    QTest::keyClick(edit, Qt::Key_Down);
    QCOMPARE(edit->toPlainText(), u"second\nline"_s);
    // Down on the first of two lines moves the cursor, it does not recall.
    edit->moveCursor(QTextCursor::Start);
    QTest::keyClick(edit, Qt::Key_Down);
    QCOMPARE(edit->toPlainText(), u"second\nline"_s);
    QTest::keyClick(edit, Qt::Key_Down);
    QCOMPARE(edit->toPlainText(), u"draft"_s); // back to what was being written
}

void TestChatPanel::streamingText()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    const int question = conversation.addQuestion(u"How many users per city?"_s);
    conversation.startAttempt(question, 0, core::AttemptOrigin::Llm);
    conversation.appendText(question, u"Count the users "_s);
    QCOMPARE(panel.replyText(question), u"Count the users "_s);
    conversation.appendText(question, u"per city:"_s);
    QCOMPARE(panel.replyText(question), u"Count the users per city:"_s);

    // A second view built later shows the same state.
    ChatPanel late;
    late.setConversation(&conversation);
    QCOMPARE(late.replyText(question), u"Count the users per city:"_s);
}

void TestChatPanel::markdownWhenComplete_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QStringList>("shown");    // in the rendered text
    QTest::addColumn<QStringList>("notShown"); // markup that must not appear literally

    QTest::newRow("fence and bold")
            << u"Count the users **per city**:\n\n```sql\nSELECT city, COUNT(*)\nFROM users\n"
               u"GROUP BY city;\n```"_s
            << QStringList{u"per city"_s, u"SELECT city, COUNT(*)"_s, u"GROUP BY city;"_s}
            << QStringList{u"**"_s, u"```"_s};
    QTest::newRow("inline code and list")
            << u"The column is `username`:\n\n- not `user_name`\n- not *name*"_s
            << QStringList{u"username"_s, u"user_name"_s, u"name"_s}
            << QStringList{u"`"_s, u"*"_s, u"- not"_s};
    // Raw HTML in a reply is text, never markup.
    QTest::newRow("html stays text")
            << u"**Done** <img src=\"file:///etc/passwd\"> <b>x</b>"_s
            << QStringList{u"Done"_s, u"<img src=\"file:///etc/passwd\">"_s, u"<b>x</b>"_s}
            << QStringList{u"**"_s};
}

void TestChatPanel::markdownWhenComplete()
{
    QFETCH(QString, reply);
    QFETCH(QStringList, shown);
    QFETCH(QStringList, notShown);
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    const int question = conversation.addQuestion(u"How many users per city?"_s);
    conversation.startAttempt(question, 0, core::AttemptOrigin::Llm);
    conversation.appendText(question, reply);
    // While it streams, the text is shown as it came.
    QVERIFY(!panel.isReplyRendered(question));
    QCOMPARE(panel.replyText(question), reply);

    core::LoopAttempt attempt;
    attempt.outcome = core::AttemptOutcome::Ok;
    conversation.finishAttempt(question, attempt);
    QVERIFY(panel.isReplyRendered(question));
    const QString text = panel.replyText(question);
    for (const QString &part : shown)
        QVERIFY2(text.contains(part), qPrintable(text));
    for (const QString &markup : notShown)
        QVERIFY2(!text.contains(markup), qPrintable(text));

    // The next attempt streams plain again.
    conversation.startAttempt(question, 1, core::AttemptOrigin::Llm);
    conversation.appendText(question, u"**again**"_s);
    QVERIFY(!panel.isReplyRendered(question));
    QCOMPARE(panel.replyText(question), u"**again**"_s);
}

void TestChatPanel::stopOnlyWhileRunning()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    QPushButton *stop = button(panel, u"Stop the question"_s);
    QPushButton *send = button(panel, u"Send the question"_s);
    QVERIFY(stop && send);
    QSignalSpy stops(&panel, &ChatPanel::stopRequested);
    QSignalSpy sent(&panel, &ChatPanel::questionSubmitted);

    QVERIFY(!stop->isEnabled());
    QVERIFY(send->isEnabled());
    QTest::keyClick(panel.questionEdit(), Qt::Key_Escape);
    QCOMPARE(stops.size(), 0);

    const int question = conversation.addQuestion(u"Running"_s);
    QVERIFY(panel.isRunning());
    QVERIFY(stop->isEnabled());
    QVERIFY(!send->isEnabled());
    panel.questionEdit()->setPlainText(u"while running"_s);
    panel.submit();
    QCOMPARE(sent.size(), 0);
    QTest::keyClick(panel.questionEdit(), Qt::Key_Escape);
    QCOMPARE(stops.size(), 1);
    stop->click();
    QCOMPARE(stops.size(), 2);

    core::QuestionOutcome outcome;
    outcome.status = core::QuestionStatus::Cancelled;
    conversation.finishQuestion(question, outcome);
    QVERIFY(!panel.isRunning());
    QVERIFY(!stop->isEnabled());
    QVERIFY(send->isEnabled());
    QVERIFY(panel.statusText(question).contains(u"Stopped"_s));
}

void TestChatPanel::answerTableAndChart()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    const int question = conversation.addQuestion(u"How many users per city?"_s);
    QVERIFY(!panel.resultTable(question));
    conversation.finishQuestion(question, answered(u"How many users per city?"_s));

    ui::ResultGrid *table = panel.resultTable(question);
    QVERIFY(table);
    QAbstractItemModel *model = table->sourceModel();
    QVERIFY(model);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->columnCount(), 2);
    QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), u"city"_s);
    QCOMPARE(model->index(1, 0).data().toString(), u"Paris"_s);
    QCOMPARE(model->index(1, 1).data(Qt::EditRole).toInt(), 9);
    ChartPanel *chart = panel.chartPanel(question);
    QVERIFY(chart);
    QCOMPARE(chart->model(), model);
    QVERIFY(panel.statusText(question).contains(u"3"_s));
    // The grid's look, copy and export: numbers on the right, one cell copies its value, the
    // rows go to a file as the grid shows them.
    QVERIFY(ui::ResultGrid::cellLook(table->model()->index(1, 1).data(Qt::EditRole)).rightAligned);
    table->setCurrentIndex(table->model()->index(1, 0));
    QCOMPARE(table->selectionText(false), u"Paris"_s);
    QVERIFY(table->exportAction());
    const core::RowSource rows = table->rows();
    QCOMPARE(rows.count, 3);
    QCOMPARE(rows.row(1).at(0).toString(), u"Paris"_s);
}

// An answer whose fetch the row cap stopped does not read as the whole result.
void TestChatPanel::cutAnswerSaysSo()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    const int whole = conversation.addQuestion(u"How many users per city?"_s);
    core::QuestionOutcome outcome = answered(u"How many users per city?"_s);
    outcome.rowStatus = core::RowCountStatus::Complete;
    conversation.finishQuestion(whole, outcome);
    QVERIFY(panel.statusText(whole).contains(u"3 row"_s));
    QVERIFY(!panel.statusText(whole).contains(u"more"_s));

    const int cut = conversation.addQuestion(u"List every order"_s);
    outcome.question = u"List every order"_s;
    outcome.rowCount = 1000;
    outcome.rowStatus = core::RowCountStatus::Partial;
    conversation.finishQuestion(cut, outcome);
    QVERIFY2(panel.statusText(cut).contains(u"the first 1000 row"_s),
             qPrintable(panel.statusText(cut)));
}

void TestChatPanel::shellModel()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    QStandardItemModel shell;
    shell.setHorizontalHeaderLabels({u"n"_s});
    shell.appendRow(new QStandardItem(u"42"_s));

    // Given before the question exists, used when it finishes.
    panel.setResultModel(0, &shell);
    const int question = conversation.addQuestion(u"The answer?"_s);
    conversation.finishQuestion(question, answered(u"The answer?"_s));
    QCOMPARE(panel.resultTable(question)->sourceModel(), &shell);
    QCOMPARE(panel.chartPanel(question)->model(), &shell);

    // Given after it finished, replaces the outcome's rows.
    const int second = conversation.addQuestion(u"Again?"_s);
    conversation.finishQuestion(second, answered(u"Again?"_s));
    QCOMPARE(panel.resultTable(second)->model()->rowCount(), 3);
    panel.setResultModel(second, &shell);
    QCOMPARE(panel.resultTable(second)->sourceModel(), &shell);
    QCOMPARE(panel.resultModel(second), &shell);
}

void TestChatPanel::recordedNote()
{
    ChatPanel panel;
    auto note = [&panel]() -> QLabel * {
        for (QLabel *label : panel.findChildren<QLabel *>()) {
            if (label->accessibleName() == u"Recorded answers"_s)
                return label;
        }
        return nullptr;
    };
    QVERIFY(note());
    QVERIFY(!note()->isVisibleTo(&panel));
    panel.setRecordedProvider(true);
    QVERIFY(note()->isVisibleTo(&panel));
    QVERIFY(note()->text().contains(u"recorded"_s));
    panel.setRecordedProvider(false);
    QVERIFY(!note()->isVisibleTo(&panel));
}

void TestChatPanel::failureShowsAttempts()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    const int question = conversation.addQuestion(u"Top customers?"_s);
    conversation.startAttempt(question, 0, core::AttemptOrigin::Llm);
    core::LoopAttempt attempt;
    attempt.sql = u"SELECT user_name FROM users"_s;
    attempt.diagnosis = core::diagnose(
            core::EngineError::fromText(core::Engine::SQLite, u"no such column: user_name"_s));
    conversation.finishAttempt(question, attempt);
    core::QuestionOutcome outcome;
    outcome.status = core::QuestionStatus::Failed;
    outcome.reason = u"the retry bound was reached"_s;
    outcome.attempts = {attempt};
    conversation.finishQuestion(question, outcome);

    QVERIFY(panel.statusText(question).contains(u"the retry bound was reached"_s));
    QVERIFY(!panel.resultTable(question));
    bool listed = false;
    for (QLabel *label : panel.findChildren<QLabel *>()) {
        if (label->accessibleName() == u"Attempts"_s)
            listed = label->text().contains(u"column_missing"_s)
                    && label->text().contains(u"no such column: user_name"_s);
    }
    QVERIFY(listed);
}

void TestChatPanel::showAttempts()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    conversation.addQuestion(u"First"_s);
    conversation.addQuestion(u"Second"_s);
    QSignalSpy spy(&panel, &ChatPanel::questionActivated);
    QToolButton *second = nullptr;
    for (QToolButton *candidate : panel.findChildren<QToolButton *>()) {
        if (candidate->accessibleName() == u"Show the attempts of question 2"_s)
            second = candidate;
    }
    QVERIFY(second);
    second->click();
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 1);
}

namespace {

// The transcript's scroll bar, and whether its end shows the whole of the last question.
QScrollBar *transcriptBar(const ChatPanel &panel)
{
    const auto *scroll = panel.findChild<QScrollArea *>();
    return scroll ? scroll->verticalScrollBar() : nullptr;
}

bool lastBlockFits(const ChatPanel &panel)
{
    const auto *scroll = panel.findChild<QScrollArea *>();
    const QWidget *transcript = scroll->widget();
    const QList<QFrame *> frames = transcript->findChildren<QFrame *>(Qt::FindDirectChildrenOnly);
    if (frames.isEmpty())
        return true;
    const QFrame *last = frames.constLast();
    // The frame is as tall as its contents at its width, and the scrollable height holds it.
    const int wanted = last->hasHeightForWidth() ? last->heightForWidth(last->width())
                                                 : last->sizeHint().height();
    return last->height() >= wanted && last->geometry().bottom() < transcript->height()
            && scroll->verticalScrollBar()->maximum()
            == std::max(0, transcript->height() - scroll->viewport()->height());
}

} // namespace

void TestChatPanel::followsTheEnd()
{
    core::Conversation conversation;
    ChatPanel panel;
    panel.resize(420, 360);
    panel.setConversation(&conversation);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QScrollBar *bar = transcriptBar(panel);
    QVERIFY(bar);
    const QString sentence = u"The users are counted per city, from the users table, and "
                             u"sorted by their number. "_s;

    // A streaming reply is followed while the reader is at the end.
    const int first = conversation.addQuestion(u"How many users per city?"_s);
    conversation.startAttempt(first, 0, core::AttemptOrigin::Llm);
    for (int i = 0; i < 12; ++i) {
        conversation.appendText(first, sentence);
        QCoreApplication::processEvents();
    }
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum());
    QVERIFY(panel.isFollowing());

    // Scrolled up, it stays where the reader is while text streams in...
    bar->setValue(0);
    QVERIFY(!panel.isFollowing());
    const int before = bar->maximum();
    for (int i = 0; i < 6; ++i) {
        conversation.appendText(first, sentence);
        QCoreApplication::processEvents();
    }
    QTRY_VERIFY(bar->maximum() > before);
    QCOMPARE(bar->value(), 0);
    // ... and follows again from the end.
    bar->setValue(bar->maximum());
    QVERIFY(panel.isFollowing());

    // The whole of a finished answer can be scrolled to, without resizing anything: the
    // rendered reply, the table and the chart.
    core::LoopAttempt attempt;
    attempt.outcome = core::AttemptOutcome::Ok;
    conversation.finishAttempt(first, attempt);
    conversation.finishQuestion(first, answered(u"How many users per city?"_s));
    QTRY_VERIFY(lastBlockFits(panel));
    QTRY_COMPARE(bar->value(), bar->maximum());

    // A new question is followed even from a scrolled-up transcript.
    bar->setValue(0);
    const int second = conversation.addQuestion(u"And per country, with a long answer?"_s);
    conversation.startAttempt(second, 0, core::AttemptOrigin::Llm);
    conversation.appendText(second, sentence.repeated(8));
    conversation.finishAttempt(second, attempt);
    conversation.finishQuestion(second, answered(u"And per country?"_s));
    QTRY_VERIFY(lastBlockFits(panel));
    QTRY_COMPARE(bar->value(), bar->maximum());
    QVERIFY(panel.isFollowing());

    // Narrower: the answer wraps to more lines, and the end is still reachable.
    panel.resize(300, 360);
    QTRY_VERIFY(lastBlockFits(panel));
}

void TestChatPanel::midLineFence()
{
    // A fence opened at the end of a sentence is still a fence.
    core::Conversation conversation;
    ChatPanel panel;
    panel.setConversation(&conversation);
    const int question = conversation.addQuestion(u"Users?"_s);
    conversation.startAttempt(question, 0, core::AttemptOrigin::Llm);
    conversation.appendText(question, u"Here is the query: ```sql\nSELECT 1;\n```"_s);
    core::LoopAttempt attempt;
    attempt.outcome = core::AttemptOutcome::Ok;
    conversation.finishAttempt(question, attempt);
    const QString text = panel.replyText(question);
    QVERIFY2(!text.contains(u"```"_s), qPrintable(text));
    QVERIFY2(text.contains(u"SELECT 1;"_s), qPrintable(text));
}

QTEST_MAIN(TestChatPanel)
#include "tst_chatpanel.moc"
