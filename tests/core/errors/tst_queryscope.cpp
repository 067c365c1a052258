#include "core/errors/queryscope.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_QueryScope : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sources_data();
    void sources();
    void equalitiesAreCertainOnly();
    void referencesAndBlocks();
    void commentsAreLeftOut();
    void fetchClauses_data();
    void fetchClauses();
    void cteColumns_data();
    void cteColumns();
    void undottedQualifier_data();
    void undottedQualifier();
    void outerSourceOf_data();
    void outerSourceOf();
};

void tst_QueryScope::sources_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("expected"); // table/alias[/nullable|/derived]

    QTest::newRow("aliases") << u"SELECT * FROM people AS p JOIN poker_player pp ON p.a = pp.a"_s
                             << QStringList{u"people/p"_s, u"poker_player/pp"_s};
    QTest::newRow("no alias") << u"SELECT * FROM people, poker_player WHERE x = 1"_s
                              << QStringList{u"people/people"_s, u"poker_player/poker_player"_s};
    QTest::newRow("left join") << u"SELECT * FROM a LEFT JOIN b ON a.x = b.x"_s
                               << QStringList{u"a/a"_s, u"b/b/nullable"_s};
    QTest::newRow("quoted and schema")
            << u"SELECT * FROM main.\"song\" s"_s << QStringList{u"song/s"_s};
    QTest::newRow("subquery") << u"SELECT * FROM (SELECT 1) AS t JOIN u ON t.a = u.a"_s
                              << QStringList{u"/t/derived"_s, u"u/u"_s};
    QTest::newRow("cte") << u"WITH c AS (SELECT 1 AS x FROM people) SELECT x FROM c"_s
                         << QStringList{u"c/c/derived"_s, u"people/people"_s, u"c/c/derived"_s};
    // The FROM clause ends at MINUS and OFFSET: the next query's list is not its items.
    QTest::newRow("minus") << u"SELECT a FROM t MINUS SELECT b, c FROM u"_s
                           << QStringList{u"t/t"_s, u"u/u"_s};
    // Where no query follows it, minus is an alias.
    QTest::newRow("minus as an alias")
            << u"SELECT minus.a FROM t minus WHERE minus.b = 1"_s << QStringList{u"t/minus"_s};
    QTest::newRow("minus as an alias, with AS")
            << u"SELECT a FROM t AS minus JOIN u ON minus.a = u.a"_s
            << QStringList{u"t/minus"_s, u"u/u"_s};
    QTest::newRow("offset") << u"SELECT a FROM t OFFSET 2 ROWS FETCH FIRST 1 ROWS ONLY"_s
                            << QStringList{u"t/t"_s};
    // A FROM among a call's arguments is no clause.
    QTest::newRow("EXTRACT, SUBSTRING and TRIM")
            << u"SELECT EXTRACT(YEAR FROM m.d), SUBSTRING(m.n FROM 2 FOR 3), TRIM(' ' FROM m.n) "
               "FROM matches m WHERE m.id IN (SELECT id FROM u)"_s
            << QStringList{u"matches/m"_s, u"u/u"_s};
    QTest::newRow("a subquery in parentheses of its own")
            << u"SELECT a FROM ((SELECT a FROM t)) AS s"_s
            << QStringList{u"/s/derived"_s, u"t/t"_s};
}

void tst_QueryScope::sources()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, expected);
    const QueryScope scope = QueryScope::read(sql, Engine::SQLite);
    QStringList got;
    for (const QueryScope::Source &source : scope.sources)
        got.append(source.table + u'/' + source.alias
                   + (source.nullable ? u"/nullable"_s : QString())
                   + (source.derived ? u"/derived"_s : QString()));
    QCOMPARE(got, expected);
}

void tst_QueryScope::equalitiesAreCertainOnly()
{

    const QueryScope joined = QueryScope::read(
            u"SELECT 1 FROM a JOIN b ON a.id = b.id AND a.k = b.k WHERE a.x = b.y"_s,
            Engine::SQLite);
    QCOMPARE(joined.equalities.size(), 3);
    QCOMPARE(joined.equalities.at(0).leftQualifier, u"a"_s);
    QCOMPARE(joined.equalities.at(0).rightColumn, u"id"_s);
    // Under an OR nothing is certain.
    const QueryScope either = QueryScope::read(
            u"SELECT 1 FROM a JOIN b ON a.id = b.id OR a.k = b.k"_s, Engine::SQLite);
    QCOMPARE(either.equalities.size(), 0);
}

// The tokens leave comments out, and the scope says that there were some.
void tst_QueryScope::commentsAreLeftOut()
{
    const QueryScope commented =
            QueryScope::read(u"SELECT a /* the id */ FROM t -- all of it"_s, Engine::SQLite);
    QVERIFY(commented.hasComments);
    QCOMPARE(commented.tokens.size(), 4);
    const QueryScope quoted =
            QueryScope::read(u"SELECT '--' FROM t WHERE b = '/* x */'"_s, Engine::SQLite);
    QVERIFY(!quoted.hasComments);
    QCOMPARE(quoted.tokens.size(), 8);
}

void tst_QueryScope::referencesAndBlocks()
{
    // The column of EXTRACT(YEAR FROM m.d) is a reference, not a table.
    const QueryScope extract =
            QueryScope::read(u"SELECT EXTRACT(YEAR FROM m.d) FROM matches m"_s, Engine::SQLite);
    QCOMPARE(extract.references.size(), 1);
    QCOMPARE(extract.references.constFirst().qualifier, u"m"_s);
    QCOMPARE(extract.references.constFirst().column, u"d"_s);
    const QueryScope scope = QueryScope::read(
            u"SELECT name AS n FROM people WHERE id IN (SELECT p.id FROM poker_player p) ORDER BY n"_s,
            Engine::SQLite);
    QStringList refs;
    for (const QueryScope::Reference &reference : scope.references)
        refs.append(reference.qualifier + u'.' + reference.column + u'@'
                    + QString::number(reference.block));
    QCOMPARE(refs, (QStringList{u".name@0"_s, u".id@0"_s, u"p.id@1"_s, u".n@0"_s}));
    QVERIFY(scope.isOutputAlias(u"N"));
    QCOMPARE(scope.visible(1).size(), 2); // its own table and the one around it
}

void tst_QueryScope::cteColumns_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("cte");
    QTest::addColumn<QStringList>("expected");

    const QString twoQueries =
            u"WITH MaxDeath AS (SELECT MAX(killed) AS max_killed, b.id FROM battle b), "
            "MinDeath (least) AS (SELECT MIN(killed) FROM battle) SELECT * FROM MaxDeath, MinDeath"_s;
    QTest::newRow("select list") << twoQueries << u"maxdeath"_s
                                 << QStringList{u"max_killed"_s, u"id"_s};
    QTest::newRow("column list") << twoQueries << u"MinDeath"_s << QStringList{u"least"_s};
    QTest::newRow("not a WITH query") << twoQueries << u"battle"_s << QStringList();
    QTest::newRow("an item without a name")
            << u"WITH c AS (SELECT a, COUNT(*) FROM t GROUP BY a) SELECT * FROM c"_s << u"c"_s
            << QStringList();
    QTest::newRow("a star") << u"WITH c AS (SELECT * FROM t) SELECT * FROM c"_s << u"c"_s
                            << QStringList();
    QTest::newRow("a subquery in the list")
            << u"WITH c AS (SELECT a, (SELECT MAX(b) FROM u) AS top FROM t) SELECT * FROM c"_s
            << u"c"_s << QStringList{u"a"_s, u"top"_s};
}

void tst_QueryScope::cteColumns()
{
    QFETCH(QString, sql);
    QFETCH(QString, cte);
    QFETCH(QStringList, expected);
    QCOMPARE(QueryScope::read(sql, Engine::SQLite).cteColumns(cte), expected);
}

void tst_QueryScope::fetchClauses_data()
{
    QTest::addColumn<QString>("sql");
    // Per clause: start, FETCH, OFFSET's number, n, ONLY as the words they are ("-" for none).
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("n rows") << u"SELECT a FROM t ORDER BY a FETCH FIRST 3 ROWS ONLY"_s
                            << QStringList{u"FETCH FETCH - 3 ONLY"_s};
    QTest::newRow("one row, NEXT")
            << u"SELECT a FROM t FETCH NEXT ROW ONLY;"_s << QStringList{u"FETCH FETCH - - ONLY"_s};
    QTest::newRow("an offset before it")
            << u"SELECT a FROM t ORDER BY a OFFSET 2 ROWS FETCH FIRST 1 ROW ONLY"_s
            << QStringList{u"OFFSET FETCH 2 1 ONLY"_s};
    QTest::newRow("an offset without ROWS") << u"SELECT a FROM t OFFSET 4 FETCH FIRST 1 ROWS ONLY"_s
                                            << QStringList{u"OFFSET FETCH 4 1 ONLY"_s};
    QTest::newRow("WITH TIES is not ONLY")
            << u"SELECT a FROM t ORDER BY a FETCH FIRST 2 ROWS WITH TIES"_s
            << QStringList{u"FETCH FETCH - 2 -"_s};
    QTest::newRow("a subquery's is not the statement's")
            << u"SELECT a FROM (SELECT a FROM t FETCH FIRST 2 ROWS ONLY) AS s"_s << QStringList{};
    QTest::newRow("a cursor's FETCH is not one")
            << u"FETCH NEXT FROM c"_s << QStringList{u"FETCH FETCH - - -"_s};
    QTest::newRow("none") << u"SELECT a FROM t LIMIT 2"_s << QStringList{};
}

void tst_QueryScope::fetchClauses()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, expected);
    const QueryScope scope = QueryScope::read(sql, Engine::PostgreSQL);
    QStringList found;
    for (const QueryScope::FetchClause &clause : scope.fetchClauses()) {
        QStringList words;
        for (const qsizetype i :
             {clause.start, clause.fetch, clause.offset, clause.rows, clause.only})
            words.append(i < 0 ? u"-"_s : scope.tokens.at(i).text(sql).toString());
        found.append(words.join(u' '));
    }
    QCOMPARE(found, expected);
}

namespace {

SchemaNames cartoonSchema()
{
    SchemaNames schema;
    schema.tables = {
            {{}, u"Cartoon"_s, {u"id"_s, u"Title"_s, u"Directed_by"_s, u"Channel"_s, u"Rank"_s}},
            {{}, u"TV_Channel"_s, {u"id"_s, u"Country"_s}}};
    return schema;
}

} // namespace

void tst_QueryScope::undottedQualifier_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("column");   // the second name of the pair, as written
    QTest::addColumn<QString>("expected"); // the source's alias, or "" for none
    QTest::newRow("two plain words")
            << u"SELECT Title FROM Cartoon WHERE Cartoon Directed_by = 'x'"_s << u"Directed_by"_s
            << u"Cartoon"_s;
    QTest::newRow("an alias and a quoted name glued")
            << u"SELECT c\"Title\" FROM Cartoon c"_s << u"\"Title\""_s << u"c"_s;
    QTest::newRow("a quoted name may be a keyword")
            << u"SELECT c\"Rank\" FROM Cartoon c"_s << u"\"Rank\""_s << u"c"_s;
    QTest::newRow("a column of the alias's table")
            << u"SELECT c Channel FROM Cartoon c JOIN TV_Channel t ON c.Channel = t.id"_s
            << u"Channel"_s << u"c"_s;
    QTest::newRow("the other table's column")
            << u"SELECT c Country FROM Cartoon c JOIN TV_Channel t ON c.Channel = t.id"_s
            << u"Country"_s << QString();
    QTest::newRow("after AS: an alias of several words")
            << u"SELECT Title AS c Title FROM Cartoon c"_s << u"Title"_s << QString();
    QTest::newRow("after a dot") << u"SELECT x.c Title FROM Cartoon c"_s << u"Title"_s << QString();
    QTest::newRow("a keyword second")
            << u"SELECT Title FROM Cartoon c WHERE c Rank = 1"_s << u"Rank"_s << QString();
    QTest::newRow("no source of that name")
            << u"SELECT Title FROM Cartoon WHERE d Title = 'x'"_s << u"Title"_s << QString();
    QTest::newRow("a subquery's columns are not known")
            << u"SELECT Cartoon Title FROM (SELECT id AS Title FROM TV_Channel) Cartoon"_s
            << u"Title"_s << QString();
}

void tst_QueryScope::undottedQualifier()
{
    QFETCH(QString, sql);
    QFETCH(QString, column);
    QFETCH(QString, expected);
    const SchemaNames schema = cartoonSchema();
    const QueryScope scope = QueryScope::read(sql, Engine::SQLite);
    qsizetype at = -1;
    for (qsizetype i = 1; i < scope.tokens.size() && at < 0; ++i) {
        if (scope.tokens.at(i).text(sql) == column && !scope.tokens.at(i - 1).isWord(u"SELECT"))
            at = i;
    }
    QVERIFY(at > 1);
    const QueryScope::Source *source = scope.undottedQualifier(at, &schema);
    QCOMPARE(source ? source->alias : QString(), expected);
    QVERIFY(!scope.undottedQualifier(at, nullptr));
}

void tst_QueryScope::outerSourceOf_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("column");   // the reference's column, its last bare use
    QTest::addColumn<QString>("expected"); // the outer source's alias, or "" for none
    QTest::newRow("only the outer table has it")
            << u"SELECT Title FROM Cartoon c WHERE id IN (SELECT id FROM TV_Channel WHERE "
               "Directed_by = 'x')"_s
            << u"Directed_by"_s << u"c"_s;
    QTest::newRow("its own table has it")
            << u"SELECT Title FROM Cartoon WHERE id IN (SELECT id FROM TV_Channel)"_s << u"id"_s
            << QString();
    QTest::newRow("the outer query's own column")
            << u"SELECT Title FROM Cartoon WHERE Directed_by = 'x'"_s << u"Directed_by"_s
            << QString();
    QTest::newRow("a block that reads no table")
            << u"SELECT Title FROM Cartoon WHERE Rank = (SELECT MAX(Rank))"_s << u"Rank"_s
            << u"Cartoon"_s;
    QTest::newRow("a table the schema lacks may have it")
            << u"SELECT Title FROM Cartoon WHERE id IN (SELECT id FROM Episodes WHERE "
               "Directed_by = 'x')"_s
            << u"Directed_by"_s << QString();
    QTest::newRow("a subquery among its sources may have it")
            << u"SELECT Title FROM Cartoon WHERE id IN (SELECT id FROM (SELECT id FROM "
               "TV_Channel) t WHERE Directed_by = 'x')"_s
            << u"Directed_by"_s << QString();
    QTest::newRow("two tables of the outer block have it")
            << u"SELECT Title FROM Cartoon a JOIN Cartoon b ON a.id = b.id WHERE a.id IN "
               "(SELECT id FROM TV_Channel WHERE Directed_by = 'x')"_s
            << u"Directed_by"_s << QString();
    QTest::newRow("the nearest block that has it")
            << u"SELECT Title FROM Cartoon a WHERE id IN (SELECT id FROM Cartoon b WHERE id IN "
               "(SELECT id FROM TV_Channel WHERE Directed_by = 'x'))"_s
            << u"Directed_by"_s << u"b"_s;
    QTest::newRow("a qualified name is not read")
            << u"SELECT Title FROM Cartoon c WHERE id IN (SELECT id FROM TV_Channel WHERE "
               "c.Directed_by = 'x')"_s
            << u"Directed_by"_s << QString();
}

void tst_QueryScope::outerSourceOf()
{
    QFETCH(QString, sql);
    QFETCH(QString, column);
    QFETCH(QString, expected);
    const SchemaNames schema = cartoonSchema();
    const QueryScope scope = QueryScope::read(sql, Engine::SQLite);
    const QueryScope::Reference *reference = nullptr;
    for (const QueryScope::Reference &r : scope.references) {
        if (r.column == column)
            reference = &r;
    }
    QVERIFY(reference);
    const QueryScope::Source *source = scope.outerSourceOf(*reference, schema);
    QCOMPARE(source ? source->alias : QString(), expected);
}

QTEST_GUILESS_MAIN(tst_QueryScope)
#include "tst_queryscope.moc"
