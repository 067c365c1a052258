// The schema each prompt was given: linked tables with reasons on every model attempt, the
// advice and the next round when an error names what an unlinked table holds, and the pins and
// excludes of a datasource (from the loop's policy and from the case store).
#include "core/loop/correctionloop.h"

#include "core/cases/casestore.h"
#include "core/cases/casestoreservice.h"
#include "core/cases/contextsettings.h"
#include "core/exec/executor.h"
#include "core/llm/llmprovider.h"
#include "tests/support/scriptedllmserver.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {

const QString Endpoint = u"/v1/chat/completions"_s;

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

// The schema part of a prompt: what the linker wrote, up to the question.
bool promptShowsTable(const QString &prompt, const QString &table)
{
    return prompt.contains(u'\n' + table + u'(') || prompt.startsWith(table + u'(');
}

const LinkedTable *linked(const LoopAttempt &attempt, const QString &table)
{
    for (const LinkedTable &entry : attempt.linkedTables) {
        if (entry.table == table)
            return &entry;
    }
    return nullptr;
}

template<typename T>
T awaited(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

} // namespace

class tst_SchemaContext : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void everyModelAttemptKeepsItsLinkedTables();
    void unlinkedNameIsAdvisedAndLinkedNextRound();
    void pinnedTableGoesIntoAnUnrelatedPrompt();
    void excludedTableIsNeverSentNorRun();
    void excludedTableIsNoRepairsPick();
    void storedMarksReachTheLoop();

private:
    QuestionOutcome run(CorrectionLoop &loop, const QString &question);
    std::shared_ptr<const LlmProvider> provider() const;
    static LoopPolicy policy(bool autofix = false);
    QStringList prompts() const;

    QTemporaryDir m_dir;
    QString m_database;
    std::unique_ptr<ScriptedLlmServer> m_server;
    std::unique_ptr<Executor> m_executor;
};

void tst_SchemaContext::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_database = m_dir.filePath(u"crm.sqlite"_s);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
    db.setDatabaseName(m_database);
    QVERIFY(db.open());
    QSqlQuery query(db);
    // Enough tables that linking shows a part of them: customers have a city id, but no
    // declared key to cities, so a question about customers does not bring cities along.
    QStringList statements{
            u"CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city_id INTEGER)"_s,
            u"CREATE TABLE cities (id INTEGER PRIMARY KEY, town TEXT)"_s,
            u"INSERT INTO cities VALUES (1, 'Lyon'), (2, 'Turin')"_s,
            u"INSERT INTO customers VALUES (1, 'Ann', 1), (2, 'Bo', 2), (3, 'Cy', 1)"_s,
    };
    for (int i = 0; i < 40; ++i)
        statements << u"CREATE TABLE audit_%1 (id INTEGER PRIMARY KEY, payload TEXT)"_s.arg(i);
    for (const QString &statement : std::as_const(statements))
        QVERIFY2(query.exec(statement), qPrintable(query.lastError().text()));
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"setup"_s);
}

void tst_SchemaContext::init()
{
    m_server = std::make_unique<ScriptedLlmServer>();
    QVERIFY(m_server->listen());
    const auto profile = ConnectionProfile::fromUrl(u"sqlite:///"_s + m_database);
    QVERIFY(profile);
    m_executor = std::make_unique<Executor>(profile.value());
}

void tst_SchemaContext::cleanup()
{
    m_executor.reset();
    m_server.reset();
}

std::shared_ptr<const LlmProvider> tst_SchemaContext::provider() const
{
    ProviderSettings settings;
    settings.kind = ProviderKind::OpenAiCompatible;
    settings.baseUrl = m_server->url(u"/v1"_s);
    settings.model = u"scripted"_s;
    settings.apiKey = u"test-key"_s;
    settings.stream = false;
    const auto created = LlmProvider::create(settings);
    return created ? created.value() : nullptr;
}

LoopPolicy tst_SchemaContext::policy(bool autofix)
{
    LoopPolicy policy;
    policy.autofix = autofix;
    policy.useFixCache = false;
    policy.stream = false;
    policy.wallClockMs = 60000;
    return policy;
}

QuestionOutcome tst_SchemaContext::run(CorrectionLoop &loop, const QString &question)
{
    QSignalSpy finished(&loop, &CorrectionLoop::finished);
    if (!loop.ask(question))
        return {};
    if (!finished.wait(30000) || finished.size() != 1)
        return {};
    return finished.at(0).at(0).value<QuestionOutcome>();
}

QStringList tst_SchemaContext::prompts() const
{
    QStringList list;
    for (const RecordedRequest &request : m_server->requests())
        list << userMessage(request);
    return list;
}

void tst_SchemaContext::everyModelAttemptKeepsItsLinkedTables()
{
    m_server->enqueue(Endpoint, answer(u"SELECT name FROM customers ORDER BY name"_s));
    CorrectionLoop loop(m_executor.get(), provider());
    loop.setPolicy(policy());
    const QuestionOutcome outcome = run(loop, u"the names of all customers"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.attempts.size(), 1);
    const LoopAttempt &attempt = outcome.attempts.constFirst();
    const LinkedTable *customers = linked(attempt, u"customers"_s);
    QVERIFY(customers);
    QCOMPARE(customers->columns, (QStringList{u"id"_s, u"name"_s, u"city_id"_s}));
    QCOMPARE(customers->reasons.constFirst().kind, LinkReason::Kind::Matched);
    QVERIFY(customers->reasons.constFirst().terms.contains(u"customers"_s));
    QVERIFY(!linked(attempt, u"cities"_s));
    // The prompt held exactly the tables the attempt lists.
    const QString prompt = prompts().value(0);
    for (const LinkedTable &table : attempt.linkedTables)
        QVERIFY2(promptShowsTable(prompt, table.table), qPrintable(table.table));
    QVERIFY(!promptShowsTable(prompt, u"cities"_s));

    const QJsonArray json = attempt.toJson().value(u"linked_tables"_s).toArray();
    QCOMPARE(json.size(), attempt.linkedTables.size());
    QCOMPARE(json.at(0).toObject().value(u"table"_s).toString(), u"customers"_s);
    QCOMPARE(json.at(0).toObject().value(u"reasons"_s).toArray().at(0).toObject().value(u"kind"_s),
             u"matched"_s);
}

void tst_SchemaContext::unlinkedNameIsAdvisedAndLinkedNextRound()
{
    m_server->enqueue(Endpoint, answer(u"SELECT town, count(*) FROM customers GROUP BY town"_s));
    m_server->enqueue(Endpoint,
                      answer(u"SELECT c.town, count(*) FROM customers JOIN cities c ON c.id "
                             "= customers.city_id GROUP BY c.town"_s));
    CorrectionLoop loop(m_executor.get(), provider());
    loop.setPolicy(policy());
    const QuestionOutcome outcome = run(loop, u"how many customers per name"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.attempts.size(), 2);
    const LoopAttempt &first = outcome.attempts.at(0);
    QCOMPARE(first.errorClassName(), u"column_missing"_s);
    QVERIFY(!linked(first, u"cities"_s));
    QVERIFY2(first.advice.contains(u"`town` exists in table `cities`, which was not in the "
                                   "schema the model was given; it is added to the next prompt."_s),
             qPrintable(first.advice));

    const QStringList sent = prompts();
    QCOMPARE(sent.size(), 2);
    QVERIFY(!promptShowsTable(sent.at(0), u"cities"_s));
    QVERIFY2(promptShowsTable(sent.at(1), u"cities"_s), qPrintable(sent.at(1)));
    QVERIFY(sent.at(1).contains(u"it is added to the next prompt"_s));
    const LinkedTable *cities = linked(outcome.attempts.at(1), u"cities"_s);
    QVERIFY(cities);
    QCOMPARE(cities->reasons.constFirst().kind, LinkReason::Kind::NamedByError);
    QCOMPARE(cities->reasons.constFirst().name, u"town"_s);
    QCOMPARE(cities->reasons.constFirst().of, u"1"_s);
    // The second round's linking is a span of its own attempt.
    QStringList spans;
    for (const TraceSpan &span : outcome.attempts.at(1).spans)
        spans << span.name;
    QVERIFY(spans.contains(u"link"_s));
}

void tst_SchemaContext::pinnedTableGoesIntoAnUnrelatedPrompt()
{
    m_server->enqueue(Endpoint, answer(u"SELECT name FROM customers"_s));
    CorrectionLoop loop(m_executor.get(), provider());
    LoopPolicy pinned = policy();
    pinned.tableMarks.setMark(u"audit_17"_s, TableMark::Pinned);
    loop.setPolicy(pinned);
    const QuestionOutcome outcome = run(loop, u"the names of all customers"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QVERIFY(promptShowsTable(prompts().value(0), u"audit_17"_s));
    const LinkedTable *audit = linked(outcome.attempts.constFirst(), u"audit_17"_s);
    QVERIFY(audit);
    QCOMPARE(audit->reasons.constFirst().kind, LinkReason::Kind::Pinned);
    QCOMPARE(outcome.attempts.constFirst().linkedTables.constFirst().table, u"audit_17"_s);
}

void tst_SchemaContext::excludedTableIsNeverSentNorRun()
{
    // The error names a column only the excluded table has: no advice points there, no round
    // links it, and a statement that reads it anyway is not run.
    m_server->enqueue(Endpoint, answer(u"SELECT town, count(*) FROM customers GROUP BY town"_s));
    m_server->enqueue(Endpoint, answer(u"SELECT town FROM cities"_s));
    m_server->enqueue(Endpoint, answer(u"SELECT name FROM customers"_s));
    CorrectionLoop loop(m_executor.get(), provider());
    LoopPolicy excluding = policy();
    excluding.tableMarks.setMark(u"Cities"_s, TableMark::Excluded);
    excluding.tableMarks.setMark(u"cities"_s, TableMark::Excluded);
    loop.setPolicy(excluding);
    const QuestionOutcome outcome = run(loop, u"how many customers per town"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    QCOMPARE(outcome.attempts.size(), 3);
    QVERIFY(!outcome.attempts.at(0).advice.contains(u"cities"_s));
    QCOMPARE(attemptOutcomeName(outcome.attempts.at(1).outcome), u"error"_s);
    QVERIFY2(outcome.attempts.at(1).reason.contains(u"excluded"_s),
             qPrintable(outcome.attempts.at(1).reason));
    for (const TraceSpan &span : outcome.attempts.at(1).spans)
        QVERIFY(span.name != u"execute"_s); // never run
    for (const LoopAttempt &attempt : outcome.attempts)
        QVERIFY(!linked(attempt, u"cities"_s));
    for (const QString &prompt : prompts())
        QVERIFY2(!promptShowsTable(prompt, u"cities"_s), qPrintable(prompt));
}

void tst_SchemaContext::excludedTableIsNoRepairsPick()
{
    // fix_spelling would correct "citie" to the one table of that spelling; excluded, it is no
    // candidate, and the model is asked instead.
    const QString misspelled = u"SELECT town FROM citie"_s;
    m_server->enqueue(Endpoint, answer(misspelled));
    m_server->enqueue(Endpoint, answer(u"SELECT name FROM customers"_s));
    {
        CorrectionLoop loop(m_executor.get(), provider());
        loop.setPolicy(policy(/*autofix=*/true));
        m_server->enqueue(Endpoint, answer(misspelled));
        const QuestionOutcome control = run(loop, u"list the city names"_s);
        QCOMPARE(control.attempts.size(), 2);
        QCOMPARE(control.attempts.at(1).originName(), u"autofix:fix_spelling"_s);
        QVERIFY(control.attempts.at(1).sql.contains(u"cities"_s));
    }
    m_server->clearRequests();
    CorrectionLoop loop(m_executor.get(), provider());
    LoopPolicy excluding = policy(/*autofix=*/true);
    excluding.tableMarks.setMark(u"cities"_s, TableMark::Excluded);
    loop.setPolicy(excluding);
    const QuestionOutcome outcome = run(loop, u"list the city names"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    for (const LoopAttempt &attempt : outcome.attempts) {
        QVERIFY2(!attempt.sql.contains(u"cities"_s), qPrintable(attempt.sql));
        QVERIFY2(!attempt.advice.contains(u"cities"_s), qPrintable(attempt.advice));
        QCOMPARE(attemptOriginName(attempt.origin), u"llm"_s);
    }
    for (const QString &prompt : prompts())
        QVERIFY(!prompt.contains(u"cities"_s));
}

void tst_SchemaContext::storedMarksReachTheLoop()
{
    auto store = std::make_shared<CaseStoreService>();
    QVERIFY(awaited(store->open(m_dir.filePath(u"cases.sqlite"_s))));
    const QString datasource = m_executor->profile().toUrl();
    QVERIFY(awaited(store->submit<Done>([datasource](CaseStore &cases) {
        return ContextSettingsStore::setMark(cases, datasource, u"audit_3"_s, TableMark::Pinned);
    })));
    QVERIFY(awaited(store->submit<Done>([datasource](CaseStore &cases) {
        return ContextSettingsStore::setMark(cases, datasource, u"customers"_s,
                                             TableMark::Excluded);
    })));
    m_server->enqueue(Endpoint, answer(u"SELECT count(*) FROM audit_3"_s));
    CorrectionLoop loop(m_executor.get(), provider());
    LoopPolicy stored = policy();
    stored.similarCases = 0;
    // The policy's marks lie over the stored ones, for this loop only.
    stored.tableMarks.setMark(u"audit_4"_s, TableMark::Pinned);
    loop.setPolicy(stored);
    loop.setCaseStore(store);
    const QuestionOutcome outcome = run(loop, u"the names of all customers"_s);
    QCOMPARE(questionStatusName(outcome.status), u"ok"_s);
    const QString prompt = prompts().value(0);
    QVERIFY(promptShowsTable(prompt, u"audit_3"_s));
    QVERIFY(promptShowsTable(prompt, u"audit_4"_s));
    QVERIFY(!promptShowsTable(prompt, u"customers"_s));
    const Result<ContextSettings> after =
            awaited(store->submit<ContextSettings>([datasource](CaseStore &cases) {
                return ContextSettingsStore::load(cases, datasource);
            }));
    QVERIFY(after);
    QCOMPARE(after.value().pinned, QStringList{u"audit_3"_s}); // the policy's stay out of it
}

QTEST_GUILESS_MAIN(tst_SchemaContext)
#include "tst_schemacontext.moc"
