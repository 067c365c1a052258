#include "core/repair/repairrun.h"

#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "core/repair/repairs.h"
#include "core/sql/connectionprofile.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

// The repairs chained the way sqlmend run --autofix chains them, each judged by a real SQLite
// database: several wrong things in one statement take several steps.
class tst_RepairRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void order();
    void chains_data();
    void chains();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void tst_RepairRun::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(u"pets.db"_s);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
    db.setDatabaseName(m_path);
    QVERIFY(db.open());
    QSqlQuery query(db);
    for (const QString &statement :
         {u"CREATE TABLE Student (StuID INTEGER PRIMARY KEY, LName TEXT, Age INTEGER)"_s,
          u"CREATE TABLE Pets (PetID INTEGER PRIMARY KEY, PetType TEXT, pet_age INTEGER)"_s,
          u"CREATE TABLE Has_Pet (StuID INTEGER REFERENCES Student(StuID), "
          u"PetID INTEGER REFERENCES Pets(PetID))"_s,
          u"INSERT INTO Student VALUES (1, 'Smith', 20), (2, 'Kim', 22)"_s,
          u"INSERT INTO Pets VALUES (10, 'cat', 3), (11, 'dog', 2)"_s,
          u"INSERT INTO Has_Pet VALUES (1, 10), (2, 11)"_s})
        QVERIFY2(query.exec(statement), qPrintable(statement));
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"setup"_s);
}

void tst_RepairRun::order()
{
    QCOMPARE(Repairs::names(),
             (QStringList{u"strip_marker"_s, u"unwrap_statement"_s, u"cut_second_statement"_s,
                          u"plain_quotes"_s, u"split_quoted_name"_s, u"ilike_to_like"_s,
                          u"top_to_limit"_s, u"cut_trailing_prose"_s, u"fix_spelling"_s,
                          u"qualify_column"_s}));
}

void tst_RepairRun::chains_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("steps");
    QTest::addColumn<QString>("status");
    QTest::addColumn<int>("rows");

    QTest::newRow("marker, then a spelling")
            << u"[SOL] SELECT pet_type FROM Pets"_s
            << QStringList{u"strip_marker"_s, u"fix_spelling"_s} << u"ok"_s << 2;
    QTest::newRow("two wrong names, two steps")
            << u"SELECT pet_type, petage FROM Pets"_s
            << QStringList{u"fix_spelling"_s, u"fix_spelling"_s} << u"ok"_s << 2;
    QTest::newRow("join key, then ILIKE")
            << u"SELECT StuID FROM Student AS T1 JOIN Has_Pet AS T2 ON T1.StuID = T2.StuID "
               u"WHERE T1.LName ILIKE 'smith' AND T2.PetID > 0"_s
            << QStringList{u"ilike_to_like"_s, u"qualify_column"_s} << u"ok"_s << 1;
    QTest::newRow("a column of another table stays an error")
            << u"SELECT PetType FROM Student"_s << QStringList() << u"error"_s << 0;
    QTest::newRow("prose is no statement")
            << u"I want you to act as a SQL terminal"_s << QStringList() << u"blocked"_s << 0;
}

void tst_RepairRun::chains()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, steps);
    QFETCH(QString, status);
    QFETCH(int, rows);
    const auto profile = ConnectionProfile::fromUrl(u"sqlite:///"_s + m_path);
    QVERIFY(profile);
    Executor executor(profile.value());
    RunOptions options;
    options.catalog = std::make_shared<LiveCatalog>();
    const RepairedRun run = RepairRun::run(executor, sql, options, true);
    QStringList made;
    for (qsizetype i = 1; i < run.attempts.size(); ++i)
        made.append(run.attempts.at(i).repair);
    QCOMPARE(made, steps);
    QCOMPARE(runOutcomeName(run.final().result.outcome), status);
    QCOMPARE(int(run.final().result.rowCount), rows);
    QCOMPARE(run.repaired(), !steps.isEmpty());
    if (status != u"ok"_s)
        QVERIFY(run.final().result.diagnosis.has_value());
}

QTEST_GUILESS_MAIN(tst_RepairRun)
#include "tst_repairrun.moc"
