#include "core/exec/connectiondoctor.h"
#include "ui/connectiondialog.h"
#include "ui/keychainsecretstore.h"

#include <QApplication>
#include <QElapsedTimer>
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
    // checkSafety() returns at once; the verdict comes later through the event loop.
    QVERIFY(!dialog.safetyVerdict().has_value());
    QVERIFY(checked.wait(20000));
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

QTEST_MAIN(TestConnectionDialog)
#include "tst_connectiondialog.moc"
