#include "core/schema/schemalinker.h"

#include "core/llm/tokenestimate.h"

#include <QJsonArray>
#include <QJsonObject>
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
    void reasonsSayWhy();
    void pinnedTablesAlwaysGoIn();
    void excludedTablesNeverGoIn_data();
    void excludedTablesNeverGoIn();
    void examplesAndErrorsLinkTheirTables();
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

namespace {

const LinkedTable *linkedTable(const LinkedSchema &linked, const QString &name)
{
    for (const LinkedTable &table : linked.linked) {
        if (table.table == name)
            return &table;
    }
    return nullptr;
}

} // namespace

void tst_SchemaLinker::reasonsSayWhy()
{
    const auto linker = SchemaLinker::build(warehouse(2000));
    QVERIFY(linker);
    const LinkedSchema linked = linker.value()->link(u"orders with status refunded"_s);
    QCOMPARE(linked.linked.size(), linked.tables.size());
    for (qsizetype i = 0; i < linked.tables.size(); ++i)
        QCOMPARE(linked.linked.at(i).table, linked.tables.at(i));

    const LinkedTable *orders = linkedTable(linked, u"orders"_s);
    QVERIFY(orders);
    QCOMPARE(orders->columns, (QStringList{u"id"_s, u"user_id"_s, u"total"_s, u"status"_s}));
    QVERIFY(orders->has(LinkReason::Kind::Matched));
    const LinkReason matched = orders->reasons.constFirst();
    QCOMPARE(matched.kind, LinkReason::Kind::Matched);
    // Stemmed like the ranking: "orders" matched the name, "status" the column.
    QCOMPARE(matched.terms, (QStringList{u"orders"_s, u"status"_s}));

    const LinkedTable *users = linkedTable(linked, u"users"_s);
    QVERIFY(users);
    QCOMPARE(users->reasons.size(), 1);
    QCOMPARE(users->reasons.constFirst().kind, LinkReason::Kind::ForeignKey);
    QCOMPARE(users->reasons.constFirst().of, u"orders"_s);

    const QJsonObject json = users->toJson();
    QCOMPARE(json.value(u"table"_s).toString(), u"users"_s);
    QCOMPARE(json.value(u"columns"_s).toArray().size(), 3);
    const QJsonObject reason = json.value(u"reasons"_s).toArray().at(0).toObject();
    QCOMPARE(reason.value(u"kind"_s).toString(), u"foreign_key"_s);
    QCOMPARE(reason.value(u"of"_s).toString(), u"orders"_s);

    // A small catalog is shown whole; the tables nothing matched say so.
    const auto small = SchemaLinker::build(warehouse(0));
    QVERIFY(small);
    const LinkedSchema whole = small.value()->link(u"Qui a dépensé le plus ?"_s);
    QCOMPARE(whole.linked.size(), 3);
    for (const LinkedTable &table : whole.linked)
        QCOMPARE(table.reasons, (QList<LinkReason>{{LinkReason::Kind::NoMatch, {}, {}, {}}}));
}

void tst_SchemaLinker::pinnedTablesAlwaysGoIn()
{
    const auto linker = SchemaLinker::build(warehouse(2000));
    QVERIFY(linker);
    LinkOptions options;
    options.pinned = {u"STAGE_5_metric_5"_s}; // names are matched without letter case
    const LinkedSchema linked = linker.value()->link(u"payments per method"_s, 3000, 12, options);
    QCOMPARE(linked.tables.constFirst(), u"stage_5_metric_5"_s);
    QCOMPARE(linked.linked.constFirst().reasons.constFirst().kind, LinkReason::Kind::Pinned);
    QVERIFY(linked.text.contains(u"stage_5_metric_5(id INTEGER PK"_s));
    QCOMPARE(linked.matched.value(0), u"payments"_s);

    // Even when the budget is spent on it, and the best match still goes in after it.
    const LinkedSchema tight = linker.value()->link(u"payments per method"_s, 10, 12, options);
    QCOMPARE(tight.tables.value(0), u"stage_5_metric_5"_s);
    QCOMPARE(tight.tables.value(1), u"payments"_s);
    QVERIFY(tight.text.contains(u"stage_5_metric_5(id INTEGER PK, batch_5 INTEGER"_s));

    // A pin of a table the catalog does not hold is no table.
    options.pinned = {u"gone"_s};
    const LinkedSchema unknown = linker.value()->link(u"payments per method"_s, 3000, 12, options);
    QVERIFY(!unknown.tables.contains(u"gone"_s));
}

void tst_SchemaLinker::excludedTablesNeverGoIn_data()
{
    QTest::addColumn<int>("filler");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("excluded");
    QTest::newRow("matched") << 2000 << u"orders with status refunded"_s << u"orders"_s;
    QTest::newRow("neighbour") << 2000 << u"orders with status refunded"_s << u"users"_s;
    QTest::newRow("small catalog") << 0 << u"Qui a dépensé le plus ?"_s << u"payments"_s;
    QTest::newRow("pinned too") << 2000 << u"payments per method"_s << u"payments"_s;
}

void tst_SchemaLinker::excludedTablesNeverGoIn()
{
    QFETCH(int, filler);
    QFETCH(QString, question);
    QFETCH(QString, excluded);
    const auto linker = SchemaLinker::build(warehouse(filler));
    QVERIFY(linker);
    const LinkedSchema before = linker.value()->link(question);
    QVERIFY(before.tables.contains(excluded));
    LinkOptions options;
    options.excluded = {excluded.toUpper()};
    options.pinned = {excluded};
    options.exampleTables = {excluded};
    options.namedByError = {{excluded, excluded, 1}};
    const LinkedSchema after = linker.value()->link(question, 3000, 12, options);
    QVERIFY(!after.tables.contains(excluded));
    QVERIFY(!after.matched.contains(excluded));
    QVERIFY(!linkedTable(after, excluded));
    QVERIFY2(!after.text.contains(excluded + u'('), qPrintable(after.text));
    // Not even as the target of another table's key.
    QVERIFY2(!after.text.contains(u"-> "_s + excluded + u'.'), qPrintable(after.text));
    QVERIFY(!after.tables.isEmpty());
}

void tst_SchemaLinker::examplesAndErrorsLinkTheirTables()
{
    const auto linker = SchemaLinker::build(warehouse(2000));
    QVERIFY(linker);
    const QString question = u"payments per method"_s;
    QVERIFY(!linker.value()->link(question).tables.contains(u"stage_7_metric_7"_s));
    LinkOptions options;
    options.exampleTables = {u"stage_7_metric_7"_s};
    options.namedByError = {{u"stage_8_metric_8"_s, u"batch_8"_s, 2}};
    const LinkedSchema linked = linker.value()->link(question, 3000, 12, options);
    const LinkedTable *example = linkedTable(linked, u"stage_7_metric_7"_s);
    QVERIFY(example);
    QCOMPARE(example->reasons.constFirst().kind, LinkReason::Kind::Example);
    const LinkedTable *named = linkedTable(linked, u"stage_8_metric_8"_s);
    QVERIFY(named);
    const LinkReason reason = named->reasons.constFirst();
    QCOMPARE(reason.kind, LinkReason::Kind::NamedByError);
    QCOMPARE(reason.name, u"batch_8"_s);
    QCOMPARE(reason.of, u"2"_s);
    QCOMPARE(reason.toJson().value(u"kind"_s).toString(), u"named_by_error"_s);
    QVERIFY(named->text().contains(u"batch_8"_s));
}

QTEST_GUILESS_MAIN(tst_SchemaLinker)
#include "tst_schemalinker.moc"
