#include "core/schema/schemalinker.h"

#include "core/llm/tokenestimate.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

CatalogTable table(const QString &name, const QStringList &columns, const QString &comment = {},
                   const QString &references = {})
{
    CatalogTable t;
    t.name = name;
    t.comment = comment;
    for (const QString &column : columns) {
        CatalogColumn c;
        c.name = column;
        c.type = u"INTEGER"_s;
        c.primaryKeyPosition = column == u"id"_s ? 1 : 0;
        t.columns.append(c);
    }
    if (!references.isEmpty()) {
        CatalogForeignKey key;
        key.columns = {references.section(u':', 0, 0)};
        key.referencedTable = references.section(u':', 1, 1);
        key.referencedColumns = {u"id"_s};
        t.foreignKeys.append(key);
    }
    return t;
}

// A warehouse: the shop's tables hidden among thousands of unrelated ones.
QList<CatalogTable> warehouse(int filler)
{
    QList<CatalogTable> tables;
    for (int i = 0; i < filler; ++i) {
        tables.append(table(u"stage_%1_metric_%2"_s.arg(i % 97).arg(i),
                            {u"id"_s, u"batch_%1"_s.arg(i % 13), u"value"_s, u"loaded_at"_s}));
    }
    tables.append(table(u"users"_s, {u"id"_s, u"username"_s, u"city"_s}, u"顾客 城市"_s));
    tables.append(table(u"orders"_s, {u"id"_s, u"user_id"_s, u"total"_s, u"status"_s}, {},
                        u"user_id:users"_s));
    tables.append(table(u"payments"_s, {u"id"_s, u"order_id"_s, u"amount"_s, u"method"_s}, {},
                        u"order_id:orders"_s));
    return tables;
}

} // namespace

class tst_SchemaLinker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void terms_data();
    void terms();
    void ranksByTerms_data();
    void ranksByTerms();
    void addsForeignKeyNeighbours();
    void staysWithinBudget_data();
    void staysWithinBudget();
    void smallCatalogIsShownWhole();
    void oddQuestions_data();
    void oddQuestions();
};

void tst_SchemaLinker::terms_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("snake") << u"order_items"_s << QStringList{u"order"_s, u"items"_s};
    QTest::newRow("camel") << u"paymentTime"_s << QStringList{u"payment"_s, u"time"_s};
    QTest::newRow("cjk") << u"城市"_s << QStringList{u"城"_s, u"城市"_s, u"市"_s};
    QTest::newRow("mixed") << u"top 5 城市!"_s
                           << QStringList{u"top"_s, u"5"_s, u"城"_s, u"城市"_s, u"市"_s};
    QTest::newRow("empty") << QString() << QStringList{};
}

void tst_SchemaLinker::terms()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QCOMPARE(SchemaLinker::terms(text), expected);
}

void tst_SchemaLinker::ranksByTerms_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("best");
    QTest::newRow("plural to table") << u"How many payments per method?"_s << u"payments"_s;
    QTest::newRow("table and column") << u"the city of each user"_s << u"users"_s;
    QTest::newRow("column only") << u"spending by method"_s << u"payments"_s;
    QTest::newRow("status column") << u"orders with status refunded"_s << u"orders"_s;
    QTest::newRow("chinese comment") << u"每个城市有多少顾客？"_s << u"users"_s;
}

void tst_SchemaLinker::ranksByTerms()
{
    QFETCH(QString, question);
    QFETCH(QString, best);
    const auto linker = SchemaLinker::build(warehouse(2000));
    QVERIFY(linker);
    const LinkedSchema linked = linker.value()->link(question);
    QVERIFY(!linked.matched.isEmpty());
    QCOMPARE(linked.matched.first(), best);
    QVERIFY(!linked.complete);
}

void tst_SchemaLinker::addsForeignKeyNeighbours()
{
    const auto linker = SchemaLinker::build(warehouse(2000));
    QVERIFY(linker);
    const LinkedSchema linked = linker.value()->link(u"orders with status refunded"_s);
    QVERIFY(linked.tables.contains(u"orders"_s));
    QVERIFY(linked.tables.contains(u"users"_s));    // orders.user_id -> users
    QVERIFY(linked.tables.contains(u"payments"_s)); // payments.order_id -> orders
    QVERIFY(linked.text.contains(u"user_id INTEGER -> users.id"_s));
}

void tst_SchemaLinker::staysWithinBudget_data()
{
    QTest::addColumn<int>("budget");
    QTest::newRow("3000") << 3000;
    QTest::newRow("500") << 500;
    QTest::newRow("tiny") << 20;
}

void tst_SchemaLinker::staysWithinBudget()
{
    QFETCH(int, budget);
    QList<CatalogTable> tables = warehouse(5000);
    const auto linker = SchemaLinker::build(tables);
    QVERIFY(linker);
    QCOMPARE(linker.value()->tableCount(), 5003);
    // Matches thousands of tables: the budget, not the catalog, decides the size.
    const LinkedSchema linked = linker.value()->link(u"metric value loaded per batch"_s, budget);
    QVERIFY(!linked.tables.isEmpty());
    QVERIFY2(linked.tokens <= budget + 5, qPrintable(QString::number(linked.tokens)));
    QVERIFY(linked.tables.size() < 100);
}

void tst_SchemaLinker::smallCatalogIsShownWhole()
{
    const auto linker = SchemaLinker::build(warehouse(0));
    QVERIFY(linker);
    // No term matches, and the catalog is small: every table goes in.
    const LinkedSchema linked = linker.value()->link(u"Qui a dépensé le plus ?"_s);
    QCOMPARE(linked.tables.size(), 3);
    QVERIFY(linked.complete);
}

void tst_SchemaLinker::oddQuestions_data()
{
    QTest::addColumn<QString>("question");
    QTest::newRow("empty") << QString();
    QTest::newRow("quotes and operators") << u"\" OR users NEAR( * ) AND \"\"'"_s;
    QTest::newRow("binary junk") << QString::fromLatin1(QByteArray("\x01\x02\xff\xfe\x00xx", 7));
    QTest::newRow("10 MB") << QString(10 * 1024 * 1024, u'a');
}

void tst_SchemaLinker::oddQuestions()
{
    QFETCH(QString, question);
    const auto linker = SchemaLinker::build(warehouse(50));
    QVERIFY(linker);
    const LinkedSchema linked = linker.value()->link(question, 1000);
    QVERIFY(linked.tokens <= 1005);
    QVERIFY(!linked.tables.isEmpty());
}

QTEST_GUILESS_MAIN(tst_SchemaLinker)
#include "tst_schemalinker.moc"
