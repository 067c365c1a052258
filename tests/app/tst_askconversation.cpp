// sqlmend ask --conversation, run as a user runs it: the built binary with a scripted model
// server that records every request. A follow-up's request carries the earlier question, its
// final SQL and its columns, and no value of any row of the database.

#include "core/cases/casestore.h"
#include "core/cases/conversationstore.h"
#include "core/demo/demodatabase.h"
#include "tests/support/cliprocess.h"
#include "tests/support/scriptedllmserver.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {

const QString Endpoint = u"/v1/chat/completions"_s;
const QString FirstQuestion = u"How many orders are there per status?"_s;
const QString FirstSql =
        u"SELECT status, count(*) AS order_count FROM orders GROUP BY status ORDER BY status"_s;
const QString FollowUp = u"And the average total of each?"_s;
const QString FollowUpSql = u"SELECT status, count(*) AS order_count, avg(total) AS average_total "
                            "FROM orders GROUP BY status ORDER BY status"_s;

QByteArray reply(const QString &sql)
{
    return ScriptedLlmServer::openAiBody(u"```sql\n"_s + sql + u"\n```"_s);
}

// The user message of a recorded chat request.
QString userText(const RecordedRequest &request)
{
    QString text;
    for (const QJsonValue &message : request.json().value(u"messages").toArray()) {
        if (message.toObject().value(u"role").toString() == u"user")
            text += message.toObject().value(u"content").toString();
    }
    return text;
}

// Every text value of every row of the database (what the privacy rule keeps out of prompts).
QSet<QString> rowValues(const QString &path)
{
    QSet<QString> values;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"rows"_s);
        db.setDatabaseName(path);
        if (!db.open())
            return values;
        for (const QString &table : db.tables()) {
            QSqlQuery query(db);
            query.exec(u"SELECT * FROM \"%1\""_s.arg(table));
            while (query.next()) {
                for (int i = 0; i < query.record().count(); ++i) {
                    const QVariant value = query.value(i);
                    if (value.typeId() == QMetaType::QString && value.toString().size() >= 4)
                        values.insert(value.toString());
                }
            }
        }
    }
    QSqlDatabase::removeDatabase(u"rows"_s);
    return values;
}

} // namespace

class tst_AskConversation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void followUpCarriesTheEarlierTurn();
    void otherDatabaseIsRefused();
    void badNames_data();
    void badNames();

private:
    CliRun ask(const QString &question, const QString &conversation, const QString &db = {});
    CliRun cases(const QStringList &arguments);

    QTemporaryDir m_dir;
    QString m_path;
    QString m_store;
    ScriptedLlmServer m_server;
};

void tst_AskConversation::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    QVERIFY(m_dir.isValid());
    const auto path = sqlmend::core::DemoDatabase::ensure(m_dir.filePath(u"shop.db"_s));
    QVERIFY(path);
    m_path = path.value();
    m_store = m_dir.filePath(u"cases.sqlite"_s);
    QVERIFY(m_server.listen());
}

CliRun tst_AskConversation::ask(const QString &question, const QString &conversation,
                                const QString &db)
{
    CliOptions options;
    isolate(options.environment, m_dir.filePath(u"home"_s));
    options.environment.insert(u"SQLMEND_TEST_KEY"_s, u"test-key"_s);
    return runCli(QStringLiteral(SQLMEND_BINARY),
                  {u"ask"_s, u"--db"_s, db.isEmpty() ? u"sqlite:///"_s + m_path : db,
                   u"--question"_s, question, u"--cases"_s, m_store, u"--conversation"_s,
                   conversation, u"--llm-url"_s, m_server.url(u"/v1"_s).toString(), u"--model"_s,
                   u"scripted"_s, u"--api-key-env"_s, u"SQLMEND_TEST_KEY"_s, u"--no-stream"_s,
                   u"--json"_s},
                  options);
}

CliRun tst_AskConversation::cases(const QStringList &arguments)
{
    CliOptions options;
    isolate(options.environment, m_dir.filePath(u"home"_s));
    return runCli(QStringLiteral(SQLMEND_BINARY),
                  QStringList{u"cases"_s} + arguments + QStringList{u"--store"_s, m_store},
                  options);
}

void tst_AskConversation::followUpCarriesTheEarlierTurn()
{
    m_server.clearRequests();
    m_server.enqueue(Endpoint, ScriptedResponse::json(200, reply(FirstSql)));
    const CliRun first = ask(FirstQuestion, u"c1"_s);
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QCOMPARE(first.json.value(u"conversation").toString(), u"c1"_s);
    QCOMPARE(first.json.value(u"turn").toInt(), 1);
    QCOMPARE(m_server.requests().size(), 1);
    // The first question has no earlier turn to carry.
    QVERIFY(!userText(m_server.requests().at(0)).contains(u"Earlier questions"_s));

    m_server.enqueue(Endpoint, ScriptedResponse::json(200, reply(FollowUpSql)));
    const CliRun second = ask(FollowUp, u"c1"_s);
    QVERIFY2(second.exitCode == 0, second.err.constData());
    QCOMPARE(second.json.value(u"conversation").toString(), u"c1"_s);
    QCOMPARE(second.json.value(u"turn").toInt(), 2);
    QCOMPARE(second.json.value(u"final_sql").toString(), FollowUpSql);
    QCOMPARE(m_server.requests().size(), 2);
    const QString prompt = userText(m_server.requests().at(1));
    QVERIFY2(prompt.contains(u"Earlier questions of this conversation"_s), qPrintable(prompt));
    QVERIFY2(prompt.contains(u"1. "_s + FirstQuestion), qPrintable(prompt));
    QVERIFY2(prompt.contains(FirstSql), qPrintable(prompt));
    QVERIFY2(prompt.contains(u"Columns: status, order_count"_s), qPrintable(prompt));
    QVERIFY2(prompt.contains(u"Question: "_s + FollowUp), qPrintable(prompt));

    // No value of any row reached the model, in either request: the first answer's rows
    // (statuses) and every other text of the data.
    const QSet<QString> values = rowValues(m_path);
    QVERIFY(values.contains(u"paid"_s));
    QVERIFY(values.contains(u"user01@example.com"_s));
    for (const RecordedRequest &request : m_server.requests()) {
        const QString body = QString::fromUtf8(request.body);
        for (const QString &value : values)
            QVERIFY2(!body.contains(value),
                     qPrintable(u"row value \"%1\" in a request"_s.arg(value)));
    }

    // The store lists the conversation and its turns.
    const CliRun listed = cases({u"conversations"_s, u"--json"_s});
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    const QJsonArray conversations = QJsonDocument::fromJson(listed.out).array();
    QCOMPARE(conversations.size(), 1);
    QCOMPARE(conversations.at(0).toObject().value(u"name").toString(), u"c1"_s);
    QCOMPARE(conversations.at(0).toObject().value(u"turns").toInt(), 2);
    QCOMPARE(conversations.at(0).toObject().value(u"title").toString(), FirstQuestion);
    const CliRun shown = cases({u"conversations"_s, u"c1"_s, u"--json"_s});
    QVERIFY2(shown.exitCode == 0, shown.err.constData());
    const QJsonArray turns = QJsonDocument::fromJson(shown.out).object().value(u"turns").toArray();
    QCOMPARE(turns.size(), 2);
    QCOMPARE(turns.at(1).toObject().value(u"question").toString(), FollowUp);
    QCOMPARE(turns.at(1).toObject().value(u"final_sql").toString(), FollowUpSql);
    QCOMPARE(turns.at(1).toObject().value(u"columns").toArray().size(), 3);
    QVERIFY(turns.at(1).toObject().value(u"history_id").toInteger() > 0);

    // The follow-up's good case keeps the question it followed.
    const CliRun good = cases({u"list"_s, u"--kind"_s, u"good"_s, u"--json"_s});
    QVERIFY2(good.exitCode == 0, good.err.constData());
    QCOMPARE(QJsonDocument::fromJson(good.out).array().size(), 2);
    {
        sqlmend::core::CaseStore store;
        QVERIFY(store.open(m_store));
        QList<qint64> ids;
        qint64 followUpCase = 0;
        for (const sqlmend::core::CaseRecord &record : store.listCases().valueOr({})) {
            ids.append(record.id);
            if (record.question == FollowUp)
                followUpCase = record.id;
        }
        const auto contexts = sqlmend::core::ConversationStore(store).caseContexts(ids);
        QVERIFY(contexts);
        QCOMPARE(contexts->size(), 1);
        QCOMPARE(contexts->value(followUpCase), QStringList{FirstQuestion});
    }
    // As an example for a later question, the follow-up reads as the questions it answered.
    m_server.enqueue(Endpoint, ScriptedResponse::json(200, reply(FollowUpSql)));
    QCOMPARE(ask(u"What is the average total of each status?"_s, u"c2"_s).exitCode, 0);
    const QString third = userText(m_server.requests().constLast());
    QVERIFY2(third.contains(FirstQuestion + u" \u2192 "_s + FollowUp), qPrintable(third));
    const CliRun missing = cases({u"conversations"_s, u"nope"_s});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.contains("no conversation"));
}

// A conversation is about one database: continuing it on another is refused before any model
// request, and nothing is stored.
void tst_AskConversation::otherDatabaseIsRefused()
{
    m_server.clearRequests();
    m_server.enqueue(Endpoint, ScriptedResponse::json(200, reply(FirstSql)));
    QVERIFY(ask(FirstQuestion, u"shop"_s).exitCode == 0);
    const auto other = sqlmend::core::DemoDatabase::ensure(m_dir.filePath(u"other.db"_s));
    QVERIFY(other);
    const CliRun refused = ask(FollowUp, u"shop"_s, u"sqlite:///"_s + other.value());
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("is about"), refused.err.constData());
    QCOMPARE(m_server.requests().size(), 1);
    const CliRun shown = cases({u"conversations"_s, u"shop"_s, u"--json"_s});
    QCOMPARE(QJsonDocument::fromJson(shown.out).object().value(u"turns").toArray().size(), 1);
}

void tst_AskConversation::badNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("spaces") << u"  "_s;
    QTest::newRow("padded") << u" c1"_s;
    QTest::newRow("control") << u"c\u00011"_s;
    QTest::newRow("long") << QString(201, u'x');
}

void tst_AskConversation::badNames()
{
    QFETCH(QString, name);
    m_server.clearRequests();
    const CliRun run = ask(FirstQuestion, name);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(!run.err.isEmpty());
    QCOMPARE(m_server.requests().size(), 0);
}

QTEST_MAIN(tst_AskConversation)

#include "tst_askconversation.moc"
