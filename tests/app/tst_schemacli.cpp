#include "tests/support/cliprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

using Run = sqlmend::test::CliRun;

QJsonObject findByName(const QJsonArray &array, const QString &name)
{
    for (const QJsonValue &value : array) {
        if (value.toObject().value(u"name").toString() == name)
            return value.toObject();
    }
    return {};
}

} // namespace

class tst_SchemaCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void json();
    void onlyOneSchema();
    void textTree();
    void badUsage_data();
    void badUsage();
    void failedConnection_data();
    void failedConnection();
    void unknownSchema();
    void processesShareOneCache();

private:
    Run run(const QStringList &arguments, const QString &passwordVariable = {});
    QString url() const { return u"sqlite://"_s + m_file; }

    QTemporaryDir m_home;
    QString m_file;
};

Run tst_SchemaCli::run(const QStringList &arguments, const QString &passwordVariable)
{
    sqlmend::test::CliOptions options;
    sqlmend::test::isolate(options.environment, m_home.path());
    options.environment.remove(u"SQLMEND_TEST_UNSET"_s);
    if (!passwordVariable.isEmpty())
        options.environment.insert(passwordVariable, u"secret"_s);
    return sqlmend::test::runCli(QStringLiteral(SQLMEND_BINARY),
                                 QStringList{u"schema"_s} + arguments, options);
}

void tst_SchemaCli::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY2(QFile::exists(QStringLiteral(SQLMEND_BINARY)), SQLMEND_BINARY);
    m_file = m_home.filePath(u"shop.db"_s);
    const QString other = m_home.filePath(u"other.db"_s);
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        database.setDatabaseName(m_file);
        QVERIFY(database.open());
        QSqlQuery query(database);
        const QStringList setup = {
                u"CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL)"_s,
                u"CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES "
                u"users(id), "
                "amount REAL DEFAULT 0)"_s,
                u"CREATE INDEX orders_user ON orders(user_id)"_s,
                u"INSERT INTO orders (user_id, amount) VALUES (1, 2.5), (1, 3.5), (2, 1)"_s,
                u"ANALYZE"_s,
                u"CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 2"_s,
        };
        for (const QString &sql : setup)
            QVERIFY2(query.exec(sql), qPrintable(query.lastError().text()));
        database.close();
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
}

void tst_SchemaCli::json()
{
    const Run result = run({u"--db"_s, url(), u"--json"_s});
    QCOMPARE(result.exitCode, 0);
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(result.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(root.value(u"engine").toString(), u"sqlite"_s);
    const QJsonArray schemas = root.value(u"schemas").toArray();
    QCOMPARE(schemas.size(), 1);
    QCOMPARE(schemas.first().toObject().value(u"name").toString(), u"main"_s);
    const QJsonArray tables = schemas.first().toObject().value(u"tables").toArray();
    QCOMPARE(tables.size(), 3);

    const QJsonObject orders = findByName(tables, u"orders"_s);
    QCOMPARE(orders.value(u"kind").toString(), u"table"_s);
    QCOMPARE(orders.value(u"row_estimate").toInteger(), 3);
    QVERIFY(orders.contains(u"comment"));
    const QJsonArray columns = orders.value(u"columns").toArray();
    QCOMPARE(columns.size(), 3);
    const QJsonObject id = columns.at(0).toObject();
    QCOMPARE(id.value(u"name").toString(), u"id"_s);
    QCOMPARE(id.value(u"type").toString(), u"INTEGER"_s);
    QCOMPARE(id.value(u"primary_key").toBool(), true);
    QCOMPARE(columns.at(1).toObject().value(u"primary_key").toBool(), false);
    QCOMPARE(columns.at(1).toObject().value(u"nullable").toBool(), true);
    const QJsonArray keys = orders.value(u"foreign_keys").toArray();
    QCOMPARE(keys.size(), 1);
    QCOMPARE(keys.first().toObject().value(u"referenced_table").toString(), u"users"_s);
    QCOMPARE(keys.first().toObject().value(u"columns").toArray().first().toString(), u"user_id"_s);

    const QJsonObject users = findByName(tables, u"users"_s);
    QVERIFY(users.value(u"row_estimate").isNull()); // no statistics for it
    QCOMPARE(users.value(u"columns").toArray().at(1).toObject().value(u"nullable").toBool(), false);
    QCOMPARE(findByName(tables, u"big_orders"_s).value(u"kind").toString(), u"view"_s);
}

void tst_SchemaCli::onlyOneSchema()
{
    const Run result = run({u"--db"_s, url(), u"--json"_s, u"--schema"_s, u"main"_s});
    QCOMPARE(result.exitCode, 0);
    const QJsonArray schemas =
            QJsonDocument::fromJson(result.out).object().value(u"schemas").toArray();
    QCOMPARE(schemas.size(), 1);
}

void tst_SchemaCli::textTree()
{
    const Run result = run({u"--db"_s, url()});
    QCOMPARE(result.exitCode, 0);
    const QString text = QString::fromUtf8(result.out);
    QVERIFY2(text.contains(u"schema main"), qPrintable(text));
    QVERIFY(text.contains(u"\n  orders (table"));
    QVERIFY(text.contains(u"\n    id INTEGER PRIMARY KEY"));
    QVERIFY(text.contains(u"\n    username TEXT NOT NULL"));
    QVERIFY(text.contains(u"references users(id)"));
    QVERIFY(text.contains(u"big_orders (view)"));
}

void tst_SchemaCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no --db") << QStringList{u"--json"_s};
    QTest::newRow("unknown option") << QStringList{u"--db"_s, u"sqlite:///x.db"_s, u"--bogus"_s};
    QTest::newRow("not a url") << QStringList{u"--db"_s, u"\x01\x02 junk"_s};
    QTest::newRow("empty url") << QStringList{u"--db"_s, QString()};
    QTest::newRow("stray argument") << QStringList{u"--db"_s, u"sqlite:///x.db"_s, u"extra"_s};
    QTest::newRow("password variable unset") << QStringList{
            u"--db"_s, u"sqlite:///x.db"_s, u"--password-env"_s, u"SQLMEND_TEST_UNSET"_s};
}

void tst_SchemaCli::badUsage()
{
    QFETCH(QStringList, arguments);
    const Run result = run(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY(!result.err.isEmpty());
    QVERIFY(result.out.isEmpty());
}

void tst_SchemaCli::failedConnection_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("json");
    QTest::newRow("missing sqlite dir json")
            << QStringList{u"--db"_s, u"sqlite:///nonexistent/dir/x.db"_s, u"--json"_s} << true;
    QTest::newRow("missing sqlite dir text")
            << QStringList{u"--db"_s, u"sqlite:///nonexistent/dir/x.db"_s} << false;
    QTest::newRow("refused postgres")
            << QStringList{u"--db"_s, u"postgresql://nobody@127.0.0.1:1/none"_s,
                           u"--password-env"_s, u"SQLMEND_TEST_PASSWORD"_s, u"--json"_s}
            << true;
}

void tst_SchemaCli::failedConnection()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, json);
    const Run result = run(arguments, u"SQLMEND_TEST_PASSWORD"_s);
    QCOMPARE(result.exitCode, 1);
    QVERIFY(!result.err.isEmpty());
    if (json) {
        const QJsonObject root = QJsonDocument::fromJson(result.out).object();
        const QJsonObject error = root.value(u"error").toObject();
        QVERIFY2(!error.value(u"class").toString().isEmpty(), result.out.constData());
        QVERIFY(!error.value(u"advice").toString().isEmpty());
        QVERIFY(!result.out.contains("secret"));
    } else {
        QVERIFY(result.out.isEmpty());
    }
}

void tst_SchemaCli::unknownSchema()
{
    const Run result = run({u"--db"_s, url(), u"--schema"_s, u"nope"_s, u"--json"_s});
    QCOMPARE(result.exitCode, 1);
    QVERIFY(result.err.contains("nope"));
}

void tst_SchemaCli::processesShareOneCache()
{
    // Six processes at a time on one cache file, two on each of three databases, over rounds in
    // which one database gains a table: each answers its own database as it is, and the cache
    // file stays whole with one entry per database.
    const QString cache = m_home.filePath(u"shared-cache.sqlite"_s);
    QStringList files;
    for (int f = 0; f < 3; ++f) {
        const QString file = m_home.filePath(u"many-%1.db"_s.arg(f));
        QFile::remove(file);
        QVERIFY(QFile::copy(m_file, file));
        files.append(file);
    }
    const auto addTable = [](const QString &file, const QString &name) {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"grow"_s);
        database.setDatabaseName(file);
        bool ok = database.open();
        if (ok) {
            QSqlQuery query(database);
            ok = query.exec(u"CREATE TABLE %1 (id INTEGER PRIMARY KEY, note TEXT)"_s.arg(name));
        }
        database.close();
        database = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"grow"_s);
        return ok;
    };
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    sqlmend::test::isolate(environment, m_home.path());
    environment.insert(u"SQLMEND_CATALOG_CACHE"_s, cache);
    QList<int> expected = {3, 3, 3};
    for (int round = 0; round < 4; ++round) {
        if (round > 0) {
            const int grown = round % 3;
            QVERIFY(addTable(files.at(grown), u"added_%1"_s.arg(round)));
            ++expected[grown];
        }
        std::vector<std::unique_ptr<QProcess>> processes;
        for (int p = 0; p < 6; ++p) {
            auto process = std::make_unique<QProcess>();
            process->setProcessEnvironment(environment);
            process->start(QStringLiteral(SQLMEND_BINARY),
                           {u"schema"_s, u"--db"_s, u"sqlite://"_s + files.at(p % 3), u"--json"_s});
            processes.push_back(std::move(process));
        }
        for (int p = 0; p < 6; ++p) {
            QProcess &process = *processes.at(size_t(p));
            QVERIFY(process.waitForFinished(120000));
            QCOMPARE(process.exitStatus(), QProcess::NormalExit);
            QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
            const QJsonArray schemas = QJsonDocument::fromJson(process.readAllStandardOutput())
                                               .object()
                                               .value(u"schemas")
                                               .toArray();
            QCOMPARE(schemas.size(), 1);
            const QJsonArray tables = schemas.first().toObject().value(u"tables").toArray();
            QCOMPARE(tables.size(), expected.at(p % 3));
            for (int r = 1; r <= round; ++r) {
                if (r % 3 == p % 3)
                    QVERIFY(!findByName(tables, u"added_%1"_s.arg(r)).isEmpty());
            }
        }
    }
    QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"cache"_s);
    database.setDatabaseName(cache);
    QVERIFY(database.open());
    {
        QSqlQuery query(database);
        QVERIFY(query.exec(u"PRAGMA integrity_check"_s) && query.next());
        QCOMPARE(query.value(0).toString(), u"ok"_s);
        QVERIFY(query.exec(u"SELECT count(*), count(DISTINCT datasource) FROM catalog_cache"_s)
                && query.next());
        QCOMPARE(query.value(0).toInt(), 3);
        QCOMPARE(query.value(1).toInt(), 3);
    }
    database.close();
    database = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"cache"_s);
}

QTEST_GUILESS_MAIN(tst_SchemaCli)
#include "tst_schemacli.moc"
