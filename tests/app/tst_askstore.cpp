#include "core/cases/casestore.h"
#include "core/demo/demodatabase.h"
#include "tests/support/cliprocess.h"
#include "tests/support/scriptedllmserver.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace sqlmend::test;
using namespace Qt::StringLiterals;

namespace {
const QString Endpoint = u"/v1/chat/completions"_s;
const QString Answer = u"SELECT username FROM users ORDER BY id"_s;
} // namespace

// sqlmend ask with a case store: the question is stored before its answer is printed (a script
// that kills ask as soon as the answer appears loses nothing), and a store that stays busy costs
// the question its record, not its answer.
class TestAskStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void storedBeforePrinted();
    void busyStoreKeepsTheAnswer();

private:
    QStringList arguments(const QString &store, const QString &question) const;
    QProcessEnvironment environment() const;

    QTemporaryDir m_dir;
    QString m_url;
    ScriptedLlmServer m_server;
};

void TestAskStore::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    QVERIFY(m_dir.isValid());
    const auto path = sqlmend::core::DemoDatabase::ensure(m_dir.filePath(u"shop.db"_s));
    QVERIFY(path);
    m_url = u"sqlite:///"_s + path.value();
    QVERIFY(m_server.listen());
}

QStringList TestAskStore::arguments(const QString &store, const QString &question) const
{
    return {u"ask"_s,
            u"--db"_s,
            m_url,
            u"--question"_s,
            question,
            u"--cases"_s,
            store,
            u"--llm-url"_s,
            m_server.url(u"/v1"_s).toString(),
            u"--model"_s,
            u"scripted"_s,
            u"--api-key-env"_s,
            u"SQLMEND_TEST_KEY"_s,
            u"--no-stream"_s,
            u"--json"_s};
}

QProcessEnvironment TestAskStore::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    isolate(env, m_dir.filePath(u"home"_s));
    env.insert(u"SQLMEND_TEST_KEY"_s, u"test-key"_s);
    return env;
}

// Killed the moment its first byte of output arrives, ask has already stored the question.
void TestAskStore::storedBeforePrinted()
{
    const QString store = m_dir.filePath(u"cases.sqlite"_s);
    constexpr int Questions = 10;
    for (int i = 0; i < Questions; ++i) {
        m_server.enqueue(
                Endpoint,
                ScriptedResponse::json(
                        200, ScriptedLlmServer::openAiBody(u"```sql\n"_s + Answer + u"\n```"_s)));
        QProcess process;
        process.setProcessEnvironment(environment());
        QEventLoop loop;
        QObject::connect(&process, &QProcess::readyReadStandardOutput, &loop, [&process] {
            process.kill(); // SIGKILL: no chance to finish anything after the answer
        });
        QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        process.start(QStringLiteral(SQLMEND_BINARY),
                      arguments(store, u"Which users are there, take %1?"_s.arg(i)));
        loop.exec();
        QCOMPARE(process.state(), QProcess::NotRunning);
        QCOMPARE(process.exitStatus(), QProcess::CrashExit); // killed while printing
    }
    sqlmend::core::CaseStore cases;
    QVERIFY(cases.open(store).hasValue());
    const auto history = cases.listHistory({}, 100);
    QVERIFY(history.hasValue());
    QCOMPARE(history->size(), Questions);
    const auto good = cases.listCases();
    QVERIFY(good.hasValue());
    QCOMPARE_GE(good->size(), 1); // identical good cases are stored once
}

// Another process holds the store's write lock past the busy timeout: ask still answers, says
// that the question was not stored, and exits 1.
void TestAskStore::busyStoreKeepsTheAnswer()
{
    const QString store = m_dir.filePath(u"busy.sqlite"_s);
    {
        sqlmend::core::CaseStore cases; // a store with its tables, before the lock
        QVERIFY(cases.open(store).hasValue());
    }
    QSqlDatabase holder = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"holder"_s);
    holder.setDatabaseName(store);
    QVERIFY(holder.open());
    QSqlQuery lock(holder);
    QVERIFY2(lock.exec(u"BEGIN EXCLUSIVE"_s), qPrintable(lock.lastError().text()));

    m_server.enqueue(
            Endpoint,
            ScriptedResponse::json(
                    200, ScriptedLlmServer::openAiBody(u"```sql\n"_s + Answer + u"\n```"_s)));
    CliOptions options;
    options.environment = environment();
    QElapsedTimer clock;
    clock.start();
    const CliRun run = runCli(QStringLiteral(SQLMEND_BINARY),
                              arguments(store, u"Which users are there?"_s), options);
    const qint64 elapsed = clock.elapsed();
    lock.exec(u"ROLLBACK"_s);
    holder.close();
    holder = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"holder"_s);

    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.json.value(u"status"_s).toString() == u"ok", run.out.constData());
    QCOMPARE(run.json.value(u"final_sql"_s).toString(), Answer);
    QVERIFY2(run.err.contains("case store"), run.err.constData());
    qInfo("ask with a store locked by another process: answered and reported after %lld ms",
          elapsed);
}

QTEST_GUILESS_MAIN(TestAskStore)
#include "tst_askstore.moc"
