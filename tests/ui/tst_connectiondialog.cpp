#include "core/exec/connectiondoctor.h"
#include "ui/connectiondialog.h"
#include "ui/keychainsecretstore.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QProcess>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <chrono>

using namespace Qt::StringLiterals;
using namespace sqlmend;

// The connection dialog's safety check: the same verdict as sqlmend doctor, worked out on an
// executor's worker while the GUI thread goes on.
class TestConnectionDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsTheVerdictWithoutWaiting();
    void aNewUrlDropsTheOldVerdict();
    void plainPathsAreSqliteUrls_data();
    void plainPathsAreSqliteUrls();
    void aPlainPathConnects();
    void installedOdbcDriversAreOffered();
};

void TestConnectionDialog::showsTheVerdictWithoutWaiting()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"shop.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery(u"CREATE TABLE t (x INTEGER)"_s, db);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);

    ui::KeychainSecretStore secrets(u"sqlmend-test-dialog"_s, std::chrono::milliseconds(200));
    ui::ConnectionDialog dialog(&secrets);
    dialog.urlEdit()->setText(u"sqlite://"_s + path);
    QSignalSpy checked(&dialog, &ui::ConnectionDialog::safetyChecked);
    QElapsedTimer clock;
    clock.start();
    dialog.checkSafety();
    // checkSafety() returns without waiting for the check; the verdict comes through the event
    // loop, or at once when the check was done before its continuation was attached (QFuture
    // then calls it directly: a local SQLite file on a fast machine).
    if (checked.isEmpty())
        QVERIFY(checked.wait(20000));
    QCOMPARE(checked.size(), 1);
    const auto verdict = dialog.safetyVerdict();
    QVERIFY(verdict.has_value());
    QCOMPARE(verdict->level, core::SafetyVerdict::Level::Safe);
    QVERIFY2(dialog.safetyMessage().startsWith(verdict->summary),
             qPrintable(dialog.safetyMessage()));
}

void TestConnectionDialog::aNewUrlDropsTheOldVerdict()
{
    ui::KeychainSecretStore secrets(u"sqlmend-test-dialog"_s, std::chrono::milliseconds(200));
    ui::ConnectionDialog dialog(&secrets);
    dialog.urlEdit()->setText(u"sqlite:///nonexistent/folder/x.db"_s);
    QSignalSpy checked(&dialog, &ui::ConnectionDialog::safetyChecked);
    dialog.checkSafety();
    QVERIFY(checked.wait(20000));
    QCOMPARE(dialog.safetyVerdict()->level, core::SafetyVerdict::Level::Unknown);
    dialog.urlEdit()->setText(u"sqlite:///nonexistent/other.db"_s);
    QVERIFY(!dialog.safetyVerdict().has_value());
    QVERIFY(dialog.safetyMessage().isEmpty());
}

void TestConnectionDialog::plainPathsAreSqliteUrls_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("url");
    QTest::newRow("absolute") << u"/data/shop.db"_s << u"sqlite:///data/shop.db"_s;
    QTest::newRow("spaces kept") << u"  /data/my shop.sqlite "_s
                                 << u"sqlite:///data/my shop.sqlite"_s;
    QTest::newRow("home") << u"~/shop.db"_s << u"sqlite://"_s + QDir::homePath() + u"/shop.db"_s;
    QTest::newRow("relative file")
            << u"shop.sqlite3"_s
            << u"sqlite://"_s + QDir::current().absoluteFilePath(u"shop.sqlite3"_s);
    QTest::newRow("a URL stays") << u"postgresql://ana@db:5432/shop"_s
                                 << u"postgresql://ana@db:5432/shop"_s;
    QTest::newRow("odbc stays") << u"odbc:DRIVER={PostgreSQL Unicode};"_s
                                << u"odbc:DRIVER={PostgreSQL Unicode};"_s;
    QTest::newRow("a word stays") << u"shop"_s << u"shop"_s;
}

void TestConnectionDialog::plainPathsAreSqliteUrls()
{
    QFETCH(QString, input);
    QFETCH(QString, url);
    QCOMPARE(ui::ConnectionDialog::urlFromInput(input), url);
}

void TestConnectionDialog::aPlainPathConnects()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"my shop.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"plain"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery(u"CREATE TABLE t (x INTEGER)"_s, db);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"plain"_s);
    ui::KeychainSecretStore secrets(u"sqlmend-test-dialog"_s, std::chrono::milliseconds(200));
    ui::ConnectionDialog dialog(&secrets);
    dialog.urlEdit()->setText(path);
    // No label shows a literal '&' (a mnemonic without a buddy does).
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        if (!label->buddy())
            QVERIFY2(!label->text().remove(u"&&"_s).contains(u'&'), qPrintable(label->text()));
    }
    // Accepted as it is typed: no error, Connect enabled, the profile names the file.
    QVERIFY(!dialog.passwordEdit()->isEnabled());
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(int(dialog.profile().driver()), int(core::ConnectionProfile::Driver::SQLite));
    QCOMPARE(dialog.profile().database(), path);
}

void TestConnectionDialog::installedOdbcDriversAreOffered()
{
    QProcess odbcinst;
    odbcinst.start(u"odbcinst"_s, {u"-q"_s, u"-d"_s});
    if (!odbcinst.waitForFinished(20000) || odbcinst.exitCode() != 0)
        QSKIP("unixODBC's odbcinst is not installed here");
    QStringList expected;
    for (const QByteArray &line : odbcinst.readAllStandardOutput().split('\n')) {
        if (line.trimmed().startsWith('['))
            expected << QString::fromUtf8(line.trimmed().mid(1, line.trimmed().size() - 2));
    }
    if (expected.isEmpty())
        QSKIP("no ODBC driver is installed here");
    ui::KeychainSecretStore secrets(u"sqlmend-test-dialog"_s, std::chrono::milliseconds(200));
    ui::ConnectionDialog dialog(&secrets);
    QTRY_COMPARE_WITH_TIMEOUT(dialog.odbcDrivers(), expected, 20000);
    QComboBox *box = dialog.odbcDriverBox();
    QVERIFY(box->isVisibleTo(&dialog));
    box->setCurrentIndex(1);
    Q_EMIT box->activated(1);
    QCOMPARE(dialog.urlEdit()->text(), u"odbc:DRIVER={%1};"_s.arg(expected.first()));
}

QTEST_MAIN(TestConnectionDialog)
#include "tst_connectiondialog.moc"
