#include "core/errors/diagnosis.h"
#include "core/exec/autofix.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

class TestAutofix : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void repairs_data();
    void repairs();
};

namespace {

SchemaNames shop()
{
    SchemaNames names;
    names.tables = {
            {u"main"_s, u"users"_s, {u"id"_s, u"username"_s, u"email"_s, u"created_at"_s}, false},
            {u"main"_s, u"orders"_s, {u"id"_s, u"user_id"_s, u"total"_s, u"status"_s}, false},
            {u"main"_s, u"payments"_s, {u"id"_s, u"order_id"_s, u"payment_time"_s}, false},
    };
    return names;
}

} // namespace

void TestAutofix::repairs_data()
{
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("repaired"); // empty: no repair

    QTest::newRow("pg column") << int(Engine::PostgreSQL) << u"SELECT user_name FROM users"_s
                               << u"ERROR:  column \"user_name\" does not exist"_s << u"42703"_s
                               << u"SELECT username FROM users"_s;
    QTest::newRow("pg qualified column, twice")
            << int(Engine::PostgreSQL) << u"SELECT u.user_name FROM users u ORDER BY u.user_name"_s
            << u"ERROR:  column u.user_name does not exist"_s << u"42703"_s
            << u"SELECT u.username FROM users u ORDER BY u.username"_s;
    QTest::newRow("pg quoted column keeps quotes")
            << int(Engine::PostgreSQL) << u"SELECT \"user_name\" FROM users"_s
            << u"ERROR:  column \"user_name\" does not exist"_s << u"42703"_s
            << u"SELECT \"username\" FROM users"_s;
    QTest::newRow("pg table") << int(Engine::PostgreSQL) << u"SELECT * FROM order_s"_s
                              << u"ERROR:  relation \"order_s\" does not exist"_s << u"42P01"_s
                              << u"SELECT * FROM orders"_s;
    QTest::newRow("mariadb column, string and comment untouched")
            << int(Engine::MariaDB) << u"SELECT 'user_name', user_name /* user_name */ FROM users"_s
            << u"Unknown column 'user_name' in 'field list'"_s << u"1054"_s
            << u"SELECT 'user_name', username /* user_name */ FROM users"_s;
    QTest::newRow("sqlite table") << int(Engine::SQLite) << u"SELECT count(*) FROM paymets"_s
                                  << u"no such table: paymets"_s << u"1"_s
                                  << u"SELECT count(*) FROM payments"_s;
    QTest::newRow("nothing close")
            << int(Engine::PostgreSQL) << u"SELECT zzz_qqq FROM users"_s
            << u"ERROR:  column \"zzz_qqq\" does not exist"_s << u"42703"_s << QString();
    QTest::newRow("not a name error") << int(Engine::PostgreSQL) << u"SELECT 1/0"_s
                                      << u"ERROR:  division by zero"_s << u"22012"_s << QString();
}

void TestAutofix::repairs()
{
    QFETCH(int, engine);
    QFETCH(QString, sql);
    QFETCH(QString, error);
    QFETCH(QString, code);
    QFETCH(QString, repaired);
    const Diagnosis diagnosis = diagnose(EngineError::fromText(Engine(engine), error, code));
    const auto repair = Autofix::repair(sql, Engine(engine), diagnosis, shop());
    if (repaired.isEmpty()) {
        QVERIFY(!repair.has_value());
        return;
    }
    QVERIFY2(repair.has_value(), qPrintable(errorClassName(diagnosis.errorClass())));
    QCOMPARE(repair->sql, repaired);
    QVERIFY(repair->replacements >= 1);
}

QTEST_GUILESS_MAIN(TestAutofix)
#include "tst_autofix.moc"
