#include "core/cases/casestore.h"

#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// What the case store refuses to touch, and what it never keeps: someone else's SQLite file, a
// FIFO or device, and any password in a datasource URL.
class TestCaseStoreBoundaries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void refusesForeignFile();
    void opensEmptyAndOwnFiles();
    void refusesSpecialFiles_data();
    void refusesSpecialFiles();
    void neverKeepsPasswords_data();
    void neverKeepsPasswords();

private:
    QTemporaryDir m_dir;
};

void TestCaseStoreBoundaries::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

// A --cases pointed at an existing database (even the --db file) writes nothing into it: no
// tables, and not even the switch to WAL.
void TestCaseStoreBoundaries::refusesForeignFile()
{
    const QString path = m_dir.filePath(u"shop.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"shop"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)"_s));
        QVERIFY(q.exec(u"INSERT INTO users VALUES (1, 'ana')"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"shop"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray before = file.readAll();
    file.close();

    CaseStore store;
    const Result<Done> opened = store.open(path);
    QVERIFY(!opened);
    QCOMPARE(opened.error().code, u"foreign_file"_s);
    QVERIFY2(opened.error().message.contains(u"users"_s), qPrintable(opened.error().message));
    QVERIFY(!store.isOpen());

    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), before);
    QVERIFY(!QFile::exists(path + u"-wal"_s));
}

void TestCaseStoreBoundaries::opensEmptyAndOwnFiles()
{
    const QString empty = m_dir.filePath(u"empty.sqlite"_s);
    QFile touch(empty);
    QVERIFY(touch.open(QIODevice::WriteOnly));
    touch.close();
    {
        CaseStore store;
        QVERIFY(store.open(empty).hasValue());
    }
    // Reopening its own store is no foreign file.
    CaseStore again;
    const Result<Done> reopened = again.open(empty);
    QVERIFY2(reopened.hasValue(), qPrintable(reopened ? QString() : reopened.error().message));
}

void TestCaseStoreBoundaries::refusesSpecialFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("fifo") << u"fifo"_s;
    QTest::newRow("device") << u"device"_s;
}

void TestCaseStoreBoundaries::refusesSpecialFiles()
{
    QFETCH(QString, kind);
    QString path = u"/dev/null"_s;
    if (kind == u"fifo") {
        path = m_dir.filePath(u"cases.fifo"_s);
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    }
    QElapsedTimer clock;
    clock.start();
    CaseStore store;
    const Result<Done> opened = store.open(path);
    QVERIFY(!opened);
    QVERIFY2(opened.error().message.contains(path), qPrintable(opened.error().message));
}

void TestCaseStoreBoundaries::neverKeepsPasswords_data()
{
    QTest::addColumn<QString>("datasource");
    QTest::newRow("authority") << u"postgresql://ana:hunter2@db:5432/shop"_s;
    QTest::newRow("?password") << u"postgresql://ana@db/shop?password=hunter2"_s;
    QTest::newRow("?PWD among others") << u"mysql://ana@db/shop?ssl=1&PWD=hunter2"_s;
    QTest::newRow("odbc string") << u"odbc:DSN=shop;UID=ana;PWD=hunter2"_s;
    QTest::newRow("odbc dsn") << u"odbc://ana:hunter2@shop"_s;
}

// Whatever form the URL takes, neither a case, the history nor the fix cache keeps the password,
// and an export cannot print it.
void TestCaseStoreBoundaries::neverKeepsPasswords()
{
    QFETCH(QString, datasource);
    const QString path =
            m_dir.filePath(u"cases-%1.sqlite"_s.arg(QString::fromLatin1(QTest::currentDataTag()))
                                   .replace(u'?', u'_'));
    {
        CaseStore store;
        QVERIFY(store.open(path).hasValue());
        GoodCaseCandidate good;
        good.question = u"How many users?"_s;
        good.sql = u"SELECT count(*) FROM users"_s;
        good.datasource = datasource;
        good.dialect = u"postgresql"_s;
        good.succeeded = true;
        good.columns = {u"count"_s};
        good.rowCount = 1;
        QVERIFY(store.saveAutoGoodCase(good).hasValue());
        CaseRecord bad;
        bad.kind = CaseKind::Bad;
        bad.question = u"Who?"_s;
        bad.sql = u"SELECT nme FROM users"_s;
        bad.datasource = datasource;
        QVERIFY(store.addCase(bad).hasValue());
        QuestionTrace trace;
        trace.question = u"How many users?"_s;
        trace.datasource = datasource;
        trace.status = QuestionStatus::Ok;
        QVERIFY(store.saveHistory(trace).hasValue());
        QVERIFY(store.recordFix({u"SELECT nme FROM users"_s, u"column_missing"_s,
                                 u"column nme does not exist"_s, datasource},
                                u"SELECT name FROM users"_s)
                        .hasValue());
        QBuffer out;
        QVERIFY(out.open(QIODevice::WriteOnly));
        QVERIFY(store.exportCases(out).hasValue());
        QVERIFY2(!out.data().contains("hunter2"), out.data().constData());
        QVERIFY(out.data().contains("ana"));
        const auto history = store.listHistory();
        QVERIFY(history.hasValue());
        QVERIFY(!history->value(0).datasource.contains(u"hunter2"_s));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains("hunter2"));
    QFile wal(path + u"-wal"_s);
    if (wal.open(QIODevice::ReadOnly))
        QVERIFY(!wal.readAll().contains("hunter2"));
}

QTEST_GUILESS_MAIN(TestCaseStoreBoundaries)
#include "tst_casestoreboundaries.moc"
