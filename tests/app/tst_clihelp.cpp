// Every subcommand's --help names itself the way a user types it ("sqlmend run"), not by the
// path the binary was started from, and exits 0. The command line loads no widget library.
// run --help lists the repairs of --autofix as the steps are, in their order.

#include "core/exec/answercheck.h"
#include "core/repair/repairs.h"
#include "tests/support/cliprocess.h"

#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_CliHelp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void usageLine_data();
    void usageLine();
    void noWidgetStack_data();
    void noWidgetStack();
    void autofixListsTheSteps();
    void autofixListsTheDoubts();
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

void tst_CliHelp::noWidgetStack_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("--version") << QStringList{u"--version"_s};
    QTest::newRow("--help") << QStringList{u"--help"_s};
    QTest::newRow("classify --help") << QStringList{u"classify"_s, u"--help"_s};
}

// The dynamic loader's own list of what it loaded (glibc's LD_DEBUG=libs): Qt Core, Sql and
// Network, never Gui or Widgets, which only the window program (sqlmend-gui) links.
void tst_CliHelp::noWidgetStack()
{
    QFETCH(QStringList, arguments);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"LD_DEBUG"_s, u"libs"_s);
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(SQLMEND_BINARY), arguments);
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    const QByteArray loaded = process.readAllStandardError();
    QVERIFY2(loaded.contains("libQt6Core.so"), "LD_DEBUG=libs listed nothing");
    QVERIFY2(!loaded.contains("libQt6Widgets.so"), "the command line loaded Qt Widgets");
    QVERIFY2(!loaded.contains("libQt6Gui.so"), "the command line loaded Qt Gui");
}

namespace {

// `sqlmend run --help` in the C locale, its lines joined: the help wraps them, the words count.
QString runHelpInEnglish()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"LANG"_s, u"C"_s);
    environment.insert(u"LC_ALL"_s, u"C"_s);
    environment.remove(u"LANGUAGE"_s);
    sqlmend::test::CliOptions options;
    options.environment = environment;
    const sqlmend::test::CliRun run =
            sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY), {u"run"_s, u"--help"_s}, options);
    return run.exitCode == 0 ? QString::fromUtf8(run.out).simplified() : QString();
}

} // namespace

void tst_CliHelp::autofixListsTheSteps()
{
    const QStringList summaries = sqlmend::core::Repairs::summaries();
    QCOMPARE(summaries.size(), sqlmend::core::Repairs::names().size());
    for (const QString &summary : summaries)
        QVERIFY2(!summary.isEmpty() && summaries.count(summary) == 1, qPrintable(summary));
    const QString help = runHelpInEnglish();
    const QString listed = u"in order (%1), each judged"_s.arg(summaries.join(u", "_s));
    QVERIFY2(help.contains(listed), qPrintable(help));
}

// The doubts a repair's rows can be held back for, each with its words, in the checks' order.
void tst_CliHelp::autofixListsTheDoubts()
{
    using sqlmend::core::AnswerCheck;
    using sqlmend::core::AnswerDoubt;
    const QStringList summaries = AnswerCheck::summaries();
    for (const QString &summary : summaries)
        QVERIFY2(!summary.isEmpty() && summaries.count(summary) == 1, qPrintable(summary));
    // Every doubt the checks find in a result has its words (those between None and
    // TooManyRows); the states where they could not decide have none.
    QCOMPARE(summaries.size(), int(AnswerDoubt::TooManyRows) - int(AnswerDoubt::None) - 1);
    QVERIFY(!AnswerCheck::summary(AnswerDoubt::TooManyRows));
    QVERIFY(!AnswerCheck::summary(AnswerDoubt::Unverified));
    const QString help = runHelpInEnglish();
    const QString listed = u"in doubt (%1);"_s.arg(summaries.join(u", "_s));
    QVERIFY2(help.contains(listed), qPrintable(help));
}

QTEST_GUILESS_MAIN(tst_CliHelp)
#include "tst_clihelp.moc"
