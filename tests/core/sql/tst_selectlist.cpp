#include "core/sql/selectlist.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

class tst_SelectList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ungroupedColumns_data();
    void ungroupedColumns();
    void items_data();
    void items();
    void badInput_data();
    void badInput();
    void hugeStatement();
};

void tst_SelectList::ungroupedColumns_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("group by dropped")
            << u"SELECT name, count(*) FROM pets ORDER BY count(*)"_s << QStringList{u"name"_s};
    QTest::newRow("one of two grouped")
            << u"SELECT T1.name, T2.kind, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.a "
               "GROUP BY T1.name"_s
            << QStringList{u"T2.kind"_s};
    QTest::newRow("all grouped") << u"SELECT city, count(*) FROM users GROUP BY city"_s
                                 << QStringList();
    QTest::newRow("grouped bare, selected qualified")
            << u"SELECT u.city, count(*) FROM users u GROUP BY city"_s << QStringList();
    QTest::newRow("aliases") << u"SELECT name AS n, kind k, max(age) AS oldest FROM pets"_s
                             << QStringList{u"name"_s, u"kind"_s};
    QTest::newRow("distinct and quoted")
            << u"SELECT DISTINCT \"Name\", sum(weight) FROM pets"_s << QStringList{u"Name"_s};
    QTest::newRow("aggregate inside an expression")
            << u"SELECT round(avg(age), 1), name FROM pets"_s << QStringList{u"name"_s};
    QTest::newRow("expressions are left out")
            << u"SELECT a + b, upper(c), count(*) FROM t"_s << QStringList();
    QTest::newRow("cte: the outer select")
            << u"WITH x AS (SELECT id, name FROM t GROUP BY id) SELECT name, count(*) FROM x"_s
            << QStringList{u"name"_s};
    QTest::newRow("subquery columns stay inside")
            << u"SELECT name, (SELECT max(v) FROM w WHERE w.k = t.k) FROM t GROUP BY name"_s
            << QStringList();
    QTest::newRow("having ends group by")
            << u"SELECT kind, name, count(*) FROM pets GROUP BY kind HAVING count(*) > 1"_s
            << QStringList{u"name"_s};
    QTest::newRow("comments") << u"SELECT /* who */ name, -- x\n count(*) FROM pets"_s
                              << QStringList{u"name"_s};
    QTest::newRow("star") << u"SELECT *, count(*) FROM pets"_s << QStringList();
    QTest::newRow("a later query's GROUP BY is not the first's")
            << u"SELECT name, count(*) FROM pets UNION SELECT name, count(*) FROM toys GROUP BY "
               u"name"_s
            << QStringList{u"name"_s};
    QTest::newRow("the second statement's GROUP BY is not the first's")
            << u"SELECT name, count(*) FROM pets; SELECT name FROM toys GROUP BY name"_s
            << QStringList{u"name"_s};
    QTest::newRow("group keys end at OFFSET")
            << u"SELECT name, count(*) FROM pets GROUP BY name OFFSET 2"_s << QStringList();
    QTest::newRow("FROM first: the list after the SELECT")
            << u"FROM pets SELECT name, count(*)"_s << QStringList{u"name"_s};
}

void tst_SelectList::ungroupedColumns()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, expected);
    QCOMPARE(SelectList::ungroupedColumns(sql, Engine::SQLite), expected);
}

void tst_SelectList::items_data()
{
    QTest::addColumn<QString>("sql");
    // Per item: its expression, then "|" and its alias part where it has one.
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("aliases of each kind")
            << u"SELECT DISTINCT a AS x, t.b y, c d, count(*), t.e FROM t"_s
            << QStringList{u"a|AS x"_s, u"t.b|y"_s, u"c|d"_s, u"count(*)"_s, u"t.e"_s};
    QTest::newRow("commas inside parentheses")
            << u"SELECT round(avg(a), 2) AS m, (SELECT max(b), 1 FROM u) FROM t"_s
            << QStringList{u"round(avg(a), 2)|AS m"_s, u"(SELECT max(b), 1 FROM u)"_s};
    QTest::newRow("an alias in quotes, or a string")
            << u"SELECT a AS \"the a\", b AS 'the b' FROM t"_s
            << QStringList{u"a|AS \"the a\""_s, u"b|AS 'the b'"_s};
    QTest::newRow("AS without an expression is no alias")
            << u"SELECT AS y FROM t"_s << QStringList{u"AS y"_s};
    QTest::newRow("an expression and a name is no alias")
            << u"SELECT a + b c FROM t"_s << QStringList{u"a + b c"_s};
    QTest::newRow("no FROM: to the end") << u"SELECT 1, 2"_s << QStringList{u"1"_s, u"2"_s};
}

void tst_SelectList::items()
{
    QFETCH(QString, sql);
    QFETCH(QStringList, expected);
    const QList<SqlToken> tokens = SqlTokenizer(Engine::SQLite).tokenize(sql);
    // The outer FROM, or the end.
    qsizetype from = tokens.size();
    int depth = 0;
    for (qsizetype i = 0; i < tokens.size() && from == tokens.size(); ++i) {
        depth += (tokens.at(i).kind == SqlTokenKind::OpenParen)
                - (tokens.at(i).kind == SqlTokenKind::CloseParen);
        if (depth == 0 && tokens.at(i).isWord(u"FROM"))
            from = i;
    }
    const auto text = [&](qsizetype first, qsizetype end) {
        return first >= end ? QString()
                            : sql.sliced(tokens.at(first).offset,
                                         tokens.at(end - 1).end() - tokens.at(first).offset);
    };
    QStringList found;
    for (const SelectItem &item : SelectList::items(tokens, 0, from)) {
        QString one = text(item.first, item.last);
        if (item.last < item.end)
            one += u'|' + text(item.last, item.end);
        found.append(one);
    }
    QCOMPARE(found, expected);
}

void tst_SelectList::badInput_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("empty") << QString();
    QTest::newRow("no select") << u"DELETE FROM pets"_s;
    QTest::newRow("unterminated string") << u"SELECT name, 'x FROM pets"_s;
    QTest::newRow("binary junk") << QString::fromLatin1(QByteArray("\x00\xff(SELECT,,)", 12));
    QTest::newRow("unbalanced") << u"SELECT ((name FROM pets"_s;
}

void tst_SelectList::badInput()
{
    QFETCH(QString, sql);
    QVERIFY(SelectList::ungroupedColumns(sql, Engine::SQLite).isEmpty());
}

void tst_SelectList::hugeStatement()
{
    // A 3 MB select list is read in one pass; a repeated name is named once.
    const QString huge = u"SELECT "_s + QString(u"a, "_s).repeated(1024 * 1024) + u"count(*)"_s;
    QCOMPARE(SelectList::ungroupedColumns(huge, Engine::SQLite), QStringList{u"a"_s});
}

QTEST_GUILESS_MAIN(tst_SelectList)
#include "tst_selectlist.moc"
