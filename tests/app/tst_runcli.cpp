#include "tests/support/cliprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;

// sqlmend run, driven as a user would drive it: the built binary against a SQLite file.
class TestRunCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void runs_data();
    void runs();
    void capIsNamed_data();
    void capIsNamed();
    void defaultTakesAllRows_data();
    void defaultTakesAllRows();
    void autofix_data();
    void autofix();
    void autofixInDoubt_data();
    void autofixInDoubt();
    void badUsage_data();
    void badUsage();
    void printsTableWithoutJson();
    void writesFiles_data();
    void writesFiles();
    void formatToStandardOutput();
    void tsvEscapes();
    void streamsBeforeTheEnd();
    void failureAfterRows_data();
    void failureAfterRows();
    void jsonWithOutputFile();

private:
    using Outcome = sqlmend::test::CliRun;
    Outcome run(const QStringList &arguments, const QByteArray &passwordVariable = {});
    QByteArray fileBytes() const;

    QTemporaryDir m_dir;
    QString m_url;
};

void TestRunCli::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(u"shop.db"_s);
    QFile schema(QStringLiteral(SQLMEND_TEST_DATA_DIR "/fixtures/sample_schema.sql"));
    QVERIFY(schema.open(QIODevice::ReadOnly));
    QString script;
    for (const QString &line : QString::fromUtf8(schema.readAll()).split(u'\n')) {
        if (!line.trimmed().startsWith(u"--"))
            script += line + u'\n';
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        // The fixture has no ';' inside its strings.
        for (const QString &statement : script.split(u';', Qt::SkipEmptyParts)) {
            if (statement.trimmed().isEmpty())
                continue;
            QSqlQuery query(db);
            QVERIFY2(query.exec(statement), qPrintable(query.lastError().text()));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
    m_url = u"sqlite://"_s + path;
}

TestRunCli::Outcome TestRunCli::run(const QStringList &arguments,
                                    const QByteArray &passwordVariable)
{
    sqlmend::test::CliOptions options;
    if (!passwordVariable.isEmpty())
        options.environment.insert(QString::fromLatin1(passwordVariable), u"secret"_s);
    options.timeoutMs = 30000;
    return sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY), QStringList{u"run"_s} + arguments,
                                 options);
}

QByteArray TestRunCli::fileBytes() const
{
    QFile file(m_dir.filePath(u"shop.db"_s));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestRunCli::runs_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<int>("rowCount");

    QTest::newRow("select") << u"SELECT id, username FROM users ORDER BY id"_s << QStringList() << 0
                            << u"ok"_s << QString() << 5;
    QTest::newRow("row cap") << u"SELECT id FROM users"_s << QStringList{u"--max-rows"_s, u"2"_s}
                             << 0 << u"ok"_s << QString() << 2;
    QTest::newRow("write refused") << u"DELETE FROM users"_s << QStringList() << 1 << u"blocked"_s
                                   << u"read_only_violation"_s << 0;
    QTest::newRow("two statements") << u"SELECT 1; DROP TABLE users"_s << QStringList() << 1
                                    << u"blocked"_s << u"read_only_violation"_s << 0;
    QTest::newRow("missing table") << u"SELECT * FROM customers"_s << QStringList() << 1
                                   << u"error"_s << u"table_missing"_s << 0;
    QTest::newRow("missing column") << u"SELECT zzz_qqq FROM users"_s << QStringList() << 1
                                    << u"error"_s << u"column_missing"_s << 0;
    QTest::newRow("timeout") << u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                                u"SELECT count(*) FROM c"_s
                             << QStringList{u"--timeout-ms"_s, u"500"_s} << 1 << u"timeout"_s
                             << u"timeout"_s << 0;
    // Nothing to run is not a write: a syntax failure, never terminal.
    QTest::newRow("empty sql") << QString() << QStringList() << 1 << u"blocked"_s << u"syntax"_s
                               << 0;
}

void TestRunCli::runs()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, extra);
    QFETCH(int, exitCode);
    QFETCH(QString, status);
    QFETCH(QString, errorClass);
    QFETCH(int, rowCount);

    const QByteArray before = fileBytes();
    const Outcome outcome =
            run(QStringList{u"--db"_s, m_url, u"--sql"_s, sql, u"--json"_s} + extra);
    QVERIFY2(outcome.exitCode == exitCode, outcome.err.constData());
    QCOMPARE(outcome.json.value(u"status").toString(), status);
    QCOMPARE(outcome.json.value(u"row_count").toInt(), rowCount);
    QCOMPARE(outcome.json.value(u"rows").toArray().size(), rowCount);
    const QJsonArray attempts = outcome.json.value(u"attempts").toArray();
    QCOMPARE(attempts.size(), 1);
    QCOMPARE(attempts.at(0).toObject().value(u"origin").toString(), u"user"_s);
    if (errorClass.isEmpty()) {
        QVERIFY(outcome.json.value(u"error").isNull());
    } else {
        const QJsonObject error = outcome.json.value(u"error").toObject();
        QCOMPARE(error.value(u"class").toString(), errorClass);
        QVERIFY(error.contains(u"terminal"));
        QVERIFY(!error.value(u"root_cause").toString().isEmpty());
        QVERIFY(!error.value(u"advice").toString().isEmpty());
        QVERIFY(!error.value(u"raw").toString().isEmpty());
        QVERIFY(!outcome.err.isEmpty());
    }
    QCOMPARE(fileBytes(), before);
}

// A result the cap cut says so on standard error, in every format; a whole one does not.
void TestRunCli::capIsNamed_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<bool>("cut");
    QTest::newRow("json, cut") << QStringList{u"--json"_s, u"--max-rows"_s, u"2"_s} << true;
    QTest::newRow("tsv, cut") << QStringList{u"--max-rows"_s, u"2"_s} << true;
    QTest::newRow("file, cut") << QStringList{u"--max-rows"_s, u"2"_s, u"--output"_s,
                                              u"OUT/cut.csv"_s}
                               << true;
    // Exactly as many rows as the cap: nothing was left unread.
    QTest::newRow("json, whole") << QStringList{u"--json"_s, u"--max-rows"_s, u"5"_s} << false;
    QTest::newRow("tsv, whole") << QStringList() << false;
}

void TestRunCli::capIsNamed()
{
    QFETCH(QStringList, extra);
    QFETCH(bool, cut);
    QTemporaryDir out;
    QVERIFY(out.isValid());
    for (QString &argument : extra)
        argument.replace(u"OUT"_s, out.path());
    const Outcome outcome =
            run(QStringList{u"--db"_s, m_url, u"--sql"_s, u"SELECT id FROM users ORDER BY id"_s}
                + extra);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(outcome.err.contains("--max-rows"), cut);
    if (extra.contains(u"--json"_s))
        QCOMPARE(outcome.json.value(u"row_status").toString(), cut ? u"partial"_s : u"complete"_s);
}

// Without --max-rows the whole result comes out, as psql and sqlite3 print it; a repair's rows
// too, once its checks have passed (they wait in memory up to AnswerCheck::MaxCheckedRows).
void TestRunCli::defaultTakesAllRows_data()
{
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<bool>("repaired");
    QTest::newRow("as written") << QString() << false;
    QTest::newRow("a repair") << u"[SOL] "_s << true;
}

void TestRunCli::defaultTakesAllRows()
{
    QFETCH(QString, prefix);
    QFETCH(bool, repaired);
    const QString sql = prefix
            + u"WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 2500) "
              u"SELECT n FROM c"_s;
    const Outcome outcome = run({u"--db"_s, m_url, u"--sql"_s, sql, u"--json"_s, u"--autofix"_s});
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(outcome.json.value(u"row_count").toInt(), 2500);
    QCOMPARE(outcome.json.value(u"rows").toArray().size(), 2500);
    QCOMPARE(outcome.json.value(u"rows").toArray().last().toArray().first().toInt(), 2500);
    QCOMPARE(outcome.json.value(u"row_status").toString(), u"complete"_s);
    QCOMPARE(outcome.json.value(u"repaired").toBool(), repaired);
    QVERIFY(!outcome.err.contains("--max-rows"));
}

void TestRunCli::autofix_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("repaired"); // empty: no repair is clear enough
    QTest::addColumn<int>("exitCode");

    QTest::newRow("column") << u"SELECT user_name FROM users WHERE user_name <> 'x'"_s
                            << u"SELECT username FROM users WHERE username <> 'x'"_s << 0;
    QTest::newRow("table") << u"SELECT count(*) FROM ordrs"_s << u"SELECT count(*) FROM orders"_s
                           << 0;
    QTest::newRow("string untouched") << u"SELECT 'user_name' AS label, user_name FROM users"_s
                                      << u"SELECT 'user_name' AS label, username FROM users"_s << 0;
    QTest::newRow("no close name") << u"SELECT zzz_qqq FROM users"_s << QString() << 1;
}

void TestRunCli::autofix()
{
    QFETCH(QString, sql);
    QFETCH(QString, repaired);
    QFETCH(int, exitCode);
    const Outcome outcome = run({u"--db"_s, m_url, u"--sql"_s, sql, u"--json"_s, u"--autofix"_s});
    QVERIFY2(outcome.exitCode == exitCode, outcome.err.constData());
    const QJsonArray attempts = outcome.json.value(u"attempts").toArray();
    QCOMPARE(attempts.at(0).toObject().value(u"origin").toString(), u"user"_s);
    QCOMPARE(attempts.at(0).toObject().value(u"status").toString(), u"error"_s);
    if (repaired.isEmpty()) {
        QCOMPARE(attempts.size(), 1);
        return;
    }
    QCOMPARE(attempts.size(), 2);
    const QJsonObject second = attempts.at(1).toObject();
    QCOMPARE(second.value(u"origin").toString(), u"autofix:fix_spelling"_s);
    QCOMPARE(second.value(u"repair").toString(), u"fix_spelling"_s);
    QCOMPARE(second.value(u"sql").toString(), repaired);
    QCOMPARE(second.value(u"status").toString(), u"ok"_s);
    QCOMPARE(outcome.json.value(u"status").toString(), u"ok"_s);
}

void TestRunCli::autofixInDoubt_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("format");
    QTest::addColumn<QString>("doubt");   // empty: the repair's rows stand
    QTest::addColumn<QByteArray>("rows"); // what standard output holds of them, for --format csv

    // `users.username` is one quoted name: split_quoted_name splits it, and the checks judge it.
    QTest::newRow("stands, as JSON") << u"SELECT `users.username` FROM users ORDER BY id"_s
                                     << QStringList() << QString() << QByteArray();
    QTest::newRow("stands, as CSV") << u"SELECT `users.username` FROM users ORDER BY id"_s
                                    << QStringList{u"--format"_s, u"csv"_s} << QString()
                                    << QByteArray("username\r\nana\r\nbo\r\nchen\r\ndara\r\n"
                                                  "emeka\r\n");
    QTest::newRow("a LIMIT without ORDER BY, as JSON")
            << u"SELECT `users.username` FROM users LIMIT 2"_s << QStringList() << u"order_tie"_s
            << QByteArray();
    QTest::newRow("a LIMIT without ORDER BY, as CSV: no row goes out")
            << u"SELECT `users.username` FROM users LIMIT 2"_s
            << QStringList{u"--format"_s, u"csv"_s} << u"order_tie"_s << QByteArray();
    QTest::newRow("no rows") << u"SELECT `users.username` FROM users WHERE id > 100"_s
                             << QStringList() << u"no_rows"_s << QByteArray();
}

void TestRunCli::autofixInDoubt()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, format);
    QFETCH(QString, doubt);
    QFETCH(QByteArray, rows);
    const bool json = format.isEmpty();
    const Outcome outcome = run(QStringList{u"--db"_s, m_url, u"--sql"_s, sql, u"--autofix"_s}
                                + (json ? QStringList{u"--json"_s} : format));
    QCOMPARE(outcome.exitCode, doubt.isEmpty() ? 0 : 1);
    if (!json) {
        QCOMPARE(outcome.out, rows);
        if (!doubt.isEmpty())
            QVERIFY2(outcome.err.contains("does not stand"), outcome.err.constData());
        return;
    }
    const QJsonArray attempts = outcome.json.value(u"attempts").toArray();
    QCOMPARE(attempts.size(), 2);
    const QJsonObject repaired = attempts.at(1).toObject();
    QCOMPARE(repaired.value(u"repair").toString(), u"split_quoted_name"_s);
    QCOMPARE(repaired.value(u"status").toString(), u"ok"_s);
    QCOMPARE(repaired.value(u"doubt").toString(), doubt);
    QCOMPARE(outcome.json.value(u"repaired").toBool(), doubt.isEmpty());
    if (doubt.isEmpty()) {
        QCOMPARE(outcome.json.value(u"status").toString(), u"ok"_s);
        QCOMPARE(outcome.json.value(u"rows").toArray().size(), 5);
        QCOMPARE(outcome.json.value(u"final_sql").toString(), repaired.value(u"sql").toString());
        return;
    }
    // The statement as given stands, with its diagnosis; the repair's rows never went out.
    QVERIFY(!repaired.value(u"doubt_reason").toString().isEmpty());
    QVERIFY(!repaired.value(u"doubt_advice").toString().isEmpty());
    QCOMPARE(outcome.json.value(u"status").toString(), u"error"_s);
    QCOMPARE(outcome.json.value(u"error").toObject().value(u"class").toString(),
             u"column_missing"_s);
    QVERIFY(outcome.json.value(u"rows").toArray().isEmpty());
    QCOMPARE(outcome.json.value(u"final_sql").toString(), sql);
}

void TestRunCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no arguments") << QStringList();
    QTest::newRow("no sql") << QStringList{u"--db"_s, u"sqlite:///x.db"_s};
    QTest::newRow("no db") << QStringList{u"--sql"_s, u"SELECT 1"_s};
    QTest::newRow("bad url") << QStringList{u"--db"_s, u"nonsense"_s, u"--sql"_s, u"SELECT 1"_s};
    QTest::newRow("junk url") << QStringList{u"--db"_s, QString::fromLatin1("\x01\x02\xff"),
                                             u"--sql"_s, u"SELECT 1"_s};
    QTest::newRow("bad max rows") << QStringList{u"--db"_s,     u"sqlite:///x.db"_s, u"--sql"_s,
                                                 u"SELECT 1"_s, u"--max-rows"_s,     u"many"_s};
    QTest::newRow("negative timeout") << QStringList{u"--db"_s,     u"sqlite:///x.db"_s, u"--sql"_s,
                                                     u"SELECT 1"_s, u"--timeout-ms"_s,   u"-5"_s};
    QTest::newRow("unset password variable") << QStringList{
            u"--db"_s,           u"postgresql://a@127.0.0.1:1/db"_s, u"--sql"_s, u"SELECT 1"_s,
            u"--password-env"_s, u"SQLMEND_TEST_SURELY_UNSET"_s};
    QTest::newRow("unknown option") << QStringList{u"--frobnicate"_s};
    const QStringList base = {u"--db"_s, u"sqlite:///x.db"_s, u"--sql"_s, u"SELECT 1"_s};
    QTest::newRow("unknown format") << base + QStringList{u"--format"_s, u"xls"_s};
    QTest::newRow("output without format") << base + QStringList{u"--output"_s, u"/tmp/report"_s};
    QTest::newRow("xlsx to stdout") << base + QStringList{u"--format"_s, u"xlsx"_s};
    QTest::newRow("json and format") << base + QStringList{u"--format"_s, u"csv"_s, u"--json"_s};
}

void TestRunCli::badUsage()
{
    QFETCH(QStringList, arguments);
    const Outcome outcome = run(arguments);
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY(outcome.err.startsWith("sqlmend run: "));
}

void TestRunCli::printsTableWithoutJson()
{
    const Outcome outcome =
            run({u"--db"_s, m_url, u"--sql"_s, u"SELECT id, username FROM users WHERE id < 3"_s});
    QCOMPARE(outcome.exitCode, 0);
    QCOMPARE(outcome.out, QByteArray("id\tusername\n1\tana\n2\tbo\n"));
}

void TestRunCli::writesFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QByteArray>("begins");
    QTest::newRow("csv by extension")
            << u"rows.csv"_s << QStringList() << QByteArray("id,username\r\n1,ana\r\n");
    QTest::newRow("json") << u"rows.json"_s << QStringList()
                          << QByteArray("[\n{\"id\":1,\"username\":\"ana\"},\n");
    QTest::newRow("jsonl") << u"rows.jsonl"_s << QStringList()
                           << QByteArray("{\"id\":1,\"username\":\"ana\"}\n");
    QTest::newRow("markdown") << u"rows.md"_s << QStringList()
                              << QByteArray("| id | username |\n| --- | --- |\n| 1 | ana |\n");
    QTest::newRow("format over extension") << u"rows.txt"_s << QStringList{u"--format"_s, u"csv"_s}
                                           << QByteArray("id,username\r\n");
    QTest::newRow("xlsx") << u"rows.xlsx"_s << QStringList{u"--format"_s, u"xlsx"_s}
                          << QByteArray("PK\x03\x04"); // a zip container
}

void TestRunCli::writesFiles()
{
    QFETCH(QString, file);
    QFETCH(QStringList, extra);
    QFETCH(QByteArray, begins);
    const QString path = m_dir.filePath(file);
    QFile::remove(path);
    const Outcome outcome =
            run(QStringList{u"--db"_s, m_url, u"--sql"_s,
                            u"SELECT id, username FROM users WHERE id < 3 ORDER BY id"_s,
                            u"--output"_s, path}
                + extra);
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QVERIFY(outcome.out.isEmpty()); // the rows went to the file
    QVERIFY2(outcome.err.contains("2 rows written to"), outcome.err.constData());
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray bytes = written.readAll();
    QVERIFY2(bytes.startsWith(begins), bytes.left(200).constData());

    // With --json the envelope still goes to standard output.
    const Outcome json = run(QStringList{u"--db"_s, m_url, u"--sql"_s, u"SELECT id FROM users"_s,
                                         u"--output"_s, path, u"--json"_s}
                             + extra);
    QCOMPARE(json.exitCode, 0);
    QCOMPARE(json.json.value(u"status").toString(), u"ok"_s);

    written.close();
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray kept = written.readAll();
    written.close();
    QVERIFY(kept != bytes); // the five ids, not the two rows

    // A failed statement leaves the file as it was.
    const Outcome failed = run(QStringList{u"--db"_s, m_url, u"--sql"_s,
                                           u"SELECT nope FROM users"_s, u"--output"_s, path}
                               + extra);
    QCOMPARE(failed.exitCode, 1);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), kept);
}

void TestRunCli::formatToStandardOutput()
{
    const Outcome outcome =
            run({u"--db"_s, m_url, u"--sql"_s, u"SELECT id, username FROM users WHERE id < 3"_s,
                 u"--format"_s, u"csv"_s});
    QCOMPARE(outcome.exitCode, 0);
    QCOMPARE(outcome.out, QByteArray("id,username\r\n1,ana\r\n2,bo\r\n"));
    const Outcome unwritable = run({u"--db"_s, m_url, u"--sql"_s, u"SELECT 1"_s, u"--output"_s,
                                    m_dir.filePath(u"no/such/folder/rows.csv"_s)});
    QCOMPARE(unwritable.exitCode, 1);
    QVERIFY2(unwritable.err.startsWith("sqlmend run: cannot write"), unwritable.err.constData());
}

void TestRunCli::tsvEscapes()
{
    // Every row one line of as many fields as the header, whatever the values hold.
    const Outcome outcome =
            run({u"--db"_s, m_url, u"--sql"_s,
                 u"SELECT 'a' || char(9) || 'b' AS \"x\ty\", 'one' || char(10) || 'two', "
                 "'back\\slash', NULL, '' , 2.5"_s,
                 u"--format"_s, u"tsv"_s});
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(outcome.out,
             QByteArray("x\\ty\t'one' || char(10) || 'two'\t'back\\\\slash'\tNULL\t''\t2.5\n"
                        "a\\tb\tone\\ntwo\tback\\\\slash\tNULL\t\t2.5\n"));
}

void TestRunCli::streamsBeforeTheEnd()
{
    // A statement that never ends on its own: its first rows can only be read while it runs.
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    sqlmend::test::isolate(environment, m_dir.path());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(SQLMEND_BINARY),
                  {u"run"_s, u"--db"_s, m_url, u"--sql"_s,
                   u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                   "SELECT x, 'row ' || x AS label FROM c"_s,
                   u"--max-rows"_s, u"1000000000"_s, u"--timeout-ms"_s, u"0"_s, u"--format"_s,
                   u"csv"_s});
    QVERIFY(process.waitForStarted());
    QByteArray seen;
    while (seen.count('\n') < 3 && process.state() == QProcess::Running) {
        process.waitForReadyRead(1000);
        seen += process.readAllStandardOutput();
    }
    QVERIFY2(seen.startsWith("x,label\r\n1,row 1\r\n2,row 2\r\n"), seen.left(200).constData());
    QCOMPARE(process.state(), QProcess::Running);
    // Ctrl+C ends it: cancelled on the server, exit status 130, the rows so far whole lines.
    ::kill(pid_t(process.processId()), SIGINT);
    QVERIFY(process.waitForFinished(60000));
    seen += process.readAllStandardOutput();
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 130);
    QVERIFY(seen.endsWith("\r\n"));
}

void TestRunCli::failureAfterRows_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::newRow("plain") << QStringList();
    QTest::newRow("autofix") << QStringList{u"--autofix"_s};
}

void TestRunCli::failureAfterRows()
{
    QFETCH(QStringList, extra);
    // abs() of the smallest integer fails at the sixth row, after five have gone out.
    const QString sql = u"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x "
                        "< 10) SELECT CASE WHEN x < 6 THEN x ELSE abs(-9223372036854775807 - 1) "
                        "END AS v FROM c"_s;
    const Outcome json = run(QStringList{u"--db"_s, m_url, u"--sql"_s, sql, u"--json"_s} + extra);
    QCOMPARE(json.exitCode, 1);
    QCOMPARE(json.json.value(u"status").toString(), u"error"_s); // well-formed, rows inside
    QCOMPARE(json.json.value(u"rows").toArray().size(), 5);
    QCOMPARE(json.json.value(u"row_count").toInt(), 5);
    QCOMPARE(json.json.value(u"attempts").toArray().size(), 1); // no second attempt's rows
    QVERIFY(!json.json.value(u"error").toObject().value(u"raw").toString().isEmpty());

    // A file keeps only a whole answer: the one there before stays.
    const QString path = m_dir.filePath(u"partial.csv"_s);
    {
        QFile before(path);
        QVERIFY(before.open(QIODevice::WriteOnly));
        before.write("kept\n");
    }
    const Outcome file =
            run(QStringList{u"--db"_s, m_url, u"--sql"_s, sql, u"--output"_s, path} + extra);
    QCOMPARE(file.exitCode, 1);
    QFile after(path);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), QByteArray("kept\n"));
}

void TestRunCli::jsonWithOutputFile()
{
    const QString path = m_dir.filePath(u"ids.jsonl"_s);
    const Outcome outcome =
            run({u"--db"_s, m_url, u"--sql"_s, u"SELECT id FROM users ORDER BY id"_s, u"--output"_s,
                 path, u"--json"_s});
    QVERIFY2(outcome.exitCode == 0, outcome.err.constData());
    QCOMPARE(outcome.json.value(u"output").toString(), path);
    QCOMPARE(outcome.json.value(u"rows_written").toInt(), 5);
    QVERIFY(!outcome.json.contains(u"rows")); // they are in the file, once
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll().count('\n'), 5);
}

QTEST_GUILESS_MAIN(TestRunCli)
#include "tst_runcli.moc"
