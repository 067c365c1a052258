// The business notes of the case store. Runs on a SQLite file by default, and on the test
// PostgreSQL server when SQLMEND_CASES_BACKEND=postgresql (connection data from the servers
// fixture's JSON file in SQLMEND_SERVERS_JSON); every test gets a fresh store.

#include "core/cases/casestore.h"
#include "core/cases/notestore.h"
#include "tests/support/storetestbackend.h"

#include <QBuffer>
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
const QString Other = u"postgresql://analyst@db.example:5432/sales"_s;

BusinessNote note(const QString &table, const QString &column, const QString &description,
                  const QStringList &synonyms = {}, const QStringList &values = {},
                  const QString &formula = {})
{
    BusinessNote result;
    result.table = table;
    result.column = column;
    result.description = description;
    result.synonyms = synonyms;
    result.allowedValues = values;
    result.formula = formula;
    return result;
}

} // namespace

class tst_NoteStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void roundTrip();
    void replacesByNameIgnoringCase();
    void emptyNoteRemoves();
    void perDatasourceWithoutPassword();
    void glossary();
    void refusesBadNotes_data();
    void refusesBadNotes();
    void exportImportRoundTrip();
    void importReportsBadLinesKeepsTheRest();

private:
    std::unique_ptr<CaseStore> openFresh(QString *location = nullptr);
    QVariant rawValue(const QString &location, const QString &sql);

    sqlmend::test::StoreTestBackend m_backend;
};

void tst_NoteStore::initTestCase()
{
    const QString problem = m_backend.init(u"sqlmend_notes_"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_NoteStore::cleanupTestCase()
{
    m_backend.cleanup();
}

std::unique_ptr<CaseStore> tst_NoteStore::openFresh(QString *location)
{
    return m_backend.openFresh(location);
}

QVariant tst_NoteStore::rawValue(const QString &location, const QString &sql)
{
    return m_backend.rawValue(location, sql);
}

void tst_NoteStore::roundTrip()
{
    std::unique_ptr<CaseStore> cases = openFresh();
    QVERIFY(cases);
    NoteStore store(*cases);
    const BusinessNote orders = note(u"orders"_s, {}, u"One row per checkout"_s,
                                     {u"sale"_s, u"purchase"_s}, {}, u"sum(total)"_s);
    const BusinessNote status = note(u"orders"_s, u"status"_s, u"Where the order stands"_s, {},
                                     {u"paid"_s, u"refunded"_s, u"已退款"_s});
    QVERIFY(store.setNote(Shop, orders));
    QVERIFY(store.setNote(Shop, status));
    const Result<BusinessNotes> notes = store.notes(Shop);
    QVERIFY(notes);
    QCOMPARE(notes->notes().size(), 2);
    QVERIFY(notes->find(u"orders"_s));
    QCOMPARE(*notes->find(u"orders"_s), orders);
    QCOMPARE(*notes->find(u"ORDERS"_s, u"Status"_s), status);
    QVERIFY(notes->find(u"orders"_s)->updated.isValid());
    QCOMPARE(notes->columnNotes(u"orders"_s).size(), 1);
    QVERIFY(!notes->find(u"users"_s));
}

void tst_NoteStore::replacesByNameIgnoringCase()
{
    std::unique_ptr<CaseStore> cases = openFresh();
    QVERIFY(cases);
    NoteStore store(*cases);
    QVERIFY(store.setNote(Shop, note(u"orders"_s, {}, u"first"_s)));
    const QByteArray before = store.notes(Shop)->fingerprint();
    QVERIFY(store.setNote(Shop, note(u"Orders"_s, {}, u"second"_s, {u"sale"_s})));
    const Result<BusinessNotes> notes = store.notes(Shop);
    QCOMPARE(notes->notes().size(), 1);
    QCOMPARE(notes->notes().first().description, u"second"_s);
    QCOMPARE(notes->notes().first().table, u"Orders"_s); // kept as last written
    QVERIFY(notes->fingerprint() != before);
}

void tst_NoteStore::emptyNoteRemoves()
{
    std::unique_ptr<CaseStore> cases = openFresh();
    QVERIFY(cases);
    NoteStore store(*cases);
    QVERIFY(store.setNote(Shop, note(u"orders"_s, u"total"_s, u"in cents"_s)));
    QVERIFY(store.setNote(Shop, note(u"orders"_s, u"total"_s, {})));
    QCOMPARE(store.notes(Shop)->notes().size(), 0);
    QVERIFY(store.setNote(Shop, note(u"users"_s, {}, u"people"_s)));
    QVERIFY(store.removeNote(Shop, u"USERS"_s, {}));
    QVERIFY(store.notes(Shop)->isEmpty());
}

void tst_NoteStore::perDatasourceWithoutPassword()
{
    QString location;
    std::unique_ptr<CaseStore> cases = openFresh(&location);
    QVERIFY(cases);
    NoteStore store(*cases);
    QVERIFY(store.setNote(u"postgresql://analyst:s3cret@db.example:5432/sales"_s,
                          note(u"orders"_s, {}, u"the sales database's orders"_s)));
    QVERIFY(store.setNote(Shop, note(u"orders"_s, {}, u"the shop's orders"_s)));
    QCOMPARE(store.notes(Other)->find(u"orders"_s)->description, u"the sales database's orders"_s);
    QCOMPARE(store.notes(Shop)->find(u"orders"_s)->description, u"the shop's orders"_s);
    QVERIFY(store.notes(u"sqlite:///elsewhere.db"_s)->isEmpty());
    // One file, two spellings of its absolute path: the same notes.
    QVERIFY(store.setNote(u"sqlite:////data/one.db"_s, note(u"t"_s, {}, u"one"_s)));
    QCOMPARE(store.notes(u"sqlite:///data/one.db"_s)->notes().size(), 1);
    QCOMPARE(rawValue(location,
                      u"SELECT COUNT(*) FROM business_notes WHERE datasource LIKE '%s3cret%'"_s)
                     .toInt(),
             0);
}

void tst_NoteStore::glossary()
{
    std::unique_ptr<CaseStore> cases = openFresh();
    QVERIFY(cases);
    NoteStore store(*cases);
    GlossaryTerm term;
    term.term = u"  Active   customer "_s;
    term.definition = u"a user with a paid order in the last 90 days"_s;
    term.tables = {u"users"_s, u"orders"_s};
    QVERIFY(store.setTerm(Shop, term));
    term.term = u"active customer"_s;
    term.definition = u"a user who ordered this year"_s;
    QVERIFY(store.setTerm(Shop, term)); // the same term, letter case and spaces aside
    const Result<BusinessNotes> notes = store.notes(Shop);
    QCOMPARE(notes->terms().size(), 1);
    QCOMPARE(notes->terms().first().definition, u"a user who ordered this year"_s);
    QCOMPARE(notes->terms().first().tables, (QStringList{u"users"_s, u"orders"_s}));
    GlossaryTerm undefined;
    undefined.term = u"churn"_s;
    QCOMPARE(store.setTerm(Shop, undefined).error().code, u"invalid"_s);
    QVERIFY(store.removeTerm(Shop, u"ACTIVE CUSTOMER"_s));
    QCOMPARE(store.removeTerm(Shop, u"active customer"_s).error().code, u"not_found"_s);
    QVERIFY(store.notes(Shop)->isEmpty());
}

void tst_NoteStore::refusesBadNotes_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("column");
    QTest::newRow("no table") << QString() << u"total"_s;
    QTest::newRow("dotted table") << u"shop.orders"_s << QString();
    QTest::newRow("dotted column") << u"orders"_s << u"a.b"_s;
}

void tst_NoteStore::refusesBadNotes()
{
    QFETCH(QString, table);
    QFETCH(QString, column);
    std::unique_ptr<CaseStore> cases = openFresh();
    QVERIFY(cases);
    NoteStore store(*cases);
    const Result<Done> stored = store.setNote(Shop, note(table, column, u"something"_s));
    QVERIFY(!stored);
    QCOMPARE(stored.error().code, u"invalid"_s);
    QVERIFY(store.notes(Shop)->isEmpty());
}

void tst_NoteStore::exportImportRoundTrip()
{
    std::unique_ptr<CaseStore> cases = openFresh();
    QVERIFY(cases);
    NoteStore store(*cases);
    QVERIFY(store.setNote(Shop, note(u"orders"_s, {}, u"checkouts"_s, {u"sale"_s})));
    QVERIFY(store.setNote(Shop, note(u"orders"_s, u"status"_s, {}, {}, {u"paid"_s})));
    GlossaryTerm term{u"revenue"_s, u"the sum of paid orders' totals"_s, {u"orders"_s}, {}};
    QVERIFY(store.setTerm(Shop, term));
    QBuffer out;
    QVERIFY(out.open(QIODevice::WriteOnly));
    QCOMPARE(store.exportNotes(Shop, out).valueOr(-1), 3);
    out.close();
    const QList<QByteArray> lines = out.data().trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QCOMPARE(QJsonDocument::fromJson(lines.at(0)).object().value(u"kind").toString(), u"note"_s);
    QCOMPARE(QJsonDocument::fromJson(lines.at(2)).object().value(u"kind").toString(), u"term"_s);

    // Into another datasource of another store: the same notes.
    std::unique_ptr<CaseStore> second = openFresh();
    QVERIFY(second);
    NoteStore target(*second);
    QBuffer in;
    in.setData(out.data());
    QVERIFY(in.open(QIODevice::ReadOnly));
    const Result<ImportReport> report = target.importNotes(Other, in);
    QVERIFY(report);
    QCOMPARE(report->imported, 3);
    QCOMPARE(report->problems.size(), 0);
    QCOMPARE(target.notes(Other).value(), store.notes(Shop).value());
    // Again: nothing new.
    in.seek(0);
    const Result<ImportReport> again = target.importNotes(Other, in);
    QCOMPARE(again->imported, 0);
    QCOMPARE(again->skipped, 3);
}

void tst_NoteStore::importReportsBadLinesKeepsTheRest()
{
    std::unique_ptr<CaseStore> cases = openFresh();
    QVERIFY(cases);
    NoteStore store(*cases);
    QVERIFY(store.setNote(Shop, note(u"users"_s, {}, u"old"_s)));
    const QByteArray input = "\xEF\xBB\xBF{\"kind\":\"note\",\"table\":\"users\",\"description\":"
                             "\"people who signed up\",\"synonyms\":[\"customer\",\"client\"]}\n"
                             "{not json\n"
                             "\n"
                             "[1, 2]\n"
                             "{\"kind\":\"note\",\"table\":\"orders\"}\n"
                             "{\"kind\":\"note\",\"table\":\"orders\",\"synonyms\":\"sale\"}\n"
                             "{\"kind\":\"term\",\"term\":\"churn\"}\n"
                             "{\"kind\":\"case\",\"question\":\"?\"}\n"
                             "{\"kind\":\"note\",\"table\":\"orders\",\"colour\":\"red\"}\n"
                             "{\"kind\":\"term\",\"term\":\"churned user\",\"definition\":"
                             "\"no order for a year\",\"tables\":[\"users\"]}\n";
    QBuffer in;
    in.setData(input);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const Result<ImportReport> report = store.importNotes(Shop, in);
    QVERIFY(report);
    QCOMPARE(report->imported, 2);
    QList<qint64> lines;
    for (const ImportProblem &problem : report->problems)
        lines.append(problem.line);
    QCOMPARE(lines, (QList<qint64>{2, 4, 5, 6, 7, 8, 9}));
    QVERIFY2(report->problems.at(3).reason.contains(u"synonyms"_s),
             qPrintable(report->problems.at(3).reason));
    QVERIFY2(report->problems.at(6).reason.contains(u"colour"_s),
             qPrintable(report->problems.at(6).reason));
    const Result<BusinessNotes> notes = store.notes(Shop);
    QCOMPARE(notes->find(u"users"_s)->description, u"people who signed up"_s);
    QCOMPARE(notes->find(u"users"_s)->synonyms, (QStringList{u"customer"_s, u"client"_s}));
    QCOMPARE(notes->terms().size(), 1);
    QCOMPARE(notes->terms().first().term, u"churned user"_s);
}

QTEST_GUILESS_MAIN(tst_NoteStore)
#include "tst_notestore.moc"
