#include "core/sql/connectionprofile.h"
#include "tests/support/cliprocess.h"
#include "ui/session.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend;
using namespace Qt::StringLiterals;

// One diagnosis on every path: `sqlmend run` and the window's Run SQL (ui::Session, which the Run
// SQL panel runs through) give the same diagnosis for the same error on the same database,
// schema-aware advice included, with nothing loaded beforehand.
class tst_SameDiagnosis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cliAndWindowAgree_data();
    void cliAndWindowAgree();

private:
    QTemporaryDir m_dir;
    QString m_url;
};

void tst_SameDiagnosis::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(u"poker.db"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery query(db);
        for (const QString &statement :
             {u"CREATE TABLE people (People_ID INTEGER PRIMARY KEY, Name TEXT, Height REAL)"_s,
              u"CREATE TABLE poker_player (Poker_Player_ID INTEGER PRIMARY KEY, People_ID INTEGER "
              u"REFERENCES people(People_ID), Earnings REAL)"_s,
              u"INSERT INTO people VALUES (1, 'Ann', 1.8), (2, 'Bo', 1.7)"_s,
              u"INSERT INTO poker_player VALUES (10, 1, 500.0), (11, 2, 200.0)"_s})
            QVERIFY2(query.exec(statement), qPrintable(statement));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    m_url = u"sqlite:///"_s + path;
}

void tst_SameDiagnosis::cliAndWindowAgree_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<QString>("adviceHas");
    QTest::newRow("column of a table not joined")
            << u"SELECT Name FROM poker_player"_s << u"column_missing"_s << u"JOIN people"_s;
    QTest::newRow("ambiguous") << u"SELECT People_ID FROM people JOIN poker_player USING (Name)"_s
                               << u"column_missing"_s << QString();
    QTest::newRow("ambiguous join key")
            << u"SELECT People_ID FROM people T1 JOIN poker_player T2 ON T1.People_ID = T2.People_ID"_s
            << u"ambiguous_column"_s << u"T1.People_ID"_s;
    QTest::newRow("typo") << u"SELECT Nmae FROM people"_s << u"column_missing"_s << u"Name"_s;
    QTest::newRow("missing table")
            << u"SELECT * FROM player"_s << u"table_missing"_s << u"poker_player"_s;
    QTest::newRow("not SQL") << u"I want you to act as a SQL terminal"_s << u"syntax"_s
                             << u"exactly one"_s;
    QTest::newRow("write") << u"DELETE FROM people"_s << u"read_only_violation"_s
                           << u"Do not retry"_s;
}

void tst_SameDiagnosis::cliAndWindowAgree()
{
    QFETCH(QString, sql);
    QFETCH(QString, errorClass);
    QFETCH(QString, adviceHas);

    // The command line.
    test::CliOptions options;
    test::isolate(options.environment, m_dir.filePath(u"home"_s));
    const test::CliRun cli =
            test::runCli(QStringLiteral(SQLMEND_BINARY),
                         {u"run"_s, u"--db"_s, m_url, u"--sql"_s, sql, u"--json"_s}, options);
    QCOMPARE(cli.exitCode, 1);
    const QJsonObject fromCli =
            cli.json.value(u"attempts"_s).toArray().first().toObject().value(u"error"_s).toObject();
    QVERIFY2(!fromCli.isEmpty(), cli.out.constData());

    // The window's path: a fresh session, no schema browsed first.
    ui::Session session;
    const auto profile = core::ConnectionProfile::fromUrl(m_url);
    QVERIFY(profile);
    const int connection = session.open(profile.value(), QString());
    QSignalSpy finished(&session, &ui::Session::runFinished);
    session.run(connection, sql, core::RunOptions());
    QVERIFY(finished.wait(30000));
    const auto result = finished.first().at(1).value<core::RunResult>();
    QVERIFY(result.diagnosis);
    const QJsonObject fromWindow = result.diagnosis->toJson();

    QCOMPARE(fromWindow.value(u"class"_s).toString(), errorClass);
    QCOMPARE(fromWindow, fromCli);
    QVERIFY2(fromWindow.value(u"next_step"_s).toString().contains(adviceHas),
             qPrintable(fromWindow.value(u"next_step"_s).toString()));
}

QTEST_MAIN(tst_SameDiagnosis)
#include "tst_samediagnosis.moc"
