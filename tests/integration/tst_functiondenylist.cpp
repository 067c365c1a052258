#include "core/exec/executor.h"
#include "core/sql/functiondenylist.h"
#include "core/sql/statementguard.h"
#include "tests/integration/rundigest.h"
#include "tests/integration/testservers.h"

#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// The guard's function list against the live server's own catalog: every function in pg_proc
// that is neither immutable nor stable is listed (as refused, or as harmless with a reason), so a
// function a new server version adds fails here until someone decides about it. The harmless ones
// that take no argument are then called inside SQLMend's read-only session and must change
// nothing.
class TestFunctionDenylist : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void everyVolatileFunctionIsListed();
    void refusedFunctionsAreRefusedByName();
    void harmlessFunctionsChangeNothing();

private:
    TestServers m_servers;
    QSqlDatabase m_admin;
};

void TestFunctionDenylist::initTestCase()
{
    SQLMEND_REQUIRE_SERVERS(m_servers);
    const ConnectionProfile profile = m_servers.profile(u"SQLMEND_PG_ADMIN_URL"_s);
    m_admin = QSqlDatabase::addDatabase(u"QPSQL"_s, u"denylist-admin"_s);
    m_admin.setHostName(profile.host());
    m_admin.setPort(profile.port());
    m_admin.setDatabaseName(profile.database());
    m_admin.setUserName(profile.user());
    m_admin.setPassword(m_servers.password());
    QVERIFY2(m_admin.open(), qPrintable(m_admin.lastError().text()));
}

void TestFunctionDenylist::cleanupTestCase()
{
    m_admin.close();
    m_admin = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"denylist-admin"_s);
}

void TestFunctionDenylist::everyVolatileFunctionIsListed()
{
    const FunctionDenylist &list = FunctionDenylist::instance();
    QVERIFY(list.problems().isEmpty());
    QSqlQuery query(m_admin);
    QVERIFY(query.exec(u"SELECT DISTINCT lower(proname) FROM pg_proc WHERE provolatile = 'v' "
                       u"ORDER BY 1"_s));
    QStringList missing;
    int volatileCount = 0;
    while (query.next()) {
        ++volatileCount;
        const QString name = query.value(0).toString();
        if (!list.effect(name, Engine::PostgreSQL))
            missing << name;
    }
    qInfo("volatile functions in pg_proc: %d; listed: %d", volatileCount,
          int(volatileCount - missing.size()));
    QVERIFY2(missing.isEmpty(),
             qPrintable(u"not in resources/guard/functions.tsv: "_s + missing.join(u", ")));
    QCOMPARE_GE(volatileCount, 200);
}

// What the issue found passing every wall, and the stable functions that consume ids.
void TestFunctionDenylist::refusedFunctionsAreRefusedByName()
{
    for (const QString &function :
         {u"pg_copy_physical_replication_slot"_s, u"pg_replication_slot_advance"_s,
          u"brin_summarize_new_values"_s, u"brin_desummarize_range"_s, u"lowrite"_s,
          u"lo_truncate64"_s, u"txid_current"_s, u"pg_current_xact_id"_s, u"set_config"_s}) {
        QVERIFY2(FunctionDenylist::instance().refuses(function, Engine::PostgreSQL),
                 qPrintable(function));
        const GuardVerdict verdict =
                StatementGuard::check(u"SELECT %1()"_s.arg(function), Engine::PostgreSQL);
        QVERIFY(!verdict.allowed);
        QVERIFY2(verdict.reason.contains(function), qPrintable(verdict.reason));
    }
}

void TestFunctionDenylist::harmlessFunctionsChangeNothing()
{
    const FunctionDenylist &list = FunctionDenylist::instance();
    QSqlQuery query(m_admin);
    // Callable without arguments and returning something a query can show.
    QVERIFY(query.exec(u"SELECT DISTINCT lower(proname) FROM pg_proc WHERE provolatile = 'v' "
                       u"AND pronargs = 0 AND NOT proretset AND prorettype NOT IN "
                       u"('internal'::regtype, 'trigger'::regtype, 'language_handler'::regtype, "
                       u"'index_am_handler'::regtype, 'table_am_handler'::regtype, "
                       u"'tsm_handler'::regtype, 'void'::regtype) ORDER BY 1"_s));
    QStringList harmless;
    while (query.next()) {
        const QString name = query.value(0).toString();
        if (list.effect(name, Engine::PostgreSQL) == FunctionEffect::Harmless)
            harmless << name;
    }
    QVERIFY(!harmless.isEmpty());
    const QString before = databaseDigest(m_admin, Engine::PostgreSQL);
    Executor executor(m_servers.profile(u"SQLMEND_PG_ADMIN_URL"_s), m_servers.password());
    int ran = 0;
    for (const QString &name : std::as_const(harmless)) {
        const QString sql = u"SELECT %1()"_s.arg(name);
        QVERIFY2(StatementGuard::check(sql, Engine::PostgreSQL).allowed, qPrintable(sql));
        const WaitedRun waited = waitForRun(executor.run(sql).result);
        QVERIFY(waited.finished);
        if (waited.result.isOk())
            ++ran;
        else
            qInfo("%s: %s", qPrintable(sql), qPrintable(describeRun(waited.result)));
    }
    qInfo("harmless functions without arguments called in the read-only session: %d of %lld", ran,
          qint64(harmless.size()));
    QCOMPARE(databaseDigest(m_admin, Engine::PostgreSQL), before);
}

QTEST_GUILESS_MAIN(TestFunctionDenylist)
#include "tst_functiondenylist.moc"
