// Every subcommand's --help names itself the way a user types it ("sqlmend run"), not by the
// path the binary was started from, and exits 0.

#include "tests/support/cliprocess.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_CliHelp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void usageLine_data();
    void usageLine();
};

void tst_CliHelp::usageLine_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("usage");
    for (const QString &command :
         {u"classify"_s, u"run"_s, u"cases"_s, u"schema"_s, u"ask"_s, u"bench"_s, u"doctor"_s})
        QTest::newRow(qPrintable(command))
                << QStringList{command, u"--help"_s} << u"Usage: sqlmend %1 "_s.arg(command);
}

void tst_CliHelp::usageLine()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, usage);
    const sqlmend::test::CliRun run =
            sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY), arguments);
    QCOMPARE(run.exitCode, 0);
    const QString firstLine = QString::fromUtf8(run.out).section(u'\n', 0, 0);
    QVERIFY2(firstLine.startsWith(usage), qPrintable(firstLine));
    QVERIFY2(!firstLine.contains(QStringLiteral(SQLMEND_BINARY)), qPrintable(firstLine));
}

QTEST_GUILESS_MAIN(tst_CliHelp)
#include "tst_clihelp.moc"
