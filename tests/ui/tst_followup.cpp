// Follow-up questions in the real window (offscreen) on the demo database, with a scripted model
// on loopback that records every request: a question after an answer continues the
// conversation, New Conversation starts a fresh one, History reopens a stored conversation, and
// the next start continues the last one.

#include "ui/mainwindow.h"

#include "core/cases/casestore.h"
#include "core/cases/conversationstore.h"
#include "core/loop/conversation.h"
#include "core/loop/correctionloop.h"
#include "tests/support/scriptedllmserver.h"
#include "ui/appsettings.h"
#include "ui/chatpanel.h"
#include "ui/historymodel.h"
#include "ui/historypanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QJsonArray>
#include <QListView>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using test::ScriptedLlmServer;
using test::ScriptedResponse;

namespace {

// Generous: the machine that runs the tests may be busy building.
constexpr int slowMs = 60000;
const QString Endpoint = u"/v1/chat/completions"_s;
const QString First = u"How many orders are there per status?"_s;
const QString FirstSql =
        u"SELECT status, count(*) AS order_count FROM orders GROUP BY status ORDER BY status"_s;
const QString Second = u"And the average total of each?"_s;
const QString SecondSql = u"SELECT status, avg(total) AS average_total FROM orders GROUP BY "
                          "status ORDER BY status"_s;
const QString Fresh = u"How many users are there?"_s;
const QString FreshSql = u"SELECT count(*) AS user_count FROM users"_s;
// Values of the demo's rows: the first answer's statuses, and other texts of the data.
const QStringList RowValues = {u"'paid'"_s,      u"\"paid\""_s, u"refunded"_s, u"user01"_s,
                               u"example.com"_s, u"Berlin"_s,   u"Shanghai"_s};

QString userText(const test::RecordedRequest &request)
{
    QString text;
    for (const QJsonValue &message : request.json().value(u"messages").toArray()) {
        if (message.toObject().value(u"role").toString() == u"user")
            text += message.toObject().value(u"content").toString();
    }
    return text;
}

} // namespace

class TestFollowUp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void followUpInTheChat();
    void newConversationStartsFresh();
    void historyReopensTheConversation();
    void nextStartContinuesIt();

private:
    void openWindow();
    // Sends question through the chat with sql as the model's reply; waits for its answer.
    void ask(const QString &question, const QString &sql);
    std::optional<core::ConversationRecord> stored(const QString &name);

    QTemporaryDir m_dir;
    ScriptedLlmServer m_server;
    std::unique_ptr<ui::MainWindow> m_window;
    QString m_firstConversation;
};

void TestFollowUp::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    QVERIFY(m_server.listen());
    ui::AppSettings settings;
    settings.caseStoreLocation = m_dir.filePath(u"cases.sqlite"_s);
    settings.providerKind = core::ProviderKind::OpenAiCompatible;
    settings.providerPreset = u"custom"_s;
    settings.baseUrl = m_server.url(u"/v1"_s).toString();
    settings.model = u"scripted"_s;
    settings.save();
    openWindow();
}

void TestFollowUp::cleanupTestCase()
{
    m_window.reset();
    QSettings().clear();
}

void TestFollowUp::openWindow()
{
    m_window = std::make_unique<ui::MainWindow>();
    new QAbstractItemModelTester(m_window->historyPanel()->model(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 m_window.get());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->currentConnection() != 0, slowMs);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->correctionLoop(m_window->currentConnection()), slowMs);
}

void TestFollowUp::ask(const QString &question, const QString &sql)
{
    m_server.enqueue(Endpoint,
                     ScriptedResponse::sse(
                             ScriptedLlmServer::openAiStream({u"```sql\n"_s, sql, u"\n```"_s})));
    core::Conversation *conversation = m_window->conversation();
    const int at = conversation->count();
    m_window->showAsk();
    m_window->chatPanel()->questionEdit()->setPlainText(question);
    m_window->chatPanel()->submit();
    QTRY_VERIFY_WITH_TIMEOUT(
            conversation->count() == at + 1 && conversation->question(at).isFinished(), slowMs);
    QVERIFY(conversation->question(at).outcome->isOk());
}

std::optional<core::ConversationRecord> TestFollowUp::stored(const QString &name)
{
    core::CaseStore store;
    if (!store.open(m_window->caseStoreLocation()))
        return std::nullopt;
    const auto found = core::ConversationStore(store).conversationNamed(name);
    return found ? found.value() : std::nullopt;
}

void TestFollowUp::followUpInTheChat()
{
    ui::ChatPanel *chat = m_window->chatPanel();
    QVERIFY(!chat->newConversationButton()->isEnabled()); // nothing to leave yet
    m_server.clearRequests();
    ask(First, FirstSql);
    QVERIFY(!userText(m_server.requests().constLast()).contains(u"Earlier questions"_s));
    // The question box now says that the next question follows up.
    QVERIFY(chat->questionEdit()->placeholderText().contains(u"follow-up"_s));
    QVERIFY(chat->newConversationButton()->isEnabled());
    m_firstConversation = m_window->conversationName();
    QVERIFY(!m_firstConversation.isEmpty());

    ask(Second, SecondSql);
    QCOMPARE(m_window->conversation()->count(), 2);
    QCOMPARE(m_window->conversationName(), m_firstConversation);
    QCOMPARE(m_server.requests().size(), 2);
    const QString prompt = userText(m_server.requests().at(1));
    QVERIFY2(prompt.contains(u"1. "_s + First), qPrintable(prompt));
    QVERIFY2(prompt.contains(FirstSql), qPrintable(prompt));
    QVERIFY2(prompt.contains(u"Columns: status, order_count"_s), qPrintable(prompt));
    for (const test::RecordedRequest &request : m_server.requests()) {
        for (const QString &value : RowValues)
            QVERIFY2(!QString::fromUtf8(request.body).contains(value), qPrintable(value));
    }
    // Stored as one conversation of two turns, each naming its question in the history.
    std::optional<core::ConversationRecord> record;
    QTRY_VERIFY_WITH_TIMEOUT((record = stored(m_firstConversation)) && record->turns.size() == 2,
                             slowMs);
    QCOMPARE(record->turns.at(0).question, First);
    QCOMPARE(record->turns.at(1).finalSql, SecondSql);
    QCOMPARE(record->turns.at(1).columns, (QStringList{u"status"_s, u"average_total"_s}));
    QVERIFY(record->turns.at(1).historyId > 0);
}

void TestFollowUp::newConversationStartsFresh()
{
    // Ctrl+N, Query > New Conversation.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_N, Qt::ControlModifier);
    QCOMPARE(m_window->conversation()->count(), 0);
    QVERIFY(m_window->conversationName().isEmpty());
    QVERIFY(!m_window->chatPanel()->newConversationButton()->isEnabled());
    QVERIFY(m_window->chatPanel()->questionEdit()->hasFocus());
    m_server.clearRequests();
    ask(Fresh, FreshSql);
    const QString prompt = userText(m_server.requests().constLast());
    QVERIFY2(!prompt.contains(u"Earlier questions"_s), qPrintable(prompt));
    QVERIFY(!prompt.contains(u"1. "_s + First));
    // The earlier questions may come back as examples (good cases); the follow-up's keeps the
    // question it followed.
    if (prompt.contains(Second))
        QVERIFY2(prompt.contains(First + u" \u2192 "_s + Second), qPrintable(prompt));
    QVERIFY(m_window->conversationName() != m_firstConversation);
    // The chat's own button does the same.
    QTest::mouseClick(m_window->chatPanel()->newConversationButton(), Qt::LeftButton);
    QCOMPARE(m_window->conversation()->count(), 0);
}

void TestFollowUp::historyReopensTheConversation()
{
    ui::HistoryPanel *history = m_window->historyPanel();
    // The follow-up's row is marked as a turn of its conversation; the fresh question stands
    // alone in its own.
    int secondRow = -1;
    QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (int row = 0; row < history->model()->rowCount(); ++row) {
                    const QModelIndex index = history->model()->index(row);
                    if (index.data(ui::HistoryModel::QuestionRole).toString() == Second
                        && index.data(ui::HistoryModel::TurnRole).toInt() == 1) {
                        secondRow = row;
                        return true;
                    }
                }
                return false;
            }(),
            slowMs);
    QCOMPARE(history->model()->index(secondRow).data(ui::HistoryModel::ConversationRole).toString(),
             m_firstConversation);
    std::unique_ptr<QMenu> menu(history->createContextMenu(secondRow, nullptr));
    QAction *reopen = menu->findChild<QAction *>(u"continueConversation"_s);
    QVERIFY(reopen);
    QVERIFY(reopen->isEnabled());
    reopen->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->conversation()->count(), 2, slowMs);
    QCOMPARE(m_window->conversationName(), m_firstConversation);
    QCOMPARE(m_window->conversation()->question(0).question, First);
    QCOMPARE(m_window->conversation()->question(1).question, Second);

    // Asking now continues it: the prompt carries both earlier turns, and the store has three.
    m_server.clearRequests();
    ask(u"Only the two largest?"_s, SecondSql + u" LIMIT 2"_s);
    const QString prompt = userText(m_server.requests().constLast());
    QVERIFY2(prompt.contains(u"1. "_s + First) && prompt.contains(u"2. "_s + Second),
             qPrintable(prompt));
    QVERIFY(prompt.contains(u"Columns: status, average_total"_s));
    std::optional<core::ConversationRecord> record;
    QTRY_VERIFY_WITH_TIMEOUT((record = stored(m_firstConversation)) && record->turns.size() == 3,
                             slowMs);
}

void TestFollowUp::nextStartContinuesIt()
{
    // The window keeps the conversation for the next start.
    m_window->close();
    m_window.reset();
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->conversation()->count(), 3, slowMs);
    QCOMPARE(m_window->conversationName(), m_firstConversation);
    m_server.clearRequests();
    ask(u"And the smallest?"_s, SecondSql + u" LIMIT 1"_s);
    const QString prompt = userText(m_server.requests().constLast());
    QVERIFY2(prompt.contains(u"3. Only the two largest?"_s), qPrintable(prompt));
    std::optional<core::ConversationRecord> record;
    QTRY_VERIFY_WITH_TIMEOUT((record = stored(m_firstConversation)) && record->turns.size() == 4,
                             slowMs);
}

QTEST_MAIN(TestFollowUp)

#include "tst_followup.moc"
