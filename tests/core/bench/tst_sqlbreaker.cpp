#include "core/bench/sqlbreaker.h"

#include "core/sql/sqltokenizer.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

// Each kind of break on hand-written gold SQL and a small catalog: the broken statement differs
// from the gold one in exactly the intended way, and the same seed breaks the same way.
class TestSqlBreaker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactBreaks_data();
    void exactBreaks();
    void misspellings_data();
    void misspellings();
    void notApplicable_data();
    void notApplicable();
    void hostileInput_data();
    void hostileInput();
    void misspellAvoidsForbidden();
    void kindNames();

private:
    static SchemaNames shop();
};

SchemaNames TestSqlBreaker::shop()
{
    SchemaNames names;
    names.tables = {
            {QString(), u"customers"_s, {u"id"_s, u"name"_s, u"city"_s, u"age"_s}, false},
            {QString(), u"orders"_s, {u"id"_s, u"customer_id"_s, u"amount"_s, u"status"_s}, false},
            {QString(), u"petTypes"_s, {u"petType"_s, u"weight"_s}, false},
    };
    return names;
}

void TestSqlBreaker::exactBreaks_data()
{
    QTest::addColumn<int>("engine");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("gold");
    QTest::addColumn<QString>("broken");
    QTest::addColumn<QStringList>("rightNames");
    QTest::addColumn<QString>("expectedClass");

    const int sqlite = int(Engine::SQLite);
    const int postgres = int(Engine::PostgreSQL);
    QTest::newRow("group by: the only column")
            << postgres << int(BreakKind::GroupByDropped)
            << u"SELECT city, count(*) FROM customers GROUP BY city"_s
            << u"SELECT city, count(*) FROM customers "_s << QStringList{u"city"_s}
            << u"group_by"_s;
    QTest::newRow("group by: one of two, qualified")
            << postgres << int(BreakKind::GroupByDropped)
            << u"SELECT T1.name, count(*) FROM customers AS T1 JOIN orders AS T2 ON T1.id = "
               "T2.customer_id GROUP BY T1.id, T1.name ORDER BY 2"_s
            << u"SELECT T1.name, count(*) FROM customers AS T1 JOIN orders AS T2 ON T1.id = "
               "T2.customer_id GROUP BY T1.id ORDER BY 2"_s
            << QStringList{u"name"_s} << u"group_by"_s;
    QTest::newRow("group by: in a subquery")
            << postgres << int(BreakKind::GroupByDropped)
            << u"SELECT * FROM (SELECT city, max(age) FROM customers GROUP BY city) AS s"_s
            << u"SELECT * FROM (SELECT city, max(age) FROM customers ) AS s"_s
            << QStringList{u"city"_s} << u"group_by"_s;
    QTest::newRow("ambiguous: qualifier dropped")
            << sqlite << int(BreakKind::AmbiguousColumn)
            << u"SELECT T2.id FROM customers AS T1 JOIN orders AS T2 ON T1.name = "
               "T2.status WHERE T1.age > 30"_s
            << u"SELECT id FROM customers AS T1 JOIN orders AS T2 ON T1.name = "
               "T2.status WHERE T1.age > 30"_s
            << QStringList{u"orders.id"_s} << u"ambiguous_column"_s;
    QTest::newRow("function: length renamed, sqlite")
            << sqlite << int(BreakKind::ForeignFunction) << u"SELECT length(name) FROM customers"_s
            << u"SELECT LEN(name) FROM customers"_s << QStringList{u"length"_s}
            << u"function_missing"_s;
    QTest::newRow("function: ifnull renamed, sqlite")
            << sqlite << int(BreakKind::ForeignFunction)
            << u"SELECT ifnull(city, 'x') FROM customers"_s
            << u"SELECT NVL(city, 'x') FROM customers"_s << QStringList{u"ifnull"_s}
            << u"function_missing"_s;
    QTest::newRow("function: coalesce renamed, postgres")
            << postgres << int(BreakKind::ForeignFunction)
            << u"SELECT coalesce(city, 'x') FROM customers"_s
            << u"SELECT NVL(city, 'x') FROM customers"_s << QStringList{u"coalesce"_s}
            << u"function_missing"_s;
    QTest::newRow("string-number: text becomes a number")
            << postgres << int(BreakKind::StringNumber)
            << u"SELECT name FROM customers WHERE city = '2010' AND age > 3"_s
            << u"SELECT name FROM customers WHERE city = 2010 AND age > 3"_s
            << QStringList{u"`=`"_s, u"2010"_s} << u"operator_mismatch"_s;
    QTest::newRow("string-number: a number gets quotes")
            << postgres << int(BreakKind::StringNumber)
            << u"SELECT name FROM customers WHERE 30 < age"_s
            << u"SELECT name FROM customers WHERE '30' < age"_s << QStringList{u"`<`"_s, u"'30'"_s}
            << u"operator_mismatch"_s;
    QTest::newRow("string-number: sqlite double-quoted string")
            << sqlite << int(BreakKind::StringNumber)
            << u"SELECT name FROM customers WHERE city != \"Paris\""_s
            << u"SELECT name FROM customers WHERE city != 5"_s
            << QStringList{u"`!=`"_s, u"5"_s, u"`<>`"_s} << u"operator_mismatch"_s;
}

void TestSqlBreaker::exactBreaks()
{
    QFETCH(int, engine);
    QFETCH(int, kind);
    QFETCH(QString, gold);
    QFETCH(QString, broken);
    QFETCH(QStringList, rightNames);
    QFETCH(QString, expectedClass);

    const SqlBreaker breaker(Engine(engine), shop());
    for (const quint64 seed : {quint64(1), quint64(42), quint64(0xdeadbeefcafe)}) {
        const auto result = breaker.breakSql(gold, BreakKind(kind), seed);
        QVERIFY(result.has_value());
        QCOMPARE(result->sql, broken);
        QCOMPARE(result->kind, BreakKind(kind));
        QCOMPARE(result->rightNames, rightNames);
        QVERIFY(!result->expectedClasses.isEmpty());
        QCOMPARE(errorClassName(result->expectedClasses.constFirst()), expectedClass);
    }
}

void TestSqlBreaker::misspellings_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("gold");
    QTest::addColumn<QStringList>("allowedTargets"); // the names that may be misspelled
    QTest::addColumn<QString>("expectedClass");

    QTest::newRow("column") << int(BreakKind::ColumnMisspelled)
                            << u"SELECT name, city FROM customers WHERE age > 30"_s
                            << QStringList{u"name"_s, u"city"_s, u"age"_s} << u"column_missing"_s;
    QTest::newRow("qualified column")
            << int(BreakKind::ColumnMisspelled)
            << u"SELECT T1.name FROM customers AS T1 JOIN orders AS T2 ON T1.id = "
               "T2.customer_id"_s
            << QStringList{u"name"_s, u"id"_s, u"customer_id"_s} << u"column_missing"_s;
    QTest::newRow("camel-case column")
            << int(BreakKind::ColumnMisspelled) << u"SELECT max(weight), petType FROM petTypes"_s
            << QStringList{u"weight"_s, u"petType"_s} << u"column_missing"_s;
    QTest::newRow("table") << int(BreakKind::TableMisspelled)
                           << u"SELECT count(*) FROM customers AS c JOIN orders ON c.id = "
                              "orders.customer_id"_s
                           << QStringList{u"customers"_s, u"orders"_s} << u"table_missing"_s;
}

void TestSqlBreaker::misspellings()
{
    QFETCH(int, kind);
    QFETCH(QString, gold);
    QFETCH(QStringList, allowedTargets);
    QFETCH(QString, expectedClass);

    const SchemaNames schema = shop();
    const SqlBreaker breaker(Engine::SQLite, schema);
    const SqlTokenizer tokenizer(Engine::SQLite);
    const QList<SqlToken> goldTokens = tokenizer.tokenize(gold);
    QSet<QString> seen;
    for (quint64 seed = 0; seed < 40; ++seed) {
        const auto result = breaker.breakSql(gold, BreakKind(kind), seed);
        QVERIFY(result.has_value());
        QCOMPARE(errorClassName(result->expectedClasses.constFirst()), expectedClass);
        // Deterministic.
        QCOMPARE(breaker.breakSql(gold, BreakKind(kind), seed)->sql, result->sql);
        // Exactly one token differs, it was one of the targets, and it became no real name.
        const QList<SqlToken> tokens = tokenizer.tokenize(result->sql);
        QCOMPARE(tokens.size(), goldTokens.size());
        int differing = 0;
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            const QStringView before = goldTokens.at(i).text(gold);
            const QStringView after = tokens.at(i).text(result->sql);
            if (before == after)
                continue;
            ++differing;
            QVERIFY2(allowedTargets.contains(before.toString()), qPrintable(result->sql));
            QCOMPARE(after.toString(), result->wrongName);
            QVERIFY(result->rightNames.contains(before.toString()));
        }
        QCOMPARE(differing, 1);
        QVERIFY(!schema.tableNames().contains(result->wrongName, Qt::CaseInsensitive));
        QVERIFY(!schema.columnNames().contains(result->wrongName, Qt::CaseInsensitive));
        seen.insert(result->sql);
    }
    // The seed spreads the breaks over several places and typos.
    QVERIFY(seen.size() >= 3);
}

void TestSqlBreaker::notApplicable_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("gold");

    QTest::newRow("no group by") << int(BreakKind::GroupByDropped)
                                 << u"SELECT city FROM customers"_s;
    QTest::newRow("grouped column not selected")
            << int(BreakKind::GroupByDropped) << u"SELECT count(*) FROM customers GROUP BY city"_s;
    QTest::newRow("only group column, with having")
            << int(BreakKind::GroupByDropped)
            << u"SELECT city FROM customers GROUP BY city HAVING count(*) > 1"_s;
    QTest::newRow("one table: nothing ambiguous")
            << int(BreakKind::AmbiguousColumn) << u"SELECT T1.name FROM customers AS T1"_s;
    QTest::newRow("column in one joined table only")
            << int(BreakKind::AmbiguousColumn)
            << u"SELECT T1.name FROM customers AS T1 JOIN orders AS T2 ON T1.id = T2.customer_id"_s
                       .replace(u"T1.id"_s, u"T1.age"_s);
    QTest::newRow("no comparison with a literal")
            << int(BreakKind::StringNumber) << u"SELECT name FROM customers"_s;
    QTest::newRow("unknown table: no column")
            << int(BreakKind::ColumnMisspelled) << u"SELECT x FROM elsewhere"_s;
    QTest::newRow("unknown table")
            << int(BreakKind::TableMisspelled) << u"SELECT x FROM elsewhere"_s;
    QTest::newRow("no select list column")
            << int(BreakKind::ForeignFunction) << u"SELECT count(*) FROM customers"_s;
    QTest::newRow("empty") << int(BreakKind::ColumnMisspelled) << QString();
    QTest::newRow("junk") << int(BreakKind::TableMisspelled) << u"'unterminated \x01 FROM"_s;
}

void TestSqlBreaker::notApplicable()
{
    QFETCH(int, kind);
    QFETCH(QString, gold);
    const SqlBreaker breaker(Engine::PostgreSQL, shop());
    QVERIFY(!breaker.breakSql(gold, BreakKind(kind), 7).has_value());
}

void TestSqlBreaker::hostileInput_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("dangling group by") << u"SELECT city FROM customers GROUP BY"_s;
    QTest::newRow("dangling comma") << u"SELECT city FROM customers GROUP BY city,"_s;
    QTest::newRow("leading comma") << u"SELECT city FROM customers GROUP BY , city"_s;
    QTest::newRow("unbalanced parens") << u"SELECT ((city FROM customers))) GROUP BY city"_s;
    QTest::newRow("alias at the end") << u"SELECT name FROM customers AS"_s;
    QTest::newRow("qualifier at the end") << u"SELECT T1. FROM customers AS T1"_s;
    QTest::newRow("dot first") << u". name = 'x' FROM customers"_s;
    QTest::newRow("comparison at the start") << u"= 'x' customers.name"_s;
    QTest::newRow("comparison at the end") << u"SELECT name FROM customers WHERE age >"_s;
    QTest::newRow("select alone") << u"SELECT"_s;
    QTest::newRow("from list of commas") << u"SELECT name FROM customers, , orders,"_s;
    QTest::newRow("unterminated string") << u"SELECT name FROM customers WHERE city = 'Par"_s;
    QTest::newRow("control characters") << QString::fromUtf8("SELECT \x01\x02 FROM customers\x7f");
    QTest::newRow("nul") << u"SELECT name FROM customers WHERE city = '\0'"_s;
    QString huge = u"SELECT name FROM customers WHERE age = 1"_s;
    for (int i = 0; i < 20000; ++i)
        huge += u" OR age = %1"_s.arg(i);
    QTest::newRow("long statement") << huge;
}

void TestSqlBreaker::hostileInput()
{
    QFETCH(QString, sql);
    for (const int engine : {int(Engine::SQLite), int(Engine::PostgreSQL), int(Engine::MySQL)}) {
        const SqlBreaker breaker(Engine(engine), shop());
        for (const BreakKind kind : allBreakKinds()) {
            for (const quint64 seed : {quint64(0), quint64(5), quint64(99)}) {
                const auto result = breaker.breakSql(sql, kind, seed);
                if (result)
                    QVERIFY(result->sql != sql);
            }
        }
    }
}

void TestSqlBreaker::misspellAvoidsForbidden()
{
    // "ab" has no letter edit long enough; plural is its only typo, and it is forbidden.
    QVERIFY(SqlBreaker::misspell(u"ab"_s, 3, {u"abs"_s}).isEmpty());
    for (quint64 seed = 0; seed < 50; ++seed) {
        const QString typo = SqlBreaker::misspell(u"customer_id"_s, seed, {u"customer_ids"_s});
        QVERIFY(!typo.isEmpty());
        QVERIFY(typo != u"customer_id"_s);
        QVERIFY(typo != u"customer_ids"_s);
        QVERIFY(qAbs(typo.size() - 11) <= 1);
    }
}

void TestSqlBreaker::kindNames()
{
    QStringList names;
    for (const BreakKind kind : allBreakKinds())
        names.append(breakKindName(kind));
    QCOMPARE(names,
             QStringList({u"column_misspelled"_s, u"table_misspelled"_s, u"group_by_dropped"_s,
                          u"foreign_function"_s, u"string_number"_s, u"ambiguous_column"_s}));
}

QTEST_GUILESS_MAIN(TestSqlBreaker)
#include "tst_sqlbreaker.moc"
