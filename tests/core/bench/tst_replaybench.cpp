#include "core/bench/replaybench.h"

#include "tests/support/scriptedllmserver.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

// bench replay on a small Spider-format folder: real SQLite files, predictions that fail the way
// real models' do, scored against the gold results.
class tst_ReplayBench : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void scores();
    void filters();
    void withModel();
    void badInput_data();
    void badInput();

private:
    QString writeCases(const QList<QJsonObject> &rows, const QString &name);
    QTemporaryDir m_dir;
    QString m_input;
};

namespace {

QJsonObject prediction(const QString &id, const QString &model, const QString &predicted,
                       const QString &gold, const QString &error)
{
    return QJsonObject{{u"case_id"_s, id},        {u"db_id"_s, u"pets"_s},
                       {u"question"_s, u"q"_s},   {u"predicted_sql"_s, predicted},
                       {u"gold_sql"_s, gold},     {u"sqlite_error"_s, error},
                       {u"source_model"_s, model}};
}

} // namespace

QString tst_ReplayBench::writeCases(const QList<QJsonObject> &rows, const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    for (const QJsonObject &row : rows)
        file.write(QJsonDocument(row).toJson(QJsonDocument::Compact) + '\n');
    return path;
}

void tst_ReplayBench::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir(m_dir.path()).mkpath(u"database/pets"_s));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(m_dir.filePath(u"database/pets/pets.sqlite"_s));
        QVERIFY(db.open());
        QSqlQuery query(db);
        for (const QString &statement :
             {u"CREATE TABLE Student (StuID INTEGER PRIMARY KEY, LName TEXT, Age INTEGER)"_s,
              u"CREATE TABLE Pets (PetID INTEGER PRIMARY KEY, PetType TEXT, pet_age INTEGER)"_s,
              u"CREATE TABLE Has_Pet (StuID INTEGER REFERENCES Student(StuID), "
              u"PetID INTEGER REFERENCES Pets(PetID))"_s,
              u"INSERT INTO Student VALUES (1, 'Smith', 20), (2, 'Kim', 22), (3, 'Lee', 19)"_s,
              u"INSERT INTO Pets VALUES (10, 'cat', 3), (11, 'dog', 2)"_s,
              u"INSERT INTO Has_Pet VALUES (1, 10), (2, 11)"_s})
            QVERIFY2(query.exec(statement), qPrintable(statement));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    m_input = writeCases(
            {prediction(u"typo"_s, u"m1"_s, u"SELECT pet_type FROM Pets ORDER BY PetID"_s,
                        u"SELECT PetType FROM Pets ORDER BY PetID"_s,
                        u"no such column: pet_type"_s),
             // The repair is safe, but the model's query answers another question.
             prediction(u"typo, wrong query"_s, u"m1"_s, u"SELECT pet_type FROM Pets"_s,
                        u"SELECT count(*) FROM Pets"_s, u"no such column: pet_type"_s),
             // Pets reaches Student only through Has_Pet: no key decides the join.
             prediction(u"join"_s, u"m2"_s, u"SELECT LName FROM Pets"_s,
                        u"SELECT T1.LName FROM Student T1 JOIN Has_Pet T2 ON T1.StuID = T2.StuID"_s,
                        u"no such column: LName"_s),
             prediction(u"prompt echo"_s, u"m2"_s, u"I want you to act as a SQL terminal"_s,
                        u"SELECT count(*) FROM Pets"_s, u"near \"I\": syntax error"_s)},
            u"cases.jsonl"_s);
    QVERIFY(!m_input.isEmpty());
}

void tst_ReplayBench::scores()
{
    ReplayBenchOptions options;
    options.inputPath = m_input;
    options.spiderDir = m_dir.path();
    const Result<ReplayBenchReport> result = runReplayBench(options);
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    const ReplayBenchReport &report = result.value();
    QCOMPARE(report.cases, 4);
    const ReplayFigures &totals = report.totals;
    QCOMPARE(totals.errors, 4);
    QCOMPARE(totals.classCorrect, 4); // the prompt echo is syntax, not a write attempt
    QCOMPARE(totals.adviceCases, 3);
    // The join names Student and the first typo PetType; the second query's gold uses no name the
    // advice could have given.
    QCOMPARE(totals.adviceHits, 2);
    QCOMPARE(totals.repairsAnswered, 2);
    QCOMPARE(totals.repairsRight, 1);
    QCOMPARE(totals.repairsWrong, 1);
    QCOMPARE(report.wrongRepairs.size(), 1);
    QCOMPARE(report.wrongRepairs.first().id, u"typo, wrong query"_s);
    QCOMPARE(report.wrongRepairs.first().after, u"SELECT PetType FROM Pets"_s);
    // The miss, with what the advice said, for the reader to judge.
    QCOMPARE(report.adviceMisses.size(), 1);
    QVERIFY2(report.adviceMisses.first().startsWith(
                     u"typo, wrong query: no such column: pet_type -> "_s),
             qPrintable(report.adviceMisses.first()));
    QVERIFY(report.adviceMisses.first().contains(u"PetType"_s));
    QCOMPARE(report.byCategory.value(u"syntax"_s).errors, 1);
    QCOMPARE(report.byCategory.value(u"column_missing"_s).errors, 3);
    QCOMPARE(report.bySourceModel.value(u"m2"_s).repairsAnswered, 0);
    const QJsonObject json = report.toJson();
    QCOMPARE(json.value(u"totals"_s).toObject().value(u"repair_precision"_s).toDouble(), 0.5);
    QCOMPARE(json.value(u"advice_misses"_s).toArray().size(), 1);
    QVERIFY(report.toText().contains(u"Wrong repair typo, wrong query"_s));
}

void tst_ReplayBench::filters()
{
    ReplayBenchOptions options;
    options.inputPath = m_input;
    options.spiderDir = m_dir.path();
    options.excludeDatabases = {u"pets"_s};
    QCOMPARE(runReplayBench(options).value().cases, 0);
    options.excludeDatabases.clear();
    options.limit = 1;
    options.repairs = false;
    const ReplayBenchReport report = runReplayBench(options).value();
    QCOMPARE(report.cases, 1);
    QCOMPARE(report.totals.repairsTried, 0);
}

void tst_ReplayBench::withModel()
{
    // The prediction is the model's first attempt; correction rounds follow where no repair
    // answers. The join needs the model: it answers right after one call.
    sqlmend::test::ScriptedLlmServer server;
    QVERIFY(server.listen());
    server.enqueue(u"/v1/chat/completions"_s,
                   sqlmend::test::ScriptedResponse::json(
                           200,
                           sqlmend::test::ScriptedLlmServer::openAiBody(
                                   u"```sql\nSELECT T1.LName FROM Student T1 JOIN Has_Pet T2 "
                                   u"ON T1.StuID = T2.StuID\n```"_s,
                                   40, 10)));
    ReplayBenchOptions options;
    options.inputPath = m_input;
    options.spiderDir = m_dir.path();
    options.databases = {u"pets"_s};
    options.limit = 3; // the two typos (repaired) and the join
    options.maxCorrections = 1;
    ProviderSettings settings;
    settings.kind = ProviderKind::OpenAiCompatible;
    settings.baseUrl = server.url(u"/v1"_s);
    settings.model = u"scripted"_s;
    settings.stream = false;
    options.provider = settings;
    const Result<ReplayBenchReport> result = runReplayBench(options);
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    const ReplayFigures &totals = result->totals;
    QCOMPARE(result->model, u"scripted"_s);
    QCOMPARE(totals.calls, 1);
    QCOMPARE(totals.tokens, qint64(50));
    // Healed: the first typo by its repair (round 0), the join by the model (round 1); the second
    // typo's repair answers another question: a regression.
    QCOMPARE(totals.healed, 2);
    QCOMPARE(totals.healedByRound.value(0), 1);
    QCOMPARE(totals.healedByRound.value(1), 1);
    QCOMPARE(totals.regressions, 1);
    QCOMPARE(server.requests().size(), 1);
}

void tst_ReplayBench::badInput_data()
{
    QTest::addColumn<QString>("line");
    QTest::newRow("not json") << u"{not json"_s;
    QTest::newRow("no gold") << u"{\"db_id\": \"pets\", \"predicted_sql\": \"SELECT 1\"}"_s;
    QTest::newRow("no db") << u"{\"predicted_sql\": \"SELECT 1\", \"gold_sql\": \"SELECT 1\"}"_s;
}

void tst_ReplayBench::badInput()
{
    QFETCH(QString, line);
    const QString path = m_dir.filePath(u"bad.jsonl"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(line.toUtf8() + '\n');
    file.close();
    const Result<QList<ReplayCase>> read = readReplayCases(path);
    QVERIFY(!read);
    QVERIFY2(read.error().message.contains(u"line 1"_s), qPrintable(read.error().message));
    QVERIFY(!readReplayCases(m_dir.filePath(u"missing.jsonl"_s)));
}

QTEST_GUILESS_MAIN(tst_ReplayBench)
#include "tst_replaybench.moc"
