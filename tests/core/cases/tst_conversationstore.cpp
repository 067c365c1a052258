// Conversations in the case store. Runs on a SQLite file by default, and on the test PostgreSQL
// server when SQLMEND_CASES_BACKEND=postgresql (connection data from the servers fixture's JSON
// file in SQLMEND_SERVERS_JSON); every test gets a fresh store (a new file or a new schema).

#include "core/cases/casestore.h"
#include "core/cases/conversationstore.h"
#include "tests/support/storetestbackend.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

namespace {

const QString Shop = u"sqlite:///data/shop.sqlite"_s;

ConversationTurn answered(const QString &question, const QString &sql, qint64 historyId = 0)
{
    ConversationTurn turn;
    turn.question = question;
    turn.status = QuestionStatus::Ok;
    turn.finalSql = sql;
    turn.columns = {u"status"_s, u"orders"_s};
    turn.historyId = historyId;
    turn.asked = QDateTime::fromString(u"2026-01-02T03:04:05.678Z"_s, Qt::ISODateWithMs);
    return turn;
}

} // namespace

class tst_ConversationStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void turnsRoundTrip();
    void listNewestFirst();
    void otherDatabaseIsRefused();
    void badNames_data();
    void badNames();
    void questionsFindTheirConversation();
    void removeKeepsHistory();
    void caseContexts();
    void unicodeNamesAndText();

private:
    std::unique_ptr<CaseStore> openFresh();

    sqlmend::test::StoreTestBackend m_backend;
};

void tst_ConversationStore::initTestCase()
{
    const QString problem = m_backend.init(u"sqlmend_conv_"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_ConversationStore::cleanupTestCase()
{
    m_backend.cleanup();
}

std::unique_ptr<CaseStore> tst_ConversationStore::openFresh()
{
    return m_backend.openFresh();
}

void tst_ConversationStore::turnsRoundTrip()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    ConversationStore conversations(*store);
    QCOMPARE(conversations.conversationNamed(u"c1"_s).valueOr(ConversationRecord()), std::nullopt);
    const ConversationTurn first =
            answered(u"How many orders per status?"_s, u"SELECT status, count(*) FROM orders"_s);
    const Result<StoredTurn> one = conversations.appendTurn(u"c1"_s, Shop, first);
    QVERIFY2(one, qPrintable(one ? QString() : one.error().message));
    QCOMPARE(one->index, 0);
    QCOMPARE(one->name, u"c1"_s);
    ConversationTurn failed;
    failed.question = u"And per city?"_s;
    failed.status = QuestionStatus::Failed;
    failed.finalSql = u"SELECT city FROM orders"_s;
    const Result<StoredTurn> two = conversations.appendTurn(u"c1"_s, Shop, failed);
    QVERIFY(two);
    QCOMPARE(two->index, 1);
    QCOMPARE(two->conversationId, one->conversationId);

    const auto found = conversations.conversationNamed(u"c1"_s);
    QVERIFY(found && found.value());
    const ConversationRecord &record = *found.value();
    QCOMPARE(record.id, one->conversationId);
    QCOMPARE(record.datasource, Shop);
    QCOMPARE(record.title, first.question);
    QCOMPARE(record.turnCount, 2);
    QCOMPARE(record.turns.size(), 2);
    ConversationTurn expected = first;
    QCOMPARE(record.turns.at(0), expected);
    QCOMPARE(record.turns.at(1).index, 1);
    QCOMPARE(record.turns.at(1).question, failed.question);
    QCOMPARE(record.turns.at(1).status, QuestionStatus::Failed);
    QVERIFY(!record.turns.at(1).isAnswered());
    QVERIFY(record.turns.at(1).asked.isValid()); // set by the store when not given
    QCOMPARE(conversations.conversation(record.id).valueOr({}), record);
    QVERIFY(!conversations.conversation(record.id + 100));
}

void tst_ConversationStore::listNewestFirst()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    ConversationStore conversations(*store);
    QVERIFY(conversations.appendTurn(u"old"_s, Shop, answered(u"a"_s, u"SELECT 1"_s)));
    QTest::qWait(5); // a later time, at the store's millisecond precision
    QVERIFY(conversations.appendTurn(u"other"_s, u"sqlite:///other.db"_s,
                                     answered(u"b"_s, u"SELECT 2"_s)));
    QTest::qWait(5);
    QVERIFY(conversations.appendTurn(u"old"_s, Shop, answered(u"c"_s, u"SELECT 3"_s)));
    const auto all = conversations.listConversations();
    QVERIFY(all);
    QCOMPARE(all->size(), 2);
    QCOMPARE(all->at(0).name, u"old"_s); // its last turn is the newest
    QCOMPARE(all->at(0).turnCount, 2);
    QCOMPARE(all->at(0).title, u"a"_s);
    QVERIFY(all->at(0).turns.isEmpty());
    QCOMPARE(all->at(1).name, u"other"_s);
    const auto shop = conversations.listConversations(Shop);
    QVERIFY(shop);
    QCOMPARE(shop->size(), 1);
    QCOMPARE(conversations.listConversations({}, 1).valueOr({}).size(), 1);
}

void tst_ConversationStore::otherDatabaseIsRefused()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    ConversationStore conversations(*store);
    QVERIFY(conversations.appendTurn(u"c1"_s, Shop, answered(u"a"_s, u"SELECT 1"_s)));
    const Result<StoredTurn> refused = conversations.appendTurn(u"c1"_s, u"sqlite:///other.db"_s,
                                                                answered(u"b"_s, u"SELECT 2"_s));
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, u"other_datasource"_s);
    // Nothing of the refused turn stays.
    QCOMPARE(conversations.conversationNamed(u"c1"_s).value()->turns.size(), 1);
    // A password in the URL is never kept, and does not make it another database.
    QVERIFY(conversations.appendTurn(u"pg"_s, u"postgresql://ann:secret@db.example:5432/shop"_s,
                                     answered(u"a"_s, u"SELECT 1"_s)));
    QVERIFY(conversations.appendTurn(u"pg"_s, u"postgresql://ann@db.example:5432/shop"_s,
                                     answered(u"b"_s, u"SELECT 2"_s)));
    const auto pg = conversations.conversationNamed(u"pg"_s);
    QVERIFY(pg && pg.value());
    QVERIFY(!pg.value()->datasource.contains(u"secret"_s));
    QCOMPARE(pg.value()->turns.size(), 2);
}

void tst_ConversationStore::badNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("blank") << u"   "_s;
    QTest::newRow("padded") << u"c1 "_s;
    QTest::newRow("newline") << u"c\n1"_s;
    QTest::newRow("lone surrogate") << QString(QChar(0xD800));
    QTest::newRow("too long") << QString(ConversationStore::maxNameLength + 1, u'x');
}

void tst_ConversationStore::badNames()
{
    QFETCH(QString, name);
    QVERIFY(!ConversationStore::nameProblem(name).isEmpty());
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    ConversationStore conversations(*store);
    const Result<StoredTurn> refused =
            conversations.appendTurn(name, Shop, answered(u"a"_s, u"SELECT 1"_s));
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, u"invalid"_s);
    QCOMPARE(conversations.listConversations().valueOr({}).size(), 0);
    QVERIFY(ConversationStore::nameProblem(ConversationStore::generatedName()).isEmpty());
    QVERIFY(ConversationStore::generatedName() != ConversationStore::generatedName());
}

void tst_ConversationStore::questionsFindTheirConversation()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    QuestionTrace trace;
    trace.question = u"How many orders per status?"_s;
    trace.datasource = Shop;
    trace.status = QuestionStatus::Ok;
    const Result<qint64> first = store->saveHistory(trace);
    const Result<qint64> second = store->saveHistory(trace);
    const Result<qint64> alone = store->saveHistory(trace);
    QVERIFY(first && second && alone);
    ConversationStore conversations(*store);
    QVERIFY(conversations.appendTurn(u"c1"_s, Shop, answered(u"a"_s, u"SELECT 1"_s, *first)));
    QVERIFY(conversations.appendTurn(u"c1"_s, Shop, answered(u"b"_s, u"SELECT 2"_s, *second)));
    const auto of = conversations.conversationOfQuestion(*second);
    QVERIFY(of && of.value());
    QCOMPARE(of.value()->name, u"c1"_s);
    QCOMPARE(of.value()->turns.size(), 2);
    QCOMPARE(conversations.conversationOfQuestion(*alone).valueOr(ConversationRecord()),
             std::nullopt);
    const auto turns = conversations.turnsOfQuestions({*first, *second, *alone});
    QVERIFY(turns);
    QCOMPARE(turns->size(), 2);
    QCOMPARE(turns->value(*second).index, 1);
    QCOMPARE(turns->value(*second).name, u"c1"_s);
    QVERIFY(!turns->contains(*alone));
    QCOMPARE(conversations.turnsOfQuestions({}).valueOr({}).size(), 0);
}

void tst_ConversationStore::removeKeepsHistory()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    QuestionTrace trace;
    trace.question = u"a"_s;
    trace.status = QuestionStatus::Ok;
    const Result<qint64> id = store->saveHistory(trace);
    QVERIFY(id);
    ConversationStore conversations(*store);
    const Result<StoredTurn> turn =
            conversations.appendTurn(u"c1"_s, Shop, answered(u"a"_s, u"SELECT 1"_s, *id));
    QVERIFY(turn);
    QVERIFY(conversations.removeConversation(turn->conversationId));
    QCOMPARE(conversations.conversationNamed(u"c1"_s).valueOr(ConversationRecord()), std::nullopt);
    QVERIFY(store->loadHistory(*id));
    QCOMPARE(conversations.removeConversation(turn->conversationId).error().code, u"not_found"_s);
    // The name is free again.
    QCOMPARE(conversations.appendTurn(u"c1"_s, Shop, answered(u"b"_s, u"SELECT 2"_s))->index, 0);
}

void tst_ConversationStore::caseContexts()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    GoodCaseCandidate candidate;
    candidate.question = u"now only the paid ones"_s;
    candidate.sql = u"SELECT count(*) FROM orders WHERE status = 'paid'"_s;
    candidate.datasource = Shop;
    candidate.succeeded = true;
    candidate.columns = {u"count"_s};
    candidate.rowCount = 1;
    const Result<qint64> id = store->saveAutoGoodCase(candidate);
    QVERIFY(id);
    candidate.question = u"How many orders?"_s;
    const Result<qint64> plain = store->saveAutoGoodCase(candidate);
    QVERIFY(plain);
    ConversationStore conversations(*store);
    const QStringList context{u"How many orders per status?"_s, u"并且按月份？"_s};
    QVERIFY(conversations.setCaseContext(*id, context));
    auto contexts = conversations.caseContexts({*id, *plain});
    QVERIFY(contexts);
    QCOMPARE(contexts->size(), 1);
    QCOMPARE(contexts->value(*id), context);
    // Replaced, then removed; a removed case takes its context with it.
    QVERIFY(conversations.setCaseContext(*id, {u"x"_s}));
    QCOMPARE(conversations.caseContexts({*id}).valueOr({}).value(*id), QStringList{u"x"_s});
    QVERIFY(store->removeCase(*id));
    QCOMPARE(conversations.caseContexts({*id}).valueOr({}).size(), 0);
    QVERIFY(conversations.setCaseContext(*plain, {u"y"_s}));
    QVERIFY(conversations.setCaseContext(*plain, {}));
    QCOMPARE(conversations.caseContexts({*plain}).valueOr({}).size(), 0);
}

void tst_ConversationStore::unicodeNamesAndText()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    ConversationStore conversations(*store);
    const QString name = u"订单 🚀 'quoted' \"double\""_s;
    ConversationTurn turn = answered(u"每个状态有多少订单？ 🚀"_s, u"SELECT '🚀' AS \"列\""_s);
    turn.columns = {u"列"_s, u"a,b"_s, u"[\"json\"]"_s};
    QVERIFY(conversations.appendTurn(name, Shop, turn));
    const auto found = conversations.conversationNamed(name);
    QVERIFY(found && found.value());
    QCOMPARE(found.value()->turns.at(0), turn);
    // A lone surrogate in the text is replaced as UTF-8 replaces it; the next character survives.
    ConversationTurn broken = answered(QString(QChar(0xD800)) + u"x"_s, u"SELECT 1"_s);
    QVERIFY(conversations.appendTurn(name, Shop, broken));
    const QString stored = conversations.conversationNamed(name).value()->turns.at(1).question;
    QCOMPARE(stored.size(), 2);
    QVERIFY(!stored.at(0).isSurrogate());
    QCOMPARE(stored.at(1), u'x');
}

QTEST_GUILESS_MAIN(tst_ConversationStore)

#include "tst_conversationstore.moc"
