#include "core/sql/outerclauses.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

class tst_OuterClauses : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void read_data();
    void read();
    void badInput();
};

namespace {

// The clauses read, one word a field, each token index as place:text ("from=3:FROM").
QString describe(const QString &sql, const QList<SqlToken> &tokens, const OuterClauses &outer)
{
    QStringList words;
    const auto flag = [&](bool on, const char *name) {
        if (on)
            words.append(QLatin1String(name));
    };
    const auto place = [&](qsizetype i, const char *name) {
        if (i < 0)
            return;
        const QString text = i < tokens.size() ? tokens.at(i).text(sql).toString() : u"end"_s;
        words.append(QLatin1String(name) + u'=' + QString::number(i) + u':' + text);
    };
    flag(outer.select, "select");
    flag(outer.balanced, "balanced");
    flag(outer.compound, "compound");
    flag(outer.grouped, "grouped");
    flag(outer.windowed, "windowed");
    place(outer.list, "list");
    place(outer.from, "from");
    place(outer.where, "where");
    place(outer.whereEnd, "whereEnd");
    place(outer.keys, "keys");
    place(outer.keysEnd, "keysEnd");
    place(outer.limit, "limit");
    place(outer.fetch, "fetch");
    place(outer.groupKeys, "groupKeys");
    place(outer.groupKeysEnd, "groupKeysEnd");
    flag(outer.orderBy, "orderBy");
    flag(outer.limited, "limited");
    return words.join(u' ');
}

} // namespace

void tst_OuterClauses::read_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("expected");
    // Where a term added to the ORDER BY goes, marked with '|'.
    QTest::addColumn<QString>("orderEnd");

    QTest::newRow("plain") << u"SELECT a FROM t"_s << u"select balanced list=0:SELECT from=2:FROM"_s
                           << u"SELECT a FROM t|"_s;
    QTest::newRow("where, then order and limit")
            << u"SELECT a FROM t WHERE b = 1 ORDER BY a DESC LIMIT 1"_s
            << u"select balanced list=0:SELECT from=2:FROM where=4:WHERE whereEnd=8:ORDER "
               u"keys=10:a "
               "keysEnd=12:LIMIT limit=12:LIMIT orderBy limited"_s
            << u"SELECT a FROM t WHERE b = 1 ORDER BY a DESC| LIMIT 1"_s;
    QTest::newRow("where to the end")
            << u"SELECT a FROM t WHERE b = 1;"_s
            << u"select balanced list=0:SELECT from=2:FROM where=4:WHERE whereEnd=9:end"_s
            << u"SELECT a FROM t WHERE b = 1|;"_s;
    QTest::newRow("grouped")
            << u"SELECT a, COUNT(*) FROM t GROUP BY a HAVING COUNT(*) > 1"_s
            << u"select balanced grouped list=0:SELECT from=7:FROM groupKeys=11:a groupKeysEnd=12:HAVING"_s
            << u"SELECT a, COUNT(*) FROM t GROUP BY a HAVING COUNT(*) > 1|"_s;
    QTest::newRow("clauses of a subquery do not count")
            << u"SELECT a FROM (SELECT a FROM t WHERE b GROUP BY a ORDER BY a LIMIT 2) s"_s
            << u"select balanced list=0:SELECT from=2:FROM"_s
            << u"SELECT a FROM (SELECT a FROM t WHERE b GROUP BY a ORDER BY a LIMIT 2) s|"_s;
    QTest::newRow("window: OVER (ORDER BY) is not the statement's")
            << u"SELECT a, RANK() OVER (ORDER BY b) FROM t"_s
            << u"select balanced windowed list=0:SELECT from=12:FROM"_s
            << u"SELECT a, RANK() OVER (ORDER BY b) FROM t|"_s;
    QTest::newRow("fetch, and an offset before it")
            << u"SELECT a FROM t ORDER BY a OFFSET 2 ROWS FETCH FIRST 1 ROW ONLY"_s
            << u"select balanced list=0:SELECT from=2:FROM keys=6:a keysEnd=7:OFFSET "
               u"fetch=10:FETCH "
               "orderBy limited"_s
            << u"SELECT a FROM t ORDER BY a| OFFSET 2 ROWS FETCH FIRST 1 ROW ONLY"_s;
    QTest::newRow("the last LIMIT counts") << u"SELECT a FROM t ORDER BY a LIMIT 5 OFFSET 1"_s
                                           << u"select balanced list=0:SELECT from=2:FROM keys=6:a "
                                              u"keysEnd=7:LIMIT limit=7:LIMIT orderBy "
                                              "limited"_s
                                           << u"SELECT a FROM t ORDER BY a| LIMIT 5 OFFSET 1"_s;
    QTest::newRow("a limit without order") << u"SELECT a FROM t LIMIT 3"_s
                                           << u"select balanced list=0:SELECT from=2:FROM limited"_s
                                           << u"SELECT a FROM t| LIMIT 3"_s;
    QTest::newRow("compound: the last part's ORDER BY orders the whole")
            << u"SELECT a FROM t WHERE x = 1 UNION SELECT a FROM u ORDER BY a"_s
            << u"select balanced compound list=0:SELECT from=2:FROM where=4:WHERE whereEnd=8:UNION "
               "keys=15:a keysEnd=16:end orderBy"_s
            << u"SELECT a FROM t WHERE x = 1 UNION SELECT a FROM u ORDER BY a|"_s;
    QTest::newRow("compound: an ORDER BY before the set operator is not the whole's")
            << u"SELECT a FROM t ORDER BY a LIMIT 1 EXCEPT SELECT a FROM u"_s
            << u"select balanced compound list=0:SELECT from=2:FROM keys=6:a keysEnd=7:LIMIT limit=7:LIMIT"_s
            << u"SELECT a FROM t ORDER BY a LIMIT 1 EXCEPT SELECT a FROM u|"_s;
    QTest::newRow("MINUS as an alias is no set operator")
            << u"SELECT a FROM t minus ORDER BY a"_s
            << u"select balanced list=0:SELECT from=2:FROM keys=7:a keysEnd=8:end orderBy"_s
            << u"SELECT a FROM t minus ORDER BY a|"_s;
    QTest::newRow("WITH: the main query's clauses")
            << u"WITH c AS (SELECT a FROM t ORDER BY a) SELECT a FROM c ORDER BY a"_s
            << u"balanced list=12:SELECT from=14:FROM keys=18:a keysEnd=19:end orderBy"_s
            << u"WITH c AS (SELECT a FROM t ORDER BY a) SELECT a FROM c ORDER BY a|"_s;
    QTest::newRow("comments are passed over")
            << u"/* x */ SELECT a -- y\nFROM t ORDER BY a"_s
            << u"select balanced list=1:SELECT from=4:FROM keys=8:a keysEnd=9:end orderBy"_s
            << u"/* x */ SELECT a -- y\nFROM t ORDER BY a|"_s;
    QTest::newRow("a ')' that closes nothing")
            << u"SELECT a) FROM t ORDER BY a"_s
            << u"select list=0:SELECT from=3:FROM keys=7:a keysEnd=8:end orderBy"_s
            << u"SELECT a) FROM t ORDER BY a|"_s;
    QTest::newRow("a '(' left open") << u"SELECT a FROM t WHERE b IN (1, 2"_s
                                     << u"select list=0:SELECT from=2:FROM where=4:WHERE "
                                        "whereEnd=11:end"_s
                                     << u"SELECT a FROM t WHERE b IN (1, 2|"_s;
    QTest::newRow("ORDER BY before FROM is no key list")
            << u"SELECT a ORDER BY a"_s << u"select balanced list=0:SELECT orderBy"_s
            << u"SELECT a ORDER BY a|"_s;
    QTest::newRow("GROUP BY keys up to the ORDER BY")
            << u"SELECT a, b FROM t GROUP BY a, b ORDER BY a"_s
            << u"select balanced grouped list=0:SELECT from=4:FROM keys=13:a keysEnd=14:end groupKeys=8:a groupKeysEnd=11:ORDER orderBy"_s
            << u"SELECT a, b FROM t GROUP BY a, b ORDER BY a|"_s;
    QTest::newRow("GROUP BY keys up to the semicolon")
            << u"SELECT a FROM t GROUP BY a;"_s
            << u"select balanced grouped list=0:SELECT from=2:FROM groupKeys=6:a groupKeysEnd=7:;"_s
            << u"SELECT a FROM t GROUP BY a|;"_s;
    QTest::newRow("GROUP BY keys up to a set operator")
            << u"SELECT a FROM t GROUP BY a UNION SELECT b FROM u"_s
            << u"select balanced compound grouped list=0:SELECT from=2:FROM groupKeys=6:a groupKeysEnd=7:UNION"_s
            << u"SELECT a FROM t GROUP BY a UNION SELECT b FROM u|"_s;
    QTest::newRow("a later query's GROUP BY is not the first's")
            << u"SELECT a FROM t UNION SELECT b FROM u GROUP BY b"_s
            << u"select balanced compound grouped list=0:SELECT from=2:FROM"_s
            << u"SELECT a FROM t UNION SELECT b FROM u GROUP BY b|"_s;
    QTest::newRow("a subquery's GROUP BY is not the statement's")
            << u"SELECT a FROM (SELECT a FROM t GROUP BY a) s"_s
            << u"select balanced list=0:SELECT from=2:FROM"_s
            << u"SELECT a FROM (SELECT a FROM t GROUP BY a) s|"_s;
}

void tst_OuterClauses::read()
{
    QFETCH(QString, sql);
    QFETCH(QString, expected);
    QFETCH(QString, orderEnd);
    const QList<SqlToken> tokens = SqlTokenizer(Engine::SQLite).tokenize(sql);
    const OuterClauses outer = OuterClauses::read(tokens);
    QCOMPARE(describe(sql, tokens, outer), expected);
    QVERIFY(outer.orderEnd >= 0);
    QCOMPARE(QString(sql).insert(outer.orderEnd, u'|'), orderEnd);
}

void tst_OuterClauses::badInput()
{
    const OuterClauses none = OuterClauses::read({});
    QVERIFY(!none.select && none.balanced && none.from < 0 && none.orderEnd < 0);
    const QString comment = u"-- nothing but a comment"_s;
    const OuterClauses onlyComment =
            OuterClauses::read(SqlTokenizer(Engine::SQLite).tokenize(comment));
    QVERIFY(!onlyComment.select && onlyComment.orderEnd < 0);
    // Only closing parentheses: read to the end, unbalanced, no crash.
    const QString closers(10000, u')');
    const OuterClauses unbalanced =
            OuterClauses::read(SqlTokenizer(Engine::SQLite).tokenize(closers));
    QVERIFY(!unbalanced.balanced);
    QCOMPARE(unbalanced.orderEnd, closers.size());
}

QTEST_APPLESS_MAIN(tst_OuterClauses)
#include "tst_outerclauses.moc"
