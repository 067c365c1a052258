#include "core/export/exportjob.h"
#include "core/export/exportwriter.h"

#include <QBuffer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_ExportJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void exportsTheFullResult_data();
    void exportsTheFullResult();
    void nastyValuesAsJsonLines();
    void cancelMidway();
    void cancelBeforeStart();
    void sqlErrorIsDiagnosed();
    void closedDatabase();

private:
    QTemporaryDir m_dir;
    QSqlDatabase m_database;
};

void tst_ExportJob::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tst_exportjob"_s);
    m_database.setDatabaseName(m_dir.filePath(u"export.db"_s));
    QVERIFY(m_database.open());
    QSqlQuery query(m_database);
    QVERIFY(query.exec(u"CREATE TABLE t (id INTEGER, label TEXT, amount REAL, data BLOB)"_s));
    QVERIFY(m_database.transaction());
    QVERIFY(query.prepare(u"INSERT INTO t VALUES (?, ?, ?, ?)"_s));
    for (int i = 1; i <= 25000; ++i) {
        query.addBindValue(i);
        query.addBindValue(u"row %1"_s.arg(i));
        query.addBindValue(i / 4.0);
        query.addBindValue(QVariant(QMetaType::fromType<QByteArray>()));
        QVERIFY(query.exec());
    }
    QVERIFY(m_database.commit());
    QVERIFY(query.exec(u"CREATE TABLE nasty (id INTEGER, v TEXT, b BLOB)"_s));
    const QStringList values = {u"a,b"_s, u"say \"hi\""_s, u"line1\r\nline2"_s, u"Zoë 🚀"_s,
                                QString(u""_s)};
    QVERIFY(query.prepare(u"INSERT INTO nasty VALUES (?, ?, ?)"_s));
    for (int i = 0; i < values.size(); ++i) {
        query.addBindValue(i + 1);
        query.addBindValue(values.at(i));
        query.addBindValue(QByteArray("\x00\xff", 2));
        QVERIFY(query.exec());
    }
    QVERIFY(query.exec(u"INSERT INTO nasty VALUES (6, NULL, NULL)"_s));
}

void tst_ExportJob::cleanupTestCase()
{
    m_database.close();
}

void tst_ExportJob::exportsTheFullResult_data()
{
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("headerLines");
    QTest::newRow("csv") << int(ExportFormat::Csv) << 1;
    QTest::newRow("jsonl") << int(ExportFormat::JsonLines) << 0;
    QTest::newRow("markdown") << int(ExportFormat::Markdown) << 2;
}

void tst_ExportJob::exportsTheFullResult()
{
    QFETCH(int, format);
    QFETCH(int, headerLines);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat(format), &buffer);
    ExportJob job(m_database, u"SELECT id, label, amount FROM t ORDER BY id"_s);
    QList<qint64> progress;
    job.setProgressCallback([&progress](qint64 rows) { progress.append(rows); }, 10000);
    const Result<qint64> rows = job.run(*writer);
    QVERIFY2(rows, qPrintable(rows ? QString() : rows.error().message));
    QCOMPARE(rows.value(), qint64(25000));
    QCOMPARE(progress, (QList<qint64>{10000, 20000, 25000}));
    QCOMPARE(buffer.data().count('\n'), 25000 + headerLines);
    QVERIFY(!job.diagnosis());
}

void tst_ExportJob::nastyValuesAsJsonLines()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::JsonLines, &buffer);
    ExportJob job(m_database, u"SELECT id, v, b FROM nasty ORDER BY id"_s);
    QCOMPARE(job.run(*writer).valueOr(-1), qint64(6));
    const QList<QByteArray> lines = buffer.data().split('\n');
    QCOMPARE(lines.size(), 7);
    const QJsonObject third = QJsonDocument::fromJson(lines.at(2)).object();
    QCOMPARE(third.value(u"id"), QJsonValue(3));
    QCOMPARE(third.value(u"v").toString(), u"line1\r\nline2"_s);
    QCOMPARE(QByteArray::fromBase64(third.value(u"b").toString().toLatin1()),
             QByteArray("\x00\xff", 2));
    QCOMPARE(QJsonDocument::fromJson(lines.at(3)).object().value(u"v").toString(), u"Zoë 🚀"_s);
    QCOMPARE(QJsonDocument::fromJson(lines.at(4)).object().value(u"v"), QJsonValue(u""_s));
    const QJsonObject last = QJsonDocument::fromJson(lines.at(5)).object();
    QVERIFY(last.value(u"v").isNull());
    QVERIFY(last.value(u"b").isNull());
}

void tst_ExportJob::cancelMidway()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::Csv, &buffer);
    ExportJob job(m_database, u"SELECT * FROM t"_s);
    job.setProgressCallback(
            [&job](qint64 rows) {
                if (rows >= 5000)
                    job.cancel();
            },
            1000);
    const Result<qint64> rows = job.run(*writer);
    QVERIFY(!rows);
    QCOMPARE(rows.error().code, u"cancelled"_s);
    QVERIFY(job.isCancelled());
    QCOMPARE(writer->rowsWritten(), qint64(5000));
    QVERIFY(!job.diagnosis());
}

void tst_ExportJob::cancelBeforeStart()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::Csv, &buffer);
    ExportJob job(m_database, u"SELECT * FROM t"_s);
    job.cancel();
    QCOMPARE(job.run(*writer).error().code, u"cancelled"_s);
    QVERIFY(buffer.data().isEmpty());
}

void tst_ExportJob::sqlErrorIsDiagnosed()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::Csv, &buffer);
    ExportJob job(m_database, u"SELECT nope FROM t"_s);
    const Result<qint64> rows = job.run(*writer);
    QVERIFY(!rows);
    QVERIFY(job.diagnosis());
    QCOMPARE(job.diagnosis()->engine, Engine::SQLite);
    QVERIFY(job.diagnosis()->error.raw.contains(u"no such column"));
    QCOMPARE(rows.error().code, errorClassName(job.diagnosis()->errorClass()));
    QCOMPARE(rows.error().message, job.diagnosis()->advice.text());
    QVERIFY(buffer.data().isEmpty());
}

void tst_ExportJob::closedDatabase()
{
    QSqlDatabase closed = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tst_exportjob_closed"_s);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    std::unique_ptr<ExportWriter> writer = ExportWriter::create(ExportFormat::Csv, &buffer);
    ExportJob job(closed, u"SELECT 1"_s);
    QVERIFY(!job.run(*writer));
    QVERIFY(job.diagnosis());
}

QTEST_GUILESS_MAIN(tst_ExportJob)
#include "tst_exportjob.moc"
