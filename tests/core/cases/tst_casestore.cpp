// The case store suite. It runs on a SQLite file by default, and on the test PostgreSQL server
// when SQLMEND_CASES_BACKEND=postgresql (connection data from the servers fixture's JSON file in
// SQLMEND_SERVERS_JSON); every test gets a fresh store (a new file or a new schema).

#include "core/cases/casestore.h"
#include "core/cases/contextsettings.h"
#include "core/cases/sqlnormalizer.h"
#include "tests/support/storetestbackend.h"

#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

class tst_CaseStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void migratesFromEmpty();
    void reopenKeepsCases();
    void refusesNewerSchema();
    void badLocations_data();
    void badLocations();
    void closedStoreFails();

    void caseRoundTrip_data();
    void caseRoundTrip();
    void autoGoodCase_data();
    void autoGoodCase();
    void autoGoodCaseIsSavedOnce();

    void historyRoundTrip();
    void historyListAndReplace();

    void fixCache_data();
    void fixCache();
    void fixCacheCountsHitsAndForgets();

    void similarGoodCases_data();
    void similarGoodCases();
    void similarSkipsBadInactiveAndOtherSources();

    void curation();
    void deleteAndUndo();
    void listFilters_data();
    void listFilters();

    void contextSettingsPerDatasource();

    void importExportRoundTrip();
    void importIntoTakenIds();
    void tenMegabytes_data();
    void tenMegabytes();
    void unicodeAndJunk_data();
    void unicodeAndJunk();

    void killNineLosesNoCommittedCase();
    void twoWritersAtOnce();
    void opensRacingEachOther();

private:
    QString freshLocation() { return m_backend.freshLocation(); }
    std::unique_ptr<CaseStore> openFresh(QString *location = nullptr)
    {
        return m_backend.openFresh(location);
    }
    QVariant rawValue(const QString &location, const QString &sql)
    {
        return m_backend.rawValue(location, sql);
    }
    void addSampleCases(CaseStore &store);

    sqlmend::test::StoreTestBackend m_backend;
    QTemporaryDir m_dir; // for files that are not stores
};

namespace {

CaseRecord sampleCase(CaseKind kind, const QString &question)
{
    CaseRecord record;
    record.kind = kind;
    record.question = question;
    record.sql = u"SELECT 1"_s;
    record.datasource = u"sqlite:///shop.sqlite"_s;
    record.dialect = u"sqlite"_s;
    if (kind == CaseKind::Good) {
        record.columns = {u"value"_s};
        record.rowCount = 1;
    } else {
        record.errorClass = u"column_missing"_s;
        record.rootCause = u"no such column: nmae"_s;
        record.attempts = 3;
    }
    return record;
}

// The store sets id and times; compare the rest.
CaseRecord withStoredFields(CaseRecord expected, const CaseRecord &stored)
{
    expected.id = stored.id;
    if (!expected.created.isValid())
        expected.created = stored.created;
    if (!expected.updated.isValid())
        expected.updated = stored.updated;
    return expected;
}

QStringList questions(const QList<CaseRecord> &records)
{
    QStringList result;
    for (const CaseRecord &record : records)
        result.append(record.question);
    return result;
}

} // namespace

void tst_CaseStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString unready = m_backend.init(u"sqlmend_cases_"_s);
    if (!unready.isEmpty())
        QFAIL(qPrintable(unready));
    // Children started by the crash test read the password from here.
    if (m_backend.isPostgres())
        qputenv("SQLMEND_CASES_PASSWORD", m_backend.password().toUtf8());
}

void tst_CaseStore::cleanupTestCase()
{
    m_backend.cleanup();
}

void tst_CaseStore::contextSettingsPerDatasource()
{
    const auto store = openFresh();
    QVERIFY(store);
    const QString shop = u"postgresql://ann:secret@db:5432/shop"_s;
    const QString other = u"sqlite:///other.sqlite"_s;
    QVERIFY(ContextSettingsStore::load(*store, shop).value().isEmpty());
    QVERIFY(ContextSettingsStore::setMark(*store, shop, u"orders"_s, TableMark::Pinned));
    QVERIFY(ContextSettingsStore::setMark(*store, shop, u"salaries"_s, TableMark::Excluded));
    QVERIFY(ContextSettingsStore::setMark(*store, shop, u"users"_s, TableMark::Pinned));
    QVERIFY(ContextSettingsStore::setMark(*store, other, u"t"_s, TableMark::Excluded));
    // One mark a table: excluding a pinned table replaces its pin; None forgets it.
    QVERIFY(ContextSettingsStore::setMark(*store, shop, u"users"_s, TableMark::Excluded));
    QVERIFY(ContextSettingsStore::setMark(*store, shop, u"gone"_s, TableMark::Pinned));
    QVERIFY(ContextSettingsStore::setMark(*store, shop, u"gone"_s, TableMark::None));
    QVERIFY(!ContextSettingsStore::setMark(*store, shop, u"  "_s, TableMark::Pinned));

    // Filed without the password: the same datasource however it was spelled.
    const Result<ContextSettings> loaded =
            ContextSettingsStore::load(*store, u"postgresql://ann@db:5432/shop"_s);
    QVERIFY(loaded);
    QCOMPARE(loaded.value().pinned, QStringList{u"orders"_s});
    QCOMPARE(loaded.value().excluded, (QStringList{u"salaries"_s, u"users"_s}));
    QCOMPARE(loaded.value().markOf(u"ORDERS"_s), TableMark::Pinned);
    QCOMPARE(loaded.value().markOf(u"payments"_s), TableMark::None);
    QCOMPARE(ContextSettingsStore::load(*store, other).value().excluded, QStringList{u"t"_s});

    // A command line's flags over the stored set: theirs win, for that run.
    ContextSettings flags;
    flags.setMark(u"salaries"_s, TableMark::Pinned);
    flags.setMark(u"orders"_s, TableMark::Excluded);
    const ContextSettings run = loaded.value().overlaidWith(flags);
    QCOMPARE(run.pinned, QStringList{u"salaries"_s});
    QCOMPARE(run.excluded, (QStringList{u"users"_s, u"orders"_s}));
}

void tst_CaseStore::addSampleCases(CaseStore &store)
{
    const QStringList good{
            u"How many customers are there in each country?"_s,
            u"What was the total revenue per month in 2023?"_s,
            u"List the five best selling products"_s,
            u"Which employees joined after 2020?"_s,
            u"每个国家有多少客户？"_s,
            u"2023年每个月的总收入是多少？"_s,
    };
    for (const QString &question : good)
        QVERIFY(store.addCase(sampleCase(CaseKind::Good, question)));
}

void tst_CaseStore::migratesFromEmpty()
{
    QString location;
    std::unique_ptr<CaseStore> store = openFresh(&location);
    QVERIFY(store);
    QVERIFY(store->isOpen());
    QCOMPARE(store->location().backend() == StoreLocation::Backend::PostgreSQL,
             m_backend.isPostgres());
    QCOMPARE_GE(CaseStore::latestSchemaVersion(), 2);
    QCOMPARE(store->schemaVersion().valueOr(-1), CaseStore::latestSchemaVersion());
    // One row per migration step, applied in order.
    QCOMPARE(rawValue(location, u"SELECT COUNT(*) FROM schema_version"_s).toInt(),
             CaseStore::latestSchemaVersion());
    QCOMPARE(store->listCases().valueOr({{}}).size(), 0);
    QCOMPARE(store->listHistory().valueOr({{}}).size(), 0);
    if (!m_backend.isPostgres()) {
        QCOMPARE(rawValue(location, u"PRAGMA journal_mode"_s).toString(), u"wal"_s);
        QCOMPARE(rawValue(location, u"PRAGMA integrity_check"_s).toString(), u"ok"_s);
    }
}

void tst_CaseStore::reopenKeepsCases()
{
    QString location;
    std::unique_ptr<CaseStore> store = openFresh(&location);
    QVERIFY(store);
    const Result<qint64> id = store->addCase(sampleCase(CaseKind::Good, u"kept?"_s));
    QVERIFY(id);
    store->close();
    QVERIFY(!store->isOpen());
    QVERIFY(store->open(location, m_backend.password()));
    QCOMPARE(store->schemaVersion().valueOr(-1), CaseStore::latestSchemaVersion());
    QCOMPARE(rawValue(location, u"SELECT COUNT(*) FROM schema_version"_s).toInt(),
             CaseStore::latestSchemaVersion());
    const Result<CaseRecord> record = store->caseById(id.value());
    QVERIFY(record);
    QCOMPARE(record->question, u"kept?"_s);
    // A second store on the same location at the same time sees the same data.
    CaseStore second;
    QVERIFY(second.open(location, m_backend.password()));
    QCOMPARE(second.listCases().valueOr({}).size(), 1);
}

void tst_CaseStore::refusesNewerSchema()
{
    QString location;
    std::unique_ptr<CaseStore> store = openFresh(&location);
    QVERIFY(store);
    store->close();
    const int newer = CaseStore::latestSchemaVersion() + 1;
    rawValue(location,
             u"INSERT INTO schema_version (version, applied_at) VALUES (%1, 'later')"_s.arg(newer));
    const Result<Done> opened = store->open(location, m_backend.password());
    QVERIFY(!opened);
    QCOMPARE(opened.error().code, u"newer_schema"_s);
    QVERIFY2(opened.error().message.contains(QString::number(newer)),
             qPrintable(opened.error().message));
    QVERIFY(!store->isOpen());
}

void tst_CaseStore::badLocations_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("code");
    QTest::newRow("other scheme") << u"mysql://me@host/db"_s << u"invalid"_s;
    QTest::newRow("postgres without database") << u"postgresql://me@127.0.0.1:1/"_s << u"invalid"_s;
    QTest::newRow("bad schema name")
            << u"postgresql://me@127.0.0.1:1/db?schema=a;b"_s << u"invalid"_s;
    QTest::newRow("unreachable server")
            << u"postgresql://me@127.0.0.1:1/db?connect_timeout=2"_s << u"open"_s;
    QTest::newRow("sqlite url without file") << u"sqlite://"_s << u"invalid"_s;
    QTest::newRow("folder") << u"@dir@"_s << u"open"_s;
    QTest::newRow("not a database") << u"@junk@"_s << u"database"_s;
}

void tst_CaseStore::badLocations()
{
    QFETCH(QString, location);
    QFETCH(QString, code);
    if (location == u"@dir@") {
        location = m_dir.filePath(u"a-folder"_s);
        QVERIFY(QDir().mkpath(location));
    } else if (location == u"@junk@") {
        location = m_dir.filePath(u"junk.sqlite"_s);
        QFile junk(location);
        QVERIFY(junk.open(QIODevice::WriteOnly));
        QByteArray bytes(64 * 1024, '\0');
        for (char &byte : bytes)
            byte = char(QRandomGenerator::global()->bounded(256));
        junk.write(bytes);
    }
    CaseStore store;
    const Result<Done> opened = store.open(location);
    QVERIFY(!opened);
    QCOMPARE(opened.error().code, code);
    QVERIFY(!opened.error().message.isEmpty());
    QVERIFY(!store.isOpen());
}

void tst_CaseStore::closedStoreFails()
{
    CaseStore store;
    QCOMPARE(store.addCase(sampleCase(CaseKind::Good, u"q"_s)).error().code, u"not_open"_s);
    QCOMPARE(store.listCases().error().code, u"not_open"_s);
    QCOMPARE(store.lookupFix({u"SELECT 1"_s, u"syntax"_s, {}, {}}).error().code, u"not_open"_s);
    QCOMPARE(store.loadHistory(1).error().code, u"not_open"_s);
}

void tst_CaseStore::caseRoundTrip_data()
{
    QTest::addColumn<CaseRecord>("record");
    CaseRecord good = sampleCase(CaseKind::Good, u"How many orders per customer?"_s);
    good.sql = u"SELECT customer_id, COUNT(*) AS orders\nFROM orders\nGROUP BY customer_id"_s;
    good.columns = {u"customer_id"_s, u"orders"_s};
    good.rowCount = 42;
    good.origin = CaseOrigin::Curated;
    good.notes = u"checked by hand"_s;
    QTest::newRow("good") << good;

    CaseRecord bad = sampleCase(CaseKind::Bad, u"Show each customer's name"_s);
    bad.sql = u"SELECT nmae FROM customers"_s;
    bad.active = false;
    bad.created = QDateTime(QDate(2024, 2, 29), QTime(23, 59, 59, 123), Qt::UTC);
    bad.updated = QDateTime(QDate(2024, 3, 1), QTime(0, 0, 0, 7), Qt::UTC);
    QTest::newRow("bad, inactive, with times") << bad;

    CaseRecord chinese = sampleCase(CaseKind::Good, u"每个国家有多少客户？"_s);
    chinese.sql = u"SELECT country AS \"国家\", COUNT(*) FROM customers GROUP BY 1"_s;
    chinese.columns = {u"国家"_s, u"count"_s};
    chinese.notes = u"备注：已核对 ✓ 🚀"_s;
    QTest::newRow("chinese") << chinese;
}

void tst_CaseStore::caseRoundTrip()
{
    QFETCH(CaseRecord, record);
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    const Result<qint64> id = store->addCase(record);
    QVERIFY2(id, qPrintable(id ? QString() : id.error().message));
    QCOMPARE_GT(id.value(), 0);
    const Result<CaseRecord> stored = store->caseById(id.value());
    QVERIFY(stored);
    QCOMPARE(stored->id, id.value());
    QVERIFY(stored->created.isValid());
    QCOMPARE(stored.value(), withStoredFields(record, stored.value()));
    QCOMPARE(store->caseById(id.value() + 1000).error().code, u"not_found"_s);
}

void tst_CaseStore::autoGoodCase_data()
{
    QTest::addColumn<bool>("succeeded");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<QStringList>("columns");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("code"); // empty: saved
    const QStringList columns{u"n"_s};
    QTest::newRow("ok") << true << qint64(3) << columns << u"q"_s << QString();
    QTest::newRow("failed") << false << qint64(3) << columns << u"q"_s << u"refused_failed"_s;
    QTest::newRow("failed and empty")
            << false << qint64(0) << columns << u"q"_s << u"refused_failed"_s;
    QTest::newRow("empty") << true << qint64(0) << columns << u"q"_s << u"refused_empty"_s;
    QTest::newRow("no result set")
            << true << qint64(5) << QStringList() << u"q"_s << u"refused_empty"_s;
    QTest::newRow("no question") << true << qint64(3) << columns << u"  "_s << u"invalid"_s;
}

void tst_CaseStore::autoGoodCase()
{
    QFETCH(bool, succeeded);
    QFETCH(qint64, rows);
    QFETCH(QStringList, columns);
    QFETCH(QString, question);
    QFETCH(QString, code);
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    GoodCaseCandidate candidate{
            question, u"SELECT n FROM t"_s, u"demo"_s, u"sqlite"_s, succeeded, columns, rows};
    const Result<qint64> saved = store->saveAutoGoodCase(candidate);
    QCOMPARE(saved.hasValue(), code.isEmpty());
    QCOMPARE(store->listCases().valueOr({}).size(), code.isEmpty() ? 1 : 0);
    if (!code.isEmpty()) {
        QCOMPARE(saved.error().code, code);
        QVERIFY(!saved.error().message.isEmpty());
        return;
    }
    const CaseRecord record = store->caseById(saved.value()).value();
    QCOMPARE(record.kind, CaseKind::Good);
    QCOMPARE(record.origin, CaseOrigin::Auto);
    QCOMPARE(record.rowCount, rows);
    QCOMPARE(record.columns, columns);
}

void tst_CaseStore::autoGoodCaseIsSavedOnce()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    GoodCaseCandidate candidate{u"q"_s, u"SELECT 1"_s, QString(), u"sqlite"_s, true, {u"a"_s}, 1};
    const qint64 first = store->saveAutoGoodCase(candidate).valueOr(-1);
    QCOMPARE_GT(first, 0);
    candidate.rowCount = 2;
    QCOMPARE(store->saveAutoGoodCase(candidate).valueOr(-1), first);
    QCOMPARE(store->caseById(first).value().rowCount, 2);
    candidate.datasource = u"other"_s;
    QCOMPARE_NE(store->saveAutoGoodCase(candidate).valueOr(-1), first);
    QCOMPARE(store->listCases().valueOr({}).size(), 2);
}

namespace {

QuestionTrace sampleTrace()
{
    QuestionTrace trace;
    trace.question = u"Which customers ordered twice? 哪些客户下了两次单？"_s;
    trace.datasource = u"postgresql://ro@db/shop"_s;
    trace.dialect = u"postgresql"_s;
    trace.status = QuestionStatus::Ok;
    trace.started = QDateTime(QDate(2024, 5, 1), QTime(12, 0, 0, 250), Qt::UTC);
    trace.finished = trace.started.addMSecs(4321);
    trace.finalSql = u"SELECT customer_id FROM orders GROUP BY 1 HAVING COUNT(*) = 2"_s;
    trace.totalMs = 4321;
    trace.promptTokens = 1500;
    trace.completionTokens = 120;

    AttemptRecord first;
    first.index = 0;
    first.origin = AttemptOrigin::Llm;
    first.sql = u"SELECT custmer_id FROM orders"_s;
    first.outcome = AttemptOutcome::Error;
    first.errorClass = u"column_missing"_s;
    first.rootCause = u"column \"custmer_id\" does not exist"_s;
    first.advice = u"Use customer_id."_s;
    first.rawError = u"ERROR:  column \"custmer_id\" does not exist\nLINE 1: ..."_s;
    first.elapsedMs = 12;
    first.promptTokens = 700;
    first.completionTokens = 40;
    // The schema the model was given comes back with the attempt.
    first.linkedTables = {
            {u"orders"_s,
             {u"id"_s, u"customer_id"_s},
             {{LinkReason::Kind::Matched, {u"orders"_s}, {}, {}},
              {LinkReason::Kind::NamedByError, {}, u"1"_s, u"customer_id"_s}}},
            {u"customers"_s, {u"id"_s}, {{LinkReason::Kind::ForeignKey, {}, u"orders"_s, {}}}},
    };

    AttemptRecord second = first;
    second.index = 1;
    second.linkedTables.clear();
    second.origin = AttemptOrigin::Autofix;
    second.sql = u"SELECT customer_id FROM orders"_s;
    second.outcome = AttemptOutcome::Empty;
    second.errorClass.clear();
    second.rootCause.clear();
    second.advice = u"Check the filters."_s;
    second.rawError.clear();
    second.promptTokens = 0;
    second.completionTokens = 0;

    AttemptRecord third = first;
    third.index = 2;
    third.origin = AttemptOrigin::Cache;
    third.sql = trace.finalSql;
    third.outcome = AttemptOutcome::Ok;
    third.errorClass.clear();
    third.terminal = false;
    third.rootCause.clear();
    third.advice.clear();
    third.rawError.clear();

    trace.attempts = {first, second, third};
    trace.attemptCount = 3;
    return trace;
}

} // namespace

void tst_CaseStore::historyRoundTrip()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    QuestionTrace trace = sampleTrace();
    const Result<qint64> id = store->saveHistory(trace);
    QVERIFY2(id, qPrintable(id ? QString() : id.error().message));
    trace.id = id.value();
    const Result<QuestionTrace> loaded = store->loadHistory(id.value());
    QVERIFY(loaded);
    QCOMPARE(loaded->attempts.size(), 3);
    QCOMPARE(loaded->attempts.at(0), trace.attempts.at(0));
    QCOMPARE(loaded->attempts.at(2), trace.attempts.at(2));
    QCOMPARE(loaded.value(), trace);
    QCOMPARE(store->loadHistory(id.value() + 99).error().code, u"not_found"_s);

    QuestionTrace invalid = trace;
    invalid.id = 0;
    invalid.attempts[1].errorClass = u"no_such_class"_s;
    QCOMPARE(store->saveHistory(invalid).error().code, u"invalid"_s);
}

void tst_CaseStore::historyListAndReplace()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    QuestionTrace older = sampleTrace();
    older.question = u"Older 100% question_with_underscore"_s;
    older.status = QuestionStatus::Failed;
    older.started = older.started.addDays(-1);
    const qint64 olderId = store->saveHistory(older).valueOr(-1);
    const qint64 newerId = store->saveHistory(sampleTrace()).valueOr(-1);
    QCOMPARE_GT(olderId, 0);
    QCOMPARE_GT(newerId, 0);

    const QList<QuestionTrace> all = store->listHistory().valueOr({});
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.at(0).id, newerId); // newest first
    QCOMPARE(all.at(0).attemptCount, 3);
    QVERIFY(all.at(0).attempts.isEmpty());

    HistoryFilter failed;
    failed.status = QuestionStatus::Failed;
    QCOMPARE(store->listHistory(failed).valueOr({}).size(), 1);
    HistoryFilter text;
    text.text = u"100%"_s;
    QCOMPARE(store->listHistory(text).valueOr({}).size(), 1);
    text.text = u"OLDER"_s;
    QCOMPARE(store->listHistory(text).valueOr({}).size(), 1);
    text.text = u"%"_s; // a literal percent sign, not a wildcard
    QCOMPARE(store->listHistory(text).valueOr({}).size(), 1);
    HistoryFilter since;
    since.since = sampleTrace().started;
    QCOMPARE(store->listHistory(since).valueOr({}).size(), 1);
    QCOMPARE(store->listHistory({}, 1).valueOr({}).size(), 1);

    // Saving again under the same id replaces the trace and its attempts.
    QuestionTrace replaced = sampleTrace();
    replaced.id = olderId;
    replaced.status = QuestionStatus::Terminal;
    replaced.attempts.resize(1);
    QCOMPARE(store->saveHistory(replaced).valueOr(-1), olderId);
    const QuestionTrace loaded = store->loadHistory(olderId).value();
    QCOMPARE(loaded.status, QuestionStatus::Terminal);
    QCOMPARE(loaded.attempts.size(), 1);
    replaced.id = 987654;
    QCOMPARE(store->saveHistory(replaced).error().code, u"not_found"_s);

    QVERIFY(store->removeHistory(olderId));
    QCOMPARE(store->loadHistory(olderId).error().code, u"not_found"_s);
    QCOMPARE(store->removeHistory(olderId).error().code, u"not_found"_s);
    QCOMPARE(store->listHistory().valueOr({}).size(), 1);
}

void tst_CaseStore::fixCache_data()
{
    QTest::addColumn<FixKey>("stored");
    QTest::addColumn<FixKey>("asked");
    QTest::addColumn<bool>("hit");
    const FixKey base{u"SELECT nmae FROM customers WHERE city = 'Oslo'"_s, u"column_missing"_s,
                      u"no such column: nmae"_s, u"sqlite:///shop.sqlite"_s};
    FixKey key = base;
    QTest::newRow("same") << base << key << true;
    key.sql = u"  select   nmae\n  from customers\twhere city = 'Oslo' ; "_s;
    QTest::newRow("spaces, keyword case, semicolon") << base << key << true;
    key.sql = u"select nmae -- the name\nfrom customers where city = 'Oslo'"_s;
    QTest::newRow("line comment") << base << key << true;
    key.sql = u"SELECT nmae FROM customers WHERE city = 'oslo'"_s;
    QTest::newRow("literal case differs") << base << key << false;
    key.sql = u"SELECT nmae FROM customers WHERE city = 'Oslo  '"_s;
    QTest::newRow("literal spaces differ") << base << key << false;
    key.sql = u"SELECT NMAE FROM customers WHERE city = 'Oslo'"_s;
    QTest::newRow("identifier case differs") << base << key << false;
    key = base;
    key.rootCause = u"  no such   column: nmae "_s;
    QTest::newRow("root cause spaces") << base << key << true;
    key.rootCause = u"no such column: name"_s;
    QTest::newRow("other root cause") << base << key << false;
    key = base;
    key.errorClass = u"syntax"_s;
    QTest::newRow("other class") << base << key << false;
    key = base;
    key.datasource = u"sqlite:///other.sqlite"_s;
    QTest::newRow("other datasource") << base << key << false;
}

void tst_CaseStore::fixCache()
{
    QFETCH(FixKey, stored);
    QFETCH(FixKey, asked);
    QFETCH(bool, hit);
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    const QString fixed = u"SELECT name FROM customers WHERE city = 'Oslo'"_s;
    QVERIFY(store->recordFix(stored, fixed));
    const Result<std::optional<CachedFix>> found = store->lookupFix(asked);
    QVERIFY(found);
    QCOMPARE(found->has_value(), hit);
    if (hit) {
        QCOMPARE(found.value()->fixedSql, fixed);
        QCOMPARE(found.value()->hitCount, 1);
    }
}

void tst_CaseStore::fixCacheCountsHitsAndForgets()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    const FixKey key{u"SELECT COUNT(*) FROM order"_s, u"syntax"_s,
                     u"syntax error at or near \"order\""_s, u"pg"_s};
    QVERIFY(!store->lookupFix(key).value().has_value());
    QVERIFY(store->recordFix(key, u"SELECT COUNT(*) FROM \"order\""_s));
    for (int i = 1; i <= 3; ++i)
        QCOMPARE(store->lookupFix(key).value()->hitCount, i);
    // A better fix replaces the old one and keeps the count.
    QVERIFY(store->recordFix(key, u"SELECT COUNT(*) FROM orders"_s));
    const CachedFix fix = store->lookupFix(key).value().value();
    QCOMPARE(fix.fixedSql, u"SELECT COUNT(*) FROM orders"_s);
    QCOMPARE(fix.hitCount, 4);
    QVERIFY(fix.lastUsed.isValid());
    QVERIFY(store->forgetFix(key));
    QVERIFY(!store->lookupFix(key).value().has_value());
    QCOMPARE(store->recordFix({u"SELECT 1"_s, u"nonsense"_s, {}, {}}, u"SELECT 2"_s).error().code,
             u"invalid"_s);
    QCOMPARE(store->recordFix({u"  "_s, u"syntax"_s, {}, {}}, u"SELECT 2"_s).error().code,
             u"invalid"_s);
}

void tst_CaseStore::similarGoodCases_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("expectedFirst");
    QTest::newRow("english") << u"number of customers in each country"_s
                             << u"How many customers are there in each country?"_s;
    QTest::newRow("english, other words")
            << u"best selling products, top five"_s << u"List the five best selling products"_s;
    QTest::newRow("english, letter case")
            << u"EMPLOYEES JOINED"_s << u"Which employees joined after 2020?"_s;
    QTest::newRow("chinese") << u"各个国家的客户数量"_s << u"每个国家有多少客户？"_s;
    QTest::newRow("chinese, revenue") << u"每个月的收入"_s << u"2023年每个月的总收入是多少？"_s;
}

void tst_CaseStore::similarGoodCases()
{
    QFETCH(QString, question);
    QFETCH(QString, expectedFirst);
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    addSampleCases(*store);
    const Result<QList<CaseRecord>> similar = store->similarGoodCases(question, {}, 3);
    QVERIFY2(similar, qPrintable(similar ? QString() : similar.error().message));
    QVERIFY(!similar->isEmpty());
    QVERIFY(similar->size() <= 3);
    QCOMPARE(similar->first().question, expectedFirst);
}

void tst_CaseStore::similarSkipsBadInactiveAndOtherSources()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    CaseRecord active = sampleCase(CaseKind::Good, u"revenue by region"_s);
    CaseRecord inactive = sampleCase(CaseKind::Good, u"revenue by region and year"_s);
    inactive.active = false;
    CaseRecord bad = sampleCase(CaseKind::Bad, u"revenue by region exactly"_s);
    CaseRecord elsewhere = sampleCase(CaseKind::Good, u"revenue by region elsewhere"_s);
    elsewhere.datasource = u"another"_s;
    for (const CaseRecord &record : {active, inactive, bad, elsewhere})
        QVERIFY(store->addCase(record));
    QCOMPARE(questions(store->similarGoodCases(u"revenue by region"_s, active.datasource, 10)
                               .valueOr({})),
             QStringList{active.question});
    QCOMPARE(store->similarGoodCases(u"revenue by region"_s, {}, 10).valueOr({}).size(), 2);
    QCOMPARE(store->similarGoodCases(u"revenue"_s, {}, 1).valueOr({}).size(), 1);
    QCOMPARE(store->similarGoodCases(u"?!"_s, {}, 5).valueOr({{}}).size(), 0);
    QCOMPARE(store->similarGoodCases(u"unrelated words"_s, {}, 5).valueOr({{}}).size(), 0);
    QCOMPARE(store->similarGoodCases(u"revenue"_s, {}, 0).valueOr({{}}).size(), 0);
    // FTS query syntax in a question is text, not syntax.
    QVERIFY(store->similarGoodCases(u"revenue\" OR NEAR(* AND) region:"_s, {}, 5));
}

void tst_CaseStore::curation()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    const qint64 id = store->saveAutoGoodCase({u"top customers by revenue"_s,
                                               u"SELECT 1"_s,
                                               u"demo"_s,
                                               u"sqlite"_s,
                                               true,
                                               {u"x"_s},
                                               1})
                              .valueOr(-1);
    QCOMPARE_GT(id, 0);
    const CaseRecord before = store->caseById(id).value();

    QVERIFY(store->setKind(id, CaseKind::Bad));
    CaseRecord after = store->caseById(id).value();
    QCOMPARE(after.kind, CaseKind::Bad);
    QCOMPARE(after.question, before.question);
    QCOMPARE(after.sql, before.sql);
    QCOMPARE(after.origin, CaseOrigin::Curated);
    QCOMPARE_GE(after.updated, before.updated);
    QVERIFY(store->similarGoodCases(u"top customers"_s, {}, 5).value().isEmpty());

    QVERIFY(store->setKind(id, CaseKind::Good));
    QVERIFY(store->setSql(id, u"SELECT customer_id FROM revenue ORDER BY total DESC"_s));
    QCOMPARE(store->caseById(id).value().sql,
             u"SELECT customer_id FROM revenue ORDER BY total DESC"_s);
    QCOMPARE(store->setSql(id, u"  "_s).error().code, u"invalid"_s);

    QVERIFY(store->setActive(id, false));
    QVERIFY(!store->caseById(id).value().active);
    QVERIFY(store->similarGoodCases(u"top customers"_s, {}, 5).value().isEmpty());
    QVERIFY(store->setActive(id, true));
    QCOMPARE(store->similarGoodCases(u"top customers"_s, {}, 5).value().size(), 1);

    // Notes are searchable, and the index follows edits.
    QVERIFY(store->setNotes(id, u"uses the quarterly rollup 季度汇总"_s));
    CaseFilter search;
    search.search = u"rollup"_s;
    QCOMPARE(store->listCases(search).value().size(), 1);
    search.search = u"季度"_s;
    QCOMPARE(store->listCases(search).value().size(), 1);
    QVERIFY(store->setNotes(id, u"plain"_s));
    search.search = u"rollup"_s;
    QCOMPARE(store->listCases(search).value().size(), 0);
    QCOMPARE(store->caseById(id).value().notes, u"plain"_s);

    QCOMPARE(store->setKind(id + 50, CaseKind::Bad).error().code, u"not_found"_s);
    QCOMPARE(store->setActive(id + 50, true).error().code, u"not_found"_s);
    QCOMPARE(store->setNotes(id + 50, u"n"_s).error().code, u"not_found"_s);
    QCOMPARE(store->removeCase(id + 50).error().code, u"not_found"_s);
}

void tst_CaseStore::deleteAndUndo()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    addSampleCases(*store);
    CaseRecord bad = sampleCase(CaseKind::Bad, u"Show each customer's name"_s);
    bad.notes = u"the model misspells name"_s;
    const qint64 id = store->addCase(bad).valueOr(-1);
    QCOMPARE_GT(id, 0);
    const CaseRecord original = store->caseById(id).value();

    const Result<CaseRecord> removed = store->removeCase(id);
    QVERIFY(removed);
    QCOMPARE(removed.value(), original);
    QCOMPARE(store->caseById(id).error().code, u"not_found"_s);
    CaseFilter search;
    search.search = u"misspells"_s;
    QCOMPARE(store->listCases(search).value().size(), 0);

    // A new case never takes the deleted id, so the undo can put it back.
    const qint64 next = store->addCase(sampleCase(CaseKind::Good, u"another"_s)).valueOr(-1);
    QCOMPARE_GT(next, id);
    QVERIFY(store->restoreCase(removed.value()));
    QCOMPARE(store->caseById(id).value(), original);
    QCOMPARE(store->listCases(search).value().size(), 1);
    QCOMPARE(store->restoreCase(removed.value()).error().code, u"conflict"_s);
    // New ids still come after every restored one.
    QCOMPARE_GT(store->addCase(sampleCase(CaseKind::Good, u"more"_s)).valueOr(-1), next);
}

void tst_CaseStore::listFilters_data()
{
    QTest::addColumn<CaseFilter>("filter");
    QTest::addColumn<int>("count");
    QTest::newRow("all") << CaseFilter{} << 9;
    CaseFilter filter;
    filter.kind = CaseKind::Good;
    QTest::newRow("good") << filter << 6;
    filter.kind = CaseKind::Bad;
    QTest::newRow("bad") << filter << 3;
    filter = {};
    filter.errorClass = u"syntax"_s;
    QTest::newRow("class") << filter << 1;
    filter.errorClass = u"Column_Missing"_s;
    QTest::newRow("class, other spelling") << filter << 2;
    filter = {};
    filter.datasource = u"warehouse"_s;
    QTest::newRow("datasource") << filter << 2;
    filter = {};
    filter.active = false;
    QTest::newRow("inactive") << filter << 1;
    filter = {};
    filter.search = u"customers country"_s;
    QTest::newRow("search, all words") << filter << 1;
    filter.search = u"customers"_s;
    QTest::newRow("search") << filter << 2;
    filter.kind = CaseKind::Bad;
    QTest::newRow("search and kind") << filter << 1;
    filter = {};
    filter.search = u"国家"_s;
    QTest::newRow("search chinese") << filter << 1;
    filter = {};
    filter.limit = 4;
    filter.offset = 7;
    QTest::newRow("limit and offset") << filter << 2;
    filter = {};
    filter.search = u"zzzz"_s;
    QTest::newRow("search, nothing") << filter << 0;
}

void tst_CaseStore::listFilters()
{
    QFETCH(CaseFilter, filter);
    QFETCH(int, count);
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    addSampleCases(*store);
    CaseRecord syntax = sampleCase(CaseKind::Bad, u"customers named like Ann"_s);
    syntax.errorClass = u"syntax"_s;
    syntax.datasource = u"warehouse"_s;
    CaseRecord missing = sampleCase(CaseKind::Bad, u"orders without a date"_s);
    missing.datasource = u"warehouse"_s;
    CaseRecord inactive = sampleCase(CaseKind::Bad, u"old question"_s);
    inactive.active = false;
    for (const CaseRecord &record : {syntax, missing, inactive})
        QVERIFY(store->addCase(record));
    const Result<QList<CaseRecord>> listed = store->listCases(filter);
    QVERIFY2(listed, qPrintable(listed ? QString() : listed.error().message));
    QCOMPARE(listed->size(), count);
}

void tst_CaseStore::importExportRoundTrip()
{
    std::unique_ptr<CaseStore> source = openFresh();
    QVERIFY(source);
    addSampleCases(*source);
    CaseRecord bad = sampleCase(CaseKind::Bad, u"Show each \"customer\"'s name\ttab"_s);
    bad.notes = u"line one\nline two ✓"_s;
    bad.active = false;
    QVERIFY(source->addCase(bad));
    // A gap in the ids must survive too.
    QVERIFY(source->removeCase(2));

    QBuffer exported;
    QVERIFY(exported.open(QIODevice::WriteOnly));
    QCOMPARE(source->exportCases(exported).valueOr(-1), 6);
    const QList<QByteArray> lines = exported.data().split('\n');
    QCOMPARE(lines.size(), 7); // six lines and the empty rest after the last newline

    // Bad lines in the middle: reported by number, the good ones still go in.
    QByteArray input;
    for (int i = 0; i < 6; ++i) {
        input += lines.at(i) + '\n';
        if (i == 2) {
            input += "{not json\n";
            input += "[1, 2]\n";
            input += "{\"kind\": \"ugly\", \"question\": \"q\"}\n";
            input += "\n";
            input += "{\"kind\": \"good\", \"sql\": \"SELECT 1\"}\n";
            input += "{\"kind\": \"bad\", \"question\": \"q\", \"error_class\": \"nope\"}\n";
            input += "{\"kind\": \"bad\", \"question\": \"q\", \"attempts\": \"three\"}\n";
            input += "\x01\x02\xff\xfe junk\n";
        }
    }
    QBuffer in(&input);
    QVERIFY(in.open(QIODevice::ReadOnly));
    std::unique_ptr<CaseStore> target = openFresh();
    QVERIFY(target);
    const Result<ImportReport> report = target->importCases(in);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().message));
    QCOMPARE(report->imported, 6);
    QCOMPARE(report->renumbered, 0);
    QList<qint64> badLines;
    for (const ImportProblem &problem : report->problems) {
        badLines.append(problem.line);
        QVERIFY(!problem.reason.isEmpty());
    }
    QCOMPARE(badLines, (QList<qint64>{4, 5, 6, 8, 9, 10, 11}));

    QBuffer again;
    QVERIFY(again.open(QIODevice::WriteOnly));
    QCOMPARE(target->exportCases(again).valueOr(-1), 6);
    QCOMPARE(again.data(), exported.data());

    // A filtered export.
    QBuffer onlyBad;
    QVERIFY(onlyBad.open(QIODevice::WriteOnly));
    CaseFilter filter;
    filter.kind = CaseKind::Bad;
    QCOMPARE(target->exportCases(onlyBad, filter).valueOr(-1), 1);
}

void tst_CaseStore::importIntoTakenIds()
{
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    addSampleCases(*store);
    QBuffer exported;
    QVERIFY(exported.open(QIODevice::WriteOnly));
    QCOMPARE(store->exportCases(exported).valueOr(-1), 6);
    QByteArray data = exported.data();
    // The same cases again: the store has them (same kind, question and SQL), nothing is added.
    QBuffer in(&data);
    QVERIFY(in.open(QIODevice::ReadOnly));
    ImportReport report = store->importCases(in).value();
    QCOMPARE(report.imported, 0);
    QCOMPARE(report.skipped, 6);
    QCOMPARE(report.renumbered, 0);
    QVERIFY(report.problems.isEmpty());
    QVERIFY(report.ids.isEmpty());
    QCOMPARE(store->listCases().value().size(), 6);

    // Other cases under the same ids: they come in under new ids.
    QByteArray others;
    for (const QByteArray &line : data.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        QJsonObject object = QJsonDocument::fromJson(line).object();
        object.insert(u"question"_s, object.value(u"question"_s).toString() + u" (again)"_s);
        others += QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
    }
    QBuffer otherIn(&others);
    QVERIFY(otherIn.open(QIODevice::ReadOnly));
    report = store->importCases(otherIn).value();
    QCOMPARE(report.imported, 6);
    QCOMPARE(report.renumbered, 6);
    QCOMPARE(report.skipped, 0);
    QVERIFY(report.problems.isEmpty());
    QCOMPARE(report.ids.size(), 6);
    for (const qint64 id : std::as_const(report.ids))
        QVERIFY(store->caseById(id).value().question.endsWith(u" (again)"_s));
    QCOMPARE(store->listCases().value().size(), 12);
    QCOMPARE_GT(store->addCase(sampleCase(CaseKind::Good, u"next"_s)).valueOr(-1), 12);

    // Within one file, the second copy of a line is the same case as the first.
    QByteArray twice = others.left(others.indexOf('\n') + 1);
    twice.replace(" (again)", " (twice)");
    twice += twice;
    QBuffer twiceIn(&twice);
    QVERIFY(twiceIn.open(QIODevice::ReadOnly));
    report = store->importCases(twiceIn).value();
    QCOMPARE(report.imported, 1);
    QCOMPARE(report.skipped, 1);
}

void tst_CaseStore::tenMegabytes_data()
{
    QTest::addColumn<bool>("inNotes");
    QTest::newRow("notes") << true;
    QTest::newRow("sql") << false;
}

void tst_CaseStore::tenMegabytes()
{
    QFETCH(bool, inNotes);
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    QString big;
    big.reserve(10 * 1024 * 1024);
    while (big.size() < 10 * 1024 * 1024)
        big += u"SELECT 'filler 数据' AS a, 42 AS b UNION ALL "_s;
    CaseRecord record = sampleCase(CaseKind::Good, u"a very large case"_s);
    if (inNotes)
        record.notes = big;
    else
        record.sql = big;
    const Result<qint64> id = store->addCase(record);
    QVERIFY2(id, qPrintable(id ? QString() : id.error().message));
    const CaseRecord stored = store->caseById(id.value()).value();
    QCOMPARE(inNotes ? stored.notes : stored.sql, big);
    QCOMPARE(store->similarGoodCases(u"very large"_s, {}, 1).value().size(), 1);
    if (!inNotes) {
        const FixKey key{big, u"syntax"_s, u"near UNION"_s, {}};
        QVERIFY(store->recordFix(key, u"SELECT 1"_s));
        QCOMPARE(store->lookupFix(key).value()->fixedSql, u"SELECT 1"_s);
    }
}

void tst_CaseStore::unicodeAndJunk_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("emoji and scripts") << u"🚀 ünïcödé русский עברית العربية 日本語 한국어"_s;
    QTest::newRow("control characters") << u"a\u0001b\u001fc\r\n\t"_s;
    QTest::newRow("lone surrogate") << QString(QChar(0xd800)) + u"x"_s;
    QTest::newRow("quotes") << u"'; DROP TABLE cases; -- \" ` $$"_s;
}

void tst_CaseStore::unicodeAndJunk()
{
    QFETCH(QString, text);
    std::unique_ptr<CaseStore> store = openFresh();
    QVERIFY(store);
    CaseRecord record = sampleCase(CaseKind::Bad, u"q "_s + text);
    record.sql = text;
    record.notes = text;
    record.rootCause = text;
    const Result<qint64> id = store->addCase(record);
    QVERIFY2(id, qPrintable(id ? QString() : id.error().message));
    const CaseRecord stored = store->caseById(id.value()).value();
    // A lone surrogate cannot be stored as UTF-8; it comes back as U+FFFD.
    const QString expected = QString::fromUtf8(text.toUtf8());
    QCOMPARE(stored.sql, expected);
    QCOMPARE(stored.notes, expected);
    QCOMPARE(stored.rootCause, expected);
    QVERIFY(store->similarGoodCases(text, {}, 3));
    CaseFilter filter;
    filter.search = text;
    QVERIFY(store->listCases(filter));
    QCOMPARE(store->listCases().value().size(), 1);
}

void tst_CaseStore::killNineLosesNoCommittedCase()
{
    QString location;
    {
        std::unique_ptr<CaseStore> store = openFresh(&location);
        QVERIFY(store); // created and migrated once; the writers reopen it
    }
    QRandomGenerator random(QRandomGenerator::global()->generate());
    QSet<qint64> printed;
    for (int round = 0; round < 5; ++round) {
        QProcess writer;
        writer.setProgram(QStringLiteral(SQLMEND_CRASHWRITER));
        writer.setArguments({location});
        writer.setProcessChannelMode(QProcess::SeparateChannels);
        writer.start();
        QVERIFY2(writer.waitForStarted(10000), qPrintable(writer.errorString()));
        const int wanted = random.bounded(5, 60);
        QByteArray output;
        QElapsedTimer timer;
        timer.start();
        while (output.count('\n') < wanted && timer.elapsed() < 60000
               && writer.state() == QProcess::Running) {
            writer.waitForReadyRead(100);
            output += writer.readAllStandardOutput();
        }
        QTest::qWait(random.bounded(0, 30)); // a random moment, mid-transaction or not
        writer.kill();                       // SIGKILL
        QVERIFY(writer.waitForFinished(10000));
        output += writer.readAllStandardOutput();
        QVERIFY2(output.count('\n') >= wanted,
                 qPrintable(u"the writer printed too little: %1"_s.arg(
                         QString::fromLocal8Bit(writer.readAllStandardError()))));
        // Only complete lines: each stands for a committed case.
        const qsizetype end = output.lastIndexOf('\n');
        for (const QByteArray &line : output.left(end).split('\n')) {
            bool ok = false;
            printed.insert(line.toLongLong(&ok));
            QVERIFY(ok);
        }

        CaseStore store;
        QVERIFY(store.open(location, m_backend.password()));
        for (const qint64 id : std::as_const(printed)) {
            const Result<CaseRecord> record = store.caseById(id);
            QVERIFY2(record,
                     qPrintable(u"round %1: the committed case %2 is lost"_s.arg(round).arg(id)));
        }
        if (!m_backend.isPostgres()) {
            store.close();
            QCOMPARE(rawValue(location, u"PRAGMA integrity_check"_s).toString(), u"ok"_s);
        }
    }
    qInfo("%lld committed cases checked after 5 kills", static_cast<long long>(printed.size()));
}

void tst_CaseStore::twoWritersAtOnce()
{
    QString location;
    {
        std::unique_ptr<CaseStore> store = openFresh(&location);
        QVERIFY(store);
    }
    // Two processes write the same store; the busy timeout and IMMEDIATE transactions (SQLite)
    // or row locks (PostgreSQL) keep both going, and every id is handed out once.
    QProcess writers[2];
    QByteArray outputs[2];
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < 2; ++i) {
        writers[i].start(QStringLiteral(SQLMEND_CRASHWRITER), {location});
        QVERIFY2(writers[i].waitForStarted(10000), qPrintable(writers[i].errorString()));
        // The second writer starts once the first has opened the store and committed a case:
        // two opens racing each other is a separate matter (see the issue note); this test is
        // about two writers committing at the same time.
        while (i == 0 && !outputs[0].contains('\n') && timer.elapsed() < 60000
               && writers[0].state() == QProcess::Running) {
            writers[0].waitForReadyRead(50);
            outputs[0] += writers[0].readAllStandardOutput();
        }
    }
    const auto enough = [&outputs] {
        return outputs[0].count('\n') >= 30 && outputs[1].count('\n') >= 30;
    };
    while (!enough() && timer.elapsed() < 60000) {
        for (int i = 0; i < 2; ++i) {
            writers[i].waitForReadyRead(50);
            outputs[i] += writers[i].readAllStandardOutput();
        }
    }
    for (int i = 0; i < 2; ++i) {
        // A writer may have ended by itself already; waitForFinished() is false for those.
        if (writers[i].state() != QProcess::NotRunning) {
            writers[i].kill();
            QVERIFY(writers[i].waitForFinished(60000));
        }
        outputs[i] += writers[i].readAllStandardOutput();
    }
    QVERIFY2(enough(),
             qPrintable(QString::fromLocal8Bit(writers[0].readAllStandardError()
                                               + writers[1].readAllStandardError())));
    QSet<qint64> ids;
    qsizetype lines = 0;
    for (const QByteArray &output : outputs) {
        for (const QByteArray &line : output.left(output.lastIndexOf('\n')).split('\n')) {
            ids.insert(line.toLongLong());
            ++lines;
        }
    }
    QCOMPARE(ids.size(), lines); // no id twice
    CaseStore store;
    QVERIFY(store.open(location, m_backend.password()));
    for (const qint64 id : std::as_const(ids))
        QVERIFY2(store.caseById(id), qPrintable(u"case %1 is lost"_s.arg(id)));
}

void tst_CaseStore::opensRacingEachOther()
{
    // Several processes open a store that does not exist yet at the same moment: one creates
    // it, switches it to WAL and migrates it, and the others wait for it instead of failing
    // with "database is locked". Each writes one case and exits. Before the setup retried busy
    // answers, about one open in 40 failed when six processes raced (the failure is a timing
    // matter, so a run of this test without the fix catches it about one time in three).
    constexpr int rounds = 40;
    constexpr int writerCount = 6;
    const QString sqliteLocation = m_backend.isPostgres() ? QString() : freshLocation();
    for (int round = 0; round < rounds; ++round) {
        // SQLite: the same path each round, removed in between.
        const QString location = m_backend.isPostgres() ? freshLocation() : sqliteLocation;
        for (const QString &suffix : {u""_s, u"-wal"_s, u"-shm"_s})
            QFile::remove(sqliteLocation + suffix);
        QProcess writers[writerCount];
        for (QProcess &writer : writers)
            writer.start(QStringLiteral(SQLMEND_CRASHWRITER), {location, u"1"_s});
        for (QProcess &writer : writers) {
            QVERIFY2(writer.waitForStarted(10000), qPrintable(writer.errorString()));
            QVERIFY(writer.waitForFinished(60000));
            QVERIFY2(writer.exitStatus() == QProcess::NormalExit && writer.exitCode() == 0,
                     qPrintable(u"round %1: %2"_s.arg(round).arg(
                             QString::fromLocal8Bit(writer.readAllStandardError()))));
            QCOMPARE(writer.readAllStandardOutput().count('\n'), 1);
        }
    }
}

QTEST_GUILESS_MAIN(tst_CaseStore)
#include "tst_casestore.moc"
